import { assert, ERRORS, errorCodeDef, type Operation, operationFromDocument, type Schema } from '@apollo/federation-internals';
import type { executeQueryPlan as ExecuteQueryPlan, ServiceMap } from '@apollo/gateway/dist/executeQueryPlan';
import type { OperationContext } from '@apollo/gateway/dist/operationContext';
import { evaluateCondition, type FetchNode, type PlanNode, type QueryPlan, type QueryPlanSelectionNode, type ResponsePath } from '@apollo/query-planner';
import {
  executeSync,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  OperationTypeNode,
  visit,
} from 'graphql';
import { tracing } from '../tracing';
import { computeResponse } from './result-shaping';

/**
 * @apollo/gateway's executor (dist/executeQueryPlan.js executeQueryPlan: the query plan walked, each fetch sent to
 * its subgraph's data source, the answers merged, the result shaped) with the same answers, errors and thrown
 * failures, less work per request:
 * - the operation on the API schema (`operationFromDocument`, which the stock executor builds at each request, and
 *   which the result shaping walks) is built once per parsed document: Apollo Server keeps the parsed document per
 *   operation text, so a repeated operation — with any variables — reuses it;
 * - no usage-reporting trace objects (the stock walk builds a protobuf `Trace.QueryPlanNode` for every plan node
 *   whether traces are captured or not) and no OpenTelemetry spans of its own;
 * - the entities' representations are ordinary objects (the stock ones are `Object.create(null)`: V8 keeps those as
 *   hash tables, slower to fill and to serialise into the subgraph request), and the plan's response paths are
 *   walked without copying them at each step.
 * A request whose usage traces are captured (Apollo's usage reporting) or whose process traces with OpenTelemetry
 * (lib/tracing.ts: OTEL_EXPORTER_OTLP_ENDPOINT) goes through the stock executor, whose trace nodes and spans are
 * then the point. Subscriptions and @defer plans are refused as the stock executor refuses them.
 */

type Stock = typeof ExecuteQueryPlan;
type GatewayGraphQLRequestContext = Parameters<Stock>[2];
type GatewayExecutionResult = Awaited<ReturnType<Stock>>;
type ResultMap = Record<string, unknown>;
interface Cursor {
  path: ResponsePath;
  data: unknown;
  fullResult: ResultMap;
}
interface ExecutionContext {
  operation: Operation;
  operationContext: OperationContext;
  serviceMap: ServiceMap;
  requestContext: GatewayGraphQLRequestContext;
  supergraphSchema: GraphQLSchema;
  errors: GraphQLError[];
}
/** A subgraph's answer as a GraphQLDataSource gives it. */
interface Response {
  data?: ResultMap | null;
  errors?: ReadonlyArray<{ message: string; path?: ReadonlyArray<string | number>; extensions?: Record<string, unknown> }>;
  extensions?: Record<string, unknown>;
}

// The stock module's own pieces where this file does what they do (their behaviour is the contract).
const stockModule = require('@apollo/gateway/dist/executeQueryPlan') as {
  executeQueryPlan: Stock;
  generateHydratedPaths(parent: ResponsePath, path: ResponsePath, data: unknown, result: ResponsePath[]): void;
};
/** Read before installPlanExecution replaces the export. */
const stockExecuteQueryPlan: Stock = stockModule.executeQueryPlan;
const { deepMerge } = require('@apollo/gateway/dist/utilities/deepMerge') as { deepMerge(target: unknown, source: unknown): unknown };
const { applyRewrites, isObjectOfType } = require('@apollo/gateway/dist/dataRewrites') as {
  applyRewrites(schema: GraphQLSchema, rewrites: FetchNode['outputRewrites'], value: unknown): void;
  isObjectOfType(schema: GraphQLSchema, obj: ResultMap, typeCondition: string): boolean;
};
/** GraphQLDataSourceRequestKind.INCOMING_OPERATION (the enum is not exported by @apollo/gateway's index). */
const INCOMING_OPERATION = 'incoming operation';
const hasOwn = Object.prototype.hasOwnProperty;

/** The operation on the API schema, per operation node of a parsed document and per API schema (a schema reload makes a new one). */
const operations = new WeakMap<OperationDefinitionNode, WeakMap<Schema, { fragments: FragmentDefinitionNode[]; operation: Operation }>>();

