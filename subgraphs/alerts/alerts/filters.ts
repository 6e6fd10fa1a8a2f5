import { type View, Visibility } from '../../../lib/visibility';
import { STATES } from '../../../lib/vocabulary';
import { LIVE_TARGET_SQL, liveTargetCondition, type Params } from './sql';

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
  compliances?: string[] | null;
}

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function expandStates(states: readonly string[] | null | undefined): string[] | undefined {
  if (!states?.length) return undefined;
  const expanded = new Set<string>();
  for (const state of states) {
    if (state !== 'ACTIVE') expanded.add(state);
    else for (const s of STATES) if (s !== 'CLOSED') expanded.add(s);
  }
  return [...expanded];
}

export interface FilterOptions {
  /** How the caller reads these alerts: a follower's filter and search may not touch a hidden field (Visibility). */
  view: View;
  /**
   * The deleted-scan-target check per alert read (LIVE_TARGET_SQL, an anti-join the planner places) instead of once
   * per statement over the listed organizations' deleted targets (liveTargetCondition): for a page over many
   * organizations, whose list the planner would otherwise estimate id by id and filter a scan of the targets with.
   */
  targetCheckPerAlert?: boolean;
}

/** The alert columns `search` matches (besides rule titles); Visibility.searchableAlertFields narrows them per view. */
const SEARCHED_ALERT_FIELDS = ['rule', 'resource'] as const;

/** WHERE conditions on alias `a` for a filter; organization scoping is the caller's. */
export function filterConditions(filter: AlertFilter, p: Params, organizationIds: readonly string[], options: FilterOptions, a = 'a'): string[] {
  // Also checked where a resolver reads its arguments (the same answer whether or not anything is followed); here so no statement evaluates one.
  Visibility.refuseHiddenFilters(options.view, filter);
  const where: string[] = [options.targetCheckPerAlert ? LIVE_TARGET_SQL(a) : liveTargetCondition(p, organizationIds, a)];
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
  // Overlap, as the posture filter (posture/aggregates.ts) reads it; compliances are shown to followers, so no Visibility check.
  if (filter.compliances?.length) where.push(`${a}.compliances && ${p.add(filter.compliances)}::text[]`);
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
    const columns = Visibility.searchableAlertFields(options.view, SEARCHED_ALERT_FIELDS);
    where.push(`(${[...columns.map((column) => `${a}.${column} ILIKE ${pattern}`), titles].join(' OR ')})`);
  }
  return where;
}
