import { randomUUID } from 'node:crypto';
import {
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type FieldNode,
  GraphQLError,
  type GraphQLSchema,
  getArgumentValues,
  getVariableValues,
  Kind,
  type OperationDefinitionNode,
  parse,
  print,
} from 'graphql';
import { authenticateApiKey } from '../../lib/api-keys';
import type { Database } from '../../lib/db';
import { VigilError } from '../../lib/errors';
import type { EventLogRow } from '../../lib/event-log';
import { EventTail } from '../../lib/event-tail';
import { openSharedWakeChannel, type WakeChannel, type WakeChannelOptions } from '../../lib/event-wake';
import { log } from '../../lib/log';
import type { Principal } from '../../lib/principal';
import { planPayload } from './payload';
import { openAfter, openStream, STREAM_FIELDS, type StreamArgs, type StreamField } from './streams';
import { type ActiveSubscription, type EndCode, runSubscription } from './subscription';

/**
 * The gateway's subscription service: one event tail, one wake channel, the connected sessions
 * (one per WebSocket or SSE request, each holding its API key) and their streams. Transports
 * (ws-transport.ts, sse-transport.ts) authenticate a session and hand operations to `operate`.
 */
export interface SubscriptionSettings {
  /** The process's wake channel (lib/event-wake.ts), shared with the webhook wake. */
  wake: WakeChannelOptions;
  /** Safety-net poll of the log (the wake channel usually comes first). */
  pollMs: number;
  /** Poll interval while the wake channel is down. */
  degradedPollMs: number;
  /** Entries waiting for one slow subscriber before it is ended (SUBSCRIBER_TOO_SLOW). */
  bufferLimit: number;
  /** How often each session's API key, memberships and follows are checked again. */
  recheckMs: number;
}

export interface Session {
  token: string;
  principal: Principal;
  origin?: string;
  subscriptions: Set<ActiveSubscription>;
  /** Its operations are not HTTP requests (graphql-ws): each one counts in the key's rate-limit budget here. */
  counted?: boolean;
  /** The API key no longer authenticates: the transport closes the whole connection. */
  revoke(): void;
}

export type RunQuery = (query: string, variables: Record<string, unknown>, principal: Principal, origin?: string) => Promise<ExecutionResult>;
/** Counts one operation in the key's rate-limit budget: null when admitted, else when to retry (lib/rate-limits.ts). */
export type AdmitOperation = (apiKeyId: string) => Promise<{ limit: number; windowMs: number; retryAfterSeconds: number } | null>;

/**
 * Streams one WebSocket connection may hold at once: a dashboard needs a handful; each stream costs a
 * buffer and, with `after`, a catch-up read of the log. Past it: TOO_MANY_REQUESTS, the others go on.
 */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 100;

const ALERT_CACHE_MS = 10_000;
const ALERT_CACHE_MAX = 20_000;

/**
 * The result `make` gives for `key`, made once and shared for ALERT_CACHE_MS (at most ALERT_CACHE_MAX
 * kept, oldest dropped first): how one alert fetch, and one built message, serve every subscriber
 * of one key with the same subscription — 5,000 dashboards on one key cost one of each per change.
 */
function shared(results: Map<string, Promise<ExecutionResult>>, key: string, make: () => Promise<ExecutionResult>): Promise<ExecutionResult> {
  let result = results.get(key);
  if (!result) {
    result = make();
    if (results.size >= ALERT_CACHE_MAX) results.delete(results.keys().next().value as string);
    results.set(key, result);
    setTimeout(() => results.delete(key), ALERT_CACHE_MS).unref();
  }
  return result;
}