function operationOf(apiSchema: Schema, operationContext: OperationContext): Operation {
  const fragments = Object.values(operationContext.fragments);
  let bySchema = operations.get(operationContext.operation);
  const known = bySchema?.get(apiSchema);
  if (known && known.fragments.length === fragments.length && known.fragments.every((f, i) => f === fragments[i])) return known.operation;
  const operation = operationFromDocument(apiSchema, { kind: Kind.DOCUMENT, definitions: [operationContext.operation, ...fragments] }, { validate: false });
  if (!bySchema) {
    bySchema = new WeakMap();
    operations.set(operationContext.operation, bySchema);
  }
  bySchema.set(apiSchema, { fragments, operation });
  return operation;
}

/** The same contract as @apollo/gateway's executeQueryPlan. */
export async function executeQueryPlan(
  queryPlan: QueryPlan,
  serviceMap: ServiceMap,
  requestContext: GatewayGraphQLRequestContext,
  operationContext: OperationContext,
  supergraphSchema: GraphQLSchema,
  apiSchema: Schema,
  telemetryConfig?: Parameters<Stock>[6],
): Promise<GatewayExecutionResult> {
  if (tracing !== null || requestContext.metrics?.captureTraces) {
    return stockExecuteQueryPlan(queryPlan, serviceMap, requestContext, operationContext, supergraphSchema, apiSchema, telemetryConfig);
  }
  const logger = requestContext.logger || console;
  let operation: Operation;
  try {
    operation = operationOf(apiSchema, operationContext);
  } catch (err) {
    if (err instanceof GraphQLError) return { errors: [err] };
    throw err;
  }
  const context: ExecutionContext = { operation, operationContext, serviceMap, requestContext, supergraphSchema, errors: [] };
  const unfilteredData: ResultMap = Object.create(null);
  if (queryPlan.node?.kind === 'Subscription') throw new Error('Execution of subscriptions not supported by gateway');
  if (queryPlan.node) await executeNode(context, queryPlan.node, { path: [], data: unfilteredData, fullResult: unfilteredData });
  const errors = context.errors;
  let data: ResultMap | null | undefined;
  try {
    const variables = requestContext.request.variables;
    let postProcessingErrors: GraphQLError[];
    ({ data, errors: postProcessingErrors } = computeResponse({
      operation,
      variables,
      input: unfilteredData,
      introspectionHandling: (f) =>
        executeIntrospection(operationContext.schema, f.expandFragments().toSelectionNode(), operationContext.operation.variableDefinitions, variables),
    }));
    if (errors.length === 0 && postProcessingErrors.length > 0) return { extensions: { valueCompletion: postProcessingErrors }, data };
  } catch (error) {
    if (error instanceof GraphQLError) return { errors: [error] };
    if (error instanceof Error) return { errors: [new GraphQLError(error.message, { originalError: error })] };
    logger.error(`Unexpected error during query plan execution: ${error}`);
    return { errors: [new GraphQLError('Unexpected error during query plan execution')] };
  }
  return errors.length === 0 ? { data } : { errors, data };
}

async function executeNode(context: ExecutionContext, node: PlanNode, cursor: Cursor | undefined): Promise<void> {
  if (!cursor) return;
  switch (node.kind) {
    case 'Sequence':
      for (const child of node.nodes) await executeNode(context, child, cursor);
      return;
    case 'Parallel':
      await Promise.all(node.nodes.map((child) => executeNode(context, child, cursor)));
      return;
    case 'Flatten':
      return executeNode(context, node.node, moveIntoCursor(cursor, node.path));
    case 'Fetch':
      try {
        await executeFetch(context, node, cursor);
      } catch (error) {
        context.errors.push(error as GraphQLError);
      }
      return;
    case 'Condition': {
      const condition = evaluateCondition(node, context.operation.variableDefinitions, context.requestContext.request.variables);
      const picked = condition ? node.ifClause : node.elseClause;
      if (picked) await executeNode(context, picked, cursor);
      return;
    }
    case 'Defer':
      assert(false, '@defer support is not available in the gateway');
  }
}

