import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RunningVigil, startVigil } from '../app/vigil';
import { COMMANDS } from '../cli/commands';
import { loadConfig } from '../lib/config';
import { setLogLevel } from '../lib/log';
import { freePort, ROOT } from './support/processes';
import { createTestDatabase, request } from './support/vigil';

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

  const started = Date.now();
  const graphql = await request(vigil.url, 'POST', '/graphql', { key, body: alertsQuery });
  const rest = await request(vigil.url, 'GET', scanTargets, { key });
  expect(Date.now() - started).toBeLessThan(10_000);
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
