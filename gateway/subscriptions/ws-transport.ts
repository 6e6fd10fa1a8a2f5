import type http from 'node:http';
import type { ExecutionResult } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { type WebSocket, WebSocketServer } from 'ws';
import { bearerToken } from '../../lib/api-keys';
import type { DocumentLimits } from './document-limits';
import type { Session, SubscriptionService } from './service';
import { parseShared } from './shared-documents';
import { replaceSharedPayload, SharedFrameWebSocket, sharedPayload } from './shared-frames';

/**
 * graphql-ws on the gateway's own HTTP server, path /graphql (the queries' path and port: an
 * `upgrade` there is a subscription connection). The API key comes in the connection_init
 * payload: `{ authorization: 'Bearer <key>' }` or `{ apiKey: '<key>' }`.
 *
 * Close codes: 4403 Forbidden — no or an unknown key at connection_init, or the key deleted while
 * connected; 1001 Going away — graceful shutdown (reconnect and resume with `after`); graphql-ws's
 * own protocol codes otherwise (4400, 4408, 4409, 4429…).
 */
export const CLOSE_REVOKED = 4403;
export const CLOSE_GOING_AWAY = 1001;

export function keyOfConnectionParams(params: Record<string, unknown> | undefined): string | undefined {
  if (!params) return undefined;
  if (typeof params.apiKey === 'string') return params.apiKey;
  const header = params.authorization ?? params.Authorization;
  return typeof header === 'string' ? bearerToken(header) || undefined : undefined;
}

/**
 * graphql-ws messages are text frames; the `ws` server hands binary ones to graphql-ws as if they
 * were text, which would run them. A binary frame closes the socket with 4400 (the protocol's "bad
 * request" close) before graphql-ws sees it.
 */
function refuseBinaryFrames(ws: WebSocket): void {
  const emit = ws.emit.bind(ws);
  ws.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event === 'message' && args[1] === true) {
      ws.close(4400, 'Binary frames are not supported: send GraphQL over WebSocket messages as text');
      return true;
    }
    return emit(event, ...args);
  }) as typeof ws.emit;
}

export function attachWebSocketTransport(server: http.Server, service: SubscriptionService, limits: DocumentLimits): { close(): Promise<void> } {
  // SharedFrameWebSocket with the replacer and onNext below: a message shared by many subscribers is serialized once (shared-frames.ts).
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024, WebSocket: SharedFrameWebSocket });
  const onUpgrade = (req: http.IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/graphql') {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      refuseBinaryFrames(ws);
      wss.emit('connection', ws, req);
    });
  };
  server.on('upgrade', onUpgrade);
  const sessions = new WeakMap<WebSocket, Session>();

  useServer<Record<string, unknown> | undefined, { session?: Session }>(
    {
      schema: () => service.apiSchema(),
      parse: parseShared,
      onNext: (_ctx, _id, _payload, _args, result) => sharedPayload(result as ExecutionResult),
      jsonMessageReplacer: replaceSharedPayload,
      validate: limits.validate as never,
      onSubscribe: (ctx, _id, payload) => {
        // onConnect authenticated the connection before any subscribe is read (graphql-ws waits for its answer).
        const refusal = limits.refuse(payload.query, (ctx.extra.session as Session).principal);
        if (refusal) return [refusal];
        // A subscription's variables are refused here, as the protocol's `error` message, before any stream starts.
        const refused = service.refuseVariables(payload.query, payload.variables ?? {}, payload.operationName ?? undefined);
        if (refused) return refused;
      },
      onConnect: async (ctx) => {
        const token = keyOfConnectionParams(ctx.connectionParams);
        const principal = await service.authenticate(token, ctx.extra.request.socket.remoteAddress);
        if (!principal || !token) return false; // graphql-ws closes 4403 Forbidden
        const socket = ctx.extra.socket;
        const session: Session = {
          token,
          principal,
          origin: ctx.extra.request.headers.host ? `http://${ctx.extra.request.headers.host}` : undefined,
          subscriptions: new Set(),
          counted: true,
          revoke: () => socket.close(CLOSE_REVOKED, 'API key deleted'),
        };
        sessions.set(socket, session);
        ctx.extra.session = session;
        service.addSession(session);
        return true;
      },
      context: (ctx) => ({ session: ctx.extra.session }),
      subscribe: (args) => service.operate((args.contextValue as { session: Session }).session, args) as never,
      execute: (args) => service.operate((args.contextValue as { session: Session }).session, args) as never,
      onClose: (ctx) => {
        if (ctx.extra.session) service.removeSession(ctx.extra.session);
      },
    },
    wss,
  );

  return {
    async close() {
      server.off('upgrade', onUpgrade);
      for (const client of wss.clients) client.close(CLOSE_GOING_AWAY, 'Going away: the gateway is shutting down');
      // Give the close frames a moment to be written before the HTTP server drops the sockets.
      await new Promise<void>((resolve) => {
        const deadline = setTimeout(resolve, 1000);
        const check = () => {
          if (wss.clients.size > 0) return void setTimeout(check, 20);
          clearTimeout(deadline);
          resolve();
        };
        check();
      });
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      void sessions;
    },
  };
}