async function executeFetch(context: ExecutionContext, fetch: FetchNode, cursor: Cursor): Promise<void> {
  const service = context.serviceMap[fetch.serviceName];
  if (!service) throw new Error(`Couldn't find service with name "${fetch.serviceName}"`);
  const entities = (Array.isArray(cursor.data) ? cursor.data.filter((e) => e !== null && e !== undefined) : [cursor.data]) as ResultMap[];
  if (entities.length < 1) return;
  const variables: Record<string, unknown> = Object.create(null);
  if (fetch.variableUsages) {
    const provided = context.requestContext.request.variables;
    for (const name of fetch.variableUsages) {
      if (provided && hasOwn.call(provided, name) && typeof provided[name] !== 'undefined') variables[name] = provided[name];
    }
  }
  if (!fetch.requires) {
    const received = await sendOperation(context, fetch, cursor, variables);
    if (received) applyRewrites(context.supergraphSchema, fetch.outputRewrites, received);
    for (const entity of entities) deepMerge(entity, received);
    return;
  }
  const representations: ResultMap[] = [];
  const representationToEntity: number[] = [];
  for (let index = 0; index < entities.length; index++) {
    const representation = executeSelectionSet(context.supergraphSchema, entities[index], fetch.requires);
    if (representation?.__typename) {
      applyRewrites(context.supergraphSchema, fetch.inputRewrites, representation);
      representations.push(representation);
      representationToEntity.push(index);
    }
  }
  if (representations.length < 1) return;
  if ('representations' in variables) throw new Error('Variables cannot contain key "representations"');
  const received = await sendOperation(context, fetch, cursor, { ...variables, representations });
  if (!received) return;
  if (!(received._entities && Array.isArray(received._entities))) throw new Error('Expected "data._entities" in response to be an array');
  const receivedEntities = received._entities as Array<ResultMap | null>;
  if (receivedEntities.length !== representations.length) throw new Error(`Expected "data._entities" to contain ${representations.length} elements`);
  // As the stock executor: over the entities, so an entity without a representation shifts nothing but reads past the end.
  for (let i = 0; i < entities.length; i++) {
    const receivedEntity = receivedEntities[i];
    const existingEntity = entities[representationToEntity[i]];
    if (receivedEntity && !receivedEntity.__typename) receivedEntity.__typename = existingEntity.__typename;
    applyRewrites(context.supergraphSchema, fetch.outputRewrites, receivedEntity);
    deepMerge(entities[representationToEntity[i]], receivedEntity);
  }
}

async function sendOperation(
  context: ExecutionContext,
  fetch: FetchNode,
  cursor: Cursor,
  variables: Record<string, unknown>,
): Promise<ResultMap | null | undefined> {
  const service = context.serviceMap[fetch.serviceName];
  const response = (await service.process({
    kind: INCOMING_OPERATION,
    request: { query: fetch.operation, variables, operationName: fetch.operationName, http: undefined },
    incomingRequestContext: context.requestContext,
    context: context.requestContext.context,
    document: fetch.operationDocumentNode,
    pathInIncomingRequest: cursor.path,
  } as unknown as Parameters<typeof service.process>[0])) as Response;
  if (response.errors) {
    const errorPath = lazyErrorPath(fetch, cursor);
    context.errors.push(...response.errors.map((error) => downstreamServiceError(error, fetch.serviceName, errorPath)));
    if (!response.extensions?.ftv1) {
      const errorPaths = response.errors.map((error) => ({ subgraph: fetch.serviceName, path: error.path }));
      const metrics = context.requestContext.metrics as { nonFtv1ErrorPaths?: Array<{ subgraph: string; path?: ReadonlyArray<string | number> }> };
      if (metrics.nonFtv1ErrorPaths) metrics.nonFtv1ErrorPaths.push(...errorPaths);
      else metrics.nonFtv1ErrorPaths = errorPaths;
    }
  }
  return response.data;
}

/** executeQueryPlan.js makeLazyErrorPathGenerator. */
function lazyErrorPath(fetch: FetchNode, cursor: Cursor) {
  let hydratedPaths: ResponsePath[] | undefined;
  return (errorPath: ReadonlyArray<string | number> | undefined): ResponsePath | undefined => {
    if (fetch.requires && typeof errorPath?.[1] === 'number') {
      if (!hydratedPaths) {
        hydratedPaths = [];
        stockModule.generateHydratedPaths([], cursor.path, cursor.fullResult, hydratedPaths);
      }
      return [...(hydratedPaths[errorPath[1]] ?? []), ...errorPath.slice(2)];
    }
    return errorPath ? [...cursor.path, ...errorPath.slice()] : undefined;
  };
}

/** executeQueryPlan.js downstreamServiceError. */
function downstreamServiceError(
  originalError: NonNullable<Response['errors']>[number],
  serviceName: string,
  errorPath: (path: ReadonlyArray<string | number> | undefined) => ResponsePath | undefined,
): GraphQLError {
  let { message } = originalError;
  const { extensions } = originalError;
  if (!message) message = `Error while fetching subquery from service "${serviceName}"`;
  const options = { originalError: originalError as Error, path: errorPath(originalError.path), extensions: { ...extensions, serviceName } };
  const codeDef = errorCodeDef(originalError as unknown as GraphQLError);
  if (!codeDef && extensions?.code) return new GraphQLError(message, options);
  return (codeDef ?? ERRORS.DOWNSTREAM_SERVICE_ERROR).err(message, options);
}

