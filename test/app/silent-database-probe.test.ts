import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RunningVigil, startVigil } from '../../app/vigil';
import { COMMANDS } from '../../cli/commands';
import { loadConfig } from '../../lib/config';
import { setLogLevel } from '../../lib/log';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { createTestDatabase, type HttpResult } from '../support/vigil';

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

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let proxy: TcpProxy;
let vigil: RunningVigil;
let account: { apiKey: string; organizationId: string };
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-silent-probe-'));

beforeAll(async () => {
  setLogLevel('silent');
  database = await createTestDatabase();
  const direct = new URL(database.url);
  proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const viaProxy = new URL(database.url);
  viaProxy.port = String(proxy.port);
  vigil = await startVigil(
    loadConfig({
      DATABASE_URL: viaProxy.toString(),
      PORT: '0',
      SUBGRAPH_BASE_PORT: '0',
      VIGIL_SECRET: randomBytes(8).toString('hex'),
      VIGIL_DATA_DIR: dataDir,
      VIGIL_SCHEDULER: 'off',
    }),
  );
  account = (await COMMANDS.bootstrap.run(vigil.db, { email: 'probe@example.com', organization: 'Probe' }, () => undefined)) as typeof account;
});

afterAll(async () => {
  proxy?.resume();
  await vigil?.close();
  await proxy?.stop().catch(() => undefined);
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('a statement running longer than the probe needs to find silence is not cut while the database answers', async () => {
  // 6 s: the probe is asked after 1 s and again every second, each answered; the statement must come back with its row.
  const started = Date.now();
  const long = vigil.db.pool.query<{ slept: string }>(`SELECT pg_sleep(6)::text AS slept`);
  const meMeanwhile = await fetchJson('GET', '/me', undefined, AbortSignal.timeout(20_000));
  expect(meMeanwhile.status).toBe(200);
  const { rows } = await long;
  expect(rows).toEqual([{ slept: '' }]);
  expect(Date.now() - started).toBeGreaterThanOrEqual(6_000);
});

it('with the default settings a database silent mid-statement answers 503 within 5 s, fast while it stays silent, and requests succeed within 2 s of its return', async () => {
  for (let i = 0; i < 3; i++) expect((await fetchJson('GET', '/me', undefined, AbortSignal.timeout(20_000))).status).toBe(200);

  proxy.stall();
  const stalledAt = Date.now();
  const [rest, graphql] = await Promise.all([
    timed((signal) => fetchJson('GET', '/me', undefined, signal)),
    timed((signal) => fetchJson('POST', '/graphql', { query: '{ me { email } }' }, signal)),
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
  const again = await timed((signal) => fetchJson('GET', '/me', undefined, signal));
  console.log(`while still silent (${Date.now() - stalledAt} ms in): answered ${(again.answer as HttpResult).status} after ${again.ms} ms`);
  expect((again.answer as HttpResult).status).toBe(503);
  expect(again.ms).toBeLessThan(1_000);

  // No pooled connection keeps a statement that waits for an answer.
  const idle = () =>
    (vigil.db.pool as unknown as { _idle: Array<{ client: { _queryable: boolean; _activeQuery: unknown } }> })._idle.map(({ client }) => ({
      queryable: client._queryable,
      waitingForAnswer: Boolean(client._activeQuery),
    }));
  expect(idle().filter((client) => !client.queryable || client.waitingForAnswer)).toEqual([]);

  proxy.resume();
  const back = Date.now();
  let first: HttpResult;
  do first = await fetchJson('GET', '/me', undefined, AbortSignal.timeout(20_000));
  while (first.status !== 200 && Date.now() - back < 20_000);
  const recoveredMs = Date.now() - back;
  console.log(`first 200 ${recoveredMs} ms after the database answered again; load ${loadAverage()}`);
  expect(first.status).toBe(200);
  expect(recoveredMs).toBeLessThan(2_000 + MARGIN_MS);
  const burst = await Promise.all(Array.from({ length: 15 }, () => fetchJson('GET', '/me', undefined, AbortSignal.timeout(20_000))));
  expect(burst.map((answer) => answer.status)).toEqual(burst.map(() => 200));
});

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** A request that gives up after 20 s: without the probe the silent database holds it for the 35 s query timeout. */
async function timed(call: (signal: AbortSignal) => Promise<HttpResult>): Promise<{ answer: HttpResult | Error; ms: number }> {
  const started = Date.now();
  const answer = await call(AbortSignal.timeout(20_000)).catch((error: Error) => error);
  return { answer, ms: Date.now() - started };
}

async function fetchJson(method: string, route: string, body: unknown, signal: AbortSignal): Promise<HttpResult> {
  const response = await fetch(vigil.url + route, {
    method,
    signal,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${account.apiKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const raw = await response.text();
  return { status: response.status, body: raw ? JSON.parse(raw) : undefined, headers: response.headers };
}
