import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { log } from '../lib/log';
import { createScanTarget, FIXTURE_RULES, insertAlerts, insertRules } from './support/alert-fixtures';
import { freePort } from './support/processes';
import { subscribe, wsClient } from './support/subscription-clients';
import { type Account, startTestVigil, type TestVigil } from './support/vigil';

/**
 * The live wake's Redis away (issue 28, the same rule for every dependency the service rides out):
 * with the wake on Redis pub/sub and a private redis-server killed under it, an open stream keeps
 * receiving changes through the fallback poll, the outage shows on /metrics
 * (`vigil_dependency_up{dependency="redis-pubsub"}`) and in the log once, and both recover when
 * Redis is back.
 */
jest.setTimeout(120_000);

let port: number;
let redisServer: ChildProcess | undefined;
let t: TestVigil;
let acme: Account;

async function startRedis(): Promise<void> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  redisServer = child;
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  for (let i = 0; ; i++) {
    if (
      await probe.connect().then(
        () => true,
        () => false,
      )
    )
      break;
    if (i > 100) throw new Error('redis-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  probe.disconnect();
}

async function killRedis(): Promise<void> {
  const child = redisServer;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function gauge(): Promise<string | undefined> {
  const text = (await t.rest('GET', '/metrics')).body as string;
  return /^vigil_dependency_up\{dependency="redis-pubsub"\} (\d)$/m.exec(text)?.[1];
}

async function until(what: string, probe: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  port = await freePort();
  await startRedis();
  t = await startTestVigil({ REDIS_URL: `redis://127.0.0.1:${port}`, VIGIL_SUBSCRIPTION_WAKE: 'redis', VIGIL_RATE_LIMIT_PER_KEY: '0' });
  acme = await t.bootstrap('admin@wake.test', 'Wake Corp');
  await insertRules(t.vigil.db);
});

afterAll(async () => {
  await t?.close();
  await killRedis();
});

it('with the wake channel on Redis killed, a stream keeps receiving through the poll, the outage is on /metrics and logged once, and both recover', async () => {
  const target = await createScanTarget(t.vigil.db, acme.organizationId);
  const [alert] = await insertAlerts(t.vigil.db, [{ organizationId: acme.organizationId, scanTargetId: target, rule: FIXTURE_RULES[0].id, resource: 'r' }]);
  const touch = async (label: string) => {
    const res = await t.graphql(
      `mutation($o: ID!, $t: ID!, $a: ID!, $l: String!) { updateAlert(organizationId: $o, scanTargetId: $t, alertId: $a, input: { labels: [$l] }) { id } }`,
      { o: acme.organizationId, t: target, a: alert, l: label },
      acme.apiKey,
    );
    expect(res.body.errors).toBeUndefined();
  };
  await until('the wake to be up', async () => (await gauge()) === '1');
  const client = wsClient(t.url, { apiKey: acme.apiKey });
  const stream = subscribe(client, `subscription($o: ID!) { alertChanged(organizationId: $o) { seq } }`, { o: acme.organizationId });
  await until('the stream to be live', async () => t.vigil.subscriptions.liveCount() === 1);

  const warned = jest.spyOn(log, 'warn');
  await killRedis();
  await until('the gauge to read 0', async () => (await gauge()) === '0');
  await touch('during');
  await touch('during again');
  await stream.waitFor(2, 10_000);
  const outageLines = warned.mock.calls.filter(
    ([message, fields]) => message === 'dependency unreachable' && (fields as { dependency?: string })?.dependency === 'redis-pubsub',
  );
  expect(outageLines).toHaveLength(1);
  warned.mockRestore();

  await startRedis();
  await until('the gauge to read 1', async () => (await gauge()) === '1');
  await touch('after');
  await stream.waitFor(3, 10_000);
  await client.dispose();
});
