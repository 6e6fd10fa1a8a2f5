import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type express from 'express';
import { Kind, parse } from 'graphql';
import { authenticateApiKey, bearerToken } from '../lib/api-keys';
import type { Database } from '../lib/db';
import { logUnexpectedError } from '../lib/error-log';
import { isDependencyUnreachable, SERVICE_UNAVAILABLE_MESSAGE, unauthenticated } from '../lib/errors';
import { createRateLimits, type RateLimitSettings, type RateLimits, tooManyRequestsMessage, WHO } from '../lib/rate-limits';
import { refuseGraphQL as refuse } from '../lib/refuse';

/**
 * How a router other than Vigil's gateway (Apollo Router, Cosmo, Hive Gateway) calls a subgraph
 * (docs/own-router.md). It proves itself with VIGIL_ROUTER_SECRET in one of two standard ways:
 * - the header `x-vigil-router-secret: <secret>`, which Apollo Router and Cosmo set from configuration;
 * - Hive Gateway's `hmacSignature` plugin (@graphql-mesh/hmac-upstream-signature) with that secret:
 *   the body's `extensions["hmac-signature"]` is base64 HMAC-SHA256 over the key-sorted JSON of
 *   `{ query, variables }` (variables left out when empty).
 * It forwards the client's `Authorization: Bearer <key>`, and the subgraph authenticates the key
 * itself with the gateway's rules: an unknown or deleted key → 401 UNAUTHENTICATED "The API key is
 * not valid"; no key → only introspection and `_service { sdl }` (what composition tools fetch),
 * anything else 401 UNAUTHENTICATED; the key's per-window budget is the gateway's
 * (VIGIL_RATE_LIMIT_PER_KEY, in the same Redis count when REDIS_URL is set) → 429 TOO_MANY_REQUESTS
 * with Retry-After. Only calls with a root field count: a router's follow-up `_entities` fetches of
 * one client operation do not.
 */
export const ROUTER_SECRET_HEADER = 'x-vigil-router-secret';
export const HMAC_EXTENSION = 'hmac-signature';

export interface RouterAuthentication {
  /** For a call without Vigil's signed principal: refuses it, or sets `res.locals.principal` (and `res.locals.apiKey`) and goes on. */
  handler: express.RequestHandler;
  /** The key's per-window budget for one operation that is no HTTP request (graphql-ws): null when admitted. */
  admitOperation(apiKeyId: string): Promise<{ limit: number; windowMs: number; retryAfterSeconds: number } | null>;
  close(): Promise<void>;
}

/**
 * Why a router's proof does not hold, or undefined when it does: the secret header when given, else
 * Hive Gateway's HMAC signature of `body` (its `extensions["hmac-signature"]`).
 */
export function routerProofRefused(secret: string, header: string | undefined, body: { query?: unknown; variables?: unknown; extensions?: unknown }) {
  const signature = (body.extensions as Record<string, unknown> | undefined)?.[HMAC_EXTENSION];
  if (header !== undefined) return sameSecret(header, secret) ? undefined : 'wrong router secret';
  if (typeof signature === 'string') return sameSecret(signature, hmacSignature(secret, body)) ? undefined : 'bad HMAC signature';
  return 'unsigned call';
}

/**
 * The operation of a call: the JSON body of a POST, or the URL parameters of a GET (GraphQL over
 * HTTP; how Hive Gateway opens a subscription over SSE), `variables` and `extensions` as JSON.
 */
export function operationOf(req: express.Request): { query?: unknown; variables?: unknown; extensions?: Record<string, unknown> } {
  if (req.method !== 'GET') return (req.body ?? {}) as { query?: unknown; variables?: unknown; extensions?: Record<string, unknown> };
  const params = new URL(req.originalUrl ?? req.url, 'http://subgraph/').searchParams;
  const json = (name: string) => {
    const text = params.get(name);
    if (!text) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  };
  return { query: params.get('query') ?? undefined, variables: json('variables'), extensions: json('extensions') };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Equal strings, compared in constant time (digests of equal length, whatever the inputs' lengths). */
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(sha256(given), sha256(expected));
}

/** JSON with every object's keys sorted, as json-stable-stringify writes it (what Hive Gateway signs). */
export function stableJson(value: unknown): string | undefined {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function')
    value = (value as { toJSON(): unknown }).toJSON();
  if (value === undefined || typeof value === 'function') return undefined;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => stableJson(item) ?? 'null').join(',')}]`;
  const entries: string[] = [];
  for (const key of Object.keys(value).sort()) {
    const text = stableJson((value as Record<string, unknown>)[key]);
    if (text !== undefined) entries.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${entries.join(',')}}`;
}

