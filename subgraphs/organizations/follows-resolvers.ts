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
import type { Resolvers } from './resolver-types.generated';

const relationId = (relation: { followerId: string; followingId: string }) => `${relation.followerId}:${relation.followingId}`;

export const followResolvers = {
  Query: {
    followers: async (_, args, ctx) => {
      return listFollowers(ctx.db.prisma, args.organizationId);
    },
    followerRequests: async (_, args, ctx) => {
      return listFollowerRequests(ctx.db.prisma, args.organizationId);
    },
    followerRequest: async (_, args, ctx) => {
      const { organizationId, token } = args;
      return one(await listFollowerRequests(ctx.db.prisma, organizationId, token), 'Follower request');
    },
    following: async (_, args, ctx) => {
      return listFollowing(ctx.db.prisma, args.organizationId);
    },
    followingRequests: async (_, args, ctx) => {
      return listFollowingRequests(ctx.db.prisma, args.organizationId);
    },
    followingRequest: async (_, args, ctx) => {
      const { organizationId, followingId } = args;
      return one(await listFollowingRequests(ctx.db.prisma, organizationId, followingId), 'Following request');
    },
  },
  Mutation: {
    createFollowerRequest: async (_, args, ctx) => {
      const { organizationId, token } = args;
      const pending = await ctx.db.prisma.followRequest.count({ where: { followedId: organizationId, status: 'PENDING', followerId: { not: token } } });
      requireWithinQuota(quotasOf(ctx.services), 'pendingAccessRequests', pending);
      return createFollowerRequest(ctx.db.prisma, ctx.policy.userId, organizationId, token);
    },
    deleteFollowerRequest: async (_, args, ctx) => {
      const { organizationId, token } = args;
      return deleteFollowerRequest(ctx.db.prisma, ctx.policy.userId, organizationId, token);
    },
    removeFollower: async (_, args, ctx) => {
      const { organizationId, followerId } = args;
      return removeFollower(ctx.db.prisma, ctx.policy.userId, organizationId, followerId);
    },
    acceptFollowingRequest: async (_, args, ctx) => {
      const { organizationId, followingId, tags } = args;
      return acceptFollowingRequest(ctx.db.prisma, ctx.policy.userId, organizationId, followingId, tags ?? []);
    },
    declineFollowingRequest: async (_, args, ctx) => {
      const { organizationId, followingId } = args;
      return declineFollowingRequest(ctx.db.prisma, ctx.policy.userId, organizationId, followingId);
    },
    updateFollowingTags: async (_, args, ctx) => {
      const { organizationId, followingId, tags } = args;
      return updateFollowingTags(ctx.db.prisma, ctx.policy.userId, organizationId, followingId, tags);
    },
    stopFollowing: async (_, args, ctx) => {
      const { organizationId, followingId } = args;
      return stopFollowing(ctx.db.prisma, ctx.policy.userId, organizationId, followingId);
    },
  },
  // A relation's (or request's) own id: both organizations, follower first; the other organization is followerId / followingId.
  Follower: { id: relationId },
  Following: { id: relationId },
  FollowerRequest: { id: relationId },
  FollowingRequest: { id: relationId },
} satisfies Resolvers<Ctx>;
