import type pg from 'pg';
import { ALERT_FIELDS, type AlertField, sqlName } from '../../../lib/alert-columns';
import type { CursorCodec } from '../../../lib/cursors';
import { spreadsheetCellSql, spreadsheetListSql } from '../../../lib/spreadsheet-cells';
import { type View, Visibility } from '../../../lib/visibility';
import type { AlertOrder, Lang, SortDirection } from '../../../lib/vocabulary';
import { alertRecordCellsSql, alertRecordJson, iso } from '../alert-record';
import { type AlertFilter, expandStates, filterConditions } from './filters';
import {
  ALERT_COLUMNS,
  type AlertRow,
  InlineParams,
  type KeysetPosition,
  LIVE_TARGET_SQL,
  normalizeKey,
  type OrderKey,
  orderBySql,
  orderKey,
  type Page,
  Params,
  readKeysetCursor,
  SEVERITY_RANKS,
  STATE_RANKS,
  stripSortKey,
  titleColumn,
  UUID,
} from './sql';

/** Alert lists (keyset and legacy page-numbered) and single alerts. */

/**
 * When a list sorted by severity (state) is also filtered by severities (states), the rank range
 * of the filter bounds the index scan: e.g. state DESC without CLOSED starts at FALSE_POSITIVE
 * instead of skipping every CLOSED alert first.
 */
function rankRange(order: AlertOrder, filter: AlertFilter): { min: number; max: number } | null {
  const values = order === 'severity' ? filter.severities : order === 'state' ? expandStates(filter.states) : undefined;
  const ranks = (values ?? []).map((v) => (order === 'severity' ? SEVERITY_RANKS : STATE_RANKS)[v]).filter((r): r is number => r !== undefined);
  return ranks.length ? { min: Math.min(...ranks), max: Math.max(...ranks) } : null;
}

export interface ListOptions {
  organizationIds: readonly string[];
  /**
   * The page as one JSON array text (`recordsJson`) instead of rows: written from the database's text of each
   * field (alert-record.ts), what a REST list sends as it is, with no type parsing, mapping or re-serializing.
   */
  json?: boolean;
  /** How the caller reads these organizations' alerts: a follower's JSON records, order, filter and search follow Visibility. */
  view: View;
  filter: AlertFilter;
  order: AlertOrder;
  sort: SortDirection;
  size: number;
  cursor?: string | null;
  /** Seals and opens this list's cursors (bound to the list and the organization it is read for). */
  cursors: CursorCodec;
  lang: Lang;
}

/** Rows read for one page (up to `size + 1`: one more tells another page follows) and how each row's cursor is made. */
export interface Keyset<T> {
  rows: T[];
  cursorOf: (row: T) => string;
}

/**
 * Up to this many organizations a severity page is merged from one index range per organization (mergedPage);
 * past it, walked severity by severity over all of them (severityWalkPage). The merge reads ~7 buffers per
 * organization; the walk ~(page / the organizations' share of a severity's alerts) rows, whatever their number:
 * on bench:scale's data (organizations of ~2,400 alerts among 10 M) the two meet near 250 organizations, and 10
 * followed organizations of 16,000 alerts each among 1 M merge in 319 buffers.
 */
const MERGED_ORGANIZATIONS = 200;

/** pg's type parsing off: every cell as the database's text. */
const TEXT_CELLS: pg.CustomTypesConfig = { getTypeParser: () => (text: string) => text };

/**
 * One page of alerts in (key, id) order, read `size + 1` rows deep. For several organizations each
 * one's next `size + 1` rows come from its own index range, and the merge keeps the first `size + 1`.
 * A row's cursor is its sealed (kind, order, sort, key, id): the same for an edge and a page's end.
 */
