import { Kind, type GraphQLResolveInfo } from 'graphql';
import { censorAlertForFollower, censorScanTargetForFollower } from '../../lib/censorship';
import { badRequest, notFound } from '../../lib/errors';
import { uuid, uuids } from '../../lib/validate';
import type { SubgraphContext } from '../server';
import {
  alertHistory,
  defaultGroupedSort,
  defaultSort,
  DEFAULT_ORDER,
  findAlert,
  historyCursor,
  listAlerts,
  listAlertsByPage,
  listComments,
  listHistory,
  listRuleGroups,
  listRuleGroupsByPage,
  pageSize,
  type AlertFilter,
  type AlertOrder,
  type AlertRow,
  type GroupedOrder,
  type HistoryRow,
  type Lang,
  type SortDirection,
} from './alert-queries';
import { batchUpdateAlerts, createComment, updateAlert, type BatchCondition } from './alert-updates';
import type { AlertsLoaders } from './loaders';
import { alertCounts, dailyCounts, scanTargetSummaries } from './summaries';

type Ctx = SubgraphContext<AlertsLoaders>;

/** An alert as resolvers hand it on; `followerView` marks a censored copy. */
export type AlertView = AlertRow & { followerView?: boolean };

interface FollowingSelection {
  followingIds?: string[] | null;
  followingTags?: string[] | null;
  includeEmptyFollowingTags?: boolean | null;
}

interface ListArgs {
  organizationId: string;
  following?: FollowingSelection | null;
  filter?: AlertFilter | null;
  order?: AlertOrder | null;
  sort?: SortDirection | null;
  lang?: Lang;
  cursor?: string | null;
  size?: number | null;
  page?: number | null;
  pageSize?: number | null;
}

interface GroupedArgs extends Omit<ListArgs, 'order'> {
  order?: GroupedOrder | null;
}

const asFollower = <T extends object>(row: T): T & { followerView: true } => ({ ...censorAlertForFollower(row as T & { resource?: unknown }), followerView: true });

/** Validates the ids of a filter (400 naming the field) and drops nulls. */
function cleanFilter(filter: AlertFilter | null | undefined): AlertFilter {
  const f = { ...(filter ?? {}) };
  f.scanTargetIds = uuids(f.scanTargetIds, 'scanTargetIds');
  return f;
}

/** The organizations a following list reads: followed by `organizationId`, narrowed by ids and follow tags. */
async function followedOrganizations(ctx: Ctx, organizationId: string, selection: FollowingSelection | null | undefined): Promise<string[]> {
  const requested = uuids(selection?.followingIds, 'followingIds');
  let ids = await ctx.policy.followedVisibleTo(organizationId, requested);
  const tags = selection?.followingTags?.filter((t) => t !== '');
  if (tags?.length && ids.length) {
    const { rows } = await ctx.db.pool.query<{ followedId: string }>(
      `SELECT "followedId" FROM organizations.follows
        WHERE "followerId" = $1 AND "followedId" = ANY($2::uuid[]) AND (tags && $3::text[] ${selection?.includeEmptyFollowingTags ? 'OR cardinality(tags) = 0' : ''})`,
      [organizationId, ids, tags],
    );
    const tagged = new Set(rows.map((r) => r.followedId));
    ids = ids.filter((id) => tagged.has(id));
  }
  return ids;
}

/**
 * Whose alerts a list reads: the organization's own (members), or those of the organizations it
 * follows (`following`: censored, and their censored `resource` is not searchable).
 */
async function listScope(ctx: Ctx, args: ListArgs | GroupedArgs, following: boolean) {
  const organizationId = uuid(args.organizationId, 'organizationId');
  if (!following) await ctx.policy.requireMember(organizationId);
  const organizationIds = following ? await followedOrganizations(ctx, organizationId, args.following) : [organizationId];
  return { organizationIds, filter: cleanFilter(args.filter), lang: args.lang, searchResource: !following };
}

