/** Members of an organization: list, read, change roles, remove, ask for an MFA or password reset (the service: members.ts). Who may call each field: permissions.ts. */
import { membershipView } from './account';
import { type Ctx, listMembers, memberOf, removeMember, requestMemberReset, updateMemberRoles } from './members';
import { createdOrderPage } from './pages';
import type { Resolvers } from './resolver-types.generated';

export const memberResolvers = {
  Query: {
    members: (_, args, ctx) =>
      createdOrderPage(
        ctx.services.secret,
        ['members', args.organizationId],
        args,
        (window) => listMembers(ctx.db.prisma, args.organizationId, window),
        (m) => ({ createdAt: m.createdAt, key: m.userId }),
      ),
    member: async (_, args, ctx) => {
      const { organizationId, userId } = args;
      const membership = await memberOf(ctx.db.prisma, organizationId, userId);
      return membershipView(membership, membership.user);
    },
  },
  Mutation: {
    updateMember: async (_, args, ctx) => {
      const { organizationId, userId, roles } = args.input;
      return { membership: await updateMemberRoles(ctx.db.prisma, ctx.policy.userId, organizationId, userId, roles ?? []) };
    },
    removeMember: async (_, args, ctx) => {
      const { organizationId, userId } = args.input;
      await removeMember(ctx.db.prisma, ctx.policy.userId, organizationId, userId);
      return { deletedId: `${organizationId}:${userId}` };
    },
    resetMemberMfa: async (_, args, ctx) => {
      const { organizationId, userId } = args.input;
      return { membership: await requestMemberReset(ctx.db.prisma, ctx.policy.userId, organizationId, userId, 'MFA') };
    },
    resetMemberPassword: async (_, args, ctx) => {
      const { organizationId, userId } = args.input;
      return { membership: await requestMemberReset(ctx.db.prisma, ctx.policy.userId, organizationId, userId, 'PASSWORD') };
    },
  },
  Membership: {
    id: (membership: { organizationId: string; userId: string }) => `${membership.organizationId}:${membership.userId}`,
  },
} satisfies Resolvers<Ctx>;
