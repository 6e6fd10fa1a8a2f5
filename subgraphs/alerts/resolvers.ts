import type { SubgraphContext } from '../server';

type Ctx = SubgraphContext;
type RuleRow = { id: string; titleEn: string; titlePt: string; severity: string; compliances: string[]; timelinessThreshold: number | null };

export const resolvers = {
  Query: {
    rules: async (_: unknown, __: unknown, ctx: Ctx) => {
      ctx.policy.userId; // any authenticated caller reads the catalog
      return ctx.db.prisma.rule.findMany({ orderBy: { id: 'asc' } });
    },
  },
  Rule: {
    title: (rule: RuleRow, args: { lang?: string }) => (args.lang === 'pt_BR' ? rule.titlePt : rule.titleEn),
  },
};
