import { readSdl, type SubgraphDefinition } from '../server';
import { createLoaders, type OrganizationsLoaders } from './loaders';
import { resolvers } from './resolvers';

export const organizationsSubgraph: SubgraphDefinition<OrganizationsLoaders> = {
  name: 'organizations',
  typeDefs: readSdl(__dirname),
  resolvers: resolvers as unknown as SubgraphDefinition<OrganizationsLoaders>['resolvers'],
  createLoaders: (db) => createLoaders(db),
};
