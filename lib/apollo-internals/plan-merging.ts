import type { ApolloGateway } from '@apollo/gateway';
import type { FetchNode, FlattenNode, PlanNode, QueryPlan, QueryPlanSelectionNode } from '@apollo/query-planner';
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type InlineFragmentNode,
  Kind,
  type OperationDefinitionNode,
  parse,
  print,
  stripIgnoredCharacters,
} from 'graphql';

/**
 * One subgraph call fewer per plan level where @apollo/gateway's planner trades a call for latency.
 *
 * The planner fetches an entity's fields from a subgraph as early as their keys allow. When the same
 * subgraph is asked for other fields of the same entities later (a field that `@requires` data of a
 * third subgraph), it plans two fetches: one in parallel with the third subgraph's fetch, one after it.
 * On the federation benchmark's TestQuery, `inventory`'s `inStock` is fetched beside `products`, and
 * `shippingEstimate` (requires `price weight` from products) after it, at three paths: 16 fetches, 8
 * subgraph calls per request under load where Hive Router's planner makes 7 (bench/gateway/calls.ts).
 *
 * This rewrite moves such an early fetch into the later one: inside a Parallel node, a branch
 * `Flatten(path) { Fetch(S) }` is removed and its selections join a fetch of a sibling Sequence that
 * goes to the same subgraph S at the same path for the same entity type with a superset of its
 * `requires`. The entities are the same (the fetches between do not add or remove any, they merge fields
 * into them), and nothing in the Parallel can wait for the moved fetch's data (its siblings never did;
 * what follows the Parallel still runs after it). Cost: the moved fields arrive one fetch later (the
 * request's critical path is not longer on TestQuery: the sibling Sequence was as long). One
 * behaviour differs on failure: an entity whose later fetch gets no representation (a required field
 * missing because the third subgraph failed for it) now misses the moved fields too — Hive Router's
 * plan does the same.
 *
 * Conservative by construction: only plain entity fetches qualify (one `_entities` root field, one
 * inline fragment on one type, no rewrites, no @defer), response keys must not overlap, fragments and
 * variables of the same name must be identical; anything else keeps the planner's plan unchanged.
 */
export function mergeEntityFetches(plan: QueryPlan): QueryPlan {
  if (!plan.node || plan.node.kind === 'Subscription') return plan;
  const node = rewrite(plan.node);
  return node === plan.node ? plan : { ...plan, node };
}

/**
 * Applies mergeEntityFetches to every plan `gateway` builds, now and after each schema load (the gateway
 * makes a new QueryPlanner per schema, in its private `queryPlanner` field, before it calls its schema
 * listeners). The plans are cached by the gateway as before: the rewrite runs once per operation.
 */
export function installPlanMerging(gateway: ApolloGateway): void {
  const internals = gateway as unknown as { queryPlanner?: { buildQueryPlan(...args: unknown[]): QueryPlan } & { [MERGING]?: true } };
  const wrap = () => {
    const planner = internals.queryPlanner;
    if (!planner || planner[MERGING]) return;
    const build = planner.buildQueryPlan.bind(planner);
    planner.buildQueryPlan = (...args: unknown[]) => mergeEntityFetches(build(...args));
    planner[MERGING] = true;
  };
  wrap();
  gateway.onSchemaLoadOrUpdate(wrap);
}

const MERGING = Symbol('vigil.planMerging');

function rewrite(node: PlanNode): PlanNode {
  switch (node.kind) {
    case 'Sequence': {
      const nodes = node.nodes.map(rewrite);
      return nodes.every((n, i) => n === node.nodes[i]) ? node : { ...node, nodes };
    }
    case 'Flatten': {
      const inner = rewrite(node.node);
      return inner === node.node ? node : { ...node, node: inner };
    }
    case 'Condition': {
      const ifClause = node.ifClause && rewrite(node.ifClause);
      const elseClause = node.elseClause && rewrite(node.elseClause);
      return ifClause === node.ifClause && elseClause === node.elseClause ? node : { ...node, ifClause, elseClause };
    }
    case 'Parallel':
      return mergeInParallel({ ...node, nodes: node.nodes.map(rewrite) }, node);
    default:
      // Fetch, and Defer (its nodes' ids tie deferred parts together: left as planned).
      return node;
  }
}

function mergeInParallel(parallel: { kind: 'Parallel'; nodes: PlanNode[] }, original: PlanNode): PlanNode {
  const nodes = [...parallel.nodes];
  let changed = nodes.some((n, i) => n !== (original as typeof parallel).nodes[i]);
  for (let i = 0; i < nodes.length; i++) {
    const early = entityFetchAt(nodes[i]);
    if (!early) continue;
    for (let j = 0; j < nodes.length; j++) {
      const sequence = nodes[j];
      if (j === i || sequence.kind !== 'Sequence') continue;
      const k = sequence.nodes.findIndex((n, index) => index > 0 && isLaterTarget(entityFetchAt(n), early));
      if (k < 0) continue;
      const late = entityFetchAt(sequence.nodes[k]) as EntityFetch;
      const merged = mergeFetches(late.fetch, early.fetch);
      if (!merged) continue;
      const flatten: FlattenNode = { ...(sequence.nodes[k] as FlattenNode), node: merged };
      nodes[j] = { ...sequence, nodes: sequence.nodes.map((n, index) => (index === k ? flatten : n)) };
      nodes.splice(i, 1);
      i--;
      changed = true;
      break;
    }
  }
  if (!changed) return original;
  return nodes.length === 1 ? nodes[0] : { kind: 'Parallel', nodes };
}

