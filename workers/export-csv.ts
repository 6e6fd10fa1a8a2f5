import { stringify } from 'csv-stringify/sync';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { cursorCodec } from '../lib/cursors';
import { badRequest } from '../lib/errors';
import { readEventLog } from '../lib/event-log';
import { inMemorySavingMode } from '../lib/memory-saving';
import { spreadsheetCell } from '../lib/spreadsheet-cells';
import * as valid from '../lib/validate';
import { type View, Visibility } from '../lib/visibility';
import { ALERT_ORDERS, type AlertOrder, type Lang, SEVERITIES, type SortDirection, STATE_FILTERS } from '../lib/vocabulary';
import type { AlertFilter } from '../subgraphs/alerts/alerts/filters';
import { ALERT_CSV_COLUMNS, alertsCsvCopySql, listAlertsCsv } from '../subgraphs/alerts/alerts/lists';
import { DEFAULT_ORDER, defaultSort } from '../subgraphs/alerts/alerts/sql';
import type { ExportFile } from './export-files';

/**
 * The CSV exports. On PostgreSQL an alert export is one `COPY (…) TO STDOUT` on a connection of its
 * own; on the embedded database it is read in keyset batches through the alerts subgraph's own list
 * query (the same filter, order, censorship and live-target rule as List alerts / List following
 * alerts), each batch's CSV text built by the database, so an export holds one batch at a time whatever
 * the number of rows. Keyset batches rather than a server-side cursor or one COPY: the embedded database
 * is one connection for the whole process, and either would hold it for the whole export.
 */
// bench:export, embedded database, 1M alerts: with the batches as JSON records parsed and written by
// csv-stringify the JavaScript heap grew by ~150–200 MB during an export; the CSV lines now come from the
// database, and the batches run in V8's memory-saving mode (lib/memory-saving.ts): see bench/README.md.
const BATCH = 1_000;

export { ALERT_CSV_COLUMNS };

interface AlertParams {
  filter?: AlertFilter | null;
  order?: string | null;
  sort?: string | null;
  lang?: string | null;
  following?: { followingIds?: string[] | null; followingTags?: string[] | null; includeEmptyFollowingTags?: boolean | null } | null;
}

const DATE_FILTERS = [
  'createdAtStart',
  'createdAtEnd',
  'openedAtStart',
  'openedAtEnd',
  'resolvedAtStart',
  'resolvedAtEnd',
  'updatedAtStart',
  'updatedAtEnd',
] as const;

/** The List alerts filter from a document's JSON params (dates as ISO strings), checked like the API checks it. */
export function alertFilterOf(raw: unknown, view: View): AlertFilter {
  const f = { ...((raw ?? {}) as Record<string, unknown>) } as Record<string, unknown>;
  for (const key of DATE_FILTERS) {
    if (f[key] === undefined || f[key] === null) continue;
    const date = new Date(String(f[key]));
    if (Number.isNaN(date.getTime())) throw badRequest(`params.filter.${key} must be an ISO 8601 date-time`, `params.filter.${key}`);
    f[key] = date;
  }
  const filter = f as AlertFilter;
  filter.scanTargetIds = valid.uuids(filter.scanTargetIds, 'scanTargetIds');
  for (const severity of filter.severities ?? []) valid.oneOf(severity, SEVERITIES, 'params.filter.severities');
  for (const state of filter.states ?? []) valid.oneOf(state, STATE_FILTERS, 'params.filter.states');
  Visibility.refuseHiddenFilters(view, filter);
  return filter;
}

function orderOf(params: AlertParams): { order: AlertOrder; sort: SortDirection; lang: Lang } {
  const order = params.order ? valid.oneOf(params.order, ALERT_ORDERS, 'params.order') : DEFAULT_ORDER;
  const sort = params.sort ? valid.oneOf(params.sort, ['ASC', 'DESC'] as const, 'params.sort') : defaultSort(order);
  const lang = params.lang ? valid.oneOf(params.lang, ['en_US', 'pt_BR'] as const, 'params.lang') : null;
  return { order, sort, lang };
}

/** The organizations a following export reads (as List following alerts: ids, then follow tags). */
async function followedOrganizations(policy: Visibility, organizationId: string, selection: AlertParams['following']): Promise<string[]> {
  return policy.followedSelected(organizationId, { ...selection, followingIds: valid.uuids(selection?.followingIds, 'followingIds') });
}

