import { z } from 'zod/v4';
import { body, id, lang, list, nullish, page, severity, size } from '../schemas';
import { type ClientKind, route } from '../table';
import {
  ALERT_COUNTS_FIELDS,
  ALERT_FIELDS,
  alertOrder,
  DAILY_FIELDS,
  filterBody,
  filterVariables,
  followingBody,
  followingVariables,
  GROUP_FIELDS,
  groupedOrder,
  LIST_ARGS,
  LIST_VARS,
  type OwnOrFollowingRow,
} from './alert-inputs';

/**
 * rest-contract §9c: the legacy /alerts… endpoints of Ruby SDK 1.0.1 and Python SDK ≤ 2.1,
 * page-numbered (body organizationId, page, pageSize) and answered `{data, total}`.
 */

const legacyPagingBody = { organizationId: id, page: page, pageSize: size };

/**
 * The Ruby SDK 1.0.1 ends its legacy page loops with `break if page == (total / pageSize).ceil`,
 * Integer division (rest-contract §9c): with a `total` below `pageSize` (0 alerts, a filter matching
 * nothing) it asks for empty pages for ever, and it stops a page early when `total % pageSize != 0`.
 * That client alone gets `total` rounded up to whole pages (at least one), so its loop stops on the
 * last page with every item read; every other client sees the true total.
 */
export function legacyPageForClient(answer: unknown, pageSize: number | undefined, client: ClientKind): unknown {
  const page = answer as { total?: unknown } | null;
  if (client !== 'ruby-sdk' || !page || typeof page.total !== 'number') return answer;
  const size = pageSize ?? 100;
  return { ...page, total: Math.max(1, Math.ceil(page.total / size)) * size };
}

/**
 * The two daily open-alert counts: `field` of the organization's alerts narrowed by scan targets (`ids`
 * scanTargetIds), or of followed organizations' narrowed by followingIds.
 */
function dailyOpenRoute({ path, summary, field, ids }: OwnOrFollowingRow<'dailyOpenAlerts' | 'followingDailyOpenAlerts'>) {
  return route({
    method: 'POST',
    path,
    tag: 'legacy',
    summary,
    body: body({ organizationId: id, [ids]: list(id), daysBefore: nullish(z.coerce.number().int().min(1).max(366)) }),
    operation: `query($organizationId: ID!, $${ids}: [ID!], $days: Int) { ${field}(organizationId: $organizationId, ${ids}: $${ids}, days: $days) { ${DAILY_FIELDS} } }`,
    variables: ({ body: b }) => ({ organizationId: b.organizationId, [ids]: b[ids], days: b.daysBefore }),
    result: (data) => data[field],
  });
}

