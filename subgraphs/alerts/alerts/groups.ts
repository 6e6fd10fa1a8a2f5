import type pg from 'pg';
import type { GroupedOrder, Severity, SortDirection } from '../../../lib/vocabulary';
import { filterConditions } from './filters';
import type { Keyset, ListOptions } from './lists';
import { Params, readKeysetCursor, SEVERITY_RANK_SQL, titleColumn } from './sql';

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

/**
 * Alerts grouped by rule (the rule's worst severity, its threshold, the count), keyset-paged on
 * (key, rule): up to `size + 1` groups (one more tells another page follows) and each one's cursor.
 */
export async function readRuleGroups(pool: pg.Pool, options: Omit<ListOptions, 'order'> & { order: GroupedOrder }): Promise<Keyset<RuleGroupRow>> {
  const { organizationIds, order, sort, size } = options;
  const keyDef = GROUP_KEYS[order];
  const position = readKeysetCursor(options.cursors, options.cursor, 'g', order, sort);
  const keys = new Map<string, string>();
  const cursorOf = (group: RuleGroupRow) => options.cursors.seal(['g', order, sort, keys.get(group.rule) ?? null, group.rule]);
  if (!organizationIds.length) return { rows: [], cursorOf };
  const p = new Params();
  const where = [
    `a."organizationId" = ANY(${p.add(organizationIds)}::uuid[])`,
    ...filterConditions(options.filter, p, organizationIds, { view: options.view }),
  ];
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
  const { rows } = await pool.query<{
    rule: string;
    severityRank: number;
    timelinessThreshold: number | null;
    total: number;
    sortKey: string;
    ruleTitle: string | null;
  }>(sql, p.values);
  for (const g of rows) keys.set(g.rule, g.sortKey);
  return { rows: rows.map(groupOf), cursorOf };
}

const groupOf = (g: { rule: string; severityRank: number; timelinessThreshold: number | null; total: number; ruleTitle: string | null }): RuleGroupRow => ({
  rule: g.rule,
  ruleTitle: g.ruleTitle,
  severity: SEVERITY_BY_RANK[g.severityRank] ?? 'INFO',
  timelinessThreshold: g.timelinessThreshold,
  total: g.total,
});

/** Legacy page-numbered grouped lists (POST /alerts/rules, /alerts/rules/following). */
export async function listRuleGroupsByPage(
  pool: pg.Pool,
  options: Omit<ListOptions, 'order' | 'cursor' | 'cursors' | 'size'> & { order: GroupedOrder; page: number; pageSize: number },
): Promise<{ data: RuleGroupRow[]; total: number }> {
  const { organizationIds, order, sort } = options;
  if (!organizationIds.length) return { data: [], total: 0 };
  const keyDef = GROUP_KEYS[order];
  const p = new Params();
  const where = [
    `a."organizationId" = ANY(${p.add(organizationIds)}::uuid[])`,
    ...filterConditions(options.filter, p, organizationIds, { view: options.view }),
  ];
  const dir = sort === 'DESC' ? 'DESC' : 'ASC';
  const sql = `SELECT g.*, count(*) OVER ()::int AS "groups", r.${titleColumn(options.lang)} AS "ruleTitle"
                 FROM (SELECT a.rule, max(${SEVERITY_RANK_SQL('a.severity')}) AS "severityRank",
                              max(a."timelinessThreshold") AS "timelinessThreshold", count(*)::int AS total
                         FROM alerts.alerts a WHERE ${where.join(' AND ')} GROUP BY a.rule) g
                 LEFT JOIN alerts.rules r ON r.id = g.rule
                ORDER BY ${keyDef.expr} ${dir}, g.rule ${dir}
                LIMIT ${p.add(options.pageSize)} OFFSET ${p.add((options.page - 1) * options.pageSize)}`;
  const { rows } = await pool.query<{
    rule: string;
    severityRank: number;
    timelinessThreshold: number | null;
    total: number;
    groups: number;
    ruleTitle: string | null;
  }>(sql, p.values);
  let total = rows[0]?.groups;
  if (total === undefined) {
    const counted = await pool.query<{ n: number }>(
      `SELECT count(DISTINCT a.rule)::int AS n FROM alerts.alerts a WHERE ${where.join(' AND ')}`,
      p.values.slice(0, -2),
    );
    total = counted.rows[0].n;
  }
  return { data: rows.map(groupOf), total };
}
