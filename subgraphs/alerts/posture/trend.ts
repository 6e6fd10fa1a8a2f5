import type pg from 'pg';
import { SEVERITIES } from '../../../lib/vocabulary';
import { Params } from '../alerts/sql';
import { alertConditions, type Counts, emptySeverityCounts, filterConditions, isSeverity, OPEN_SQL, type PostureFilter, postureNow } from './aggregates';
import type { DayRange } from './ranges';

/**
 * The posture trend (docs/posture.md): daily UTC buckets of openings and resolutions over a range, and
 * open at the end of each day — open now, minus what opened and plus what was resolved after that day.
 * The openings and resolutions per day and severity come from one of two sources, equal by
 * construction (test/subgraphs/alerts/posture-daily.test.ts compares both with a replay of the history):
 * - alerts.posture_daily (migration 20261202000700_posture_daily): the moves' counts per organization,
 *   UTC day and severity, kept by triggers on posture_moves; the moves of deleted scan targets are
 *   subtracted. At most 5 rows a day: trend 365 days reads ~1,800 rows, not the 150,000 moves of a
 *   100,000-alert organization's year (bench/README.md, "Posture aggregates"). It answers the filter on
 *   severity only: the rollup's key has no scan target, rule or compliances;
 * - alerts.posture_daily_keys and posture_open_keys (migration 20261202001000_posture_keys): the same counts
 *   and the open alerts per scan target, rule or compliance set, for a filter on one of those (with or
 *   without severities): the rows of the keys it names, not every move of the organization's range
 *   (trend 365 days filtered by a compliance tag: see bench/README.md, run 14);
 *   A filter on rules and compliance tags together reads the fourth key of those tables, the pair (rule,
 *   compliance set) (migration 20261202001200_posture_rule_compliance_keys);
 * - a filter on scan targets with a rule or a compliance tag: the moves of the named scan targets' alerts
 *   (posture_moves by alert) and their open alerts, a few hundred rows a scan target — not every move of
 *   the organization's range (bench/README.md, run 17).
 */

export interface TrendDay {
  date: string;
  open: Counts;
  opened: Counts;
  resolved: Counts;
}

export interface Trend {
  from: string;
  to: string;
  days: TrendDay[];
  openDelta: number;
}

/** Openings and resolutions of one severity on day `day` (from the range's first day; days past its end included). */
interface DayMoves {
  day: number;
  severity: string;
  opened: number;
  resolved: number;
}

interface TrendSource {
  moves: DayMoves[];
  openNow: Counts;
}

const sumOf = (counts: Counts) => SEVERITIES.reduce((n, s) => n + counts[s], 0);
const dayOf = (column: string, start: string) => `((${column} AT TIME ZONE 'UTC')::date - ${start}::date)::int`;
const since = (column: string, start: string) => `${column} >= ${start}::date::timestamp AT TIME ZONE 'UTC'`;

type KeyDimension = 'SCAN_TARGET' | 'RULE' | 'COMPLIANCE' | 'RULE+COMPLIANCE';

/** The keyed rows a filter reads: its dimension and its keys (of the pair: the rules and the tags). */
interface KeySource {
  dimension: KeyDimension;
  keys: readonly string[];
  tags?: readonly string[];
}

/**
 * Which source answers the filter: posture_daily without scan target, rule and compliance (its key has
 * severity alone), posture_daily_keys for one of them or for rules with tags, the named scan targets' moves
 * for scan targets with either.
 */
function sourceFor(filter?: PostureFilter | null): 'daily' | 'targets' | KeySource {
  const keyed = (
    [
      ['SCAN_TARGET', filter?.scanTargetIds],
      ['RULE', filter?.rules],
      ['COMPLIANCE', filter?.compliances],
    ] as const
  ).filter(([, keys]) => keys?.length);
  if (!keyed.length) return 'daily';
  if (keyed.length === 1) return { dimension: keyed[0][0], keys: keyed[0][1] ?? [] };
  if (filter?.scanTargetIds?.length) return 'targets';
  return { dimension: 'RULE+COMPLIANCE', keys: filter?.rules ?? [], tags: filter?.compliances ?? [] };
}

/**
 * The rows of the filter's keys, in `column`: a scan target's key is its id as text (uuid::text, lower
 * case), a rule's its id, a compliance set's the set as text — kept when it shares a tag with the filter;
 * a (rule, compliance set) pair's the two as a text array, kept when both are.
 */
