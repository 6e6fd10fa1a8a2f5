import type { CursorCodec } from '../../../lib/cursors';
import { badRequest, notFound } from '../../../lib/errors';
import { quotasOf } from '../../../lib/quotas';
import { uuids } from '../../../lib/validate';
import { type View, Visibility } from '../../../lib/visibility';
import { type Lang, pageSize } from '../../../lib/vocabulary';
import { connection, firstOf } from '../../connections';
import { alertRecord } from '../alert-record';
import type { Resolvers } from '../resolver-types.generated';
import { type CommentRow, listComments } from './comments';
import { alertHistory, historyCursor } from './history';
import {
  alertHistoryList,
  alertList,
  alertsByRuleList,
  type Ctx,
  cleanFilter,
  cursorsFor,
  followedOrganizations,
  followerRecord,
  titledIn,
  withCursor,
} from './list-resolvers';
import { findAlert } from './lists';
import type { AlertRow, HistoryRow } from './sql';
import { alertCounts, dailyCounts, scanTargetSummaries } from './summaries';
import { batchUpdateAlerts, createComment, updateAlert } from './updates';

/**
 * An alert as resolvers hand it on (Visibility.alertFor): `followerView` marks a follower's copy;
 * `ruleTitleLang` is the language of `ruleTitle` when the row was read in another than en_US.
 */
export type AlertView = AlertRow & { followerView?: boolean; ruleTitleLang?: Lang };

/** The prefix of a follower's copy's `id` (of an alert or a history record): its own cache identity, apart from the member's. */
const FOLLOWED_PREFIX = 'followed:';

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

/** The position a comment list's cursor names (0 = the first comment). */
function commentOffset(cursors: CursorCodec, cursor: string): number {
  const [kind, offset] = cursors.open(cursor);
  const n = Number(offset);
  if (kind !== 'c' || typeof offset !== 'string' || !Number.isInteger(n) || n < 0) throw badRequest('cursor is not an alert comment cursor', 'cursor');
  return n;
}

export const alertResolvers = {
  Query: {
    alerts: alertList('own', 'connection'),
    followingAlerts: alertList('following', 'connection'),
    alertsPage: alertList('own', 'cursorPage'),
    followingAlertsPage: alertList('following', 'cursorPage'),
    alertsByPage: alertList('own', 'numberedPage'),
    followingAlertsByPage: alertList('following', 'numberedPage'),
    alertsByRule: alertsByRuleList('own', 'connection'),
    followingAlertsByRule: alertsByRuleList('following', 'connection'),
    alertsByRuleByPage: alertsByRuleList('own', 'numberedPage'),
    followingAlertsByRuleByPage: alertsByRuleList('following', 'numberedPage'),
    alertHistory: alertHistoryList('own'),
    followingAlertHistory: alertHistoryList('following'),
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
    // A follower sees no comments and no authors: no acceptance either. The state is the row's, read with the page.
    riskAcceptance: (alert: AlertView, _: unknown, ctx: Ctx) =>
      alert.state !== 'RISK_ACCEPTED' || !Visibility.showsComments(viewOfCopy(alert)) ? null : ctx.loaders.riskAcceptance.load(alert.id),
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
