import type express from 'express';
import {
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  getVariableValues,
  Kind,
  type OperationDefinitionNode,
  parse,
  specifiedRules,
  type ValidationRule,
  validate,
} from 'graphql';
import type { RequestLimits } from '../../lib/config';
import type { Principal } from '../../lib/principal';
import { requestOrigin } from '../../lib/request-origin';
import { armorValidationRules, costRefusal } from '../cost-limits';
import type { GatewayContext } from '../gateway';
import { acceptsMultipart, CLOSE, OPEN, part } from '../multipart-mixed';
import { schemaWithDefer } from './directive';
import { type DeferredPart, hasDefer, splitDeferred } from './split';

/**
 * @defer over `multipart/mixed` in the format Apollo Client 4 reads (`deferSpec=20220824`), on POST
 * /graphql: a query with a fragment to defer, from a client whose Accept offers
 * `multipart/mixed;deferSpec=20220824`, is split (split.ts) into the query without its deferred
 * fragments and one query per fragment, all started at once through the gateway's own pipeline
 * (`run`: Apollo's executeOperation, so validation, the cost and root-field limits, the subgraphs'
 * authorization and error formatting apply to each as to any request). The answer is
 * `multipart/mixed;boundary="graphql";deferSpec=20220824`: first `{data, errors?, hasNext: true}` as soon
 * as the query without the fragments is done, then one `{incremental: [{data, path, label?, errors?}],
 * hasNext}` per fragment as each is done (a fragment whose parent came back null is not sent), the last with
 * `hasNext: false`. An error in a deferred fragment's query stays in its part. The status and headers are
 * the first query's (503 and Retry-After while a subgraph is away); when it has no data at all it is
 * answered alone in one JSON body, as the query without @defer would be.
 *
 * Everything else goes on to Apollo's pipeline unchanged: a client that does not accept multipart (its
 * @defer is answered at once, in one JSON body), a mutation (run once, not split), a @defer under a list or
 * with `if: false` only, a document that does not validate or is over the cost limits (refused there as
 * any request is), no API key (401 there). The whole query's cost is checked before splitting: the parts
 * together cost what the query costs, plus the fields leading to each fragment, fetched again.
 */
export type RunOperation = (document: DocumentNode, variables: Record<string, unknown>, context: GatewayContext) => Promise<RunResult>;

/** An operation's result, with the HTTP status and headers Apollo's plugins gave it (503 and Retry-After while a dependency is away). */
export interface RunResult {
  result: ExecutionResult;
  status?: number;
  headers?: Iterable<[string, string]>;
}

export const DEFER_CONTENT_TYPE = 'multipart/mixed;boundary="graphql";deferSpec=20220824';

interface DeferredRequest {
  primary: { document: DocumentNode; variables: Record<string, unknown> };
  deferred: Array<DeferredPart & { variables: Record<string, unknown> }>;
  context: GatewayContext;
}

const pick = (variables: Record<string, unknown>, names: string[]) => Object.fromEntries(names.filter((n) => n in variables).map((n) => [n, variables[n]]));

