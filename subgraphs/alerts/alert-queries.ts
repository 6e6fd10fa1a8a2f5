import type pg from 'pg';
import { CENSORED_SQL } from '../../lib/censorship';
import { badRequest } from '../../lib/errors';
import { iso } from './event-payloads';
import { SEVERITIES, type Severity } from './rule-catalog';
import type { NewCommentRow } from './alert-updates';

/**
 * The SQL of every alert read: filters, `order` keys and keyset cursors. Lists are keyset-paged on
 * (sort key, id) over the (organizationId, key, id) indexes of migration 20261124100000, never OFFSET
 * (only the legacy page-numbered endpoints use OFFSET). Several organizations (following lists) are
 * merged from one index range scan per organization (LATERAL … LIMIT), so a page costs the same
 * whatever the number of alerts or the page number.
 */

export { SEVERITIES, type Severity };
export const STATES = ['OPEN', 'IN_PROGRESS', 'RISK_ACCEPTED', 'MITIGATING_CONTROL', 'FALSE_POSITIVE', 'CLOSED'] as const;
/** Filters also take ACTIVE: every state but CLOSED. */
export const STATE_FILTERS = ['OPEN', 'ACTIVE', 'IN_PROGRESS', 'RISK_ACCEPTED', 'MITIGATING_CONTROL', 'FALSE_POSITIVE', 'CLOSED'] as const;
export const ALERT_ORDERS = ['scanTargetId', 'resource', 'rule', 'severity', 'state', 'openedAt', 'resolvedAt', 'createdAt', 'updatedAt', 'followingIds'] as const;
export const GROUPED_ORDERS = ['rule', 'severity', 'total'] as const;

export type AlertOrder = (typeof ALERT_ORDERS)[number];
export type GroupedOrder = (typeof GROUPED_ORDERS)[number];
export type SortDirection = 'ASC' | 'DESC';
export type Lang = 'pt_BR' | 'en_US' | null | undefined;

export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = 25;

/** The filter body shared by the own and following lists, grouped lists and summaries. */
export interface AlertFilter {
  createdAtStart?: Date | null;
  createdAtEnd?: Date | null;
  openedAtStart?: Date | null;
  openedAtEnd?: Date | null;
  resolvedAtStart?: Date | null;
  resolvedAtEnd?: Date | null;
  updatedAtStart?: Date | null;
  updatedAtEnd?: Date | null;
  rules?: string[] | null;
  scanTargetIds?: string[] | null;
  scanTargetKinds?: string[] | null;
  scanTargetTags?: string[] | null;
  includeEmptyScanTargetTags?: boolean | null;
  search?: string | null;
  severities?: string[] | null;
  states?: string[] | null;
}

