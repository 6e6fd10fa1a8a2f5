// A new embedded data directory is created in a child process of its own (lib/embedded-start.ts forks this
// file): initdb, then the migrations, then the process exits. PGlite runs initdb on a second, temporary
// PostgreSQL instance and the migrations grow its WebAssembly memory; neither is ever given back to
// the operating system, so in the server they stayed for its lifetime (idle RSS 538–553 MB after a
// first start against 359–393 MB after a later one, bench:boot). Here they end with the child, and the
// server opens a data directory that is already there, as at any later start.
//
// PGlite runs in this process's own thread, served on a loopback socket to one pg connection that
// lib/migrate.ts applies the migrations over, as it does for the server: this child loads neither the
// Prisma client nor a thread of its own for PGlite, both on a first start's longest path.
//
// Reports on its IPC channel: `{ applied: string[] }` when done; an error's message on stderr and exit
// code 1 otherwise.

import path from 'node:path';
import { MemoryFS, PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
import { EMBEDDED_SETTINGS, embeddedSocketUrl } from './embedded-start';
import { applyMigrations } from './migrate';

/**
 * The data directory on disk, as `dataDir` opens it (PGlite's NodeFS mounts it), in a file system PGlite
 * takes for a MemoryFS. That is what decides where PGlite 0.5 runs initdb: for a MemoryFS, straight into
 * this file system; for any other, into memory, then every file copied over from a tar archive of it.
 * On disk the two end the same; the copy touched more memory (this child alone: 225–235k → 147–148k page
 * faults, peak RSS 570–600 → 490–500 MB; in a whole first start ~0.3 s less CPU). Should a later
 * PGlite decide otherwise, the files still reach the disk, by the copy.
 */
class DataDirOnDisk extends MemoryFS {
  readonly #disk: NodeFS;

  constructor(pgdata: string) {
    super();
    this.#disk = new NodeFS(pgdata);
  }

  override init(...[pg, options]: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    this.pg = pg;
    return this.#disk.init(pg, options);
  }

  override closeFs(): Promise<void> {
    return this.#disk.closeFs();
  }
}

async function main(dir: string): Promise<string[]> {
  const lite = new PGlite({ fs: new DataDirOnDisk(path.join(dir, 'pgdata')), startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS] });
  await lite.waitReady;
  try {
    const server = new PGLiteSocketServer({ db: lite, host: '127.0.0.1', port: 0, maxConnections: 1 });
    await server.start();
    try {
      const pool = new pg.Pool({ connectionString: embeddedSocketUrl(server.getServerConn()), max: 1 });
      try {
        return (await applyMigrations(pool, { log: () => undefined })).applied;
      } finally {
        await pool.end();
      }
    } finally {
      await server.stop();
    }
  } finally {
    // PostgreSQL's shutdown checkpoint: the server opens the database as a cleanly closed one.
    await lite.close();
  }
}

const dir = process.argv[2];
if (!dir || !process.send) {
  process.stderr.write('usage: forked by lib/embedded-start.ts with the data directory as its argument\n');
  process.exit(2);
}
main(dir).then(
  (applied) => process.send?.({ applied }, () => process.disconnect()),
  (error: unknown) => {
    // PGlite's file system throws plain objects ({"name":"ErrnoError","errno":54} for a data directory that is a file).
    const detail = error instanceof Error ? error.message : JSON.stringify(error);
    process.stderr.write(`creating the embedded database in ${dir} failed: ${detail}\n`);
    process.exit(1);
  },
);
