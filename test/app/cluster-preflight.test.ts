import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { restartDelayMs } from '../../app/cluster-members';
import { freePort, spawnCompiled } from '../support/processes';
import { createTestDatabase } from '../support/vigil';

/**
 * `npm run start:cluster` without what its members need (issue 22): it checks the database (and Redis
 * when REDIS_URL is set) before starting any member, and stops with one clear line and a non-zero
 * exit, instead of logging "cluster up" and restarting its members forever; members that keep
 * exiting are started again after a growing pause.
 */
jest.setTimeout(120_000);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-cluster-preflight-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function runCluster(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const port = await freePort();
  const child = await spawnCompiled('app/cluster', [], {
    env: {
      ...process.env,
      PORT: String(port),
      VIGIL_DATA_DIR: dataDir,
      VIGIL_SECRET: 'cluster-preflight-secret-0123456789ab',
      LOG_LEVEL: 'info',
      REDIS_URL: '',
      ...env,
    },
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  // It must decide on its own; after 30 s it is taken as running, and its whole group (members too) killed.
  const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 30_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, stderr, stdout };
}

it('without its database: one line naming DATABASE_URL, exit 1, no member started', async () => {
  const closed = await freePort();
  const run = await runCluster({ DATABASE_URL: `postgresql://root@127.0.0.1:${closed}/vigil` });
  expect(run.code).toBe(1);
  const lines = run.stderr.split('\n').filter((line) => line.trim() !== '');
  expect(lines).toEqual([
    expect.stringMatching(
      new RegExp(
        `^npm run start:cluster: the database of DATABASE_URL \\(127\\.0\\.0\\.1:${closed}\\) cannot be reached: .*ECONNREFUSED.*; no member started\\.$`,
      ),
    ),
  ]);
  expect(run.stdout).toBe('');
  expect(readdirSync(dataDir)).not.toContain('cluster.json');
});

it('with REDIS_URL set and Redis away: one line naming REDIS_URL, exit 1', async () => {
  const database = await createTestDatabase();
  try {
    const closed = await freePort();
    const run = await runCluster({ DATABASE_URL: database.url, REDIS_URL: `redis://127.0.0.1:${closed}` });
    expect(run.code).toBe(1);
    const lines = run.stderr.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toEqual([
      expect.stringMatching(/^npm run start:cluster: Redis of REDIS_URL \(127\.0\.0\.1:\d+\) cannot be reached: .*; no member started\.$/),
    ]);
  } finally {
    await database.drop();
  }
});

it('a member that keeps exiting is started again after 1, 2, 4 … seconds, at most 30', () => {
  expect([1, 2, 3, 4, 5, 6, 7, 20].map(restartDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
});
