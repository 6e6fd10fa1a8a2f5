import { badRequest, notFound } from '../../lib/errors';
import { quotasOf, requireWithinQuota } from '../../lib/quotas';
import * as valid from '../../lib/validate';
import type { SubgraphContext } from '../server';
import { acceptInvite, apiKeyView, createApiKey, inviteView, openInviteFor, requestAccess } from './account';
import type { OrganizationsLoaders } from './loaders';
import type { Resolvers } from './resolver-types.generated';

type Ctx = SubgraphContext<OrganizationsLoaders>;

async function currentUser(ctx: Ctx) {
  const user = await ctx.loaders.user.load(ctx.policy.userId);
  if (!user) throw notFound('User');
  return user;
}

function optionalUrl(value: unknown, field: string): string | null | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > 2048 || !/^https?:\/\/\S+$/i.test(value)) throw badRequest(`${field} must be an http(s) URL`, field);
  return value;
}

/** The caller's own account: profile, API keys, invites addressed to it. */
export const accountResolvers = {
  Query: {
    me: (_, __, ctx) => currentUser(ctx),
    apiKeys: async (_, __, ctx) => {
      const rows = await ctx.db.prisma.apiKey.findMany({ where: { userId: ctx.policy.userId, deletedAt: null }, orderBy: { createdAt: 'asc' } });
      return rows.map((r) => apiKeyView(r));
    },
    myInvites: async (_, __, ctx) => {
      const user = await currentUser(ctx);
      const invites = await ctx.db.prisma.invite.findMany({
        where: { email: { equals: user.email, mode: 'insensitive' }, acceptedAt: null, expiresAt: { gt: new Date() }, organization: { deletedAt: null } },
        include: { organization: true },
        orderBy: { createdAt: 'asc' },
      });
      return invites.map((i) => inviteView(i, i.organization.name));
    },
    myInvite: async (_, args, ctx) => {
      const { token } = args;
      const user = await currentUser(ctx);
      const invite = await ctx.db.prisma.invite.findFirst({
        // As in the list: an expired invite is not the user's to see (nor to accept) any more.
        where: openInviteFor(token, user.email),
        include: { organization: true },
      });
      if (!invite) throw notFound('Invite');
      return inviteView(invite, invite.organization.name);
    },
  },
  Mutation: {
    createApiKey: (_, args, ctx) => {
      const name = args.name == null || args.name === '' ? 'API key' : valid.name(args.name, 'name');
      const userId = ctx.policy.userId;
      return ctx.db.prisma.$transaction(async (tx) => {
        // The user's row is locked so that concurrent creations count each other.
        await tx.$queryRaw`SELECT 1 FROM organizations.users WHERE id = ${userId}::uuid FOR UPDATE`;
        requireWithinQuota(quotasOf(ctx.services), 'apiKeysPerUser', await tx.apiKey.count({ where: { userId, deletedAt: null } }));
        return createApiKey(tx, userId, name);
      });
    },
    deleteApiKey: async (_, args, ctx) => {
      const { id } = args;
      const { count } = await ctx.db.prisma.apiKey.updateMany({ where: { id, userId: ctx.policy.userId, deletedAt: null }, data: { deletedAt: new Date() } });
      if (count === 0) throw notFound('API key');
      return true;
    },
    updateMe: async (_, args, ctx) => {
      const name = valid.optionalName(args.input.name, 'name');
      const picture = optionalUrl(args.input.picture, 'picture');
      // The User itself (roles, member, following resolve as for `me`), so a client's cached `me` updates.
      return ctx.db.prisma.user.update({ where: { id: ctx.policy.userId }, data: { ...(name ? { name } : {}), ...(picture ? { picture } : {}) } });
    },
    acceptInvite: (_, args, ctx) => acceptInvite(ctx.db.prisma, ctx.policy.userId, args.token),
    requestAccess: (_, args, ctx) => requestAccess(ctx.db.prisma, ctx.policy.userId, args.organizationId, quotasOf(ctx.services)),
  },
  User: {
    __resolveReference: async (ref: { id: string }, ctx: Ctx) => {
      const id = valid.uuid(ref.id, 'id');
      return (await ctx.policy.canSeeUser(id)) ? ctx.loaders.user.load(id) : null;
    },
    member: async (user: { id: string }, _: unknown, ctx: Ctx) => {
      if (user.id !== ctx.policy.userId) return [];
      return [...(await ctx.policy.memberships()).entries()].map(([organizationId, roles]) => ({ id: `${organizationId}:${user.id}`, organizationId, roles }));
    },
    roles: async (user: { id: string }, _: unknown, ctx: Ctx) => {
      if (user.id !== ctx.policy.userId) return [];
      return [...new Set([...(await ctx.policy.memberships()).values()].flat())];
    },
    following: async (user: { id: string }, _: unknown, ctx: Ctx) => {
      if (user.id !== ctx.policy.userId) return [];
      const followed = new Set<string>();
      for (const organizationId of (await ctx.policy.memberships()).keys()) {
        for (const id of await ctx.policy.following(organizationId)) followed.add(id);
      }
      return [...followed];
    },
  },
} satisfies Resolvers<Ctx>;
