import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { startVigil } from '../../app/vigil';
import { loadConfig } from '../../lib/config';
import { type Account, request, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * Rate limits: per API key, and per address for calls without a key; the call over the limit gets
 * 429 with Retry-After and RateLimit-* headers. In memory by default, in Redis when REDIS_URL is set.
 */

const REDIS_URL = 'redis://127.0.0.1:6379';

async function expectLimitEdges(t: TestVigil, alice: Account, bob: Account) {
  // Per key: 5 per window; the 5th is the last answered.
  for (let i = 1; i <= 5; i++) {
    const res = await t.rest('GET', '/me', { key: alice.apiKey });
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBe('5');
    expect(res.headers.get('ratelimit-remaining')).toBe(String(5 - i));
  }
  const refused = await t.rest('GET', '/me', { key: alice.apiKey });
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual({ statusCode: 429, error: 'TooManyRequests', message: expect.stringMatching(/at most 5 per 60 s for this API key/) });
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(refused.headers.get('ratelimit-remaining')).toBe('0');
  expect(Number(refused.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
  const graphql = await t.graphql('{ me { id } }', {}, alice.apiKey);
  expect(graphql.status).toBe(429);
  expect(graphql.body.errors?.[0].extensions).toEqual({ code: 'TOO_MANY_REQUESTS' });
  // Another key of the same address is counted apart.
  expect((await t.rest('GET', '/me', { key: bob.apiKey })).status).toBe(200);

  // Per address without a key: 3 per window (each answered 401), then 429.
  for (let i = 1; i <= 3; i++) expect((await t.rest('GET', '/me')).status).toBe(401);
  const anonymous = await t.rest('GET', '/me');
  expect(anonymous.status).toBe(429);
  expect(anonymous.body.message).toMatch(/at most 3 per 60 s from this address without an API key/);
  // Health checks are never limited.
  expect((await t.rest('GET', '/healthz')).status).toBe(200);
}

describe('in memory', () => {
  let t: TestVigil;
  let alice: Account;
  let bob: Account;
  beforeAll(async () => {
    t = await startTestVigil({ VIGIL_RATE_LIMIT_PER_KEY: '5', VIGIL_RATE_LIMIT_PER_ADDRESS: '3' });
    alice = await t.bootstrap('alice@example.com', 'Alice Corp');
    bob = await t.bootstrap('bob@example.com', 'Bob Corp');
  });
  afterAll(() => t?.close());

  it('answer the limit and refuse the next call with 429, Retry-After and RateLimit headers, per key and per address', async () => {
    await expectLimitEdges(t, alice, bob);
  });
});

describe('failed API keys per address', () => {
  let t: TestVigil;
  let alice: Account;
  beforeAll(async () => {
    t = await startTestVigil({ VIGIL_RATE_LIMIT_FAILED_KEYS_PER_ADDRESS: '4' });
    alice = await t.bootstrap('alice@example.com', 'Alice Corp');
  });
  afterAll(() => t?.close());

  it('answer 401 to the first failed attempts, 429 past the limit (REST and GraphQL), and never hold back a valid key', async () => {
    const guess = () => `vgl_${randomBytes(24).toString('base64url')}`;
    for (let i = 1; i <= 4; i++) {
      expect((await t.rest('GET', '/me', { key: guess() })).status).toBe(401);
      // Valid keys between the guesses count nothing.
      expect((await t.rest('GET', '/me', { key: alice.apiKey })).status).toBe(200);
    }
    const refused = await t.rest('GET', '/me', { key: guess() });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/at most 4 per 60 s with an API key that is not valid from this address/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const graphql = await t.graphql('{ me { id } }', {}, guess());
    expect(graphql.status).toBe(429);
    expect(graphql.body.errors?.[0].extensions).toEqual({ code: 'TOO_MANY_REQUESTS' });
    expect((await t.rest('GET', '/me', { key: alice.apiKey })).status).toBe(200);
    expect((await t.graphql('{ me { id } }', {}, alice.apiKey)).status).toBe(200);
  });
});

describe('in Redis (REDIS_URL)', () => {
  const prefix = `vigil-test-${randomBytes(6).toString('hex')}:`;
  const redis = new Redis(REDIS_URL);
  let t: TestVigil;
  let alice: Account;
  let bob: Account;
  beforeAll(async () => {
    t = await startTestVigil({ REDIS_URL, VIGIL_RATE_LIMIT_REDIS_PREFIX: prefix, VIGIL_RATE_LIMIT_PER_KEY: '5', VIGIL_RATE_LIMIT_PER_ADDRESS: '3' });
    alice = await t.bootstrap('alice@example.com', 'Alice Corp');
    bob = await t.bootstrap('bob@example.com', 'Bob Corp');
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await t?.close();
  });

  it('count in Redis, with the same edges', async () => {
    await expectLimitEdges(t, alice, bob);
    const keys = await redis.keys(`${prefix}*`);
    expect(keys.sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`^${prefix}key:`)), expect.stringMatching(new RegExp(`^${prefix}address:`))]),
    );
  });

  it('share the count with every gateway on the same Redis', async () => {
    // A second gateway on the same database and Redis: alice used her 5 calls on the first one.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-test-'));
    const second = await startVigil(
      loadConfig({
        DATABASE_URL: t.databaseUrl,
        PORT: '0',
        SUBGRAPH_BASE_PORT: '0',
        VIGIL_SECRET: t.secret,
        VIGIL_DATA_DIR: dataDir,
        VIGIL_SCHEDULER: 'off',
        REDIS_URL,
        VIGIL_RATE_LIMIT_REDIS_PREFIX: prefix,
        VIGIL_RATE_LIMIT_PER_KEY: '5',
        VIGIL_RATE_LIMIT_PER_ADDRESS: '3',
      }),
    );
    try {
      expect((await request(second.url, 'GET', '/me', { key: alice.apiKey })).status).toBe(429);
      // bob used 1 of 5 on the first gateway: 4 more here.
      for (let i = 0; i < 4; i++) expect((await request(second.url, 'GET', '/me', { key: bob.apiKey })).status).toBe(200);
      expect((await request(second.url, 'GET', '/me', { key: bob.apiKey })).status).toBe(429);
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
