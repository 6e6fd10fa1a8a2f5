import type pg from 'pg';
import { VigilError } from './errors';

/**
 * What retention (VIGIL_RETENTION_*, workers/retention-purge.ts) means to a reader of the event log.
 *
 * The purge deletes the log's oldest entries in batches and, in the same transaction as each batch,
 * raises `documents.purged_logs.throughSeq` to the highest seq it deleted. A cursor (`after`) at a seq
 * below it may have lost entries after it: continuing would skip them silently, so it answers
 * CURSOR_EXPIRED (HTTP 410 CursorExpired; GraphQL and the live transports `extensions.code`), and the
 * client reads from the start again (no `after`). A cursor at or past it continues exactly.
 *
 * Readers check *after* they read (REST/GraphQL pages): the mark only grows and is raised with the
 * delete, so a mark still ≤ the cursor once the page is read proves nothing after the cursor was
 * deleted before the read.
 */
export const EVENTS_LOG = 'events';

export const CURSOR_EXPIRED_MESSAGE =
  'The cursor is older than the event log retention (VIGIL_RETENTION_EVENTS): entries after it were purged; read again without it';

/** The highest seq the purge has deleted from `log` (0 = nothing purged yet). */
export async function purgedThrough(db: pg.Pool | pg.PoolClient, log = EVENTS_LOG): Promise<bigint> {
  const { rows } = await db.query<{ seq: string }>(`SELECT "throughSeq"::text AS seq FROM documents.purged_logs WHERE log = $1`, [log]);
  return rows.length ? BigInt(rows[0].seq) : 0n;
}

/** Throws CURSOR_EXPIRED when entries after `afterSeq` may have been purged. */
export async function requireRetained(db: pg.Pool | pg.PoolClient, afterSeq: bigint | string | null | undefined, field = 'cursor'): Promise<void> {
  if (afterSeq === null || afterSeq === undefined) return;
  if (BigInt(afterSeq) < (await purgedThrough(db))) throw new VigilError('CURSOR_EXPIRED', CURSOR_EXPIRED_MESSAGE, field);
}
