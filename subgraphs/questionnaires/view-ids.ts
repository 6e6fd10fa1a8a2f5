import { notFound } from '../../lib/errors';
import * as valid from '../../lib/validate';
import type { AssessmentSide } from '../../lib/visibility';

/**
 * Cache identities of the receiver's view. The receiver reads an assessment, its answers and its
 * elements without the sender's fields (views.ts), so its copies have ids of their own —
 * `received:<id>` — and a normalised client cache (Apollo's InMemoryCache keys on `__typename:id`)
 * never holds one side's values under the other side's key, for a user who is a member of both
 * organizations. The alerts subgraph does the same for a follower's copy (`followed:<id>`).
 *
 * The ids are accepted back where the receiver names an assessment or a question (`assessment`,
 * `answerQuestion`, …): a `received:` id names the receiver's view, so only the receiver's side may
 * use it (NOT_FOUND for the sender, as for an id that is not there); a bare id is either side's, as
 * the REST routes have always passed it. The same row's id is `assessmentId` / `elementId` in both
 * views, and what events, webhooks, reports and REST carry.
 */
const RECEIVED = 'received:';

/** The id of `id`'s copy as `side` reads it. */
export const viewId = (id: string, side: AssessmentSide): string => (side === 'receiver' ? `${RECEIVED}${id}` : id);

/** The format of an `ID` argument that takes either view's id (field-rules `.keyed()`): a UUID, or `received:` and a UUID. */
export function viewIdFormat(value: unknown, field: string): string {
  if (typeof value === 'string' && value.startsWith(RECEIVED)) return `${RECEIVED}${valid.uuid(value.slice(RECEIVED.length), field)}`;
  return valid.uuid(value, field);
}

/** What a (format-checked) view id names: the row's id, and the side it is bound to (none for a bare id). */
export function readViewId(key: string): { id: string; side?: AssessmentSide } {
  return key.startsWith(RECEIVED) ? { id: key.slice(RECEIVED.length), side: 'receiver' } : { id: key };
}

/** The row id a view id names for `side`: NOT_FOUND (`what`) when it names the other side's view. */
export function idForSide(key: string, side: AssessmentSide, what: string): string {
  const named = readViewId(key);
  if (named.side && named.side !== side) throw notFound(what);
  return named.id;
}
