import { z } from 'zod/v4';
import { cursor, id, list, nullish, organizationParams, severity, size, sort } from '../schemas';
import { found, restPage, route } from '../table';

/**
 * The posture aggregates (docs/posture.md), one route each, through Query.posture and
 * Query.followingPosture: members read the whole posture, followers the censored one; anyone else 404.
 */

const COUNTS = `{ critical high medium low info total }`;
const POSTURE_FIELDS = `organizationId view open ${COUNTS} overdue ${COUNTS} grade`;
const GROUP_FIELDS = `key label counts ${COUNTS}`;
const PAGE = `pageInfo { hasNextPage endCursor }`;

const date = nullish(z.string());
/** The PostureFilter as query parameters (each repeatable, or one value). */
const filterQuery = { scanTargetIds: list(id), rules: list(z.string()), compliances: list(z.string()), severities: list(severity) };
const filterOf = (q: { scanTargetIds?: string[]; rules?: string[]; compliances?: string[]; severities?: string[] }) => ({
  scanTargetIds: q.scanTargetIds,
  rules: q.rules,
  compliances: q.compliances,
  severities: q.severities,
});

const dimension = nullish(z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(['STATE', 'SCAN_TARGET', 'RULE', 'COMPLIANCE'])));
const orderField = nullish(z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(['GRADE', 'OVERDUE', 'TREND_DELTA', 'OPEN'])));

const postureOf = (data: Record<string, unknown>) => found(data.posture as Record<string, unknown> | null, 'Organization');

const TAG = 'posture';

export const postureRoutes = [
  route({
    method: 'GET',
    path: '/organizations/:organizationId/posture',
    tag: TAG,
    summary: 'Posture now: open and overdue alerts per severity and the grade (members; followers censored)',
    params: organizationParams,
    operation: `query($organizationId: ID!) { posture(organizationId: $organizationId) { ${POSTURE_FIELDS} } }`,
    variables: ({ params }) => ({ organizationId: params.organizationId }),
    result: (data) => postureOf(data),
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/posture/trend',
    tag: TAG,
    summary: 'Open, opened and resolved alerts per UTC day and severity (from, to: YYYY-MM-DD, at most 366 days; default the last 30)',
    params: organizationParams,
    query: z.object({ from: date, to: date, ...filterQuery }),
    operation: `query($organizationId: ID!, $input: PostureTrendInput!) { posture(organizationId: $organizationId) {
      trend(input: $input) { from to openDelta days { date open ${COUNTS} opened ${COUNTS} resolved ${COUNTS} } } } }`,
    variables: ({ params, query }) => ({ organizationId: params.organizationId, input: { from: query.from, to: query.to, filter: filterOf(query) } }),
    result: (data) => postureOf(data).trend,
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/posture/breakdown',
    tag: TAG,
    summary: 'Open alerts per state, scan target, rule or compliance tag (by; default state), largest first, cursor-paged',
    params: organizationParams,
    query: z.object({ by: dimension, size, cursor, ...filterQuery }),
    operation: `query($organizationId: ID!, $input: PostureBreakdownInput!, $first: Int, $after: String) { posture(organizationId: $organizationId) {
      breakdown(input: $input, first: $first, after: $after) { nodes { ${GROUP_FIELDS} } ${PAGE} } } }`,
    variables: ({ params, query }) => ({
      organizationId: params.organizationId,
      input: { by: query.by ?? 'STATE', filter: filterOf(query) },
      first: query.size,
      after: query.cursor,
    }),
    result: (data) => restPage(postureOf(data).breakdown),
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/posture/time-to-resolve',
    tag: TAG,
    summary: 'Median and p90 hours to resolve per severity, over the resolutions of a window (from, to; default the last 30 days)',
    params: organizationParams,
    query: z.object({ from: date, to: date, ...filterQuery }),
    operation: `query($organizationId: ID!, $input: PostureWindowInput!) { posture(organizationId: $organizationId) {
      timeToResolve(input: $input) { severity resolved medianHours p90Hours } } }`,
    variables: ({ params, query }) => ({ organizationId: params.organizationId, input: { from: query.from, to: query.to, filter: filterOf(query) } }),
    result: (data) => ({ data: postureOf(data).timeToResolve }),
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/posture/scan-freshness',
    tag: TAG,
    summary: "Per scan target: last successful scan, last failure, failures in 30 days, never scanned (members; a follower's is 404)",
    params: organizationParams,
    query: z.object({ size, cursor }),
    operation: `query($organizationId: ID!, $first: Int, $after: String) { posture(organizationId: $organizationId) {
      scanFreshness(first: $first, after: $after) {
        nodes { scanTarget { id name kind } lastSuccessfulScanAt lastScanStatus lastFailedScanAt failedScans neverScanned } ${PAGE} } } }`,
    variables: ({ params, query }) => ({ organizationId: params.organizationId, first: query.size, after: query.cursor }),
    result: (data) => restPage(found(postureOf(data).scanFreshness, 'Organization')),
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/followings/posture',
    tag: TAG,
    summary: 'One row per followed organization: open, overdue, 30-day trend delta, grade (order: GRADE, OVERDUE, TREND_DELTA, OPEN; sort)',
    params: organizationParams,
    query: z.object({ order: orderField, sort, size, cursor }),
    operation: `query($organizationId: ID!, $first: Int, $after: String, $orderBy: FollowedPostureOrder) {
      followingPosture(organizationId: $organizationId, first: $first, after: $after, orderBy: $orderBy) {
        nodes { organization { id name } open ${COUNTS} overdue ${COUNTS} trendDelta grade } ${PAGE} } }`,
    variables: ({ params, query }) => ({
      organizationId: params.organizationId,
      first: query.size,
      after: query.cursor,
      orderBy: query.order ? { field: query.order, direction: query.sort } : undefined,
    }),
    result: (data) => restPage(data.followingPosture),
  }),
];
