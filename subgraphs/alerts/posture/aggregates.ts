import type pg from 'pg';
import { SEVERITIES } from '../../../lib/vocabulary';
import { liveTargetCondition, Params } from '../alerts/sql';
import type { SeverityCounts } from '../alerts/summaries';
import type { DayRange } from './ranges';

/**
 * The posture aggregates (docs/posture.md), each one set-based statement over the alerts the
 * organization's alert list shows: alerts of deleted scan targets are left out (liveTargetCondition),
 * and every alert counts under its current severity, rule, scan target and compliances.
 *
 * The trend, the trendDelta and the time to resolve count openings and resolutions. Every change of
 * an alert is one alerts.alert_history row written by the statement that made it (reconcile.ts,
 * updates.ts), and two facts of those rows make the counts possible without ordering an alert's rows:
 * - an opening (CREATE, a scan's REOPEN, a hand move out of CLOSED) sets the alert's `openedAt` to the
 *   statement's now(), which is also the row's `createdAt`: a row is an opening when its state is
 *   open and `openedAt = createdAt`;
 * - a resolution is a scan's CLOSE (no one else sets CLOSED), and its row still carries the
 *   `openedAt` of the opening it ends: the time to resolve is `createdAt - openedAt` of that row.
 * Those rows, and only those, are in alerts.posture_moves with their alert's current severity, rule,
 * scan target and compliances, kept so by triggers (migration 20261202000200_posture_moves): each
 * aggregate is one index-only range scan of (organizationId, createdAt), no alert row read per move
 * (bench/README.md, "Posture aggregates").
 * Open at a past instant is open now minus the openings plus the resolutions since (test/subgraphs/alerts/posture.test.ts
 * checks both against a replay of each alert's history rows in order).
 */

export type Counts = SeverityCounts;
export const emptySeverityCounts = (): Counts => Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Counts;
export const isSeverity = (s: string): s is keyof Counts => (SEVERITIES as readonly string[]).includes(s);

export interface PostureFilter {
  scanTargetIds?: readonly string[] | null;
  rules?: readonly string[] | null;
  compliances?: readonly string[] | null;
  severities?: readonly string[] | null;
}

/**
 * The conditions on alert `a` of organizations `organizationIds` (their live scan targets) and the
 * filter; over posture_moves `m` with `a = 'm'` (its rows carry the same columns, current).
 */
export function alertConditions(p: Params, organizationIds: readonly string[], filter?: PostureFilter | null, a = 'a'): string[] {
  return [`${a}."organizationId" = ANY(${p.add(organizationIds)}::uuid[])`, liveTargetCondition(p, organizationIds, a), ...filterConditions(p, filter, a)];
}

/** The filter's conditions alone on alert `a` (or a posture_moves row: the same columns). */
export function filterConditions(p: Params, filter?: PostureFilter | null, a = 'a'): string[] {
  const where: string[] = [];
  if (filter?.scanTargetIds?.length) where.push(`${a}."scanTargetId" = ANY(${p.add(filter.scanTargetIds)}::uuid[])`);
  if (filter?.rules?.length) where.push(`${a}.rule = ANY(${p.add(filter.rules)}::text[])`);
  if (filter?.compliances?.length) where.push(`${a}.compliances && ${p.add(filter.compliances)}::text[]`);
  if (filter?.severities?.length) where.push(`${a}.severity = ANY(${p.add(filter.severities)}::text[])`);
  return where;
}

/** An open alert is in any state but CLOSED; overdue when open longer than its threshold (days). */
export const OPEN_SQL = (a: string) => `${a}.state <> 'CLOSED'`;
export const OVERDUE_SQL = (a: string) =>
  `${a}."timelinessThreshold" IS NOT NULL AND now() - COALESCE(${a}."openedAt", ${a}."createdAt") > ${a}."timelinessThreshold" * interval '1 day'`;

/**
 * Open and overdue per organization and severity, from alerts.posture_open_counts (migration
 * 20261202000500_posture_open_counts: open alerts per organization, severity and due week, kept by
 * triggers): overdue is the weeks before the current one plus the alerts due between the week's start
 * and now (alerts_posture_due_idx); the open alerts of deleted scan targets are subtracted, as the
 * alert list leaves them out. Equal to counting the alerts with OPEN_SQL, OVERDUE_SQL and
 * liveTargetCondition (test/subgraphs/alerts/posture.test.ts, test/subgraphs/alerts/posture-open-counts.test.ts).
 */
