import { notFound } from '../../lib/errors';
import { enqueue } from '../../lib/jobs/queue';
import type { SubgraphContext } from '../server';
import { limitsOf } from './attachments';
import { checkExportRequest, EXPORT_FORMATS } from './export-types';

type Ctx = SubgraphContext;

export interface DocumentRow {
  id: string;
  userId: string;
  organizationId: string;
  type: string;
  params: Record<string, unknown>;
  status: 'PENDING' | 'DONE' | 'FAILED';
  attachmentId: string | null;
  reason: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  expiresAt: Date;
}

/** A document's place in its owner's list (newest first): its creation time as PostgreSQL spells it (microseconds kept), and its id. */
export interface DocumentPosition {
  createdAt: string;
  id: string;
}

/** How an export job is queued: retried twice (a lost lease or a passing database error), a few seconds apart. */
export const EXPORT_JOB_OPTIONS = { retries: 2, backoff: { delayMs: 2_000, factor: 3 } };

/**
 * A QUESTIONNAIRE_REPORT is its assessment's parties' only: the path organization must be the
 * sender or the receiver (the caller a member of it, checked before). Anyone else gets the
 * not-found of a missing assessment. Read through questionnaires.assessment_parties, the questionnaires
 * subgraph's read contract (subgraphs/read-contracts.ts), as subgraphs do not import each other's code;
 * the job checks again with the questionnaires part's own rule (questionnaireReportData).
 */
export async function requireAssessmentParty(ctx: Ctx, organizationId: string, assessmentId: string): Promise<void> {
  const { rowCount } = await ctx.db.pool.query(`SELECT 1 FROM questionnaires.assessment_parties WHERE id = $1 AND ("senderId" = $2 OR "receiverId" = $2)`, [
    assessmentId,
    organizationId,
  ]);
  if (!rowCount) throw notFound('Assessment');
}

export async function ownDocument(ctx: Ctx, id: string): Promise<DocumentRow> {
  const { rows } = await ctx.db.pool.query<DocumentRow>(`SELECT * FROM documents.documents WHERE id = $1 AND "userId" = $2 AND "expiresAt" > now()`, [
    id,
    ctx.policy.userId,
  ]);
  if (!rows[0]) throw notFound('Document');
  return rows[0];
}

/** The caller's documents that have not expired, newest first: `limit` after `after`. Each row carries its position (`createdAtKey`). */
export async function listDocuments(ctx: Ctx, after: DocumentPosition | null, limit: number): Promise<Array<DocumentRow & { createdAtKey: string }>> {
  const { rows } = await ctx.db.pool.query<DocumentRow & { createdAtKey: string }>(
    `SELECT *, "createdAt"::text AS "createdAtKey" FROM documents.documents
      WHERE "userId" = $1 AND "expiresAt" > now() AND ($2::timestamptz IS NULL OR ("createdAt", id) < ($2::timestamptz, $3::uuid))
      ORDER BY "createdAt" DESC, id DESC LIMIT $4`,
    [ctx.policy.userId, after?.createdAt ?? null, after?.id ?? null, limit],
  );
  return rows;
}

/**
 * Requests an export: the request checked (export-types.ts), the caller narrowed per type — the
 * field's rule lets members and followers in (permissions.ts); types a follower may not export answer
 * the not-found of a missing organization — then the PENDING row and its export.build job.
 */
export async function requestExport(ctx: Ctx, organizationId: string, type: unknown, params: unknown): Promise<DocumentRow> {
  const request = checkExportRequest(type, params);
  if (EXPORT_FORMATS[request.type].access === 'member') await ctx.policy.requireMember(organizationId);
  if (request.type === 'QUESTIONNAIRE_REPORT')
    await requireAssessmentParty(ctx, organizationId, (request.params.filter as { assessmentId: string }).assessmentId);
  const days = limitsOf(ctx).documentTtlDays;
  const { rows } = await ctx.db.pool.query<DocumentRow>(
    `INSERT INTO documents.documents (id, "userId", "organizationId", type, params, "expiresAt")
     VALUES (gen_random_uuid(), $1, $2, $3, $4::jsonb, now() + $5::int * interval '1 day') RETURNING *`,
    [ctx.policy.userId, organizationId, request.type, JSON.stringify(request.params), days],
  );
  // A document whose job never runs (enqueue failed, job FAILED on a lost lease) is failed by documents.expire.
  await enqueue(ctx.db, 'export.build', { documentId: rows[0].id }, { ...EXPORT_JOB_OPTIONS, singletonKey: rows[0].id });
  return rows[0];
}

/** Deletes one of the caller's documents; its file goes with the next documents.expire pass (bytes first, then the row). */
export async function deleteOwnDocument(ctx: Ctx, id: string): Promise<string> {
  const document = await ownDocument(ctx, id);
  await ctx.db.pool.query(`UPDATE documents.attachments SET "expiresAt" = now() WHERE id = $1 AND "userId" = $2`, [document.attachmentId, ctx.policy.userId]);
  await ctx.db.pool.query(`DELETE FROM documents.documents WHERE id = $1`, [document.id]);
  return document.id;
}
