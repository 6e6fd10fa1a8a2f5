import type express from 'express';
import { type DocumentNode, GraphQLError, Kind, parse } from 'graphql';
import { authenticateApiKey, bearerToken } from '../lib/api-keys';
import type { Database } from '../lib/db';
import { unauthenticated } from '../lib/errors';
import type { Principal } from '../lib/principal';
import { refuse, refuseRest } from '../lib/refuse';

/** API-key lookups started as their request arrived (startAuthentication), for useAuthentication to take. */
const started = new WeakMap<express.Request, { token: string; principal: Promise<Principal | null> }>();

/**
 * Starts the lookup of a request's API key as the request arrives, when its path is one that authenticates
 * (`/graphql…` and the REST table's first segments, `authenticatedSegments`): the statement's round trip to
 * PostgreSQL then runs while the request crosses what comes before useAuthentication (metrics, request id,
 * access log, security headers, CORS, the routers before the API's: ~0.4 ms of a REST alert page on the 2-core
 * VM, bench/README.md "Session 20"). It is the same statement with the same answer, taken by useAuthentication
 * for this request and token; nothing reads a principal before that, so a key deleted or a membership removed
 * before the statement ran is refused as before.
 */
export function startAuthentication(db: Database, authenticatedSegments: ReadonlySet<string>): express.RequestHandler {
  return (req, _res, next) => {
    const token = bearerToken(req.header('authorization'));
    if (token && authenticatedSegments.has(req.path.split('/', 2)[1] ?? '')) {
      const principal = authenticateApiKey(db.pool, token, req.ip);
      // Awaited by useAuthentication, which reports a failure; a request answered before it (a 404 of another
      // router, a refused body) leaves the lookup's failure unread, not unhandled.
      principal.catch(() => undefined);
      started.set(req, { token, principal });
      // pg-pool hands an idle connection over on the next tick (process.nextTick): the request goes on after it, so
      // the statement is on its way to PostgreSQL before the middleware runs, not after the synchronous chain.
      process.nextTick(next);
      return;
    }
    next();
  };
}

/**
 * Resolves `Authorization: Bearer <key>` to `res.locals.principal`. A key that is present but
 * unknown or deleted is refused here (401); no key at all leaves the principal null, for the
 * endpoints to decide (REST refuses, GraphQL allows only introspection). The lookup startAuthentication
 * began for this request is taken when its token is this one; otherwise the key is looked up here.
 */
export function useAuthentication(db: Database, failedAttemptLimit?: express.RequestHandler): express.RequestHandler {
  return async (req, res, next) => {
    try {
      const token = bearerToken(req.header('authorization'));
      const early = started.get(req);
      started.delete(req);
      if (token === undefined) {
        res.locals.principal = null;
        return next();
      }
      const principal = token ? await (early?.token === token ? early.principal : authenticateApiKey(db.pool, token, req.ip)) : null;
      if (!principal) {
        const invalid = () => refuse(req, res, 'UNAUTHENTICATED', 'The API key is not valid');
        // Guessing keys: past the limit of failed attempts from this address the answer is 429.
        if (failedAttemptLimit) return failedAttemptLimit(req, res, invalid);
        return invalid();
      }
      res.locals.principal = principal;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** After useAuthentication: a REST call without a key is refused. */
export function requireApiKey(): express.RequestHandler {
  return (_req, res, next) => (res.locals.principal ? next() : refuseRest(res, 'UNAUTHENTICATED', unauthenticated().message));
}

/**
 * Queries whose root selections are all introspection fields (`__schema`, `__type`, `__typename`).
 * Fragment definitions are allowed (the standard introspection query GraphiQL and other tools send
 * uses them); a fragment cannot add a root field, since spreads at the root are refused here.
 */
function onlyIntrospection(document: DocumentNode): boolean {
  return document.definitions.every(
    (def) =>
      def.kind === Kind.FRAGMENT_DEFINITION ||
      (def.kind === Kind.OPERATION_DEFINITION &&
        def.operation === 'query' &&
        def.selectionSet.selections.every((s) => s.kind === Kind.FIELD && s.name.value.startsWith('__'))),
  );
}

/** The GraphQL caller: anonymous only for a pure introspection query (so Sandbox can load the schema). */
export function graphqlPrincipal(principal: Principal | null, body: unknown): Principal | null {
  if (principal) return principal;
  const query = (body as { query?: unknown } | undefined)?.query;
  let introspection = false;
  try {
    introspection = typeof query === 'string' && onlyIntrospection(parse(query));
  } catch {
    introspection = false;
  }
  if (!introspection) throw new GraphQLError(unauthenticated().message, { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });
  return null;
}