async function readPage<R extends { id: string; sortKey: string | null }>(
  pool: pg.Pool,
  options: ListOptions,
  columns: (page: string, title: string) => string,
  /** Rows read as arrays of text (no type parsing), made into R here; `columns` then begin with the id and sort key. */
  fromCells?: (cells: Array<string | null>) => R,
): Promise<{ rows: R[]; cursorOf: (row: { id: string }) => string }> {
  const { organizationIds, order, sort, size } = options;
  const keyDef = orderKey(order, options.view);
  const position = readKeysetCursor(options.cursors, options.cursor, 'a', order, sort);
  const keys = new Map<string, string | null>();
  const cursorOf = (row: { id: string }) => options.cursors.seal(['a', order, sort, keyDef.constant ? null : normalizeKey(keys.get(row.id) ?? null), row.id]);
  if (!organizationIds.length) return { rows: [], cursorOf };
  const p = new Params();
  const dir = sort === 'DESC' ? 'DESC' : 'ASC';
  const cmp = sort === 'DESC' ? '<' : '>';
  const limit = p.add(size + 1);

  /** The WHERE of `orgSql`'s alerts: the filter, and unless `keyed` is false the cursor and the key's rank range. */
  const conditions = (orgSql: string, keyed = true) => {
    const where = [
      `a."organizationId" = ${orgSql}`,
      ...filterConditions(options.filter, p, organizationIds, { view: options.view, targetCheckPerAlert: organizationIds.length > MERGED_ORGANIZATIONS }),
    ];
    if (!keyed) return where.join(' AND ');
    if (position && keyDef.constant) where.push(`a.id ${cmp} ${p.add(position.id)}::uuid`);
    else if (position) where.push(`(${keyDef.expr('a')}, a.id) ${cmp} (${p.add(position.key ?? 'infinity')}::${keyDef.type}, ${p.add(position.id)}::uuid)`);
    const ranks = rankRange(order, options.filter);
    if (ranks) where.push(`${keyDef.expr('a')} BETWEEN ${ranks.min} AND ${ranks.max}`);
    return where.join(' AND ');
  };
  // The rule's title is joined beside the index scan (a nested loop keeps its order), the key is a column `k`: the
  // outer query then reads the page in the order it was scanned in, with no join or sort of its own.
  const title = `r.${titleColumn(options.lang)}`;
  const innerFor = (orgSql: string) =>
    `SELECT ${ALERT_COLUMNS('a')}, ${title} AS "ruleTitle", ${keyDef.expr('a')} AS k, (${keyDef.expr('a')})::text AS "sortKey"
       FROM alerts.alerts a LEFT JOIN alerts.rules r ON r.id = a.rule WHERE ${conditions(orgSql)}
      ORDER BY ${orderBySql(keyDef, 'a', dir)} LIMIT ${limit}`;
  // Sorted by organization (followingIds), the merge is a walk: the organizations in key order, each one's alerts
  // in id order, stopped (Incremental Sort under the LIMIT) once a page is full — a page reads one or two
  // organizations' ranges, not `size + 1` rows of each. Measured at 100 followed (BENCH_SCALE=0.1 bench:scale data,
  // EXPLAIN ANALYZE BUFFERS): 12,063 buffers → 189, 122 ms → 12 ms.
  const byOrganization = order === 'followingIds' && !keyDef.constant;
  const acrossOrganizations = order === 'severity' && !keyDef.constant && organizationIds.length > MERGED_ORGANIZATIONS;
  const page =
    organizationIds.length === 1
      ? innerFor(`${p.add(organizationIds[0])}::uuid`)
      : acrossOrganizations
        ? severityWalkPage(p, options.filter, position, limit, dir, title, conditions(`ANY(${p.addOnce(organizationIds)}::uuid[])`, false))
        : byOrganization
          ? `SELECT x.* FROM (SELECT u.id FROM unnest(${p.addOnce(organizationIds)}::uuid[]) AS u(id) ORDER BY u.id ${dir}) AS o
             CROSS JOIN LATERAL (${innerFor('o.id')}) x
            ORDER BY o.id ${dir}, x.id ${dir} LIMIT ${limit}`
          : mergedPage(p, organizationIds, size, limit, dir, keyDef, title, conditions);
  const sql = `SELECT ${columns('pg', 'pg."ruleTitle"')} FROM (${page}) pg ORDER BY ${keyDef.constant ? '' : `pg.k ${dir}, `}pg.id ${dir}`;
  const rows = fromCells
    ? (await pool.query<Array<string | null>>({ text: sql, values: p.values, rowMode: 'array', types: TEXT_CELLS })).rows.map(fromCells)
    : (await pool.query<R>(sql, p.values)).rows;
  for (const row of rows) keys.set(row.id, row.sortKey);
  return { rows, cursorOf };
}

