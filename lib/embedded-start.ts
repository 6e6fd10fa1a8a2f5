// The embedded database's start (lib/db.ts opens its pool over it): the data directory's lock, a new
// database created in a child process (lib/embedded-first-start.ts), then PGlite's thread
// (lib/embedded-server.ts) serving it on a loopback socket. Node's built-ins only, so that `npm start`
// (app/main.ts) begins it before loading pg and the Prisma client: the child that creates a new database
// is the longest part of a first start.

import { fork } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { EmbeddedServerData, EmbeddedServerMessage } from './embedded-server';

/**
 * PGlite starts with a server's memory settings (shared_buffers 128MB, maintenance_work_mem 64MB …), all
 * inside the process's WebAssembly memory, which grows as buffers are touched and is never returned. One
 * process, one session and small embedded data sets need far less. Measured with PGlite alone on this
 * machine (Node 24, migrations applied): idle RSS after a reopen 314 → 175 MB, after a first start
 * 429 → 340 MB; open times unchanged (0.46–0.48 s reopen, 4.2–4.5 s new data).
 */
export const EMBEDDED_SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'wal_buffers=1MB', '-c', 'temp_buffers=1MB', '-c', 'maintenance_work_mem=8MB'];

/** The URL pg reaches PGlite's loopback socket at (`host:port`, PGLiteSocketServer's getServerConn()). */
export function embeddedSocketUrl(hostAndPort: string): string {
  return `postgresql://postgres@${hostAndPort}/postgres?sslmode=disable`;
}

/** Where the embedded database lives in Vigil's data directory. */
export function embeddedDatabaseDir(dataDir: string): string {
  return path.join(dataDir, 'db');
}

function holdDataDirLock(dir: string): () => void {
  const lockFile = path.join(dir, 'vigil.pid');
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8'));
    let alive = false;
    try {
      if (pid && pid !== process.pid) {
        process.kill(pid, 0);
        alive = true;
      }
    } catch {
      alive = false;
    }
    if (alive) {
      throw new Error(
        `The embedded database in ${dir} is in use by process ${pid}. Stop it, or set DATABASE_URL to share a PostgreSQL server between processes.`,
      );
    }
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

/**
 * Creates a new embedded database (initdb and the migrations) in a child process (lib/embedded-first-start.ts)
 * whose memory is returned when it exits; resolves with the migrations it applied. The child runs
 * under the caller's data-directory lock and with V8's baseline WebAssembly compiler only
 * (--liftoff-only): it runs each of PostgreSQL's functions a few times, where compiling the hot ones
 * again with the optimising compiler cost more than it saved (measured: 4.7 → 3.2 s CPU, peak RSS
 * 1,065 → 552 MB for initdb and the migrations).
 */
function createInChildProcess(dir: string): Promise<string[]> {
  // The same file type as this one: dist/lib/*.js when compiled, lib/*.ts under tsx (whose loader the child inherits with execArgv).
  const entry = path.join(__dirname, `embedded-first-start${path.extname(__filename)}`);
  const child = fork(entry, [dir], { execArgv: [...process.execArgv, '--liftoff-only'], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  let applied: string[] | undefined;
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  child.on('message', (message: { applied: string[] }) => (applied = message.applied));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 && applied
        ? resolve(applied)
        : reject(new Error(stderr.trim() || `creating the embedded database in ${dir} failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

export interface EmbeddedServer {
  url: string;
  /** Closes the database (its shutdown checkpoint) and the socket; resolves when the thread has ended. */
  close(): Promise<void>;
}

/**
 * PGlite in a thread of its own (lib/embedded-server.ts), served on a loopback socket as before: at a start
 * it opens the database while this thread loads the rest of Vigil, and afterwards PostgreSQL's
 * WebAssembly runs beside the requests' JavaScript instead of taking turns with it. A thread that fails
 * after it served takes the process down, as PGlite failing in this thread did.
 */
function startEmbeddedServer(data: EmbeddedServerData): { worker: Worker; serving: Promise<EmbeddedServer> } {
  // The same file type as this one (dist/lib/*.js, or lib/*.ts under tsx, whose loader the worker inherits with execArgv).
  const worker = new Worker(path.join(__dirname, `embedded-server${path.extname(__filename)}`), { workerData: data });
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const serving = new Promise<EmbeddedServer>((resolve, reject) => {
    const failedToStart = (error: Error) => reject(new Error(`the embedded database did not start: ${error.message}`));
    worker.once('error', failedToStart);
    worker.once('exit', (code) => failedToStart(new Error(`its thread ended (exit code ${code})`)));
    worker.once('message', (message: EmbeddedServerMessage) => {
      if ('failed' in message) {
        void worker.terminate();
        reject(new Error(message.failed));
        return;
      }
      worker.off('error', failedToStart);
      worker.on('error', (error) => {
        throw error;
      });
      resolve({
        url: embeddedSocketUrl(message.serving),
        async close() {
          worker.postMessage('close');
          await ended;
        },
      });
    });
  });
  return { worker, serving };
}

/** What a start created: the migrations a new database was given (none when it existed). */
export interface EmbeddedStart extends EmbeddedServer {
  created?: { migrations: number; ms: number };
}

/**
 * Starts the embedded database in `dir` (undefined: in memory, for tests): takes the data directory's
 * lock, creates the database in a child process when the directory has none, then serves it. The lock is
 * released when the start fails, or by close().
 */
export async function startEmbedded(dir: string | undefined): Promise<EmbeddedStart> {
  let releaseLock = () => {};
  let created: EmbeddedStart['created'];
  try {
    if (dir) {
      mkdirSync(dir, { recursive: true });
      releaseLock = holdDataDirLock(dir);
    }
    const pgdata = dir ? path.join(dir, 'pgdata') : undefined;
    let server: EmbeddedServer;
    if (dir && !existsSync(path.join(dir, 'pgdata', 'PG_VERSION'))) {
      const started = Date.now();
      const creating = createInChildProcess(dir);
      // PGlite's thread prepares meanwhile (lib/embedded-server.ts), on the other core when there is one.
      const { worker, serving } = startEmbeddedServer({ pgdata, settings: EMBEDDED_SETTINGS, awaitCreation: true });
      serving.catch(() => undefined); // awaited below, once the database exists
      let applied: string[];
      try {
        applied = await creating;
      } catch (error) {
        await worker.terminate();
        throw error;
      }
      created = { migrations: applied.length, ms: Date.now() - started };
      worker.postMessage('created');
      server = await serving;
    } else {
      server = await startEmbeddedServer({ pgdata, settings: EMBEDDED_SETTINGS }).serving;
    }
    return {
      url: server.url,
      created,
      async close() {
        await server.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
