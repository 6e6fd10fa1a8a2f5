import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import { badRequest, notFound } from '../../lib/errors';
import { appendEventsSql, EVENT, EVENT_SOURCES, type EventName } from '../../lib/events';
import type { ObjectStorage } from '../../lib/storage';
import * as valid from '../../lib/validate';

/**
 * Attachments: a row in `documents.attachments` and the bytes under `storageKey` in the storage.
 * Plain functions over the pool and the storage, used by the resolvers and by the export and
 * cleanup jobs (workers/).
 */
export interface AttachmentRow {
  id: string;
  organizationId: string | null;
  userId: string;
  fileName: string;
  contentLength: string;
  contentType: string;
  contentMD5: string;
  storageKey: string;
  uploadedAt: Date | null;
  createdAt: Date;
  expiresAt: Date | null;
}

export interface AttachmentDeclaration {
  fileName: string;
  contentLength: number;
  contentType: string;
  contentMD5: string;
  expiresAt?: Date | null;
}

const MD5_BASE64 = /^[A-Za-z0-9+/]{22}==$/;
const CONTENT_TYPE =
  /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}(?:\s*;\s*[A-Za-z0-9!#$&^_.+-]+=(?:[A-Za-z0-9!#$&^_.+-]+|"[^"\\\r\n]*"))*$/;

/** 400 naming the field for anything S3 or a browser would not take. */
export function checkDeclaration(input: AttachmentDeclaration, maxBytes: number): AttachmentDeclaration {
  const fileName = valid.name(input.fileName, 'fileName', 255);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\u0000-\u001f\u007f/\\]/.test(fileName)) throw badRequest('fileName must not contain control characters or path separators', 'fileName');
  // `.` and `..` name directories, not files (a path-like name, refused like a separator).
  if (fileName === '.' || fileName === '..') throw badRequest('fileName must not be . or .. (a path-like name)', 'fileName');
  const length = input.contentLength;
  if (typeof length !== 'number' || !Number.isSafeInteger(length) || length < 0)
    throw badRequest('contentLength must be a whole number of bytes ≥ 0', 'contentLength');
  if (length > maxBytes) throw badRequest(`contentLength must be at most ${maxBytes} bytes (VIGIL_ATTACHMENT_MAX_BYTES)`, 'contentLength');
  if (typeof input.contentType !== 'string' || input.contentType.length > 255 || !CONTENT_TYPE.test(input.contentType))
    throw badRequest('contentType must be a media type such as application/pdf', 'contentType');
  if (typeof input.contentMD5 !== 'string' || !MD5_BASE64.test(input.contentMD5))
    throw badRequest('contentMD5 must be the base64 of the 16-byte MD5 digest (as S3 Content-MD5)', 'contentMD5');
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) throw badRequest('expiresAt must be in the future', 'expiresAt');
  return { fileName, contentLength: length, contentType: input.contentType, contentMD5: input.contentMD5, expiresAt: input.expiresAt ?? null };
}

const COLUMNS = `id, "organizationId", "userId", "fileName", "contentLength"::text AS "contentLength", "contentType", "contentMD5", "storageKey", "uploadedAt", "createdAt", "expiresAt"`;

/** The event payload: the spec's picked subset of Attachment (no URL: it is a capability). */
const EVENT_DATA = (a: string) =>
  `jsonb_build_object('id', ${a}.id, 'fileName', ${a}."fileName", 'contentLength', ${a}."contentLength", 'contentType', ${a}."contentType", 'contentMD5', ${a}."contentMD5", 'createdAt', ${a}."createdAt", 'expiresAt', ${a}."expiresAt")`;

/** `name` for the changed row of CTE `a` when it is an organization's (a user's own file, an export, logs nothing). */
const attachmentEventsSql = (name: EventName, data: string, metadata?: string) =>
  appendEventsSql({
    from: 'a',
    where: 'a."organizationId" IS NOT NULL',
    organizationId: 'a."organizationId"',
    name,
    source: EVENT_SOURCES.attachment,
    data,
    metadata,
  });