async function openCounts(pool: pg.Pool, organizationIds: readonly string[]) {
  const p = new Params();
  const orgs = p.add(organizationIds);
  const due = `alerts.posture_due(a."openedAt", a."createdAt", a."timelinessThreshold")`;
  return pool.query<{ organizationId: string; severity: string; open: number; overdue: number }>(
    `WITH week AS (SELECT w, to_timestamp(w::float8 * 604800) AS start
                     FROM (SELECT floor(extract(epoch FROM now()) / 604800)::int AS w) x),
          kept AS (SELECT c."organizationId", c.severity, sum(c.count)::int AS open,
                          COALESCE(sum(c.count) FILTER (WHERE c."dueWeek" < week.w), 0)::int AS overdue
                     FROM alerts.posture_open_counts c, week WHERE c."organizationId" = ANY(${orgs}::uuid[])
                    GROUP BY 1, 2),
          due_now AS (SELECT a."organizationId", a.severity, 0 AS open, count(*)::int AS overdue
                        FROM alerts.alerts a, week
                       WHERE a."organizationId" = ANY(${orgs}::uuid[]) AND ${OPEN_SQL('a')} AND a."timelinessThreshold" IS NOT NULL
                         AND ${due} >= week.start AND ${due} < now() AND ${liveTargetCondition(p, organizationIds)}
                       GROUP BY 1, 2),
          deleted AS (SELECT a."organizationId", a.severity, -count(*)::int AS open,
                             -(count(*) FILTER (WHERE a."timelinessThreshold" IS NOT NULL AND ${due} < week.start))::int AS overdue
                        FROM alerts.scan_targets dst JOIN alerts.alerts a ON a."scanTargetId" = dst.id, week
                       WHERE dst."organizationId" = ANY(${orgs}::uuid[]) AND dst."deletedAt" IS NOT NULL
                         AND a."organizationId" = ANY(${orgs}::uuid[]) AND ${OPEN_SQL('a')}
                       GROUP BY 1, 2)
     SELECT "organizationId", severity, sum(open)::int AS open, sum(overdue)::int AS overdue
       FROM (SELECT * FROM kept UNION ALL SELECT * FROM due_now UNION ALL SELECT * FROM deleted) u
      GROUP BY 1, 2`,
    p.values,
  );
}

export interface PostureNow {
  organizationId: string;
  open: Counts;
  overdue: Counts;
  /** Open now minus open `deltaDays` days ago (when asked). */
  delta: number;
}

