import { mergeResolvers, readSdl, type SubgraphDefinition } from '../server';
import { followResolvers } from './follows';
import { inviteResolvers } from './invites';
import { createLoaders, type OrganizationsLoaders } from './loaders';
import { memberResolvers } from './members';
import { organizationResolvers } from './organizations';
import { organizationsPermissions } from './permissions';
import { accountResolvers } from './resolvers';

/** Users, API keys, organizations, members, invites and follow relations. Each area has its SDL file and its resolver map. */
export const organizationsSubgraph: SubgraphDefinition<OrganizationsLoaders> = {
  name: 'organizations',
  typeDefs: readSdl(__dirname),
  resolvers: mergeResolvers(accountResolvers, organizationResolvers, memberResolvers, inviteResolvers, followResolvers) as unknown as SubgraphDefinition<OrganizationsLoaders>['resolvers'],
  permissions: organizationsPermissions,
  createLoaders: (db) => createLoaders(db),
};
