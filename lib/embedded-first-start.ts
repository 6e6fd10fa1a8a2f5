// A new embedded data directory is created in a child process of its own (lib/db.ts forks this file):
// initdb, then the migrations, then the process exits. PGlite runs initdb on a second, temporary
// PostgreSQL instance and the migrations grow its WebAssembly memory; neither is ever given back to
// the operating system, so in the server they stayed for its lifetime (idle RSS 538–553 MB after a
// first start against 359–393 MB after a later one, bench:boot). Here they end with the child, and the
// server opens a data directory that is already there, as at any later start.
//
// Reports on its IPC channel: `{ applied: string[] }` when done; an error's message on stderr and exit
// code 1 otherwise.

import { openEmbedded } from './db';
import { applyMigrations } from './migrate';

async function main(dir: string): Promise<string[]> {
  const db = await openEmbedded(dir, { create: 'here', lockHeld: true });
  try {
    return (await applyMigrations(db.pool, { log: () => undefined })).applied;
  } finally {
    await db.close();
  }
}

const dir = process.argv[2];
if (!dir || !process.send) {
  process.stderr.write('usage: forked by lib/db.ts with the data directory as its argument\n');
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