function deferredRequest(
  req: express.Request,
  res: express.Response,
  schema: GraphQLSchema | undefined,
  limits: RequestLimits['graphql'],
  rules: readonly ValidationRule[],
): DeferredRequest | undefined {
  if (req.method !== 'POST' || !schema || !acceptsMultipart(req.header('accept'), 'deferSpec', '20220824')) return undefined;
  const body = req.body as { query?: unknown; operationName?: unknown; variables?: unknown } | undefined;
  const principal = res.locals.principal as Principal | null;
  if (!principal || typeof body?.query !== 'string' || !body.query.includes('defer')) return undefined;
  if (body.variables != null && (typeof body.variables !== 'object' || Array.isArray(body.variables))) return undefined;
  if (body.operationName != null && typeof body.operationName !== 'string') return undefined;
  const variables = (body.variables ?? {}) as Record<string, unknown>;
  let document: DocumentNode;
  try {
    document = parse(body.query);
  } catch {
    return undefined;
  }
  if (!hasDefer(document)) return undefined;
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = body.operationName ? operations.find((d) => d.name?.value === body.operationName) : operations.length === 1 ? operations[0] : undefined;
  if (operation?.operation !== 'query') return undefined;
  const served = schemaWithDefer(schema);
  if (validate(served, document, rules).length > 0) return undefined;
  const coerced = getVariableValues(served, operation.variableDefinitions ?? [], variables);
  if (coerced.errors) return undefined;
  if (costRefusal(limits, document, operation, variables)) return undefined;
  const split = splitDeferred(served, document, operation, coerced.coerced);
  if (split.deferred.length === 0) return undefined;
  return {
    primary: { document: split.primary, variables: pick(variables, split.primaryVariableNames) },
    deferred: split.deferred.map((d) => ({ ...d, variables: pick(variables, d.variableNames) })),
    context: { principal, requestId: res.locals.requestId as string, origin: requestOrigin(req) },
  };
}

/** The value at `path` in `data`, or undefined when a step on the way is missing or null. */
function at(data: unknown, path: string[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

export function deferredDelivery(schema: () => GraphQLSchema | undefined, limits: RequestLimits['graphql'], run: RunOperation): express.RequestHandler {
  // The rules Apollo validates a request with: graphql-js's and graphql-armor's (cost-limits.ts).
  const rules = [...specifiedRules, ...armorValidationRules(limits)];
  return (req, res, next) => {
    const request = deferredRequest(req, res, schema(), limits, rules);
    if (!request) return next();
    deliver(res, request, run).catch(next);
  };
}

async function deliver(res: express.Response, request: DeferredRequest, run: RunOperation) {
  let closed = false;
  res.on('close', () => {
    closed = true;
  });
  // Every part starts now: the first answer waits only for its own subgraph calls.
  const primary = run(request.primary.document, request.primary.variables, request.context);
  const settled: Array<{ part: DeferredPart; result: ExecutionResult }> = [];
  let wake: (() => void) | undefined;
  for (const deferred of request.deferred) {
    run(deferred.document, deferred.variables, request.context)
      .then(
        ({ result }) => result,
        (): ExecutionResult => ({ errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] as never }),
      )
      .then((result) => {
        settled.push({ part: deferred, result });
        wake?.();
      });
  }
  const { result: first, status, headers } = await primary;
  // The status and headers the same query gets without @defer (503 and Retry-After while a subgraph is away).
  res.status(status ?? 200);
  for (const [name, value] of headers ?? []) if (name.toLowerCase() !== 'content-type' && name.toLowerCase() !== 'content-length') res.set(name, value);
  if (first.data == null) {
    // Nothing to add fragments to: answered as the query without @defer would be, in one JSON body.
    res.json(first);
    return;
  }
  res.set('content-type', DEFER_CONTENT_TYPE);
  res.write(`${OPEN}${part({ ...first, hasNext: true })}`);
  let sent = 0;
  while (sent < request.deferred.length) {
    if (settled.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    const ready = settled.splice(0);
    sent += ready.length;
    const incremental = ready
      // A fragment whose parent object is null (or skipped) in the first answer is not delivered.
      .filter(({ part }) => {
        const parent = at(first.data, part.path);
        return parent !== null && typeof parent === 'object';
      })
      .map(({ part, result }) => ({
        data: (at(result.data, part.path) as Record<string, unknown> | undefined) ?? null,
        path: part.path,
        ...(part.label !== undefined ? { label: part.label } : {}),
        ...(result.errors?.length ? { errors: result.errors } : {}),
      }));
    if (closed) return;
    const hasNext = sent < request.deferred.length;
    res.write(part(incremental.length ? { incremental, hasNext } : { hasNext }));
  }
  res.end(CLOSE);
}
