import type pg from 'pg';
import { inTransaction } from '../../lib/db';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { EVENT } from '../../lib/events';
import { rankBetween } from './element-order';
import { ELEMENT_TYPES, type ElementType, elementProps } from './element-props';
import {
  attachmentRecords,
  type Db,
  ELEMENT_COLUMNS,
  type ElementRow,
  elementsOf,
  type Page,
  type QuestionnaireRow,
  recordsOf,
  requireOwnAttachments,
  SOURCE,
  writeEvents,
} from './store';

/**
 * Questionnaire templates and their elements. A template is versioned: its elements belong to one
 * `questionnaireVersion`. Editing the elements of a version that has been sent (an assessment holds
 * it) first copies them into version + 1 (new element ids), then edits the copy: the assessment
 * keeps the version it was sent with, unchanged. Editing a version nobody was sent edits in place.
 * Name and description are the template's, not a version's: they change without a new version.
 */

/** Bounds what one version holds (each assessment read walks its version's elements). */
export const MAX_ELEMENTS_PER_VERSION = 500;

const QUESTIONNAIRE_COLUMNS = `id, "organizationId", name, description, version, "createdAt", "updatedAt"`;

export interface Actor {
  userId: string;
  organizationId: string;
}

const metadataOf = (actor: Actor) => ({ userId: actor.userId, organizationId: actor.organizationId });

export async function findQuestionnaire(db: Db, organizationId: string, id: string, lock = false): Promise<QuestionnaireRow> {
  const { rows } = await db.query<QuestionnaireRow>(
    `SELECT ${QUESTIONNAIRE_COLUMNS} FROM questionnaires.questionnaires WHERE id = $1 AND "organizationId" = $2 AND "deletedAt" IS NULL${lock ? ' FOR UPDATE' : ''}`,
    [id, organizationId],
  );
  if (!rows[0]) throw notFound('Questionnaire');
  return rows[0];
}

/** The organization's templates, oldest first (a page of them when `page` is given). */
export async function listQuestionnaires(db: Db, organizationId: string, page?: Page): Promise<QuestionnaireRow[]> {
  const { rows } = await db.query<QuestionnaireRow>(
    `WITH after AS (SELECT "createdAt", id FROM questionnaires.questionnaires WHERE id = $2)
     SELECT ${QUESTIONNAIRE_COLUMNS} FROM questionnaires.questionnaires q
      WHERE "organizationId" = $1 AND "deletedAt" IS NULL
        AND ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM after WHERE (q."createdAt", q.id) > (after."createdAt", after.id)))
      ORDER BY "createdAt", id
      LIMIT $3`,
    [organizationId, page?.afterId ?? null, page?.limit ?? null],
  );
  return rows;
}

export async function createQuestionnaire(pool: pg.Pool, actor: Actor, input: { name: string; description: string }): Promise<QuestionnaireRow> {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<QuestionnaireRow>(
      `INSERT INTO questionnaires.questionnaires (id, "organizationId", name, description, version, "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, $3, 1, now()) RETURNING ${QUESTIONNAIRE_COLUMNS}`,
      [actor.organizationId, input.name, input.description],
    );
    await writeEvents(client, [
      { organizationId: actor.organizationId, name: EVENT.QuestionnaireCreated, source: SOURCE.questionnaire, data: rows[0], metadata: metadataOf(actor) },
    ]);
    return rows[0];
  });
}

export async function updateQuestionnaire(pool: pg.Pool, actor: Actor, id: string, input: { name?: string; description?: string }): Promise<QuestionnaireRow> {
  await findQuestionnaire(pool, actor.organizationId, id);
  const { rows } = await pool.query<QuestionnaireRow>(
    `UPDATE questionnaires.questionnaires SET name = coalesce($3, name), description = coalesce($4, description), "updatedAt" = now()
      WHERE id = $1 AND "organizationId" = $2 RETURNING ${QUESTIONNAIRE_COLUMNS}`,
    [id, actor.organizationId, input.name ?? null, input.description ?? null],
  );
  return rows[0];
}

/**
 * The version an edit may change, and old element id → id in that version. A version an assessment
 * holds is copied to a new one first (the questionnaire row is locked by the caller).
 */
async function editableVersion(client: pg.PoolClient, questionnaire: QuestionnaireRow): Promise<{ version: number; idOf(id: string): string }> {
  const { rows: sent } = await client.query(`SELECT 1 FROM questionnaires.assessments WHERE "questionnaireId" = $1 AND "questionnaireVersion" = $2 LIMIT 1`, [
    questionnaire.id,
    questionnaire.version,
  ]);
  if (sent.length === 0) return { version: questionnaire.version, idOf: (id) => id };
  const version = questionnaire.version + 1;
  const { rows } = await client.query<{ oldId: string; newId: string }>(
    `WITH old AS (SELECT * FROM questionnaires.elements WHERE "questionnaireId" = $1 AND "questionnaireVersion" = $2 AND "deletedAt" IS NULL),
          copied AS (
            INSERT INTO questionnaires.elements (id, "organizationId", "questionnaireId", "questionnaireVersion", "order", type, props, "attachmentIds", "updatedAt")
            SELECT gen_random_uuid(), "organizationId", "questionnaireId", $3, "order", type, props, "attachmentIds", now() FROM old
            RETURNING id, "order")
     SELECT old.id AS "oldId", copied.id AS "newId" FROM old JOIN copied USING ("order")`,
    [questionnaire.id, questionnaire.version, version],
  );
  await client.query(`UPDATE questionnaires.questionnaires SET version = $2, "updatedAt" = now() WHERE id = $1`, [questionnaire.id, version]);
  const ids = new Map(rows.map((r) => [r.oldId, r.newId]));
  return { version, idOf: (id) => ids.get(id) ?? id };
}

