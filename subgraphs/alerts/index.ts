import path from 'node:path';
import { readSdl, type SubgraphDefinition } from '../server';
import { resolvers } from './resolvers';

export const alertsSubgraph: SubgraphDefinition = {
  name: 'alerts',
  typeDefs: readSdl(path.join(__dirname, 'schema.graphql')),
  resolvers: resolvers as unknown as SubgraphDefinition['resolvers'],
  createLoaders: () => ({}),
};
