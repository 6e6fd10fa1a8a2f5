/** Invites to an organization, by email: list, read, create, delete, resend (the service: invites.ts). Who may call each field: permissions.ts. */

import { type Ctx, createInvite, deleteInvite, findInvite, listInvites, resendInvite } from './invites';
import { createdOrderPage } from './pages';
import type { Resolvers } from './resolver-types.generated';

export const inviteResolvers = {
  Query: {
    organizationInvites: (_, args, ctx) =>
      createdOrderPage(
        ctx.services.secret,
        ['organizationInvites', args.organizationId],
        args,
        (window) => listInvites(ctx.db.prisma, args.organizationId, window),
        (i) => ({ createdAt: i.createdAt, key: i.email }),
      ),
    organizationInvite: async (_, args, ctx) => {
      const { organizationId, email } = args;
      return findInvite(ctx.db.prisma, organizationId, email);
    },
  },
  Mutation: {
    createInvite: async (_, args, ctx) => {
      const { organizationId, email, roles } = args.input;
      return { invite: await createInvite(ctx.db.prisma, ctx.policy.userId, organizationId, email, roles ?? []) };
    },
    deleteInvite: async (_, args, ctx) => {
      const { organizationId, email } = args.input;
      return { deletedId: await deleteInvite(ctx.db.prisma, ctx.policy.userId, organizationId, email) };
    },
    resendInvite: async (_, args, ctx) => {
      const { organizationId, email } = args.input;
      return { invite: await resendInvite(ctx.db.prisma, ctx.policy.userId, organizationId, email) };
    },
  },
} satisfies Resolvers<Ctx>;
