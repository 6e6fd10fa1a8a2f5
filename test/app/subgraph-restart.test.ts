import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RunningVigil, startVigil } from '../../app/vigil';
import { COMMANDS } from '../../cli/commands';
import { loadConfig } from '../../lib/config';
import { setLogLevel } from '../../lib/log';
import { freePort, ROOT } from '../support/processes';
import { createTestDatabase, request } from '../support/vigil';

jest.setTimeout(180_000);

// The alerts subgraph as its own process (npm run start:subgraph -- alerts), killed and restarted
// behind a gateway that keeps running.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-subgraph-restart-'));
const secret = randomBytes(8).toString('hex');
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let alertsPort: number;
let alerts: ChildProcess | null = null;
let vigil: RunningVigil;
let account: { apiKey: string; organizationId: string };

async function startAlertsSubgraph(): Promise<ChildProcess> {
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['app/subgraph-main.ts', 'alerts'], {
    cwd: ROOT,
    // Its own process group: tsx runs the subgraph in a child node process, and the kill must reach it.
    detached: true,
    env: { ...process.env, DATABASE_URL: database.url, VIGIL_SECRET: secret, ALERTS_PORT: String(alertsPort), VIGIL_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  let output = '';
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const health = await fetch(`http://127.0.0.1:${alertsPort}/healthz`).catch(() => undefined);
    if (health?.ok) return child;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`alerts subgraph did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, signal);
  await exited;
}

beforeAll(async () => {
  setLogLevel('silent');
  database = await createTestDatabase();
  alertsPort = await freePort();
  alerts = await startAlertsSubgraph();
  vigil = await startVigil(
    loadConfig({
      DATABASE_URL: database.url,
      PORT: '0',
      SUBGRAPH_BASE_PORT: '0',
      VIGIL_SECRET: secret,
      VIGIL_DATA_DIR: dataDir,
      ALERTS_URL: `http://127.0.0.1:${alertsPort}/graphql`,
      VIGIL_SCHEDULER: 'off',
    }),
  );
  account = (await COMMANDS.bootstrap.run(vigil.db, { email: 'restart@example.com', organization: 'Restart' }, () => undefined)) as typeof account;
});

afterAll(async () => {
  await vigil?.close();
  if (alerts) await kill(alerts, 'SIGTERM');
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const alertsQuery = { query: '{ rules { id } }' };

it('answers a coded 503 at once while a subgraph process is down, says not ready, and serves again once it is back, without a gateway restart', async () => {
  const key = account.apiKey;
  const scanTargets = `/organizations/${account.organizationId}/scantargets`;
  expect((await request(vigil.url, 'POST', '/graphql', { key, body: alertsQuery })).status).toBe(200);
  expect((await request(vigil.url, 'GET', scanTargets, { key })).status).toBe(200);

  await kill(alerts!, 'SIGKILL');
  alerts = null;

  // "At once": a request that needs the dead subgraph is answered about as fast as one the live subgraphs serve,
  // the two alternated in the same run (a fixed 10 s bar raced the machine's load, and let a retry of seconds pass).
  const [downMs, liveMs]: [number[], number[]] = [[], []];
  const timed = async (into: number[], method: string, path: string, body?: unknown) => {
    const started = performance.now();
    const res = await request(vigil.url, method, path, { key, body });
    into.push(performance.now() - started);
    return res;
  };
  const graphql = await timed(downMs, 'POST', '/graphql', alertsQuery);
  const rest = await timed(downMs, 'GET', scanTargets);
  for (let round = 0; round < 4; round++) {
    expect((await timed(liveMs, 'GET', '/me')).status).toBe(200);
    expect((await timed(downMs, 'POST', '/graphql', alertsQuery)).status).toBe(503);
    expect((await timed(liveMs, 'GET', '/me')).status).toBe(200);
    expect((await timed(downMs, 'GET', scanTargets)).status).toBe(503);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
  console.log(
    `with the alerts subgraph down: 503 in ${downMs.map((v) => v.toFixed(0)).join(', ')} ms; /me in ${liveMs.map((v) => v.toFixed(0)).join(', ')} ms (load ${os.loadavg()[0].toFixed(1)})`,
  );
  expect(median(downMs)).toBeLessThan(5 * median(liveMs));
  expect(graphql.status).toBe(503);
  expect(graphql.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(graphql.body.errors).toEqual([expect.objectContaining({ extensions: { code: 'SERVICE_UNAVAILABLE' } })]);
  expect(rest.status).toBe(503);
  expect(rest.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(rest.body).toEqual({ statusCode: 503, error: 'ServiceUnavailable', message: expect.any(String) });
  expect(JSON.stringify([graphql.body, rest.body])).not.toContain(String(alertsPort));
  // What the other subgraphs serve is unaffected.
  expect((await request(vigil.url, 'GET', '/me', { key })).status).toBe(200);
  const ready = await request(vigil.url, 'GET', '/readyz');
  expect(ready.status).toBe(503);
  expect(ready.body).toEqual({ status: 'unavailable', down: ['subgraph alerts'] });

  alerts = await startAlertsSubgraph();
  expect((await request(vigil.url, 'POST', '/graphql', { key, body: alertsQuery })).body.errors).toBeUndefined();
  expect((await request(vigil.url, 'GET', scanTargets, { key })).status).toBe(200);
  expect((await request(vigil.url, 'GET', '/readyz')).body).toMatchObject({ status: 'ready' });
});