/** Open and overdue per severity now, for each organization (and the change of open over the last `deltaDays` days). */
export async function postureNow(pool: pg.Pool, organizationIds: readonly string[], deltaDays?: number): Promise<Map<string, PostureNow>> {
  const result = new Map<string, PostureNow>(
    organizationIds.map((id) => [id, { organizationId: id, open: emptySeverityCounts(), overdue: emptySeverityCounts(), delta: 0 }]),
  );
  if (!organizationIds.length) return result;
  const counts = openCounts(pool, organizationIds);
  let deltas: Promise<{ rows: Array<{ organizationId: string; delta: number }> }> = Promise.resolve({ rows: [] });
  if (deltaDays !== undefined) {
    const q = new Params();
    const orgs = q.add(organizationIds);
    const since = q.add(deltaDays);
    // The moves since the instant `since` days ago: the whole UTC days after it from posture_daily, the
    // moves of its own day after it from posture_moves, less the deleted scan targets' moves since it (as
    // the trend reads them) — a few rows a day per organization, not every move of the window.
    deltas = pool.query<{ organizationId: string; delta: number }>(
      `WITH b AS (SELECT now() - ${since}::int * interval '1 day' AS at, ((now() - ${since}::int * interval '1 day') AT TIME ZONE 'UTC')::date AS day)
       SELECT "organizationId", sum(n)::int AS delta
         FROM (SELECT d."organizationId", d.opened - d.resolved AS n
                 FROM alerts.posture_daily d, b WHERE d."organizationId" = ANY(${orgs}::uuid[]) AND d.day > b.day
               UNION ALL
               SELECT m."organizationId", CASE WHEN m.resolution THEN -1 ELSE 1 END
                 FROM alerts.posture_moves m, b
                WHERE m."organizationId" = ANY(${orgs}::uuid[]) AND m."createdAt" > b.at AND m."createdAt" < (b.day + 1)::timestamp AT TIME ZONE 'UTC'
               UNION ALL
               SELECT a."organizationId", CASE WHEN m.resolution THEN 1 ELSE -1 END
                 FROM alerts.scan_targets dst
                 JOIN alerts.alerts a ON a."organizationId" = dst."organizationId" AND a."scanTargetId" = dst.id
                 JOIN alerts.posture_moves m ON m."alertId" = a.id, b
                WHERE dst."organizationId" = ANY(${orgs}::uuid[]) AND dst."deletedAt" IS NOT NULL AND m."createdAt" > b.at) x
        GROUP BY 1`,
      q.values,
    );
  }
  const [{ rows }, { rows: deltaRows }] = await Promise.all([counts, deltas]);
  for (const row of rows) {
    const entry = result.get(row.organizationId);
    if (!entry || !isSeverity(row.severity)) continue;
    entry.open[row.severity] += row.open;
    entry.overdue[row.severity] += row.overdue;
  }
  for (const row of deltaRows) {
    const entry = result.get(row.organizationId);
    if (entry) entry.delta = row.delta;
  }
  return result;
}

export type Dimension = 'STATE' | 'SCAN_TARGET' | 'RULE' | 'COMPLIANCE';

/** One key's open alerts of one severity (its label: a scan target's name, a rule's title, a compliance tag). */
interface GroupCount {
  key: string;
  label: string | null;
  severity: string;
  n: number;
}

export interface PostureGroupRow {
  key: string;
  label: string | null;
  counts: Counts;
  total: number;
}

const STATE_WORDS: Record<string, string> = {
  OPEN: 'Open',
  IN_PROGRESS: 'In progress',
  RISK_ACCEPTED: 'Risk accepted',
  MITIGATING_CONTROL: 'Mitigating control',
  FALSE_POSITIVE: 'False positive',
  CLOSED: 'Closed',
};

/**
 * Each dimension: what open alert `a` is grouped by (`group`), then the key and label SQL of each
 * group `g` (its value `g.k`; rule `r`, scan target `t`; COMPLIANCE unnests each distinct tag set).
 * Grouping the alerts first and labelling the groups after joins a few hundred groups, not every
 * alert (bench/README.md: breakdown COMPLIANCE 87 → see there).
 */
const DIMENSIONS: Record<Dimension, { group: string; key: string; label: string; from: string }> = {
  STATE: { group: 'a.state', key: 'g.k', label: 'NULL::text', from: '' },
  SCAN_TARGET: { group: 'a."scanTargetId"', key: 'g.k::text', label: 't.name', from: 'JOIN alerts.scan_targets t ON t.id = g.k' },
  RULE: { group: 'a.rule', key: 'g.k', label: 'r."titleEn"', from: 'LEFT JOIN alerts.rules r ON r.id = g.k' },
  COMPLIANCE: { group: 'a.compliances', key: 'c.tag', label: 'c.tag', from: 'CROSS JOIN LATERAL unnest(g.k) AS c(tag)' },
};

/**
 * The open alerts grouped by one dimension, largest total first, then by key. A follower's scan target
 * groups have no label (the name is hidden from it; the id is what its alert list's filter takes).
 */
