import { z } from 'zod/v4';
import { RawBody, route } from '../table';
import { id, organizationParams } from '../schemas';
import { ALERT_ORDERS, GROUPED_ORDERS, SEVERITIES, STATE_FILTERS, STATES } from '../../../subgraphs/alerts/alert-queries';

/**
 * rest-contract §9a (alerts), §9b (summaries), §9c (legacy /alerts… endpoints) and the §12 mismatches,
 * accepted in both forms: `size` or `pageSize`, a state string or array, `null` as absent, single
 * values for lists, zone-less dates (UTC), Ruby's PascalCase date keys, `condition.rules`.
 */

const ALERT_FIELDS = `id organizationId scanTargetId rule ruleTitle resource severity state version tags labels compliances enrichment metadata openedAt resolvedAt createdAt updatedAt timelinessThreshold`;
/**
 * The Ruby SDK (1.0.1) reads one alert's history and comments with no query at all and expects a
 * bare array; the Python SDK always pages (page + pageSize) and reads {data, total}.
 */
const unpaged = (query: { page?: number; pageSize?: number; size?: number; cursor?: string }) =>
  query.page === undefined && query.pageSize === undefined && query.size === undefined && query.cursor === undefined;

/** Cursor lists get their page as JSON text built by the database (AlertPage.recordsJson) and send it as `data`. */
const recordsPage = (page: unknown) => {
  const { recordsJson, cursor } = page as { recordsJson: string; cursor: string | null };
  return new RawBody(`{"data":${recordsJson},"cursor":${JSON.stringify(cursor)}}`);
};
const HISTORY_FIELDS = `id alertId organizationId scanTargetId rule ruleTitle resource severity state version tags labels enrichment metadata openedAt resolvedAt timelinessThreshold operation userId createdAt cursor`;
const GROUP_FIELDS = `rule ruleTitle severity timelinessThreshold total`;
const COMMENT_FIELDS = `id organizationId alertId userId comment mimeType createdAt userName userPicture notMember`;
const COUNTS = `severities { CRITICAL HIGH MEDIUM LOW INFO }`;
const ALERT_COUNTS_FIELDS = `total open ${COUNTS} states { OPEN IN_PROGRESS RISK_ACCEPTED MITIGATING_CONTROL FALSE_POSITIVE CLOSED }`;
const SUMMARY_FIELDS = `data { scanTargetId organizationId name kind tags ${ALERT_COUNTS_FIELDS} } totals { ${ALERT_COUNTS_FIELDS} }`;
const DAILY_FIELDS = `date total ${COUNTS}`;

const SCAN_TARGET_KINDS = [
  'AWS', 'AZURE', 'AZURE_DEVOPS', 'BITBUCKET', 'DOMAIN', 'GCP', 'GITHUB', 'GITLAB', 'GWORKSPACE', 'HUAWEI', 'JIRA', 'JUMP_CLOUD',
  'MONGODB_ATLAS', 'MS365', 'OKTA', 'ORACLE', 'SALESFORCE', 'SLACK', 'ZENDESK', 'CLOUDFLARE', 'CROWDSTRIKE_FALCON', 'BITDEFENDER', 'SENTINEL_ONE', 'SOPHOS',
] as const;

/** null and "" are absent; a single value is a list of one (the SDK wraps, older clients did not). */
function list<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => (v === null || v === undefined || v === '' ? undefined : Array.isArray(v) ? v : [v]), z.array(item).optional());
}
const nullish = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === null || v === '' ? undefined : v), schema.optional());

/** ISO 8601 date or date-time; zone-less values are UTC (the Python SDK sends them naive). */
const dateTime = nullish(
  z.string().refine((v) => /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v.length === 10 ? v : v.replace(' ', 'T'))), {
    message: 'must be an ISO 8601 date or date-time',
  }),
);
const toGraphQLDate = (v: string | undefined) => (v === undefined ? undefined : v.replace(' ', 'T'));
const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);
const severity = z.preprocess(upper, z.enum(SEVERITIES));
const stateFilter = z.preprocess(upper, z.enum(STATE_FILTERS));
const state = z.preprocess(upper, z.enum(STATES));
const kind = z.preprocess(upper, z.enum(SCAN_TARGET_KINDS));
const lang = nullish(z.enum(['pt-BR', 'en-US', 'pt_BR', 'en_US']).transform((v) => v.replace('-', '_')));
const sort = nullish(z.preprocess(upper, z.enum(['ASC', 'DESC'])));
const alertOrder = nullish(z.enum(ALERT_ORDERS));
const groupedOrder = nullish(z.enum(GROUPED_ORDERS));
const size = nullish(z.coerce.number().int().min(1).max(1000));
const page = nullish(z.coerce.number().int().min(1));
const cursor = nullish(z.string());
const bool = nullish(z.boolean());
const alertParams = z.object({ alertId: id });

