import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildOnce, ROOT, runScript, startServiceProcess } from '../support/processes';

/**
 * What bounds the embedded default's memory (bench:boot measures the RSS): PGlite's WebAssembly memory
 * grows as buffers are touched and is never returned, so the database runs with an embedded process's
 * settings, a new database is created (initdb, migrations) in a child process that exits, and
 * `npm start` runs Node with a small young generation and two malloc arenas.
 * PGlite is an ES module jest's runtime cannot import: everything runs in child processes on dist/.
 */
jest.setTimeout(240_000);

const SCRIPT = `
const { openEmbedded } = require(${JSON.stringify(path.join(ROOT, 'dist', 'lib', 'db.js'))});
(async () => {
  const db = await openEmbedded(undefined);
  const settings = {};
  for (const name of ['shared_buffers', 'wal_buffers', 'temp_buffers', 'maintenance_work_mem']) settings[name] = (await db.pool.query('SHOW ' + name)).rows[0][name];
  await db.close();
  process.stdout.write(JSON.stringify(settings));
})();
`;

it('opens PGlite with small buffers: shared_buffers 16MB, wal_buffers 1MB, temp_buffers 1MB, maintenance_work_mem 8MB', async () => {
  await buildOnce();
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, ['-e', SCRIPT], { cwd: ROOT }, (error, out, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(out),
    ),
  );
  expect(JSON.parse(stdout)).toEqual({ shared_buffers: '16MB', wal_buffers: '1MB', temp_buffers: '1MB', maintenance_work_mem: '8MB' });
});

/** The pids of the live processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return (
          Number(
            readFileSync(`/proc/${name}/stat`, 'utf8')
              .replace(/^.*\) /, '')
              .split(' ')[1],
          ) === pid
        );
      } catch {
        return false; // exited meanwhile
      }
    })
    .map(Number);
}

describe('npm start on a new data directory', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-first-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATABASE_URL: '', VIGIL_DATA_DIR: dataDir, SUBGRAPH_BASE_PORT: '0', LOG_LEVEL: 'info', VIGIL_SECRET: '', MALLOC_ARENA_MAX: '' };
  const migrations = readdirSync(path.join(ROOT, 'prisma', 'migrations'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).length;

  it('creates the database and applies every migration in a child process that has exited once Vigil is ready; a later start opens it as it is', async () => {
    const first = await startServiceProcess(env, 180_000, { viaNpm: true });
    try {
      const created = first
        .output()
        .split('\n')
        .filter((line) => line.includes('"embedded database created"'))
        .map((line) => JSON.parse(line) as { migrations: number });
      expect(created).toEqual([expect.objectContaining({ migrations })]);
      expect(childrenOf(first.pid)).toEqual([]);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    const later = await startServiceProcess(env, 180_000, { viaNpm: true });
    try {
      expect(later.output()).not.toContain('embedded database created');
      expect(later.output()).not.toContain('Applying migration');
    } finally {
      expect(await later.stop()).toBe(0);
    }
  });

  it("runs the service's Node with a 16 MB semi-space and two malloc arenas (npm start's command line)", async () => {
    const service = await startServiceProcess(env, 180_000, { viaNpm: true });
    try {
      expect(readFileSync(`/proc/${service.pid}/cmdline`, 'utf8').split('\0')).toContain('--max-semi-space-size=16');
      expect(readFileSync(`/proc/${service.pid}/environ`, 'utf8').split('\0')).toContain('MALLOC_ARENA_MAX=2');
    } finally {
      expect(await service.stop()).toBe(0);
    }
  });
});

it('stops with the reason, and leaves the data directory unlocked, when a new database cannot be created', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-first-start-fails-'));
  try {
    // Where PGlite's data directory would go, a file.
    mkdirSync(path.join(dataDir, 'db'));
    writeFileSync(path.join(dataDir, 'db', 'pgdata'), 'not a directory');
    const run = await runScript('app/main', [], {
      DATABASE_URL: '',
      VIGIL_DATA_DIR: dataDir,
      PORT: '0',
      SUBGRAPH_BASE_PORT: '0',
      LOG_LEVEL: 'warn',
      VIGIL_SECRET: '',
    });
    expect(run.code).toBe(1);
    // PGlite's initdb, writing straight into the data directory (lib/embedded-first-start.ts), says why.
    expect(run.stderr).toContain(`creating the embedded database in ${path.join(dataDir, 'db')} failed: INITDB failed to initialize`);
    expect(run.stderr).toContain('Not a directory');
    expect(readdirSync(path.join(dataDir, 'db'))).toEqual(['pgdata']);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
