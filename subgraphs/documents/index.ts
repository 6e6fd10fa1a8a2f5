import { readSdl, type SubgraphDefinition } from '../server';
import { resolvers } from './resolvers';

export const documentsSubgraph: SubgraphDefinition = {
  name: 'documents',
  typeDefs: readSdl(__dirname),
  resolvers: resolvers as unknown as SubgraphDefinition['resolvers'],
  createLoaders: () => ({}),
};
