import type { RetentionSettings } from '../lib/config';
import type { JobDatabase } from '../lib/jobs/queue';
import type { JobHandler } from '../lib/jobs/runner';
import { EVENTS_LOG } from '../lib/retention';

/**
 * Rows deleted per statement. Each batch is its own short transaction taking the oldest rows through
 * the table's "createdAt" index: it locks only the rows it deletes, for milliseconds, so writers and
 * readers of the same table never wait on the purge (measured, docs/operations.md#retention).
 */
export const PURGE_BATCH = 5_000;

/** The tables retention applies to (each with an index on "createdAt", migration 20261201000300_retention). */
const TABLES = [
  { setting: 'eventsMs', table: 'documents.events', log: EVENTS_LOG },
  { setting: 'alertHistoryMs', table: 'alerts.alert_history', log: null },
  { setting: 'webhookDeliveriesMs', table: 'documents.webhook_deliveries', log: null },
] as const;

/**
 * `retention.purge` (enqueued every VIGIL_RETENTION_INTERVAL_MS): deletes event log entries, alert
 * history entries and webhook delivery attempts older than their retention (forever = the table is
 * left alone). Idempotent: a run after a lost lease deletes what is still due and nothing else.
 * Expired documents and their files are documents.expire's (workers/documents-expire.ts).
 * The event log's purge mark is the highest seq deleted; "createdAt" is a transaction's start, so a
 * row of a long transaction may sit below the mark un-deleted for a while: the mark errs towards
 * refusing a cursor, never towards a silent gap.
 */
export function purgeByRetention(db: JobDatabase, settings: RetentionSettings): JobHandler<'retention.purge'> {
  return async (_payload, { signal }) => {
    for (const { setting, table, log } of TABLES) {
      const keepMs = settings[setting];
      if (keepMs === null) continue;
      while (!signal.aborted) {
        const deleted = await purgeBatch(db, table, log, keepMs);
        if (deleted < PURGE_BATCH) break;
      }
    }
  };
}

/** One batch: up to PURGE_BATCH of the oldest rows older than `keepMs` deleted; the log's purge mark raised with them. */
async function purgeBatch(db: JobDatabase, table: string, log: string | null, keepMs: number): Promise<number> {
  const doomed = `WITH doomed AS (
      DELETE FROM ${table} t WHERE t.seq IN (
        SELECT seq FROM ${table} WHERE "createdAt" < now() - $1::bigint * interval '1 millisecond' ORDER BY "createdAt" LIMIT ${PURGE_BATCH})
      RETURNING t.seq)`;
  if (!log) {
    const { rows } = await db.pool.query<{ n: string }>(`${doomed} SELECT count(*)::text AS n FROM doomed`, [keepMs]);
    return Number(rows[0].n);
  }
  // The mark moves in the same statement (one transaction) as the delete: no reader sees the rows gone and the mark behind.
  const { rows } = await db.pool.query<{ n: string }>(
    `${doomed}, marked AS (
       INSERT INTO documents.purged_logs (log, "throughSeq", "purgedAt")
       SELECT $2, max(seq), now() FROM doomed HAVING count(*) > 0
       ON CONFLICT (log) DO UPDATE SET "throughSeq" = GREATEST(documents.purged_logs."throughSeq", EXCLUDED."throughSeq"), "purgedAt" = now()
       RETURNING 1)
     SELECT (SELECT count(*) FROM doomed)::text AS n, (SELECT count(*) FROM marked) AS m`,
    [keepMs, log],
  );
  return Number(rows[0].n);
}
