// The embedded database's thread (lib/embedded-start.ts starts this file as a worker): PGlite and the
// loopback socket that serves it, so that PostgreSQL's WebAssembly runs beside the JavaScript that answers
// requests instead of between it — opening the database while the rest of Vigil loads at a start, and each
// statement while the main thread plans and shapes answers afterwards.
//
// Tells its parent `{ serving }` (the socket's address) once it serves, or `{ failed }` with the reason;
// closes the database (PostgreSQL's shutdown checkpoint) and the socket when the parent posts `'close'`,
// then ends.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * V8 compiles a WebAssembly function again with its optimising compiler (on background threads) once it
 * has run about this many bytes of code; V8's default is 13 million. A start runs much of PostgreSQL's
 * code a few times each, and on two cores that compilation competed with the start itself: measured
 * with --trace-wasm-compilation-times over a later start of `npm start`, 79 functions optimised (2.0 s of
 * compiler CPU) at the default, 22 (1.3 s) at 65 million, 4 (0.8 s, the largest finishing after /readyz)
 * at 650 million. What every statement runs still crosses it within the first requests. The setting is
 * the process's (V8 has one set of flags).
 */
const WASM_TIERING_BUDGET = 650_000_000;

export interface EmbeddedServerData {
  /** PGlite's data directory; undefined keeps the database in memory. */
  pgdata: string | undefined;
  /** PostgreSQL settings on top of PGlite's own start parameters. */
  settings: string[];
  /**
   * The database is being created (lib/embedded-first-start.ts): PGlite is loaded and its WebAssembly
   * compiled meanwhile, and the database opened once the parent posts `'created'`.
   */
  awaitCreation?: boolean;
}

/** `serving`: the socket's `host:port`. */
export type EmbeddedServerMessage = { serving: string } | { failed: string };

/**
 * What PGlite reads and compiles before it opens a database (its WebAssembly module, its file-system
 * bundle), done while the database is still being created: the open that follows is the last step of a
 * first start.
 */
async function preparedOptions(): Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> {
  const dist = path.dirname(require.resolve('@electric-sql/pglite'));
  const [wasm, bundle] = await Promise.all([readFile(path.join(dist, 'pglite.wasm')), readFile(path.join(dist, 'pglite.data'))]);
  return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([bundle]) };
}

async function serve({ pgdata, settings, awaitCreation }: EmbeddedServerData): Promise<() => Promise<void>> {
  v8.setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
  const created = awaitCreation ? new Promise((resolve) => parentPort?.once('message', resolve)) : undefined;
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const [prepared] = await Promise.all([awaitCreation ? preparedOptions() : {}, created]);
  const lite = new PGlite({ dataDir: pgdata, startParams: [...PGlite.defaultStartParams, ...settings], ...prepared });
  await lite.waitReady;
  // One client: PGlite is one PostgreSQL session; the parent's pool holds that one connection.
  const server = new PGLiteSocketServer({ db: lite, host: '127.0.0.1', port: 0, maxConnections: 1 });
  await server.start();
  parentPort?.postMessage({ serving: server.getServerConn() } satisfies EmbeddedServerMessage);
  return async () => {
    await server.stop();
    await lite.close();
  };
}

if (!parentPort) {
  process.stderr.write('lib/embedded-server runs as a worker thread of lib/embedded-start.ts\n');
  process.exit(2);
}
serve(workerData as EmbeddedServerData).then(
  (close) =>
    parentPort?.once('message', () => {
      close().then(
        () => parentPort?.close(),
        (error: unknown) => {
          throw error;
        },
      );
    }),
  (error: unknown) => {
    // PGlite's file system throws plain objects ({"name":"ErrnoError","errno":54} for a data directory that is a file).
    const failed = error instanceof Error ? error.message : JSON.stringify(error);
    parentPort?.postMessage({ failed } satisfies EmbeddedServerMessage);
  },
);