export interface AlertRow {
  id: string;
  organizationId: string;
  scanTargetId: string;
  rule: string;
  ruleTitle: string | null;
  resource: string;
  severity: string;
  state: string;
  version: number;
  tags: string[];
  labels: string[];
  compliances: string[];
  enrichment: unknown;
  metadata: unknown;
  timelinessThreshold: number | null;
  openedAt: Date | null;
  resolvedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface HistoryRow extends Omit<AlertRow, 'compliances' | 'updatedAt'> {
  alertId: string;
  seq: string;
  operation: string;
  userId: string | null;
}

/** Collects positional parameters while a statement is built. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const SEVERITY_RANK_SQL = (col: string) =>
  `(CASE ${col} WHEN 'CRITICAL' THEN 5 WHEN 'HIGH' THEN 4 WHEN 'MEDIUM' THEN 3 WHEN 'LOW' THEN 2 WHEN 'INFO' THEN 1 ELSE 0 END)`;
const STATE_RANK_SQL = (col: string) =>
  `(CASE ${col} WHEN 'OPEN' THEN 1 WHEN 'IN_PROGRESS' THEN 2 WHEN 'RISK_ACCEPTED' THEN 3 WHEN 'MITIGATING_CONTROL' THEN 4 WHEN 'FALSE_POSITIVE' THEN 5 WHEN 'CLOSED' THEN 6 ELSE 0 END)`;

export const severityRankSql = SEVERITY_RANK_SQL;

const SEVERITY_RANKS: Record<string, number> = { CRITICAL: 5, HIGH: 4, MEDIUM: 3, LOW: 2, INFO: 1 };
const STATE_RANKS: Record<string, number> = { OPEN: 1, IN_PROGRESS: 2, RISK_ACCEPTED: 3, MITIGATING_CONTROL: 4, FALSE_POSITIVE: 5, CLOSED: 6 };

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

/** Each `order`: its key expression (identical to the index expression) and the key's SQL type. */
const ORDER_KEYS: Record<AlertOrder, { expr: (a: string) => string; type: string; defaultSort: SortDirection }> = {
  scanTargetId: { expr: (a) => `${a}."scanTargetId"`, type: 'uuid', defaultSort: 'ASC' },
  resource: { expr: (a) => `${a}."resource"`, type: 'text', defaultSort: 'ASC' },
  rule: { expr: (a) => `${a}."rule"`, type: 'text', defaultSort: 'ASC' },
  severity: { expr: (a) => SEVERITY_RANK_SQL(`${a}."severity"`), type: 'int', defaultSort: 'DESC' },
  state: { expr: (a) => STATE_RANK_SQL(`${a}."state"`), type: 'int', defaultSort: 'ASC' },
  openedAt: { expr: (a) => `COALESCE(${a}."openedAt", 'infinity'::timestamptz)`, type: 'timestamptz', defaultSort: 'DESC' },
  resolvedAt: { expr: (a) => `COALESCE(${a}."resolvedAt", 'infinity'::timestamptz)`, type: 'timestamptz', defaultSort: 'DESC' },
  createdAt: { expr: (a) => `${a}."createdAt"`, type: 'timestamptz', defaultSort: 'DESC' },
  updatedAt: { expr: (a) => `${a}."updatedAt"`, type: 'timestamptz', defaultSort: 'DESC' },
  followingIds: { expr: (a) => `${a}."organizationId"`, type: 'uuid', defaultSort: 'ASC' },
};

export const DEFAULT_ORDER: AlertOrder = 'severity';

export function defaultSort(order: AlertOrder): SortDirection {
  return ORDER_KEYS[order].defaultSort;
}

const ALERT_COLUMNS = (a: string) =>
  `${a}.id, ${a}."organizationId", ${a}."scanTargetId", ${a}.rule, ${a}.resource, ${a}.severity, ${a}.state, ${a}.version,
   COALESCE(${a}.tags, '{}') AS tags, COALESCE(${a}.labels, '{}') AS labels, COALESCE(${a}.compliances, '{}') AS compliances,
   ${a}.enrichment, ${a}.metadata, ${a}."timelinessThreshold", ${a}."openedAt", ${a}."resolvedAt", ${a}."createdAt", ${a}."updatedAt"`;

export function titleColumn(lang: Lang): '"titlePt"' | '"titleEn"' {
  return lang === 'pt_BR' ? '"titlePt"' : '"titleEn"';
}

// ───────────────────────────── cursors ─────────────────────────────

/** Opaque to clients: base64url of the last row's sort key and id, and the list it belongs to. */
export function encodeCursor(parts: unknown[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

function decodeCursor(cursor: string, field = 'cursor'): unknown[] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed)) return parsed;
  } catch {
    // reported below
  }
  throw badRequest(`${field} is not a cursor this list returned`, field);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface KeysetPosition {
  key: string | null;
  id: string;
}

/** A list cursor names its list kind, order and sort: one made for another list is refused. */
function readKeysetCursor(cursor: string | null | undefined, kind: string, order: string, sort: SortDirection): KeysetPosition | null {
  if (cursor === null || cursor === undefined || cursor === '') return null;
  const parts = decodeCursor(cursor);
  const [k, o, s, key, id] = parts;
  if (k !== kind || o !== order || s !== sort || (key !== null && typeof key !== 'string') || typeof id !== 'string' || (kind !== 'g' && !UUID.test(id))) {
    throw badRequest('cursor does not belong to this list, order and sort', 'cursor');
  }
  return { key, id };
}

export function pageSize(size: number | null | undefined, field = 'size'): number {
  if (size === null || size === undefined) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) throw badRequest(`${field} must be an integer from 1 to ${MAX_PAGE_SIZE}`, field);
  return size;
}

