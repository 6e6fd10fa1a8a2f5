import { mergeResolvers, readSdl, type SubgraphDefinition } from '../server';
import { answerResolvers } from './answers-resolvers';
import { assessmentResolvers } from './assessments-resolvers';
import { commentResolvers } from './comments-resolvers';
import { createLoaders, type QuestionnairesLoaders } from './loaders';
import { questionnairesPermissions } from './permissions';
import type { Ctx } from './requests';
import type { Resolvers } from './resolver-types.generated';
import { templateResolvers } from './templates-resolvers';

/**
 * Questionnaire templates, assessments, answers and comments (docs/questionnaires.md). Each area has
 * its SDL file, its resolver map (`<area>-resolvers.ts`) and its service (`<area>.ts`); store.ts holds
 * the SQL the areas share.
 */
export const questionnairesSubgraph: SubgraphDefinition<QuestionnairesLoaders> = {
  name: 'questionnaires',
  typeDefs: readSdl(__dirname),
  resolvers: mergeResolvers<Resolvers<Ctx>>(templateResolvers, assessmentResolvers, answerResolvers, commentResolvers),
  permissions: questionnairesPermissions,
  createLoaders: (db) => createLoaders(db),
};
