import { admin, authenticated, byObject, type FieldRules, member, viewer } from '../field-rules';

/**
 * Who may call each field of the documents subgraph (subgraphs/field-rules.ts: deny by default).
 * Webhooks say where an organization's data goes: ADMIN only.
 */

const attachmentByItsId = byObject('an attachment: its uploader, members of its organization, and the two sides of an assessment that holds it (canRead)');
const ownDocument = byObject('the caller’s own document');

export const documentsPermissions: FieldRules = {
  Query: {
    eventNames: authenticated, // the catalog of event names, no organization data
    events: member('organizationId'),
    attachment: attachmentByItsId.ids({ id: 'attachmentId' }),
    documents: authenticated, // the caller's own
    document: ownDocument.ids({ id: 'documentId' }),
    webhooks: admin('organizationId'),
    webhook: admin('organizationId'),
    webhookDeliveries: admin('organizationId'),
  },
  Mutation: {
    createAttachment: member('input.organizationId'),
    updateAttachment: attachmentByItsId.ids({ 'input.id': 'attachmentId' }),
    // An export of what the caller reads of the organization: members, and followers for the types
    // they may export (narrowed per type in the resolver, export-types.ts).
    createDocument: viewer('input.organizationId'),
    deleteDocument: ownDocument.ids({ 'input.id': 'documentId' }),
    createWebhook: admin('input.organizationId'),
    updateWebhook: admin('input.organizationId'),
    rotateWebhookSecret: admin('input.organizationId'),
    deleteWebhook: admin('input.organizationId'),
  },
};
