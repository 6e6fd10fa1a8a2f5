/** Invites to an organization, by email: list, read, create, delete, resend (the service: invites.ts). Who may call each field: permissions.ts. */

import { type Ctx, createInvite, deleteInvite, findInvite, listInvites, resendInvite } from './invites';
import type { Resolvers } from './resolver-types.generated';

export const inviteResolvers = {
  Query: {
    organizationInvites: async (_, args, ctx) => {
      return listInvites(ctx.db.prisma, args.organizationId);
    },
    organizationInvite: async (_, args, ctx) => {
      const { organizationId, email } = args;
      return findInvite(ctx.db.prisma, organizationId, email);
    },
  },
  Mutation: {
    createInvite: async (_, args, ctx) => {
      const { organizationId, email } = args;
      return createInvite(ctx.db.prisma, ctx.policy.userId, organizationId, email, args.roles ?? []);
    },
    deleteInvite: async (_, args, ctx) => {
      const { organizationId, email } = args;
      return deleteInvite(ctx.db.prisma, ctx.policy.userId, organizationId, email);
    },
    resendInvite: async (_, args, ctx) => {
      const { organizationId, email } = args;
      return resendInvite(ctx.db.prisma, ctx.policy.userId, organizationId, email);
    },
  },
} satisfies Resolvers<Ctx>;