/**
 * The first `size + 1` alerts of several organizations in (key, id) order — any order but followingIds — as a
 * k-way merge that stops early, instead of `size + 1` rows of every organization merged (linear in followed
 * organizations: 12,055 buffers for a page of 100 over 100 followed). Each organization gives its first `heads`
 * rows, about twice its share of a page (`2 (size + 1) / organizations + 1`), and the merge keeps the first
 * `size + 1`. An organization whose `heads` rows all made it into those may hold more that belong: those
 * organizations, and only they (at most `(size + 1) / heads` of them), are read again `size + 1` deep and merged
 * in. Exact for any spread of the alerts over the organizations; with two organizations (or a page as large as
 * the organizations) `heads` is `size + 1` and this is the whole merge of before. 1,880 buffers at 100 followed.
 * `conditions(org)` is the WHERE of one organization's alerts (filter, cursor, censorship as the view reads them).
 */
function mergedPage(
  p: Params,
  organizationIds: readonly string[],
  size: number,
  limit: string,
  dir: 'ASC' | 'DESC',
  keyDef: OrderKey,
  title: string,
  conditions: (orgSql: string) => string,
): string {
  const heads = Math.min(size + 1, Math.ceil((2 * (size + 1)) / organizationIds.length) + 1);
  const depth = heads > size ? limit : p.add(heads);
  const order = `ORDER BY k ${dir}, id ${dir}`;
  const rows = (orgSql: string, deep: string) =>
    `SELECT ${ALERT_COLUMNS('a')}, ${title} AS "ruleTitle", ${keyDef.expr('a')} AS k
       FROM alerts.alerts a LEFT JOIN alerts.rules r ON r.id = a.rule WHERE ${conditions(orgSql)}
      ORDER BY ${orderBySql(keyDef, 'a', dir)} LIMIT ${deep}`;
  const first = `WITH heads AS MATERIALIZED (
            SELECT o.id AS org, x.* FROM unnest(${p.addOnce(organizationIds)}::uuid[]) AS o(id) CROSS JOIN LATERAL (${rows('o.id', depth)}) x),
          first AS MATERIALIZED (SELECT * FROM heads ${order} LIMIT ${limit})`;
  const merged =
    heads > size
      ? `${first}, merged AS (SELECT * FROM first)`
      : `${first},
          deeper AS (
            SELECT o.org, x.* FROM (SELECT org FROM first GROUP BY org HAVING count(*) = ${depth}) AS o
             CROSS JOIN LATERAL (${rows('o.org', limit)}) x WHERE x.id NOT IN (SELECT id FROM first)),
          merged AS (SELECT * FROM first UNION ALL SELECT * FROM deeper ${order} LIMIT ${limit})`;
  return `${merged}
        SELECT ${ALERT_COLUMNS('m')}, m."ruleTitle", m.k, (m.k)::text AS "sortKey" FROM merged m`;
}

/**
 * The first `size + 1` alerts of many organizations in (severity, id) order: a walk over the severities (at most
 * six) instead of a merge over the organizations. For each severity in order, that severity's alerts of all the
 * organizations (`where`, no cursor) in id order — from alerts_severity_id_idx filtered to the organizations, or
 * their own index ranges and a sort when they hold few — and the walk stops once a page is full (Incremental
 * Sort under the LIMIT, as the followingIds walk): most pages read one severity. The cursor's severity starts
 * after the cursor's id, the ones before it are skipped. On bench:scale's large database (10 M alerts, 1,000
 * followed) a page over the primary key read ~2,300 buffers (every severity's alerts read and filtered out)
 * where the merge by organization read ~7 per organization; over the index, the walked severity's only
 * (migration 20261202001600_alerts_severity_index, what it costs a writer).
 */
