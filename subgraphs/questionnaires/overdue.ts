import type pg from 'pg';
import { inTransaction } from '../../lib/db';
import { EVENT } from '../../lib/events';
import { ASSESSMENT_COLUMNS, type AssessmentRow, eventsForBothSides, SOURCE, writeEvents } from './store';
import { assessmentView } from './views';

/**
 * Flags the assessments past their due date and not decided yet, once each: `overdueAt` is set and
 * AssessmentOverdue goes to both organizations' logs in the same transaction, so a re-run (or a second
 * worker) finds nothing left to flag. A new due date clears the flag (assessments.ts). Returns how
 * many were flagged. Run by the `assessments.overdue` job (workers/assessments-overdue.ts).
 */
export async function flagOverdueAssessments(pool: pg.Pool, batch = 500): Promise<number> {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<AssessmentRow>(
      `UPDATE questionnaires.assessments SET "overdueAt" = now()
        WHERE id IN (SELECT id FROM questionnaires.assessments
                      WHERE "overdueAt" IS NULL AND "dueDate" < now() AND status NOT IN ('APPROVED', 'REJECTED')
                      ORDER BY "dueDate" LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING ${ASSESSMENT_COLUMNS}`,
      [batch],
    );
    for (const assessment of rows) {
      await writeEvents(
        client,
        eventsForBothSides(assessment, EVENT.AssessmentOverdue, SOURCE.assessment, (side) => assessmentView(assessment, side), {}),
      );
    }
    return rows.length;
  });
}
