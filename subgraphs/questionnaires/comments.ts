import type pg from 'pg';
import { inTransaction } from '../../lib/db';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { EVENT } from '../../lib/events';
import { questionOf } from './answers';
import {
  attachmentRecords,
  type CommentRow,
  type Db,
  eventsForBothSides,
  findAssessment,
  type Page,
  recordsOf,
  requireOwnAttachments,
  SOURCE,
  writeEvents,
} from './store';
import type { Actor } from './templates';
import { commentView } from './views';

const COMMENT_COLUMNS = `id, "organizationId", "userId", "assessmentId", "questionId", content, coalesce("attachmentIds", '{}') AS "attachmentIds", "createdAt"`;
const MAX_CONTENT = 20_000;
/** Like an alert's comments (VIGIL_QUOTA_COMMENTS_PER_ALERT's default): a conversation, not a store. */
export const MAX_COMMENTS_PER_ASSESSMENT = 1000;

/** A markdown comment by either side, on the assessment or on one of its questions; both sides read it. */
export async function createComment(
  pool: pg.Pool,
  actor: Actor,
  assessmentId: string,
  input: { questionId?: string | null; content: string; attachmentIds?: string[] | null },
): Promise<CommentRow> {
  if (typeof input.content !== 'string' || input.content.trim() === '') throw badRequest('content must be a non-empty string', 'content');
  if (input.content.length > MAX_CONTENT) throw badRequest(`content must be at most ${MAX_CONTENT} characters`, 'content');
  return inTransaction(pool, async (client) => {
    const assessment = await findAssessment(client, assessmentId);
    if (!assessment) throw notFound('Assessment');
    if (input.questionId) await questionOf(client, assessment, input.questionId);
    const { rows: counted } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM questionnaires.assessment_comments WHERE "assessmentId" = $1`, [
      assessmentId,
    ]);
    if (counted[0].n >= MAX_COMMENTS_PER_ASSESSMENT) throw conflict(`An assessment holds at most ${MAX_COMMENTS_PER_ASSESSMENT} comments`);
    const attachmentIds = await requireOwnAttachments(client, actor.organizationId, input.attachmentIds);
    const { rows } = await client.query<CommentRow>(
      `INSERT INTO questionnaires.assessment_comments (id, "organizationId", "userId", "assessmentId", "questionId", content, "attachmentIds")
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6::uuid[]) RETURNING ${COMMENT_COLUMNS}`,
      [actor.organizationId, actor.userId, assessmentId, input.questionId ?? null, input.content, attachmentIds],
    );
    // Events carry the attachments as Attachment records (the API answers them through the documents subgraph).
    const comment = { ...commentView(rows[0]), attachments: recordsOf(await attachmentRecords(client, attachmentIds), attachmentIds) };
    await writeEvents(
      client,
      eventsForBothSides(assessment, EVENT.AssessmentCommentCreated, SOURCE.comment, () => comment, {
        userId: actor.userId,
        organizationId: actor.organizationId,
      }),
    );
    return rows[0];
  });
}

/** The comments of an assessment (only those on `questionId` when given), oldest first (a page of them when `page` is given). */
export async function listComments(db: Db, assessmentId: string, questionId: string | null, page?: Page): Promise<CommentRow[]> {
  const { rows } = await db.query<CommentRow>(
    `WITH after AS (SELECT "createdAt", id FROM questionnaires.assessment_comments WHERE id = $3)
     SELECT ${COMMENT_COLUMNS} FROM questionnaires.assessment_comments c
      WHERE "assessmentId" = $1 AND ($2::uuid IS NULL OR "questionId" = $2)
        AND ($3::uuid IS NULL OR EXISTS (SELECT 1 FROM after WHERE (c."createdAt", c.id) > (after."createdAt", after.id)))
      ORDER BY "createdAt", id
      LIMIT $4`,
    [assessmentId, questionId, page?.afterId ?? null, page?.limit ?? null],
  );
  return rows;
}
