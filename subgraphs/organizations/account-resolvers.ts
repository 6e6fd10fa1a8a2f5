import { badRequest, notFound } from '../../lib/errors';
import { quotasOf, requireWithinQuota } from '../../lib/quotas';
import * as valid from '../../lib/validate';
import { languageOf } from '../../lib/vocabulary';
import type { SubgraphContext } from '../server';
import { acceptInvite, apiKeyView, createApiKey, inviteView, openInviteFor, requestAccess, updateApiKey } from './account';
import type { OrganizationsLoaders } from './loaders';
import { organizationsPage } from './organizations';
import { after, createdOrderPage } from './pages';
import type { Resolvers } from './resolver-types.generated';

type Ctx = SubgraphContext<OrganizationsLoaders>;

async function currentUser(ctx: Ctx) {
  const user = await ctx.loaders.user.load(ctx.policy.userId);
  if (!user) throw notFound('User');
  return user;
}

/** A key's name as given: `API key` when absent or empty. */
const apiKeyName = (name: string | null | undefined) => (name == null || name === '' ? 'API key' : valid.name(name, 'name'));

function optionalUrl(value: unknown, field: string): string | null | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > 2048 || !/^https?:\/\/\S+$/i.test(value)) throw badRequest(`${field} must be an http(s) URL`, field);
  return value;
}

/** The organizations the caller's organizations follow (none for another user than the caller). */
async function followedBy(user: { id: string }, ctx: Ctx): Promise<Set<string>> {
  const followed = new Set<string>();
  if (user.id !== ctx.policy.userId) return followed;
  for (const organizationId of (await ctx.policy.memberships()).keys()) {
    for (const id of await ctx.policy.following(organizationId)) followed.add(id);
  }
  return followed;
}

/** The caller's own account: profile, API keys, invites addressed to it. */
export const accountResolvers = {
  Query: {
    me: (_, __, ctx) => currentUser(ctx),
    apiKeys: (_, args, ctx) => {
      const userId = ctx.policy.userId;
      return createdOrderPage(
        ctx.services.secret,
        ['apiKeys', userId],
        args,
        async (window) => {
          const rows = await ctx.db.prisma.apiKey.findMany({
            where: { userId, deletedAt: null, ...after('id', window.after) },
            orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
            take: window.take,
          });
          return rows.map((r) => apiKeyView(r));
        },
        (k) => ({ createdAt: k.createdAt, key: k.id }),
      );
    },
    myInvites: async (_, args, ctx) => {
      const user = await currentUser(ctx);
      return createdOrderPage(
        ctx.services.secret,
        ['myInvites', user.id],
        args,
        async (window) => {
          const invites = await ctx.db.prisma.invite.findMany({
            where: {
              email: { equals: user.email, mode: 'insensitive' },
              acceptedAt: null,
              expiresAt: { gt: new Date() },
              organization: { deletedAt: null },
              ...after('id', window.after),
            },
            include: { organization: true },
            orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
            take: window.take,
          });
          return invites.map((i) => inviteView(i, i.organization.name));
        },
        (i) => ({ createdAt: i.createdAt, key: i.id }),
      );
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
      const name = apiKeyName(args.input.name);
      const userId = ctx.policy.userId;
      return ctx.db.prisma.$transaction(async (tx) => {
        // The user's row is locked so that concurrent creations count each other.
        await tx.$queryRaw`SELECT 1 FROM organizations.users WHERE id = ${userId}::uuid FOR UPDATE`;
        requireWithinQuota(quotasOf(ctx.services), 'apiKeysPerUser', await tx.apiKey.count({ where: { userId, deletedAt: null } }));
        return { apiKey: await createApiKey(tx, userId, name, args.input.trustedDocumentsOnly ?? false) };
      });
    },
    updateApiKey: async (_, args, ctx) => {
      const { apiKeyId, name, trustedDocumentsOnly } = args.input;
      const changes = { ...(name != null ? { name: apiKeyName(name) } : {}), ...(trustedDocumentsOnly != null ? { trustedDocumentsOnly } : {}) };
      return { apiKey: await updateApiKey(ctx.db.prisma, ctx.policy.userId, apiKeyId, changes) };
    },
    deleteApiKey: async (_, args, ctx) => {
      const { apiKeyId } = args.input;
      // The caller's own key only: any other id is NOT_FOUND, as if it did not exist.
      // The live streams' wake (lib/event-wake.ts) is notified in the same transaction, at its commit: every
      // process's hub then revokes the key's sessions at once (lib/subscriptions/hub.ts, checkDeletedKeys), not
      // at its next periodic re-check. In the Redis and in-process modes the gateway's publish after a mutation does it.
      const [{ count }] = await ctx.db.prisma.$transaction([
        ctx.db.prisma.apiKey.updateMany({
          where: { id: apiKeyId, userId: ctx.policy.userId, deletedAt: null },
          data: { deletedAt: new Date() },
        }),
        ctx.db.prisma.$executeRaw`SELECT pg_notify('vigil_events', '')`,
      ]);
      if (count === 0) throw notFound('API key');
      return { deletedId: apiKeyId };
    },
    updateMe: async (_, args, ctx) => {
      const name = valid.optionalName(args.input.name, 'name');
      const picture = optionalUrl(args.input.picture, 'picture');
      // The User itself (roles, member, following resolve as for `me`), so a client's cached `me` updates.
      const user = await ctx.db.prisma.user.update({ where: { id: ctx.policy.userId }, data: { ...(name ? { name } : {}), ...(picture ? { picture } : {}) } });
      return { user };
    },
    acceptInvite: async (_, args, ctx) => ({ membership: await acceptInvite(ctx.db.prisma, ctx.policy.userId, args.input.token) }),
    requestAccess: (_, args, ctx) => requestAccess(ctx.db.prisma, ctx.policy.userId, args.input.organizationId, quotasOf(ctx.services)),
  },
  User: {
    __resolveReference: async (ref: { id: string }, ctx: Ctx) => {
      const id = valid.uuid(ref.id, 'id');
      return (await ctx.policy.canSeeUser(id)) ? ctx.loaders.user.load(id) : null;
    },
    member: async (user: { id: string }, _: unknown, ctx: Ctx) => {
      if (user.id !== ctx.policy.userId) return [];
      return [...(await ctx.policy.memberships()).entries()].map(([organizationId, roles]) => ({
        id: `UserMembership:${organizationId}:${user.id}`,
        organizationId,
        roles,
      }));
    },
    roles: async (user: { id: string }, _: unknown, ctx: Ctx) => {
      if (user.id !== ctx.policy.userId) return [];
      return [...new Set([...(await ctx.policy.memberships()).values()].flat())];
    },
    // Stored as the REST contract spells it (`en-US`); the Language enum's domain value is `en_US` (lib/vocabulary.ts).
    // A stored value outside the enum (none is written: the column's default is the only writer) reads as the default.
    language: (user: { language: string }) => languageOf(user.language) ?? 'en_US',
    following: async (user: { id: string }, _: unknown, ctx: Ctx) => [...(await followedBy(user, ctx))],
    followedOrganizations: async (user: { id: string }, args, ctx: Ctx) => {
      const ids = [...(await followedBy(user, ctx))];
      return organizationsPage(ctx, ids, ['followedOrganizations', ctx.policy.userId], args);
    },
  },
} satisfies Resolvers<Ctx>;