function severityWalkPage(
  p: Params,
  filter: AlertFilter,
  position: KeysetPosition | null,
  limit: string,
  dir: 'ASC' | 'DESC',
  title: string,
  where: string,
): string {
  const wanted = filter.severities?.length ? filter.severities.map(String) : [...Object.keys(SEVERITY_RANKS), OTHER_SEVERITY];
  const rankOf = (name: string) => SEVERITY_RANKS[name] ?? 0;
  const after = position ? Number(position.key) : null;
  // Where each severity's id range starts: after the cursor's id in its severity, else at the end of the uuid range
  // (alert ids are version-4 uuids, never the nil or the all-ones one).
  const edge = dir === 'DESC' ? 'ffffffff-ffff-ffff-ffff-ffffffffffff' : '00000000-0000-0000-0000-000000000000';
  const steps = wanted
    .map((name) => ({ name, rank: rankOf(name) }))
    .filter(({ rank }) => after === null || (dir === 'DESC' ? rank <= after : rank >= after))
    .map(({ name, rank }) => ({ name, rank, from: position && rank === after ? position.id : edge }));
  if (!steps.length) return `SELECT ${ALERT_COLUMNS('a')}, NULL::text AS "ruleTitle", 0 AS k, NULL::text AS "sortKey" FROM alerts.alerts a WHERE false`;
  // A named severity is read from alerts_severity_id_idx (severity, id), the other severities (rank 0) from
  // alerts_other_severity_id_idx: with both, the step's rank picks one (a one-time filter).
  const stepRows = (severity: string) =>
    `SELECT ${ALERT_COLUMNS('a')}, ${title} AS "ruleTitle", s.k AS k, s.k::text AS "sortKey"
       FROM alerts.alerts a LEFT JOIN alerts.rules r ON r.id = a.rule
      WHERE ${where} AND a.id ${dir === 'DESC' ? '<' : '>'} s.start AND ${severity}
      ORDER BY a.id ${dir} LIMIT ${limit}`;
  // The rank-0 step's rows only where the walk has that step (no severity filter): each copy of `where` costs
  // planning time (its organization list is estimated element by element).
  const rows = steps.some((s) => s.rank === 0)
    ? `(${stepRows('s.k <> 0 AND a.severity = s.name')}) UNION ALL (${stepRows(`s.k = 0 AND ${OTHER_SEVERITY_SQL('a')}`)})`
    : stepRows('a.severity = s.name');
  return `SELECT x.* FROM (SELECT * FROM unnest(${p.add(steps.map((s) => s.rank))}::int[], ${p.add(steps.map((s) => s.name))}::text[], ${p.add(steps.map((s) => s.from))}::uuid[])
                                 AS s(k, name, start) ORDER BY k ${dir}) s
            CROSS JOIN LATERAL (${rows}) x
           ORDER BY s.k ${dir}, x.id ${dir} LIMIT ${limit}`;
}

/** A severity none of the five (the rank expression's ELSE, rank 0): a step of its own when the filter names no severity. */
const OTHER_SEVERITY = '';

/**
 * Alert `a`'s severity is none of the five: written as the predicate of alerts_other_severity_id_idx (migration
 * 20261202001600_alerts_severity_index), constants in the same order, so that the planner reads that index.
 */
const OTHER_SEVERITY_SQL = (a: string) =>
  `${a}.severity NOT IN (${Object.keys(SEVERITY_RANKS)
    .map((name) => `'${name}'`)
    .join(', ')})`;

/** One page of alerts as rows (up to `size + 1`) with their cursors: what a connection is built from. */
export async function readAlerts(pool: pg.Pool, options: ListOptions): Promise<Keyset<AlertRow>> {
  const read = await readPage<AlertRow & { sortKey: string | null }>(
    pool,
    options,
    (page, title) => `${ALERT_COLUMNS(page)}, ${title} AS "ruleTitle", ${page}."sortKey"`,
  );
  return { rows: read.rows.map(stripSortKey), cursorOf: read.cursorOf };
}

/**
 * One page of alerts with the next page's cursor (null on the last page): rows, or with `json` the
 * page as one JSON array text written from the database's text cells (no type parsing, no row objects).
 */