export async function postureBreakdown(
  pool: pg.Pool,
  organizationId: string,
  by: Dimension,
  options: { filter?: PostureFilter | null; showsScanTargetNames: boolean },
): Promise<PostureGroupRow[]> {
  const { rows } =
    by === 'COMPLIANCE' && !options.filter?.scanTargetIds?.length && !options.filter?.rules?.length
      ? await complianceGroups(pool, organizationId, options.filter)
      : await alertGroups(pool, organizationId, by, options.filter);
  const groups = new Map<string, PostureGroupRow>();
  for (const row of rows) {
    if (row.n === 0) continue; // a compliance set's count row that reached 0 (posture_open_keys keeps it)
    let group = groups.get(row.key);
    if (!group) {
      const label = by === 'STATE' ? (STATE_WORDS[row.key] ?? row.key) : by === 'SCAN_TARGET' && !options.showsScanTargetNames ? null : row.label;
      group = { key: row.key, label, counts: emptySeverityCounts(), total: 0 };
      groups.set(row.key, group);
    }
    if (isSeverity(row.severity)) group.counts[row.severity] += row.n;
    group.total += row.n;
  }
  // (A tag whose sets' open alerts were all on deleted scan targets nets to 0: no group.)
  return [...groups.values()].filter((group) => group.total > 0).sort((x, y) => y.total - x.total || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
}

/** The open alerts (alerts_posture_open_idx) per key of the dimension and severity, with the key's label. */
function alertGroups(pool: pg.Pool, organizationId: string, by: Dimension, filter?: PostureFilter | null) {
  const p = new Params();
  const where = alertConditions(p, [organizationId], filter);
  const dimension = DIMENSIONS[by];
  return pool.query<GroupCount>(
    `SELECT ${dimension.key} AS key, min(${dimension.label}) AS label, g.severity, sum(g.n)::int AS n
       FROM (SELECT ${dimension.group} AS k, a.severity, count(*) AS n FROM alerts.alerts a
              WHERE ${where.join(' AND ')} AND ${OPEN_SQL('a')} GROUP BY 1, 2) g ${dimension.from}
      GROUP BY 1, g.severity`,
    p.values,
  );
}

/**
 * The open alerts per compliance tag and severity from alerts.posture_open_keys (migration
 * 20261202001000_posture_keys: the open alerts per organization and compliance set, kept by triggers), each
 * set's count under each of its tags, less the open alerts of the organization's deleted scan targets (found
 * through those targets: few). A filter on compliances (any of its tags) and severities keeps sets and rows;
 * scan targets and rules are not in the key (the caller reads the alerts then). The organization's few sets
 * instead of one index entry per open alert (bench/README.md, "Posture aggregates", breakdown COMPLIANCE).
 */
function complianceGroups(pool: pg.Pool, organizationId: string, filter?: PostureFilter | null) {
  const p = new Params();
  const org = p.add(organizationId);
  const tags = filter?.compliances?.length ? `AND o.key::text[] && ${p.add(filter.compliances)}::text[]` : '';
  const severities = filter?.severities?.length ? `AND o.severity = ANY(${p.add(filter.severities)}::text[])` : '';
  return pool.query<GroupCount>(
    `SELECT c.tag AS key, c.tag AS label, o.severity, sum(o.count)::int AS n
       FROM alerts.posture_open_keys o CROSS JOIN LATERAL unnest(o.key::text[]) AS c(tag)
      WHERE o."organizationId" = ${org}::uuid AND o.dimension = 'COMPLIANCE' ${tags} ${severities}
      GROUP BY 1, 3
     UNION ALL
     SELECT c.tag, c.tag, a.severity, -count(*)::int
       FROM alerts.scan_targets dst JOIN alerts.alerts a ON a."organizationId" = dst."organizationId" AND a."scanTargetId" = dst.id
      CROSS JOIN LATERAL unnest(a.compliances) AS c(tag)
      WHERE dst."organizationId" = ${org}::uuid AND dst."deletedAt" IS NOT NULL AND ${OPEN_SQL('a')}
        AND ${['true', ...filterConditions(p, filter, 'a')].join(' AND ')}
      GROUP BY 1, 3`,
    p.values,
  );
}

export interface TimeToResolveRow {
  severity: string;
  resolved: number;
  medianHours: number | null;
  p90Hours: number | null;
}

/**
 * Per severity (CRITICAL first), the resolutions within the window and their hours since the opening they end:
 * one index-only range scan of the window's resolutions alone (posture_moves_resolutions_idx, migration
 * 20261202001100: a 100,000-alert organization's year is ~42,000 of them among ~158,000 moves), every filter
 * column in it.
 */
export async function postureTimeToResolve(pool: pg.Pool, organizationId: string, range: DayRange, filter?: PostureFilter | null): Promise<TimeToResolveRow[]> {
  const p = new Params();
  const start = p.add(range.from);
  const end = p.add(range.to);
  const where = alertConditions(p, [organizationId], filter, 'm');
  const hours = `extract(epoch FROM m."createdAt" - m."openedAt") / 3600.0`;
  const { rows } = await pool.query<{ severity: string; resolved: number; medianHours: number; p90Hours: number }>(
    `SELECT m.severity, count(*)::int AS resolved,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY ${hours}) AS "medianHours",
            percentile_cont(0.9) WITHIN GROUP (ORDER BY ${hours}) AS "p90Hours"
       FROM alerts.posture_moves m
      WHERE ${where.join(' AND ')} AND m.resolution AND m."openedAt" IS NOT NULL
        AND m."createdAt" >= ${start}::date::timestamp AT TIME ZONE 'UTC'
        AND m."createdAt" < (${end}::date + 1)::timestamp AT TIME ZONE 'UTC'
      GROUP BY m.severity`,
    p.values,
  );
  const bySeverity = new Map(rows.map((row) => [row.severity, row]));
  return SEVERITIES.map((severity) => {
    const row = bySeverity.get(severity);
    return {
      severity,
      resolved: row?.resolved ?? 0,
      medianHours: row ? Number(row.medianHours) : null,
      p90Hours: row ? Number(row.p90Hours) : null,
    };
  });
}

export interface ScanFreshnessRow {
  scanTarget: Record<string, unknown> & { id: string; name: string };
  lastSuccessfulScanAt: Date | null;
  lastScanStatus: string | null;
  lastFailedScanAt: Date | null;
  failedScans: number;
  neverScanned: boolean;
}

/** Per live scan target of the organization, by name then id: its scans' freshness (a member's view only). */
export async function scanFreshness(pool: pg.Pool, organizationId: string): Promise<ScanFreshnessRow[]> {
  const { rows } = await pool.query<{
    target: ScanFreshnessRow['scanTarget'];
    lastSuccessfulScanAt: Date | null;
    lastScanStatus: string | null;
    lastFailedScanAt: Date | null;
    failedScans: number;
  }>(
    `SELECT to_jsonb(t) AS target, s."lastSuccessfulScanAt", s."lastFailedScanAt", COALESCE(s."failedScans", 0)::int AS "failedScans",
            (SELECT l.status FROM alerts.scans l WHERE l."scanTargetId" = t.id ORDER BY l."createdAt" DESC, l.id DESC LIMIT 1) AS "lastScanStatus"
       FROM alerts.scan_targets t
       LEFT JOIN LATERAL (
         SELECT max(COALESCE(x."finishedAt", x."updatedAt")) FILTER (WHERE x.status = 'DONE') AS "lastSuccessfulScanAt",
                max(COALESCE(x."finishedAt", x."updatedAt")) FILTER (WHERE x.status = 'FAILED') AS "lastFailedScanAt",
                count(*) FILTER (WHERE x.status = 'FAILED' AND x."createdAt" > now() - interval '30 days') AS "failedScans"
           FROM alerts.scans x WHERE x."scanTargetId" = t.id) s ON true
      WHERE t."organizationId" = $1::uuid AND t."deletedAt" IS NULL
      ORDER BY t.name, t.id`,
    [organizationId],
  );
  return rows.map((row) => ({
    scanTarget: reviveTarget(row.target),
    lastSuccessfulScanAt: row.lastSuccessfulScanAt,
    lastScanStatus: row.lastScanStatus,
    lastFailedScanAt: row.lastFailedScanAt,
    failedScans: row.failedScans,
    neverScanned: row.lastSuccessfulScanAt === null,
  }));
}

/** A scan target row read as JSON, with its times as Dates again (as Prisma reads them). */
function reviveTarget(target: ScanFreshnessRow['scanTarget']): ScanFreshnessRow['scanTarget'] {
  const revived: Record<string, unknown> = { ...target };
  for (const column of ['lastScanAt', 'nextScanAt', 'createdAt', 'updatedAt', 'deletedAt']) {
    const value = revived[column];
    if (typeof value === 'string') revived[column] = new Date(value);
  }
  return revived as ScanFreshnessRow['scanTarget'];
}
