import { mergeResolvers, readSdl, type SubgraphContext, type SubgraphDefinition } from '../server';
import { attachmentResolvers } from './attachments';
import { documentResolvers } from './documents';
import { documentsPermissions } from './permissions';
import type { Resolvers } from './resolver-types.generated';
import { resolvers } from './resolvers';
import { webhookResolvers } from './webhook-resolvers';

export const documentsSubgraph: SubgraphDefinition = {
  name: 'documents',
  typeDefs: readSdl(__dirname),
  resolvers: mergeResolvers<Resolvers<SubgraphContext>>(resolvers, webhookResolvers, attachmentResolvers, documentResolvers),
  permissions: documentsPermissions,
  createLoaders: () => ({}),
};
