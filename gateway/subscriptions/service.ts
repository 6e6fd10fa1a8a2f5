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
  print,
} from 'graphql';
import { VigilError } from '../../lib/errors';
import type { EventLogRow } from '../../lib/event-log';
import type { Principal } from '../../lib/principal';
import type { Session, StreamHub, StreamHubSettings } from '../../lib/subscriptions/hub';
import type { EndCode } from '../../lib/subscriptions/stream-run';
import { STREAM_FIELDS, type StreamArgs, type StreamField } from '../../lib/subscriptions/streams';
import { planPayload } from './payload';
import { parseShared, printShared } from './shared-documents';
import { markShared } from './shared-frames';

/**
 * The gateway's subscription service: its transports (ws-transport.ts, sse-transport.ts)
 * authenticate a session and hand operations to `operate`; a subscription opens a stream on the
 * process's stream hub (lib/subscriptions/hub.ts, the one stream logic the subgraphs' own
 * subscriptions share) and each entry becomes the subscriber's selection executed over the API
 * schema (payload.ts), its `alert` fetched through this gateway.
 */
export type SubscriptionSettings = StreamHubSettings;
export type { Session };

export type RunQuery = (query: string, variables: Record<string, unknown>, principal: Principal, origin?: string) => Promise<ExecutionResult>;
/** Counts one operation in the key's rate-limit budget: null when admitted, else when to retry (lib/rate-limits.ts). */
export type AdmitOperation = (apiKeyId: string) => Promise<{ limit: number; windowMs: number; retryAfterSeconds: number } | null>;

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

/**
 * The built messages of the entries lately sent, by entry (`seq` and id) and then by operation key: each
 * subscriber looks up its subscription's own key string, whose hash V8 keeps after the first look, in the
 * entry's map. A key of operation and entry concatenated for every subscriber and message was hashed anew each
 * time (a ~250-character string: 2.5 % of the gateway's CPU in bench:fanout's 1,000-subscriber fan-out).
 * Entries are dropped as `shared` drops them: after ALERT_CACHE_MS, or the oldest past ALERT_CACHE_MAX.
 */
class SharedMessages {
  private readonly byEntry = new Map<string, Map<string, Promise<ExecutionResult>>>();

  get(row: EventLogRow, operationKey: string, make: () => Promise<ExecutionResult>): Promise<ExecutionResult> {
    const entryKey = `${row.seq}\0${row.id}`;
    let messages = this.byEntry.get(entryKey);
    if (!messages) {
      messages = new Map();
      if (this.byEntry.size >= ALERT_CACHE_MAX) this.byEntry.delete(this.byEntry.keys().next().value as string);
      this.byEntry.set(entryKey, messages);
      setTimeout(() => this.byEntry.delete(entryKey), ALERT_CACHE_MS).unref();
    }
    let message = messages.get(operationKey);
    if (!message) {
      message = make();
      messages.set(operationKey, message);
    }
    return message;
  }
}

/** The last messages of streams the server ended (a transport that tells them apart, multipart-transport.ts, asks `endedByServer`). */
const STREAM_ENDS = new WeakSet<ExecutionResult>();
const streamEnd = (result: ExecutionResult): ExecutionResult => {
  STREAM_ENDS.add(result);
  return result;
};
/** Whether `message` is the last one of a stream the server ended (its errors[0].extensions carry the code and the cursor). */
export const endedByServer = (message: ExecutionResult): boolean => STREAM_ENDS.has(message);

export class SubscriptionService {
  /** One fetch of an alert per (entry, query, key) however many subscribers share it: 5,000 dashboards on one key cost one query per change. */
  private alertFetches = new Map<string, Promise<ExecutionResult>>();
  /** Built messages shared by the subscribers of one key with the same operation (see SharedMessages). */
  private messages = new SharedMessages();