function alertOrder(args: ListArgs): { order: AlertOrder; sort: SortDirection } {
  const order = args.order ?? DEFAULT_ORDER;
  return { order, sort: args.sort ?? defaultSort(order) };
}

function groupOrder(args: GroupedArgs): { order: GroupedOrder; sort: SortDirection } {
  const order = args.order ?? 'total';
  return { order, sort: args.sort ?? defaultGroupedSort(order) };
}

/**
 * The page is wanted only as `recordsJson` (the REST lists): the database builds it, and no rows
 * are read. Any other field of the page (data, records) needs the rows.
 */
function onlyJsonRecords(info: GraphQLResolveInfo): boolean {
  const fields = info.fieldNodes.flatMap((node) => node.selectionSet?.selections ?? []);
  return fields.every((f) => f.kind === Kind.FIELD && (f.name.value === 'recordsJson' || f.name.value === 'cursor' || f.name.value === '__typename')) && fields.some((f) => f.kind === Kind.FIELD && f.name.value === 'recordsJson');
}

const censoredPage = <P extends { data: AlertRow[] }>(page: P) => ({ ...page, data: page.data.map(asFollower) });

function legacyPage(args: { page?: number | null; pageSize?: number | null }): { page: number; pageSize: number } {
  const page = args.page ?? 1;
  if (!Number.isInteger(page) || page < 1) throw badRequest('page must be an integer >= 1', 'page');
  return { page, pageSize: pageSize(args.pageSize ?? 100, 'pageSize') };
}

function daysArg(days: number | null | undefined, fallback: number): number {
  const value = days ?? fallback;
  if (!Number.isInteger(value) || value < 1 || value > 366) throw badRequest('daysBefore must be an integer from 1 to 366', 'daysBefore');
  return value;
}

/** Reads one alert as the caller may see it: whole for a member, censored for a follower, else not found. */
async function visibleAlert(ctx: Ctx, id: string, lang: Lang, organizationId?: string | null): Promise<AlertView> {
  const row = await findAlert(ctx.db.pool, uuid(id, 'alertId'), lang);
  if (!row || (organizationId && row.organizationId !== uuid(organizationId, 'organizationId'))) throw notFound('Alert');
  const view = await ctx.policy.viewOf(row.organizationId);
  if (!view) throw notFound('Alert');
  return view === 'follower' ? asFollower(row) : row;
}

const withCursor = (row: HistoryRow) => ({ ...row, cursor: historyCursor(row.seq) });

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** An alert (already censored when the caller is a follower) as a plain JSON record, fields as on the Alert type. */
export function alertRecord(a: AlertView) {
  return {
    id: a.id,
    organizationId: a.organizationId,
    scanTargetId: a.scanTargetId,
    rule: a.rule,
    ruleTitle: a.ruleTitle ?? null,
    resource: a.resource,
    severity: a.severity,
    state: a.state,
    version: a.version,
    tags: a.tags,
    labels: a.labels,
    compliances: a.compliances,
    enrichment: a.enrichment,
    metadata: a.metadata,
    openedAt: iso(a.openedAt),
    resolvedAt: iso(a.resolvedAt),
    createdAt: iso(a.createdAt),
    updatedAt: iso(a.updatedAt),
    timelinessThreshold: a.timelinessThreshold,
  };
}

