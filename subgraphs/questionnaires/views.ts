import type { AssessmentSide } from '../../lib/visibility';
import { receiverProps } from './element-props';
import type { QuestionnairesLoaders } from './loaders';
import type { AnswerRow, AssessmentRow, CommentRow, ElementRow } from './store';

/**
 * What each side reads. The sender sees everything; the receiver does not see the sender's
 * `reviewNotes`, the grades (the assessment's and each answer's) or the expected choices of a
 * question: those fields read null. Events in the receiver's log carry the receiver's view.
 */

const FINAL = new Set(['APPROVED', 'REJECTED']);

/** Past its due date and not decided yet. */
export function isOverdue(row: Pick<AssessmentRow, 'status' | 'dueDate'>, now = new Date()): boolean {
  return !FINAL.has(row.status) && row.dueDate.getTime() < now.getTime();
}

export function assessmentView(row: AssessmentRow, side: AssessmentSide) {
  const { reviewNotes, overdueAt: _overdueAt, grade, ...shared } = row;
  const sender = side === 'sender';
  return { ...shared, view: side, overdue: isOverdue(row), reviewNotes: sender ? reviewNotes : null, grade: sender ? grade : null };
}

export function elementView(row: ElementRow, side: AssessmentSide) {
  return side === 'sender' ? row : { ...row, props: receiverProps(row.props) };
}

export const attachmentsOf = (ids: readonly string[]) => ids.map((id) => ({ __typename: 'Attachment', id }));

/** The references of the attachments of `ids` that are still there (an expired one is deleted; its id stays in attachmentIds). */
export async function liveAttachmentsOf(loaders: QuestionnairesLoaders, ids: readonly string[]) {
  const live = await loaders.liveAttachment.loadMany(ids);
  return attachmentsOf(ids.filter((_, i) => live[i] === true));
}

export function answerView(row: AnswerRow, side: AssessmentSide) {
  return {
    ...row,
    grade: side === 'sender' ? row.grade : null,
    content: row.content.map((entry) => ({ ...entry, attachments: attachmentsOf(entry.attachmentIds) })),
  };
}

export const commentView = (row: CommentRow) => ({ ...row, attachments: attachmentsOf(row.attachmentIds) });
