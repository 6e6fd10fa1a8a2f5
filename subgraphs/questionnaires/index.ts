import { readSdl, type SubgraphDefinition } from '../server';
import { createLoaders, type QuestionnairesLoaders } from './loaders';
import { questionnairesPermissions } from './permissions';
import { resolvers } from './resolvers';

/** Questionnaire templates, assessments, answers and comments (README "Questionnaires and assessments"). */
export const questionnairesSubgraph: SubgraphDefinition<QuestionnairesLoaders> = {
  name: 'questionnaires',
  typeDefs: readSdl(__dirname),
  resolvers: resolvers,
  permissions: questionnairesPermissions,
  createLoaders: (db) => createLoaders(db),
};
