import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { log } from '../lib/log';
import { freePort } from './support/processes';
import { type Account, startTestVigil, type TestVigil } from './support/vigil';

/**
 * Redis away (issue 28): the gateway counts its rate limits in Redis (REDIS_URL). With a private
 * redis-server killed under it, every request is still answered at once — the limits counted in
 * this process, not left to wait behind the Redis client's reconnect back-off — the outage is on
 * /metrics and in the log once, and the count is shared in Redis again as soon as it is back.
 */
jest.setTimeout(120_000);

const prefix = `vigil-outage-${randomBytes(4).toString('hex')}:`;
let port: number;
let redisServer: ChildProcess | undefined;
let t: TestVigil;
let alice: Account;

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

async function redisUpGauge(): Promise<string | undefined> {
  const text = (await t.rest('GET', '/metrics')).body as string;
  return /^vigil_dependency_up\{dependency="redis"\} (\d)$/m.exec(text)?.[1];
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
  t = await startTestVigil({
    REDIS_URL: `redis://127.0.0.1:${port}`,
    VIGIL_RATE_LIMIT_REDIS_PREFIX: prefix,
    VIGIL_RATE_LIMIT_PER_KEY: '8',
    VIGIL_SUBSCRIPTION_WAKE: 'postgres',
  });
  alice = await t.bootstrap('alice@outage.test', 'Outage Corp');
});

afterAll(async () => {
  await t?.close();
  await killRedis();
});

it('with Redis killed, requests are answered at once, limited per process, the outage shown once; with Redis back, counted in Redis again', async () => {
  // Counted in Redis.
  expect((await t.rest('GET', '/me', { key: alice.apiKey })).headers.get('ratelimit-remaining')).toBe('7');
  const shared = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 0 });
  expect(await shared.keys(`${prefix}key:*`)).toHaveLength(1);
  shared.disconnect();
  expect(await redisUpGauge()).toBe('1');

  const warned = jest.spyOn(log, 'warn');
  await killRedis();
  // Every request is answered, and the per-key limit still holds, counted in this process from zero:
  // 8 answered, then 429. The old client made each of these wait for its reconnect attempts (3.4–10.2 s
  // per request in the run); 12 requests within 6 s is a bound it could not meet.
  const started = Date.now();
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) statuses.push((await t.rest('GET', '/me', { key: alice.apiKey })).status);
  const elapsed = Date.now() - started;
  expect(statuses).toEqual([...Array(8).fill(200), ...Array(4).fill(429)]);
  expect(elapsed).toBeLessThan(6_000);
  expect(await redisUpGauge()).toBe('0');
  const outageLines = warned.mock.calls.filter(
    ([message, fields]) => message === 'dependency unreachable' && (fields as { dependency?: string })?.dependency === 'redis',
  );
  expect(outageLines).toHaveLength(1);
  warned.mockRestore();

  // Redis back (empty: it kept nothing): the gauge says so within the client's reconnect interval
  // (at most 1 s apart), and the count is in Redis again.
  await startRedis();
  await until('the redis gauge to read 1', async () => (await redisUpGauge()) === '1');
  expect((await t.rest('GET', '/me', { key: alice.apiKey })).headers.get('ratelimit-remaining')).toBe('7');
  const again = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 0 });
  expect(await again.keys(`${prefix}key:*`)).toHaveLength(1);
  again.disconnect();
});