function keyCondition(p: Params, source: KeySource, column: string): string {
  const list = p.add(source.keys);
  if (source.dimension === 'SCAN_TARGET') return `${column} = ANY(${list}::uuid[]::text[])`;
  if (source.dimension === 'RULE') return `${column} = ANY(${list}::text[])`;
  if (source.dimension === 'COMPLIANCE') return `${column}::text[] && ${list}::text[]`;
  return `(${column}::text[])[1] = ANY(${list}::text[]) AND ((${column}::text[])[2])::text[] && ${p.add(source.tags ?? [])}::text[]`;
}

/**
 * From the moves of the named scan targets' alerts (posture_moves by alert), and their open alerts: the
 * filter names scan targets and a rule or a compliance tag, which no rollup's key holds together.
 */
async function fromTargets(pool: pg.Pool, organizationId: string, range: DayRange, filter: PostureFilter): Promise<TrendSource> {
  const p = new Params();
  const start = p.add(range.from);
  const where = alertConditions(p, [organizationId], filter);
  const { rows } = await pool.query<DayMoves & { day: number | null; open: number }>(
    `SELECT ${dayOf('m."createdAt"', start)} AS day, m.severity,
            count(*) FILTER (WHERE NOT m.resolution)::int AS opened, count(*) FILTER (WHERE m.resolution)::int AS resolved, 0 AS open
       FROM alerts.alerts a JOIN alerts.posture_moves m ON m."alertId" = a.id
      WHERE ${where.join(' AND ')} AND ${since('m."createdAt"', start)}
      GROUP BY 1, 2
     UNION ALL
     SELECT NULL, a.severity, 0, 0, count(*)::int FROM alerts.alerts a WHERE ${where.join(' AND ')} AND ${OPEN_SQL('a')} GROUP BY a.severity`,
    p.values,
  );
  const openNow = emptySeverityCounts();
  for (const row of rows) if (row.day === null && isSeverity(row.severity)) openNow[row.severity] += row.open;
  return { moves: rows.filter((row) => row.day !== null), openNow };
}

/** From the daily rollup, less the deleted scan targets' moves; open now from posture_open_counts (postureNow). */
async function fromRollup(pool: pg.Pool, organizationId: string, range: DayRange, filter?: PostureFilter | null): Promise<TrendSource> {
  const p = new Params();
  const org = p.add(organizationId);
  const start = p.add(range.from);
  const severities = filter?.severities?.length ? p.add(filter.severities) : null;
  const ofSeverity = (column: string) => (severities ? `AND ${column} = ANY(${severities}::text[])` : '');
  const [now, { rows }] = await Promise.all([
    postureNow(pool, [organizationId]),
    pool.query<DayMoves>(
      `SELECT (d.day - ${start}::date)::int AS day, d.severity, d.opened, d.resolved
         FROM alerts.posture_daily d
        WHERE d."organizationId" = ${org}::uuid AND d.day >= ${start}::date ${ofSeverity('d.severity')}
       UNION ALL
       SELECT ${dayOf('m."createdAt"', start)}, m.severity, -(count(*) FILTER (WHERE NOT m.resolution))::int, -(count(*) FILTER (WHERE m.resolution))::int
         FROM alerts.scan_targets dst
         JOIN alerts.alerts a ON a."organizationId" = dst."organizationId" AND a."scanTargetId" = dst.id
         JOIN alerts.posture_moves m ON m."alertId" = a.id
        WHERE dst."organizationId" = ${org}::uuid AND dst."deletedAt" IS NOT NULL AND ${since('m."createdAt"', start)} ${ofSeverity('m.severity')}
        GROUP BY 1, 2`,
      p.values,
    ),
  ]);
  const open = now.get(organizationId)?.open ?? emptySeverityCounts();
  const openNow = emptySeverityCounts();
  for (const s of SEVERITIES) if (!filter?.severities?.length || filter.severities.includes(s)) openNow[s] = open[s];
  return { moves: rows, openNow };
}

/**
 * From the keyed rollups: the days of the filter's keys in posture_daily_keys and their open alerts in
 * posture_open_keys, less the moves and the open alerts of the organization's deleted scan targets that the
 * filter keeps (found through those targets: few).
 */
