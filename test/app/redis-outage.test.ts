import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { Redis } from 'ioredis';
import { log } from '../../lib/log';
import { type PrivateRedis, privateRedis, until } from '../support/redis-server';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * Redis away (issue 28): the gateway counts its rate limits in Redis (REDIS_URL). With a private
 * redis-server killed under it, every request is still answered at once — the limits counted in
 * this process, not left to wait behind the Redis client's reconnect back-off — the outage is on
 * /metrics and in the log once, and the count is shared in Redis again as soon as it is back.
 */
jest.setTimeout(120_000);

const prefix = `vigil-outage-${randomBytes(4).toString('hex')}:`;
let redis: PrivateRedis;
let t: TestVigil;
let alice: Account;

async function redisUpGauge(): Promise<string | undefined> {
  const text = (await t.rest('GET', '/metrics')).body as string;
  return /^vigil_dependency_up\{dependency="redis"\} (\d)$/m.exec(text)?.[1];
}

beforeAll(async () => {
  redis = await privateRedis();
  await redis.start();
  t = await startTestVigil({
    REDIS_URL: redis.url,
    VIGIL_RATE_LIMIT_REDIS_PREFIX: prefix,
    VIGIL_RATE_LIMIT_PER_KEY: '8',
    VIGIL_SUBSCRIPTION_WAKE: 'postgres',
  });
  alice = await t.bootstrap('alice@outage.test', 'Outage Corp');
});

afterAll(async () => {
  await t?.close();
  await redis.kill();
});

/** `n` GET /me of alice's one after another, each timed: the statuses, and the milliseconds of those answered 200. */
async function timedRequests(n: number): Promise<{ statuses: number[]; answeredMs: number[] }> {
  const statuses: number[] = [];
  const answeredMs: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const { status } = await t.rest('GET', '/me', { key: alice.apiKey });
    statuses.push(status);
    if (status === 200) answeredMs.push(performance.now() - started);
  }
  return { statuses, answeredMs };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
};

it('with Redis killed, requests are answered at once, limited per process, the outage shown once; with Redis back, counted in Redis again', async () => {
  // Counted in Redis.
  expect((await t.rest('GET', '/me', { key: alice.apiKey })).headers.get('ratelimit-remaining')).toBe('7');
  const shared = new Redis(redis.port, '127.0.0.1', { maxRetriesPerRequest: 0 });
  expect(await shared.keys(`${prefix}key:*`)).toHaveLength(1);
  shared.disconnect();
  expect(await redisUpGauge()).toBe('1');
  // The same requests with Redis up, timed before the outage and after it: the outage's are compared with them.
  const before = await timedRequests(12);
  expect(before.statuses).toEqual([...Array(7).fill(200), ...Array(5).fill(429)]);

  const warned = jest.spyOn(log, 'warn');
  await redis.kill();
  // Every request is answered, and the per-key limit still holds, counted in this process from zero:
  // 8 answered, then 429. The old client made each of these wait for its reconnect attempts (3.4–10.2 s
  // per request in the run).
  const outage = await timedRequests(12);
  expect(outage.statuses).toEqual([...Array(8).fill(200), ...Array(4).fill(429)]);
  expect(await redisUpGauge()).toBe('0');
  const outageLines = warned.mock.calls.filter(
    ([message, fields]) => message === 'dependency unreachable' && (fields as { dependency?: string })?.dependency === 'redis',
  );
  expect(outageLines).toHaveLength(1);
  warned.mockRestore();

  // Redis back (empty: it kept nothing): the gauge says so within the client's reconnect interval
  // (at most 1 s apart), and the count is in Redis again.
  await redis.start();
  await until('the redis gauge to read 1', async () => (await redisUpGauge()) === '1');
  expect((await t.rest('GET', '/me', { key: alice.apiKey })).headers.get('ratelimit-remaining')).toBe('7');
  const again = new Redis(redis.port, '127.0.0.1', { maxRetriesPerRequest: 0 });
  expect(await again.keys(`${prefix}key:*`)).toHaveLength(1);
  again.disconnect();
  const after = await timedRequests(12);
  expect(after.statuses).toEqual([...Array(7).fill(200), ...Array(5).fill(429)]);

  // "At once": the outage's answers take about what the same answers take with Redis up, measured in the same
  // run (a fixed 6 s bar for the 12 raced the machine's load). Medians, so one request the machine delayed
  // moves neither side; the slower of before and after, so a load that changed during the run does not.
  const [up, down] = [Math.max(median(before.answeredMs), median(after.answeredMs)), median(outage.answeredMs)];
  console.log(
    `GET /me answered in ${down.toFixed(1)} ms (median) with Redis killed, ${median(before.answeredMs).toFixed(1)} / ${median(after.answeredMs).toFixed(1)} ms with it up before / after (load ${loadavg()[0].toFixed(1)})\n` +
      `  up before: ${before.answeredMs.map((v) => v.toFixed(0)).join(', ')}; killed: ${outage.answeredMs.map((v) => v.toFixed(0)).join(', ')}; up after: ${after.answeredMs.map((v) => v.toFixed(0)).join(', ')}`,
  );
  expect(down).toBeLessThan(5 * up);
});
