import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type express from 'express';
import { type ExecutionArgs, type ExecutionResult, GraphQLError, type GraphQLSchema, subscribe } from 'graphql';
import { createHandler } from 'graphql-sse/lib/use/express';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { bearerToken } from '../lib/api-keys';
import { countTokens } from '../lib/document-tokens';
import { unauthenticated } from '../lib/errors';
import type { EventLogRow } from '../lib/event-log';
import { formatError } from '../lib/graphql-errors';
import type { Principal } from '../lib/principal';
import { tooManyRequestsMessage, WHO } from '../lib/rate-limits';
import type { Session, StreamHub } from '../lib/subscriptions/hub';
import type { StreamArgs, StreamField } from '../lib/subscriptions/streams';
import { ROUTER_SECRET_HEADER, type RouterAuthentication, routerProofRefused } from './router-auth';

/**
 * A subgraph serving its own Subscription fields to a router that passes them through
 * (docs/own-router.md), at the subgraph's /graphql, the federation way:
 * - GraphQL over SSE (graphql-sse, "distinct connections": a GET or POST with
 *   `Accept: text/event-stream`, one request per subscription) — what Hive Gateway uses by default;
 * - graphql-ws on /graphql upgrades — Apollo Router's `passthrough` mode (`protocol: graphql_ws`),
 *   Hive Gateway's `subscriptions: { kind: 'ws' }`.
 * Each call is a router's (router-auth.ts: the secret header on the request or the upgrade, or Hive
 * Gateway's HMAC signature of the operation) carrying the client's API key (`Authorization: Bearer`,
 * or for graphql-ws the connection_init payload's `authorization`/`token`/`apiKey`). The streams are
 * the ones Vigil's gateway serves (lib/subscriptions/: same filters, censorship, cursors, re-check
 * and revocation, buffer and per-connection limits); each message is the subgraph's root value for
 * its selection, whose entity references (an alert's organization) the router resolves in the
 * other subgraphs. A stream the server ends sends `{ errors: [{ message, extensions: { code,
 * cursor } }] }` then completes, as through Vigil's gateway.
 */

/** What a subscription resolver needs of its context (subgraphs/server.ts SubgraphContext). */
export interface StreamContext {
  services: { streams?: StreamHub };
  session?: Session;
}

/** The last message of a stream the server ended, as the root field's source: its resolver throws it. */
export class StreamEnd extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly cursor: string,
  ) {
    super(message);
  }
}

/** The source stream of a Subscription field: the hub's stream for the caller, each entry made a message by `message`. */
export async function subscribeStream<Message>(
  ctx: StreamContext,
  field: StreamField,
  args: StreamArgs,
  message: (row: EventLogRow, cursor: string) => Message,
): Promise<AsyncGenerator<Message | StreamEnd>> {
  if (!ctx.services.streams || !ctx.session) throw new StreamEnd('BAD_REQUEST', `Subscribe to ${field} over GraphQL over SSE or graphql-ws`, '');
  return ctx.services.streams.open<Message | StreamEnd>(ctx.session, field, args, {
    message: (row, cursor) => message(row, cursor),
    ended: (code, text, cursor) => new StreamEnd(code, text, cursor),
  });
}

/** The root field's resolver: the message itself, or the end of the stream thrown as its error. */
export function messageOrEnd<Message>(payload: Message | StreamEnd): Message {
  if (payload instanceof StreamEnd) throw payload;
  return payload;
}

/**
 * Errors as the subgraph's HTTP answers spell them (lib/graphql-errors.ts); a stream's end keeps its
 * code and cursor, at the root field's path with `data: null` as graphql-js answers it (a router
 * that saw no `data` would fetch the field again).
 */
function shaped(result: ExecutionResult): ExecutionResult {
  if (!result.errors?.length) return result;
  const errors = result.errors.map((error: GraphQLError) => {
    const end = error.originalError;
    if (end instanceof StreamEnd && end.code !== 'BAD_REQUEST')
      return sentAs(error, { message: end.message, path: error.path, extensions: { code: end.code, cursor: end.cursor } });
    return sentAs(error, formatError(error.toJSON(), error));
  });
  return { ...result, errors };
}

/**
 * A GraphQLError that serializes as `shape`. graphql-ws 6 calls `toJSON()` on every error it sends (a
 * plain object made it close the whole connection 4500, ending every other operation on it); graphql-sse
 * and JSON.stringify call it too, so both transports send the same shape.
 */
