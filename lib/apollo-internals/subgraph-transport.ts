import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { context as otelContext, propagation } from '@opentelemetry/api';
import {
  type DefinitionNode,
  GraphQLError,
  Kind,
  type OperationDefinitionNode,
  parse,
  print,
  type SelectionNode,
  type VariableDefinitionNode,
  visit,
} from 'graphql';
import type { Pool } from 'undici';

/**
 * How the gateway calls a subgraph over HTTP (what `@apollo/gateway`'s RemoteGraphQLDataSource does,
 * with less work per call):
 * - one undici connection pool per subgraph, kept alive (the stock data source goes through
 *   make-fetch-happen, whose agent builds an Error to read its own call stack on every request);
 * - the fetches one client request's query plan starts together toward the same subgraph (the
 *   branches of a Parallel node, or sequences that reach that subgraph in the same turn) leave as ONE
 *   HTTP request carrying ONE operation: each fetch's root fields aliased `_<i>_<key>`, its variables
 *   and fragments suffixed `_<i>`; the answer is split back, errors included, by those aliases. Any
 *   federation subgraph can answer it (it is an ordinary query), and only fetches of the same client
 *   request are merged, so one caller's fetch never rides in another caller's request.
 *
 * Errors keep the stock data source's shape: a non-2xx answer is a GraphQLError "<status>:
 * <statusText>" with `extensions.response` (code UNAUTHENTICATED on 401, FORBIDDEN on 403); a socket
 * failure is thrown as undici reports it (its `code`, e.g. ECONNREFUSED, says the subgraph is away).
 */
export interface SubgraphTransportOptions {
  url: string;
  /** Headers for one outgoing request, given its final body (a signature over the body goes here). */
  headers?(request: { query: string; variables: Record<string, unknown> }, context: unknown): Record<string, string>;
  /** Connections kept to the subgraph (default 64). */
  connections?: number;
  /** Merge the fetches a client request starts together (default true). */
  merge?: boolean;
}

interface SubgraphRequest {
  query: string;
  variables: Record<string, unknown>;
  operationName?: string;
}

interface SubgraphResponse {
  data?: Record<string, unknown> | null;
  errors?: Array<{ message: string; path?: ReadonlyArray<string | number>; extensions?: Record<string, unknown> }>;
  extensions?: Record<string, unknown>;
}

interface Pending {
  request: SubgraphRequest;
  resolve(response: SubgraphResponse): void;
  reject(error: unknown): void;
}

/** A merged operation: its text, and for each part its variables' new names and its root keys' aliases. */
interface Merged {
  query: string;
  parts: Array<{ variables: Map<string, string>; keys: Array<[string, string]> }>;
}

const MERGED_CACHE_LIMIT = 1000;
/** GraphQLDataSourceRequestKind.INCOMING_OPERATION (the enum is not exported by @apollo/gateway's index). */
const INCOMING_OPERATION = 'incoming operation';

export class SubgraphTransport implements GraphQLDataSource {
  private readonly pool: Pool;
  private readonly path: string;
  private readonly origin: string;
  /** Fetches waiting for this turn's flush, per client request (the gateway's context object). */
  private readonly waiting = new Map<object, Pending[]>();
  private readonly merged = new Map<string, Merged | null>();

  constructor(private readonly options: SubgraphTransportOptions) {
    const url = new URL(options.url);
    this.origin = url.origin;
    this.path = `${url.pathname}${url.search}`;
    // undici (~110 modules) is loaded with the first transport: a gateway whose subgraphs are all in its
    // own process (the default) never calls one over HTTP.
    const { Pool: UndiciPool } = require('undici') as typeof import('undici');
    this.pool = new UndiciPool(this.origin, { connections: options.connections ?? 64, keepAliveTimeout: 30_000, pipelining: 1 });
  }

