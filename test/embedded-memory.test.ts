import { execFile } from 'node:child_process';
import path from 'node:path';
import { buildOnce, ROOT } from './support/processes';

/**
 * The embedded database runs with an embedded process's memory settings, not PGlite's server defaults
 * (shared_buffers 128MB, maintenance_work_mem 64MB …): its WebAssembly memory grows as buffers are
 * touched and is never returned, so these bound what `npm start` keeps (bench:boot measures the RSS).
 * Run in a child process on the compiled code: PGlite is an ES module jest's runtime cannot import.
 */
jest.setTimeout(120_000);

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
