import { mergeResolvers, readSdl, type SubgraphContext, type SubgraphDefinition } from '../server';
import { attachmentResolvers } from './attachments-resolvers';
import { documentResolvers } from './documents-resolvers';
import { eventStreamResolvers } from './event-stream-resolvers';
import { eventResolvers } from './events-resolvers';
import { documentsPermissions } from './permissions';
import type { Resolvers } from './resolver-types.generated';
import { webhookResolvers } from './webhooks-resolvers';

export const documentsSubgraph: SubgraphDefinition = {
  name: 'documents',
  typeDefs: readSdl(__dirname),
  resolvers: mergeResolvers<Resolvers<SubgraphContext>>(
    eventResolvers,
    eventStreamResolvers as Resolvers<SubgraphContext>,
    webhookResolvers,
    attachmentResolvers,
    documentResolvers,
  ),
  permissions: documentsPermissions,
  createLoaders: () => ({}),
};
