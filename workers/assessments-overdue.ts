import type { JobDatabase } from '../lib/jobs/queue';
import type { JobHandler } from '../lib/jobs/runner';
import { flagOverdueAssessments } from '../subgraphs/questionnaires/overdue';

/** `assessments.overdue`: flags assessments past their due date (idempotent: each is flagged once). */
export function flagOverdue(db: JobDatabase): JobHandler<'assessments.overdue'> {
  return async ({ batch }) => {
    await flagOverdueAssessments(db.pool, batch);
  };
}
