import { badRequest, notFound, VigilError } from '../../lib/errors';
import type { SubgraphContext } from '../server';
import { type AttachmentDeclaration, checkDeclaration, confirmUpload, insertAttachment, updateAttachment } from './attachment-store';
import { attachmentView, declarationOf, limitsOf, readableAttachment, storageOf } from './attachments';

type Ctx = SubgraphContext;

/** Attachments: declared, uploaded with a signed URL, read with a signed download URL. */
export const attachmentResolvers = {
  Attachment: {
    // A reference from another subgraph (a questionnaire's element, answer or comment): the same
    // read rule as attachment(id); one the caller may not read is null, like a missing one.
    __resolveReference: async (ref: { id: string }, ctx: Ctx) => {
      const row = await readableAttachment(ctx, ref.id).catch((error) => {
        if (error instanceof VigilError) return null;
        throw error;
      });
      return row ? attachmentView(ctx, await confirmUpload(ctx.db.pool, storageOf(ctx), row), 'download') : null;
    },
  },
  Query: {
    attachment: async (_: unknown, args: { id: string }, ctx: Ctx) => {
      const row = await readableAttachment(ctx, args.id);
      return attachmentView(ctx, await confirmUpload(ctx.db.pool, storageOf(ctx), row), 'download');
    },
  },
  Mutation: {
    createAttachment: async (_: unknown, args: { organizationId: string; input: AttachmentDeclaration }, ctx: Ctx) => {
      const { organizationId } = args;
      const input = checkDeclaration(args.input ?? ({} as AttachmentDeclaration), limitsOf(ctx).maxBytes);
      storageOf(ctx);
      const row = await insertAttachment(ctx.db.pool, { organizationId, userId: ctx.policy.userId }, input);
      return attachmentView(ctx, row, 'upload');
    },
    updateAttachment: async (_: unknown, args: { id: string; input: { fileName?: string | null; expiresAt?: Date | null } }, ctx: Ctx) => {
      const row = await confirmUpload(ctx.db.pool, storageOf(ctx), await readableAttachment(ctx, args.id));
      if (row.organizationId === null || !(await ctx.policy.isMember(row.organizationId))) throw notFound('Attachment');
      const changes: { fileName?: string; expiresAt?: Date | null } = {};
      if (args.input.fileName !== undefined && args.input.fileName !== null)
        changes.fileName = checkDeclaration({ ...declarationOf(row), fileName: args.input.fileName }, Number.MAX_SAFE_INTEGER).fileName;
      if (args.input.expiresAt !== undefined) {
        if (args.input.expiresAt && args.input.expiresAt.getTime() <= Date.now()) throw badRequest('expiresAt must be in the future', 'expiresAt');
        changes.expiresAt = args.input.expiresAt;
      }
      return attachmentView(ctx, await updateAttachment(ctx.db.pool, row.id, changes), 'download');
    },
  },
};
