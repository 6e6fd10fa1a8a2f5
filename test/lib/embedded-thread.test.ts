import { execFile } from 'node:child_process';
import path from 'node:path';
import { buildOnce, ROOT } from '../support/processes';

/**
 * The embedded database (PGlite) runs in a thread of its own (lib/embedded-server.ts): a statement that
 * keeps PostgreSQL busy leaves the thread that answers requests free. PGlite is an ES module jest's
 * runtime cannot import: the script runs in a child process on dist/.
 */
jest.setTimeout(120_000);

const SCRIPT = `
const { openEmbedded } = require(${JSON.stringify(path.join(ROOT, 'dist', 'lib', 'db.js'))});
(async () => {
  const db = await openEmbedded(undefined);
  await db.pool.query('SELECT 1');
  // How late this thread's timers fire while PostgreSQL works through a long statement.
  let worstLateMs = 0;
  let expected = performance.now() + 10;
  const timer = setInterval(() => {
    worstLateMs = Math.max(worstLateMs, performance.now() - expected);
    expected = performance.now() + 10;
  }, 10);
  const began = performance.now();
  await db.pool.query('SELECT count(*) FROM generate_series(1, 3000000) AS n WHERE n % 7 = 3');
  const statementMs = performance.now() - began;
  clearInterval(timer);
  await db.close();
  process.stdout.write(JSON.stringify({ statementMs, worstLateMs }));
})();
`;

it('runs a long statement without stalling the thread that serves requests', async () => {
  await buildOnce();
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, ['-e', SCRIPT], { cwd: ROOT }, (error, out, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(out),
    ),
  );
  const { statementMs, worstLateMs } = JSON.parse(stdout) as { statementMs: number; worstLateMs: number };
  // The statement is long enough to matter; in the serving thread it would hold every timer for all of it.
  expect(statementMs).toBeGreaterThan(200);
  expect(worstLateMs).toBeLessThan(statementMs / 2);
});