/** Inserts the row and, for an organization's attachment, its AttachmentCreated event: one statement, so both or neither. */
export async function insertAttachment(
  pool: pg.Pool,
  owner: { organizationId: string | null; userId: string },
  input: AttachmentDeclaration,
): Promise<AttachmentRow> {
  const id = randomUUID();
  const storageKey = `${owner.organizationId ?? `user-${owner.userId}`}/${id}`;
  const { rows } = await pool.query<AttachmentRow>(
    `WITH a AS (
       INSERT INTO documents.attachments (id, "organizationId", "userId", "fileName", "contentLength", "contentType", "contentMD5", "storageKey", "expiresAt")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *
     ), e AS (${attachmentEventsSql(EVENT.AttachmentCreated, EVENT_DATA('a'), `jsonb_build_object('userId', a."userId")`)})
     SELECT ${COLUMNS} FROM a`,
    [id, owner.organizationId, owner.userId, input.fileName, input.contentLength, input.contentType, input.contentMD5, storageKey, input.expiresAt ?? null],
  );
  return rows[0];
}

/**
 * Whether the bytes under a storage key still belong to a live attachment (not deleted, not past its
 * `expiresAt`): local storage's GET /storage asks before serving a signed URL, so a URL issued before
 * the attachment expired or had its `expiresAt` moved earlier serves nothing — nor one signed for a user
 * (`userId`) who may no longer read the file (removed from the organization, say). Keys end in the id.
 */
export async function storageKeyServed(pool: pg.Pool, key: string, userId?: string): Promise<boolean> {
  const id = key.slice(key.lastIndexOf('/') + 1);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return false;
  const { rows } = await pool.query(
    `SELECT 1 FROM documents.attachments WHERE id = $1 AND "storageKey" = $2 AND ("expiresAt" IS NULL OR "expiresAt" > now())`,
    [id, key],
  );
  if (rows.length === 0) return false;
  if (userId === undefined) return true;
  // The URL's user must still be able to read the file, as GET /attachments/{id} decides (canRead), from the
  // memberships as they are now (the organizations subgraph's read contract organizations.live_member_ids).
  const row = await findAttachment(pool, id);
  const memberOf = async (organizationId: string) =>
    (await pool.query(`SELECT 1 FROM organizations.live_member_ids WHERE "userId" = $1 AND "organizationId" = $2`, [userId, organizationId])).rows.length > 0;
  return row !== null && (await canRead(pool, row, userId, memberOf));
}