export const alertResolvers = {
  Query: {
    alerts: async (_: unknown, args: ListArgs, ctx: Ctx, info: GraphQLResolveInfo) =>
      listAlerts(ctx.db.pool, { ...(await listScope(ctx, args, false)), ...alertOrder(args), size: pageSize(args.size), cursor: args.cursor, json: onlyJsonRecords(info) }),
    followingAlerts: async (_: unknown, args: ListArgs, ctx: Ctx, info: GraphQLResolveInfo) =>
      censoredPage(
        await listAlerts(ctx.db.pool, {
          ...(await listScope(ctx, args, true)),
          ...alertOrder(args),
          size: pageSize(args.size),
          cursor: args.cursor,
          json: onlyJsonRecords(info),
          follower: true,
        }),
      ),
    alertsByPage: async (_: unknown, args: ListArgs, ctx: Ctx) =>
      listAlertsByPage(ctx.db.pool, { ...(await listScope(ctx, args, false)), ...alertOrder(args), ...legacyPage(args) }),
    followingAlertsByPage: async (_: unknown, args: ListArgs, ctx: Ctx) =>
      censoredPage(await listAlertsByPage(ctx.db.pool, { ...(await listScope(ctx, args, true)), ...alertOrder(args), ...legacyPage(args) })),
    alertsByRule: async (_: unknown, args: GroupedArgs, ctx: Ctx) =>
      listRuleGroups(ctx.db.pool, { ...(await listScope(ctx, args, false)), ...groupOrder(args), size: pageSize(args.size), cursor: args.cursor }),
    followingAlertsByRule: async (_: unknown, args: GroupedArgs, ctx: Ctx) =>
      listRuleGroups(ctx.db.pool, { ...(await listScope(ctx, args, true)), ...groupOrder(args), size: pageSize(args.size), cursor: args.cursor }),
    alertsByRuleByPage: async (_: unknown, args: GroupedArgs, ctx: Ctx) =>
      listRuleGroupsByPage(ctx.db.pool, { ...(await listScope(ctx, args, false)), ...groupOrder(args), ...legacyPage(args) }),
    followingAlertsByRuleByPage: async (_: unknown, args: GroupedArgs, ctx: Ctx) =>
      listRuleGroupsByPage(ctx.db.pool, { ...(await listScope(ctx, args, true)), ...groupOrder(args), ...legacyPage(args) }),
    alertHistory: async (_: unknown, args: { organizationId: string; scanTargetIds?: string[] | null; lang?: Lang; cursor?: string | null; size?: number | null }, ctx: Ctx) => {
      const organizationId = uuid(args.organizationId, 'organizationId');
      await ctx.policy.requireMember(organizationId);
      const page = await listHistory(ctx.db.pool, {
        organizationIds: [organizationId],
        scanTargetIds: uuids(args.scanTargetIds, 'scanTargetIds'),
        cursor: args.cursor,
        size: pageSize(args.size, 'pageSize'),
        lang: args.lang,
      });
      return { ...page, data: page.data.map(withCursor) };
    },
    followingAlertHistory: async (_: unknown, args: { organizationId: string; followingIds?: string[] | null; lang?: Lang; cursor?: string | null; size?: number | null }, ctx: Ctx) => {
      const organizationId = uuid(args.organizationId, 'organizationId');
      const organizationIds = await followedOrganizations(ctx, organizationId, { followingIds: args.followingIds });
      const page = await listHistory(ctx.db.pool, { organizationIds, cursor: args.cursor, size: pageSize(args.size, 'pageSize'), lang: args.lang });
      return { ...page, data: page.data.map((row) => asFollower(withCursor(row))) };
    },
    alert: (_: unknown, args: { id: string; organizationId?: string | null; lang?: Lang }, ctx: Ctx) => visibleAlert(ctx, args.id, args.lang, args.organizationId),
    alertHistoryOf: async (_: unknown, args: { alertId: string; page?: number | null; size?: number | null; cursor?: string | null; lang?: Lang }, ctx: Ctx) => {
      const alert = await visibleAlert(ctx, args.alertId, args.lang);
      const page = args.page ?? 1;
      if (!Number.isInteger(page) || page < 1) throw badRequest('page must be an integer >= 1', 'page');
      const history = await alertHistory(ctx.db.pool, { alertId: alert.id, page, size: pageSize(args.size), cursor: args.cursor, lang: args.lang });
      const data = history.data.map(withCursor);
      return { ...history, data: alert.followerView ? data.map(asFollower) : data };
    },
    alertComments: async (_: unknown, args: { alertId: string; page?: number | null; size?: number | null }, ctx: Ctx) => {
      const alert = await visibleAlert(ctx, args.alertId, undefined);
      const page = args.page ?? 1;
      if (!Number.isInteger(page) || page < 1) throw badRequest('page must be an integer >= 1', 'page');
      const size = pageSize(args.size);
      // Comments are never shown to followers (lib/censorship.ts).
      if (alert.followerView) return { data: [], total: 0 };
      return listComments(ctx.db.pool, { alertId: alert.id, page, size });
    },
    scanTargetSummaries: async (
      _: unknown,
      args: { organizationId: string; scanTargetIds?: string[] | null; scanTargetTags?: string[] | null; scanTargetKinds?: string[] | null; includeEmptyScanTargetTags?: boolean | null; alertSeverities?: string[] | null },
      ctx: Ctx,
    ) => {
      const organizationId = uuid(args.organizationId, 'organizationId');
      await ctx.policy.requireMember(organizationId);
      return scanTargetSummaries(ctx.db.pool, { ...args, organizationIds: [organizationId], scanTargetIds: uuids(args.scanTargetIds, 'scanTargetIds') });
    },
    followingScanTargetSummaries: async (
      _: unknown,
      args: { organizationId: string; following?: FollowingSelection | null; scanTargetKinds?: string[] | null; alertSeverities?: string[] | null },
      ctx: Ctx,
    ) => {
      const organizationId = uuid(args.organizationId, 'organizationId');
      const organizationIds = await followedOrganizations(ctx, organizationId, args.following);
      const summaries = await scanTargetSummaries(ctx.db.pool, { organizationIds, scanTargetKinds: args.scanTargetKinds, alertSeverities: args.alertSeverities, orderBy: 'id' });
      return { ...summaries, data: summaries.data.map(censorScanTargetForFollower) };
    },
    alertSummary: async (_: unknown, args: { organizationId: string; filter?: AlertFilter | null }, ctx: Ctx) => {
      const organizationId = uuid(args.organizationId, 'organizationId');
      await ctx.policy.requireMember(organizationId);
      return alertCounts(ctx.db.pool, { organizationIds: [organizationId], filter: cleanFilter(args.filter), searchResource: true });
    },
    followingAlertSummary: async (_: unknown, args: { organizationId: string; following?: FollowingSelection | null; filter?: AlertFilter | null }, ctx: Ctx) => {
      const organizationId = uuid(args.organizationId, 'organizationId');
      const organizationIds = await followedOrganizations(ctx, organizationId, args.following);
      return alertCounts(ctx.db.pool, { organizationIds, filter: cleanFilter(args.filter), searchResource: false });
    },
    dailyOpenAlerts: async (_: unknown, args: { organizationId: string; scanTargetIds?: string[] | null; days?: number | null }, ctx: Ctx) => {
      const organizationId = uuid(args.organizationId, 'organizationId');
      await ctx.policy.requireMember(organizationId);
      return dailyCounts(ctx.db.pool, { organizationIds: [organizationId], scanTargetIds: uuids(args.scanTargetIds, 'scanTargetIds'), days: daysArg(args.days, 7), mode: 'open' });
    },
    followingDailyOpenAlerts: async (_: unknown, args: { organizationId: string; followingIds?: string[] | null; days?: number | null }, ctx: Ctx) => {
      const organizationId = uuid(args.organizationId, 'organizationId');
      const organizationIds = await followedOrganizations(ctx, organizationId, { followingIds: args.followingIds });
      return dailyCounts(ctx.db.pool, { organizationIds, days: daysArg(args.days, 7), mode: 'open' });
    },
    followingDailyResolvedAlerts: async (_: unknown, args: { organizationId: string; followingIds?: string[] | null; severities?: string[] | null; days?: number | null }, ctx: Ctx) => {
      const organizationId = uuid(args.organizationId, 'organizationId');
      const organizationIds = await followedOrganizations(ctx, organizationId, { followingIds: args.followingIds });
      return dailyCounts(ctx.db.pool, { organizationIds, severities: args.severities, days: daysArg(args.days, 30), mode: 'resolved' });
    },
  },
  Mutation: {
    createAlertComment: async (_: unknown, args: { organizationId: string; alertId: string; scanTargetId?: string | null; comment: string; mimeType?: string | null }, ctx: Ctx) => {
      const organizationId = uuid(args.organizationId, 'organizationId');
      await ctx.policy.requireMember(organizationId);
      const created = await createComment(ctx.db.pool, {
        organizationId,
        alertId: uuid(args.alertId, 'alertId'),
        scanTargetId: args.scanTargetId ? uuid(args.scanTargetId, 'scanTargetId') : null,
        userId: ctx.policy.userId,
        comment: args.comment,
        mimeType: args.mimeType,
      });
      const { rows } = await ctx.db.pool.query<{ name: string | null; picture: string | null }>(`SELECT name, picture FROM organizations.users WHERE id = $1`, [created.userId]);
      return { ...created, userName: rows[0]?.name ?? null, userPicture: rows[0]?.picture ?? null, notMember: false };
    },
    updateAlert: async (
      _: unknown,
      args: { organizationId: string; scanTargetId: string; alertId: string; input: { state?: string | null; labels?: string[] | null; comment?: string | null; mimeType?: string | null } },
      ctx: Ctx,
    ) => {
      const target = { organizationId: uuid(args.organizationId, 'organizationId'), scanTargetId: uuid(args.scanTargetId, 'scanTargetId'), alertId: uuid(args.alertId, 'alertId') };
      await ctx.policy.requireAdmin(target.organizationId);
      await updateAlert(ctx.db.pool, target, args.input ?? {}, ctx.policy.userId);
      const row = await findAlert(ctx.db.pool, target.alertId, undefined);
      if (!row) throw notFound('Alert');
      return row;
    },
    batchUpdateAlerts: async (_: unknown, args: { organizationId: string; input: { state: string[]; comment?: string | null; condition: BatchCondition } }, ctx: Ctx) => {
      const organizationId = uuid(args.organizationId, 'organizationId');
      await ctx.policy.requireAdmin(organizationId);
      const condition = args.input.condition ?? {};
      return batchUpdateAlerts(ctx.db.pool, {
        organizationId,
        state: args.input.state?.[0] as string,
        comment: args.input.comment,
        condition: {
          ...condition,
          scanTargetIds: uuids(condition.scanTargetIds, 'condition.scanTargetIds'),
          selection: condition.selection ? { ...condition.selection, alertIds: uuids(condition.selection.alertIds, 'condition.selection.alertIds') } : null,
        },
        userId: ctx.policy.userId,
      });
    },
  },
  Alert: {
    __resolveReference: async (ref: { id: string }, ctx: Ctx): Promise<AlertView | null> => {
      const row = await ctx.loaders.alert.load(ref.id);
      if (!row) return null;
      const view = await ctx.policy.viewOf(row.organizationId);
      if (!view) return null;
      return view === 'follower' ? asFollower(row) : row;
    },
    organization: (alert: AlertView) => ({ __typename: 'Organization', id: alert.organizationId }),
    scanTarget: (alert: AlertView, _: unknown, ctx: Ctx) => (alert.followerView || !alert.scanTargetId ? null : ctx.loaders.scanTarget.load(alert.scanTargetId)),
    // Synchronous when the row already has its title, so a page's objects complete without promises.
    ruleTitle: (alert: AlertView, _: unknown, ctx: Ctx) => (alert.ruleTitle !== undefined ? alert.ruleTitle : ctx.loaders.rule.load(alert.rule).then((r) => r?.titleEn ?? null)),
  },
  AlertPage: {
    records: (page: { data: AlertView[] }) => page.data.map(alertRecord),
    recordsJson: (page: { data: AlertView[]; recordsJson?: string }) => page.recordsJson ?? JSON.stringify(page.data.map(alertRecord)),
  },
  AlertHistoryRecord: {
    ruleTitle: (record: HistoryRow, _: unknown, ctx: Ctx) => (record.ruleTitle !== undefined ? record.ruleTitle : ctx.loaders.rule.load(record.rule).then((r) => r?.titleEn ?? null)),
  },
};
