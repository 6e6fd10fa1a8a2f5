import { readSdl, type SubgraphDefinition } from '../server';
import { resolvers } from './resolvers';

export const questionnairesSubgraph: SubgraphDefinition = {
  name: 'questionnaires',
  typeDefs: readSdl(__dirname),
  resolvers: resolvers as unknown as SubgraphDefinition['resolvers'],
  createLoaders: () => ({}),
};
