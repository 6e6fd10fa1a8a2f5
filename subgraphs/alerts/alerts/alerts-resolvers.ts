import { type GraphQLResolveInfo, Kind } from 'graphql';
import { type CursorCodec, cursorCodec } from '../../../lib/cursors';
import { badRequest, notFound } from '../../../lib/errors';
import { quotasOf } from '../../../lib/quotas';
import { uuids } from '../../../lib/validate';
import { type View, Visibility } from '../../../lib/visibility';
import { type AlertOrder, type GroupedOrder, type Lang, pageSize, type SortDirection } from '../../../lib/vocabulary';
import { connection, firstOf } from '../../connections';
import type { SubgraphContext } from '../../server';
import { alertRecord } from '../alert-record';
import type { AlertsLoaders } from '../loaders';
import type {
  FollowingSelection,
  QueryAlertsArgs,
  QueryAlertsByPageArgs,
  QueryAlertsByRuleArgs,
  QueryAlertsByRuleByPageArgs,
  QueryAlertsByRulePageArgs,
  QueryAlertsPageArgs,
  QueryFollowingAlertsArgs,
  QueryFollowingAlertsByPageArgs,
  QueryFollowingAlertsByRuleArgs,
  QueryFollowingAlertsByRuleByPageArgs,
  QueryFollowingAlertsByRulePageArgs,
  QueryFollowingAlertsPageArgs,
  Resolvers,
} from '../resolver-types.generated';
import { type CommentRow, listComments } from './comments';
import type { AlertFilter } from './filters';
import { defaultGroupedSort, listRuleGroups, listRuleGroupsByPage, readRuleGroups } from './groups';
import { alertHistory, historyCursor, readHistory } from './history';
import { findAlert, listAlerts, listAlertsByPage, readAlerts } from './lists';
import { type AlertRow, DEFAULT_ORDER, defaultSort, type HistoryRow } from './sql';
import { alertCounts, dailyCounts, scanTargetSummaries } from './summaries';
import { batchUpdateAlerts, createComment, updateAlert } from './updates';

type Ctx = SubgraphContext<AlertsLoaders>;

/**
 * An alert as resolvers hand it on (Visibility.alertFor): `followerView` marks a follower's copy;
 * `ruleTitleLang` is the language of `ruleTitle` when the row was read in another than en_US.
 */
export type AlertView = AlertRow & { followerView?: boolean; ruleTitleLang?: Lang };

/** The prefix of a follower's copy's `id` (of an alert or a history record): its own cache identity, apart from the member's. */
const FOLLOWED_PREFIX = 'followed:';

/** Rows read with their rule titles in `lang`: marked, so `ruleTitle(lang:)` uses the title only when it asks for that language. */
function titledIn<R extends object>(rows: R[], lang: Lang): R[] {
  return !lang || lang === 'en_US' ? rows : rows.map((row) => ({ ...row, ruleTitleLang: lang }));
}

/** `ruleTitle(lang:)` of an alert or history record: by its own argument, never by the list's `lang` (one cache identity, one value). */
function ruleTitleIn(
  row: { rule: string; ruleTitle?: string | null; ruleTitleLang?: Lang },
  lang: Lang | null | undefined,
  ctx: Ctx,
): string | null | Promise<string | null> {
  const wanted = lang ?? 'en_US';
  // Synchronous when the row already has its title in that language, so a page's objects complete without promises.
  if (row.ruleTitle !== undefined && (row.ruleTitleLang ?? 'en_US') === wanted) return row.ruleTitle;
  return ctx.loaders.rule.load(row.rule).then((r) => (r ? (wanted === 'pt_BR' ? r.titlePt : r.titleEn) : null));
}

/** The view an alert copy was made for. */
const viewOfCopy = (alert: AlertView): View => (alert.followerView ? 'follower' : 'member');

/** The arguments of the alert lists (one shape, with or without `following`). */
type ListArgs =
  | QueryAlertsArgs
  | QueryFollowingAlertsArgs
  | QueryAlertsPageArgs
  | QueryFollowingAlertsPageArgs
  | QueryAlertsByPageArgs
  | QueryFollowingAlertsByPageArgs;