export async function findAttachment(pool: pg.Pool, id: string): Promise<AttachmentRow | null> {
  const { rows } = await pool.query<AttachmentRow>(
    `SELECT ${COLUMNS} FROM documents.attachments WHERE id = $1 AND ("expiresAt" IS NULL OR "expiresAt" > now())`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * Who may read an attachment: members of its organization, members of an organization it is shared
 * with (`documents.attachment_shares`, through `shareAttachment`), members of the other party of an
 * assessment that references it (`assessmentPartnersOf`), or — for a private one (an export's file) —
 * the user it belongs to. Anyone else gets the not-found of a missing id.
 */
export async function canRead(pool: pg.Pool, row: AttachmentRow, userId: string, memberOf: (organizationId: string) => Promise<boolean>): Promise<boolean> {
  if (row.organizationId === null) return row.userId === userId;
  if (await memberOf(row.organizationId)) return true;
  const { rows } = await pool.query<{ organizationId: string }>(`SELECT "organizationId" FROM documents.attachment_shares WHERE "attachmentId" = $1`, [row.id]);
  for (const share of rows) if (await memberOf(share.organizationId)) return true;
  for (const party of await assessmentPartnersOf(pool, row.id, row.organizationId)) if (await memberOf(party)) return true;
  return false;
}

/**
 * The other parties of the owner's assessments that reference the attachment — on an element of the
 * assessment's questionnaire version, in an answer entry, or in a comment: both sides of an
 * assessment read its files. Read through questionnaires.assessment_attachments, the questionnaires
 * subgraph's read contract (subgraphs/read-contracts.ts); reading at request time instead of copying shares at write
 * time keeps one rule for files attached before the assessment was sent (an element's) and after.
 * Only the owner's assessments are looked at (index on senderId / receiverId), and only when the
 * reader is neither a member of the owner nor listed in attachment_shares.
 */
async function assessmentPartnersOf(pool: pg.Pool, attachmentId: string, ownerId: string): Promise<string[]> {
  const { rows } = await pool.query<{ organizationId: string }>(
    `SELECT DISTINCT CASE WHEN s."senderId" = $2 THEN s."receiverId" ELSE s."senderId" END AS "organizationId"
       FROM questionnaires.assessment_attachments s
      WHERE (s."senderId" = $2 OR s."receiverId" = $2) AND s."attachmentId" = $1::text`,
    [attachmentId, ownerId],
  );
  return rows.map((r) => r.organizationId);
}

/** The sharing hook: members of `organizationId` may read the attachment too (idempotent). */
export async function shareAttachment(db: pg.Pool | pg.PoolClient, attachmentId: string, organizationId: string): Promise<void> {
  await db.query(`INSERT INTO documents.attachment_shares ("attachmentId", "organizationId") VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
    attachmentId,
    organizationId,
  ]);
}

export async function updateAttachment(pool: pg.Pool, id: string, changes: { fileName?: string; expiresAt?: Date | null }): Promise<AttachmentRow> {
  const { rows } = await pool.query<AttachmentRow>(
    `WITH a AS (
       UPDATE documents.attachments SET "fileName" = COALESCE($2, "fileName"), "expiresAt" = CASE WHEN $3 THEN $4::timestamptz ELSE "expiresAt" END
        WHERE id = $1 RETURNING *
     ), e AS (${attachmentEventsSql(EVENT.AttachmentUpdated, EVENT_DATA('a'))})
     SELECT ${COLUMNS} FROM a`,
    [id, changes.fileName ?? null, 'expiresAt' in changes, changes.expiresAt ?? null],
  );
  if (!rows[0]) throw notFound('Attachment');
  return rows[0];
}

/**
 * Whether the bytes are there and are the declared ones. The first time they are seen, `uploadedAt`
 * is set (and AttachmentUpdated recorded); bytes that do not match the declaration (an S3-compatible
 * store that does not check Content-MD5) are deleted, as if never uploaded.
 */
export async function confirmUpload(pool: pg.Pool, storage: ObjectStorage, row: AttachmentRow): Promise<AttachmentRow> {
  if (row.uploadedAt) return row;
  const stored = await storage.head(row.storageKey);
  if (!stored) return row;
  if (stored.length !== Number(row.contentLength) || Buffer.from(stored.md5Hex, 'hex').toString('base64') !== row.contentMD5) {
    await storage.delete(row.storageKey);
    return row;
  }
  const { rows } = await pool.query<AttachmentRow>(
    `WITH a AS (UPDATE documents.attachments SET "uploadedAt" = now() WHERE id = $1 AND "uploadedAt" IS NULL RETURNING *),
          e AS (${attachmentEventsSql(EVENT.AttachmentUpdated, `${EVENT_DATA('a')} || jsonb_build_object('uploaded', true)`)})
     SELECT ${COLUMNS} FROM a`,
    [row.id],
  );
  return rows[0] ?? { ...row, uploadedAt: new Date() };
}

/** Stores a file Vigil made itself (an export), already measured: the row is private to `userId`. */
export async function storeOwnFile(
  pool: pg.Pool,
  storage: ObjectStorage,
  owner: { userId: string; id?: string },
  file: { fileName: string; contentType: string; length: number; md5: string; expiresAt: Date; body: () => Readable },
): Promise<AttachmentRow> {
  const id = owner.id ?? randomUUID();
  const storageKey = `user-${owner.userId}/${id}`;
  await storage.put(storageKey, file.body(), { length: file.length, md5: file.md5 }, file.contentType);
  const { rows } = await pool.query<AttachmentRow>(
    `INSERT INTO documents.attachments (id, "organizationId", "userId", "fileName", "contentLength", "contentType", "contentMD5", "storageKey", "expiresAt", "uploadedAt")
     VALUES ($1, NULL, $2, $3, $4, $5, $6, $7, $8, now())
     ON CONFLICT (id) DO UPDATE SET "contentLength" = EXCLUDED."contentLength", "contentMD5" = EXCLUDED."contentMD5", "uploadedAt" = now()
     RETURNING ${COLUMNS}`,
    [id, owner.userId, file.fileName, file.length, file.contentType, file.md5, storageKey, file.expiresAt],
  );
  return rows[0];
}

/** Deletes up to `limit` expired attachments, bytes first (a crash between leaves a row the next pass deletes). */
export async function deleteExpiredAttachments(pool: pg.Pool, storage: ObjectStorage, limit = 500): Promise<number> {
  const { rows } = await pool.query<{ id: string; storageKey: string }>(
    `SELECT id, "storageKey" FROM documents.attachments WHERE "expiresAt" <= now() ORDER BY "expiresAt" LIMIT $1`,
    [limit],
  );
  for (const row of rows) {
    await storage.delete(row.storageKey);
    await pool.query(`DELETE FROM documents.attachments WHERE id = $1`, [row.id]);
  }
  return rows.length;
}
