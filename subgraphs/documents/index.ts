import { mergeResolvers, readSdl, type SubgraphDefinition } from '../server';
import { resolvers } from './resolvers';
import { webhookResolvers } from './webhook-resolvers';
import { attachmentResolvers } from './attachments';
import { documentResolvers } from './documents';
import { documentsPermissions } from './permissions';

export const documentsSubgraph: SubgraphDefinition = {
  name: 'documents',
  typeDefs: readSdl(__dirname),
  resolvers: mergeResolvers(resolvers as never, webhookResolvers as never, attachmentResolvers as never, documentResolvers as never) as unknown as SubgraphDefinition['resolvers'],
  permissions: documentsPermissions,
  createLoaders: () => ({}),
};
