import type { SubgraphContext } from '../server';
import * as valid from '../../lib/validate';

type Ctx = SubgraphContext;

export const resolvers = {
  Query: {
    questionnaires: async (_: unknown, args: { organizationId: string }, ctx: Ctx) => {
      const organizationId = valid.uuid(args.organizationId, 'organizationId');
      await ctx.policy.requireMember(organizationId);
      return ctx.db.prisma.questionnaire.findMany({ where: { organizationId, deletedAt: null }, orderBy: { createdAt: 'asc' } });
    },
  },
  Questionnaire: {
    __resolveReference: async (ref: { id: string }, ctx: Ctx) => {
      const row = await ctx.db.prisma.questionnaire.findFirst({ where: { id: ref.id, deletedAt: null } });
      return row && (await ctx.policy.viewOf(row.organizationId)) ? row : null;
    },
  },
};
