/** Organizations: the caller's list, one by id, create, change, delete (the service: organizations.ts). Who may call each field: permissions.ts. */
import { quotasOf, requireWithinQuota } from '../../lib/quotas';
import * as valid from '../../lib/validate';
import { ADMIN } from '../../lib/visibility';
import { createOrganization } from './account';
import { type Ctx, deleteOrganization, organizationChanges, organizationsPage, updateOrganization } from './organizations';
import type { Resolvers } from './resolver-types.generated';

export const organizationResolvers = {
  Query: {
    organizations: async (_, args, ctx) => {
      const ids = [...(await ctx.policy.memberships()).keys()];
      return organizationsPage(ctx, ids, ['organizations', ctx.policy.userId], args);
    },
    organization: async (_, args, ctx) => {
      const { id } = args;
      // "Not there" and "not yours" answer the same null, with no error (a whole query survives it).
      if (!(await ctx.policy.viewOf(id))) return null;
      return (await ctx.loaders.organization.load(id)) ?? null;
    },
  },
  Mutation: {
    createOrganization: (_, args, ctx) => {
      const name = valid.name(args.input.name, 'name');
      const { picture, email } = organizationChanges({ picture: args.input.picture, email: args.input.email });
      const userId = ctx.policy.userId;
      return ctx.db.prisma.$transaction(async (tx) => {
        // The user's row is locked so that concurrent creations count each other.
        await tx.$queryRaw`SELECT 1 FROM organizations.users WHERE id = ${userId}::uuid FOR UPDATE`;
        const administered = await tx.membership.count({ where: { userId, roles: { has: ADMIN }, organization: { deletedAt: null } } });
        requireWithinQuota(quotasOf(ctx.services), 'organizationsPerUser', administered);
        return { organization: await createOrganization(tx, userId, { name, picture, email }) };
      });
    },
    updateOrganization: async (_, args, ctx) => {
      const { organizationId, ...changes } = args.input;
      return { organization: await updateOrganization(ctx.db.prisma, ctx.policy.userId, organizationId, organizationChanges(changes)) };
    },
    deleteOrganization: async (_, args, ctx) => {
      const { organizationId } = args.input;
      await deleteOrganization(ctx.db.prisma, ctx.policy.userId, organizationId);
      return { deletedId: organizationId };
    },
  },
  Organization: {
    __resolveReference: async (ref: { id: string }, ctx: Ctx) => {
      if (!(await ctx.policy.viewOf(ref.id))) return null;
      return ctx.loaders.organization.load(ref.id);
    },
    // Its members' setting: a follower reads null (it restricts the followed organization's members only).
    trustedDocumentsOnly: async (organization: { id: string; trustedDocumentsOnly: boolean }, _: unknown, ctx: Ctx) =>
      (await ctx.policy.isMember(organization.id)) ? organization.trustedDocumentsOnly : null,
  },
} satisfies Resolvers<Ctx>;
