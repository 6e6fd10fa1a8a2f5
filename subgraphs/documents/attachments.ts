import type { AttachmentLimits } from '../../lib/config';
import { notFound, serviceUnavailable } from '../../lib/errors';
import type { ObjectStorage } from '../../lib/storage';
import * as valid from '../../lib/validate';
import type { SubgraphContext } from '../server';
import { linkBase } from '../server';
import { type AttachmentDeclaration, type AttachmentRow, canRead, findAttachment } from './attachment-store';

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
          ? await storage.downloadUrl(row.storageKey, {
              fileName: row.fileName,
              contentType: row.contentType,
              expiresInSeconds: ttl,
              base,
              userId: ctx.policy.userId,
            })
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

/** An attachment row as the declaration it was made from (checked again when a field changes). */
export const declarationOf = (row: AttachmentRow): AttachmentDeclaration => ({
  fileName: row.fileName,
  contentLength: Number(row.contentLength),
  contentType: row.contentType,
  contentMD5: row.contentMD5,
});
