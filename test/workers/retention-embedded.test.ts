import { Pool } from 'pg';
import { retentionSettings } from '../../lib/config';
import { applyMigrations } from '../../lib/migrate';
import { purgedThrough, requireRetained } from '../../lib/retention';
import { PURGE_BATCH, purgeByRetention } from '../../workers/retention-purge';
import { startPgliteServer } from '../support/pglite-server';

/** The retention purge and its cursor mark on the embedded database (PGlite through pglite-socket, one connection, as lib/db.ts opens it). */
jest.setTimeout(120_000);

it('purges the event log in batches and expires the cursors before what it purged, on the embedded database', async () => {
  const server = await startPgliteServer();
  const pool = new Pool({ connectionString: server.url, max: 1 });
  try {
    await applyMigrations(pool, { log: () => undefined });
    const org = '00000000-0000-4000-8000-000000000001';
    await pool.query(
      `INSERT INTO documents.events (id, "organizationId", name, source, "createdAt")
       SELECT gen_random_uuid(), $1, 'OrganizationUpdated', 'test', now() - interval '2 hours' FROM generate_series(1, $2::int)`,
      [org, PURGE_BATCH + 10],
    );
    await pool.query(
      `INSERT INTO documents.events (id, "organizationId", name, source) SELECT gen_random_uuid(), $1, 'OrganizationUpdated', 'test' FROM generate_series(1, 3)`,
      [org],
    );
    const { rows } = await pool.query<{ oldest: string; newest: string; lastOld: string }>(
      `SELECT min(seq)::text AS oldest, max(seq)::text AS newest, max(seq) FILTER (WHERE "createdAt" < now() - interval '1 hour')::text AS "lastOld" FROM documents.events`,
    );
    await requireRetained(pool, rows[0].oldest); // nothing purged yet

    await purgeByRetention({ pool }, { ...retentionSettings(), eventsMs: 3_600_000 })({}, { signal: new AbortController().signal } as never);

    expect((await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM documents.events`)).rows[0].n).toBe(3);
    expect(await purgedThrough(pool)).toBe(BigInt(rows[0].lastOld));
    await expect(requireRetained(pool, rows[0].oldest)).rejects.toMatchObject({ code: 'CURSOR_EXPIRED' });
    await requireRetained(pool, rows[0].lastOld);
    await requireRetained(pool, rows[0].newest);
  } finally {
    await pool.end();
    await server.stop();
  }
});
