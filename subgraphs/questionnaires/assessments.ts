import type pg from 'pg';
import { inTransaction } from '../../lib/db';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { EVENT } from '../../lib/events';
import * as valid from '../../lib/validate';
import type { AssessmentSide } from '../../lib/visibility';
import { type AssessmentStatus, requireMove } from './assessment-status';
import {
  ANSWER_COLUMNS,
  type AnswerRow,
  ASSESSMENT_COLUMNS,
  type AssessmentRow,
  answersOf,
  type ContactInformation,
  type Db,
  elementsOf,
  eventsForBothSides,
  findAssessment,
  type Page,
  SOURCE,
  writeEvents,
} from './store';
import { type Actor, findQuestionnaire } from './templates';
import { answerView, assessmentView } from './views';

/**
 * Assessments: the sender sends one version of its questionnaire to a receiver it has a follow
 * relation with (an accepted follow in either direction, between live organizations); any other
 * organization id answers not-found, like an id of no organization.
 */

const MAX_CONTACTS = 20;

export function contactInformation(value: ReadonlyArray<{ name?: unknown; email?: unknown; phone?: unknown }> | null | undefined): ContactInformation[] {
  const list = value ?? [];
  if (list.length > MAX_CONTACTS) throw badRequest(`at most ${MAX_CONTACTS} contacts`, 'contactInformation');
  return list.map((c) => ({
    name: valid.name(c?.name, 'contactInformation.name'),
    email: valid.email(c?.email, 'contactInformation.email'),
    ...(c?.phone == null ? {} : { phone: valid.name(c.phone, 'contactInformation.phone', 50) }),
  }));
}

async function related(db: Db, a: string, b: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM organizations.live_follows f
      WHERE (f."followerId" = $1 AND f."followedId" = $2) OR (f."followerId" = $2 AND f."followedId" = $1) LIMIT 1`,
    [a, b],
  );
  return rows.length > 0;
}

export interface CreateAssessmentInput {
  questionnaireId: string;
  receiverId: string;
  name: string;
  description: string;
  dueDate: Date;
  contactInformation: ContactInformation[];
}

const metadataOf = (actor: Actor) => ({ userId: actor.userId, organizationId: actor.organizationId });

export async function createAssessment(pool: pg.Pool, actor: Actor, input: CreateAssessmentInput): Promise<AssessmentRow> {
  if (input.receiverId === actor.organizationId) throw badRequest('receiverId must be another organization', 'receiverId');
  return inTransaction(pool, async (client) => {
    // Locked: an element edit running now must see this assessment and version its change.
    const questionnaire = await findQuestionnaire(client, actor.organizationId, input.questionnaireId, true);
    if (!(await related(client, actor.organizationId, input.receiverId))) throw notFound('Organization');
    const elements = await elementsOf(client, questionnaire.id, questionnaire.version);
    if (!elements.some((e) => e.type === 'QUESTION')) throw badRequest('the questionnaire has no question yet', 'questionnaireId');
    const { rows } = await client.query<AssessmentRow>(
      `INSERT INTO questionnaires.assessments (id, "questionnaireId", "questionnaireVersion", "senderId", "receiverId", name, description, "dueDate", "contactInformation", "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8::jsonb, now()) RETURNING ${ASSESSMENT_COLUMNS}`,
      [
        questionnaire.id,
        questionnaire.version,
        actor.organizationId,
        input.receiverId,
        input.name,
        input.description,
        input.dueDate,
        JSON.stringify(input.contactInformation),
      ],
    );
    const assessment = rows[0];
    await writeEvents(
      client,
      eventsForBothSides(assessment, EVENT.AssessmentCreated, SOURCE.assessment, (side) => assessmentView(assessment, side), metadataOf(actor)),
    );
    return assessment;
  });
}

export interface UpdateAssessmentInput {
  name?: string;
  description?: string;
  dueDate?: Date;
  contactInformation?: ContactInformation[];
  reviewNotes?: string;
}