export async function writeAlertCsv(
  pool: pg.Pool,
  options: { policy: Visibility; secret: string; organizationId: string; following: boolean; params: AlertParams; signal?: AbortSignal; copy?: boolean },
  file: ExportFile,
): Promise<void> {
  const { policy, organizationId } = options;
  let organizationIds: string[];
  let view: View;
  if (options.following) {
    organizationIds = await followedOrganizations(policy, organizationId, options.params.following);
    view = 'follower';
  } else {
    // Members export whole alerts; a follower of the organization exports what its lists show, censored.
    view = await policy.requireView(organizationId);
    organizationIds = [organizationId];
  }
  const filter = alertFilterOf(options.params.filter, view);
  const { order, sort, lang } = orderOf(options.params);
  await file.write(stringify([[...ALERT_CSV_COLUMNS]]));
  if (!organizationIds.length) return;
  if (options.copy) return copyAlertCsv(pool, alertsCsvCopySql({ organizationIds, view, filter, order, sort, lang }), file, options.signal);
  const cursors = cursorCodec(options.secret, ['export', organizationId]);
  // The next batch is asked for while this one is written: the database works while the file waits on the disk.
  const read = (cursor: string | null) => {
    const batch = listAlertsCsv(pool, { organizationIds, view, filter, order, sort, size: BATCH, cursor, cursors, lang });
    batch.catch(() => undefined); // awaited below; a failed write first must not leave it unhandled
    return batch;
  };
  await inMemorySavingMode(async () => {
    let next: ReturnType<typeof read> | null = read(null);
    while (next) {
      if (options.signal?.aborted) throw new Error('export aborted');
      const batch: Awaited<ReturnType<typeof read>> = await next;
      next = batch.cursor ? read(batch.cursor) : null;
      await file.write(batch.lines.join(''));
    }
  });
}

/**
 * PostgreSQL writes the CSV itself (`COPY (…) TO STDOUT`) on a connection of its own, streamed into
 * the file as it comes: no row reaches JavaScript as an object. Not on the embedded database, whose
 * one connection a COPY would hold for the whole export (the keyset batches above share it).
 * bench:export, 1M alerts: the keyset path took 4.4–5.3× the bare COPY; this path ~1.1× (README).
 */
async function copyAlertCsv(pool: pg.Pool, sql: string, file: ExportFile, signal?: AbortSignal): Promise<void> {
  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    const stream = client.query(copyTo(sql));
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (signal?.aborted) {
        stream.destroy();
        throw new Error('export aborted');
      }
      await file.write(chunk);
    }
  } catch (error) {
    failed = error as Error;
    throw error;
  } finally {
    // A COPY left half-read leaves the connection mid-protocol: it is not handed back to the pool.
    client.release(failed);
  }
}

export const EVENT_CSV_COLUMNS = ['id', 'name', 'source', 'version', 'createdAt', 'data', 'metadata'] as const;

/** The organization's event log (its own events and what it sees of those it follows, censored), in log order. */
export async function writeEventCsv(
  pool: pg.Pool,
  options: { organizationId: string; params: { filter?: { name?: string | null; start?: string | null; end?: string | null } | null }; signal?: AbortSignal },
  file: ExportFile,
): Promise<number> {
  const filter = options.params.filter ?? {};
  await file.write(stringify([[...EVENT_CSV_COLUMNS]]));
  let afterSeq: string | null = null;
  let rows = 0;
  for (;;) {
    if (options.signal?.aborted) throw new Error('export aborted');
    const page = await readEventLog(pool, {
      organizationId: options.organizationId,
      name: filter.name ?? null,
      start: filter.start ? new Date(filter.start) : null,
      end: filter.end ? new Date(filter.end) : null,
      afterSeq,
      limit: BATCH,
    });
    await file.write(
      stringify(
        page.map((e) => [
          e.id,
          spreadsheetCell(e.name),
          spreadsheetCell(e.source),
          e.version,
          e.createdAt.toISOString(),
          spreadsheetCell(JSON.stringify(e.data)),
          spreadsheetCell(JSON.stringify(e.metadata)),
        ]),
      ),
    );
    rows += page.length;
    if (page.length < BATCH) return rows;
    afterSeq = page[page.length - 1].seq;
  }
}
