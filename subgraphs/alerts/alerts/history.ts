import type pg from 'pg';
import { historyColumnsSql } from '../../../lib/alert-columns';
import type { CursorCodec } from '../../../lib/cursors';
import { badRequest } from '../../../lib/errors';
import { sequenceNumber } from '../../../lib/validate';
import type { Lang } from '../../../lib/vocabulary';
import type { Keyset } from './lists';
import { type HistoryRow, liveTargetCondition, type Page, Params, titleColumn } from './sql';

/** Alert history records: an organization's (cursor after cursor) and one alert's (by page or cursor). */

const HISTORY_COLUMNS = historyColumnsSql('h');

/** A history record's cursor: its seq, sealed for the list (organizations, or one alert) it was read from. */
export function historyCursor(codec: CursorCodec, seq: string): string {
  return codec.seal(['h', seq]);
}

function readHistoryCursor(codec: CursorCodec, cursor: string | null | undefined): string | null {
  if (cursor === null || cursor === undefined || cursor === '') return null;
  const [kind, seq] = codec.open(cursor);
  if (kind !== 'h' || typeof seq !== 'string') throw badRequest('cursor is not an alert history cursor', 'cursor');
  return sequenceNumber(seq, 'cursor', 'cursor is not an alert history cursor');
}

/**
 * Alert history records of organizations after `cursor`, oldest first, up to `size + 1` (one more
 * tells another page follows). Every record has its own cursor; a request with one returns only
 * later records.
 */
export async function readHistory(
  pool: pg.Pool,
  options: { organizationIds: readonly string[]; scanTargetIds?: string[] | null; cursor?: string | null; cursors: CursorCodec; size: number; lang: Lang },
): Promise<Keyset<HistoryRow>> {
  const after = readHistoryCursor(options.cursors, options.cursor);
  const cursorOf = (row: HistoryRow) => historyCursor(options.cursors, row.seq);
  if (!options.organizationIds.length) return { rows: [], cursorOf };
  const p = new Params();
  const where = [`h."organizationId" = ANY(${p.add(options.organizationIds)}::uuid[])`, liveTargetCondition(p, options.organizationIds, 'h')];
  if (options.scanTargetIds?.length) where.push(`h."scanTargetId" = ANY(${p.add(options.scanTargetIds)}::uuid[])`);
  if (after) where.push(`h.seq > ${p.add(after)}::bigint`);
  const { rows } = await pool.query<HistoryRow>(
    `SELECT ${HISTORY_COLUMNS}, r.${titleColumn(options.lang)} AS "ruleTitle"
       FROM alerts.alert_history h LEFT JOIN alerts.rules r ON r.id = h.rule
      WHERE ${where.join(' AND ')} ORDER BY h.seq LIMIT ${p.add(options.size + 1)}`,
    p.values,
  );
  return { rows, cursorOf };
}

/** One alert's history, oldest first: by page number (`total` always) or after a cursor; `rows` holds one more record when another page follows. */
export async function alertHistory(
  pool: pg.Pool,
  options: { alertId: string; page?: number | null; size: number; cursor?: string | null; cursors: CursorCodec; lang: Lang },
): Promise<Page<HistoryRow> & { total: number; rows: HistoryRow[] }> {
  const p = new Params();
  const where = [`h."alertId" = ${p.add(options.alertId)}::uuid`];
  const countParams = [...p.values];
  const after = readHistoryCursor(options.cursors, options.cursor);
  let paging: string;
  if (after) {
    where.push(`h.seq > ${p.add(after)}::bigint`);
    paging = `LIMIT ${p.add(options.size + 1)}`;
  } else {
    paging = `LIMIT ${p.add(options.size + 1)} OFFSET ${p.add(((options.page ?? 1) - 1) * options.size)}`;
  }
  const [page, count] = await Promise.all([
    pool.query<HistoryRow>(
      `SELECT ${HISTORY_COLUMNS}, r.${titleColumn(options.lang)} AS "ruleTitle"
         FROM alerts.alert_history h LEFT JOIN alerts.rules r ON r.id = h.rule
        WHERE ${where.join(' AND ')} ORDER BY h.seq ${paging}`,
      p.values,
    ),
    pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM alerts.alert_history h WHERE h."alertId" = $1::uuid`, countParams),
  ]);
  const more = page.rows.length > options.size;
  const data = more ? page.rows.slice(0, options.size) : page.rows;
  const last = data[data.length - 1];
  return { data, rows: page.rows, total: count.rows[0].total, cursor: more && last ? historyCursor(options.cursors, last.seq) : null };
}
