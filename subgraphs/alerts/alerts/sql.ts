import { escapeLiteral } from 'pg';
import { alertColumnsSql } from '../../../lib/alert-columns';
import type { CursorCodec } from '../../../lib/cursors';
import { badRequest } from '../../../lib/errors';
import { type View, Visibility } from '../../../lib/visibility';
import type { AlertOrder, Lang, SortDirection } from '../../../lib/vocabulary';

/**
 * The SQL and paging kit every alert read shares: row types, columns, order keys and keyset cursors.
 * Lists are keyset-paged on (sort key, id) over the (organizationId, key, id) indexes of migration
 * 20261124100000, never OFFSET (only the legacy page-numbered endpoints use OFFSET). Several
 * organizations (following lists) are merged from one index range scan per organization
 * (LATERAL … LIMIT), so a page costs the same whatever the number of alerts or the page number;
 * each organization gives a few rows, not a page (lists.ts, mergedPage), so it barely grows with the
 * number of organizations followed.
 * The query families: lists.ts, groups.ts, history.ts, comments.ts;
 * their filters: filters.ts.
 */

/** An alert row and a history row as every read selects them: declared once, in lib/alert-columns.ts. */
export type { AlertRow, HistoryRow } from '../../../lib/alert-columns';

/** Collects positional parameters while a statement is built. */
export class Params {
  readonly values: unknown[] = [];
  private readonly shared = new Map<object, string>();
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  /**
   * One parameter for an array a statement names several times (a following list's organizations: the page, the
   * deleted-targets check): pg writes each array parameter out element by element and PostgreSQL reads it back,
   * ~2 ms for 1,000 uuids (bench:scale's 1,000 followed), once instead of three times. Every use must cast it alike.
   */
  addOnce(value: object): string {
    let placeholder = this.shared.get(value);
    if (!placeholder) {
      placeholder = this.add(value);
      this.shared.set(value, placeholder);
    }
    return placeholder;
  }
}

export const SEVERITY_RANK_SQL = (col: string) =>
  `(CASE ${col} WHEN 'CRITICAL' THEN 5 WHEN 'HIGH' THEN 4 WHEN 'MEDIUM' THEN 3 WHEN 'LOW' THEN 2 WHEN 'INFO' THEN 1 ELSE 0 END)`;
export const STATE_RANK_SQL = (col: string) =>
  `(CASE ${col} WHEN 'OPEN' THEN 1 WHEN 'IN_PROGRESS' THEN 2 WHEN 'RISK_ACCEPTED' THEN 3 WHEN 'MITIGATING_CONTROL' THEN 4 WHEN 'FALSE_POSITIVE' THEN 5 WHEN 'CLOSED' THEN 6 ELSE 0 END)`;

export const SEVERITY_RANKS: Record<string, number> = { CRITICAL: 5, HIGH: 4, MEDIUM: 3, LOW: 2, INFO: 1 };
export const STATE_RANKS: Record<string, number> = { OPEN: 1, IN_PROGRESS: 2, RISK_ACCEPTED: 3, MITIGATING_CONTROL: 4, FALSE_POSITIVE: 5, CLOSED: 6 };

export interface OrderKey {
  expr: (a: string) => string;
  type: string;
  defaultSort: SortDirection;
  /** The same for every row: the list is in id order (and the keyset compares ids only). */
  constant?: boolean;
}

