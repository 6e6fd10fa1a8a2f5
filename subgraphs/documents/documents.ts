import { notFound } from '../../lib/errors';
import type { SubgraphContext } from '../server';

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

/** How an export job is queued: retried twice (a lost lease or a passing database error), a few seconds apart. */
export const EXPORT_JOB_OPTIONS = { retries: 2, backoff: { delayMs: 2_000, factor: 3 } };

/**
 * A QUESTIONNAIRE_REPORT is its assessment's parties' only: the path organization must be the
 * sender or the receiver (the caller a member of it, checked before). Anyone else gets the
 * not-found of a missing assessment. Read with SQL, as subgraphs do not import each other's code;
 * the job checks again with the questionnaires part's own rule (questionnaireReportData).
 */
export async function requireAssessmentParty(ctx: Ctx, organizationId: string, assessmentId: string): Promise<void> {
  const { rowCount } = await ctx.db.pool.query(`SELECT 1 FROM questionnaires.assessments WHERE id = $1 AND ("senderId" = $2 OR "receiverId" = $2)`, [
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
