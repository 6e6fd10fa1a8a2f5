import type pg from 'pg';
import type { Tx } from './db';
import { badRequest } from './errors';

/**
 * The event registry: every event name Vigil writes, per entity (as GET /events/names lists them),
 * and the `source` its writers stamp on it. test/event-registry.test.ts fails when code writes a
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

export interface NewEvent {
  organizationId: string;
  name: EventName;
  source: string;
  data: object;
  metadata?: Record<string, string>;
}

/** The one statement that appends an event (seq, id and createdAt come from the table's defaults). */
const APPEND = `INSERT INTO documents.events (id, "organizationId", name, source, data, metadata)
                VALUES (gen_random_uuid(), $1::uuid, $2, $3, $4::jsonb, $5::jsonb)`;
const appendValues = (event: NewEvent) => [event.organizationId, event.name, event.source, JSON.stringify(event.data), JSON.stringify(event.metadata ?? {})];

/** Appends to the event log inside the caller's (Prisma) transaction, so the change and its event land together. */
export async function recordEvent(tx: Tx, event: NewEvent): Promise<void> {
  await tx.$executeRawUnsafe(APPEND, ...appendValues(event));
}

/** recordEvent for raw-SQL code: `client` holds the caller's transaction. */
export async function recordEventSql(client: pg.PoolClient | pg.Pool, event: NewEvent): Promise<void> {
  await client.query(APPEND, appendValues(event));
}
