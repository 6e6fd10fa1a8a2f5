import path from 'node:path';
import { readSdl, type SubgraphDefinition } from '../server';
import { createLoaders, type OrganizationsLoaders } from './loaders';
import { resolvers } from './resolvers';

export const organizationsSubgraph: SubgraphDefinition<OrganizationsLoaders> = {
  name: 'organizations',
  typeDefs: readSdl(path.join(__dirname, 'schema.graphql')),
  resolvers: resolvers as unknown as SubgraphDefinition<OrganizationsLoaders>['resolvers'],
  createLoaders: (db) => createLoaders(db),
};