// ───────────────────────────── filters ─────────────────────────────

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function expandStates(states: readonly string[] | null | undefined): string[] | undefined {
  if (!states?.length) return undefined;
  const expanded = new Set<string>();
  for (const state of states) {
    if (state === 'ACTIVE') STATES.filter((s) => s !== 'CLOSED').forEach((s) => expanded.add(s));
    else expanded.add(state);
  }
  return [...expanded];
}

export interface FilterOptions {
  /** Followers must not find alerts by a censored field: search then skips `resource`. */
  searchResource: boolean;
}

/** WHERE conditions on alias `a` for a filter; organization scoping is the caller's. */
/**
 * The alerts of a deleted (soft-deleted) scan target are gone for every reader and writer: lists,
 * groups, counts, history lists, one alert, updates and batches. The deleted targets of the listed
 * organizations are looked up once per statement (a hashed subplan, usually empty).
 */
export function liveTargetCondition(p: Params, organizationIds: readonly string[], a = 'a'): string {
  return `${a}."scanTargetId" NOT IN (SELECT dst.id FROM alerts.scan_targets dst WHERE dst."organizationId" = ANY(${p.add(organizationIds)}::uuid[]) AND dst."deletedAt" IS NOT NULL)`;
}

/** The same for one alert `a` (correlated: for statements that touch one alert by id). */
export const LIVE_TARGET_SQL = (a: string) => `NOT EXISTS (SELECT 1 FROM alerts.scan_targets dst WHERE dst.id = ${a}."scanTargetId" AND dst."deletedAt" IS NOT NULL)`;

export function filterConditions(filter: AlertFilter, p: Params, organizationIds: readonly string[], options: FilterOptions, a = 'a'): string[] {
  const where: string[] = [liveTargetCondition(p, organizationIds, a)];
  const range = (column: string, start?: Date | null, end?: Date | null) => {
    if (start) where.push(`${a}."${column}" >= ${p.add(start)}`);
    if (end) where.push(`${a}."${column}" <= ${p.add(end)}`);
  };
  range('createdAt', filter.createdAtStart, filter.createdAtEnd);
  range('openedAt', filter.openedAtStart, filter.openedAtEnd);
  range('resolvedAt', filter.resolvedAtStart, filter.resolvedAtEnd);
  range('updatedAt', filter.updatedAtStart, filter.updatedAtEnd);
  if (filter.rules?.length) where.push(`${a}.rule = ANY(${p.add(filter.rules)}::text[])`);
  if (filter.scanTargetIds?.length) where.push(`${a}."scanTargetId" = ANY(${p.add(filter.scanTargetIds)}::uuid[])`);
  if (filter.severities?.length) where.push(`${a}.severity = ANY(${p.add(filter.severities)}::text[])`);
  const states = expandStates(filter.states);
  if (states) where.push(`${a}.state = ANY(${p.add(states)}::text[])`);
  const kinds = filter.scanTargetKinds?.length ? filter.scanTargetKinds : undefined;
  const tags = filter.scanTargetTags?.length ? filter.scanTargetTags : undefined;
  if (kinds || tags) {
    const targetWhere = [`st."organizationId" = ANY(${p.add(organizationIds)}::uuid[])`];
    if (kinds) targetWhere.push(`st.kind = ANY(${p.add(kinds)}::text[])`);
    if (tags) {
      const tagged = `st.tags && ${p.add(tags)}::text[]`;
      targetWhere.push(filter.includeEmptyScanTargetTags ? `(${tagged} OR cardinality(st.tags) = 0)` : tagged);
    }
    where.push(`${a}."scanTargetId" IN (SELECT st.id FROM alerts.scan_targets st WHERE ${targetWhere.join(' AND ')})`);
  }
  const search = filter.search?.trim();
  if (search) {
    const pattern = p.add(likePattern(search));
    const titles = `${a}.rule IN (SELECT r.id FROM alerts.rules r WHERE r."titleEn" ILIKE ${pattern} OR r."titlePt" ILIKE ${pattern})`;
    where.push(options.searchResource ? `(${a}.rule ILIKE ${pattern} OR ${a}.resource ILIKE ${pattern} OR ${titles})` : `(${a}.rule ILIKE ${pattern} OR ${titles})`);
  }
  return where;
}

// ───────────────────────────── alert lists ─────────────────────────────

