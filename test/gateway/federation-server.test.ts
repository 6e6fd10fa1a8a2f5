import { readFileSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parse } from 'graphql';
import { referenceAnswer } from '../../bench/gateway/reference';
import { SUBGRAPHS, startSubgraphs } from '../../bench/gateway/subgraphs';
import { startFederationGateway } from '../../gateway/federation-server';
import { composeSubgraphs } from '../../schema/compose';

/**
 * `npm run gateway`'s server (gateway/federation-server.ts) as a client sees it: GraphQL over HTTP on
 * /graphql with no ETag (Express hashed every answer for one), /healthz.
 */
let subgraphs: http.Server;
let gateway: Awaited<ReturnType<typeof startFederationGateway>>;

beforeAll(async () => {
  subgraphs = await startSubgraphs(0);
  const port = (subgraphs.address() as AddressInfo).port;
  const supergraphSdl = composeSubgraphs(
    Object.entries(SUBGRAPHS).map(([name, s]) => ({ name, url: `http://127.0.0.1:${port}/${name}/graphql`, typeDefs: parse(s.typeDefs) })),
  );
  gateway = await startFederationGateway({ supergraphSdl, port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await gateway.close();
  await new Promise((resolve) => subgraphs.close(resolve));
});

const post = (body: string) => fetch(`${gateway.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

it('answers the federation workload as the reference does, with no ETag, and says it is healthy', async () => {
  const query = readFileSync(path.join(__dirname, '..', '..', 'bench', 'gateway', 'workload', 'query.graphql'), 'utf8');
  const res = await post(JSON.stringify({ query }));
  expect(res.status).toBe(200);
  expect(res.headers.get('etag')).toBeNull();
  expect(await res.json()).toEqual(JSON.parse(JSON.stringify(referenceAnswer(query))));
  const health = await fetch(`${gateway.url}/healthz`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });
});