export async function listAlerts(pool: pg.Pool, options: ListOptions): Promise<Page<AlertRow>> {
  const { size } = options;
  if (options.json) {
    const read = await readPage<{ id: string; sortKey: string | null; record: string }>(
      pool,
      options,
      (page, title) => `${page}.id, ${page}."sortKey", ${alertRecordCellsSql(page, title, options.view)}`,
      (cells) => ({ id: cells[0] as string, sortKey: cells[1], record: alertRecordJson(cells, 2) }),
    );
    const data = read.rows.slice(0, size);
    const cursor = read.rows.length > size ? read.cursorOf(data[data.length - 1]) : null;
    return { data: [], cursor, recordsJson: `[${data.map((row) => row.record).join(',')}]` };
  }
  const read = await readAlerts(pool, options);
  const data = read.rows.slice(0, size);
  return { data, cursor: read.rows.length > size ? read.cursorOf(data[data.length - 1]) : null };
}

/**
 * The CSV cells of an alert export for row `a` with rule title `title`, as `view` sees it, in the
 * export's column order (ALERT_CSV_COLUMNS): free text through the spreadsheet
 * rule (lib/spreadsheet-cells.ts); text that is empty or missing is NULL, which CSV writes as an empty
 * unquoted cell (as csv-stringify does). Ids, enums, numbers and dates cannot start a formula.
 */
/** The alert export's CSV columns (the fields lib/alert-columns.ts puts in the CSV): the cells alertCsvCellsSql gives, in order. */
const CSV_FIELDS = (ALERT_FIELDS as readonly AlertField[]).filter((field) => field.csv);
export const ALERT_CSV_COLUMNS: readonly string[] = CSV_FIELDS.map((field) => field.name);

function alertCsvCellsSql(a: string, title: string, view: View): string[] {
  const list = (array: string) => spreadsheetListSql(`NULLIF(array_to_string(${array}, ';'), '')`);
  const text = (expression: string) => spreadsheetCellSql(`NULLIF(${expression}, '')`);
  return CSV_FIELDS.map((field) => {
    if (!field.sql) return text(title);
    const column = Visibility.alertColumnSql(view, a, sqlName(field.name));
    if (field.sql === '_text') return list(column);
    if (field.csv === 'free text') return text(column);
    return field.sql === 'timestamptz' ? iso(column) : column;
  });
}

/**
 * The export's CSV line (with its newline) for row `a`, built by the database as `COPY … WITH (FORMAT
 * csv)` writes it: NULL as an empty cell, a cell holding a comma, a double quote, CR or LF quoted (its
 * quotes doubled). The cells are computed once in a subquery the planner keeps (OFFSET 0), then quoted.
 */
function alertCsvLineSql(a: string, title: string, view: View): string {
  const cells = alertCsvCellsSql(a, title, view);
  const names = cells.map((_, i) => `c${i}`);
  // Ids, numbers and dates never hold a comma, a quote or a line break: only text cells are tested.
  const quoted = names.map((c, i) =>
    CSV_FIELDS[i].csv === 'free text'
      ? `CASE WHEN ${c} ~ '[,"\r\n]' THEN '"' || replace(${c}, '"', '""') || '"' ELSE coalesce(${c}, '') END`
      : `coalesce(${c}, '')`,
  );
  return `(SELECT ${quoted.join(` || ',' || `)} || E'\n' FROM (SELECT ${cells.map((cell, i) => `(${cell})::text AS ${names[i]}`).join(', ')} OFFSET 0) cells)`;
}

/**
 * One batch of an export (up to `size` alerts of the list, in its order) as CSV lines built by the
 * database, with the next batch's cursor: what the embedded database's export reads, keyset batch by
 * keyset batch (one connection shared with every request), instead of one `COPY`.
 */
export async function listAlertsCsv(pool: pg.Pool, options: Omit<ListOptions, 'json'>): Promise<{ lines: string[]; cursor: string | null }> {
  const read = await readPage<{ id: string; sortKey: string | null; line: string }>(
    pool,
    options,
    (page, title) => `${page}.id, ${page}."sortKey", ${alertCsvLineSql(page, title, options.view)} AS line`,
  );
  const data = read.rows.slice(0, options.size);
  return { lines: data.map((row) => row.line), cursor: read.rows.length > options.size ? read.cursorOf(data[data.length - 1]) : null };
}

