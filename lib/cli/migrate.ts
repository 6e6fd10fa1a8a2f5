// `npm run db:migrate`: applies prisma/migrations to the PostgreSQL database at DATABASE_URL.

import { Pool } from 'pg';
import { applyMigrations, MigrationError } from '../migrate';

async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log(
      'DATABASE_URL is not set: nothing to migrate here. In embedded mode (PGlite) the migrations are applied ' +
        'automatically at `npm start`; set DATABASE_URL to migrate a PostgreSQL server.',
    );
    return 0;
  }
  const pool = new Pool({ connectionString: url, max: 1 });
  try {
    const result = await applyMigrations(pool, { log: (line) => console.error(line) });
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
    await pool.end();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  },
);