  constructor(
    readonly hub: StreamHub,
    private readonly schema: () => GraphQLSchema,
    private readonly runQuery: RunQuery,
    private readonly admitOperation: AdmitOperation = async () => null,
  ) {}

  get settings(): SubscriptionSettings {
    return this.hub.settings;
  }

  get tail() {
    return this.hub.tail;
  }

  get channel() {
    return this.hub.channel;
  }

  get sessions() {
    return this.hub.sessions;
  }

  start(): Promise<void> {
    return this.hub.start();
  }

  apiSchema(): GraphQLSchema {
    return this.schema();
  }

  /** The principal of an API key, or null (unknown or deleted key). */
  authenticate(token: string | undefined, ip?: string): Promise<Principal | null> {
    return this.hub.authenticate(token, ip);
  }

  /** Streams past their catch-up (tests wait for them before changing anything). */
  liveCount(): number {
    return this.hub.liveCount();
  }

  addSession(session: Session): void {
    this.hub.addSession(session);
  }

  removeSession(session: Session): void {
    this.hub.removeSession(session);
  }

  recheck(): Promise<void> {
    return this.hub.recheck();
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
      document = parseShared(query);
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
    if (this.hub.closing) return { errors: [new GraphQLError('The gateway is shutting down; subscribe again', { extensions: { code: 'GOING_AWAY' } })] };
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
      throw new GraphQLError(`A subscription selects one of ${STREAM_FIELDS.join(', ')}`, { extensions: { code: 'BAD_REQUEST' } });
    }
    const field = root.name.value as StreamField;
    const args = argumentValues(this.apiSchema(), field, root, operation, variables);
    const plan = planPayload(this.apiSchema(), document, operationName, variables);
    const alertQuery = plan.alertQuery?.text;
    const alertVariables = plan.alertQuery ? Object.fromEntries(plan.alertQuery.variableNames.map((n) => [n, variables[n]])) : {};
    // What makes two subscribers' messages (and alert fetches) the same, computed once per subscription, not per entry.
    const operationKey = `${session.principal.apiKeyId}\0${operationName ?? ''}\0${printShared(document)}\0${JSON.stringify(variables)}`;
    const alertKey = `${session.principal.apiKeyId}\0${alertQuery ?? ''}\0${JSON.stringify(alertVariables)}`;
    return this.hub.open<ExecutionResult>(session, field, args, {
      message: (row, cursor) =>
        this.messages.get(row, operationKey, async () => {
          const fetched = alertQuery
            ? await this.fetchAlert(session, row, alertQuery, alertVariables, `${alertKey}\0${row.seq}\0${row.organizationId}`, field)
            : null;
          // One object for all the subscribers of this key and operation: serialized once for graphql-ws (shared-frames.ts).
          return markShared(await plan.build(row, cursor, fetched));
        }),
      ended: (code, message, cursor) => streamEnd({ errors: [new GraphQLError(message, { extensions: { code, cursor } })] }),
    });
  }

  /** One fetch of an entry's alert per (entry, query, variables, key): `key` says which. */
  private fetchAlert(
    session: Session,
    row: EventLogRow,
    query: string,
    variables: Record<string, unknown>,
    key: string,
    field: StreamField,
  ): Promise<ExecutionResult> {
    // postureChanged fetches the posture of the stream's organization (the entry's), not an alert.
    const ids =
      field === 'postureChanged' ? { __organizationId: row.organizationId } : { __alertId: row.data.id, __organizationId: row.data.organizationId ?? null };
    return shared(this.alertFetches, key, () => this.runQuery(query, { ...variables, ...ids }, session.principal, session.origin));
  }

  /** Graceful shutdown: every stream ends now (GOING_AWAY with its cursor); the transports close their connections next (ws 1001). */
  end(): void {
    this.hub.end('The gateway is shutting down; subscribe again with after: extensions.cursor');
  }

  /** After end() and the transports: the event log's reading stops (StreamHub.close). */
  close(): Promise<void> {
    return this.hub.close();
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
