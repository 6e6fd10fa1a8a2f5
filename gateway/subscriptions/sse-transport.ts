import type express from 'express';
import { createHandler } from 'graphql-sse/lib/use/express';
import { bearerToken } from '../../lib/api-keys';
import type { DocumentLimits } from './document-limits';
import type { Session, SubscriptionService } from './service';

/**
 * GraphQL over Server-Sent Events (graphql-sse, "distinct connections" mode) on /graphql/stream,
 * for clients behind proxies that drop WebSockets: one HTTP request per operation, the API key in
 * `Authorization: Bearer <key>` (401 without a valid one). A stream ended by the server (key
 * deleted, access ended, slow subscriber, shutdown) sends a last `next` event whose
 * errors[0].extensions carry the code and the cursor to resume from, then `complete`.
 */
export function sseTransport(service: SubscriptionService, limits: DocumentLimits): express.RequestHandler {
  const handler = createHandler<{ session: Session }>({
    schema: () => service.apiSchema(),
    validate: limits.validate as never,
    onSubscribe: async (req, params) => {
      const raw = req.raw as express.Request;
      const refusal = limits.refuse(params.query);
      if (refusal) return [JSON.stringify({ errors: [refusal.toJSON()] }), { status: 400, statusText: 'Bad Request', headers: { 'content-type': 'application/json' } }];
      const token = bearerToken(req.headers.get('authorization') ?? undefined) || undefined;
      const principal = await service.authenticate(token, raw.ip);
      if (!principal || !token) return [JSON.stringify({ errors: [{ message: 'A valid API key is required (Authorization: Bearer <key>)', extensions: { code: 'UNAUTHENTICATED' } }] }), { status: 401, statusText: 'Unauthorized', headers: { 'content-type': 'application/json' } }];
      const session: Session = { token, principal, origin: `${raw.protocol}://${raw.host}`, subscriptions: new Set(), revoke: () => undefined };
      service.addSession(session);
      raw.res?.on('close', () => service.removeSession(session));
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