async function fromKeys(pool: pg.Pool, organizationId: string, range: DayRange, filter: PostureFilter, source: KeySource): Promise<TrendSource> {
  const p = new Params();
  const org = p.add(organizationId);
  const start = p.add(range.from);
  const dimension = p.add(source.dimension);
  const severities = filter.severities?.length ? p.add(filter.severities) : null;
  const ofSeverity = (column: string) => (severities ? `AND ${column} = ANY(${severities}::text[])` : '');
  const ofKeys = (column: string) => keyCondition(p, source, column);
  const deleted = `alerts.scan_targets dst JOIN alerts.alerts a ON a."organizationId" = dst."organizationId" AND a."scanTargetId" = dst.id`;
  const { rows } = await pool.query<DayMoves & { day: number | null; open: number }>(
    `SELECT (d.day - ${start}::date)::int AS day, d.severity, sum(d.opened)::int AS opened, sum(d.resolved)::int AS resolved, 0 AS open
       FROM alerts.posture_daily_keys d
      WHERE d."organizationId" = ${org}::uuid AND d.dimension = ${dimension} AND ${ofKeys('d.key')} AND d.day >= ${start}::date ${ofSeverity('d.severity')}
      GROUP BY 1, 2
     UNION ALL
     SELECT ${dayOf('m."createdAt"', start)}, m.severity, -(count(*) FILTER (WHERE NOT m.resolution))::int, -(count(*) FILTER (WHERE m.resolution))::int, 0
       FROM ${deleted} JOIN alerts.posture_moves m ON m."alertId" = a.id
      WHERE dst."organizationId" = ${org}::uuid AND dst."deletedAt" IS NOT NULL AND ${since('m."createdAt"', start)}
        AND ${['true', ...filterConditions(p, filter, 'm')].join(' AND ')}
      GROUP BY 1, 2
     UNION ALL
     SELECT NULL, o.severity, 0, 0, sum(o.count)::int
       FROM alerts.posture_open_keys o
      WHERE o."organizationId" = ${org}::uuid AND o.dimension = ${dimension} AND ${ofKeys('o.key')} ${ofSeverity('o.severity')}
      GROUP BY o.severity
     UNION ALL
     SELECT NULL, a.severity, 0, 0, -count(*)::int
       FROM ${deleted}
      WHERE dst."organizationId" = ${org}::uuid AND dst."deletedAt" IS NOT NULL AND ${OPEN_SQL('a')}
        AND ${['true', ...filterConditions(p, filter, 'a')].join(' AND ')}
      GROUP BY a.severity`,
    p.values,
  );
  const openNow = emptySeverityCounts();
  for (const row of rows) if (row.day === null && isSeverity(row.severity)) openNow[row.severity] += row.open;
  return { moves: rows.filter((row) => row.day !== null), openNow };
}

/** The trend over the range, for the organization's alerts the filter keeps. */
export async function postureTrend(pool: pg.Pool, organizationId: string, range: DayRange, filter?: PostureFilter | null): Promise<Trend> {
  const source = sourceFor(filter);
  const { moves, openNow } = await (source === 'daily' || !filter
    ? fromRollup(pool, organizationId, range, filter)
    : source === 'targets'
      ? fromTargets(pool, organizationId, range, filter)
      : fromKeys(pool, organizationId, range, filter, source));
  const dayCount = range.days;
  const opened = Array.from({ length: dayCount }, emptySeverityCounts);
  const resolved = Array.from({ length: dayCount }, emptySeverityCounts);
  // Net openings of each severity after the range's last day.
  const netAfterRange = emptySeverityCounts();
  for (const row of moves) {
    if (!isSeverity(row.severity)) continue;
    if (row.day >= dayCount) netAfterRange[row.severity] += row.opened - row.resolved;
    else {
      opened[row.day][row.severity] += row.opened;
      resolved[row.day][row.severity] += row.resolved;
    }
  }
  const days: TrendDay[] = new Array(dayCount);
  const open = emptySeverityCounts();
  for (const s of SEVERITIES) open[s] = openNow[s] - netAfterRange[s];
  for (let i = dayCount - 1; i >= 0; i--) {
    days[i] = { date: range.dates[i], open: { ...open }, opened: opened[i], resolved: resolved[i] };
    for (const s of SEVERITIES) open[s] -= opened[i][s] - resolved[i][s];
  }
  return { from: range.from, to: range.to, days, openDelta: sumOf(days[dayCount - 1].open) - sumOf(days[0].open) };
}
