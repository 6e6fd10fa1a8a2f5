import type pg from 'pg';
import { type View, Visibility } from '../../../lib/visibility';
import { SEVERITIES, STATES } from '../../../lib/vocabulary';
import { type AlertFilter, filterConditions } from './filters';
import { Params } from './sql';

/**
 * Alert counts (rest-contract §9b and the legacy /alerts/summaries*). `severities` count the alerts
 * that are not CLOSED (what is still to fix); `states` count every alert; `total` all, `open` not CLOSED.
 */

export type SeverityCounts = Record<(typeof SEVERITIES)[number], number>;
export type StateCounts = Record<(typeof STATES)[number], number>;

export interface AlertCounts {
  total: number;
  open: number;
  severities: SeverityCounts;
  states: StateCounts;
}

export interface ScanTargetSummary extends AlertCounts {
  scanTargetId: string;
  organizationId: string;
  name: string;
  kind: string;
  tags: string[];
}

export function emptyCounts(): AlertCounts {
  return {
    total: 0,
    open: 0,
    severities: Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as SeverityCounts,
    states: Object.fromEntries(STATES.map((s) => [s, 0])) as StateCounts,
  };
}

function addTo(counts: AlertCounts, severity: string, state: string, n: number): void {
  counts.total += n;
  if (state in counts.states) counts.states[state as keyof StateCounts] += n;
  if (state !== 'CLOSED') {
    counts.open += n;
    if (severity in counts.severities) counts.severities[severity as keyof SeverityCounts] += n;
  }
}

export interface ScanTargetSummaryOptions {
  organizationIds: readonly string[];
  scanTargetIds?: string[] | null;
  scanTargetTags?: string[] | null;
  scanTargetKinds?: string[] | null;
  includeEmptyScanTargetTags?: boolean | null;
  alertSeverities?: string[] | null;
  /** How the caller reads the targets (default member): the order follows Visibility.sortsScanTargetsByName. */
  view?: View;
}

/** Per live scan target of the organizations: its alert counts by severity and state, plus the totals. */
export async function scanTargetSummaries(pool: pg.Pool, options: ScanTargetSummaryOptions): Promise<{ data: ScanTargetSummary[]; totals: AlertCounts }> {
  const totals = emptyCounts();
  if (!options.organizationIds.length) return { data: [], totals };
  const p = new Params();
  const where = [`st."organizationId" = ANY(${p.add(options.organizationIds)}::uuid[])`, `st."deletedAt" IS NULL`];
  if (options.scanTargetIds?.length) where.push(`st.id = ANY(${p.add(options.scanTargetIds)}::uuid[])`);
  if (options.scanTargetKinds?.length) where.push(`st.kind = ANY(${p.add(options.scanTargetKinds)}::text[])`);
  if (options.scanTargetTags?.length) {
    const tagged = `st.tags && ${p.add(options.scanTargetTags)}::text[]`;
    where.push(options.includeEmptyScanTargetTags ? `(${tagged} OR cardinality(st.tags) = 0)` : tagged);
  }
  const severityFilter = options.alertSeverities?.length ? `AND a.severity = ANY(${p.add(options.alertSeverities)}::text[])` : '';
  const { rows } = await pool.query<{
    id: string;
    organizationId: string;
    name: string;
    kind: string;
    tags: string[];
    severity: string | null;
    state: string | null;
    n: number;
  }>(
    `SELECT st.id, st."organizationId", st.name, st.kind, st.tags, c.severity, c.state, COALESCE(c.n, 0)::int AS n
       FROM alerts.scan_targets st
       LEFT JOIN LATERAL (
         SELECT a.severity, a.state, count(*) AS n FROM alerts.alerts a
          WHERE a."organizationId" = st."organizationId" AND a."scanTargetId" = st.id ${severityFilter}
          GROUP BY a.severity, a.state) c ON true
      WHERE ${where.join(' AND ')}
      ORDER BY st."organizationId", ${Visibility.sortsScanTargetsByName(options.view ?? 'member') ? 'st.name, ' : ''}st.id`,
    p.values,
  );
  const byTarget = new Map<string, ScanTargetSummary>();
  for (const row of rows) {
    let summary = byTarget.get(row.id);
    if (!summary) {
      summary = { scanTargetId: row.id, organizationId: row.organizationId, name: row.name, kind: row.kind, tags: row.tags ?? [], ...emptyCounts() };
      byTarget.set(row.id, summary);
    }
    if (row.severity && row.state) {
      addTo(summary, row.severity, row.state, row.n);
      addTo(totals, row.severity, row.state, row.n);
    }
  }
  return { data: [...byTarget.values()], totals };
}