interface EntityFetch {
  path: string;
  fetch: FetchNode;
  type: string;
  requires: string[];
}

/** `Flatten(path) { Fetch }` of a plain entity fetch, described; undefined for anything else. */
function entityFetchAt(node: PlanNode): EntityFetch | undefined {
  if (node.kind !== 'Flatten' || node.node.kind !== 'Fetch') return undefined;
  const fetch = node.node;
  if (fetch.operationKind !== 'query' || fetch.hasDefers || fetch.inputRewrites?.length || fetch.outputRewrites?.length || fetch.contextRewrites?.length) {
    return undefined;
  }
  const requires = fetch.requires;
  if (requires?.length !== 1 || requires[0].kind !== 'InlineFragment' || !requires[0].typeCondition) return undefined;
  return {
    path: JSON.stringify(node.path),
    fetch,
    type: requires[0].typeCondition,
    requires: requires[0].selections.map((s: QueryPlanSelectionNode) => JSON.stringify(s)),
  };
}

function isLaterTarget(late: EntityFetch | undefined, early: EntityFetch): boolean {
  if (!late || late.path !== early.path || late.type !== early.type || late.fetch.serviceName !== early.fetch.serviceName) return false;
  const has = new Set(late.requires);
  return early.requires.every((r) => has.has(r));
}

/** The entity fragment of an `_entities` operation, with the parsed document; undefined if not that shape. */
function entitiesOf(document: DocumentNode): { operation: OperationDefinitionNode; fragment: InlineFragmentNode } | undefined {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (operations.length !== 1 || operations[0].directives?.length) return undefined;
  const roots = operations[0].selectionSet.selections;
  const root = roots[0];
  if (roots.length !== 1 || root.kind !== Kind.FIELD || root.name.value !== '_entities' || root.alias || root.directives?.length) return undefined;
  const fragments = root.selectionSet?.selections ?? [];
  const fragment = fragments[0];
  if (fragments.length !== 1 || fragment.kind !== Kind.INLINE_FRAGMENT || fragment.directives?.length) return undefined;
  return { operation: operations[0], fragment };
}

const keyOf = (s: InlineFragmentNode['selectionSet']['selections'][number]) =>
  s.kind === Kind.FIELD ? ((s as FieldNode).alias?.value ?? (s as FieldNode).name.value) : undefined;

/** `late` asking also for what `early` asks, or null when the two cannot be one operation safely. */
function mergeFetches(late: FetchNode, early: FetchNode): FetchNode | null {
  const lateDocument = parse(late.operation, { noLocation: true });
  const earlyDocument = parse(early.operation, { noLocation: true });
  const a = entitiesOf(lateDocument);
  const b = entitiesOf(earlyDocument);
  if (!a || !b || a.fragment.typeCondition?.name.value !== b.fragment.typeCondition?.name.value) return null;
  // Only plain fields at the top of each fragment, and none answering under the same key.
  const lateKeys = a.fragment.selectionSet.selections.map(keyOf);
  const earlyKeys = b.fragment.selectionSet.selections.map(keyOf);
  if ([...lateKeys, ...earlyKeys].some((k) => k === undefined)) return null;
  if (earlyKeys.some((k) => lateKeys.includes(k))) return null;
  // Variables and fragments of the same name must be the same.
  const variables = new Map((a.operation.variableDefinitions ?? []).map((v) => [v.variable.name.value, print(v)]));
  for (const v of b.operation.variableDefinitions ?? []) {
    const same = variables.get(v.variable.name.value);
    if (same !== undefined && same !== print(v)) return null;
  }
  const fragments = new Map(
    lateDocument.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, print(f)]),
  );
  const extraFragments: FragmentDefinitionNode[] = [];
  for (const f of earlyDocument.definitions) {
    if (f.kind !== Kind.FRAGMENT_DEFINITION) continue;
    const same = fragments.get(f.name.value);
    if (same === undefined) extraFragments.push(f);
    else if (same !== print(f)) return null;
  }
  const root = a.operation.selectionSet.selections[0] as FieldNode;
  const fragment: InlineFragmentNode = {
    ...a.fragment,
    selectionSet: { ...a.fragment.selectionSet, selections: [...a.fragment.selectionSet.selections, ...b.fragment.selectionSet.selections] },
  };
  const operation: OperationDefinitionNode = {
    ...a.operation,
    variableDefinitions: [
      ...(a.operation.variableDefinitions ?? []),
      ...(b.operation.variableDefinitions ?? []).filter((v) => !variables.has(v.variable.name.value)),
    ],
    selectionSet: {
      ...a.operation.selectionSet,
      selections: [{ ...root, selectionSet: { kind: Kind.SELECTION_SET, selections: [fragment] } }],
    },
  };
  const document: DocumentNode = {
    kind: Kind.DOCUMENT,
    definitions: [operation, ...lateDocument.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION), ...extraFragments],
  };
  const variableUsages = [...new Set([...(late.variableUsages ?? []), ...(early.variableUsages ?? [])])];
  return {
    ...late,
    operation: stripIgnoredCharacters(print(document)),
    ...(late.variableUsages || early.variableUsages ? { variableUsages } : {}),
    ...(late.operationDocumentNode || early.operationDocumentNode ? { operationDocumentNode: document } : {}),
  };
}
