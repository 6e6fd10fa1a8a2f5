import { readFileSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { operationFromDocument, Supergraph } from '@apollo/federation-internals';
import { ApolloGateway } from '@apollo/gateway';
import { type FetchNode, type QueryPlan, QueryPlanner } from '@apollo/query-planner';
import { ApolloServer } from '@apollo/server';
import { parse } from 'graphql';
import { referenceAnswer } from '../../../bench/gateway/reference';
import { SUBGRAPHS, startSubgraphs } from '../../../bench/gateway/subgraphs';
import { installPlanMerging, mergeEntityFetches } from '../../../lib/apollo-internals/plan-merging';
import { SubgraphTransport } from '../../../lib/apollo-internals/subgraph-transport';
import { composeSubgraphs } from '../../../schema/compose';

/**
 * lib/apollo-internals/plan-merging.ts: an early entity fetch joins a later fetch to the same subgraph at the
 * same path. On the federation benchmark's TestQuery (bench/gateway/) the plan loses three of its 16 fetches
 * and the answers stay the reference's.
 */
jest.setTimeout(60_000);

const QUERY = readFileSync(path.join(__dirname, '..', '..', '..', 'bench', 'gateway', 'workload', 'query.graphql'), 'utf8');
const VARIED = QUERY.replace('query TestQuery {', 'query TestQuery($first: Int) {').replace(/topProducts \{/, 'topProducts(first: $first) {');

const fetches = (node: QueryPlan['node'], path: Array<string | number> = []): Array<{ path: string; fetch: FetchNode }> => {
  if (!node) return [];
  switch (node.kind) {
    case 'Fetch':
      return [{ path: path.join('.'), fetch: node }];
    case 'Flatten':
      return fetches(node.node, node.path);
    case 'Sequence':
    case 'Parallel':
      return node.nodes.flatMap((n) => fetches(n, path));
    default:
      throw new Error(`unexpected ${node.kind}`);
  }
};

const supergraphSdl = (port: number) =>
  composeSubgraphs(Object.entries(SUBGRAPHS).map(([name, s]) => ({ name, url: `http://127.0.0.1:${port}/${name}/graphql`, typeDefs: parse(s.typeDefs) })));

it("plans TestQuery in 13 fetches instead of 16: inventory's inStock joins the shippingEstimate fetch after products at each nested path", () => {
  const supergraph = Supergraph.build(supergraphSdl(1));
  const planner = new QueryPlanner(supergraph);
  const stock = planner.buildQueryPlan(operationFromDocument(supergraph.schema, parse(QUERY)));
  const merged = mergeEntityFetches(stock);
  expect(fetches(stock.node)).toHaveLength(16);
  expect(fetches(merged.node)).toHaveLength(13);
  const inventory = fetches(merged.node).filter((f) => f.fetch.serviceName === 'inventory');
  expect(inventory.map((f) => f.path).sort()).toEqual([
    'topProducts.@',
    'topProducts.@.reviews.@.author.reviews.@.product',
    'users.@.reviews.@.product',
    'users.@.reviews.@.product.reviews.@.author.reviews.@.product',
  ]);
  for (const f of inventory) expect(f.fetch.operation).toMatch(/\.\.\.on Product\{(inStock shippingEstimate|shippingEstimate inStock)\}/);
  // The stock plan is not changed in place (the gateway caches what the planner returns).
  expect(fetches(stock.node)).toHaveLength(16);
});

it('leaves alone fetches that answer under the same key, go to other paths, or rewrite their data', () => {
  const entities = (fields: string) => `query Q($representations:[_Any!]!){_entities(representations:$representations){...on Product{${fields}}}}`;
  const fetch = (fields: string, requires: string[], extra: Partial<FetchNode> = {}): FetchNode => ({
    kind: 'Fetch',
    serviceName: 'inventory',
    operation: entities(fields),
    operationName: 'Q',
    operationKind: 'query' as FetchNode['operationKind'],
    requires: [{ kind: 'InlineFragment', typeCondition: 'Product', selections: requires.map((name) => ({ kind: 'Field', name })) }],
    ...extra,
  });
  const plan = (early: FetchNode, late: FetchNode, earlyPath = ['p', '@']): QueryPlan => ({
    kind: 'QueryPlan',
    node: {
      kind: 'Parallel',
      nodes: [
        { kind: 'Flatten', path: earlyPath, node: early },
        {
          kind: 'Sequence',
          nodes: [
            { kind: 'Flatten', path: ['p', '@'], node: { ...fetch('price', ['__typename', 'upc']), serviceName: 'products' } },
            { kind: 'Flatten', path: ['p', '@'], node: late },
          ],
        },
      ],
    },
  });
  // The positive control: merged into one fetch.
  const ok = plan(fetch('inStock', ['__typename', 'upc']), fetch('shippingEstimate', ['__typename', 'upc', 'price']));
  expect(fetches(mergeEntityFetches(ok).node)).toHaveLength(2);
  const refused = [
    plan(fetch('shippingEstimate', ['__typename', 'upc']), fetch('shippingEstimate', ['__typename', 'upc', 'price'])),
    plan(fetch('inStock', ['__typename', 'upc']), fetch('shippingEstimate', ['__typename', 'upc', 'price']), ['q', '@']),
    plan(fetch('inStock', ['__typename', 'upc', 'weight']), fetch('shippingEstimate', ['__typename', 'upc', 'price'])),
    plan(
      fetch('inStock', ['__typename', 'upc'], { outputRewrites: [{ kind: 'KeyRenamer', path: ['inStock'], renameKeyTo: 'x' }] }),
      fetch('shippingEstimate', ['__typename', 'upc', 'price']),
    ),
  ];
  for (const p of refused) expect(mergeEntityFetches(p)).toBe(p);
});

describe('a gateway with the rewrite installed', () => {
  let subgraphs: http.Server;
  let port: number;
  beforeAll(async () => {
    subgraphs = await startSubgraphs(0);
    port = (subgraphs.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => subgraphs.close(resolve)));

  /** Subgraph HTTP calls per request with the transport's merging off: one call per fetch of the plan. */
  async function answers(merging: boolean) {
    const gateway = new ApolloGateway({
      supergraphSdl: supergraphSdl(port),
      buildService: ({ url }) => new SubgraphTransport({ url: url as string, merge: false }),
    });
    if (merging) installPlanMerging(gateway);
    const server = new ApolloServer({ gateway });
    await server.start();
    // Plans built: the gateway caches them by the operation's text, so the varied document's `$first` values share one.
    const planner = (gateway as unknown as { queryPlanner: { buildQueryPlan(...args: unknown[]): QueryPlan } }).queryPlanner;
    const build = planner.buildQueryPlan.bind(planner);
    let plans = 0;
    planner.buildQueryPlan = (...args: unknown[]) => {
      plans++;
      return build(...args);
    };
    try {
      const calls: number[] = [];
      const requests: Array<{ query: string; variables?: { first: number } }> = [
        { query: QUERY },
        ...[1, 5, 9].map((first) => ({ query: VARIED, variables: { first } })),
      ];
      for (const { query, variables } of requests) {
        await fetch(`http://127.0.0.1:${port}/stats/reset`, { method: 'POST' });
        const response = await server.executeOperation({ query, variables });
        const body = response.body as { kind: 'single'; singleResult: unknown };
        expect(JSON.parse(JSON.stringify(body.singleResult))).toEqual(JSON.parse(JSON.stringify(referenceAnswer(query, variables))));
        const stats = (await (await fetch(`http://127.0.0.1:${port}/stats`)).json()) as Record<string, { requests: number }>;
        calls.push(Object.values(stats).reduce((sum, s) => sum + s.requests, 0));
      }
      expect(plans).toBe(2);
      return calls;
    } finally {
      await server.stop();
    }
  }

  it('answers TestQuery and its varied form as the reference does, in 13 subgraph calls where the stock plan makes 16, planning the varied document once for every $first', async () => {
    expect(await answers(false)).toEqual([16, 16, 16, 16]);
    expect(await answers(true)).toEqual([13, 13, 13, 13]);
  });
});