/** Counts over the alerts of organizations matching a filter (legacy POST /alerts/summaries…). */
export async function alertCounts(pool: pg.Pool, options: { organizationIds: readonly string[]; filter: AlertFilter; view: View }): Promise<AlertCounts> {
  const counts = emptyCounts();
  if (!options.organizationIds.length) return counts;
  const p = new Params();
  const where = [
    `a."organizationId" = ANY(${p.add(options.organizationIds)}::uuid[])`,
    ...filterConditions(options.filter, p, options.organizationIds, { view: options.view }),
  ];
  const { rows } = await pool.query<{ severity: string; state: string; n: number }>(
    `SELECT a.severity, a.state, count(*)::int AS n FROM alerts.alerts a WHERE ${where.join(' AND ')} GROUP BY a.severity, a.state`,
    p.values,
  );
  for (const row of rows) addTo(counts, row.severity, row.state, row.n);
  return counts;
}

export interface DailyCounts {
  date: string;
  total: number;
  severities: SeverityCounts;
}

/**
 * One entry per UTC day of the last `days` days (oldest first). `mode` 'open': the alerts open at the
 * end of that day (opened by then, not resolved by then); 'resolved': the alerts resolved that day.
 */
export async function dailyCounts(
  pool: pg.Pool,
  options: { organizationIds: readonly string[]; scanTargetIds?: string[] | null; severities?: string[] | null; days: number; mode: 'open' | 'resolved' },
): Promise<DailyCounts[]> {
  const p = new Params();
  const days = p.add(options.days);
  const where = [`a."organizationId" = ANY(${p.add(options.organizationIds)}::uuid[])`];
  if (options.scanTargetIds?.length) where.push(`a."scanTargetId" = ANY(${p.add(options.scanTargetIds)}::uuid[])`);
  if (options.severities?.length) where.push(`a.severity = ANY(${p.add(options.severities)}::text[])`);
  const dayEnd = `(d.day + interval '1 day')`;
  const matches =
    options.mode === 'open'
      ? `a."createdAt" < ${dayEnd} AND COALESCE(a."openedAt", a."createdAt") < ${dayEnd} AND (a."resolvedAt" IS NULL OR a."resolvedAt" >= ${dayEnd})`
      : `a."resolvedAt" >= d.day AND a."resolvedAt" < ${dayEnd}`;
  const { rows } = await pool.query<{ day: string; severity: string | null; n: number }>(
    `WITH days AS (
       SELECT generate_series((now() AT TIME ZONE 'UTC')::date - (${days}::int - 1), (now() AT TIME ZONE 'UTC')::date, interval '1 day') AT TIME ZONE 'UTC' AS day)
     SELECT to_char(d.day AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, a.severity, count(a.id)::int AS n
       FROM days d LEFT JOIN alerts.alerts a ON ${matches} AND ${where.join(' AND ')}
      GROUP BY d.day, a.severity ORDER BY d.day`,
    p.values,
  );
  const byDay = new Map<string, DailyCounts>();
  for (const row of rows) {
    let entry = byDay.get(row.day);
    if (!entry) {
      entry = { date: row.day, total: 0, severities: emptyCounts().severities };
      byDay.set(row.day, entry);
    }
    if (row.severity) {
      entry.total += row.n;
      if (row.severity in entry.severities) entry.severities[row.severity as keyof SeverityCounts] += row.n;
    }
  }
  return [...byDay.values()];
}
