import type pg from 'pg';
import { badRequest } from '../../lib/errors';
import { EVENT_SOURCES, type EventName, type EventSource, type NewEvent, recordEventSql } from '../../lib/events';
import type { AssessmentSide } from '../../lib/visibility';
import type { AnswerContent, AnswerStatus } from './answer-content';
import type { AssessmentStatus } from './assessment-status';
import type { ElementProps, ElementType } from './element-props';
import type { AnswerGrade } from './grade';

// SQL over the pg pool, by the rule in docs/development.md (Data access): the subgraph's statements are ones
// Prisma cannot say in one round trip: the answer upsert that appends a content to its JSON history and tells
// whether it inserted (ON CONFLICT … content || …, xmax = 0), the set-based hand-over of answers
// (UPDATE … RETURNING), a version copied in one INSERT … SELECT, elements in the byte order of their ranks
// (COLLATE "C"), keyset pages, the grade read over the questions' JSON props. The other statements of the same
// change run in its transaction (lib/db.ts inTransaction, the assessment locked FOR UPDATE) on the same client,
// and the reads share these column lists with those writes.

export type Db = pg.Pool | pg.PoolClient;

/**
 * One page of a list read by keyset: at most `limit` rows after the row `afterId` (the id a cursor
 * holds; null for the first page). Absent: the whole list (the REST routes' unpaged lists).
 */
export interface Page {
  limit: number;
  afterId: string | null;
}

