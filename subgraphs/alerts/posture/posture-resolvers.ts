/**
 * Query.posture and Query.followingPosture (docs/posture.md): thin resolvers over aggregates.ts. Who
 * may read: permissions.ts; member or follower, and what a follower sees: the one policy
 * (lib/visibility.ts, viewOf, showsScanTarget).
 */

import { cursorCodec } from '../../../lib/cursors';
import { badRequest } from '../../../lib/errors';
import type { StreamArgs } from '../../../lib/subscriptions/streams';
import * as valid from '../../../lib/validate';
import type { View } from '../../../lib/visibility';
import { SEVERITIES } from '../../../lib/vocabulary';
import { firstOf, offsetConnection } from '../../connections';
import type { SubgraphContext } from '../../server';
import { messageOrEnd, subscribeStream } from '../../subscriptions';
import type { SeverityCounts } from '../alerts/summaries';
import type { AlertsLoaders } from '../loaders';
import type { Resolvers } from '../resolver-types.generated';
import {
  type Counts,
  type Dimension,
  type PostureFilter,
  type PostureNow,
  postureBreakdown,
  postureNow,
  postureTimeToResolve,
  scanFreshness,
} from './aggregates';
import { GRADES, gradeOf } from './grade';
import { dayRange } from './ranges';
import { postureTrend } from './trend';

type Ctx = SubgraphContext<AlertsLoaders>;

/** The parent of every Posture field: whose, and how the caller reads it. */
export interface PostureParent {
  organizationId: string;
  view: View;
}

/** The days the followed-organizations comparison's trendDelta spans. */
export const TREND_DELTA_DAYS = 30;

/** open/overdue/grade of one Posture share one statement. */
const nowOf = new WeakMap<PostureParent, Promise<PostureNow>>();
function postureNowOf(parent: PostureParent, ctx: Ctx): Promise<PostureNow> {
  let now = nowOf.get(parent);
  if (!now) {
    now = postureNow(ctx.db.pool, [parent.organizationId]).then((all) => all.get(parent.organizationId) as PostureNow);
    nowOf.set(parent, now);
  }
  return now;
}

/** The filter as SQL takes it: scan target ids checked as UUIDs (400 naming the field). */
function filterOf(filter: PostureFilter | null | undefined, field: string): PostureFilter | undefined {
  if (!filter) return undefined;
  return { ...filter, scanTargetIds: valid.uuids(filter.scanTargetIds, `${field}.scanTargetIds`) };
}

/** An offset cursor of one list of one organization (sealed: neither readable nor forgeable). */
function offsetCursors(ctx: Ctx, scope: string[]) {
  const codec = cursorCodec(ctx.services.secret, scope);
  return {
    seal: (offset: number) => codec.seal([offset]),
    open: (cursor: string) => {
      const [offset] = codec.open(cursor, 'after');
      if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0) throw badRequest('after is not a cursor this list returned', 'after');
      return offset;
    },
  };
}

const ORDER_VALUE: Record<string, (row: PostureNow & { grade: string }) => number> = {
  GRADE: (row) => GRADES.indexOf(row.grade as (typeof GRADES)[number]),
  OVERDUE: (row) => total(row.overdue),
  TREND_DELTA: (row) => row.delta,
  OPEN: (row) => total(row.open),
};

const total = (counts: Counts) => SEVERITIES.reduce((n, s) => n + counts[s], 0);

