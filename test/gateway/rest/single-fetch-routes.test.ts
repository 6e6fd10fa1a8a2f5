import { ApolloGateway, type GraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import type { GraphQLFormattedError } from 'graphql';
import { type GatewayContext, restSupergraph } from '../../../gateway/gateway';
import { REST_ROUTES } from '../../../gateway/rest/routes';
import { singleFetchRoutes } from '../../../gateway/rest/single-fetch-routes';
import { reportValueCompletion } from '../../../gateway/value-completion';
import { planSingleFetch, runSingleFetch } from '../../../lib/apollo-internals/single-fetch';
import { loadConfig } from '../../../lib/config';
import { formatError } from '../../../lib/graphql-errors';
import { setLogLevel } from '../../../lib/log';
import { composeSupergraph } from '../../../schema/compose';

/**
 * A REST route's query that one subgraph answers runs as that one fetch (lib/apollo-internals/single-fetch.ts,
 * gateway/rest/single-fetch-routes.ts) instead of through Apollo Server and the gateway's executor: here
 * the two paths run side by side on the REST graph over recording subgraphs, and must send the same
 * fetch and answer the same data and errors.
 */

type Answer = { data?: Record<string, unknown> | null; errors?: GraphQLFormattedError[] };
let answer: (query: string) => Answer = () => ({ data: null });
const sent: Array<{ service: string; query: string; variables: Record<string, unknown> }> = [];

const recording = (service: string): GraphQLDataSource => ({
  async process(options: GraphQLDataSourceProcessOptions) {
    sent.push({ service, query: options.request.query as string, variables: { ...options.request.variables } });
    return answer(options.request.query as string) as never;
  },
});

let gateway: ApolloGateway;
let server: ApolloServer;
beforeAll(async () => {
  gateway = new ApolloGateway({ supergraphSdl: restSupergraph(composeSupergraph()), buildService: ({ name }) => recording(name) });
  server = new ApolloServer({ gateway });
  await server.start();
});
afterAll(() => server.stop());
beforeEach(() => {
  sent.length = 0;
});

const ORG = '00000000-0000-4000-8000-000000000001';
const pageRoute = REST_ROUTES.find((row) => row.method === 'POST' && row.path === '/organizations/:organizationId/alerts')!;
const pageVariables = {
  extra: 'not in the operation',
  organizationId: ORG,
  filter: { states: ['OPEN'] },
  order: 'RULE',
  sort: 'DESC',
  lang: 'EN_US',
  size: 100,
  cursor: undefined,
};

async function throughGateway(query: string, variables: Record<string, unknown>) {
  const response = await server.executeOperation({ query, variables }, { contextValue: {} });
  const result = response.body.kind === 'single' ? response.body.singleResult : {};
  return { result, fetches: sent.splice(0) };
}

async function asOneFetch(query: string, variables: Record<string, unknown>) {
  const plan = planSingleFetch(gateway, query);
  if (!plan) throw new Error('not planned as one fetch');
  const result = await runSingleFetch(gateway, plan, variables, {});
  return { result, fetches: sent.splice(0) };
}

test('the alert page routes are planned as one fetch from the alerts subgraph', () => {
  for (const path of ['/organizations/:organizationId/alerts', '/organizations/:organizationId/followings/alerts']) {
    const row = REST_ROUTES.find((r) => r.method === 'POST' && r.path === path)!;
    expect(planSingleFetch(gateway, row.operation)?.serviceName).toBe('alerts');
  }
});

test('a query planned over two subgraphs, a mutation, and a document that does not validate take the whole pipeline', () => {
  const crossing = `query($org: ID!) { alerts(organizationId: $org, first: 1) { nodes { id organization { name } } } }`;
  expect(planSingleFetch(gateway, crossing)).toBeNull();
  const mutation = REST_ROUTES.find((r) => r.operation.trimStart().startsWith('mutation'))!;
  expect(planSingleFetch(gateway, mutation.operation)).toBeNull();
  expect(planSingleFetch(gateway, `query { alertsPage(organizationId: 1) { noSuchField } }`)).toBeNull();
  expect(planSingleFetch(gateway, `query { __schema { queryType { name } } }`)).toBeNull();
});

test('the page sends the fetch the gateway sends (its variables only) and answers the same data', async () => {
  answer = () => ({ data: { alertsPage: { recordsJson: '[{"id":"a"}]', cursor: 'next' } } });
  const stock = await throughGateway(pageRoute.operation, pageVariables);
  const direct = await asOneFetch(pageRoute.operation, pageVariables);
  expect(direct.fetches).toEqual(stock.fetches);
  expect(direct.fetches).toHaveLength(1);
  expect(Object.keys(direct.fetches[0].variables)).not.toContain('cursor');
  expect(direct.result.errors).toBeUndefined();
  expect(direct.result.data).toEqual(stock.result.data);
  expect(direct.result.data).toEqual({ alertsPage: { recordsJson: '[{"id":"a"}]', cursor: 'next' } });
});

test("the subgraph's errors keep their message, code and path, as the gateway reports them", async () => {
  for (const errors of [
    [{ message: 'Not a member of this organization', path: ['alertsPage'], extensions: { code: 'FORBIDDEN' } }],
    [{ message: 'boom', path: ['alertsPage'] }],
  ]) {
    answer = () => ({ data: null, errors });
    const stock = await throughGateway(pageRoute.operation, pageVariables);
    const direct = await asOneFetch(pageRoute.operation, pageVariables);
    const shape = (e: GraphQLFormattedError) => ({ message: e.message, path: e.path, code: e.extensions?.code, serviceName: e.extensions?.serviceName });
    expect(direct.result.errors?.map((e) => shape(e.toJSON()))).toEqual(stock.result.errors?.map(shape));
    expect(direct.result.data ?? null).toEqual(stock.result.data ?? null);
  }
});

test('a non-null field the subgraph left out is a value-completion problem, as the executor reports it', async () => {
  answer = () => ({ data: { alertsPage: { recordsJson: null, cursor: null } } });
  const stock = await throughGateway(pageRoute.operation, pageVariables);
  const direct = await asOneFetch(pageRoute.operation, pageVariables);
  expect(direct.result.data).toEqual(stock.result.data);
  const stockProblems = (stock.result.extensions?.valueCompletion ?? []) as GraphQLFormattedError[];
  expect(stockProblems.length).toBeGreaterThan(0);
  expect(direct.result.valueCompletion?.map((e) => e.message)).toEqual(stockProblems.map((e) => e.message));
});

test('a variable the API schema refuses is BAD_USER_INPUT and nothing is fetched', async () => {
  const direct = await asOneFetch(pageRoute.operation, { ...pageVariables, order: 'noSuchOrder' });
  expect(direct.fetches).toEqual([]);
  expect(direct.result.errors?.map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
});

describe('the route answer (gateway/rest/single-fetch-routes.ts) against the REST graph’s Apollo Server with its value-completion plugin', () => {
  let full: ApolloServer<GatewayContext>;
  let routeRun: ReturnType<typeof singleFetchRoutes>;
  beforeAll(async () => {
    setLogLevel('silent');
    // A gateway serves one Apollo Server: the REST graph again over the same recording subgraphs.
    const restGateway = new ApolloGateway({ supergraphSdl: restSupergraph(composeSupergraph()), buildService: ({ name }) => recording(name) });
    full = new ApolloServer<GatewayContext>({ gateway: restGateway, formatError, plugins: [reportValueCompletion()] });
    await full.start();
    routeRun = singleFetchRoutes(restGateway, loadConfig({ VIGIL_SECRET: 'x'.repeat(32) }).limits.graphql);
  });
  afterAll(() => full.stop());

  const both = async (variables: Record<string, unknown>) => {
    const context = { principal: null, requestId: 'r-1' } as unknown as GatewayContext;
    const response = await full.executeOperation({ query: pageRoute.operation, variables }, { contextValue: context });
    const stock = response.body.kind === 'single' ? response.body.singleResult : {};
    const direct = await routeRun(pageRoute.operation, variables, context);
    sent.length = 0;
    return { stock: { data: stock.data ?? null, errors: stock.errors }, direct: { data: direct?.data ?? null, errors: direct?.errors } };
  };

  test('an incomplete value alone is one masked INTERNAL_SERVER_ERROR at its path', async () => {
    answer = () => ({ data: { alertsPage: { recordsJson: null, cursor: null } } });
    const { stock, direct } = await both(pageVariables);
    expect(stock.errors?.map((e) => e.extensions?.code)).toEqual(['INTERNAL_SERVER_ERROR']);
    expect(direct).toEqual(stock);
  });

  test("a subgraph error beside an incomplete value keeps the subgraph's error first, as REST reads the first", async () => {
    answer = () => ({
      data: { alertsPage: { recordsJson: null, cursor: null } },
      errors: [{ message: 'Not a member of this organization', path: ['alertsPage'], extensions: { code: 'FORBIDDEN' } }],
    });
    const { stock, direct } = await both(pageVariables);
    expect(stock.errors?.[0]).toMatchObject({ message: 'Not a member of this organization', extensions: { code: 'FORBIDDEN' } });
    expect(direct).toEqual(stock);
  });
});
