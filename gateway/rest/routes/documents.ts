import { z } from 'zod/v4';
import { id, organizationParams } from '../schemas';
import { found, route } from '../table';

const ATTACHMENT_FIELDS = 'id organizationId fileName contentLength contentType contentMD5 url uploaded createdAt expiresAt';
const DOCUMENT_FIELDS = 'id userId organizationId type params status attachmentId reason createdAt finishedAt expiresAt';

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
    operation: `mutation($organizationId: ID!, $input: AttachmentInput!) { createAttachment(organizationId: $organizationId, input: $input) { ${ATTACHMENT_FIELDS} } }`,
    variables: ({ params, body }) => ({ organizationId: params.organizationId, input: body }),
    result: (data) => data.createAttachment,
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
    operation: `mutation($id: ID!, $input: AttachmentUpdateInput!) { updateAttachment(id: $id, input: $input) { ${ATTACHMENT_FIELDS} } }`,
    variables: ({ params, body }) => ({ id: params.attachmentId, input: body }),
    result: (data) => data.updateAttachment,
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/documents',
    tag: 'documents',
    summary: 'Request an export (members; followers for ALERT and THIRD_PARTY_REPORT, censored): body {type, params}; answers the PENDING document',
    params: organizationParams,
    body: z.object({ type: z.string(), params: z.record(z.string(), z.unknown()) }),
    operation: `mutation($organizationId: ID!, $type: String!, $params: JSON!) { createDocument(organizationId: $organizationId, type: $type, params: $params) { ${DOCUMENT_FIELDS} } }`,
    variables: ({ params, body }) => ({ organizationId: params.organizationId, type: body.type, params: body.params }),
    result: (data) => data.createDocument,
  }),
  route({
    method: 'GET',
    path: '/me/documents',
    tag: 'documents',
    summary: "The current user's documents, newest first (the file: GET /me/documents/{documentId}/download)",
    operation: `query { documents { ${DOCUMENT_FIELDS} } }`,
    variables: () => ({}),
    result: (data) => data.documents,
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
    operation: `mutation($id: ID!) { deleteDocument(id: $id) }`,
    variables: ({ params }) => ({ id: params.documentId }),
    result: (data) => data.deleteDocument,
  }),
];