/** Defines `__proto__` as an own key (a response name like any other) instead of setting the prototype. */
function put(output: ResultMap, name: string, value: unknown): void {
  if (name === '__proto__') Object.defineProperty(output, name, { value, enumerable: true, writable: true, configurable: true });
  else output[name] = value;
}

/** executeQueryPlan.js executeSelectionSet (an entity's representation from its `requires`), into an ordinary object. */
function executeSelectionSet(schema: GraphQLSchema, source: ResultMap | null, selections: readonly QueryPlanSelectionNode[]): ResultMap | null {
  if (source === null) return null;
  const result: ResultMap = {};
  for (const selection of selections) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.alias ?? selection.name;
      const sub = selection.selections;
      if (!hasOwn.call(source, name) || typeof source[name] === 'undefined') return null;
      const value = source[name];
      if (Array.isArray(value)) put(result, name, sub ? value.map((v) => executeSelectionSet(schema, v, sub)) : value.slice());
      else put(result, name, sub ? executeSelectionSet(schema, value as ResultMap | null, sub) : value);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (!selection.typeCondition || !source) continue;
      if (isObjectOfType(schema, source, selection.typeCondition)) deepMerge(result, executeSelectionSet(schema, source, selection.selections));
    }
  }
  return result;
}

function moveIntoCursor(cursor: Cursor, path: ResponsePath): Cursor | undefined {
  const data = flattenResultsAtPath(cursor.data, path, 0);
  return data ? { path: cursor.path.concat(path), data, fullResult: cursor.fullResult } : undefined;
}

/** executeQueryPlan.js flattenResultsAtPath, reading `path` from `at` instead of copying its rest at each step. */
function flattenResultsAtPath(value: unknown, path: ResponsePath, at: number): unknown {
  if (at === path.length) return value;
  if (value === undefined || value === null) return value;
  const current = path[at];
  if (current === '@') return (value as unknown[]).flatMap((element) => flattenResultsAtPath(element, path, at + 1));
  assert(typeof current === 'string', () => `Unexpected ${typeof current} found in path`);
  assert(!Array.isArray(value), () => `Unexpected array in result for path element ${current}`);
  return flattenResultsAtPath(hasOwn.call(value, current) ? (value as ResultMap)[current] : undefined, path, at + 1);
}

/** executeQueryPlan.js executeIntrospection: an introspection field answered from the API schema. */
function executeIntrospection(
  schema: GraphQLSchema,
  selection: FieldNode,
  variableDefinitions: OperationDefinitionNode['variableDefinitions'],
  variableValues: Record<string, unknown> | undefined,
): unknown {
  const used = new Set<string>();
  visit(selection, { Variable: ({ name }) => void used.add(name.value) });
  const usedDefinitions = variableDefinitions?.filter((def) => used.has(def.variable.name.value));
  assert(
    used.size === (usedDefinitions?.length ?? 0),
    () => `Should have found all used variables ${[...used]} in definitions ${JSON.stringify(variableDefinitions)}`,
  );
  const { data, errors } = executeSync({
    schema,
    document: {
      kind: Kind.DOCUMENT,
      definitions: [
        {
          kind: Kind.OPERATION_DEFINITION,
          operation: OperationTypeNode.QUERY,
          variableDefinitions: usedDefinitions,
          selectionSet: { kind: Kind.SELECTION_SET, selections: [selection] },
        },
      ],
    },
    rootValue: {},
    variableValues,
  });
  assert(!errors || errors.length === 0, () => `Introspection query for ${JSON.stringify(selection)} should not have failed but got ${JSON.stringify(errors)}`);
  assert(data, () => `Introspection query for ${JSON.stringify(selection)} should not have failed`);
  const key = selection.alias?.value ?? selection.name.value;
  return hasOwn.call(data, key) ? data[key] : undefined;
}

/**
 * Makes @apollo/gateway run query plans with executeQueryPlan above: ApolloGateway's executor calls its module's
 * export at each request (`executeQueryPlan_1.executeQueryPlan(…)`), so replacing the export is enough;
 * test/lib/apollo-internals/plan-execution.test.ts checks the two side by side and that the gateway uses this one.
 */
export function installPlanExecution(): void {
  stockModule.executeQueryPlan = executeQueryPlan as Stock;
}
