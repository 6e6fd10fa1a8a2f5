import { type CursorCodec, cursorCodec } from '../../lib/cursors';
import * as valid from '../../lib/validate';
import type { AssessmentSide } from '../../lib/visibility';
import { firstOf } from '../connections';
import type { SubgraphContext } from '../server';
import type { QuestionnairesLoaders } from './loaders';
import { type AssessmentRow, findAssessment, type Page } from './store';
import { idForSide, readViewId, viewIdFormat } from './view-ids';

/**
 * What every questionnaires resolver reads from a request: the acting user and organization, the
 * assessment as the caller's side may see it, the optional texts of inputs and the page a connection
 * asks for. Who may call each field is permissions.ts (members read, ADMIN members write); ids are
 * checked before the resolver runs.
 */
export type Ctx = SubgraphContext<QuestionnairesLoaders>;

export const MAX_DESCRIPTION = 20_000;

export const actorOf = (ctx: Ctx, organizationId: string) => ({ userId: ctx.policy.userId, organizationId });
export const optionalText = (value: unknown, field: string) => (value == null ? undefined : valid.name(value, field, MAX_DESCRIPTION));
/**
 * The optional question id of a field below the root (`Assessment.comments(questionId:)`), as the
 * `side` reading the assessment may name it (view-ids.ts): the kit checks the ids of root fields and
 * of their inputs (subgraphs/field-rules.ts), not these.
 */
export const optionalQuestionId = (value: unknown, side: AssessmentSide) => (value == null ? null : questionFor(viewIdFormat(value, 'questionId'), side));

/**
 * The assessment as `organizationId`'s side reads it (an assessment is its sender's and receiver's
 * only: Visibility.requireAssessmentView / Write on the row); a write names the side that must make it.
 * `assessmentId` is the assessment's id or the receiver's view's (`received:<id>`, the receiver's only).
 */
export async function assessmentFor(ctx: Ctx, args: { organizationId: string; assessmentId: string }, write?: { side?: AssessmentSide }) {
  const { organizationId } = args;
  const named = readViewId(args.assessmentId);
  const row = await findAssessment(ctx.db.pool, named.id);
  const side = write
    ? await ctx.policy.requireAssessmentWrite(organizationId, row, write.side, named.side)
    : await ctx.policy.requireAssessmentView(organizationId, row, named.side);
  return { organizationId, row: row as AssessmentRow, side };
}

/** The question a (format-checked) question id names for `side`: the element's id; NOT_FOUND for the other side's view id. */
export const questionFor = (questionId: string, side: AssessmentSide): string => idForSide(questionId, side, 'Question');

/**
 * The page a connection's `first` and `after` ask for, in the list `scope` names (`['assessments',
 * organizationId, role]`): a cursor holds its row's id, sealed for that list only (lib/cursors.ts).
 * `page.limit` reads one row more than `first`, which tells whether another page follows.
 */
export function pageOf(ctx: Ctx, scope: readonly string[], args: { first?: number | null; after?: string | null }) {
  const codec: CursorCodec = cursorCodec(ctx.services.secret, scope);
  const first = firstOf(args.first);
  const page: Page = { limit: first + 1, afterId: args.after ? String(codec.open(args.after, 'after')[0]) : null };
  return { first, page, cursorOf: (row: { id: string }) => codec.seal([row.id]) };
}