export class SubscriptionService {
  readonly tail: EventTail;
  readonly channel: WakeChannel;
  readonly sessions = new Set<Session>();
  private recheckTimer: NodeJS.Timeout | undefined;
  private recheckRunning: Promise<void> | null = null;
  private recheckAgain = false;
  private closing = false;
  /** One fetch of an alert per (entry, query, key) however many subscribers share it: 5,000 dashboards on one key cost one query per change. */
  private alertFetches = new Map<string, Promise<ExecutionResult>>();
  /** Built messages shared by the subscribers of one key with the same operation (see `shared`). */
  private messages = new Map<string, Promise<ExecutionResult>>();
  /** Streams of a session between the subscribe message and their registration. */
  private readonly opening = new WeakMap<Session, number>();

  constructor(
    private readonly db: Database,
    private readonly secret: string,
    readonly settings: SubscriptionSettings,
    private readonly schema: () => GraphQLSchema,
    private readonly runQuery: RunQuery,
    private readonly admitOperation: AdmitOperation = async () => null,
  ) {
    this.channel = openSharedWakeChannel(settings.wake);
    this.tail = new EventTail(db.pool, () => (this.channel.degraded() ? settings.degradedPollMs : settings.pollMs));
    this.channel.onWake(() => this.tail.wake());
  }

  async start(): Promise<void> {
    await this.tail.start();
    const schedule = () => {
      this.recheckTimer = setTimeout(() => {
        this.recheck().finally(() => !this.closing && schedule());
      }, this.settings.recheckMs);
      this.recheckTimer.unref();
    };
    schedule();
  }

  apiSchema(): GraphQLSchema {
    return this.schema();
  }

  /** The principal of an API key, or null (unknown or deleted key). */
  authenticate(token: string | undefined, ip?: string): Promise<Principal | null> {
    if (!token) return Promise.resolve(null);
    return authenticateApiKey(this.db.pool, token, ip);
  }

  /** Streams past their catch-up (tests wait for them before changing anything). */
  liveCount(): number {
    let n = 0;
    for (const session of this.sessions) for (const active of session.subscriptions) if (active.live) n++;
    return n;
  }

  addSession(session: Session): void {
    this.sessions.add(session);
  }

  removeSession(session: Session): void {
    this.sessions.delete(session);
    for (const active of session.subscriptions) active.end('GOING_AWAY', 'The connection closed');
  }

