import type { SubgraphContext } from '../server';
import type { AlertsLoaders } from './loaders';

type Ctx = SubgraphContext<AlertsLoaders>;

export const scanTargetResolvers = {
  ScanTarget: {
    __resolveReference: async (ref: { id: string }, ctx: Ctx) => {
      const row = await ctx.loaders.scanTarget.load(ref.id);
      return row && (await ctx.policy.viewOf(row.organizationId)) ? row : null;
    },
    organization: (target: { organizationId: string }) => ({ __typename: 'Organization', id: target.organizationId }),
    credential: (target: { credentialHint: unknown }) => target.credentialHint,
  },
};