function sentAs(error: GraphQLError, shape: object): GraphQLError {
  const sent = new GraphQLError(error.message, { path: error.path, originalError: error.originalError ?? undefined });
  Object.defineProperty(sent, 'toJSON', { value: () => shape, enumerable: false });
  return sent;
}

/** graphql-js's subscribe with the subgraph's error shapes; the iterator's return() reaches the stream at once (lib/subscriptions/stream-run.ts). */
async function subscribeShaped(args: ExecutionArgs): Promise<ExecutionResult | AsyncIterableIterator<ExecutionResult>> {
  const result = await subscribe(args);
  if (!(Symbol.asyncIterator in result)) return shaped(result);
  const source = result as AsyncGenerator<ExecutionResult>;
  const iterator: AsyncIterableIterator<ExecutionResult> = {
    next: async () => {
      const next = await source.next();
      return next.done ? next : { value: shaped(next.value), done: false };
    },
    return: (value?: unknown) => source.return(value as never),
    throw: (error?: unknown) => source.throw(error),
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}

export interface SubgraphStreamOptions {
  name: string;
  schema: GraphQLSchema;
  hub: StreamHub;
  router: RouterAuthentication;
  secret: string;
  /** Tokens a document may have (0 = no limit), as the subgraph's HTTP calls. */
  maxTokens: number;
  /** The context of one operation of `principal` (subgraphs/server.ts createContext) and its session. */
  context(principal: Principal, session: Session, origin: string | undefined): object;
}

/** How long a connection whose key is refused stays open to answer its operations (see attachSubgraphWebSocket). */
const REFUSED_CONNECTION_CLOSE_MS = 1000;

const tooManyTokens = (query: unknown, maxTokens: number) => maxTokens > 0 && typeof query === 'string' && countTokens(query, maxTokens) > maxTokens;

/**
 * GraphQL over SSE for a call router-auth.ts has let through (`res.locals.principal`, `res.locals.apiKey`):
 * each request is one session, ended with it.
 */
export function subgraphSseHandler(options: SubgraphStreamOptions): express.RequestHandler {
  const handler = createHandler<{ session: Session }>({
    schema: options.schema,
    authenticate: () => randomUUID(),
    onSubscribe: async (req, params) => {
      const raw = req.raw as express.Request;
      const res = raw.res as express.Response;
      if (tooManyTokens(params.query, options.maxTokens))
        return [
          JSON.stringify({ errors: [{ message: `The document has more than ${options.maxTokens} tokens`, extensions: { code: 'BAD_REQUEST' } }] }),
          { status: 400, statusText: 'Bad Request', headers: { 'content-type': 'application/json' } },
        ];
      const principal = res.locals.principal as Principal | null;
      const token = res.locals.apiKey as string | undefined;
      if (!principal || !token)
        return [
          JSON.stringify({ errors: [{ message: 'A valid API key is required (Authorization: Bearer <key>)', extensions: { code: 'UNAUTHENTICATED' } }] }),
          { status: 401, statusText: 'Unauthorized', headers: { 'content-type': 'application/json' } },
        ];
      const session: Session = { token, principal, subscriptions: new Set(), revoke: () => undefined };
      options.hub.addSession(session);
      res.on('close', () => options.hub.removeSession(session));
      (req as { context: unknown }).context = options.context(principal, session, undefined);
    },
    context: (req) => req.context as unknown as { session: Session },
    subscribe: (args) => subscribeShaped(args) as never,
  });
  return (req, res, next) => {
    handler(req, res).catch(next);
  };
}

/** The API key of a graphql-ws connection: its connection_init payload, else the upgrade's Authorization header. */
function keyOfConnection(params: Record<string, unknown> | undefined, request: http.IncomingMessage): string | undefined {
  for (const value of [params?.authorization, params?.Authorization, params?.token])
    if (typeof value === 'string') return bearerToken(value) || value || undefined;
  if (typeof params?.apiKey === 'string') return params.apiKey;
  const header = request.headers.authorization;
  return typeof header === 'string' ? bearerToken(header) || undefined : undefined;
}

/**
 * graphql-ws on `server`'s /graphql upgrades. The router proves itself on the upgrade (or in the
 * connection_init payload) with the secret header, or signs each operation (Hive Gateway's HMAC in
 * the subscribe message's `extensions`); the key authenticates at connection_init (4403 without a
 * valid one; 4403 too when it is deleted while connected) and each operation counts in its budget.
 */
export function attachSubgraphWebSocket(server: http.Server, options: SubgraphStreamOptions): { close(): Promise<void> } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const onUpgrade = (req: http.IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) => {
    if ((req.url ?? '').split('?')[0] !== '/graphql') {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  };
  server.on('upgrade', onUpgrade);
  type Extra = {
    session?: Session;
    /** The router proved itself for the whole connection (secret header on the upgrade or in connection_init). */
    proven?: boolean;
    /** Why every operation on this connection is refused: no valid key at connection_init, or the key deleted since. */
    refused?: string;
  };
  /**
   * A connection whose key is refused is closed (4403) a moment after, not at once: a router's graphql-ws
   * client (Hive Gateway's, graphql-ws's `createClient`) retries a 4403 close with backoff — for 10–40 s,
   * the client's own stream staying open meanwhile — and drops the ended streams' last messages still on
   * their way. Meanwhile each operation is answered UNAUTHENTICATED on its own, as the subgraph's HTTP
   * answers it, which the router passes on to its client; the close then frees the connection.
   */
  const closeRefused = (socket: { close(code: number, reason: string): void }, reason: string) =>
    setTimeout(() => socket.close(4403, reason), REFUSED_CONNECTION_CLOSE_MS).unref();
  useServer<Record<string, unknown> | undefined, Extra>(
    {
      schema: options.schema,
      onConnect: async (ctx) => {
        const request = ctx.extra.request;
        const given = request.headers[ROUTER_SECRET_HEADER] ?? ctx.connectionParams?.[ROUTER_SECRET_HEADER];
        ctx.extra.proven = typeof given === 'string' && routerProofRefused(options.secret, given, {}) === undefined;
        if (given !== undefined && !ctx.extra.proven) return false;
        const token = keyOfConnection(ctx.connectionParams, request);
        const principal = await options.hub.authenticate(token, request.socket.remoteAddress);
        const socket = ctx.extra.socket;
        if (!principal || !token) {
          ctx.extra.refused = token ? 'The API key is not valid' : unauthenticated().message;
          closeRefused(socket, 'Forbidden');
          return true;
        }
        const revoke = () => {
          if (ctx.extra.refused) return;
          ctx.extra.refused = 'The API key was deleted';
          closeRefused(socket, 'API key deleted');
        };
        const session: Session = { token, principal, subscriptions: new Set(), counted: true, revoke };
        ctx.extra.session = session;
        options.hub.addSession(session);
        return true;
      },
      onSubscribe: async (ctx, _id, payload) => {
        if (tooManyTokens(payload.query, options.maxTokens))
          return [new GraphQLError(`The document has more than ${options.maxTokens} tokens`, { extensions: { code: 'BAD_REQUEST' } })];
        if (!ctx.extra.proven) {
          const reason = routerProofRefused(options.secret, undefined, payload);
          if (reason)
            return [
              new GraphQLError(`Subgraph ${options.name} accepts only signed calls from a router with the router secret (${reason})`, {
                extensions: { code: 'UNAUTHENTICATED' },
              }),
            ];
        }
        if (ctx.extra.refused || !ctx.extra.session) return; // answered UNAUTHENTICATED by `subscribe` below, as a result
        const over = await options.router.admitOperation(ctx.extra.session.principal.apiKeyId);
        if (over)
          return [
            new GraphQLError(tooManyRequestsMessage(over.limit, over.windowMs, WHO.key), {
              extensions: { code: 'TOO_MANY_REQUESTS', retryAfter: over.retryAfterSeconds },
            }),
          ];
      },
      context: (ctx) =>
        ctx.extra.refused || !ctx.extra.session
          ? { refused: ctx.extra.refused ?? 'The API key is not valid' }
          : options.context(ctx.extra.session.principal, ctx.extra.session, undefined),
      // A refused key's operation gets one result with the error, then complete (not graphql-ws's `error`
      // message): what the subgraph's GraphQL over SSE answers, so a router passes both on alike.
      subscribe: (args) => {
        const refused = (args.contextValue as { refused?: string }).refused;
        if (refused) return { errors: [new GraphQLError(refused, { extensions: { code: 'UNAUTHENTICATED' } })] };
        return subscribeShaped(args) as never;
      },
      onClose: (ctx) => {
        if (ctx.extra.session) options.hub.removeSession(ctx.extra.session);
      },
    },
    wss,
  );
  return {
    async close() {
      server.off('upgrade', onUpgrade);
      for (const client of wss.clients) client.close(1001, 'Going away: the subgraph is shutting down');
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