  /**
   * A subscription's variables checked before the transport starts it: the coercion errors
   * (BAD_USER_INPUT, as over HTTP), or undefined when they are valid or the operation is no subscription (its
   * document errors are the transport's validation's to report).
   */
  refuseVariables(query: unknown, variables: Record<string, unknown>, operationName?: string): GraphQLError[] | undefined {
    if (typeof query !== 'string') return undefined;
    let document: DocumentNode;
    try {
      document = parse(query);
    } catch {
      return undefined;
    }
    const operation = document.definitions.find(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName),
    );
    const root = operation?.selectionSet.selections[0];
    if (operation?.operation !== 'subscription' || root?.kind !== Kind.FIELD || !STREAM_FIELDS.includes(root.name.value as StreamField)) return undefined;
    try {
      argumentValues(this.apiSchema(), root.name.value as StreamField, root, operation, variables);
      return undefined;
    } catch (error) {
      if (Array.isArray(error)) return error as GraphQLError[];
      return undefined;
    }
  }

  /** A subscription operation becomes a stream; a query or mutation runs through the gateway as over HTTP. */
  async operate(session: Session, args: ExecutionArgs): Promise<AsyncGenerator<ExecutionResult> | ExecutionResult> {
    const operation = args.document.definitions.find(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && (!args.operationName || d.name?.value === args.operationName),
    );
    if (!operation) return { errors: [new GraphQLError('No operation to run', { extensions: { code: 'OPERATION_RESOLUTION_FAILURE' } })] };
    const variables = (args.variableValues ?? {}) as Record<string, unknown>;
    if (session.counted) {
      const refused = await this.admitOperation(session.principal.apiKeyId);
      if (refused) {
        const message =
          `Too many requests: at most ${refused.limit} per ${Math.round(refused.windowMs / 1000)} s for this API key ` +
          `(HTTP, SSE and WebSocket operations together); retry after ${refused.retryAfterSeconds} s`;
        return { errors: [new GraphQLError(message, { extensions: { code: 'TOO_MANY_REQUESTS', retryAfter: refused.retryAfterSeconds } })] };
      }
    }
    if (operation.operation !== 'subscription') return this.runQuery(print(args.document), variables, session.principal, session.origin);
    if (this.closing) return { errors: [new GraphQLError('The gateway is shutting down; subscribe again', { extensions: { code: 'GOING_AWAY' } })] };
    try {
      return await this.subscribe(session, args.document, operation, args.operationName ?? undefined, variables);
    } catch (error) {
      if (error instanceof VigilError) return { errors: [error.toGraphQLError()] };
      if (error instanceof GraphQLError) return { errors: [error] };
      if (Array.isArray(error)) return { errors: error as GraphQLError[] };
      throw error;
    }
  }

  private async subscribe(
    session: Session,
    document: DocumentNode,
    operation: OperationDefinitionNode,
    operationName: string | undefined,
    variables: Record<string, unknown>,
  ) {
    const root = operation.selectionSet.selections[0];
    if (root?.kind !== Kind.FIELD || !STREAM_FIELDS.includes(root.name.value as StreamField)) {
      throw new GraphQLError('A subscription selects one of alertChanged, followingAlertChanged, eventAppended', { extensions: { code: 'BAD_REQUEST' } });
    }
    const opening = this.opening.get(session) ?? 0;
    if (session.subscriptions.size + opening >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
      throw new GraphQLError(`At most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions at once on one connection; complete one or open another connection`, {
        extensions: { code: 'TOO_MANY_REQUESTS' },
      });
    }
    // Streams being opened count too: a burst of subscribe messages all pass the check before any registers.
    this.opening.set(session, opening + 1);
    try {
      return await this.openSubscription(session, document, operation, operationName, variables);
    } finally {
      this.opening.set(session, (this.opening.get(session) ?? 1) - 1);
    }
  }

  private async openSubscription(
    session: Session,
    document: DocumentNode,
    operation: OperationDefinitionNode,
    operationName: string | undefined,
    variables: Record<string, unknown>,
  ) {
    const root = operation.selectionSet.selections[0] as FieldNode;
    const field = root.name.value as StreamField;
    const args = argumentValues(this.apiSchema(), field, root, operation, variables);
    const stream = await openStream(this.db.pool, this.secret, session.principal, field, args);
    const after = openAfter(stream.codec, args.after);
    const plan = planPayload(this.apiSchema(), document, operationName, variables);
    const alertQuery = plan.alertQuery?.text;
    const alertVariables = plan.alertQuery ? Object.fromEntries(plan.alertQuery.variableNames.map((n) => [n, variables[n]])) : {};
    // What makes two subscribers' messages (and alert fetches) the same, computed once per subscription, not per entry.
    const operationKey = `${session.principal.apiKeyId}\0${operationName ?? ''}\0${print(document)}\0${JSON.stringify(variables)}`;
    const alertKey = `${session.principal.apiKeyId}\0${alertQuery ?? ''}\0${JSON.stringify(alertVariables)}`;
    return runSubscription(
      {
        pool: this.db.pool,
        tail: this.tail,
        bufferLimit: this.settings.bufferLimit,
        fetchAlert: (row) => (alertQuery ? this.fetchAlert(session, row, alertQuery, alertVariables, `${alertKey}\0${row.seq}\0${row.organizationId}`) : null),
        shareMessage: (row, build) => shared(this.messages, `${operationKey}\0${row.seq}\0${row.id}`, build),
        onAccessEvent: () => this.recheckSoon(),
        reopen: (current) => openStream(this.db.pool, this.secret, session.principal, current.field, current.args),
      },
      stream,
      plan,
      after,
      (active) => {
        session.subscriptions.add(active);
        return () => session.subscriptions.delete(active);
      },
    );
  }

  /** One fetch of an entry's alert per (entry, query, variables, key): `key` says which. */
  private fetchAlert(session: Session, row: EventLogRow, query: string, variables: Record<string, unknown>, key: string): Promise<ExecutionResult> {
    return shared(this.alertFetches, key, () =>
      this.runQuery(query, { ...variables, __alertId: row.data.id, __organizationId: row.data.organizationId ?? null }, session.principal, session.origin),
    );
  }

  recheckSoon(): void {
    setImmediate(() => void this.recheck());
  }

  /**
   * Each session's key authenticates again (one statement per distinct key), and each stream is
   * opened again with the current memberships and follows: a deleted key revokes the session, a
   * stream its caller may no longer open — or a follower stream that lost a followed organization —
   * ends with FORBIDDEN.
   */
  recheck(): Promise<void> {
    if (this.recheckRunning) {
      this.recheckAgain = true;
      return this.recheckRunning;
    }
    this.recheckRunning = (async () => {
      do {
        this.recheckAgain = false;
        const principals = new Map<string, Promise<Principal | null>>();
        for (const session of [...this.sessions]) {
          try {
            let principal = principals.get(session.token);
            if (!principal) {
              principal = this.authenticate(session.token);
              principals.set(session.token, principal);
            }
            const current = await principal;
            if (!current) {
              for (const active of session.subscriptions) active.end('UNAUTHENTICATED', 'The API key was deleted');
              session.revoke();
              continue;
            }
            session.principal = current;
            for (const active of [...session.subscriptions]) {
              const { stream } = active;
              try {
                // Follows changed without an entry this stream saw (a follow removed by hand, an organization deleted): open it again.
                const again = await openStream(this.db.pool, this.secret, current, stream.field, stream.args);
                if (again.follows !== active.stream.follows) active.reopen(again);
              } catch (error) {
                if (!(error instanceof VigilError)) throw error;
                active.end('FORBIDDEN', `No longer a member of organization ${stream.organizationId}`);
              }
            }
          } catch (error) {
            log.warn('subscriptions: re-check failed; next one in a moment', { error: (error as Error).message });
          }
        }
      } while (this.recheckAgain && !this.closing);
    })().finally(() => {
      this.recheckRunning = null;
    });
    return this.recheckRunning;
  }

  /** Graceful shutdown: every stream ends (GOING_AWAY with its cursor); the transports close their connections (ws 1001). */
  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.recheckTimer);
    for (const session of this.sessions)
      for (const active of session.subscriptions) active.end('GOING_AWAY', 'The gateway is shutting down; subscribe again with after: extensions.cursor');
    await this.recheckRunning?.catch(() => undefined);
    await this.tail.close();
    await this.channel.close();
  }
}

export const newRequestId = () => randomUUID();

/**
 * The root field's arguments: the operation's variables coerced and validated by graphql-js exactly
 * as for a query (a list for a list, enum names, IDs as strings, defaults), refused with
 * BAD_USER_INPUT — the code a query's invalid variables get over HTTP (lib/graphql-errors.ts) — before any stream opens.
 */
export function argumentValues(
  schema: GraphQLSchema,
  field: StreamField,
  node: FieldNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): StreamArgs {
  const definition = schema.getSubscriptionType()?.getFields()[field];
  if (!definition) throw new GraphQLError(`Unknown subscription ${field}`, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {}, { maxErrors: 20 });
  if (coerced.errors) throw coerced.errors.map((error) => new GraphQLError(error.message, { nodes: error.nodes, extensions: { code: 'BAD_USER_INPUT' } }));
  try {
    return getArgumentValues(definition, node, coerced.coerced) as unknown as StreamArgs;
  } catch (error) {
    if (error instanceof GraphQLError) throw [new GraphQLError(error.message, { nodes: error.nodes, extensions: { code: 'BAD_USER_INPUT' } })];
    throw error;
  }
}

export type { EndCode };
