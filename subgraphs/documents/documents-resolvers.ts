import { cursorCodec } from '../../lib/cursors';
import { badRequest } from '../../lib/errors';
import { connection, firstOf } from '../connections';
import type { SubgraphContext } from '../server';
import { attachmentView, readableAttachment } from './attachments';
import { type DocumentPosition, type DocumentRow, deleteOwnDocument, listDocuments, ownDocument, requestExport } from './documents';
import type { Resolvers } from './resolver-types.generated';

type Ctx = SubgraphContext;

/** A document list's cursor: the row's place (creation time, id), sealed for the user whose list it is. */
const documentCursors = (ctx: Ctx) => cursorCodec(ctx.services.secret, ['documents', ctx.policy.userId]);

function openDocumentCursor(ctx: Ctx, after: string): DocumentPosition {
  const [kind, createdAt, id] = documentCursors(ctx).open(after);
  if (kind !== 'doc' || typeof createdAt !== 'string' || typeof id !== 'string') throw badRequest('cursor is not a document list cursor', 'cursor');
  return { createdAt, id };
}

/** Exports: a user's documents, requested per organization, built by the export.build job (workers/). Who may: permissions.ts. */
export const documentResolvers = {
  Query: {
    documents: async (_, args, ctx) => {
      const first = firstOf(args.first);
      const rows = await listDocuments(ctx, args.after ? openDocumentCursor(ctx, args.after) : null, first + 1);
      const cursors = documentCursors(ctx);
      return connection(rows, first, args.after, (row) => cursors.seal(['doc', row.createdAtKey, row.id]));
    },
    document: (_, args, ctx) => ownDocument(ctx, args.id),
  },
  Mutation: {
    createDocument: async (_, { input }, ctx) => ({ document: await requestExport(ctx, input.organizationId, input.type, input.params) }),
    deleteDocument: async (_, { input }, ctx) => ({ deletedId: await deleteOwnDocument(ctx, input.id) }),
  },
  Document: {
    attachment: async (document: DocumentRow, _, ctx) =>
      document.attachmentId ? attachmentView(ctx, await readableAttachment(ctx, document.attachmentId), 'download') : null,
  },
} satisfies Resolvers<Ctx>;
