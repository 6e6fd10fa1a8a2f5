import type pg from 'pg';
import type { Tx } from './db';

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
  member: ['MemberInvited', 'MemberInviteResent', 'MemberInviteDeleted', 'MemberJoined', 'MemberUpdated', 'MemberRemoved', 'MemberMfaResetRequested', 'MemberPasswordResetRequested'],
  organization: ['OrganizationCreated', 'OrganizationUpdated', 'OrganizationDeleted'],
  question: ['QuestionCreated'],
  questionnaire: ['QuestionnaireCreated'],
  scan: ['ScanCreated', 'ScanStarted', 'ScanCompleted', 'ScanFailed', 'ScanStopped'],
  scanTarget: ['ScanTargetCreated', 'ScanTargetUpdated', 'ScanTargetDeleted'],
  webhook: ['WebhookCreated', 'WebhookUpdated', 'WebhookDeleted', 'WebhookDisabled'],
} as const;

export type EventName = (typeof EVENT_NAMES)[keyof typeof EVENT_NAMES][number];

export interface NewEvent {
  organizationId: string;
  name: EventName;
  source: string;
  data: object;
  metadata?: Record<string, string>;
}

/** Appends to the event log inside the caller's transaction, so the change and its event land together. */
export async function recordEvent(tx: Tx, event: NewEvent): Promise<void> {
  await tx.event.create({
    data: {
      organizationId: event.organizationId,
      name: event.name,
      source: event.source,
      data: JSON.parse(JSON.stringify(event.data)),
      metadata: event.metadata ?? {},
    },
  });
}

/** recordEvent for raw-SQL code: `client` holds the caller's transaction. */
export async function recordEventSql(client: pg.PoolClient | pg.Pool, event: NewEvent): Promise<void> {
  await client.query(
    `INSERT INTO documents.events (id, "organizationId", name, source, data, metadata) VALUES (gen_random_uuid(), $1, $2, $3, $4::jsonb, $5::jsonb)`,
    [event.organizationId, event.name, event.source, JSON.stringify(event.data), JSON.stringify(event.metadata ?? {})],
  );
}