type GroupedArgs =
  | QueryAlertsByRuleArgs
  | QueryFollowingAlertsByRuleArgs
  | QueryAlertsByRulePageArgs
  | QueryFollowingAlertsByRulePageArgs
  | QueryAlertsByRuleByPageArgs
  | QueryFollowingAlertsByRuleByPageArgs;

/**
 * The cursors of one list as read for one organization (or alert): `list` is the query field, so a
 * member's cursor does not open in a follower's list, nor one organization's in another's. Not bound
 * to the follow set: an accepted follow must not break a running iteration or a history cursor an
 * SDK persisted (a following list holds only what the follower sees).
 */
const cursorsFor = (ctx: Ctx, list: string, ...scope: string[]): CursorCodec => cursorCodec(ctx.services.secret, [list, ...scope.map((s) => s.toLowerCase())]);

/** Validates the ids of a filter (400 naming the field) and drops nulls; a follower's may not use a hidden field (Visibility). */
function cleanFilter(filter: AlertFilter | null | undefined, view: View): AlertFilter {
  const f = { ...(filter ?? {}) };
  f.scanTargetIds = uuids(f.scanTargetIds, 'scanTargetIds');
  Visibility.refuseHiddenFilters(view, f);
  return f;
}

/** The organizations a following list reads: followed by `organizationId`, narrowed by ids and follow tags. */
async function followedOrganizations(ctx: Ctx, organizationId: string, selection: FollowingSelection | null | undefined): Promise<string[]> {
  return ctx.policy.followedSelected(organizationId, { ...selection, followingIds: uuids(selection?.followingIds, 'followingIds') });
}

/**
 * Whose alerts a list reads: the organization's own (members), or those of the organizations it
 * follows (`following`: censored, and no censored field orders, filters or is searched).
 */
async function listScope(ctx: Ctx, args: ListArgs | GroupedArgs, following: boolean) {
  const organizationId = args.organizationId;
  const organizationIds = following ? await followedOrganizations(ctx, organizationId, 'following' in args ? args.following : null) : [organizationId];
  const view: View = following ? 'follower' : 'member';
  return { organizationIds, filter: cleanFilter(args.filter, view), lang: args.lang, view };
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
  return (
    fields.every((f) => f.kind === Kind.FIELD && (f.name.value === 'recordsJson' || f.name.value === 'cursor' || f.name.value === '__typename')) &&
    fields.some((f) => f.kind === Kind.FIELD && f.name.value === 'recordsJson')
  );
}

/** A following list's page as its follower sees it. */
const followerPage = <P extends { data: AlertRow[] }>(page: P) => ({ ...page, data: page.data.map((row) => Visibility.alertFor('follower', row)) });

/** A page whose rows were read with titles in `lang`. */
const pageIn = <P extends { data: AlertRow[] }>(page: P, lang: Lang) => ({ ...page, data: titledIn(page.data, lang) });

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
export async function visibleAlert(ctx: Ctx, id: string, lang: Lang, organizationId?: string | null): Promise<AlertView> {
  const row = await findAlert(ctx.db.pool, id, lang);
  if (!row || (organizationId && row.organizationId !== organizationId)) throw notFound('Alert');
  const view = await ctx.policy.viewOf(row.organizationId);
  if (!view) throw notFound('Alert');
  return Visibility.alertFor(view, titledIn([row], lang)[0]);
}

const withCursor = (cursors: CursorCodec) => (row: HistoryRow) => ({ ...row, cursor: historyCursor(cursors, row.seq) });

/** A follower's copy of a history record: marked, so its `id` is its own. */
const followerRecord = <R extends object>(record: R): R & { followerView: true } => ({ ...record, followerView: true });

/**
 * A history list's page as the REST routes read it (every record with its cursor; the page's cursor
 * when the page is full, so the end of a list is an empty page). `shown` censors for a follower.
 */