export interface QuestionnaireRow {
  id: string;
  organizationId: string;
  name: string;
  description: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface ElementRow {
  id: string;
  organizationId: string;
  questionnaireId: string;
  questionnaireVersion: number;
  order: string;
  type: ElementType;
  props: ElementProps;
  attachmentIds: string[];
  createdAt: Date;
  updatedAt: Date;
}

export interface ContactInformation {
  name: string;
  email: string;
  phone?: string | null;
}

export interface AssessmentRow {
  id: string;
  questionnaireId: string;
  questionnaireVersion: number;
  senderId: string;
  receiverId: string;
  name: string;
  description: string;
  dueDate: Date;
  firstRequestedReviewAt: Date | null;
  status: AssessmentStatus;
  contactInformation: ContactInformation[];
  grade: number | null;
  reviewNotes: string;
  overdueAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface AnswerContentEntry {
  attachmentIds: string[];
  content: AnswerContent;
  createdAt: string;
}

export interface AnswerRow {
  assessmentId: string;
  questionId: string;
  questionnaireId: string;
  questionnaireVersion: number;
  senderId: string;
  receiverId: string;
  /** Every content the receiver gave, oldest first: the last one is the answer. */
  content: AnswerContentEntry[];
  status: AnswerStatus;
  grade: AnswerGrade | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface CommentRow {
  id: string;
  organizationId: string;
  userId: string;
  assessmentId: string;
  questionId: string | null;
  content: string;
  attachmentIds: string[];
  createdAt: Date;
}

export const SOURCE = {
  questionnaire: EVENT_SOURCES.questionnaire,
  question: EVENT_SOURCES.question,
  element: EVENT_SOURCES.element,
  assessment: EVENT_SOURCES.assessment,
  answer: EVENT_SOURCES.answer,
  comment: EVENT_SOURCES.assessmentComment,
} as const;

export const ELEMENT_COLUMNS = `id, "organizationId", "questionnaireId", "questionnaireVersion", "order", type, props, coalesce("attachmentIds", '{}') AS "attachmentIds", "createdAt", "updatedAt"`;
export const ASSESSMENT_COLUMNS = `id, "questionnaireId", "questionnaireVersion", "senderId", "receiverId", name, description, "dueDate", "firstRequestedReviewAt", status, "contactInformation", grade, "reviewNotes", "overdueAt", "createdAt", "updatedAt"`;
export const ANSWER_COLUMNS = `"assessmentId", "questionId", "questionnaireId", "questionnaireVersion", "senderId", "receiverId", content, status, grade, "createdAt", "updatedAt"`;

export async function findAssessment(db: Db, id: string, lock = false): Promise<AssessmentRow | null> {
  const { rows } = await db.query<AssessmentRow>(`SELECT ${ASSESSMENT_COLUMNS} FROM questionnaires.assessments WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [
    id,
  ]);
  return rows[0] ?? null;
}

/** The elements of one version of a questionnaire, in order. */
export async function elementsOf(db: Db, questionnaireId: string, version: number): Promise<ElementRow[]> {
  const { rows } = await db.query<ElementRow>(
    `SELECT ${ELEMENT_COLUMNS} FROM questionnaires.elements
      WHERE "questionnaireId" = $1 AND "questionnaireVersion" = $2 AND "deletedAt" IS NULL
      ORDER BY "order" COLLATE "C"`,
    [questionnaireId, version],
  );
  return rows;
}

export async function answersOf(db: Db, assessmentId: string): Promise<AnswerRow[]> {
  const { rows } = await db.query<AnswerRow>(
    `SELECT ${ANSWER_COLUMNS} FROM questionnaires.answers WHERE "assessmentId" = $1 ORDER BY "createdAt", "questionId"`,
    [assessmentId],
  );
  return rows;
}

export type EventToWrite = NewEvent;

/** Appends to the event log in the caller's transaction (lib/events.ts, the one way to write), so the change and its events land together. */
export async function writeEvents(db: Db, events: EventToWrite[]): Promise<void> {
  for (const event of events) await recordEventSql(db, event);
}

/**
 * An assessment event goes to both organizations' logs, each with the data its side may read.
 * `view(side)` builds that data.
 */
export function eventsForBothSides(
  assessment: { senderId: string; receiverId: string },
  name: EventName,
  source: EventSource,
  view: (side: AssessmentSide) => object,
  metadata: Record<string, string>,
): EventToWrite[] {
  return [
    { organizationId: assessment.senderId, name, source, data: view('sender'), metadata },
    { organizationId: assessment.receiverId, name, source, data: view('receiver'), metadata },
  ];
}

const MAX_ATTACHMENTS = 50;

/**
 * Attachment ids must be attachments of `organizationId` (documents.attachment_records, the documents
 * subgraph's read contract: subgraphs/read-contracts.ts). A foreign
 * or unknown id answers one BAD_REQUEST that does not say which of the two it was.
 */
/** An attachment as events carry it (the spec's Attachment record, without a download URL: events travel to webhooks). */
export interface AttachmentRecord {
  id: string;
  fileName: string;
  contentLength: number;
  contentType: string;
  contentMD5: string;
  createdAt: Date;
  expiresAt: Date | null;
}

/**
 * The Attachment records of `ids` for an event's payload, read from documents.attachment_records (the
 * documents subgraph's read contract). Ids of
 * attachments deleted since are left out.
 */
export async function attachmentRecords(db: Db, ids: readonly string[]): Promise<Map<string, AttachmentRecord>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const { rows } = await db.query<AttachmentRecord>(
    `SELECT id, "fileName", "contentLength"::float8 AS "contentLength", "contentType", "contentMD5", "createdAt", "expiresAt"
       FROM documents.attachment_records WHERE id = ANY($1::uuid[])`,
    [unique],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

export const recordsOf = (records: Map<string, AttachmentRecord>, ids: readonly string[]) =>
  ids.map((id) => records.get(id)).filter((r): r is AttachmentRecord => r !== undefined);

export async function requireOwnAttachments(db: Db, organizationId: string, ids: readonly string[] | null | undefined): Promise<string[]> {
  const unique = [...new Set(ids ?? [])];
  if (unique.length === 0) return [];
  if (unique.length > MAX_ATTACHMENTS) throw badRequest(`at most ${MAX_ATTACHMENTS} attachments`, 'attachmentIds');
  const { rows: table } = await db.query<{ present: boolean }>(`SELECT to_regclass('documents.attachment_records') IS NOT NULL AS present`);
  if (!table[0].present) throw badRequest('attachments are not available', 'attachmentIds');
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM documents.attachment_records WHERE id = ANY($1::uuid[]) AND "organizationId" = $2`, [
    unique,
    organizationId,
  ]);
  if (rows.length !== unique.length) throw badRequest('attachmentIds must be attachments of the organization', 'attachmentIds');
  return unique;
}
