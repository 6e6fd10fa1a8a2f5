import DataLoader from 'dataloader';
import type { Database } from '../../lib/db';
import { ANSWER_COLUMNS, type AnswerRow, ELEMENT_COLUMNS, type ElementRow } from './store';

/**
 * Per-request batching: a list of assessments (or templates) reads its elements and answers in one
 * query per kind per tick, not one per assessment. Authorization is done before: these load rows of
 * assessments and versions the caller was already allowed to read.
 */
export function createLoaders(db: Database) {
  return {
    /** Elements of one version, in order; key `questionnaireId:version`. */
    elementsOfVersion: new DataLoader<string, ElementRow[]>(async (keys) => {
      const pairs = keys.map((key) => key.split(':'));
      const { rows } = await db.pool.query<ElementRow>(
        `SELECT ${ELEMENT_COLUMNS} FROM questionnaires.elements
          WHERE ("questionnaireId", "questionnaireVersion") IN (SELECT * FROM unnest($1::uuid[], $2::int[])) AND "deletedAt" IS NULL
          ORDER BY "order" COLLATE "C"`,
        [pairs.map((p) => p[0]), pairs.map((p) => Number(p[1]))],
      );
      return keys.map((key) => rows.filter((row) => `${row.questionnaireId}:${row.questionnaireVersion}` === key));
    }),
    /**
     * Whether each attachment id is still there (not expired, not deleted): documents.attachment_records,
     * the documents subgraph's read contract. The documents subgraph resolves a gone one to null, which an
     * `attachments: [Attachment!]!` list cannot hold, so only live ones are listed.
     */
    liveAttachment: new DataLoader<string, boolean>(async (ids) => {
      const { rows } = await db.pool.query<{ id: string }>(
        `SELECT id FROM documents.attachment_records WHERE id = ANY($1::uuid[]) AND ("expiresAt" IS NULL OR "expiresAt" > now())`,
        [[...ids]],
      );
      const live = new Set(rows.map((row) => row.id));
      return ids.map((id) => live.has(id));
    }),
    answersOfAssessment: new DataLoader<string, AnswerRow[]>(async (ids) => {
      const { rows } = await db.pool.query<AnswerRow>(
        `SELECT ${ANSWER_COLUMNS} FROM questionnaires.answers WHERE "assessmentId" = ANY($1::uuid[]) ORDER BY "createdAt", "questionId"`,
        [[...ids]],
      );
      return ids.map((id) => rows.filter((row) => row.assessmentId === id));
    }),
  };
}

export type QuestionnairesLoaders = ReturnType<typeof createLoaders>;