async function historyPage(
  ctx: Ctx,
  args: { lang?: Lang | null; cursor?: string | null; size?: number | null },
  organizationIds: string[],
  list: 'alertHistory' | 'followingAlertHistory',
  shown: (records: Array<HistoryRow & { cursor: string }>) => Array<HistoryRow & { cursor: string }>,
  scanTargetIds?: string[] | null,
) {
  const organizationId = (args as { organizationId: string }).organizationId;
  const cursors = cursorsFor(ctx, list, organizationId);
  const size = pageSize(args.size, 'pageSize');
  const read = await readHistory(ctx.db.pool, {
    organizationIds,
    scanTargetIds: scanTargetIds ?? undefined,
    cursor: args.cursor,
    cursors,
    size,
    lang: args.lang,
  });
  const data = read.rows.slice(0, size);
  return {
    data: shown(titledIn(data.map(withCursor(cursors)), args.lang)),
    cursor: data.length === size ? read.cursorOf(data[data.length - 1]) : null,
  };
}

/** The position a comment list's cursor names (0 = the first comment). */
function commentOffset(cursors: CursorCodec, cursor: string): number {
  const [kind, offset] = cursors.open(cursor);
  const n = Number(offset);
  if (kind !== 'c' || typeof offset !== 'string' || !Number.isInteger(n) || n < 0) throw badRequest('cursor is not an alert comment cursor', 'cursor');
  return n;
}

