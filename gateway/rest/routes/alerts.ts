import { z } from 'zod/v4';
import { MAX_PAGE_SIZE } from '../../../lib/vocabulary';
import {
  body,
  bool,
  cursor,
  id,
  lang,
  list,
  nullish,
  oneOrMore,
  organizationParams,
  page,
  scanTargetKind,
  severity,
  size,
  state,
  stateFilter,
} from '../schemas';
import { found, RawBody, restPage, route } from '../table';
import {
  ALERT_FIELDS,
  alertOrder,
  COMMENT_FIELDS,
  filterBody,
  filterVariables,
  followingBody,
  followingVariables,
  GROUP_FIELDS,
  groupedOrder,
  HISTORY_FIELDS,
  LIST_ARGS,
  LIST_VARS,
  type OwnOrFollowingRow,
  SUMMARY_FIELDS,
} from './alert-inputs';
import { legacyAlertRoutes } from './alerts-legacy';

/** Both comment routes: the mutation's one input carries the route's ids and the body. */
const COMMENT_MUTATION = `mutation($input: CreateAlertCommentInput!) { createAlertComment(input: $input) { alertComment { ${COMMENT_FIELDS} } } }`;

/**
 * rest-contract §9a (alerts), §9b (summaries) and the §12 mismatches (the §9c legacy rows: alerts-legacy.ts),
 * accepted in both forms: `size` or `pageSize`, a state string or array, `null` as absent, single
 * values for lists, zone-less dates (UTC), Ruby's PascalCase date keys, `condition.rules`.
 */

/**
 * The Ruby SDK (1.0.1) reads one alert's history and comments with no query at all and expects a
 * bare array; the Python SDK always pages (page + pageSize) and reads {data, total}.
 */
const unpaged = (query: { page?: number; pageSize?: number; size?: number; cursor?: string }) =>
  query.page === undefined && query.pageSize === undefined && query.size === undefined && query.cursor === undefined;

/** Cursor lists get their page as one JSON text (AlertPage.recordsJson, of the REST graph's alertsPage) and send it as `data`. */
const recordsPage = (page: unknown) => {
  const { recordsJson, cursor } = page as { recordsJson: string; cursor: string | null };
  return new RawBody(`{"data":${recordsJson},"cursor":${JSON.stringify(cursor)}}`);
};

/** A history list's page size: the body's `pageSize`, else the query's `size`, else 100 (rest-contract §8). */
const historySize = (query: { size?: number | null }, b: { pageSize?: number | null }) => b.pageSize ?? query.size ?? 100;

/** A history record's fields as REST answers them (every record has its cursor, last): an edge's node, then the edge's cursor. */
const HISTORY_EDGES = `edges { cursor node { ${HISTORY_FIELDS.split(' ')
  .filter((field) => field !== 'cursor')
  .join(' ')} } } pageInfo { hasNextPage endCursor }`;

/**
 * A history list's REST page from its connection: every record with its cursor, and the page's cursor
 * when the page is full (so the end of a list is an empty page, as the SDKs' loops expect).
 */
