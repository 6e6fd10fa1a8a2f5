// `npm run db:migrate`: applies prisma/migrations to the database Vigil uses: PostgreSQL at
// DATABASE_URL, else the embedded PGlite database in VIGIL_DATA_DIR (when no `npm start` holds it;
// a running service applied them at its start already).

import { loadConfig } from '../lib/config';
import { type Database, openDatabase } from '../lib/db';
import { setLogLevel } from '../lib/log';
import { MigrationError, migrateDatabase } from '../lib/migrate';

async function main(): Promise<number> {
  setLogLevel('warn');
  const config = loadConfig();
  let db: Database;
  try {
    db = await openDatabase(config);
  } catch (err) {
    if (!config.databaseUrl && /in use by process/.test((err as Error).message)) {
      console.log('The embedded database is held by a running `npm start`, which applied the migrations when it started.');
      return 0;
    }
    throw err;
  }
  try {
    const result = await migrateDatabase(db, { log: (line) => console.error(line) });
    for (const name of result.applied) console.log(`applied ${name}`);
    console.log(
      result.applied.length === 0
        ? `No pending migrations (${result.alreadyApplied} already applied).`
        : `Applied ${result.applied.length} migration(s); ${result.alreadyApplied} were already applied.`,
    );
    return 0;
  } catch (err) {
    if (err instanceof MigrationError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  },
);
