import { badRequest, notFound, VigilError } from '../../lib/errors';
import type { SubgraphContext } from '../server';
import { checkDeclaration, confirmUpload, insertAttachment, updateAttachment } from './attachment-store';
import { attachmentView, declarationOf, limitsOf, readableAttachment, storageOf } from './attachments';
import type { Resolvers } from './resolver-types.generated';

type Ctx = SubgraphContext;

/** Attachments: declared, uploaded with a signed URL, read with a signed download URL (who may: permissions.ts and canRead). */
export const attachmentResolvers = {
  Attachment: {
    // A reference from another subgraph (a questionnaire's element, answer or comment): the same
    // read rule as attachment(id); one the caller may not read is null, like a missing one.
    __resolveReference: async (ref, ctx) => {
      const row = await readableAttachment(ctx, ref.id).catch((error) => {
        if (error instanceof VigilError) return null;
        throw error;
      });
      return row ? attachmentView(ctx, await confirmUpload(ctx.db.pool, storageOf(ctx), row), 'download') : null;
    },
  },
  Query: {
    attachment: async (_, args, ctx) => {
      const row = await readableAttachment(ctx, args.id);
      return attachmentView(ctx, await confirmUpload(ctx.db.pool, storageOf(ctx), row), 'download');
    },
  },
  Mutation: {
    createAttachment: async (_, { input: { organizationId, ...declared } }, ctx) => {
      const declaration = checkDeclaration(declared, limitsOf(ctx).maxBytes);
      storageOf(ctx);
      const row = await insertAttachment(ctx.db.pool, { organizationId, userId: ctx.policy.userId }, declaration);
      return { attachment: await attachmentView(ctx, row, 'upload') };
    },
    updateAttachment: async (_, { input }, ctx) => {
      // byObject (permissions.ts): readable is not enough, the caller changes only its organizations' attachments.
      const row = await confirmUpload(ctx.db.pool, storageOf(ctx), await readableAttachment(ctx, input.id));
      if (row.organizationId === null || !(await ctx.policy.isMember(row.organizationId))) throw notFound('Attachment');
      const changes: { fileName?: string; expiresAt?: Date | null } = {};
      if (input.fileName !== undefined && input.fileName !== null)
        changes.fileName = checkDeclaration({ ...declarationOf(row), fileName: input.fileName }, Number.MAX_SAFE_INTEGER).fileName;
      if (input.expiresAt !== undefined) {
        if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) throw badRequest('expiresAt must be in the future', 'expiresAt');
        changes.expiresAt = input.expiresAt;
      }
      return { attachment: await attachmentView(ctx, await updateAttachment(ctx.db.pool, row.id, changes), 'download') };
    },
  },
} satisfies Resolvers<Ctx>;
