import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runScript, type ServiceProcess, startServiceProcess } from '../../support/processes';
import { createTestDatabase, postLarge, request } from '../../support/vigil';

jest.setTimeout(240_000);

// `npm start` on PostgreSQL, killed (SIGKILL) while it reconciles a large findings document.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: pg.Client;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-kill-'));
let env: NodeJS.ProcessEnv;
let service: ServiceProcess | null = null;

beforeAll(async () => {
  database = await createTestDatabase();
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  env = {
    DATABASE_URL: database.url,
    VIGIL_SECRET: randomBytes(8).toString('hex'),
    VIGIL_DATA_DIR: dataDir,
    SUBGRAPH_BASE_PORT: '0',
    LOG_LEVEL: 'warn',
    VIGIL_SCHEDULER: 'off',
  };
});

afterAll(async () => {
  await service?.stop();
  await sql?.end();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const findings = (n: number, prefix: string) => ({
  format: 'vigil',
  findings: Array.from({ length: n }, (_, i) => ({ rule: 'aws-s3-bucket-public', resource: `arn:aws:s3:::${prefix}-${i}` })),
});

it('recovers a scan killed mid-ingestion at the next start: nothing half-applied, and the target takes findings at once', async () => {
  service = await startServiceProcess(env);
  const boot = await runScript('cli/vigil.ts', ['bootstrap', '--email', 'kill@example.com', '--organization', 'Kill'], env);
  const account = JSON.parse(boot.stdout.trim()) as { organizationId: string; apiKey: string };
  const key = account.apiKey;
  const target = await request(service.url, 'POST', `/organizations/${account.organizationId}/scantargets`, {
    key,
    body: { name: 'prod', kind: 'AWS', credential: { account: '123456789012' } },
  });
  expect(target.status).toBe(200);
  const findingsPath = `/organizations/${account.organizationId}/scantargets/${target.body.id}/findings`;
  expect((await request(service.url, 'POST', findingsPath, { key, body: findings(3, 'before') })).status).toBe(200);
  const alertsNow = async () =>
    (await sql.query(`SELECT id, resource, state, version FROM alerts.alerts WHERE "scanTargetId" = $1 ORDER BY resource`, [target.body.id])).rows;
  const historyCount = async () =>
    (await sql.query(`SELECT count(*)::int AS n FROM alerts.alert_history WHERE "scanTargetId" = $1`, [target.body.id])).rows[0].n;
  const before = await alertsNow();
  const historyBefore = await historyCount();
  expect(before).toHaveLength(3);

  // A large document: killed once its scan is RUNNING, i.e. while the reconciliation works.
  // On a connection of its own (postLarge): a kept-alive one could race the server's keep-alive timeout.
  let answered: unknown;
  const big = postLarge(service.url, findingsPath, { key, body: JSON.stringify(findings(150_000, 'big')) }).answer.then(
    (response) => (answered = response),
    (error: Error) => (answered = error),
  );
  const deadline = Date.now() + 120_000;
  let running: string | undefined;
  while (!running) {
    running = (await sql.query(`SELECT id FROM alerts.scans WHERE "scanTargetId" = $1 AND status = 'RUNNING'`, [target.body.id])).rows[0]?.id;
    if (!running && answered)
      throw new Error(`the ingestion was answered before it was seen running: ${String((answered as Error).message ?? JSON.stringify(answered))}`);
    if (Date.now() > deadline) throw new Error('the ingestion never started');
    if (!running) await new Promise((r) => setTimeout(r, 10));
  }
  await service.kill();
  service = null;
  // The client saw its connection cut, not an answer.
  await big;
  expect(answered).toMatchObject({ message: expect.stringMatching(/socket hang up|ECONNRESET/) });

  // Nothing of the killed ingestion is applied.
  expect((await sql.query(`SELECT status FROM alerts.scans WHERE id = $1`, [running])).rows[0].status).toBe('RUNNING');
  expect(await alertsNow()).toEqual(before);
  expect(await historyCount()).toBe(historyBefore);

  service = await startServiceProcess(env);
  const scan = (await sql.query(`SELECT status, error FROM alerts.scans WHERE id = $1`, [running])).rows[0];
  expect(scan).toEqual({ status: 'FAILED', error: expect.stringMatching(/stopped before finishing/) });
  expect(await alertsNow()).toEqual(before);
  const again = await request(service.url, 'POST', findingsPath, { key, body: findings(2, 'before') });
  expect(again.status).toBe(200);
  expect(again.body).toMatchObject({ status: 'DONE', summary: { findings: 2, closed: 1 } });
});
