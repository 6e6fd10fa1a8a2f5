import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { log } from '../lib/log';
import { type PrivateRedis, privateRedis, until } from './support/redis-server';
import { type Account, startTestVigil, type TestVigil } from './support/vigil';

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

it('with Redis killed, requests are answered at once, limited per process, the outage shown once; with Redis back, counted in Redis again', async () => {
  // Counted in Redis.
  expect((await t.rest('GET', '/me', { key: alice.apiKey })).headers.get('ratelimit-remaining')).toBe('7');
  const shared = new Redis(redis.port, '127.0.0.1', { maxRetriesPerRequest: 0 });
  expect(await shared.keys(`${prefix}key:*`)).toHaveLength(1);
  shared.disconnect();
  expect(await redisUpGauge()).toBe('1');

  const warned = jest.spyOn(log, 'warn');
  await redis.kill();
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
  await redis.start();
  await until('the redis gauge to read 1', async () => (await redisUpGauge()) === '1');
  expect((await t.rest('GET', '/me', { key: alice.apiKey })).headers.get('ratelimit-remaining')).toBe('7');
  const again = new Redis(redis.port, '127.0.0.1', { maxRetriesPerRequest: 0 });
  expect(await again.keys(`${prefix}key:*`)).toHaveLength(1);
  again.disconnect();
});
