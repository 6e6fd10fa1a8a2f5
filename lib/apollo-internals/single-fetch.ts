import { type Operation, operationFromDocument, type Schema } from '@apollo/federation-internals';
import type { ApolloGateway, GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import {
  type DocumentNode,
  GraphQLError,
  type GraphQLFormattedError,
  type GraphQLSchema,
  getVariableValues,
  Kind,
  type OperationDefinitionNode,
  parse,
  validate,
} from 'graphql';
import { computeResponse } from './result-shaping';

/**
 * A query whose plan is one fetch from one subgraph (a REST list read from the subgraph that owns it),
 * run without @apollo/gateway's executor: the same steps for that one fetch — the variables checked
 * against the API schema, the fetch's own variables sent to the subgraph's data source, the
 * subgraph's errors given its name, the answer shaped by computeResponse — without the per-request
 * query-plan store key (a SHA-256), the OpenTelemetry spans, the plan walk and its deep merge. Apollo
 * Server's request pipeline around it (document cache, plugins) is the caller's to skip: bench:alerts'
 * REST page of 100 spent ~12% of the process's CPU in the two (a `--cpu-prof` of 1,000 pages,
 * bench/README.md). The plan is built once per operation text with the gateway's own query planner.
 */

/** ApolloGateway's private fields read here (dist/index.js: set by each schema load). */
interface GatewayInternals {
  /** The API schema ApolloServer validates against (graphql-js). */
  schema?: GraphQLSchema;
  /** The same, as @apollo/federation-internals' Schema: what the planner and computeResponse walk. */
  apiSchema?: Schema;
  queryPlanner?: { buildQueryPlan(operation: Operation): { node?: PlanNode } };
  serviceMap: Record<string, { dataSource: GraphQLDataSource } | undefined>;
}

/** The parts of @apollo/query-planner's plan nodes read here. */
interface PlanNode {
  kind: string;
  serviceName?: string;
  requires?: unknown;
  variableUsages?: string[];
  operation?: string;
  operationName?: string;
  operationDocumentNode?: DocumentNode;
  inputRewrites?: unknown[];
  outputRewrites?: unknown[];
  contextRewrites?: unknown[];
}

/** A query planned as one fetch: what each run needs. */
export interface SingleFetch {
  document: DocumentNode;
  definition: OperationDefinitionNode;
  /** The operation on the federation API schema, for computeResponse. */
  operation: Operation;
  serviceName: string;
  fetch: PlanNode;
}

/** What a run answers: as @apollo/gateway's executor would (its `valueCompletion` extension included). */
export interface SingleFetchResult {
  data?: Record<string, unknown> | null;
  errors?: GraphQLError[];
  /** computeResponse's errors when the subgraph reported none (the executor's `extensions.valueCompletion`). */
  valueCompletion?: GraphQLError[];
}

/** GraphQLDataSourceRequestKind.INCOMING_OPERATION (the enum is not exported by @apollo/gateway's index). */
const INCOMING_OPERATION = 'incoming operation' as GraphQLDataSourceProcessOptions['kind'];

const noRewrites = (rewrites: unknown[] | undefined) => !rewrites?.length;

/**
 * Plans `query` on `gateway` (loaded) and keeps it when it is a query answered by one fetch with no
 * requirement or rewrite; anything else (a mutation: its plugins run after it; several subgraphs; an
 * invalid document, which the full pipeline reports) is null, for the caller's ordinary path.
 */
export function planSingleFetch(gateway: ApolloGateway, query: string): SingleFetch | null {
  const internals = gateway as unknown as GatewayInternals;
  if (!internals.schema || !internals.apiSchema || !internals.queryPlanner) return null;
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch {
    return null;
  }
  const definitions = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (definitions.length !== 1 || document.definitions.length !== 1 || definitions[0].operation !== 'query') return null;
  // Introspection fields are answered by the executor, not fetched: such a query is not one fetch.
  if (definitions[0].selectionSet.selections.some((s) => s.kind !== Kind.FIELD || s.name.value.startsWith('__'))) return null;
  if (validate(internals.schema, document).length) return null;
  let operation: Operation;
  let fetch: PlanNode | undefined;
  try {
    operation = operationFromDocument(internals.apiSchema, document);
    fetch = internals.queryPlanner.buildQueryPlan(operation).node;
  } catch {
    return null;
  }
  if (
    fetch?.kind !== 'Fetch' ||
    !fetch.serviceName ||
    fetch.requires ||
    !fetch.operation ||
    !noRewrites(fetch.inputRewrites) ||
    !noRewrites(fetch.outputRewrites) ||
    !noRewrites(fetch.contextRewrites) ||
    !internals.serviceMap[fetch.serviceName]
  ) {
    return null;
  }
  return { document, definition: definitions[0], operation, serviceName: fetch.serviceName, fetch };
}

/** The subgraph's error as the executor reports it (executeQueryPlan.js downstreamServiceError). */
function downstreamError(error: GraphQLFormattedError, serviceName: string): GraphQLError {
  const code = error.extensions?.code ?? 'DOWNSTREAM_SERVICE_ERROR';
  return new GraphQLError(error.message || `Error while fetching subquery from service "${serviceName}"`, {
    originalError: error as Error,
    path: error.path,
    extensions: { ...error.extensions, code, serviceName },
  });
}

/** Runs a planned single fetch with the request's `variables` and `context` (the gateway's context value). */
export async function runSingleFetch(
  gateway: ApolloGateway,
  plan: SingleFetch,
  variables: Record<string, unknown>,
  context: object,
): Promise<SingleFetchResult> {
  const internals = gateway as unknown as GatewayInternals;
  const coerced = getVariableValues(internals.schema as GraphQLSchema, plan.definition.variableDefinitions ?? [], variables);
  if (coerced.errors) return { errors: coerced.errors.map((e) => new GraphQLError(e.message, { originalError: e, extensions: { code: 'BAD_USER_INPUT' } })) };
  const sent: Record<string, unknown> = Object.create(null);
  for (const name of plan.fetch.variableUsages ?? []) if (Object.hasOwn(variables, name) && variables[name] !== undefined) sent[name] = variables[name];
  const source = internals.serviceMap[plan.serviceName]?.dataSource as GraphQLDataSource;
  const response = await source.process({
    kind: INCOMING_OPERATION,
    request: { query: plan.fetch.operation, variables: sent, operationName: plan.fetch.operationName },
    context,
    document: plan.fetch.operationDocumentNode,
    pathInIncomingRequest: [],
  } as unknown as GraphQLDataSourceProcessOptions);
  const errors = (response.errors ?? []).map((error) => downstreamError(error, plan.serviceName));
  const shaped = computeResponse({
    operation: plan.operation,
    variables,
    input: response.data ?? Object.create(null),
    introspectionHandling: () => {
      throw new Error('a single-fetch plan holds no introspection field');
    },
  });
  if (!errors.length && shaped.errors.length) return { data: shaped.data, valueCompletion: shaped.errors };
  return { data: shaped.data, ...(errors.length ? { errors } : {}) };
}