  process(options: GraphQLDataSourceProcessOptions): Promise<SubgraphResponse> {
    const request: SubgraphRequest = {
      query: options.request.query as string,
      variables: options.request.variables ?? {},
      operationName: options.request.operationName,
    };
    const context = options.context as object | undefined;
    if (this.options.merge === false || String(options.kind) !== INCOMING_OPERATION || !context || !/^\s*query\b/.test(request.query)) {
      return this.send(request, context);
    }
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(context);
      if (queue) {
        queue.push({ request, resolve, reject });
        return;
      }
      this.waiting.set(context, [{ request, resolve, reject }]);
      // The plan's fetches of this turn are all issued once the current macrotask's promise jobs ran.
      setImmediate(() => this.flush(context));
    });
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  private flush(context: object): void {
    const queue = this.waiting.get(context) ?? [];
    this.waiting.delete(context);
    if (queue.length === 1) {
      this.send(queue[0].request, context).then(queue[0].resolve, queue[0].reject);
      return;
    }
    const merged = this.mergedFor(queue.map((p) => p.request.query));
    if (!merged) {
      for (const p of queue) this.send(p.request, context).then(p.resolve, p.reject);
      return;
    }
    const variables: Record<string, unknown> = {};
    queue.forEach((p, i) => {
      for (const [name, value] of Object.entries(p.request.variables)) {
        const renamed = merged.parts[i].variables.get(name);
        if (renamed) variables[renamed] = value;
      }
    });
    this.send({ query: merged.query, variables }, context).then(
      (response) => {
        for (const [i, p] of queue.entries()) p.resolve(splitResponse(response, merged.parts[i].keys));
      },
      (error) => {
        for (const p of queue) p.reject(error);
      },
    );
  }

  private mergedFor(queries: string[]): Merged | null {
    const key = queries.join('\u0000');
    let merged = this.merged.get(key);
    if (merged === undefined) {
      merged = mergeOperations(queries);
      if (this.merged.size >= MERGED_CACHE_LIMIT) this.merged.delete(this.merged.keys().next().value as string);
      this.merged.set(key, merged);
    }
    return merged;
  }

  private async send(request: SubgraphRequest, context: unknown): Promise<SubgraphResponse> {
    const body = JSON.stringify(request);
    const headers: Record<string, string> = { 'content-type': 'application/json', ...this.options.headers?.(request, context) };
    // The trace goes on into the subgraph (W3C traceparent) when tracing is on; a no-op otherwise.
    propagation.inject(otelContext.active(), headers);
    const response = await this.pool.request({ path: this.path, method: 'POST', headers, body });
    const contentType = String(response.headers['content-type'] ?? '');
    const isJson = contentType.startsWith('application/json') || contentType.startsWith('application/graphql-response+json');
    if (response.statusCode < 200 || response.statusCode >= 300) {
      const text = await response.body.text();
      let parsed: unknown = text;
      if (isJson) {
        try {
          parsed = JSON.parse(text);
        } catch {
          // keep the text
        }
      }
      const statusText = STATUS_TEXT[response.statusCode] ?? '';
      const code = response.statusCode === 401 ? 'UNAUTHENTICATED' : response.statusCode === 403 ? 'FORBIDDEN' : undefined;
      throw new GraphQLError(`${response.statusCode}: ${statusText}`, {
        extensions: { response: { url: this.options.url, status: response.statusCode, statusText, body: parsed }, ...(code ? { code } : {}) },
      });
    }
    const text = await response.body.text();
    const parsed: unknown = isJson ? JSON.parse(text) : text;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`Expected JSON response body, but received: ${text.slice(0, 200)}`);
    return parsed as SubgraphResponse;
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * Several query operations as one: root fields aliased `_<i>_<response key>`, variables and fragments
 * renamed with the suffix `_<i>`. null when a part cannot be merged safely (not exactly one query
 * operation, or a root selection that is not a plain field).
 */
export function mergeOperations(queries: string[]): Merged | null {
  const variableDefinitions: VariableDefinitionNode[] = [];
  const selections: SelectionNode[] = [];
  const fragments: DefinitionNode[] = [];
  const parts: Merged['parts'] = [];
  for (const [i, query] of queries.entries()) {
    const document = parse(query, { noLocation: true });
    const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    if (operations.length !== 1 || operations[0].operation !== 'query') return null;
    if (operations[0].directives?.length || operations[0].selectionSet.selections.some((s) => s.kind !== Kind.FIELD || s.directives?.length)) return null;
    const variables = new Map<string, string>();
    const renamed = visit(document, {
      Variable: (node) => {
        variables.set(node.name.value, `${node.name.value}_${i}`);
        return { ...node, name: { ...node.name, value: `${node.name.value}_${i}` } };
      },
      FragmentSpread: (node) => ({ ...node, name: { ...node.name, value: `${node.name.value}_${i}` } }),
      FragmentDefinition: (node) => ({ ...node, name: { ...node.name, value: `${node.name.value}_${i}` } }),
    });
    const keys: Array<[string, string]> = [];
    for (const definition of renamed.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) {
        fragments.push(definition);
        continue;
      }
      if (definition.kind !== Kind.OPERATION_DEFINITION) return null;
      variableDefinitions.push(...(definition.variableDefinitions ?? []));
      for (const selection of definition.selectionSet.selections) {
        if (selection.kind !== Kind.FIELD) return null;
        const key = selection.alias?.value ?? selection.name.value;
        const alias = `_${i}_${key}`;
        keys.push([key, alias]);
        selections.push({ ...selection, alias: { kind: Kind.NAME, value: alias } });
      }
    }
    parts.push({ variables, keys });
  }
  const operation: OperationDefinitionNode = {
    kind: Kind.OPERATION_DEFINITION,
    operation: 'query' as OperationDefinitionNode['operation'],
    name: { kind: Kind.NAME, value: `Merged_${queries.length}` },
    variableDefinitions,
    selectionSet: { kind: Kind.SELECTION_SET, selections },
  };
  return { query: print({ kind: Kind.DOCUMENT, definitions: [operation, ...fragments] }), parts };
}

/** One part's answer out of a merged answer: its root keys back under their own names, its errors re-pathed. */
function splitResponse(response: SubgraphResponse, keys: Array<[string, string]>): SubgraphResponse {
  const aliases = new Map(keys.map(([key, alias]) => [alias, key]));
  const data = response.data ? Object.fromEntries(keys.map(([key, alias]) => [key, response.data?.[alias] ?? null])) : response.data;
  const errors = response.errors
    ?.filter((e) => !e.path?.length || aliases.has(String(e.path[0])))
    .map((e) => (e.path?.length ? { ...e, path: [aliases.get(String(e.path[0])) as string, ...e.path.slice(1)] } : e));
  return {
    ...(data !== undefined ? { data } : {}),
    ...(errors?.length ? { errors } : {}),
    ...(response.extensions ? { extensions: response.extensions } : {}),
  };
}