export const alertResolvers = {
  Query: {
    alerts: async (_, args, ctx) => {
      const first = firstOf(args.first);
      const read = await readAlerts(ctx.db.pool, {
        ...(await listScope(ctx, args, false)),
        ...alertOrder(args),
        size: first,
        cursor: args.after,
        cursors: cursorsFor(ctx, 'alerts', args.organizationId),
      });
      return connection(titledIn(read.rows, args.lang), first, args.after, read.cursorOf);
    },
    followingAlerts: async (_, args, ctx) => {
      const first = firstOf(args.first);
      const read = await readAlerts(ctx.db.pool, {
        ...(await listScope(ctx, args, true)),
        ...alertOrder(args),
        size: first,
        cursor: args.after,
        cursors: cursorsFor(ctx, 'followingAlerts', args.organizationId),
      });
      // Cursors are made from the row as read (its sealed sort key), never from the censored copy.
      const censored = titledIn(read.rows, args.lang).map((row) => Visibility.alertFor('follower', row));
      return connection(censored, first, args.after, read.cursorOf);
    },
    alertsPage: async (_, args, ctx, info) =>
      pageIn(
        await listAlerts(ctx.db.pool, {
          ...(await listScope(ctx, args, false)),
          ...alertOrder(args),
          size: pageSize(args.size),
          cursor: args.cursor,
          cursors: cursorsFor(ctx, 'alerts', args.organizationId),
          json: onlyJsonRecords(info),
        }),
        args.lang,
      ),
    followingAlertsPage: async (_, args, ctx, info) =>
      followerPage(
        pageIn(
          await listAlerts(ctx.db.pool, {
            ...(await listScope(ctx, args, true)),
            ...alertOrder(args),
            size: pageSize(args.size),
            cursor: args.cursor,
            cursors: cursorsFor(ctx, 'followingAlerts', args.organizationId),
            json: onlyJsonRecords(info),
          }),
          args.lang,
        ),
      ),
    alertsByPage: async (_, args, ctx) =>
      pageIn(await listAlertsByPage(ctx.db.pool, { ...(await listScope(ctx, args, false)), ...alertOrder(args), ...legacyPage(args) }), args.lang),
    followingAlertsByPage: async (_, args, ctx) =>
      followerPage(pageIn(await listAlertsByPage(ctx.db.pool, { ...(await listScope(ctx, args, true)), ...alertOrder(args), ...legacyPage(args) }), args.lang)),
    alertsByRule: async (_, args, ctx) => {
      const first = firstOf(args.first);
      const read = await readRuleGroups(ctx.db.pool, {
        ...(await listScope(ctx, args, false)),
        ...groupOrder(args),
        size: first,
        cursor: args.after,
        cursors: cursorsFor(ctx, 'alertsByRule', args.organizationId),
      });
      return connection(read.rows, first, args.after, read.cursorOf);
    },
    followingAlertsByRule: async (_, args, ctx) => {
      const first = firstOf(args.first);
      const read = await readRuleGroups(ctx.db.pool, {
        ...(await listScope(ctx, args, true)),
        ...groupOrder(args),
        size: first,
        cursor: args.after,
        cursors: cursorsFor(ctx, 'followingAlertsByRule', args.organizationId),
      });
      return connection(read.rows, first, args.after, read.cursorOf);
    },
    alertsByRulePage: async (_, args, ctx) =>
      listRuleGroups(ctx.db.pool, {
        ...(await listScope(ctx, args, false)),
        ...groupOrder(args),
        size: pageSize(args.size),
        cursor: args.cursor,
        cursors: cursorsFor(ctx, 'alertsByRule', args.organizationId),
      }),
    followingAlertsByRulePage: async (_, args, ctx) =>
      listRuleGroups(ctx.db.pool, {
        ...(await listScope(ctx, args, true)),
        ...groupOrder(args),
        size: pageSize(args.size),
        cursor: args.cursor,
        cursors: cursorsFor(ctx, 'followingAlertsByRule', args.organizationId),
      }),
    alertsByRuleByPage: async (_, args, ctx) =>
      listRuleGroupsByPage(ctx.db.pool, { ...(await listScope(ctx, args, false)), ...groupOrder(args), ...legacyPage(args) }),
    followingAlertsByRuleByPage: async (_, args, ctx) =>
      listRuleGroupsByPage(ctx.db.pool, { ...(await listScope(ctx, args, true)), ...groupOrder(args), ...legacyPage(args) }),
    alertHistory: async (_, args, ctx) => {
      const first = firstOf(args.first);
      const cursors = cursorsFor(ctx, 'alertHistory', args.organizationId);
      const read = await readHistory(ctx.db.pool, {
        organizationIds: [args.organizationId],
        scanTargetIds: args.scanTargetIds ?? undefined,
        cursor: args.after,
        cursors,
        size: first,
        lang: args.lang,
      });
      return connection(titledIn(read.rows, args.lang), first, args.after, read.cursorOf);
    },
    followingAlertHistory: async (_, args, ctx) => {
      const first = firstOf(args.first);
      const organizationIds = await followedOrganizations(ctx, args.organizationId, { followingIds: args.followingIds });
      const cursors = cursorsFor(ctx, 'followingAlertHistory', args.organizationId);
      const read = await readHistory(ctx.db.pool, { organizationIds, cursor: args.after, cursors, size: first, lang: args.lang });
      const censored = titledIn(read.rows, args.lang).map((record) => followerRecord(Visibility.historyRecordFor('follower', record)));
      return connection(censored, first, args.after, read.cursorOf);
    },
    alertHistoryPage: async (_, args, ctx) => historyPage(ctx, args, [args.organizationId], 'alertHistory', (records) => records, args.scanTargetIds),
    followingAlertHistoryPage: async (_, args, ctx) =>
      historyPage(ctx, args, await followedOrganizations(ctx, args.organizationId, { followingIds: args.followingIds }), 'followingAlertHistory', (records) =>
        records.map((record) => followerRecord(Visibility.historyRecordFor('follower', record))),
      ),
    alert: (_, args, ctx) => visibleAlert(ctx, args.id, args.lang, args.organizationId),
    alertHistoryOf: async (_, args, ctx) => {
      const alert = await visibleAlert(ctx, args.alertId, args.lang);
      const first = firstOf(args.first);
      const view = viewOfCopy(alert);
      const cursors = cursorsFor(ctx, 'alertHistoryOf', alert.id, view);
      const history = await alertHistory(ctx.db.pool, { alertId: alert.id, size: first, cursor: args.after, cursors, lang: args.lang });
      const records = titledIn(history.rows, args.lang).map((record) =>
        view === 'follower' ? followerRecord(Visibility.historyRecordFor(view, record)) : record,
      );
      return connection(records, first, args.after, (record) => historyCursor(cursors, record.seq), { totalCount: history.total });
    },
    alertHistoryOfPage: async (_, args, ctx) => {
      const alert = await visibleAlert(ctx, args.alertId, args.lang);
      const page = args.page ?? 1;
      if (!Number.isInteger(page) || page < 1) throw badRequest('page must be an integer >= 1', 'page');
      const view = viewOfCopy(alert);
      const cursors = cursorsFor(ctx, 'alertHistoryOf', alert.id, view);
      const history = await alertHistory(ctx.db.pool, { alertId: alert.id, page, size: pageSize(args.size), cursor: args.cursor, cursors, lang: args.lang });
      return {
        ...history,
        data: titledIn(history.data.map(withCursor(cursors)), args.lang).map((record) =>
          view === 'follower' ? followerRecord(Visibility.historyRecordFor(view, record)) : record,
        ),
      };
    },
    alertComments: async (_, args, ctx) => {
      const alert = await visibleAlert(ctx, args.alertId, undefined);
      const first = firstOf(args.first);
      const cursors = cursorsFor(ctx, 'alertComments', alert.id);
      const offset = args.after ? commentOffset(cursors, args.after) + 1 : 0;
      const offsets = new Map<CommentRow, number>();
      const cursorOf = (comment: CommentRow) => cursors.seal(['c', String(offsets.get(comment) ?? offset)]);
      if (!Visibility.showsComments(viewOfCopy(alert))) return connection([], first, args.after, cursorOf, { totalCount: 0 });
      const page = await listComments(ctx.db.pool, { alertId: alert.id, offset, size: first + 1 });
      for (const [i, comment] of page.data.entries()) offsets.set(comment, offset + i);
      return connection(page.data, first, args.after, cursorOf, { totalCount: page.total });
    },
    alertCommentsPage: async (_, args, ctx) => {
      const alert = await visibleAlert(ctx, args.alertId, undefined);
      const page = args.page ?? 1;
      if (!Number.isInteger(page) || page < 1) throw badRequest('page must be an integer >= 1', 'page');
      const size = pageSize(args.size);
      if (!Visibility.showsComments(viewOfCopy(alert))) return { data: [], total: 0 };
      return listComments(ctx.db.pool, { alertId: alert.id, offset: (page - 1) * size, size });
    },
    scanTargetSummaries: async (_, args, ctx) => {
      const organizationId = args.organizationId;
      return scanTargetSummaries(ctx.db.pool, { ...args, organizationIds: [organizationId], scanTargetIds: args.scanTargetIds ?? undefined });
    },
    followingScanTargetSummaries: async (_, args, ctx) => {
      const organizationId = args.organizationId;
      const organizationIds = await followedOrganizations(ctx, organizationId, args.following);
      const summaries = await scanTargetSummaries(ctx.db.pool, {
        organizationIds,
        scanTargetKinds: args.scanTargetKinds,
        alertSeverities: args.alertSeverities,
        view: 'follower',
      });
      return { ...summaries, data: summaries.data.map((summary) => Visibility.scanTargetFor('follower', summary)) };
    },
    alertSummary: async (_, args, ctx) => {
      const organizationId = args.organizationId;
      return alertCounts(ctx.db.pool, { organizationIds: [organizationId], filter: cleanFilter(args.filter, 'member'), view: 'member' });
    },
    followingAlertSummary: async (_, args, ctx) => {
      const organizationId = args.organizationId;
      const organizationIds = await followedOrganizations(ctx, organizationId, args.following);
      return alertCounts(ctx.db.pool, { organizationIds, filter: cleanFilter(args.filter, 'follower'), view: 'follower' });
    },
    dailyOpenAlerts: async (_, args, ctx) => {
      const organizationId = args.organizationId;
      return dailyCounts(ctx.db.pool, {
        organizationIds: [organizationId],
        scanTargetIds: args.scanTargetIds ?? undefined,
        days: daysArg(args.days, 7),
        mode: 'open',
      });
    },
    followingDailyOpenAlerts: async (_, args, ctx) => {
      const organizationId = args.organizationId;
      const organizationIds = await followedOrganizations(ctx, organizationId, { followingIds: args.followingIds });
      return dailyCounts(ctx.db.pool, { organizationIds, days: daysArg(args.days, 7), mode: 'open' });
    },
    followingDailyResolvedAlerts: async (_, args, ctx) => {
      const organizationId = args.organizationId;
      const organizationIds = await followedOrganizations(ctx, organizationId, { followingIds: args.followingIds });
      return dailyCounts(ctx.db.pool, { organizationIds, severities: args.severities, days: daysArg(args.days, 30), mode: 'resolved' });
    },
  },
  Mutation: {
    createAlertComment: async (_, { input }, ctx) => {
      const created = await createComment(
        ctx.db.pool,
        {
          organizationId: input.organizationId,
          alertId: input.alertId,
          scanTargetId: input.scanTargetId || null,
          userId: ctx.policy.userId,
          comment: input.comment,
          mimeType: input.mimeType,
        },
        quotasOf(ctx.services),
      );
      const { rows } = await ctx.db.pool.query<{ name: string | null; picture: string | null }>(
        `SELECT name, picture FROM organizations.user_profiles WHERE id = $1`,
        [created.userId],
      );
      return { alertComment: { ...created, userName: rows[0]?.name ?? null, userPicture: rows[0]?.picture ?? null, notMember: false } };
    },
    updateAlert: async (_, { input }, ctx) => {
      const { organizationId, scanTargetId, alertId, ...changes } = input;
      await updateAlert(ctx.db.pool, { organizationId, scanTargetId, alertId }, changes, ctx.policy.userId, quotasOf(ctx.services));
      const row = await findAlert(ctx.db.pool, alertId, undefined);
      if (!row) throw notFound('Alert');
      return { alert: row };
    },
    batchUpdateAlerts: async (_, args, ctx) => {
      const organizationId = args.input.organizationId;
      const condition = args.input.condition;
      // The spec makes dryRun required: without it (or without a condition) a batch would change every alert.
      if (typeof condition?.dryRun !== 'boolean') throw badRequest('condition.dryRun is required: true (only count) or false (change)', 'condition.dryRun');
      return batchUpdateAlerts(
        ctx.db.pool,
        {
          organizationId,
          state: args.input.state?.[0] as string,
          comment: args.input.comment,
          condition: {
            ...condition,
            scanTargetIds: uuids(condition.scanTargetIds, 'condition.scanTargetIds'),
            selection: condition.selection ? { ...condition.selection, alertIds: uuids(condition.selection.alertIds, 'condition.selection.alertIds') } : null,
          },
          userId: ctx.policy.userId,
        },
        undefined,
        quotasOf(ctx.services),
      );
    },
  },
  Alert: {
    // A key names one view: `followed:<id>` the follower's censored copy (for a member too), a plain id the caller's own view.
    __resolveReference: async (ref: { id: string }, ctx: Ctx): Promise<AlertView | null> => {
      const followed = ref.id.startsWith(FOLLOWED_PREFIX);
      const row = await ctx.loaders.alert.load(followed ? ref.id.slice(FOLLOWED_PREFIX.length) : ref.id);
      if (!row) return null;
      const view = await ctx.policy.viewOf(row.organizationId);
      if (!view) return null;
      return Visibility.alertFor(followed ? 'follower' : view, row);
    },
    id: (alert: AlertView) => (alert.followerView ? `${FOLLOWED_PREFIX}${alert.id}` : alert.id),
    alertId: (alert: AlertView) => alert.id,
    organization: (alert: AlertView) => ({ __typename: 'Organization', id: alert.organizationId }),
    scanTarget: (alert: AlertView, _: unknown, ctx: Ctx) =>
      !Visibility.showsScanTarget(alert) || !alert.scanTargetId ? null : ctx.loaders.scanTarget.load(alert.scanTargetId),
    // Synchronous when the row already has its title, so a page's objects complete without promises.
    ruleTitle: (alert: AlertView, args: { lang?: Lang | null }, ctx: Ctx) => ruleTitleIn(alert, args.lang, ctx),
  },
  AlertPage: {
    records: (page: { data: AlertView[] }) => page.data.map(alertRecord),
    recordsJson: (page: { data: AlertView[]; recordsJson?: string }) => page.recordsJson ?? JSON.stringify(page.data.map(alertRecord)),
  },
  AlertHistoryRecord: {
    id: (record: HistoryRow & { followerView?: boolean }) => (record.followerView ? `${FOLLOWED_PREFIX}${record.seq}` : record.seq),
    ruleTitle: (record: HistoryRow & { ruleTitleLang?: Lang }, args: { lang?: Lang | null }, ctx: Ctx) => ruleTitleIn(record, args.lang, ctx),
  },
} satisfies Resolvers<Ctx>;