/** The sender's edit; a new due date clears the overdue flag, so a later one is flagged (and logged) again. */
export async function updateAssessment(pool: pg.Pool, actor: Actor, id: string, input: UpdateAssessmentInput): Promise<AssessmentRow> {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<AssessmentRow>(
      `UPDATE questionnaires.assessments
          SET name = coalesce($2, name), description = coalesce($3, description), "dueDate" = coalesce($4, "dueDate"),
              "contactInformation" = coalesce($5::jsonb, "contactInformation"), "reviewNotes" = coalesce($6, "reviewNotes"),
              "overdueAt" = CASE WHEN $4::timestamptz IS NULL THEN "overdueAt" END, "updatedAt" = now()
        WHERE id = $1 RETURNING ${ASSESSMENT_COLUMNS}`,
      [
        id,
        input.name ?? null,
        input.description ?? null,
        input.dueDate ?? null,
        input.contactInformation ? JSON.stringify(input.contactInformation) : null,
        input.reviewNotes ?? null,
      ],
    );
    const assessment = rows[0];
    await writeEvents(
      client,
      eventsForBothSides(assessment, EVENT.AssessmentUpdated, SOURCE.assessment, (side) => assessmentView(assessment, side), metadataOf(actor)),
    );
    return assessment;
  });
}

/**
 * One move of the workflow (assessment-status.ts). Asking for review needs every required question
 * answered, and hands the answers given since (NEW) to the sender (REQUESTED_REVIEW).
 */
export async function moveAssessment(pool: pg.Pool, actor: Actor, side: AssessmentSide, id: string, to: AssessmentStatus): Promise<AssessmentRow> {
  return inTransaction(pool, async (client) => {
    const current = await findAssessment(client, id, true);
    if (!current) throw notFound('Assessment');
    requireMove(current.status, to, side);
    let handedOver: AnswerRow[] = [];
    if (to === 'REQUESTED_REVIEW') {
      const answered = new Set((await answersOf(client, id)).map((a) => a.questionId));
      const missing = (await elementsOf(client, current.questionnaireId, current.questionnaireVersion)).filter(
        (e) => e.props.params?.required && !answered.has(e.id),
      );
      if (missing.length) throw conflict(`Required questions are not answered yet: ${missing.map((e) => e.props.title).join('; ')}`);
      ({ rows: handedOver } = await client.query<AnswerRow>(
        `UPDATE questionnaires.answers SET status = 'REQUESTED_REVIEW', "updatedAt" = now() WHERE "assessmentId" = $1 AND status = 'NEW' RETURNING ${ANSWER_COLUMNS}`,
        [id],
      ));
    }
    const { rows } = await client.query<AssessmentRow>(
      `UPDATE questionnaires.assessments SET status = $2, "updatedAt" = now(),
              "firstRequestedReviewAt" = CASE WHEN $2 = 'REQUESTED_REVIEW' THEN coalesce("firstRequestedReviewAt", now()) ELSE "firstRequestedReviewAt" END
        WHERE id = $1 RETURNING ${ASSESSMENT_COLUMNS}`,
      [id, to],
    );
    const assessment = rows[0];
    const metadata = metadataOf(actor);
    await writeEvents(client, [
      ...eventsForBothSides(assessment, EVENT.AssessmentUpdated, SOURCE.assessment, (s) => assessmentView(assessment, s), metadata),
      ...handedOver.flatMap((answer) => eventsForBothSides(assessment, EVENT.AnswerUpdated, SOURCE.answer, (s) => answerView(answer, s), metadata)),
    ]);
    return assessment;
  });
}

/** The assessments an organization sent and received, newest first (a page of them when `page` is given). */
export async function listAssessments(db: Db, organizationId: string, role: 'SENT' | 'RECEIVED' | null, page?: Page): Promise<AssessmentRow[]> {
  const { rows } = await db.query<AssessmentRow>(
    `WITH after AS (SELECT "createdAt", id FROM questionnaires.assessments WHERE id = $3)
     SELECT ${ASSESSMENT_COLUMNS} FROM questionnaires.assessments a
      WHERE (($2::text IS DISTINCT FROM 'RECEIVED' AND "senderId" = $1) OR ($2::text IS DISTINCT FROM 'SENT' AND "receiverId" = $1))
        AND ($3::uuid IS NULL OR EXISTS (SELECT 1 FROM after WHERE a."createdAt" < after."createdAt" OR (a."createdAt" = after."createdAt" AND a.id > after.id)))
      ORDER BY "createdAt" DESC, id
      LIMIT $4`,
    [organizationId, role, page?.afterId ?? null, page?.limit ?? null],
  );
  return rows;
}
