import type pg from 'pg';
import { inTransaction } from '../../lib/db';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { EVENT } from '../../lib/events';
import type { AssessmentSide } from '../../lib/visibility';
import { type AnswerInput, answerContent, statusOfAnswer } from './answer-content';
import { receiverMayAnswer } from './assessment-status';
import type { Weight } from './element-props';
import { type AnswerGrade, assessmentGrade } from './grade';
import {
  ANSWER_COLUMNS,
  type AnswerRow,
  type AssessmentRow,
  attachmentRecords,
  type Db,
  ELEMENT_COLUMNS,
  type ElementRow,
  eventsForBothSides,
  findAssessment,
  recordsOf,
  requireOwnAttachments,
  SOURCE,
  writeEvents,
} from './store';
import type { Actor } from './templates';
import { answerView } from './views';

/** Each answer keeps the contents given, up to this many (a clarification round adds one). */
export const MAX_CONTENTS_PER_ANSWER = 100;

/** The question `questionId` of the assessment's version, or not-found. */
export async function questionOf(db: Db, assessment: AssessmentRow, questionId: string): Promise<ElementRow> {
  const { rows } = await db.query<ElementRow>(
    `SELECT ${ELEMENT_COLUMNS} FROM questionnaires.elements
      WHERE id = $1 AND "questionnaireId" = $2 AND "questionnaireVersion" = $3 AND type = 'QUESTION' AND "deletedAt" IS NULL`,
    [questionId, assessment.questionnaireId, assessment.questionnaireVersion],
  );
  if (!rows[0]) throw notFound('Question');
  return rows[0];
}

/** Recomputes the assessment's grade (grade.ts) from its answers and their questions' weights. */
async function regrade(client: pg.PoolClient, assessmentId: string): Promise<void> {
  const { rows } = await client.query<{ weight: Weight | null; status: AnswerRow['status']; grade: AnswerGrade | null }>(
    `SELECT e.props->>'weight' AS weight, a.status, a.grade
       FROM questionnaires.answers a JOIN questionnaires.elements e ON e.id = a."questionId"
      WHERE a."assessmentId" = $1`,
    [assessmentId],
  );
  const grade = assessmentGrade(rows.map((r) => ({ weight: r.weight ?? 'INFORMATIONAL', status: r.status, grade: r.grade })));
  await client.query(`UPDATE questionnaires.assessments SET grade = $2 WHERE id = $1`, [assessmentId, grade]);
}

async function lockedAssessment(client: pg.PoolClient, id: string): Promise<AssessmentRow> {
  const assessment = await findAssessment(client, id, true);
  if (!assessment) throw notFound('Assessment');
  return assessment;
}

const metadataOf = (actor: Actor) => ({ userId: actor.userId, organizationId: actor.organizationId });

/**
 * The receiver answers (or re-answers) one question while it is its turn. Each answer keeps its
 * history in `content` (the last entry is the answer); a new answer drops the sender's grade.
 */
export async function answerQuestion(pool: pg.Pool, actor: Actor, assessmentId: string, questionId: string, input: AnswerInput): Promise<AnswerRow> {
  return inTransaction(pool, async (client) => {
    const assessment = await lockedAssessment(client, assessmentId);
    if (!receiverMayAnswer(assessment.status))
      throw conflict(`The assessment is ${assessment.status}; answers change only while it is NEW or REQUESTED_CLARIFICATION`);
    const question = await questionOf(client, assessment, questionId);
    const attachmentIds = await requireOwnAttachments(client, actor.organizationId, input.attachmentIds);
    const content = answerContent(question.props, input, attachmentIds);
    const status = statusOfAnswer(question.props, content);
    const entry = { attachmentIds, content, createdAt: new Date().toISOString() };
    const { rows: given } = await client.query<{ n: number }>(
      `SELECT jsonb_array_length(content) AS n FROM questionnaires.answers WHERE "assessmentId" = $1 AND "questionId" = $2`,
      [assessmentId, questionId],
    );
    if ((given[0]?.n ?? 0) >= MAX_CONTENTS_PER_ANSWER) throw conflict(`An answer keeps at most ${MAX_CONTENTS_PER_ANSWER} contents`);
    const { rows } = await client.query<AnswerRow & { inserted: boolean }>(
      `INSERT INTO questionnaires.answers ("assessmentId", "questionId", "questionnaireId", "questionnaireVersion", "senderId", "receiverId", content, status, "updatedAt")
       VALUES ($1, $2, $3, $4, $5, $6, jsonb_build_array($7::jsonb), $8, now())
       ON CONFLICT ("assessmentId", "questionId") DO UPDATE
         SET content = answers.content || jsonb_build_array($7::jsonb), status = $8, grade = NULL, "updatedAt" = now()
       RETURNING ${ANSWER_COLUMNS}, (xmax = 0) AS inserted`,
      [
        assessmentId,
        questionId,
        assessment.questionnaireId,
        assessment.questionnaireVersion,
        assessment.senderId,
        assessment.receiverId,
        JSON.stringify(entry),
        status,
      ],
    );
    const { inserted, ...answer } = rows[0];
    await regrade(client, assessmentId);
    // Events carry the attachments as Attachment records (the API answers them through the documents subgraph).
    const records = await attachmentRecords(
      client,
      answer.content.flatMap((e) => e.attachmentIds),
    );
    const eventView = (side: AssessmentSide) => {
      const view = answerView(answer, side);
      return { ...view, content: view.content.map((entry) => ({ ...entry, attachments: recordsOf(records, entry.attachmentIds) })) };
    };
    await writeEvents(
      client,
      eventsForBothSides(assessment, inserted ? EVENT.AnswerCreated : EVENT.AnswerUpdated, SOURCE.answer, eventView, metadataOf(actor)),
    );
    return answer;
  });
}

export const REVIEW_STATUSES = ['APPROVED', 'REJECTED', 'REQUESTED_CLARIFICATION'] as const;

/** The sender's review of one answer while the assessment awaits it: a status, a grade, or both. */
export async function reviewAnswer(
  pool: pg.Pool,
  actor: Actor,
  assessmentId: string,
  questionId: string,
  input: { status?: string | null; grade?: AnswerGrade | null },
): Promise<AnswerRow> {
  if (!input.status && !input.grade) throw badRequest('give a status, a grade or both', 'status');
  if (input.status && !(REVIEW_STATUSES as readonly string[]).includes(input.status))
    throw badRequest(`status must be one of ${REVIEW_STATUSES.join(', ')}`, 'status');
  return inTransaction(pool, async (client) => {
    const assessment = await lockedAssessment(client, assessmentId);
    if (assessment.status !== 'REQUESTED_REVIEW') throw conflict(`The assessment is ${assessment.status}; answers are reviewed while it is REQUESTED_REVIEW`);
    const { rows } = await client.query<AnswerRow>(
      `UPDATE questionnaires.answers SET status = coalesce($3, status), grade = coalesce($4, grade), "updatedAt" = now()
        WHERE "assessmentId" = $1 AND "questionId" = $2 RETURNING ${ANSWER_COLUMNS}`,
      [assessmentId, questionId, input.status ?? null, input.grade ?? null],
    );
    if (!rows[0]) throw notFound('Answer');
    await regrade(client, assessmentId);
    await writeEvents(
      client,
      eventsForBothSides(assessment, EVENT.AnswerUpdated, SOURCE.answer, (side: AssessmentSide) => answerView(rows[0], side), metadataOf(actor)),
    );
    return rows[0];
  });
}
