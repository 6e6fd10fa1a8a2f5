import type { AddressInfo } from 'node:net';
import express from 'express';
import { createBalancer } from '../../app/balancer';
import { metricsRoute } from '../../gateway/metrics';
import { enqueue } from '../../lib/jobs/queue';
import { startJobRunner } from '../../lib/jobs/runner';
import { trustProxySetting } from '../../lib/request-origin';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * /metrics: Prometheus text with the names docs/operations.md lists, labelled by closed sets (route
 * templates, schema field names, codes, kinds), readable from this machine or with the token only.
 */
let t: TestVigil;
let alice: Account;
beforeAll(async () => {
  t = await startTestVigil({ VIGIL_METRICS_TOKEN: 'metrics-secret' });
  alice = await t.bootstrap('alice@example.com', 'Alice Corp');
});
afterAll(() => t.close());

async function metrics(headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const res = await fetch(`${t.url}/metrics`, { headers });
  return { status: res.status, text: await res.text() };
}

it('counts REST, GraphQL, subgraph fetches, errors, jobs, pool and subscriptions under their documented names', async () => {
  expect((await t.rest('GET', `/organizations/${alice.organizationId}/scantargets`, { key: alice.apiKey })).status).toBe(200);
  expect((await t.graphql('{ me { id email } }', {}, alice.apiKey)).status).toBe(200);
  await t.graphql('{ organization(id: "not-a-uuid") { id } }', {}, alice.apiKey);
  // A job run by a runner of this process.
  const runner = startJobRunner(t.vigil.db, { handlers: { 'jobs.purge': async () => undefined }, pollMs: 50 });
  try {
    await enqueue(t.vigil.db, 'jobs.purge', { keepDays: 7 });
    for (let i = 0; i < 100 && !(await metrics()).text.includes('vigil_job_duration_seconds_count{kind="jobs.purge",outcome="done"}'); i++)
      await new Promise((r) => setTimeout(r, 50));
  } finally {
    await runner.stop();
  }
  const { status, text } = await metrics();
  expect(status).toBe(200);
  expect(text).toMatch(/^vigil_http_request_duration_seconds_count\{method="GET",route="\/organizations\/:organizationId\/scantargets",status="200"\} [1-9]/m);
  expect(text).toMatch(/^vigil_graphql_operation_duration_seconds_count\{type="query",field="me"\} [1-9]/m);
  expect(text).toMatch(/^vigil_graphql_operation_duration_seconds_count\{type="query",field="scanTargets"\} [1-9]/m); // the REST route's operation (the public connection, read whole)
  expect(text).toMatch(/^vigil_subgraph_fetch_duration_seconds_count\{subgraph="organizations"\} [1-9]/m);
  expect(text).toMatch(/^vigil_graphql_errors_total\{code="BAD_REQUEST"\} [1-9]/m);
  expect(text).toMatch(/^vigil_job_duration_seconds_count\{kind="jobs.purge",outcome="done"\} 1$/m);
  expect(text).toMatch(/^vigil_jobs\{kind="jobs.purge",state="DONE"\} 1$/m);
  expect(text).toMatch(/^vigil_db_pool_connections\{state="total"\} \d+/m);
  expect(text).toMatch(/^vigil_subscriptions_open 0$/m);
  expect(text).toMatch(/^vigil_process_cpu_seconds_total /m);
  // Raw paths, ids and client-chosen names never become labels.
  expect(text).not.toContain(alice.organizationId);
  expect(text).not.toContain('not-a-uuid');
});

it('answers callers on this machine, others only with the token (404 otherwise)', async () => {
  expect((await metrics()).status).toBe(200); // the tests call over loopback
  // A caller from elsewhere, as the route sees it (the socket's address; X-Forwarded-For does not count).
  const call = async (remoteAddress: string, authorization?: string) => {
    let status = 200;
    const req = { socket: { remoteAddress }, header: (name: string) => (name === 'authorization' ? authorization : undefined) };
    const res: Record<string, (value?: unknown) => unknown> = {
      status: (s) => {
        status = s as number;
        return res;
      },
      json: () => res,
      type: () => res,
      send: () => res,
    };
    await metricsRoute('metrics-secret')(req as never, res as never, () => undefined);
    return status;
  };
  expect(await call('203.0.113.9')).toBe(404);
  expect(await call('203.0.113.9', 'Bearer wrong')).toBe(404);
  expect(await call('203.0.113.9', 'Bearer metrics-secret')).toBe(200);
  expect(await call('::ffff:127.0.0.1')).toBe(200);
  expect(await call('203.0.113.9', 'Bearer metrics-secret-not')).toBe(404);
});

it('treats a loopback request carrying X-Forwarded-For or Forwarded as proxied: the token is needed unless VIGIL_TRUST_PROXY trusts the proxy', async () => {
  // A reverse proxy on this host connects from loopback and names its client in a header.
  const proxied: Array<Record<string, string>> = [
    { 'x-forwarded-for': '203.0.113.9' },
    { forwarded: 'for=203.0.113.9' },
    { 'x-real-ip': '203.0.113.9' },
    { 'x-forwarded-for': '127.0.0.1' },
  ];
  for (const headers of proxied) {
    expect([headers, (await metrics(headers)).status]).toEqual([headers, 404]);
    expect([headers, (await metrics({ ...headers, authorization: 'Bearer metrics-secret' })).status]).toEqual([headers, 200]);
  }
  expect((await metrics()).status).toBe(200); // a direct caller on this machine
  // The gateway's own setting trusting the loopback proxy: its client's address decides.
  const app = express();
  app.set('trust proxy', trustProxySetting('loopback'));
  app.get('/metrics', metricsRoute(undefined));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const at = (headers: Record<string, string>) =>
      fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`, { headers }).then((r) => r.status);
    expect(await at({ 'x-forwarded-for': '203.0.113.9' })).toBe(404);
    expect(await at({ 'x-forwarded-for': '127.0.0.1' })).toBe(200);
    expect(await at({ forwarded: 'for=127.0.0.1' })).toBe(404); // not read by express: not trusted
    expect(await at({})).toBe(200);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

it("is not public through the cluster's load balancer on the same host: the balancer says the request was proxied", async () => {
  const balancer = createBalancer([t.url], 60_000);
  await new Promise<void>((resolve) => balancer.server.listen(0, '127.0.0.1', resolve));
  try {
    await balancer.check();
    const url = `http://127.0.0.1:${(balancer.server.address() as AddressInfo).port}/metrics`;
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(url, { headers: { authorization: 'Bearer metrics-secret' } })).status).toBe(200);
  } finally {
    await balancer.close();
  }
});
