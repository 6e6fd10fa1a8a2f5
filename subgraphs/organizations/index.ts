import { mergeResolvers, readSdl, type SubgraphContext, type SubgraphDefinition } from '../server';
import { accountResolvers } from './account-resolvers';
import { followResolvers } from './follows-resolvers';
import { inviteResolvers } from './invites-resolvers';
import { createLoaders, type OrganizationsLoaders } from './loaders';
import { memberResolvers } from './members-resolvers';
import { nodeResolvers } from './node-resolvers';
import { organizationResolvers } from './organizations-resolvers';
import { organizationsPermissions } from './permissions';
import type { Resolvers } from './resolver-types.generated';

/** Users, API keys, organizations, members, invites and follow relations. Each area has its SDL file and its resolver map. */
export const organizationsSubgraph: SubgraphDefinition<OrganizationsLoaders> = {
  name: 'organizations',
  typeDefs: readSdl(__dirname),
  resolvers: mergeResolvers<Resolvers<SubgraphContext<OrganizationsLoaders>>>(
    accountResolvers,
    organizationResolvers,
    memberResolvers,
    inviteResolvers,
    followResolvers,
    nodeResolvers,
  ),
  permissions: organizationsPermissions,
  createLoaders: (db) => createLoaders(db),
};
