import { z } from 'zod/v4';
import { badRequest } from '../../../lib/errors';
import { DOCUMENT_TYPES } from '../../../lib/vocabulary';
import { id, organizationParams } from '../schemas';
import { found, route } from '../table';

const ATTACHMENT_FIELDS = 'id organizationId fileName contentLength contentType contentMD5 url uploaded createdAt expiresAt';
const DOCUMENT_FIELDS = 'id userId organizationId type params status attachmentId reason createdAt finishedAt expiresAt';

/** REST takes any text as a document's type; one GraphQL's enum does not know is refused as before. */
function documentType(type: string): string {
  if (!(DOCUMENT_TYPES as readonly string[]).includes(type)) throw badRequest(`type must be one of ${DOCUMENT_TYPES.join(', ')}`, 'type');
  return type;
}

const attachmentBody = z.object({
  fileName: z.string(),
  contentLength: z.number(),
  contentType: z.string(),
  contentMD5: z.string(),
  expiresAt: z.string().nullish(),
});

const createAttachment = (path: string, deprecated: boolean) =>
  route({
    method: 'POST',
    path,
    tag: 'attachments',
    deprecated,
    summary: deprecated
      ? 'Create an attachment (deprecated: use POST /organizations/{organizationId}/attachments; same body and answer)'
      : 'Create an attachment of the organization: the answer`s url is a signed upload URL (PUT the bytes with the declared Content-Length and Content-MD5). AttachmentCreated.',
    params: organizationParams,
    body: attachmentBody,
    operation: `mutation($input: CreateAttachmentInput!) { createAttachment(input: $input) { attachment { ${ATTACHMENT_FIELDS} } } }`,
    variables: ({ params, body }) => ({ input: { ...body, organizationId: params.organizationId } }),
    result: (data) => (data.createAttachment as { attachment: unknown }).attachment,
  });

const getAttachment = (path: string, deprecated: boolean) =>
  route({
    method: 'GET',
    path,
    tag: 'attachments',
    deprecated,
    summary: deprecated
      ? 'Get an attachment (deprecated: use GET /attachments/{attachmentId})'
      : 'Get an attachment with a signed, expiring download url (null until uploaded)',
    params: z.object({ attachmentId: id }),
    operation: `query($id: ID!) { attachment(id: $id) { ${ATTACHMENT_FIELDS} } }`,
    variables: ({ params }) => ({ id: params.attachmentId }),
    result: (data) => found(data.attachment, 'Attachment'),
  });

export const documentRoutes = [
  createAttachment('/organizations/:organizationId/attachments', false),
  createAttachment('/organizations/:organizationId/attachment', true),
  getAttachment('/attachments/:attachmentId', false),
  getAttachment('/attachment/:attachmentId', true),
  route({
    method: 'PUT',
    path: '/attachments/:attachmentId',
    tag: 'attachments',
    summary: 'Rename an attachment or change its expiry (members of the owning organization). AttachmentUpdated.',
    params: z.object({ attachmentId: id }),
    body: z.object({ fileName: z.string().nullish(), expiresAt: z.string().nullish() }),
    operation: `mutation($input: UpdateAttachmentInput!) { updateAttachment(input: $input) { attachment { ${ATTACHMENT_FIELDS} } } }`,
    variables: ({ params, body }) => ({ input: { ...body, id: params.attachmentId } }),
    result: (data) => (data.updateAttachment as { attachment: unknown }).attachment,
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/documents',
    tag: 'documents',
    summary: 'Request an export (members; followers for ALERT and THIRD_PARTY_REPORT, censored): body {type, params}; answers the PENDING document',
    params: organizationParams,
    body: z.object({ type: z.string(), params: z.record(z.string(), z.unknown()) }),
    operation: `mutation($input: CreateDocumentInput!) { createDocument(input: $input) { document { ${DOCUMENT_FIELDS} } } }`,
    variables: ({ params, body }) => ({ input: { organizationId: params.organizationId, type: documentType(body.type), params: body.params } }),
    result: (data) => (data.createDocument as { document: unknown }).document,
  }),
  route({
    method: 'GET',
    path: '/me/documents',
    tag: 'documents',
    summary: "The current user's documents, newest first (the file: GET /me/documents/{documentId}/download)",
    // At most 1,000 documents, as before (they expire after a few days).
    operation: `query { documents(first: 1000) { nodes { ${DOCUMENT_FIELDS} } } }`,
    variables: () => ({}),
    result: (data) => (data.documents as { nodes: unknown[] }).nodes,
  }),
  route({
    method: 'GET',
    path: '/me/documents/:documentId',
    tag: 'documents',
    summary: 'One of your documents',
    params: z.object({ documentId: id }),
    operation: `query($id: ID!) { document(id: $id) { ${DOCUMENT_FIELDS} } }`,
    variables: ({ params }) => ({ id: params.documentId }),
    result: (data) => found(data.document, 'Document'),
  }),
  route({
    method: 'DELETE',
    path: '/me/documents/:documentId',
    tag: 'documents',
    summary: 'Delete one of your documents and its file',
    params: z.object({ documentId: id }),
    operation: `mutation($input: DeleteDocumentInput!) { deleteDocument(input: $input) { deletedId } }`,
    variables: ({ params }) => ({ input: { id: params.documentId } }),
    result: () => true,
  }),
];