export const legacyAlertRoutes = [
  route({
    method: 'POST',
    path: '/alerts',
    tag: 'legacy',
    summary: "Legacy: the organization's alerts by page number (body organizationId, page, pageSize)",
    body: body({ ...filterBody.shape, ...legacyPagingBody, order: alertOrder }),
    operation: `query($organizationId: ID!, ${LIST_ARGS}, $page: Int, $pageSize: Int) {
      alertsByPage(organizationId: $organizationId, ${LIST_VARS}, page: $page, pageSize: $pageSize) { data { ${ALERT_FIELDS} } total } }`,
    variables: ({ body: b }) => ({
      organizationId: b.organizationId,
      filter: filterVariables(b),
      order: b.order,
      sort: b.sort,
      lang: b.lang,
      page: b.page,
      pageSize: b.pageSize,
    }),
    result: (data, { body: b, client }) => legacyPageForClient(data.alertsByPage, b.pageSize, client),
  }),
  route({
    method: 'POST',
    path: '/alerts/following',
    tag: 'legacy',
    summary: "Legacy: followed organizations' alerts by page number (censored)",
    body: body({ ...filterBody.shape, ...followingBody, ...legacyPagingBody, order: alertOrder }),
    operation: `query($organizationId: ID!, $following: FollowingSelection, ${LIST_ARGS}, $page: Int, $pageSize: Int) {
      followingAlertsByPage(organizationId: $organizationId, following: $following, ${LIST_VARS}, page: $page, pageSize: $pageSize) { data { ${ALERT_FIELDS} } total } }`,
    variables: ({ body: b }) => ({
      organizationId: b.organizationId,
      following: followingVariables(b),
      filter: filterVariables(b),
      order: b.order,
      sort: b.sort,
      lang: b.lang,
      page: b.page,
      pageSize: b.pageSize,
    }),
    result: (data, { body: b, client }) => legacyPageForClient(data.followingAlertsByPage, b.pageSize, client),
  }),
  route({
    method: 'POST',
    path: '/alerts/rules',
    tag: 'legacy',
    summary: 'Legacy: alerts grouped by rule, by page number',
    body: body({ ...filterBody.shape, ...legacyPagingBody, order: groupedOrder }),
    operation: `query($organizationId: ID!, $filter: AlertFilter, $order: GroupedAlertOrder, $sort: Sort, $lang: Language, $page: Int, $pageSize: Int) {
      alertsByRuleByPage(organizationId: $organizationId, ${LIST_VARS}, page: $page, pageSize: $pageSize) { data { ${GROUP_FIELDS} } total } }`,
    variables: ({ body: b }) => ({
      organizationId: b.organizationId,
      filter: filterVariables(b),
      order: b.order,
      sort: b.sort,
      lang: b.lang,
      page: b.page,
      pageSize: b.pageSize,
    }),
    result: (data, { body: b, client }) => legacyPageForClient(data.alertsByRuleByPage, b.pageSize, client),
  }),
  route({
    method: 'POST',
    path: '/alerts/rules/following',
    tag: 'legacy',
    summary: "Legacy: followed organizations' alerts grouped by rule, by page number",
    body: body({ ...filterBody.shape, ...followingBody, ...legacyPagingBody, order: groupedOrder }),
    operation: `query($organizationId: ID!, $following: FollowingSelection, $filter: AlertFilter, $order: GroupedAlertOrder, $sort: Sort, $lang: Language, $page: Int, $pageSize: Int) {
      followingAlertsByRuleByPage(organizationId: $organizationId, following: $following, ${LIST_VARS}, page: $page, pageSize: $pageSize) { data { ${GROUP_FIELDS} } total } }`,
    variables: ({ body: b }) => ({
      organizationId: b.organizationId,
      following: followingVariables(b),
      filter: filterVariables(b),
      order: b.order,
      sort: b.sort,
      lang: b.lang,
      page: b.page,
      pageSize: b.pageSize,
    }),
    result: (data, { body: b, client }) => legacyPageForClient(data.followingAlertsByRuleByPage, b.pageSize, client),
  }),
  route({
    method: 'POST',
    path: '/alerts/summaries',
    tag: 'legacy',
    summary: "Legacy: counts of the organization's alerts (total, open, by severity and state)",
    body: body({ organizationId: id, scanTargetIds: list(id), search: nullish(z.string()), lang }),
    operation: `query($organizationId: ID!, $filter: AlertFilter) { alertSummary(organizationId: $organizationId, filter: $filter) { ${ALERT_COUNTS_FIELDS} } }`,
    variables: ({ body: b }) => ({ organizationId: b.organizationId, filter: { scanTargetIds: b.scanTargetIds, search: b.search } }),
    result: (data) => data.alertSummary,
  }),
  route({
    method: 'POST',
    path: '/alerts/summaries/following',
    tag: 'legacy',
    summary: "Legacy: counts of followed organizations' alerts",
    body: body({ organizationId: id, followingIds: list(id) }),
    operation: `query($organizationId: ID!, $following: FollowingSelection) { followingAlertSummary(organizationId: $organizationId, following: $following) { ${ALERT_COUNTS_FIELDS} } }`,
    variables: ({ body: b }) => ({ organizationId: b.organizationId, following: { followingIds: b.followingIds } }),
    result: (data) => data.followingAlertSummary,
  }),
  dailyOpenRoute({
    path: '/alerts/summaries/scans',
    summary: 'Legacy: alerts open at the end of each of the last daysBefore days (default 7)',
    field: 'dailyOpenAlerts',
    ids: 'scanTargetIds',
  }),
  dailyOpenRoute({
    path: '/alerts/summaries/scans/following',
    summary: "Legacy: followed organizations' alerts open at the end of each of the last daysBefore days",
    field: 'followingDailyOpenAlerts',
    ids: 'followingIds',
  }),
  route({
    method: 'POST',
    path: '/alerts/summaries/following/resolvedovertime',
    tag: 'legacy',
    summary: "Legacy: followed organizations' alerts resolved on each of the last 30 days",
    body: body({
      organizationId: id,
      followingIds: list(id),
      severities: list(severity),
      date: z.unknown().optional(),
      daysBefore: nullish(z.coerce.number().int().min(1).max(366)),
    }),
    operation: `query($organizationId: ID!, $followingIds: [ID!], $severities: [AlertSeverity!], $days: Int) {
      followingDailyResolvedAlerts(organizationId: $organizationId, followingIds: $followingIds, severities: $severities, days: $days) { ${DAILY_FIELDS} } }`,
    variables: ({ body: b }) => ({ organizationId: b.organizationId, followingIds: b.followingIds, severities: b.severities, days: b.daysBefore }),
    result: (data) => data.followingDailyResolvedAlerts,
  }),
];
