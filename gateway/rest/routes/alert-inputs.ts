import { z } from 'zod/v4';
import { ALERT_SELECTION, HISTORY_SELECTION } from '../../../lib/alert-columns';
import { ALERT_ORDERS, enumName, GROUPED_ORDERS } from '../../../lib/vocabulary';
import { bool, dateTime, id, lang, list, nullish, scanTargetKind, severity, sort, stateFilter, toGraphQLDate } from '../schemas';

/**
 * What the alert routes (alerts.ts) and the legacy §9c rows (alerts-legacy.ts) share: the field
 * selections, the filter body of every alert list (§9a base filter + §12 forms) and its variables.
 */

/** An alert's and a history record's selections, from the one declaration of the alert's fields (lib/alert-columns.ts). */
export const ALERT_FIELDS = ALERT_SELECTION;
export const HISTORY_FIELDS = HISTORY_SELECTION;
export const GROUP_FIELDS = `rule ruleTitle severity timelinessThreshold total`;
export const COMMENT_FIELDS = `id organizationId alertId userId comment mimeType createdAt userName userPicture notMember`;
export const COUNTS = `severities { CRITICAL HIGH MEDIUM LOW INFO }`;
export const ALERT_COUNTS_FIELDS = `total open ${COUNTS} states { OPEN IN_PROGRESS RISK_ACCEPTED MITIGATING_CONTROL FALSE_POSITIVE CLOSED }`;
export const SUMMARY_FIELDS = `data { scanTargetId organizationId name kind tags ${ALERT_COUNTS_FIELDS} } totals { ${ALERT_COUNTS_FIELDS} }`;
export const DAILY_FIELDS = `date total ${COUNTS}`;

/** Sort keys as REST clients spell them (`scanTargetId`), passed on as the GraphQL enum's names (`SCAN_TARGET_ID`). */
export const alertOrder = nullish(z.enum(ALERT_ORDERS).transform(enumName));
export const groupedOrder = nullish(z.enum(GROUPED_ORDERS).transform(enumName));

/** The filter body of every alert list (§9a base filter + §12 forms). */
export const filterBody = z.object({
  createdAtStart: dateTime,
  createdAtEnd: dateTime,
  openedAtStart: dateTime,
  openedAtEnd: dateTime,
  resolvedAtStart: dateTime,
  resolvedAtEnd: dateTime,
  updatedAtStart: dateTime,
  updatedAtEnd: dateTime,
  // Ruby 1.0.1 spells these in PascalCase.
  CreatedAtStart: dateTime,
  CreatedAtEnd: dateTime,
  UpdatedAtStart: dateTime,
  UpdatedAtEnd: dateTime,
  rules: list(z.string()),
  // Ruby 1.0.1 sends one rule.
  rule: nullish(z.string()),
  scanTargetIds: list(id),
  scanTargetKinds: list(scanTargetKind),
  scanTargetTags: list(z.string()),
  includeEmptyScanTargetTags: bool,
  search: nullish(z.string()),
  severities: list(severity),
  states: list(stateFilter),
  lang,
  sort,
});
type FilterBody = z.output<typeof filterBody>;

export const followingBody = {
  followingIds: list(id),
  followingTags: list(z.string()),
  includeEmptyFollowingTags: bool,
};

/**
 * A route of a pair, one reading the organization's alerts narrowed by scan targets and its twin reading
 * followed organizations' (censored) narrowed by followingIds: `field` the GraphQL field it reads, `ids`
 * the body's list that narrows it (and the field's argument of that name).
 */
export interface OwnOrFollowingRow<Field extends string> {
  path: string;
  summary: string;
  field: Field;
  ids: 'scanTargetIds' | 'followingIds';
}

export function filterVariables(b: FilterBody) {
  const rules = [...(b.rules ?? []), ...(b.rule ? [b.rule] : [])];
  return {
    createdAtStart: toGraphQLDate(b.createdAtStart ?? b.CreatedAtStart),
    createdAtEnd: toGraphQLDate(b.createdAtEnd ?? b.CreatedAtEnd),
    openedAtStart: toGraphQLDate(b.openedAtStart),
    openedAtEnd: toGraphQLDate(b.openedAtEnd),
    resolvedAtStart: toGraphQLDate(b.resolvedAtStart),
    resolvedAtEnd: toGraphQLDate(b.resolvedAtEnd),
    updatedAtStart: toGraphQLDate(b.updatedAtStart ?? b.UpdatedAtStart),
    updatedAtEnd: toGraphQLDate(b.updatedAtEnd ?? b.UpdatedAtEnd),
    rules: rules.length ? rules : undefined,
    scanTargetIds: b.scanTargetIds,
    scanTargetKinds: b.scanTargetKinds,
    scanTargetTags: b.scanTargetTags,
    includeEmptyScanTargetTags: b.includeEmptyScanTargetTags,
    search: b.search,
    severities: b.severities,
    states: b.states,
  };
}

export const followingVariables = (b: { followingIds?: string[]; followingTags?: string[]; includeEmptyFollowingTags?: boolean }) => ({
  followingIds: b.followingIds,
  followingTags: b.followingTags,
  includeEmptyFollowingTags: b.includeEmptyFollowingTags,
});

/** Following lists also accept `scanTargetId` as order (§12); it sorts as for own alerts. */
export const LIST_ARGS = `$filter: AlertFilter, $order: AlertOrder, $sort: Sort, $lang: Language`;
export const LIST_VARS = `filter: $filter, order: $order, sort: $sort, lang: $lang`;