/** What Hive Gateway's hmacSignature plugin signs for an operation. */
export function hmacPayload(body: { query?: unknown; variables?: unknown }): string {
  const variables = body.variables && typeof body.variables === 'object' && Object.keys(body.variables).length > 0 ? body.variables : undefined;
  return stableJson({ query: body.query, variables }) as string;
}

/** Hive Gateway's signature of `body` with `secret` (base64), e.g. for a test or another router. */
export function hmacSignature(secret: string, body: { query?: unknown; variables?: unknown }): string {
  return createHmac('sha256', secret).update(hmacPayload(body)).digest('base64');
}

/** Introspection fields and `_service` only (no data): allowed to a router's call without an API key. */
function onlySchema(query: unknown): boolean {
  if (typeof query !== 'string') return false;
  try {
    return parse(query).definitions.every(
      (def) =>
        def.kind === Kind.FRAGMENT_DEFINITION ||
        (def.kind === Kind.OPERATION_DEFINITION &&
          def.operation === 'query' &&
          def.selectionSet.selections.every((s) => s.kind === Kind.FIELD && (s.name.value.startsWith('__') || s.name.value === '_service'))),
    );
  } catch {
    return false;
  }
}

/** A call the key's budget counts: one with a root field other than `_entities` (a router's follow-up fetch). */
function countsAgainstBudget(query: unknown): boolean {
  if (typeof query !== 'string') return true;
  try {
    return parse(query).definitions.some(
      (def) =>
        def.kind === Kind.OPERATION_DEFINITION &&
        def.selectionSet.selections.some((s) => s.kind !== Kind.FIELD || (s.name.value !== '_entities' && s.name.value !== '__typename')),
    );
  } catch {
    return true;
  }
}

/** The per-key budget of router calls (the gateway's settings and store); null when VIGIL_RATE_LIMIT_PER_KEY is 0. */
export function routerRateLimits(settings: RateLimitSettings): RateLimits | null {
  return settings.perKey > 0 ? createRateLimits({ ...settings, perAddress: 0, failedKeysPerAddress: 0 }) : null;
}

/**
 * `limits`: the count router calls go into, one per process when several subgraphs share it (app/vigil.ts);
 * else made from `rateLimit` and closed with this.
 */
export function routerAuthentication(
  subgraph: string,
  db: Database,
  secret: string,
  rateLimit?: RateLimitSettings,
  shared?: RateLimits | null,
): RouterAuthentication {
  const own = shared === undefined && rateLimit ? routerRateLimits(rateLimit) : null;
  const limits = shared ?? own;
  const handler: express.RequestHandler = async (req, res, next) => {
    try {
      const body = operationOf(req);
      const reason = routerProofRefused(secret, req.header(ROUTER_SECRET_HEADER), body);
      if (reason) {
        refuse(res, 'UNAUTHENTICATED', `Subgraph ${subgraph} accepts only signed calls from the gateway or a router with the router secret (${reason})`);
        return;
      }
      const token = bearerToken(req.header('authorization'));
      if (token === undefined) {
        if (!onlySchema(body.query)) {
          refuse(res, 'UNAUTHENTICATED', unauthenticated().message);
          return;
        }
        res.locals.principal = null;
        next();
        return;
      }
      const principal = token ? await authenticateApiKey(db.pool, token, req.ip) : null;
      if (!principal) {
        refuse(res, 'UNAUTHENTICATED', 'The API key is not valid');
        return;
      }
      if (limits && countsAgainstBudget(body.query)) {
        const over = await limits.admitKeyOperation(principal.apiKeyId);
        if (over) {
          res.setHeader('Retry-After', String(over.retryAfterSeconds));
          refuse(res, 'TOO_MANY_REQUESTS', tooManyRequestsMessage(over.limit, over.windowMs, WHO.key));
          return;
        }
      }
      res.locals.principal = principal;
      res.locals.apiKey = token;
      next();
    } catch (error) {
      // The database away while authenticating: 503 with Retry-After, as the gateway answers.
      logUnexpectedError(`subgraph ${subgraph}`, undefined, error);
      if (isDependencyUnreachable(error)) refuse(res, 'SERVICE_UNAVAILABLE', SERVICE_UNAVAILABLE_MESSAGE);
      else refuse(res, 'INTERNAL_SERVER_ERROR', 'Internal server error');
    }
  };
  return {
    handler,
    admitOperation: async (apiKeyId) => (limits ? limits.admitKeyOperation(apiKeyId) : null),
    close: async () => own?.close(),
  };
}
