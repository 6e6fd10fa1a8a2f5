import type { Database } from '../lib/db';
import type { JobHandler } from '../lib/jobs/runner';
import { log } from '../lib/log';
import { runQueuedScan, scheduleDueScans } from '../subgraphs/alerts/scans/scheduler';

/** `scan.schedule`: one scheduler pass (subgraphs/alerts/scheduler.ts): abandoned scans failed, due targets queued. */
export function scheduleScans(db: Database): JobHandler<'scan.schedule'> {
  return async () => {
    const report = await scheduleDueScans(db, new Date());
    if (report.queued.length || report.abandoned.length) log.info('scheduler pass', { queued: report.queued.length, abandoned: report.abandoned.length });
  };
}

/** `scan.run`: runs one QUEUED scan and reconciles its findings; a scan failing is recorded on the scan, not retried. */
export function runScan(db: Database): JobHandler<'scan.run'> {
  return async ({ scanId }) => {
    const outcome = await runQueuedScan(db, scanId);
    if (outcome) log.info('scan ran', { scanId, status: outcome.status, ...(outcome.error ? { error: outcome.error } : {}) });
  };
}
