/** Follows between organizations: followers, followings, requests both ways, acceptance and tags (the service: follows.ts). Who may call each field: permissions.ts. */
import { quotasOf, requireWithinQuota } from '../../lib/quotas';
import {
  acceptFollowingRequest,
  type Ctx,
  createFollowerRequest,
  declineFollowingRequest,
  deleteFollowerRequest,
  listFollowerRequests,
  listFollowers,
  listFollowing,
  listFollowingRequests,
  one,
  removeFollower,
  stopFollowing,
  updateFollowingTags,
} from './follows';
import { createdOrderPage } from './pages';
import type { Resolvers } from './resolver-types.generated';

/**
 * A relation's (or request's) id as one of the four types shows it: `<type>:<followerId>:<followingId>`.
 * The type comes first because the same two organizations are a Follower on one side and a Following on
 * the other (and a FollowerRequest / FollowingRequest before): a cache keyed by `id` alone (Relay, urql's
 * graphcache) must not merge the two views (issue 34 item 5).
 */
type RelationType = 'Follower' | 'Following' | 'FollowerRequest' | 'FollowingRequest';
const relationId = (type: RelationType) => (relation: { followerId: string; followingId: string }) => `${type}:${relation.followerId}:${relation.followingId}`;

export const followResolvers = {
  Query: {
    followers: (_, args, ctx) =>
      createdOrderPage(
        ctx.services.secret,
        ['followers', args.organizationId],
        args,
        (window) => listFollowers(ctx.db.prisma, args.organizationId, window),
        (f) => ({ createdAt: f.createdAt, key: f.followerId }),
      ),
    followerRequests: (_, args, ctx) =>
      createdOrderPage(
        ctx.services.secret,
        ['followerRequests', args.organizationId],
        args,
        (window) => listFollowerRequests(ctx.db.prisma, args.organizationId, undefined, window),
        (r) => ({ createdAt: r.createdAt, key: r.followerId }),
      ),
    followerRequest: async (_, args, ctx) => {
      const { organizationId, token } = args;
      return one(await listFollowerRequests(ctx.db.prisma, organizationId, token), 'Follower request');
    },
    following: (_, args, ctx) =>
      createdOrderPage(
        ctx.services.secret,
        ['following', args.organizationId],
        args,
        (window) => listFollowing(ctx.db.prisma, args.organizationId, window),
        (f) => ({ createdAt: f.createdAt, key: f.followingId }),
      ),
    followingRequests: (_, args, ctx) =>
      createdOrderPage(
        ctx.services.secret,
        ['followingRequests', args.organizationId],
        args,
        (window) => listFollowingRequests(ctx.db.prisma, args.organizationId, undefined, window),
        (r) => ({ createdAt: r.createdAt, key: r.followingId }),
      ),
    followingRequest: async (_, args, ctx) => {
      const { organizationId, followingId } = args;
      return one(await listFollowingRequests(ctx.db.prisma, organizationId, followingId), 'Following request');
    },
  },
  Mutation: {
    createFollowerRequest: async (_, args, ctx) => {
      const { organizationId, token } = args.input;
      const pending = await ctx.db.prisma.followRequest.count({ where: { followedId: organizationId, status: 'PENDING', followerId: { not: token } } });
      requireWithinQuota(quotasOf(ctx.services), 'pendingAccessRequests', pending);
      return { followerRequest: await createFollowerRequest(ctx.db.prisma, ctx.policy.userId, organizationId, token) };
    },
    deleteFollowerRequest: async (_, args, ctx) => {
      const { organizationId, token } = args.input;
      await deleteFollowerRequest(ctx.db.prisma, ctx.policy.userId, organizationId, token);
      return { deletedId: relationId('FollowerRequest')({ followerId: token, followingId: organizationId }) };
    },
    removeFollower: async (_, args, ctx) => {
      const { organizationId, followerId } = args.input;
      await removeFollower(ctx.db.prisma, ctx.policy.userId, organizationId, followerId);
      return { deletedId: relationId('Follower')({ followerId, followingId: organizationId }) };
    },
    acceptFollowingRequest: async (_, args, ctx) => {
      const { organizationId, followingId, tags } = args.input;
      return { following: await acceptFollowingRequest(ctx.db.prisma, ctx.policy.userId, organizationId, followingId, tags ?? []) };
    },
    declineFollowingRequest: async (_, args, ctx) => {
      const { organizationId, followingId } = args.input;
      return { followingRequest: await declineFollowingRequest(ctx.db.prisma, ctx.policy.userId, organizationId, followingId) };
    },
    updateFollowingTags: async (_, args, ctx) => {
      const { organizationId, followingId, tags } = args.input;
      return { following: await updateFollowingTags(ctx.db.prisma, ctx.policy.userId, organizationId, followingId, tags) };
    },
    stopFollowing: async (_, args, ctx) => {
      const { organizationId, followingId } = args.input;
      await stopFollowing(ctx.db.prisma, ctx.policy.userId, organizationId, followingId);
      return { deletedId: relationId('Following')({ followerId: organizationId, followingId }) };
    },
  },
  // A relation's (or request's) own id: its type, then both organizations, follower first; the other organization is followerId / followingId.
  Follower: { id: relationId('Follower') },
  Following: { id: relationId('Following') },
  FollowerRequest: { id: relationId('FollowerRequest') },
  FollowingRequest: { id: relationId('FollowingRequest') },
} satisfies Resolvers<Ctx>;
