import type { SubgraphContext } from '../../server';
import type { AlertsLoaders } from '../loaders';
import type { Resolvers } from '../resolver-types.generated';

type Ctx = SubgraphContext<AlertsLoaders>;
type RuleRow = { id: string; titleEn: string; titlePt: string; severity: string; compliances: string[]; timelinessThreshold: number | null };

/** The rule title in the caller's language (`pt_BR` or `pt-BR` → Portuguese, anything else English). */
export function ruleTitle(rule: Pick<RuleRow, 'titleEn' | 'titlePt'>, lang: string | null | undefined): string {
  return lang === 'pt_BR' || lang === 'pt-BR' ? rule.titlePt : rule.titleEn;
}

export const ruleResolvers = {
  Query: {
    rules: (_, __, ctx) => ctx.db.prisma.rule.findMany({ orderBy: { id: 'asc' } }),
  },
  Rule: {
    title: (rule: RuleRow, args) => ruleTitle(rule, args.lang),
  },
} satisfies Resolvers<Ctx>;
