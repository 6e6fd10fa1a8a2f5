import { spawn } from 'node:child_process';
import { ROOT } from './processes';

// PGlite loads its WASM through dynamic import(), which Jest's module sandbox rejects without
// --experimental-vm-modules; so the embedded server runs in a plain Node child (as in
// test/lib/migrations.test.ts), served by pglite-socket with one connection, as openEmbedded does.
const SERVER = `
const { PGlite } = require('@electric-sql/pglite');
const { PGLiteSocketServer } = require('@electric-sql/pglite-socket');
(async () => {
  const db = new PGlite();
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 1 });
  await server.start();
  process.stdout.write(server.getServerConn() + '\\n');
  process.stdin.on('end', async () => { await server.stop(); await db.close(); process.exit(0); });
  process.stdin.resume();
})().catch((err) => { console.error(err); process.exit(1); });
`;

/** An in-memory PGlite behind pglite-socket in a child process; `url` for a pg.Pool of max 1. */
export async function startPgliteServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['-e', SERVER], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const conn = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    void exited.then((code) => reject(new Error(`PGlite server exited early with code ${String(code)}`)));
  });
  return {
    url: `postgresql://postgres@${conn}/postgres?sslmode=disable`,
    async stop() {
      child.stdin.end();
      const timer = setTimeout(() => child.kill(), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
