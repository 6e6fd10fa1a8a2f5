import * as valid from '../../lib/validate';
import type { AssessmentSide } from '../../lib/visibility';
import type { SubgraphContext } from '../server';
import type { QuestionnairesLoaders } from './loaders';
import { type AssessmentRow, findAssessment } from './store';

/**
 * What every questionnaires resolver reads from a request: the acting user and organization, the
 * assessment as the caller's side may see it, and the optional texts and ids of inputs. Who may call
 * each field is permissions.ts (members read, ADMIN members write).
 */
export type Ctx = SubgraphContext<QuestionnairesLoaders>;

export const MAX_DESCRIPTION = 20_000;

export const actorOf = (ctx: Ctx, organizationId: string) => ({ userId: ctx.policy.userId, organizationId });
export const optionalText = (value: unknown, field: string) => (value == null ? undefined : valid.name(value, field, MAX_DESCRIPTION));
export const ids = (values: readonly unknown[] | null | undefined, field: string) => valid.uuids(values, field) ?? null;
export const optionalId = (value: unknown, field: string) => (value == null ? null : valid.uuid(value, field));

/**
 * The assessment as `organizationId`'s side reads it (an assessment is its sender's and receiver's
 * only: Visibility.requireAssessmentView / Write on the row); a write names the side that must make it.
 */
export async function assessmentFor(ctx: Ctx, args: { organizationId: string; assessmentId: string }, write?: { side?: AssessmentSide }) {
  const { organizationId } = args;
  const row = await findAssessment(ctx.db.pool, args.assessmentId);
  const side = write ? await ctx.policy.requireAssessmentWrite(organizationId, row, write.side) : await ctx.policy.requireAssessmentView(organizationId, row);
  return { organizationId, row: row as AssessmentRow, side };
}