async function findElement(db: Db, questionnaireId: string, version: number, id: string): Promise<ElementRow> {
  const { rows } = await db.query<ElementRow>(
    `SELECT ${ELEMENT_COLUMNS} FROM questionnaires.elements WHERE id = $1 AND "questionnaireId" = $2 AND "questionnaireVersion" = $3 AND "deletedAt" IS NULL`,
    [id, questionnaireId, version],
  );
  if (!rows[0]) throw notFound('Element');
  return rows[0];
}

export interface ElementInput {
  type: string;
  props: Parameters<typeof elementProps>[1];
  /** Place it right after this element (or before `before`); neither: at the end. */
  after?: string | null;
  before?: string | null;
  attachmentIds?: string[] | null;
}

/** The rank of a new element: after `after`, before `before`, or last. */
function rankFor(elements: ElementRow[], after: string | null, before: string | null): string {
  if (after && before) throw badRequest('give after or before, not both', 'after');
  const index = (id: string, field: string) => {
    const i = elements.findIndex((e) => e.id === id);
    if (i < 0) throw badRequest(`${field} must be an element of the questionnaire`, field);
    return i;
  };
  if (after) {
    const i = index(after, 'after');
    return rankBetween(elements[i].order, elements[i + 1]?.order ?? null);
  }
  if (before) {
    const i = index(before, 'before');
    return rankBetween(elements[i - 1]?.order ?? null, elements[i].order);
  }
  return rankBetween(elements.at(-1)?.order ?? null, null);
}

export async function createElement(pool: pg.Pool, actor: Actor, questionnaireId: string, input: ElementInput): Promise<ElementRow> {
  if (!(ELEMENT_TYPES as readonly string[]).includes(input.type)) throw badRequest(`type must be one of ${ELEMENT_TYPES.join(', ')}`, 'type');
  const type = input.type as ElementType;
  const props = elementProps(type, input.props);
  return inTransaction(pool, async (client) => {
    const questionnaire = await findQuestionnaire(client, actor.organizationId, questionnaireId, true);
    const attachmentIds = await requireOwnAttachments(client, actor.organizationId, input.attachmentIds);
    const { version, idOf } = await editableVersion(client, questionnaire);
    const elements = await elementsOf(client, questionnaireId, version);
    if (elements.length >= MAX_ELEMENTS_PER_VERSION) throw conflict(`A questionnaire holds at most ${MAX_ELEMENTS_PER_VERSION} elements`);
    const order = rankFor(elements, input.after ? idOf(input.after) : null, input.before ? idOf(input.before) : null);
    const { rows } = await client.query<ElementRow>(
      `INSERT INTO questionnaires.elements (id, "organizationId", "questionnaireId", "questionnaireVersion", "order", type, props, "attachmentIds", "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6::jsonb, $7::uuid[], now()) RETURNING ${ELEMENT_COLUMNS}`,
      [actor.organizationId, questionnaireId, version, order, type, JSON.stringify(props), attachmentIds],
    );
    const element = rows[0];
    const metadata = metadataOf(actor);
    // ElementCreated carries the attachments as Attachment records beside their ids (the spec's payload).
    const withAttachments = { ...element, attachments: recordsOf(await attachmentRecords(client, attachmentIds), attachmentIds) };
    await writeEvents(client, [
      { organizationId: actor.organizationId, name: EVENT.ElementCreated, source: SOURCE.element, data: withAttachments, metadata },
      ...(type === 'QUESTION' ? [{ organizationId: actor.organizationId, name: EVENT.QuestionCreated, source: SOURCE.question, data: element, metadata }] : []),
    ]);
    return element;
  });
}

export async function updateElement(
  pool: pg.Pool,
  actor: Actor,
  questionnaireId: string,
  elementId: string,
  input: { props?: ElementInput['props'] | null; attachmentIds?: string[] | null },
): Promise<ElementRow> {
  return inTransaction(pool, async (client) => {
    const questionnaire = await findQuestionnaire(client, actor.organizationId, questionnaireId, true);
    const current = await findElement(client, questionnaireId, questionnaire.version, elementId);
    const props = input.props ? elementProps(current.type, input.props) : current.props;
    const attachmentIds = input.attachmentIds ? await requireOwnAttachments(client, actor.organizationId, input.attachmentIds) : current.attachmentIds;
    const { version, idOf } = await editableVersion(client, questionnaire);
    const { rows } = await client.query<ElementRow>(
      `UPDATE questionnaires.elements SET props = $3::jsonb, "attachmentIds" = $4::uuid[], "updatedAt" = now()
        WHERE id = $1 AND "questionnaireVersion" = $2 RETURNING ${ELEMENT_COLUMNS}`,
      [idOf(elementId), version, JSON.stringify(props), attachmentIds],
    );
    return rows[0];
  });
}

export async function deleteElement(pool: pg.Pool, actor: Actor, questionnaireId: string, elementId: string): Promise<ElementRow> {
  return inTransaction(pool, async (client) => {
    const questionnaire = await findQuestionnaire(client, actor.organizationId, questionnaireId, true);
    await findElement(client, questionnaireId, questionnaire.version, elementId);
    const { version, idOf } = await editableVersion(client, questionnaire);
    const { rows } = await client.query<ElementRow>(
      `UPDATE questionnaires.elements SET "deletedAt" = now(), "updatedAt" = now() WHERE id = $1 AND "questionnaireVersion" = $2 RETURNING ${ELEMENT_COLUMNS}`,
      [idOf(elementId), version],
    );
    await writeEvents(client, [
      { organizationId: actor.organizationId, name: EVENT.ElementDeleted, source: SOURCE.element, data: rows[0], metadata: metadataOf(actor) },
    ]);
    return rows[0];
  });
}
