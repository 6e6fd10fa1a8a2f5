import type { JobDatabase } from '../lib/jobs/queue';
import type { JobHandler } from '../lib/jobs/runner';

/**
 * `jobs.purge`: deletes DONE jobs finished more than `keepDays` ago, so the queue table stays the
 * size of its recent work. FAILED jobs are kept: they are the visible record of what needs a look.
 */
export function purgeFinishedJobs(db: JobDatabase): JobHandler<'jobs.purge'> {
  return async ({ keepDays }) => {
    await db.pool.query(`DELETE FROM jobs.jobs WHERE state = 'DONE' AND "finishedAt" < now() - $1::int * interval '1 day'`, [keepDays]);
  };
}