/** The filter body of every alert list (§9a base filter + §12 forms). */
const filterBody = z.object({
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
  scanTargetKinds: list(kind),
  scanTargetTags: list(z.string()),
  includeEmptyScanTargetTags: bool,
  search: nullish(z.string()),
  severities: list(severity),
  states: list(stateFilter),
  lang,
  sort,
});
type FilterBody = z.output<typeof filterBody>;

const followingBody = {
  followingIds: list(id),
  followingTags: list(z.string()),
  includeEmptyFollowingTags: bool,
};

/** The body (absent for some clients) as an object. */
const body = <T extends z.ZodRawShape>(shape: T) => z.preprocess((v) => v ?? {}, z.object(shape));

const listBody = body({ ...filterBody.shape, order: alertOrder });
const followingListBody = body({ ...filterBody.shape, ...followingBody, order: alertOrder });
const groupedBody = body({ ...filterBody.shape, order: groupedOrder });
const followingGroupedBody = body({ ...filterBody.shape, ...followingBody, order: groupedOrder });

function filterVariables(b: FilterBody) {
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

const followingVariables = (b: { followingIds?: string[]; followingTags?: string[]; includeEmptyFollowingTags?: boolean }) => ({
  followingIds: b.followingIds,
  followingTags: b.followingTags,
  includeEmptyFollowingTags: b.includeEmptyFollowingTags,
});

/** Following lists also accept `scanTargetId` as order (§12); it sorts as for own alerts. */
const LIST_ARGS = `$filter: AlertFilter, $order: AlertOrder, $sort: Sort, $lang: Language`;
const LIST_VARS = `filter: $filter, order: $order, sort: $sort, lang: $lang`;

const legacyPagingBody = { organizationId: id, page: page, pageSize: size };

export const alertRoutes = [
  // ───────────── §9a lists ─────────────
  route({
    method: 'POST',
    path: '/organizations/:organizationId/alerts',
    tag: 'alerts',
    summary: "The organization's alerts, filtered and sorted, cursor-paged (query size 1..1000, default 25; cursor)",
    params: organizationParams,
    query: z.object({ size, cursor }),
    body: listBody,
    operation: `query($organizationId: ID!, ${LIST_ARGS}, $cursor: String, $size: Int) {
      alerts(organizationId: $organizationId, ${LIST_VARS}, cursor: $cursor, size: $size) { recordsJson cursor } }`,
    variables: ({ params, query, body: b }) => ({ organizationId: params.organizationId, filter: filterVariables(b), order: b.order, sort: b.sort, lang: b.lang, cursor: query.cursor, size: query.size }),
    result: (data) => recordsPage(data.alerts),
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/followings/alerts',
    tag: 'alerts',
    summary: 'Alerts of the organizations it follows (censored), cursor-paged',
    params: organizationParams,
    query: z.object({ size, cursor }),
    body: followingListBody,
    operation: `query($organizationId: ID!, $following: FollowingSelection, ${LIST_ARGS}, $cursor: String, $size: Int) {
      followingAlerts(organizationId: $organizationId, following: $following, ${LIST_VARS}, cursor: $cursor, size: $size) { recordsJson cursor } }`,
    variables: ({ params, query, body: b }) => ({
      organizationId: params.organizationId,
      following: followingVariables(b),
      filter: filterVariables(b),
      order: b.order,
      sort: b.sort,
      lang: b.lang,
      cursor: query.cursor,
      size: query.size,
    }),
    result: (data) => recordsPage(data.followingAlerts),
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/alerts/rules',
    tag: 'alerts',
    summary: 'Alerts grouped by rule, cursor-paged (query pageSize or size, cursor)',
    params: organizationParams,
    query: z.object({ size, pageSize: size, cursor }),
    body: groupedBody,
    operation: `query($organizationId: ID!, $filter: AlertFilter, $order: GroupedAlertOrder, $sort: Sort, $lang: Language, $cursor: String, $size: Int) {
      alertsByRule(organizationId: $organizationId, ${LIST_VARS}, cursor: $cursor, size: $size) { data { ${GROUP_FIELDS} } cursor } }`,
    variables: ({ params, query, body: b }) => ({ organizationId: params.organizationId, filter: filterVariables(b), order: b.order, sort: b.sort, lang: b.lang, cursor: query.cursor, size: query.pageSize ?? query.size }),
    result: (data) => data.alertsByRule,
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/followings/alerts/rules',
    tag: 'alerts',
    summary: 'Alerts of followed organizations grouped by rule, cursor-paged',
    params: organizationParams,
    query: z.object({ size, pageSize: size, cursor }),
    body: followingGroupedBody,
    operation: `query($organizationId: ID!, $following: FollowingSelection, $filter: AlertFilter, $order: GroupedAlertOrder, $sort: Sort, $lang: Language, $cursor: String, $size: Int) {
      followingAlertsByRule(organizationId: $organizationId, following: $following, ${LIST_VARS}, cursor: $cursor, size: $size) { data { ${GROUP_FIELDS} } cursor } }`,
    variables: ({ params, query, body: b }) => ({
      organizationId: params.organizationId,
      following: followingVariables(b),
      filter: filterVariables(b),
      order: b.order,
      sort: b.sort,
      lang: b.lang,
      cursor: query.cursor,
      size: query.pageSize ?? query.size,
    }),
    result: (data) => data.followingAlertsByRule,
  }),
  // ───────────── history lists (body paging; query optional) ─────────────
  route({
    method: 'POST',
    path: '/alerts/history',
    tag: 'alerts',
    summary: "History records of the organization's alerts, oldest first; each record has a cursor, the end is data: []",
    query: z.object({ size, cursor }),
    body: body({ organizationId: id, pageSize: size, cursor, lang, scanTargetIds: list(id) }),
    operation: `query($organizationId: ID!, $scanTargetIds: [ID!], $lang: Language, $cursor: String, $size: Int) {
      alertHistory(organizationId: $organizationId, scanTargetIds: $scanTargetIds, lang: $lang, cursor: $cursor, size: $size) { data { ${HISTORY_FIELDS} } cursor } }`,
    variables: ({ query, body: b }) => ({ organizationId: b.organizationId, scanTargetIds: b.scanTargetIds, lang: b.lang, cursor: b.cursor ?? query.cursor, size: b.pageSize ?? query.size ?? 100 }),
    result: (data) => data.alertHistory,
  }),
  route({
    method: 'POST',
    path: '/alerts/history/following',
    tag: 'alerts',
    summary: "History records of followed organizations' alerts (censored), oldest first",
    query: z.object({ size, cursor }),
    body: body({ organizationId: id, pageSize: size, cursor, lang, followingIds: list(id) }),
    operation: `query($organizationId: ID!, $followingIds: [ID!], $lang: Language, $cursor: String, $size: Int) {
      followingAlertHistory(organizationId: $organizationId, followingIds: $followingIds, lang: $lang, cursor: $cursor, size: $size) { data { ${HISTORY_FIELDS} } cursor } }`,
    variables: ({ query, body: b }) => ({ organizationId: b.organizationId, followingIds: b.followingIds, lang: b.lang, cursor: b.cursor ?? query.cursor, size: b.pageSize ?? query.size ?? 100 }),
    result: (data) => data.followingAlertHistory,
  }),
  // ───────────── one alert ─────────────
  route({
    method: 'GET',
    path: '/alerts/:alertId',
    tag: 'alerts',
    summary: 'One alert (censored for a follower)',
    params: alertParams,
    query: z.object({ lang }),
    operation: `query($id: ID!, $lang: Language) { alert(id: $id, lang: $lang) { ${ALERT_FIELDS} } }`,
    variables: ({ params, query }) => ({ id: params.alertId, lang: query.lang }),
    result: (data) => data.alert,
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/alerts/:alertId',
    tag: 'alerts',
    summary: 'One alert of the organization (censored for a follower)',
    params: z.object({ organizationId: id, alertId: id }),
    query: z.object({ lang }),
    operation: `query($id: ID!, $organizationId: ID, $lang: Language) { alert(id: $id, organizationId: $organizationId, lang: $lang) { ${ALERT_FIELDS} } }`,
    variables: ({ params, query }) => ({ id: params.alertId, organizationId: params.organizationId, lang: query.lang }),
    result: (data) => data.alert,
  }),
  route({
    method: 'GET',
    path: '/alerts/:alertId/history',
    tag: 'alerts',
    summary: "One alert's history, oldest first: page + pageSize (or size), or cursor + size; total always",
    params: alertParams,
    query: z.object({ page, pageSize: size, size, cursor, lang }),
    operation: `query($alertId: ID!, $page: Int, $size: Int, $cursor: String, $lang: Language) {
      alertHistoryOf(alertId: $alertId, page: $page, size: $size, cursor: $cursor, lang: $lang) { data { ${HISTORY_FIELDS} } total cursor } }`,
    variables: ({ params, query }) => ({ alertId: params.alertId, page: query.page, size: query.pageSize ?? query.size ?? (unpaged(query) ? 1000 : undefined), cursor: query.cursor, lang: query.lang }),
    result: (data, { query }) => (unpaged(query) ? (data.alertHistoryOf as { data: unknown[] }).data : data.alertHistoryOf),
  }),
  route({
    method: 'GET',
    path: '/alerts/:alertId/comments',
    tag: 'alerts',
    summary: "One alert's comments, oldest first (page, pageSize or size); {data, total}. Never shown to followers.",
    params: alertParams,
    query: z.object({ page, pageSize: size, size }),
    operation: `query($alertId: ID!, $page: Int, $size: Int) { alertComments(alertId: $alertId, page: $page, size: $size) { data { ${COMMENT_FIELDS} } total } }`,
    variables: ({ params, query }) => ({ alertId: params.alertId, page: query.page, size: query.pageSize ?? query.size ?? (unpaged(query) ? 1000 : undefined) }),
    result: (data, { query }) => (unpaged(query) ? (data.alertComments as { data: unknown[] }).data : data.alertComments),
  }),
  // ───────────── changes ─────────────
  route({
    method: 'POST',
    path: '/organizations/:organizationId/scantargets/:scanTargetId/alerts/:alertId/comments',
    tag: 'alerts',
    summary: 'Comment on an alert (members); event AlertCommentCreated',
    params: z.object({ organizationId: id, scanTargetId: id, alertId: id }),
    body: body({ comment: z.string(), mimeType: nullish(z.string()) }),
    operation: `mutation($organizationId: ID!, $scanTargetId: ID, $alertId: ID!, $comment: String!, $mimeType: String) {
      createAlertComment(organizationId: $organizationId, scanTargetId: $scanTargetId, alertId: $alertId, comment: $comment, mimeType: $mimeType) { ${COMMENT_FIELDS} } }`,
    variables: ({ params, body: b }) => ({ ...params, comment: b.comment, mimeType: b.mimeType }),
    result: (data) => data.createAlertComment,
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/alerts/:alertId/comments',
    tag: 'alerts',
    summary: 'Comment on an alert (members); event AlertCommentCreated',
    params: z.object({ organizationId: id, alertId: id }),
    body: body({ comment: z.string(), mimeType: nullish(z.string()) }),
    operation: `mutation($organizationId: ID!, $alertId: ID!, $comment: String!, $mimeType: String) {
      createAlertComment(organizationId: $organizationId, alertId: $alertId, comment: $comment, mimeType: $mimeType) { ${COMMENT_FIELDS} } }`,
    variables: ({ params, body: b }) => ({ ...params, comment: b.comment, mimeType: b.mimeType }),
    result: (data) => data.createAlertComment,
  }),
  route({
    method: 'PUT',
    path: '/organizations/:organizationId/scantargets/:scanTargetId/alerts/:alertId',
    tag: 'alerts',
    summary: 'Update an alert: state (not CLOSED), labels, comment (ADMIN); events AlertUpdated, AlertFollowingUpdated',
    params: z.object({ organizationId: id, scanTargetId: id, alertId: id }),
    body: body({ state: nullish(state), labels: list(z.string()), comment: nullish(z.string()), mimeType: nullish(z.string()) }),
    operation: `mutation($organizationId: ID!, $scanTargetId: ID!, $alertId: ID!, $input: UpdateAlertInput!) {
      updateAlert(organizationId: $organizationId, scanTargetId: $scanTargetId, alertId: $alertId, input: $input) { ${ALERT_FIELDS} } }`,
    variables: ({ params, body: b }) => ({ ...params, input: { state: b.state, labels: b.labels, comment: b.comment, mimeType: b.mimeType } }),
    result: (data) => data.updateAlert,
  }),
  route({
    method: 'PUT',
    path: '/organizations/:organizationId/alerts/status/batch',
    tag: 'alerts',
    summary: 'Set a state on matching alerts (ADMIN), at most 1000 per call: re-send while remaining > 0',
    params: organizationParams,
    body: body({
      state: z.preprocess((v) => (Array.isArray(v) ? v : [v]), z.array(state).min(1)),
      comment: nullish(z.string()),
      condition: z.preprocess(
        (v) => v ?? {},
        z.object({
          dryRun: bool,
          scanTargetIds: list(id),
          scanTargetTags: list(z.string()),
          includeEmptyScanTargetTags: bool,
          states: list(stateFilter),
          severities: list(severity),
          selection: nullish(z.object({ alertIds: list(id), rules: list(z.string()) })),
          rules: list(z.string()),
        }),
      ),
    }),
    operation: `mutation($organizationId: ID!, $input: BatchUpdateAlertsInput!) {
      batchUpdateAlerts(organizationId: $organizationId, input: $input) { count dryRun remaining } }`,
    variables: ({ params, body: b }) => ({ organizationId: params.organizationId, input: { state: b.state, comment: b.comment, condition: b.condition } }),
    result: (data) => data.batchUpdateAlerts,
  }),
  // ───────────── §9b summaries ─────────────
  route({
    method: 'POST',
    path: '/organizations/:organizationId/summaries/scantargets/details',
    tag: 'summaries',
    summary: 'Per scan target alert counts by severity (not CLOSED) and state',
    params: organizationParams,
    body: body({ scanTargetIds: list(id), scanTargetTags: list(z.string()), scanTargetKinds: list(kind), alertSeverities: list(severity), includeEmptyScanTargetTags: bool }),
    operation: `query($organizationId: ID!, $scanTargetIds: [ID!], $scanTargetTags: [String!], $scanTargetKinds: [ScanTargetKind!], $includeEmptyScanTargetTags: Boolean, $alertSeverities: [AlertSeverity!]) {
      scanTargetSummaries(organizationId: $organizationId, scanTargetIds: $scanTargetIds, scanTargetTags: $scanTargetTags, scanTargetKinds: $scanTargetKinds,
        includeEmptyScanTargetTags: $includeEmptyScanTargetTags, alertSeverities: $alertSeverities) { ${SUMMARY_FIELDS} } }`,
    variables: ({ params, body: b }) => ({ organizationId: params.organizationId, ...b }),
    result: (data) => data.scanTargetSummaries,
  }),
  ...['/organizations/:organizationId/followings/summaries/scantargets/details', '/organizations/:organizationId/summaries/scantargets/followings'].map((path) =>
    route({
      method: 'POST',
      path,
      tag: 'summaries',
      summary: 'Per scan target alert counts of followed organizations',
      params: organizationParams,
      body: body({ ...followingBody, scanTargetKinds: list(kind), alertSeverities: list(severity) }),
      operation: `query($organizationId: ID!, $following: FollowingSelection, $scanTargetKinds: [ScanTargetKind!], $alertSeverities: [AlertSeverity!]) {
        followingScanTargetSummaries(organizationId: $organizationId, following: $following, scanTargetKinds: $scanTargetKinds, alertSeverities: $alertSeverities) { ${SUMMARY_FIELDS} } }`,
      variables: ({ params, body: b }) => ({ organizationId: params.organizationId, following: followingVariables(b), scanTargetKinds: b.scanTargetKinds, alertSeverities: b.alertSeverities }),
      result: (data) => data.followingScanTargetSummaries,
    }),
  ),
  // ───────────── §9c legacy (Ruby 1.0.1, Python ≤ 2.1): page-numbered, {data, total} ─────────────
  route({
    method: 'POST',
    path: '/alerts',
    tag: 'legacy',
    summary: "Legacy: the organization's alerts by page number (body organizationId, page, pageSize)",
    body: body({ ...filterBody.shape, ...legacyPagingBody, order: alertOrder }),
    operation: `query($organizationId: ID!, ${LIST_ARGS}, $page: Int, $pageSize: Int) {
      alertsByPage(organizationId: $organizationId, ${LIST_VARS}, page: $page, pageSize: $pageSize) { data { ${ALERT_FIELDS} } total } }`,
    variables: ({ body: b }) => ({ organizationId: b.organizationId, filter: filterVariables(b), order: b.order, sort: b.sort, lang: b.lang, page: b.page, pageSize: b.pageSize }),
    result: (data) => data.alertsByPage,
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
    result: (data) => data.followingAlertsByPage,
  }),
  route({
    method: 'POST',
    path: '/alerts/rules',
    tag: 'legacy',
    summary: 'Legacy: alerts grouped by rule, by page number',
    body: body({ ...filterBody.shape, ...legacyPagingBody, order: groupedOrder }),
    operation: `query($organizationId: ID!, $filter: AlertFilter, $order: GroupedAlertOrder, $sort: Sort, $lang: Language, $page: Int, $pageSize: Int) {
      alertsByRuleByPage(organizationId: $organizationId, ${LIST_VARS}, page: $page, pageSize: $pageSize) { data { ${GROUP_FIELDS} } total } }`,
    variables: ({ body: b }) => ({ organizationId: b.organizationId, filter: filterVariables(b), order: b.order, sort: b.sort, lang: b.lang, page: b.page, pageSize: b.pageSize }),
    result: (data) => data.alertsByRuleByPage,
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
    result: (data) => data.followingAlertsByRuleByPage,
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
  route({
    method: 'POST',
    path: '/alerts/summaries/scans',
    tag: 'legacy',
    summary: 'Legacy: alerts open at the end of each of the last daysBefore days (default 7)',
    body: body({ organizationId: id, scanTargetIds: list(id), daysBefore: nullish(z.coerce.number().int().min(1).max(366)) }),
    operation: `query($organizationId: ID!, $scanTargetIds: [ID!], $days: Int) { dailyOpenAlerts(organizationId: $organizationId, scanTargetIds: $scanTargetIds, days: $days) { ${DAILY_FIELDS} } }`,
    variables: ({ body: b }) => ({ organizationId: b.organizationId, scanTargetIds: b.scanTargetIds, days: b.daysBefore }),
    result: (data) => data.dailyOpenAlerts,
  }),
  route({
    method: 'POST',
    path: '/alerts/summaries/scans/following',
    tag: 'legacy',
    summary: "Legacy: followed organizations' alerts open at the end of each of the last daysBefore days",
    body: body({ organizationId: id, followingIds: list(id), daysBefore: nullish(z.coerce.number().int().min(1).max(366)) }),
    operation: `query($organizationId: ID!, $followingIds: [ID!], $days: Int) { followingDailyOpenAlerts(organizationId: $organizationId, followingIds: $followingIds, days: $days) { ${DAILY_FIELDS} } }`,
    variables: ({ body: b }) => ({ organizationId: b.organizationId, followingIds: b.followingIds, days: b.daysBefore }),
    result: (data) => data.followingDailyOpenAlerts,
  }),
  route({
    method: 'POST',
    path: '/alerts/summaries/following/resolvedovertime',
    tag: 'legacy',
    summary: "Legacy: followed organizations' alerts resolved on each of the last 30 days",
    body: body({ organizationId: id, followingIds: list(id), severities: list(severity), date: z.unknown().optional(), daysBefore: nullish(z.coerce.number().int().min(1).max(366)) }),
    operation: `query($organizationId: ID!, $followingIds: [ID!], $severities: [AlertSeverity!], $days: Int) {
      followingDailyResolvedAlerts(organizationId: $organizationId, followingIds: $followingIds, severities: $severities, days: $days) { ${DAILY_FIELDS} } }`,
    variables: ({ body: b }) => ({ organizationId: b.organizationId, followingIds: b.followingIds, severities: b.severities, days: b.daysBefore }),
    result: (data) => data.followingDailyResolvedAlerts,
  }),
];
