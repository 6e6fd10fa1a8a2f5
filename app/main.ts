// Tracing first: it instruments HTTP before anything loads it (lib/tracing.ts).
import '../lib/tracing';
import '../lib/production-mode';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../lib/config';
import { embeddedDatabaseDir, startEmbedded } from '../lib/embedded-start';
import { log } from '../lib/log';
import { stopOnSignals } from '../lib/shutdown';

/** `npm start`: the whole service, one process, one terminal. */
async function main() {
  const config = loadConfig();
  // The database is opened before the rest of Vigil loads (~0.6 s of CPU: the gateway, the subgraphs, express):
  // a new embedded database is created by a child process (lib/embedded-start.ts) meanwhile, on another core
  // when there is one. Measured with bench:boot: see bench/README.md. The embedded start begins before
  // lib/db.ts loads pg and the Prisma client, which its child does not wait for.
  const embedded = config.databaseUrl ? undefined : startEmbedded(embeddedDatabaseDir(config.dataDir));
  embedded?.catch(() => undefined); // awaited by openDatabase; a failure is reported there
  const { openDatabase } = require('../lib/db') as typeof import('../lib/db');
  const opening = openDatabase(config, embedded);
  opening.catch(() => undefined); // awaited by startVigil; a failure is reported there
  const { startVigil } = require('./vigil') as typeof import('./vigil');
  const runtimeFile = path.join(config.dataDir, 'runtime.json');
  const starting = startVigil(config, { opening });
  // The signal handlers are in place before anything announces readiness (the "up" line, runtime.json,
  // /readyz): a Ctrl-C at any instant of the start is the orderly stop, which waits for the start to
  // finish and then closes what it opened. Before, a signal right after "Vigil is up" took Node's default
  // action (exit at once, runtime.json and the embedded database's files left behind).
  let stopping = false;
  stopOnSignals('Vigil', config.shutdownTimeoutMs, async () => {
    stopping = true;
    const running = await starting.catch(() => undefined);
    await running?.close();
    rmSync(runtimeFile, { force: true });
  });
  const vigil = await starting;
  if (stopping) return;
  log.info('Vigil is up', {
    graphql: `${vigil.url}/graphql`,
    rest: vigil.url,
    database: vigil.db.mode === 'embedded' ? `embedded (PGlite in ${config.dataDir})` : 'PostgreSQL (DATABASE_URL)',
  });
  // Lets `npm run vigil` and `npm run seed` reach this process while it holds the embedded database.
  // With VIGIL_SECRET and DATABASE_URL set nothing else has created the data directory.
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(runtimeFile, JSON.stringify({ pid: process.pid, url: vigil.url }));
}

main().catch((error) => {
  // A configuration problem is for a person at a terminal: the list as it is, not an escaped log field.
  if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
  log.error('Vigil failed to start', { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
