import { readFileSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Operation } from '@apollo/federation-internals';
import { ApolloGateway, type GraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { parse } from 'graphql';
import { referenceAnswer } from '../../../bench/gateway/reference';
import { SUBGRAPHS, startSubgraphs } from '../../../bench/gateway/subgraphs';
import { executeQueryPlan, installPlanExecution } from '../../../lib/apollo-internals/plan-execution';
import { installResultShaping } from '../../../lib/apollo-internals/result-shaping';
import { SubgraphTransport } from '../../../lib/apollo-internals/subgraph-transport';
import { composeSubgraphs } from '../../../schema/compose';

/**
 * lib/apollo-internals/plan-execution.ts replaces @apollo/gateway's executor. A client must see exactly what the
 * stock executor gives: the same data, errors (messages, paths, codes, the subgraph's name), value-completion
 * extension and usage-reporting error paths, for well-formed answers and for subgraphs that fail or answer nonsense.
 * Both run here side by side on the federation benchmark's four subgraphs (bench/gateway/), behind one gateway.
 */
jest.setTimeout(60_000);

const executorModule = require('@apollo/gateway/dist/executeQueryPlan') as { executeQueryPlan: unknown };
const stockExecutor = executorModule.executeQueryPlan;

const QUERY = readFileSync(path.join(__dirname, '..', '..', '..', 'bench', 'gateway', 'workload', 'query.graphql'), 'utf8');
const VARIED = QUERY.replace('query TestQuery {', 'query TestQuery($first: Int) {').replace(/topProducts \{/, 'topProducts(first: $first) {');
/** Introspection beside subgraph fields, @include from a variable, aliases and __typename. */
const SMALL = `query Small($yes: Boolean!) {
  __type(name: "User") { name }
  top: topProducts(first: 3) { __typename upc name @include(if: $yes) shippingEstimate inStock reviews { id author { username name } } }
  me { id reviews { body } }
}`;
const REQUESTS: Array<{ query: string; variables?: Record<string, unknown> }> = [
  { query: QUERY },
  { query: VARIED, variables: { first: 2 } },
  { query: SMALL, variables: { yes: true } },
  { query: SMALL, variables: { yes: false } },
];

type Answer = { data?: Record<string, unknown> | null; errors?: Array<{ message: string; path?: unknown[]; extensions?: Record<string, unknown> }> };
type Fault = (subgraph: string, request: { query: string }, answer: Answer) => Answer;
const entityFetch = (request: { query: string }) => request.query.includes('_entities');
const entitiesOf = (answer: Answer) => (answer.data?._entities ?? []) as Array<Record<string, unknown> | null>;

/** What broken subgraphs send, one at a time. */
const FAULTS: Record<string, Fault> = {
  none: (_s, _r, answer) => answer,
  'an entity error with a code': (s, r, answer) =>
    s === 'inventory' && entityFetch(r)
      ? { ...answer, errors: [{ message: 'no stock', path: ['_entities', 1, 'inStock'], extensions: { code: 'FORBIDDEN' } }] }
      : answer,
  'no data, an error without message or path': (s, _r, answer) => (s === 'reviews' ? { data: null, errors: [{ message: '' }] } : answer),
  'a federation error code': (s, _r, answer) =>
    s === 'accounts' ? { ...answer, errors: [{ message: 'bad', path: ['users', 0, 'name'], extensions: { code: 'INVALID_GRAPHQL' } }] } : answer,
  'no _entities': (s, r, answer) => (s === 'products' && entityFetch(r) ? { data: {} } : answer),
  'one entity short': (s, r, answer) => (s === 'inventory' && entityFetch(r) ? { data: { _entities: entitiesOf(answer).slice(1) } } : answer),
  'a null entity': (s, r, answer) =>
    s === 'reviews' && entityFetch(r) ? { data: { _entities: entitiesOf(answer).map((e, i) => (i === 0 ? null : e)) } } : answer,
  'entities without __typename': (s, r, answer) =>
    s === 'inventory' && entityFetch(r) ? { data: { _entities: entitiesOf(answer).map((e) => e && { ...e, __typename: undefined }) } } : answer,
  'a null in a non-null field': (s, _r, answer) => (s === 'accounts' ? JSON.parse(JSON.stringify(answer).replaceAll('"id":"1"', '"id":null')) : answer),
  'a string where a list belongs': (s, r, answer) => (s === 'products' && !entityFetch(r) ? { data: { topProducts: 'nope', top: 'nope' } } : answer),
  'the subgraph away': (s) => {
    if (s === 'inventory') throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    return {};
  },
};

describe('the executor side by side with the stock one', () => {
  let subgraphs: http.Server;
  let server: ApolloServer;
  let fault: Fault = FAULTS.none;
  let nonFtv1ErrorPaths: unknown;

  beforeAll(async () => {
    subgraphs = await startSubgraphs(0);
    const port = (subgraphs.address() as AddressInfo).port;
    const supergraphSdl = composeSubgraphs(
      Object.entries(SUBGRAPHS).map(([name, s]) => ({ name, url: `http://127.0.0.1:${port}/${name}/graphql`, typeDefs: parse(s.typeDefs) })),
    );
    installResultShaping();
    const gateway = new ApolloGateway({
      supergraphSdl,
      buildService: ({ name, url }): GraphQLDataSource => {
        // One call per fetch: the answers do not depend on which fetches of a turn ride together.
        const transport = new SubgraphTransport({ url: url as string, merge: false });
        return {
          async process(options: GraphQLDataSourceProcessOptions) {
            const request = { query: options.request.query as string };
            return fault(name, request, (await transport.process(options)) as Answer) as never;
          },
        };
      },
    });
    server = new ApolloServer({
      gateway,
      plugins: [
        {
          requestDidStart: async () => ({
            async willSendResponse(rc) {
              nonFtv1ErrorPaths = rc.metrics.nonFtv1ErrorPaths;
            },
          }),
        },
      ],
    });
    await server.start();
  });
  afterAll(async () => {
    executorModule.executeQueryPlan = stockExecutor;
    await server.stop();
    await new Promise((resolve) => subgraphs.close(resolve));
  });

  const byJson = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b));

  /** What the client and usage reporting see, errors in a stable order (parallel fetches finish in any order). */
  async function answer(executor: unknown, request: (typeof REQUESTS)[number]) {
    executorModule.executeQueryPlan = executor;
    nonFtv1ErrorPaths = undefined;
    const response = await server.executeOperation(request);
    const result = JSON.parse(JSON.stringify((response.body as { kind: 'single'; singleResult: unknown }).singleResult)) as Answer & {
      extensions?: { valueCompletion?: unknown[] };
    };
    result.errors?.sort(byJson);
    result.extensions?.valueCompletion?.sort(byJson);
    return { ...result, nonFtv1ErrorPaths: (nonFtv1ErrorPaths as unknown[] | undefined)?.slice().sort(byJson) };
  }

  it('answers well-formed requests as the stock executor and the reference do', async () => {
    for (const request of REQUESTS) {
      const ours = await answer(executeQueryPlan, request);
      expect(ours).toEqual(await answer(stockExecutor, request));
      expect(ours.errors).toBeUndefined();
    }
    const testQuery = await answer(executeQueryPlan, REQUESTS[0]);
    expect(testQuery.data).toEqual(JSON.parse(JSON.stringify(referenceAnswer(QUERY, undefined).data)));
  });

  it('reports what broken subgraphs send exactly as the stock executor does', async () => {
    const seen = new Set<string>();
    for (const [name, broken] of Object.entries(FAULTS)) {
      fault = broken;
      for (const request of REQUESTS) {
        const ours = await answer(executeQueryPlan, request);
        expect({ fault: name, ...ours }).toEqual({ fault: name, ...(await answer(stockExecutor, request)) });
        if (ours.errors) for (const e of ours.errors) seen.add(String(e.extensions?.code));
        if (ours.extensions?.valueCompletion) seen.add('valueCompletion');
        if (ours.nonFtv1ErrorPaths) seen.add('nonFtv1ErrorPaths');
      }
    }
    fault = FAULTS.none;
    // The faults reached every kind of outcome: the comparison above compared something.
    expect([...seen].sort()).toEqual(
      ['DOWNSTREAM_SERVICE_ERROR', 'FORBIDDEN', 'INTERNAL_SERVER_ERROR', 'INVALID_GRAPHQL', 'nonFtv1ErrorPaths', 'valueCompletion'].sort(),
    );
  });

  it('builds the operation of a repeated document once, not at each request', async () => {
    const compiled = jest.spyOn(Operation.prototype, 'collectDefaultedVariableValues');
    try {
      installPlanExecution();
      expect(executorModule.executeQueryPlan).toBe(executeQueryPlan);
      const other = { query: `${SMALL} ` }; // another text: a document of its own
      for (let i = 0; i < 3; i++) {
        await server.executeOperation({ ...other, variables: { yes: i % 2 === 0 } });
      }
      expect(compiled).toHaveBeenCalledTimes(1);
    } finally {
      compiled.mockRestore();
    }
  });
});
