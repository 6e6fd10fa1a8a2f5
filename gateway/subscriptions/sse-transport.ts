import { randomUUID } from 'node:crypto';
import type express from 'express';
import type { RequestParams } from 'graphql-sse';
import { TOKEN_HEADER_KEY, TOKEN_QUERY_KEY } from 'graphql-sse';
import { createHandler } from 'graphql-sse/lib/use/express';
import { bearerToken } from '../../lib/api-keys';
import type { Principal } from '../../lib/principal';
import type { DocumentLimits } from './document-limits';
import type { Session, SubscriptionService } from './service';

/**
 * GraphQL over Server-Sent Events (graphql-sse) on /graphql/stream, for clients behind proxies that
 * drop WebSockets. Every request carries the API key (`Authorization: Bearer <key>`; 401 without a
 * valid one), in both of graphql-sse's modes:
 * - distinct connections: one HTTP request per operation, the stream's life is the request's;
 * - single connection: `PUT` reserves a stream token bound to the key that asked for it (another key
 *   or none gets 404 for it), `GET` with the token opens the event stream, `POST`s with the token
 *   start operations on it. Its operations live as long as that event stream, not as the POST that
 *   started them; an unused reservation lapses after RESERVATION_TTL_MS.
 * A stream ended by the server (key deleted, access ended, slow subscriber, shutdown) sends a last
 * `next` event whose errors[0].extensions carry the code and the cursor to resume from, then `complete`.
 */
const RESERVATION_TTL_MS = 60_000;

interface Reservation {
  apiKeyId: string;
  session: Session;
  /** The GET event stream is open (the session lives until it closes). */
  connected: boolean;
  lapse: NodeJS.Timeout;
}

const json = (
  status: number,
  statusText: string,
  code: string,
  message: string,
): [string, { status: number; statusText: string; headers: Record<string, string> }] => [
  JSON.stringify({ errors: [{ message, extensions: { code } }] }),
  { status, statusText, headers: { 'content-type': 'application/json; charset=utf-8' } },
];

export function sseTransport(service: SubscriptionService, limits: DocumentLimits): express.RequestHandler {
  const reservations = new Map<string, Reservation>();
  /** The caller of each request and its stream token, read once (authenticate and onSubscribe both need them). */
  const callers = new WeakMap<object, { token: string; principal: Principal; streamToken: string | null }>();

  const release = (streamToken: string) => {
    const reservation = reservations.get(streamToken);
    if (!reservation) return;
    reservations.delete(streamToken);
    clearTimeout(reservation.lapse);
    service.removeSession(reservation.session);
  };

  const reserve = (streamToken: string, token: string, principal: Principal, origin: string) => {
    const session: Session = { token, principal, origin, subscriptions: new Set(), revoke: () => release(streamToken) };
    service.addSession(session);
    const lapse = setTimeout(() => {
      if (!reservations.get(streamToken)?.connected) release(streamToken);
    }, RESERVATION_TTL_MS);
    lapse.unref();
    reservations.set(streamToken, { apiKeyId: principal.apiKeyId, session, connected: false, lapse });
  };

  const handler = createHandler<{ session: Session }>({
    schema: () => service.apiSchema(),
    validate: limits.validate as never,
    authenticate: async (req) => {
      const raw = req.raw as express.Request;
      const token = bearerToken(req.headers.get('authorization') ?? undefined) || undefined;
      const principal = await service.authenticate(token, raw.ip);
      if (!principal || !token) return json(401, 'Unauthorized', 'UNAUTHENTICATED', 'A valid API key is required (Authorization: Bearer <key>)');
      const streamToken = req.headers.get(TOKEN_HEADER_KEY) || new URL(req.url ?? '', 'http://localhost/').searchParams.get(TOKEN_QUERY_KEY);
      callers.set(raw, { token, principal, streamToken });
      const reservation = streamToken ? reservations.get(streamToken) : undefined;
      // Another key's reservation is not told apart from none.
      if (reservation && reservation.apiKeyId !== principal.apiKeyId) return json(404, 'Not Found', 'NOT_FOUND', 'Stream not found');
      if (raw.method === 'PUT') {
        // A reservation (the client may offer its previous token again once that stream has closed).
        const reserved = streamToken ?? randomUUID();
        if (!reservation) reserve(reserved, token, principal, `${raw.protocol}://${raw.host}`);
        return reserved;
      }
      if (reservation && streamToken && raw.method === 'GET' && !reservation.connected) {
        reservation.connected = true;
        clearTimeout(reservation.lapse);
        raw.res?.on('close', () => release(streamToken));
      }
      return streamToken ?? randomUUID();
    },
    onSubscribe: async (req, params: RequestParams) => {
      const raw = req.raw as express.Request;
      const caller = callers.get(raw);
      if (!caller) return json(401, 'Unauthorized', 'UNAUTHENTICATED', 'A valid API key is required (Authorization: Bearer <key>)');
      const refusal = limits.refuse(params.query, caller.principal);
      if (refusal)
        return [JSON.stringify({ errors: [refusal.toJSON()] }), { status: 400, statusText: 'Bad Request', headers: { 'content-type': 'application/json' } }];
      const reservation = caller.streamToken ? reservations.get(caller.streamToken) : undefined;
      let session = reservation?.session;
      if (!session) {
        // Distinct connections: the operation lives as long as this request.
        const own: Session = {
          token: caller.token,
          principal: caller.principal,
          origin: `${raw.protocol}://${raw.host}`,
          subscriptions: new Set(),
          revoke: () => undefined,
        };
        service.addSession(own);
        raw.res?.on('close', () => service.removeSession(own));
        session = own;
      }
      (req as { context: unknown }).context = { session };
    },
    context: (req) => req.context as unknown as { session: Session },
    subscribe: (args) => service.operate(args.contextValue.session, args) as never,
    execute: (args) => service.operate(args.contextValue.session, args) as never,
  });
  return (req, res, next) => {
    handler(req, res).catch(next);
  };
}
