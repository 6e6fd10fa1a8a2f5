import os from 'node:os';
import type { RunningVigil } from '../../app/vigil';
import { stuckConnections, timed } from '../support/silent-database';
import type { TcpProxy } from '../support/tcp-proxy';
import { type Account, type HttpResult, startTestVigilBehindProxy, type TestVigilBehindProxy } from '../support/vigil';

/**
 * With the default settings (no VIGIL_DATABASE_QUERY_TIMEOUT_MS: the client's own limit is the statement
 * timeout + 5 s, 35 s), a PostgreSQL that goes silent mid-statement is found by the liveness probe
 * (lib/db-liveness.ts) within 5 s — issue 36 — while a statement that merely runs long on a database that
 * answers is left alone.
 */
jest.setTimeout(120_000);

/** The bound for finding a silent database. */
const DETECT_MS = 5_000;
/** Generous for a loaded 2-core machine (load 8–17): timers and connections run late there. */
const MARGIN_MS = 3_000;

let proxy: TcpProxy;
let t: TestVigilBehindProxy;
let vigil: RunningVigil;
let account: Account;

beforeAll(async () => {
  t = await startTestVigilBehindProxy();
  ({ proxy, vigil } = t);
  account = await t.bootstrap('probe@example.com', 'Probe');
});

afterAll(() => t?.close());

const me = (signal = AbortSignal.timeout(20_000)) => t.rest('GET', '/me', { key: account.apiKey, signal });

it('a statement running longer than the probe needs to find silence is not cut while the database answers', async () => {
  // 6 s: the probe is asked after 1 s and again every second, each answered; the statement must come back with its row.
  const started = Date.now();
  const long = vigil.db.pool.query<{ slept: string }>(`SELECT pg_sleep(6)::text AS slept`);
  const meMeanwhile = await me();
  expect(meMeanwhile.status).toBe(200);
  const { rows } = await long;
  expect(rows).toEqual([{ slept: '' }]);
  expect(Date.now() - started).toBeGreaterThanOrEqual(6_000);
});

it('with the default settings a database silent mid-statement answers 503 within 5 s, fast while it stays silent, and requests succeed within 2 s of its return', async () => {
  for (let i = 0; i < 3; i++) expect((await me()).status).toBe(200);

  proxy.stall();
  const stalledAt = Date.now();
  const [rest, graphql] = await Promise.all([
    timed(me),
    timed((signal) => t.rest('POST', '/graphql', { key: account.apiKey, body: { query: '{ me { email } }' }, signal })),
  ]);
  console.log(`silent database, default settings: REST answered after ${rest.ms} ms, GraphQL after ${graphql.ms} ms; load ${loadAverage()}`);
  for (const { answer } of [rest, graphql]) {
    expect(answer).not.toBeInstanceOf(Error);
    expect((answer as HttpResult).status).toBe(503);
  }
  expect((rest.answer as HttpResult).body).toEqual({ statusCode: 503, error: 'ServiceUnavailable', message: expect.any(String) });
  expect((rest.answer as HttpResult).headers.get('retry-after')).toMatch(/^\d+$/);
  expect((graphql.answer as HttpResult).body.errors.map((e: { extensions?: { code?: string } }) => e.extensions?.code)).toContain('SERVICE_UNAVAILABLE');
  expect(rest.ms).toBeLessThan(DETECT_MS + MARGIN_MS);
  expect(graphql.ms).toBeLessThan(DETECT_MS + MARGIN_MS);

  // Still silent: a request is answered at once, not after another wait.
  const again = await timed(me);
  console.log(`while still silent (${Date.now() - stalledAt} ms in): answered ${(again.answer as HttpResult).status} after ${again.ms} ms`);
  expect((again.answer as HttpResult).status).toBe(503);
  expect(again.ms).toBeLessThan(1_000);

  // No pooled connection keeps a statement that waits for an answer.
  expect(stuckConnections(vigil.db.pool)).toEqual([]);

  proxy.resume();
  const back = Date.now();
  let first: HttpResult;
  do first = await me();
  while (first.status !== 200 && Date.now() - back < 20_000);
  const recoveredMs = Date.now() - back;
  console.log(`first 200 ${recoveredMs} ms after the database answered again; load ${loadAverage()}`);
  expect(first.status).toBe(200);
  expect(recoveredMs).toBeLessThan(2_000 + MARGIN_MS);
  const burst = await Promise.all(Array.from({ length: 15 }, () => me()));
  expect(burst.map((answer) => answer.status)).toEqual(burst.map(() => 200));
});

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