export interface ListOptions {
  organizationIds: readonly string[];
  /**
   * Build the page as one JSON array text in the database (`recordsJson`) instead of rows: what a
   * REST list sends as it is, with no row parsing, mapping or re-serializing in Node.
   */
  json?: boolean;
  /** The caller follows these organizations: the JSON records are censored (lib/censorship.ts). */
  follower?: boolean;
  filter: AlertFilter;
  order: AlertOrder;
  sort: SortDirection;
  size: number;
  cursor?: string | null;
  lang: Lang;
  searchResource: boolean;
}

export interface Page<T> {
  data: T[];
  cursor: string | null;
  /** With ListOptions.json: the page as a JSON array text (and `data` is empty). */
  recordsJson?: string;
}

/**
 * An alert row `a` (ALERT_COLUMNS) with its rule title `title` as the JSON record REST clients get:
 * the fields and formats of alertRecord() in alerts.ts (ISO dates with milliseconds and Z), censored
 * for a follower. Tests compare both forms.
 */
function alertRecordJsonSql(a: string, title: string, follower: boolean): string {
  // row_to_json of a one-row subquery: compact JSON, keys in this order (and cheaper than json_build_object).
  return `(SELECT row_to_json(rec) FROM (SELECT
    ${a}.id, ${a}."organizationId", ${a}."scanTargetId", ${a}.rule, ${title} AS "ruleTitle",
    ${follower ? CENSORED_SQL.resource : `${a}.resource`} AS resource, ${a}.severity, ${a}.state, ${a}.version, ${a}.tags, ${a}.labels, ${a}.compliances,
    ${follower ? CENSORED_SQL.enrichment : `${a}.enrichment`} AS enrichment, ${follower ? CENSORED_SQL.metadata : `${a}.metadata`} AS metadata,
    ${iso(`${a}."openedAt"`)} AS "openedAt", ${iso(`${a}."resolvedAt"`)} AS "resolvedAt", ${iso(`${a}."createdAt"`)} AS "createdAt", ${iso(`${a}."updatedAt"`)} AS "updatedAt",
    ${a}."timelinessThreshold") rec)::text`;
}

/**
 * One page of alerts in (key, id) order. For several organizations each one's next `size + 1` rows
 * come from its own index range, and the merge keeps the first `size + 1`.
 */
export async function listAlerts(pool: pg.Pool, options: ListOptions): Promise<Page<AlertRow>> {
  const { organizationIds, order, sort, size } = options;
  if (!organizationIds.length) return { data: [], cursor: null };
  const keyDef = ORDER_KEYS[order];
  const position = readKeysetCursor(options.cursor, 'a', order, sort);
  const p = new Params();
  const dir = sort === 'DESC' ? 'DESC' : 'ASC';
  const cmp = sort === 'DESC' ? '<' : '>';
  const limit = p.add(size + 1);

  const innerFor = (orgSql: string) => {
    const where = [`a."organizationId" = ${orgSql}`, ...filterConditions(options.filter, p, organizationIds, { searchResource: options.searchResource })];
    if (position) where.push(`(${keyDef.expr('a')}, a.id) ${cmp} (${p.add(position.key ?? 'infinity')}::${keyDef.type}, ${p.add(position.id)}::uuid)`);
    const ranks = rankRange(order, options.filter);
    if (ranks) where.push(`${keyDef.expr('a')} BETWEEN ${ranks.min} AND ${ranks.max}`);
    return `SELECT ${ALERT_COLUMNS('a')}, (${keyDef.expr('a')})::text AS "sortKey"
              FROM alerts.alerts a WHERE ${where.join(' AND ')}
             ORDER BY ${keyDef.expr('a')} ${dir}, a.id ${dir} LIMIT ${limit}`;
  };
  const page =
    organizationIds.length === 1
      ? innerFor(`${p.add(organizationIds[0])}::uuid`)
      : `SELECT x.* FROM unnest(${p.add(organizationIds)}::uuid[]) AS o(id) CROSS JOIN LATERAL (${innerFor('o.id')}) x
          ORDER BY x."sortKey"::${keyDef.type} ${dir}, x.id ${dir} LIMIT ${limit}`;
  const title = `r.${titleColumn(options.lang)}`;
  const columns = options.json ? `pg.id, pg."sortKey", ${alertRecordJsonSql('pg', title, options.follower ?? false)} AS record` : `pg.*, ${title} AS "ruleTitle"`;
  const sql = `SELECT ${columns}
                 FROM (${page}) pg LEFT JOIN alerts.rules r ON r.id = pg.rule
                ORDER BY pg."sortKey"::${keyDef.type} ${dir}, pg.id ${dir}`;
  const { rows } = await pool.query<AlertRow & { sortKey: string | null; record?: string }>(sql, p.values);
  const more = rows.length > size;
  const data = more ? rows.slice(0, size) : rows;
  const last = data[data.length - 1];
  const cursor = more && last ? encodeCursor(['a', order, sort, normalizeKey(last.sortKey), last.id]) : null;
  if (options.json) return { data: [], cursor, recordsJson: `[${data.map((row) => row.record).join(',')}]` };
  return { data: data.map(stripSortKey), cursor };
}

