import path from 'node:path';
import { readSdl, type SubgraphDefinition } from '../server';
import { resolvers } from './resolvers';

export const questionnairesSubgraph: SubgraphDefinition = {
  name: 'questionnaires',
  typeDefs: readSdl(path.join(__dirname, 'schema.graphql')),
  resolvers: resolvers as unknown as SubgraphDefinition['resolvers'],
  createLoaders: () => ({}),
};