function historyPage(connection: unknown, size: number) {
  const { edges, pageInfo } = connection as { edges: Array<{ cursor: string; node: object }>; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
  // A page with more after it is full; a full page at the very end has no next page yet still gives its cursor.
  const full = pageInfo.hasNextPage || edges.length === size;
  return { data: edges.map((edge) => ({ ...edge.node, cursor: edge.cursor })), cursor: full ? pageInfo.endCursor : null };
}

/**
 * The two history lists, POST with the paging in the body (the query's size and cursor taken too): `field` of
 * the organization's alerts narrowed by scan targets (`ids` scanTargetIds), or of followed organizations'
 * narrowed by followingIds.
 */
function historyRoute({ path, summary, field, ids }: OwnOrFollowingRow<'alertHistory' | 'followingAlertHistory'>) {
  return route({
    method: 'POST',
    path,
    tag: 'alerts',
    summary,
    query: z.object({ size, cursor }),
    body: body({ organizationId: id, pageSize: size, cursor, lang, [ids]: list(id) }),
    operation: `query($organizationId: ID!, $${ids}: [ID!], $lang: Language, $cursor: String, $size: Int) {
      ${field}(organizationId: $organizationId, ${ids}: $${ids}, lang: $lang, after: $cursor, first: $size) { ${HISTORY_EDGES} } }`,
    variables: ({ query, body: b }) => ({
      organizationId: b.organizationId,
      [ids]: b[ids],
      lang: b.lang,
      cursor: b.cursor ?? query.cursor,
      size: historySize(query, b),
    }),
    result: (data, { query, body: b }) => historyPage(data[field], historySize(query, b)),
  });
}

const alertParams = z.object({ alertId: id });
const listBody = body({ ...filterBody.shape, order: alertOrder });
const followingListBody = body({ ...filterBody.shape, ...followingBody, order: alertOrder });
const groupedBody = body({ ...filterBody.shape, order: groupedOrder });
const followingGroupedBody = body({ ...filterBody.shape, ...followingBody, order: groupedOrder });

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
      alertsPage(organizationId: $organizationId, ${LIST_VARS}, cursor: $cursor, size: $size) { recordsJson cursor } }`,
    variables: ({ params, query, body: b }) => ({
      organizationId: params.organizationId,
      filter: filterVariables(b),
      order: b.order,
      sort: b.sort,
      lang: b.lang,
      cursor: query.cursor,
      size: query.size,
    }),
    result: (data) => recordsPage(data.alertsPage),
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
      followingAlertsPage(organizationId: $organizationId, following: $following, ${LIST_VARS}, cursor: $cursor, size: $size) { recordsJson cursor } }`,
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
    result: (data) => recordsPage(data.followingAlertsPage),
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
      alertsByRule(organizationId: $organizationId, ${LIST_VARS}, first: $size, after: $cursor) { nodes { ${GROUP_FIELDS} } pageInfo { hasNextPage endCursor } } }`,
    variables: ({ params, query, body: b }) => ({
      organizationId: params.organizationId,
      filter: filterVariables(b),
      order: b.order,
      sort: b.sort,
      lang: b.lang,
      cursor: query.cursor,
      size: query.pageSize ?? query.size,
    }),
    result: (data) => restPage(data.alertsByRule),
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
      followingAlertsByRule(organizationId: $organizationId, following: $following, ${LIST_VARS}, first: $size, after: $cursor) { nodes { ${GROUP_FIELDS} } pageInfo { hasNextPage endCursor } } }`,
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
    result: (data) => restPage(data.followingAlertsByRule),
  }),
  // ───────────── history lists (body paging; query optional) ─────────────
  historyRoute({
    path: '/alerts/history',
    summary: "History records of the organization's alerts, oldest first; each record has a cursor, the end is data: []",
    field: 'alertHistory',
    ids: 'scanTargetIds',
  }),
  historyRoute({
    path: '/alerts/history/following',
    summary: "History records of followed organizations' alerts (censored), oldest first",
    field: 'followingAlertHistory',
    ids: 'followingIds',
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
    result: (data) => found(data.alert, 'Alert'),
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
    result: (data) => found(data.alert, 'Alert'),
  }),
  route({
    method: 'GET',
    path: '/alerts/:alertId/history',
    tag: 'alerts',
    summary: "One alert's history, oldest first: page + pageSize (or size), or cursor + size; total always",
    params: alertParams,
    query: z.object({ page, pageSize: size, size, cursor, lang }),
    operation: `query($alertId: ID!, $page: Int, $size: Int, $cursor: String, $lang: Language) {
      alertHistoryOfPage(alertId: $alertId, page: $page, size: $size, cursor: $cursor, lang: $lang) { data { ${HISTORY_FIELDS} } total cursor } }`,
    variables: ({ params, query }) => ({
      alertId: params.alertId,
      page: query.page,
      size: query.pageSize ?? query.size ?? (unpaged(query) ? MAX_PAGE_SIZE : undefined),
      cursor: query.cursor,
      lang: query.lang,
    }),
    result: (data, { query }) => (unpaged(query) ? (data.alertHistoryOfPage as { data: unknown[] }).data : data.alertHistoryOfPage),
  }),
  route({
    method: 'GET',
    path: '/alerts/:alertId/comments',
    tag: 'alerts',
    summary: "One alert's comments, oldest first (page, pageSize or size); {data, total}. Never shown to followers.",
    params: alertParams,
    query: z.object({ page, pageSize: size, size }),
    operation: `query($alertId: ID!, $page: Int, $size: Int) { alertCommentsPage(alertId: $alertId, page: $page, size: $size) { data { ${COMMENT_FIELDS} } total } }`,
    variables: ({ params, query }) => ({
      alertId: params.alertId,
      page: query.page,
      size: query.pageSize ?? query.size ?? (unpaged(query) ? MAX_PAGE_SIZE : undefined),
    }),
    result: (data, { query }) => (unpaged(query) ? (data.alertCommentsPage as { data: unknown[] }).data : data.alertCommentsPage),
  }),
  // ───────────── changes ─────────────
  route({
    method: 'POST',
    path: '/organizations/:organizationId/scantargets/:scanTargetId/alerts/:alertId/comments',
    tag: 'alerts',
    summary: 'Comment on an alert (members); event AlertCommentCreated',
    params: z.object({ organizationId: id, scanTargetId: id, alertId: id }),
    body: body({ comment: z.string(), mimeType: nullish(z.string()) }),
    operation: COMMENT_MUTATION,
    variables: ({ params, body: b }) => ({ input: { ...params, comment: b.comment, mimeType: b.mimeType } }),
    result: (data) => (data.createAlertComment as { alertComment: unknown }).alertComment,
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/alerts/:alertId/comments',
    tag: 'alerts',
    summary: 'Comment on an alert (members); event AlertCommentCreated',
    params: z.object({ organizationId: id, alertId: id }),
    body: body({ comment: z.string(), mimeType: nullish(z.string()) }),
    operation: COMMENT_MUTATION,
    variables: ({ params, body: b }) => ({ input: { ...params, comment: b.comment, mimeType: b.mimeType } }),
    result: (data) => (data.createAlertComment as { alertComment: unknown }).alertComment,
  }),
  route({
    method: 'PUT',
    path: '/organizations/:organizationId/scantargets/:scanTargetId/alerts/:alertId',
    tag: 'alerts',
    summary: 'Update an alert: state (not CLOSED), labels, comment (ADMIN); events AlertUpdated, AlertFollowingUpdated',
    params: z.object({ organizationId: id, scanTargetId: id, alertId: id }),
    body: body({ state: nullish(state), labels: list(z.string()), comment: nullish(z.string()), mimeType: nullish(z.string()) }),
    operation: `mutation($input: UpdateAlertInput!, $lang: Language) { updateAlert(input: $input) { alert { ${ALERT_FIELDS} } } }`,
    variables: ({ params, body: b }) => ({ input: { ...params, state: b.state, labels: b.labels, comment: b.comment, mimeType: b.mimeType } }),
    result: (data) => (data.updateAlert as { alert: unknown }).alert,
  }),
  route({
    method: 'PUT',
    path: '/organizations/:organizationId/alerts/status/batch',
    tag: 'alerts',
    summary: 'Set a state on matching alerts (ADMIN), at most 1000 per call: re-send while remaining > 0',
    params: organizationParams,
    body: body({
      state: oneOrMore(state),
      comment: nullish(z.string()),
      // Required, like its dryRun (spec): a batch without them would change every alert of the organization.
      condition: z.object(
        {
          dryRun: z.boolean({ error: 'required: true (only count) or false (change)' }),
          scanTargetIds: list(id),
          scanTargetTags: list(z.string()),
          includeEmptyScanTargetTags: bool,
          states: list(stateFilter),
          severities: list(severity),
          selection: nullish(z.object({ alertIds: list(id), rules: list(z.string()) })),
          rules: list(z.string()),
        },
        { error: 'required: an object with dryRun and the filters of the alerts to change' },
      ),
    }),
    operation: `mutation($input: BatchUpdateAlertsInput!) { batchUpdateAlerts(input: $input) { count dryRun remaining } }`,
    variables: ({ params, body: b }) => ({ input: { organizationId: params.organizationId, state: b.state, comment: b.comment, condition: b.condition } }),
    result: (data) => data.batchUpdateAlerts,
  }),
  // ───────────── §9b summaries ─────────────
  route({
    method: 'POST',
    path: '/organizations/:organizationId/summaries/scantargets/details',
    tag: 'summaries',
    summary: 'Per scan target alert counts by severity (not CLOSED) and state',
    params: organizationParams,
    body: body({
      scanTargetIds: list(id),
      scanTargetTags: list(z.string()),
      scanTargetKinds: list(scanTargetKind),
      alertSeverities: list(severity),
      includeEmptyScanTargetTags: bool,
    }),
    operation: `query($organizationId: ID!, $scanTargetIds: [ID!], $scanTargetTags: [String!], $scanTargetKinds: [ScanTargetKind!], $includeEmptyScanTargetTags: Boolean, $alertSeverities: [AlertSeverity!]) {
      scanTargetSummaries(organizationId: $organizationId, scanTargetIds: $scanTargetIds, scanTargetTags: $scanTargetTags, scanTargetKinds: $scanTargetKinds,
        includeEmptyScanTargetTags: $includeEmptyScanTargetTags, alertSeverities: $alertSeverities) { ${SUMMARY_FIELDS} } }`,
    variables: ({ params, body: b }) => ({ organizationId: params.organizationId, ...b }),
    result: (data) => data.scanTargetSummaries,
  }),
  ...['/organizations/:organizationId/followings/summaries/scantargets/details', '/organizations/:organizationId/summaries/scantargets/followings'].map(
    (path) =>
      route({
        method: 'POST',
        path,
        tag: 'summaries',
        summary: 'Per scan target alert counts of followed organizations',
        params: organizationParams,
        body: body({ ...followingBody, scanTargetKinds: list(scanTargetKind), alertSeverities: list(severity) }),
        operation: `query($organizationId: ID!, $following: FollowingSelection, $scanTargetKinds: [ScanTargetKind!], $alertSeverities: [AlertSeverity!]) {
        followingScanTargetSummaries(organizationId: $organizationId, following: $following, scanTargetKinds: $scanTargetKinds, alertSeverities: $alertSeverities) { ${SUMMARY_FIELDS} } }`,
        variables: ({ params, body: b }) => ({
          organizationId: params.organizationId,
          following: followingVariables(b),
          scanTargetKinds: b.scanTargetKinds,
          alertSeverities: b.alertSeverities,
        }),
        result: (data) => data.followingScanTargetSummaries,
      }),
  ),
  ...legacyAlertRoutes,
];