export const postureResolvers = {
  Query: {
    posture: async (_: unknown, args: { organizationId: string }, ctx: Ctx): Promise<PostureParent | null> => {
      const view = await ctx.policy.viewOf(args.organizationId);
      return view ? { organizationId: args.organizationId, view } : null;
    },
    followingPosture: async (
      _: unknown,
      args: { organizationId: string; first?: number | null; after?: string | null; orderBy?: { field: string; direction?: string | null } | null },
      ctx: Ctx,
    ) => {
      const first = firstOf(args.first);
      const field = args.orderBy?.field ?? 'GRADE';
      const direction = args.orderBy ? (args.orderBy.direction ?? 'ASC') : 'DESC';
      const followed = await ctx.policy.followedVisibleTo(args.organizationId);
      const rows = [...(await postureNow(ctx.db.pool, followed, TREND_DELTA_DAYS)).values()].map((row) => ({ ...row, grade: gradeOf(row.open, row.overdue) }));
      const value = ORDER_VALUE[field];
      const sign = direction === 'DESC' ? -1 : 1;
      rows.sort((x, y) => sign * (value(x) - value(y)) || (x.organizationId < y.organizationId ? -1 : 1));
      const cursors = offsetCursors(ctx, ['followingPosture', args.organizationId, field, direction]);
      return { ...offsetConnection(rows, first, args.after, cursors.seal, cursors.open), totalCount: rows.length };
    },
  },
  Subscription: {
    // Served to a router passing subscriptions through (docs/own-router.md): the message names the
    // organization; its `posture` resolves as Query.posture for the subscriber.
    postureChanged: {
      subscribe: (_: unknown, args: StreamArgs, ctx: Ctx) =>
        subscribeStream(ctx, 'postureChanged', args, (row, cursor) => ({ cursor, organizationId: row.organizationId })),
      resolve: messageOrEnd<{ cursor: string; organizationId: string }>,
    },
  },
  PostureChange: {
    posture: async (change: { organizationId: string }, _: unknown, ctx: Ctx): Promise<PostureParent | null> => {
      const view = await ctx.policy.viewOf(change.organizationId);
      return view ? { organizationId: change.organizationId, view } : null;
    },
  },
  Posture: {
    view: (parent: PostureParent) => (parent.view === 'member' ? 'MEMBER' : 'FOLLOWER'),
    open: async (parent: PostureParent, _: unknown, ctx: Ctx) => (await postureNowOf(parent, ctx)).open,
    overdue: async (parent: PostureParent, _: unknown, ctx: Ctx) => (await postureNowOf(parent, ctx)).overdue,
    grade: async (parent: PostureParent, _: unknown, ctx: Ctx) => {
      const now = await postureNowOf(parent, ctx);
      return gradeOf(now.open, now.overdue);
    },
    trend: (parent: PostureParent, args: { input: { from?: string | null; to?: string | null; filter?: PostureFilter | null } }, ctx: Ctx) =>
      postureTrend(ctx.db.pool, parent.organizationId, dayRange(args.input), filterOf(args.input.filter, 'input.filter')),
    breakdown: async (
      parent: PostureParent,
      args: { input: { by: Dimension; filter?: PostureFilter | null }; first?: number | null; after?: string | null },
      ctx: Ctx,
    ) => {
      const first = firstOf(args.first);
      const groups = await postureBreakdown(ctx.db.pool, parent.organizationId, args.input.by, {
        filter: filterOf(args.input.filter, 'input.filter'),
        showsScanTargetNames: parent.view === 'member',
      });
      const cursors = offsetCursors(ctx, ['postureBreakdown', parent.organizationId, parent.view, args.input.by, JSON.stringify(args.input.filter ?? null)]);
      return { ...offsetConnection(groups, first, args.after, cursors.seal, cursors.open), totalCount: groups.length };
    },
    timeToResolve: (parent: PostureParent, args: { input: { from?: string | null; to?: string | null; filter?: PostureFilter | null } }, ctx: Ctx) =>
      postureTimeToResolve(ctx.db.pool, parent.organizationId, dayRange(args.input), filterOf(args.input.filter, 'input.filter')),
    scanFreshness: async (parent: PostureParent, args: { first?: number | null; after?: string | null }, ctx: Ctx) => {
      // A follower sees no scan targets' names and no scans: the whole list is a member's.
      if (parent.view !== 'member') return null;
      const first = firstOf(args.first);
      const rows = await scanFreshness(ctx.db.pool, parent.organizationId);
      const cursors = offsetCursors(ctx, ['scanFreshness', parent.organizationId]);
      return { ...offsetConnection(rows, first, args.after, cursors.seal, cursors.open), totalCount: rows.length };
    },
  },
  FollowedPosture: {
    organization: (row: PostureNow) => ({ __typename: 'Organization', id: row.organizationId }),
    trendDelta: (row: PostureNow) => row.delta,
  },
  SeverityCounts: {
    critical: (counts: SeverityCounts) => counts.CRITICAL,
    high: (counts: SeverityCounts) => counts.HIGH,
    medium: (counts: SeverityCounts) => counts.MEDIUM,
    low: (counts: SeverityCounts) => counts.LOW,
    info: (counts: SeverityCounts) => counts.INFO,
    total: (counts: SeverityCounts) => total(counts),
  },
} as unknown as Resolvers<Ctx>;