/** Each `order`: its key expression (identical to the index expression) and the key's SQL type. */
const ORDER_KEYS: Record<AlertOrder, OrderKey> = {
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

/** What a list is sorted by as `view` sees it (Visibility.shownOrderValueSql: a hidden value sorts as the constant shown). */
export function orderKey(order: AlertOrder, view: View): OrderKey {
  const shown = Visibility.shownOrderValueSql(view, order);
  if (shown !== null) return { expr: () => shown, type: 'text', defaultSort: ORDER_KEYS[order].defaultSort, constant: true };
  return ORDER_KEYS[order];
}

/** `ORDER BY` terms for alias `a` (a constant key is left out: PostgreSQL refuses a literal there). */
export function orderBySql(key: OrderKey, a: string, dir: SortDirection): string {
  return key.constant ? `${a}.id ${dir}` : `${key.expr(a)} ${dir}, ${a}.id ${dir}`;
}

export function defaultSort(order: AlertOrder): SortDirection {
  return ORDER_KEYS[order].defaultSort;
}

/** The columns every alert read selects from row alias `a` (lib/alert-columns.ts). */
export const ALERT_COLUMNS = alertColumnsSql;

export function titleColumn(lang: Lang): '"titlePt"' | '"titleEn"' {
  return lang === 'pt_BR' ? '"titlePt"' : '"titleEn"';
}

// ───────────── keyset cursors ─────────────

/*
 * A cursor holds the last row's sort key and id and the list kind, order and sort it belongs to,
 * sealed by the caller's CursorCodec (lib/cursors.ts: encrypted, authenticated, bound to the list
 * and the organization it is read for). The key may be a value the caller is not shown.
 */

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface KeysetPosition {
  key: string | null;
  id: string;
}

/** A list cursor names its list kind, order and sort: one made for another list is refused. */
export function readKeysetCursor(
  codec: CursorCodec,
  cursor: string | null | undefined,
  kind: string,
  order: string,
  sort: SortDirection,
): KeysetPosition | null {
  if (cursor === null || cursor === undefined || cursor === '') return null;
  const parts = codec.open(cursor);
  const [k, o, s, key, id] = parts;
  if (k !== kind || o !== order || s !== sort || (key !== null && typeof key !== 'string') || typeof id !== 'string' || (kind !== 'g' && !UUID.test(id))) {
    throw badRequest('cursor does not belong to this list, order and sort', 'cursor');
  }
  return { key, id };
}

/**
 * The alerts of a deleted (soft-deleted) scan target are gone for every reader and writer: lists,
 * groups, counts, history lists, one alert, updates and batches. The deleted targets of the listed
 * organizations are looked up once per statement (a hashed subplan, usually empty).
 */
export function liveTargetCondition(p: Params, organizationIds: readonly string[], a = 'a'): string {
  return `${a}."scanTargetId" NOT IN (SELECT dst.id FROM alerts.scan_targets dst WHERE dst."organizationId" = ANY(${p.addOnce(organizationIds)}::uuid[]) AND dst."deletedAt" IS NOT NULL)`;
}

/** The same for one alert `a` (correlated: for statements that touch one alert by id). */
export const LIVE_TARGET_SQL = (a: string) =>
  `NOT EXISTS (SELECT 1 FROM alerts.scan_targets dst WHERE dst.id = ${a}."scanTargetId" AND dst."deletedAt" IS NOT NULL)`;

export interface Page<T> {
  data: T[];
  cursor: string | null;
  /** With ListOptions.json: the page as a JSON array text (and `data` is empty). */
  recordsJson?: string;
}

export function stripSortKey<T extends { sortKey?: unknown }>(row: T): Omit<T, 'sortKey'> {
  const { sortKey: _sortKey, ...rest } = row;
  return rest;
}

export function normalizeKey(key: string | null): string | null {
  return key === 'infinity' ? null : key;
}

/**
 * Params whose values are written into the SQL as literals: for `COPY (…) TO STDOUT`, which takes no
 * bound parameters. Strings go through pg's escapeLiteral; only the value kinds the alert filters
 * bind are accepted (anything else is a programming error, refused).
 */
export class InlineParams extends Params {
  override add(value: unknown): string {
    return inlineLiteral(value);
  }
}

function inlineLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('a non-finite number cannot be written into SQL');
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return `${escapeLiteral(value.toISOString())}::timestamptz`;
  if (typeof value === 'string') return escapeLiteral(value);
  if (Array.isArray(value)) return `ARRAY[${value.map(inlineLiteral).join(', ')}]`;
  throw new Error(`a ${typeof value} cannot be written into SQL`);
}
