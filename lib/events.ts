import type pg from 'pg';
import type { Tx } from './db';
import { badRequest } from './errors';

/**
 * The event registry: every event name Vigil writes, per entity (as GET /events/names lists them),
 * and the `source` its writers stamp on it. test/lib/event-registry.test.ts fails when code writes a
 * name or a source that is not here; `EventName` types every writer's `name`.
 */
export const EVENT_SOURCES = {
  alert: 'service.alert',
  alertComment: 'service.alert.comment',
  answer: 'service.questionnaire.answer',
  assessment: 'service.assessment',
  assessmentComment: 'service.assessment.comment',
  attachment: 'service.attachment',
  element: 'service.questionnaire.element',
  follower: 'service.organization.follower',
  following: 'service.organization.following',
  member: 'service.organization.member',
  organization: 'service.organization',
  question: 'service.questionnaire.question',
  questionnaire: 'service.questionnaire',
  scan: 'service.scan',
  scanTarget: 'service.scantarget',
  webhook: 'service.webhook',
} as const satisfies Record<keyof typeof EVENT_NAMES, string>;

/** Event names per entity, as GET /events/names lists them. */
export const EVENT_NAMES = {
  alert: ['AlertCreated', 'AlertUpdated', 'AlertFollowingCreated', 'AlertFollowingUpdated'],
  alertComment: ['AlertCommentCreated'],
  answer: ['AnswerCreated', 'AnswerUpdated'],
  assessment: ['AssessmentCreated', 'AssessmentUpdated', 'AssessmentOverdue'],
  assessmentComment: ['AssessmentCommentCreated'],
  attachment: ['AttachmentCreated', 'AttachmentUpdated'],
  element: ['ElementCreated', 'ElementDeleted'],
  follower: ['FollowerRequested', 'FollowerRequestDeleted', 'FollowerRemoved'],
  following: ['FollowingRequested', 'FollowingAccepted', 'FollowingDeclined', 'FollowingUpdated', 'FollowingRemoved'],
  member: [
    'MemberInvited',
    'MemberInviteResent',
    'MemberInviteDeleted',
    'MemberJoined',
    'MemberUpdated',
    'MemberRemoved',
    'MemberMfaResetRequested',
    'MemberPasswordResetRequested',
  ],
  organization: ['OrganizationCreated', 'OrganizationUpdated', 'OrganizationDeleted'],
  question: ['QuestionCreated'],
  questionnaire: ['QuestionnaireCreated'],
  scan: ['ScanCreated', 'ScanStarted', 'ScanCompleted', 'ScanFailed', 'ScanStopped'],
  scanTarget: ['ScanTargetCreated', 'ScanTargetUpdated', 'ScanTargetDeleted'],
  webhook: ['WebhookCreated', 'WebhookUpdated', 'WebhookDeleted', 'WebhookDisabled'],
} as const;

export type EventName = (typeof EVENT_NAMES)[keyof typeof EVENT_NAMES][number];

/** Every event name, in the registry's order. */
export const ALL_EVENT_NAMES: readonly EventName[] = Object.values(EVENT_NAMES).flat();

/**
 * A webhook's `eventNames` as given (null or absent: every event): at least one, each known, without
 * repeats; 400 naming `eventNames` otherwise. The GraphQL enum already refuses unknown names; REST,
 * which takes any string, checks here first so its answer names the event.
 */
export function checkEventNames(names: readonly string[] | null | undefined): string[] | null {
  if (names === null || names === undefined) return null;
  if (names.length === 0) throw badRequest('eventNames must name at least one event, or be null for every event', 'eventNames');
  if (names.length > ALL_EVENT_NAMES.length) throw badRequest('eventNames has too many entries', 'eventNames');
  const unknown = names.filter((name) => !(ALL_EVENT_NAMES as readonly string[]).includes(name));
  if (unknown.length) throw badRequest(`eventNames: unknown event name ${JSON.stringify(unknown[0])} (see GET /events/names)`, 'eventNames');
  return [...new Set(names)];
}

export type EventSource = (typeof EVENT_SOURCES)[keyof typeof EVENT_SOURCES];

/**
 * Every event name as a constant (`EVENT.AlertUpdated`): code names events through this and sources
 * through EVENT_SOURCES, never as string literals (test/lib/one-event-writer.test.ts).
 */
export const EVENT = Object.fromEntries(ALL_EVENT_NAMES.map((name) => [name, name])) as { readonly [N in EventName]: N };

export interface NewEvent {
  organizationId: string;
  name: EventName;
  source: EventSource;
  data: object;
  metadata?: Record<string, string>;
}

/**
 * The one statement that appends to the event log, in its two forms: one event from parameters
 * (APPEND) and one event per row of a set (appendEventsSql). seq, createdAt and version come from the
 * table's defaults; the id is generated.
 */
const INSERT = `INSERT INTO documents.events (id, "organizationId", name, source, data, metadata)`;
const APPEND = `${INSERT} VALUES (gen_random_uuid(), $1::uuid, $2, $3, $4::jsonb, $5::jsonb)`;
const appendValues = (event: NewEvent) => [event.organizationId, event.name, event.source, JSON.stringify(event.data), JSON.stringify(event.metadata ?? {})];

/** Appends to the event log inside the caller's (Prisma) transaction, so the change and its event land together. */
export async function recordEvent(tx: Tx, event: NewEvent): Promise<void> {
  await tx.$executeRawUnsafe(APPEND, ...appendValues(event));
}

/** recordEvent for raw-SQL code: `client` holds the caller's transaction. */
export async function recordEventSql(client: pg.PoolClient | pg.Pool, event: NewEvent): Promise<void> {
  await client.query(APPEND, appendValues(event));
}

/** A registered name or source as an SQL literal (registry values are letters and dots: nothing to escape). */
function registered(value: EventName | EventSource): string {
  if (!/^[A-Za-z.]+$/.test(value)) throw new Error(`not a registered event name or source: ${value}`);
  return `'${value}'`;
}

/** Set-based appends: one event per row of `from`, every value an SQL expression over its rows. */
export interface EventRows {
  /** The rows: a CTE or table name, or a parenthesized SELECT, with its alias (`updated u`). */
  from: string;
  /** Keeps only some rows (SQL condition), e.g. the organization's attachments, not a user's own. */
  where?: string;
  organizationId: string;
  /** One name for every row, or [condition, name when true, name otherwise]. */
  name: EventName | readonly [condition: string, whenTrue: EventName, otherwise: EventName];
  source: EventSource;
  data: string;
  /** Defaults to an empty object. */
  metadata?: string;
}

/**
 * The set-based append, for statements that change many rows and log each change in the same
 * statement (a data-modifying CTE): `events AS (${appendEventsSql({ from: 'updated u', ... })})`.
 */
export function appendEventsSql(rows: EventRows): string {
  const name =
    typeof rows.name === 'string' ? registered(rows.name) : `CASE WHEN ${rows.name[0]} THEN ${registered(rows.name[1])} ELSE ${registered(rows.name[2])} END`;
  return `${INSERT}
    SELECT gen_random_uuid(), ${rows.organizationId}, ${name}, ${registered(rows.source)}, ${rows.data}, ${rows.metadata ?? `'{}'::jsonb`}
      FROM ${rows.from}${rows.where ? ` WHERE ${rows.where}` : ''}`;
}
