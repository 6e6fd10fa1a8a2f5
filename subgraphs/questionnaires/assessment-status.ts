import { conflict, forbidden } from '../../lib/errors';

export const ASSESSMENT_STATUSES = ['NEW', 'REQUESTED_REVIEW', 'REQUESTED_CLARIFICATION', 'APPROVED', 'REJECTED'] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];
export type Side = 'sender' | 'receiver';

/**
 * The assessment workflow: the receiver answers and asks for review; the sender asks for
 * clarification (back to the receiver, as often as needed), approves or rejects. APPROVED and
 * REJECTED are final. Each legal move names the side that makes it.
 */
const MOVES: Record<AssessmentStatus, Partial<Record<AssessmentStatus, Side>>> = {
  NEW: { REQUESTED_REVIEW: 'receiver' },
  REQUESTED_REVIEW: { REQUESTED_CLARIFICATION: 'sender', APPROVED: 'sender', REJECTED: 'sender' },
  REQUESTED_CLARIFICATION: { REQUESTED_REVIEW: 'receiver' },
  APPROVED: {},
  REJECTED: {},
};

/** Refuses a move the workflow does not have (409, naming both states) or that is the other side's (403). */
export function requireMove(from: AssessmentStatus, to: AssessmentStatus, side: Side): void {
  const mover = MOVES[from][to];
  if (!mover) throw conflict(`The assessment is ${from}; it cannot move to ${to}`);
  if (mover !== side) throw forbidden(`Only the ${mover} moves an assessment from ${from} to ${to}`);
}

/** The receiver may change answers while it is its turn. */
export function receiverMayAnswer(status: AssessmentStatus): boolean {
  return status === 'NEW' || status === 'REQUESTED_CLARIFICATION';
}
