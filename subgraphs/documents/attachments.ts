import type { AttachmentLimits } from '../../lib/config';
import { badRequest, notFound, serviceUnavailable, VigilError } from '../../lib/errors';
import type { ObjectStorage } from '../../lib/storage';
import * as valid from '../../lib/validate';
import type { SubgraphContext } from '../server';
import { linkBase } from '../server';
import {
  type AttachmentDeclaration,
  type AttachmentRow,
  canRead,
  checkDeclaration,
  confirmUpload,
  findAttachment,
  insertAttachment,
  updateAttachment,
} from './attachment-store';

type Ctx = SubgraphContext;

export const DEFAULT_ATTACHMENT_LIMITS: AttachmentLimits = { maxBytes: 104_857_600, urlTtlSeconds: 900, documentTtlDays: 7, cleanupIntervalMs: 60_000 };

export function storageOf(ctx: Ctx): ObjectStorage {
  if (!ctx.services.storage) throw serviceUnavailable('Attachment storage is not configured in this process');
  return ctx.services.storage;
}

export const limitsOf = (ctx: Ctx): AttachmentLimits => ctx.services.attachments ?? DEFAULT_ATTACHMENT_LIMITS;

/**
 * A signed URL's lifetime: VIGIL_ATTACHMENT_URL_TTL_SECONDS, cut to the whole seconds left before the
 * attachment's `expiresAt`, so no URL outlives its attachment (S3's presigned URLs included; signing
 * times are whole seconds, so rounding down keeps the URL's end at or before `expiresAt`).
 */
function urlSeconds(ttl: number, expiresAt: Date | null, now = Date.now()): number {
  return expiresAt ? Math.min(ttl, Math.floor((expiresAt.getTime() - now) / 1000)) : ttl;
}

/** An attachment as the API answers it, with an upload or download URL (absolute: linkBase). */
export async function attachmentView(ctx: Ctx, row: AttachmentRow, url: 'upload' | 'download') {
  const storage = storageOf(ctx);
  const ttl = urlSeconds(limitsOf(ctx).urlTtlSeconds, row.expiresAt);
  const base = linkBase(ctx);
  const link =
    ttl < 1
      ? null
      : url === 'upload'
        ? await storage.uploadUrl(row.storageKey, {
            length: Number(row.contentLength),
            md5: row.contentMD5,
            contentType: row.contentType,
            expiresInSeconds: ttl,
            base,
          })
        : row.uploadedAt
          ? await storage.downloadUrl(row.storageKey, { fileName: row.fileName, contentType: row.contentType, expiresInSeconds: ttl, base })
          : null;
  return {
    id: row.id,
    organizationId: row.organizationId,
    fileName: row.fileName,
    contentLength: Number(row.contentLength),
    contentType: row.contentType,
    contentMD5: row.contentMD5,
    url: link,
    uploaded: row.uploadedAt !== null,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  };
}

/** The attachment if the caller may read it (see canRead); a missing, expired or foreign one is not found. */
export async function readableAttachment(ctx: Ctx, id: string): Promise<AttachmentRow> {
  const row = await findAttachment(ctx.db.pool, valid.uuid(id, 'attachmentId'));
  if (!row || !(await canRead(ctx.db.pool, row, ctx.policy.userId, (org) => ctx.policy.isMember(org)))) throw notFound('Attachment');
  return row;
}

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

const declarationOf = (row: AttachmentRow): AttachmentDeclaration => ({
  fileName: row.fileName,
  contentLength: Number(row.contentLength),
  contentType: row.contentType,
  contentMD5: row.contentMD5,
});