function stripSortKey<T extends { sortKey?: unknown }>(row: T): Omit<T, 'sortKey'> {
  const { sortKey: _sortKey, ...rest } = row;
  return rest;
}

function normalizeKey(key: string | null): string | null {
  return key === 'infinity' ? null : key;
}

/** The legacy page-numbered lists (POST /alerts, /alerts/following): `{data, total}`. */
export async function listAlertsByPage(
  pool: pg.Pool,
  options: Omit<ListOptions, 'cursor' | 'size'> & { page: number; pageSize: number },
): Promise<{ data: AlertRow[]; total: number }> {
  const { organizationIds, order, sort } = options;
  if (!organizationIds.length) return { data: [], total: 0 };
  const keyDef = ORDER_KEYS[order];
  const p = new Params();
  const where = [`a."organizationId" = ANY(${p.add(organizationIds)}::uuid[])`, ...filterConditions(options.filter, p, organizationIds, { searchResource: options.searchResource })];
  const countParams = [...p.values];
  const countSql = `SELECT count(*)::int AS total FROM alerts.alerts a WHERE ${where.join(' AND ')}`;
  const dir = sort === 'DESC' ? 'DESC' : 'ASC';
  const sql = `SELECT ${ALERT_COLUMNS('a')}, r.${titleColumn(options.lang)} AS "ruleTitle"
                 FROM alerts.alerts a LEFT JOIN alerts.rules r ON r.id = a.rule
                WHERE ${where.join(' AND ')}
                ORDER BY ${keyDef.expr('a')} ${dir}, a.id ${dir}
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
  const { rows } = await pool.query<Omit<AlertRow, 'ruleTitle'>>(`SELECT ${ALERT_COLUMNS('a')} FROM alerts.alerts a WHERE a.id = ANY($1::uuid[]) AND ${LIVE_TARGET_SQL('a')}`, [valid]);
  return rows;
}

// ───────────────────────────── grouped by rule ─────────────────────────────

export interface RuleGroupRow {
  rule: string;
  ruleTitle: string | null;
  severity: Severity;
  timelinessThreshold: number | null;
  total: number;
}

const SEVERITY_BY_RANK: Record<number, Severity> = { 5: 'CRITICAL', 4: 'HIGH', 3: 'MEDIUM', 2: 'LOW', 1: 'INFO' };

const GROUP_KEYS: Record<GroupedOrder, { expr: string; type: string; defaultSort: SortDirection }> = {
  rule: { expr: 'g.rule', type: 'text', defaultSort: 'ASC' },
  severity: { expr: 'g."severityRank"', type: 'int', defaultSort: 'DESC' },
  total: { expr: 'g.total', type: 'int', defaultSort: 'DESC' },
};

export function defaultGroupedSort(order: GroupedOrder): SortDirection {
  return GROUP_KEYS[order].defaultSort;
}

/** Alerts grouped by rule (the rule's worst severity, its threshold, the count), keyset-paged on (key, rule). */
export async function listRuleGroups(
  pool: pg.Pool,
  options: Omit<ListOptions, 'order'> & { order: GroupedOrder },
): Promise<Page<RuleGroupRow>> {
  const { organizationIds, order, sort, size } = options;
  if (!organizationIds.length) return { data: [], cursor: null };
  const keyDef = GROUP_KEYS[order];
  const position = readKeysetCursor(options.cursor, 'g', order, sort);
  const p = new Params();
  const where = [`a."organizationId" = ANY(${p.add(organizationIds)}::uuid[])`, ...filterConditions(options.filter, p, organizationIds, { searchResource: options.searchResource })];
  const dir = sort === 'DESC' ? 'DESC' : 'ASC';
  const cmp = sort === 'DESC' ? '<' : '>';
  const after = position ? `WHERE (${keyDef.expr}, g.rule) ${cmp} (${p.add(position.key)}::${keyDef.type}, ${p.add(position.id)}::text)` : '';
  const sql = `SELECT g.rule, g."severityRank", g."timelinessThreshold", g.total, (${keyDef.expr})::text AS "sortKey", r.${titleColumn(options.lang)} AS "ruleTitle"
                 FROM (SELECT a.rule, max(${SEVERITY_RANK_SQL('a.severity')}) AS "severityRank",
                              max(a."timelinessThreshold") AS "timelinessThreshold", count(*)::int AS total
                         FROM alerts.alerts a WHERE ${where.join(' AND ')} GROUP BY a.rule) g
                 LEFT JOIN alerts.rules r ON r.id = g.rule
                ${after}
                ORDER BY ${keyDef.expr} ${dir}, g.rule ${dir} LIMIT ${p.add(size + 1)}`;
  const { rows } = await pool.query<{ rule: string; severityRank: number; timelinessThreshold: number | null; total: number; sortKey: string; ruleTitle: string | null }>(sql, p.values);
  const more = rows.length > size;
  const data = more ? rows.slice(0, size) : rows;
  const last = data[data.length - 1];
  return {
    data: data.map((g) => ({ rule: g.rule, ruleTitle: g.ruleTitle, severity: SEVERITY_BY_RANK[g.severityRank] ?? 'INFO', timelinessThreshold: g.timelinessThreshold, total: g.total })),
    cursor: more && last ? encodeCursor(['g', order, sort, last.sortKey, last.rule]) : null,
  };
}

/** Legacy page-numbered grouped lists (POST /alerts/rules, /alerts/rules/following). */
export async function listRuleGroupsByPage(
  pool: pg.Pool,
  options: Omit<ListOptions, 'order' | 'cursor' | 'size'> & { order: GroupedOrder; page: number; pageSize: number },
): Promise<{ data: RuleGroupRow[]; total: number }> {
  const { organizationIds, order, sort } = options;
  if (!organizationIds.length) return { data: [], total: 0 };
  const keyDef = GROUP_KEYS[order];
  const p = new Params();
  const where = [`a."organizationId" = ANY(${p.add(organizationIds)}::uuid[])`, ...filterConditions(options.filter, p, organizationIds, { searchResource: options.searchResource })];
  const dir = sort === 'DESC' ? 'DESC' : 'ASC';
  const sql = `SELECT g.*, count(*) OVER ()::int AS "groups", r.${titleColumn(options.lang)} AS "ruleTitle"
                 FROM (SELECT a.rule, max(${SEVERITY_RANK_SQL('a.severity')}) AS "severityRank",
                              max(a."timelinessThreshold") AS "timelinessThreshold", count(*)::int AS total
                         FROM alerts.alerts a WHERE ${where.join(' AND ')} GROUP BY a.rule) g
                 LEFT JOIN alerts.rules r ON r.id = g.rule
                ORDER BY ${keyDef.expr} ${dir}, g.rule ${dir}
                LIMIT ${p.add(options.pageSize)} OFFSET ${p.add((options.page - 1) * options.pageSize)}`;
  const { rows } = await pool.query<{ rule: string; severityRank: number; timelinessThreshold: number | null; total: number; groups: number; ruleTitle: string | null }>(sql, p.values);
  let total = rows[0]?.groups;
  if (total === undefined) {
    const counted = await pool.query<{ n: number }>(`SELECT count(DISTINCT a.rule)::int AS n FROM alerts.alerts a WHERE ${where.join(' AND ')}`, p.values.slice(0, -2));
    total = counted.rows[0].n;
  }
  return {
    data: rows.map((g) => ({ rule: g.rule, ruleTitle: g.ruleTitle, severity: SEVERITY_BY_RANK[g.severityRank] ?? 'INFO', timelinessThreshold: g.timelinessThreshold, total: g.total })),
    total,
  };
}

// ───────────────────────────── history ─────────────────────────────

const HISTORY_COLUMNS = `h.seq, h."alertId", h."alertId" AS id, h."organizationId", h."scanTargetId", h.rule, h.resource, h.severity, h.state, h.version,
   COALESCE(h.tags, '{}') AS tags, COALESCE(h.labels, '{}') AS labels, h.enrichment, h.metadata, h."timelinessThreshold",
   h."openedAt", h."resolvedAt", h.operation, h."userId", h."createdAt"`;

export function historyCursor(seq: string): string {
  return encodeCursor(['h', seq]);
}

function readHistoryCursor(cursor: string | null | undefined): string | null {
  if (cursor === null || cursor === undefined || cursor === '') return null;
  const [kind, seq] = decodeCursor(cursor);
  if (kind !== 'h' || typeof seq !== 'string' || !/^\d{1,19}$/.test(seq)) throw badRequest('cursor is not an alert history cursor', 'cursor');
  return seq;
}

/**
 * Alert history records of organizations after `cursor`, oldest first. Every record carries its own
 * cursor; a request with the last one returns only later records, and `[]` at the end.
 */
export async function listHistory(
  pool: pg.Pool,
  options: { organizationIds: readonly string[]; scanTargetIds?: string[] | null; cursor?: string | null; size: number; lang: Lang },
): Promise<Page<HistoryRow>> {
  if (!options.organizationIds.length) return { data: [], cursor: null };
  const after = readHistoryCursor(options.cursor);
  const p = new Params();
  const where = [`h."organizationId" = ANY(${p.add(options.organizationIds)}::uuid[])`, liveTargetCondition(p, options.organizationIds, 'h')];
  if (options.scanTargetIds?.length) where.push(`h."scanTargetId" = ANY(${p.add(options.scanTargetIds)}::uuid[])`);
  if (after) where.push(`h.seq > ${p.add(after)}::bigint`);
  const { rows } = await pool.query<HistoryRow>(
    `SELECT ${HISTORY_COLUMNS}, r.${titleColumn(options.lang)} AS "ruleTitle"
       FROM alerts.alert_history h LEFT JOIN alerts.rules r ON r.id = h.rule
      WHERE ${where.join(' AND ')} ORDER BY h.seq LIMIT ${p.add(options.size)}`,
    p.values,
  );
  const last = rows[rows.length - 1];
  return { data: rows, cursor: rows.length === options.size && last ? historyCursor(last.seq) : null };
}

/** One alert's history, oldest first: by page number (`total` always) or after a cursor. */
export async function alertHistory(
  pool: pg.Pool,
  options: { alertId: string; page?: number | null; size: number; cursor?: string | null; lang: Lang },
): Promise<Page<HistoryRow> & { total: number }> {
  const p = new Params();
  const where = [`h."alertId" = ${p.add(options.alertId)}::uuid`];
  const countParams = [...p.values];
  const after = readHistoryCursor(options.cursor);
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
  return { data, total: count.rows[0].total, cursor: more && last ? historyCursor(last.seq) : null };
}

// ───────────────────────────── comments ─────────────────────────────

/** A comment as the list shows it: the stored comment plus who wrote it. */
export interface CommentRow extends NewCommentRow {
  userName: string | null;
  userPicture: string | null;
  notMember: boolean;
}

/** An alert's comments, oldest first, with the author's name and picture and whether they left the organization. */
export async function listComments(pool: pg.Pool, options: { alertId: string; page: number; size: number }): Promise<{ data: CommentRow[]; total: number }> {
  const [page, count] = await Promise.all([
    pool.query<CommentRow>(
      `SELECT c.id, c."organizationId", c."alertId", c."userId", c.comment, c."mimeType", c."createdAt",
              u.name AS "userName", u.picture AS "userPicture", (m."userId" IS NULL) AS "notMember"
         FROM alerts.alert_comments c
         LEFT JOIN organizations.users u ON u.id = c."userId"
         LEFT JOIN organizations.memberships m ON m."organizationId" = c."organizationId" AND m."userId" = c."userId"
        WHERE c."alertId" = $1 ORDER BY c."createdAt", c.id LIMIT $2 OFFSET $3`,
      [options.alertId, options.size, (options.page - 1) * options.size],
    ),
    pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM alerts.alert_comments WHERE "alertId" = $1`, [options.alertId]),
  ]);
  return { data: page.rows, total: count.rows[0].total };
}
