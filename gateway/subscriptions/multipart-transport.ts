import type express from 'express';
import { type DocumentNode, type ExecutionResult, Kind, type OperationDefinitionNode, parse } from 'graphql';
import { bearerToken } from '../../lib/api-keys';
import type { Principal } from '../../lib/principal';
import { refuseGraphQL } from '../../lib/refuse';
import { requestOrigin } from '../../lib/request-origin';
import { acceptsMultipart, CLOSE, OPEN, part } from '../multipart-mixed';
import type { DocumentLimits } from './document-limits';
import { endedByServer, type Session, type SubscriptionService } from './service';

/**
 * Apollo's multipart HTTP protocol for subscriptions (Apollo Router's, read by Apollo Client's
 * HttpLink, Apollo Kotlin and iOS) on POST /graphql: a request whose `Accept` offers
 * `multipart/mixed;subscriptionSpec=1.0` for a subscription operation is answered
 * `multipart/mixed;boundary="graphql";subscriptionSpec="1.0"`, one JSON part per message:
 *  - `{}` — a heartbeat, at once and every HEARTBEAT_MS (proxies and clients see the stream alive);
 *  - `{"payload": {"data", "errors"}}` — an event, the subscriber's selection as graphql-ws sends it;
 *  - `{"payload": null, "errors": [...]}` — a transport-level error: the server ended the stream
 *    (errors[0].extensions = { code, cursor }, as the other transports' last message), then the close
 *    delimiter `--graphql--`. A refusal before the stream starts (not a member, shutting down) is one
 *    `{"payload": {"errors"}}` part, then the close delimiter.
 * The stream underneath is the one graphql-ws and SSE open (SubscriptionService.operate, the stream hub):
 * the same authentication, censorship, cursors, buffer limit and re-checks. The request itself passed the
 * HTTP pipeline's key authentication, rate limit (it counts one HTTP request) and token limit; a document
 * or variables that do not validate, or a request without a key, fall through to Apollo's pipeline, which
 * refuses them as it refuses a query's; a valid subscription without this Accept is refused 400 BAD_REQUEST
 * naming the transports (@apollo/gateway, which cannot run one, answered 500).
 */
export const HEARTBEAT_MS = 5_000;

export const MULTIPART_SUBSCRIPTION_TYPE = 'multipart/mixed;boundary="graphql";subscriptionSpec="1.0"';

/** Whether an Accept header offers Apollo's multipart subscriptions (`multipart/mixed` with `subscriptionSpec=1.0`, quoted or not). */
export const acceptsMultipartSubscriptions = (accept: string | undefined): boolean => acceptsMultipart(accept, 'subscriptionSpec', '1.0');

interface SubscriptionRequest {
  document: DocumentNode;
  operationName?: string;
  variables: Record<string, unknown>;
  principal: Principal;
  token: string;
}

/** The request as a subscription this transport serves, a refusal, or undefined for Apollo's pipeline to answer. */
function subscriptionRequest(
  req: express.Request,
  res: express.Response,
  service: SubscriptionService,
  limits: DocumentLimits,
): SubscriptionRequest | { refusal: string } | undefined {
  const body = req.body as { query?: unknown; operationName?: unknown; variables?: unknown } | undefined;
  // Only a document that may hold a subscription is parsed here (Apollo parses every other once, cached).
  if (req.method !== 'POST' || typeof body?.query !== 'string' || !body.query.includes('subscription')) return undefined;
  const principal = res.locals.principal as Principal | null;
  const token = bearerToken(req.header('authorization'));
  if (!principal || !token) return undefined;
  if (body.variables != null && (typeof body.variables !== 'object' || Array.isArray(body.variables))) return undefined;
  if (body.operationName != null && typeof body.operationName !== 'string') return undefined;
  const operationName = (body.operationName as string | null | undefined) ?? undefined;
  const variables = (body.variables ?? {}) as Record<string, unknown>;
  let document: DocumentNode;
  try {
    document = parse(body.query);
  } catch {
    return undefined;
  }
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName ? operations.find((d) => d.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
  if (operation?.operation !== 'subscription') return undefined;
  if (limits.validate(service.apiSchema(), document).length > 0) return undefined;
  if (service.refuseVariables(body.query, variables, operationName)) return undefined;
  // @apollo/gateway cannot run a subscription: without this transport's Accept it answered 500.
  if (!acceptsMultipartSubscriptions(req.header('accept'))) {
    return {
      refusal:
        'A subscription over HTTP needs `Accept: multipart/mixed;subscriptionSpec=1.0` (Apollo multipart subscriptions); ' +
        'or subscribe over graphql-ws on this path, or over SSE on /graphql/stream',
    };
  }
  return { document, operationName, variables, principal, token };
}

export function multipartTransport(service: SubscriptionService, limits: DocumentLimits, heartbeatMs = HEARTBEAT_MS): express.RequestHandler {
  return (req, res, next) => {
    const request = subscriptionRequest(req, res, service, limits);
    if (!request) return next();
    if ('refusal' in request) return refuseGraphQL(res, 'BAD_REQUEST', request.refusal);
    serve(req, res, service, request, heartbeatMs).catch(next);
  };
}

async function serve(req: express.Request, res: express.Response, service: SubscriptionService, request: SubscriptionRequest, heartbeatMs: number) {
  // The stream lives as long as this request (graphql-sse's distinct connections mode alike).
  const session: Session = {
    token: request.token,
    principal: request.principal,
    origin: requestOrigin(req),
    subscriptions: new Set(),
    revoke: () => undefined,
  };
  let closed = false;
  let stream: AsyncGenerator<ExecutionResult> | undefined;
  res.on('close', () => {
    closed = true;
    service.removeSession(session);
    void stream?.return(undefined);
  });
  service.addSession(session);
  const operated = await service.operate(session, {
    schema: service.apiSchema(),
    document: request.document,
    operationName: request.operationName,
    variableValues: request.variables,
  });
  res.status(200).set('content-type', MULTIPART_SUBSCRIPTION_TYPE);
  if (!(Symbol.asyncIterator in operated)) {
    service.removeSession(session);
    if (!closed) res.end(`${OPEN}${part({ payload: { errors: operated.errors } })}${CLOSE}`);
    return;
  }
  stream = operated;
  if (closed) {
    await stream.return(undefined);
    return;
  }
  res.write(`${OPEN}${part({})}`);
  const heartbeat = setInterval(() => {
    if (!closed && !res.writableNeedDrain) res.write(part({}));
  }, heartbeatMs);
  try {
    for await (const message of stream) {
      if (closed) break;
      const ended = endedByServer(message);
      // A socket that does not drain holds the next message back: the stream's buffer fills and the hub ends it SUBSCRIBER_TOO_SLOW.
      if (!res.write(part(ended ? { payload: null, errors: message.errors } : { payload: message }))) await drained(res);
      if (ended) break;
    }
  } catch {
    if (!closed) res.write(part({ payload: null, errors: [{ message: 'The stream failed; subscribe again', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }));
  } finally {
    clearInterval(heartbeat);
    service.removeSession(session);
    if (!closed) res.end(CLOSE);
  }
}

function drained(res: express.Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
