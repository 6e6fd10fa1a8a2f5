import type pg from 'pg';
import type { GroupedOrder, Severity, SortDirection } from '../../../lib/vocabulary';
import { filterConditions } from './filters';
import type { ListOptions } from './lists';
import { type Page, Params, readKeysetCursor, SEVERITY_RANK_SQL, titleColumn } from './sql';

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
export async function listRuleGroups(pool: pg.Pool, options: Omit<ListOptions, 'order'> & { order: GroupedOrder }): Promise<Page<RuleGroupRow>> {
  const { organizationIds, order, sort, size } = options;
  const keyDef = GROUP_KEYS[order];
  const position = readKeysetCursor(options.cursors, options.cursor, 'g', order, sort);
  if (!organizationIds.length) return { data: [], cursor: null };
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
  const more = rows.length > size;
  const data = more ? rows.slice(0, size) : rows;
  const last = data[data.length - 1];
  return {
    data: data.map((g) => ({
      rule: g.rule,
      ruleTitle: g.ruleTitle,
      severity: SEVERITY_BY_RANK[g.severityRank] ?? 'INFO',
      timelinessThreshold: g.timelinessThreshold,
      total: g.total,
    })),
    cursor: more && last ? options.cursors.seal(['g', order, sort, last.sortKey, last.rule]) : null,
  };
}

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
  return {
    data: rows.map((g) => ({
      rule: g.rule,
      ruleTitle: g.ruleTitle,
      severity: SEVERITY_BY_RANK[g.severityRank] ?? 'INFO',
      timelinessThreshold: g.timelinessThreshold,
      total: g.total,
    })),
    total,
  };
}