/**
 * The whole of a list (no page) as `COPY (…) TO STDOUT WITH (FORMAT csv)` SQL, one line per alert in
 * the export's columns: the filter, order, censorship and live-target rule of listAlerts, for exports.
 * COPY takes no bound parameters, so the values are written in as literals (InlineParams).
 */
export function alertsCsvCopySql(options: Pick<ListOptions, 'organizationIds' | 'view' | 'filter' | 'order' | 'sort' | 'lang'>): string {
  const { organizationIds, order, sort, view } = options;
  const keyDef = orderKey(order, view);
  const p = new InlineParams();
  const dir = sort === 'DESC' ? 'DESC' : 'ASC';
  const where = [`a."organizationId" = ANY(${p.addOnce(organizationIds)}::uuid[])`, ...filterConditions(options.filter, p, organizationIds, { view })];
  const ranks = rankRange(order, options.filter);
  if (ranks) where.push(`${keyDef.expr('a')} BETWEEN ${ranks.min} AND ${ranks.max}`);
  return `COPY (
    SELECT ${alertCsvCellsSql('a', `r.${titleColumn(options.lang)}`, view).join(', ')}
      FROM alerts.alerts a LEFT JOIN alerts.rules r ON r.id = a.rule
     WHERE ${where.join(' AND ')}
     ORDER BY ${orderBySql(keyDef, 'a', dir)}
  ) TO STDOUT WITH (FORMAT csv)`;
}

/** The legacy page-numbered lists (POST /alerts, /alerts/following): `{data, total}`. */
export async function listAlertsByPage(
  pool: pg.Pool,
  options: Omit<ListOptions, 'cursor' | 'cursors' | 'size'> & { page: number; pageSize: number },
): Promise<{ data: AlertRow[]; total: number }> {
  const { organizationIds, order, sort } = options;
  if (!organizationIds.length) return { data: [], total: 0 };
  const keyDef = orderKey(order, options.view);
  const p = new Params();
  const where = [
    `a."organizationId" = ANY(${p.addOnce(organizationIds)}::uuid[])`,
    ...filterConditions(options.filter, p, organizationIds, { view: options.view }),
  ];
  const countParams = [...p.values];
  const countSql = `SELECT count(*)::int AS total FROM alerts.alerts a WHERE ${where.join(' AND ')}`;
  const dir = sort === 'DESC' ? 'DESC' : 'ASC';
  const sql = `SELECT ${ALERT_COLUMNS('a')}, r.${titleColumn(options.lang)} AS "ruleTitle"
                 FROM alerts.alerts a LEFT JOIN alerts.rules r ON r.id = a.rule
                WHERE ${where.join(' AND ')}
                ORDER BY ${orderBySql(keyDef, 'a', dir)}
                LIMIT ${p.add(options.pageSize)} OFFSET ${p.add((options.page - 1) * options.pageSize)}`;
  const [page, count] = await Promise.all([pool.query<AlertRow>(sql, p.values), pool.query<{ total: number }>(countSql, countParams)]);
  return { data: page.rows, total: count.rows[0].total };
}

export async function findAlert(pool: pg.Pool, id: string, lang: Lang): Promise<AlertRow | null> {
  const { rows } = await pool.query<AlertRow>(
    `SELECT ${ALERT_COLUMNS('a')}, r.${titleColumn(lang)} AS "ruleTitle"
       FROM alerts.alerts a LEFT JOIN alerts.rules r ON r.id = a.rule WHERE a.id = $1 AND ${LIVE_TARGET_SQL('a')}`,
    [id],
  );
  return rows[0] ?? null;
}

/** Live alerts by id for the entity loader (no rule title: the Alert.ruleTitle resolver loads it). */
export async function findAlertsByIds(pool: pg.Pool, ids: readonly string[]): Promise<Omit<AlertRow, 'ruleTitle'>[]> {
  const valid = ids.filter((id) => UUID.test(id));
  if (!valid.length) return [];
  const { rows } = await pool.query<Omit<AlertRow, 'ruleTitle'>>(
    `SELECT ${ALERT_COLUMNS('a')} FROM alerts.alerts a WHERE a.id = ANY($1::uuid[]) AND ${LIVE_TARGET_SQL('a')}`,
    [valid],
  );
  return rows;
}
