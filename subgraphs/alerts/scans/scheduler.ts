import { type Database, inTransaction } from '../../../lib/db';
import { EVENT } from '../../../lib/events';
import { newWorkerId } from '../../../lib/jobs/holders';
import { enqueueEvery } from '../../../lib/jobs/periodic';
import { claimKeyed, recoverExpiredLeases } from '../../../lib/jobs/queue';
import { JOB_LEASE_MS, runHeld } from '../../../lib/jobs/runner';
import { scanEventsSql } from '../event-payloads';
import { nextScanAt } from '../scan-targets/schedule';
import { demoFindings } from './demo-scanner';
import { type ClaimedScan, claimQueuedScan, enqueueScanRun, failAbandonedScans, failScan, finishScan, type ScanOutcome } from './queue';
import type { Finding } from './reconcile';

/**
 * The scheduler, as two jobs on the job runner (lib/jobs, workers/scans.ts): every instance of Vigil
 * may run them; each due scan still runs once.
 *
 * - `scan.schedule` (`scheduleDueScans`): steps 1 and 2 below; every instance's `startScheduler`
 *   enqueues it each interval under one singleton key, so one pass waits at a time.
 * - `scan.run` ({ scanId }, `runQueuedScan`): step 3 for one scan; enqueued in the transaction that
 *   queues the scan (a scheduled one here, a manual start in queue.ts).
 *
 * `runDueScans(db, now)` is one whole pass, inline (tests and the seed drive it):
 * 1. RUNNING scans whose `scan.run` job no worker holds any more (its lease expired, or its worker was
 *    a process of this host that is gone: the job runner's recovery, lib/jobs) are FAILED;
 * 2. due targets (`nextScanAt <= now`, not deleted) are claimed with FOR UPDATE SKIP LOCKED: each
 *    gets a QUEUED scan (SCHEDULED) and its `nextScanAt` moves to the next slot in the same
 *    transaction, so a second instance either skips the locked row or no longer finds it due;
 * 3. QUEUED scans (scheduled and manual), oldest first, are run one at a time under their `scan.run`
 *    job, claimed here (a job a runner already runs is left to it), scanned and reconciled; the
 *    reconciliation sets the target's `lastScanAt`.
 * Only DEMO targets are scanned here (by the demo scanner); EXTERNAL targets get their findings from
 * a real scanner through the ingestion API: their schedule only moves on, and a manual start on them
 * fails with a pointer to that API (see ScanTargetScanner in scan-targets.ts).
 */
export type Scanner = (claimed: ClaimedScan) => Promise<readonly Finding[]> | readonly Finding[];

export interface RunOptions {
  /** Names this worker in the `jobs.lockedBy` of the scans it runs inline. */
  workerId?: string;
  /** At most this many due targets queued and this many scans run per pass (default 50). */
  batchSize?: number;
  /** The lease of a scan's job run inline: not renewed for this long, the scan is given up as FAILED (default JOB_LEASE_MS). */
  leaseMs?: number;
  /** Which scanner runs a claimed scan; null fails the scan. Default: `defaultScannerFor`. */
  scannerFor?: (claimed: ClaimedScan) => Scanner | null;
}

export interface RunReport {
  /** Scans given up because their worker disappeared. */
  abandoned: string[];
  /** Scans queued for due targets. */
  queued: string[];
  /** Scans run in this pass, in order. */
  ran: ScanOutcome[];
}

export const EXTERNAL_TARGET_ERROR =
  'This scan target has an EXTERNAL scanner: load its findings with POST /organizations/{organizationId}/scantargets/{scanTargetId}/findings ' +
  '(or set its scanner to DEMO for demo findings)';

/** The demo scanner for DEMO targets; none for EXTERNAL ones (their findings arrive through ingestion). */
export function defaultScannerFor(claimed: ClaimedScan): Scanner | null {
  if (claimed.target.scanner !== 'DEMO') return null;
  return ({ target, scanNumber }) => demoFindings(target, scanNumber);
}

export { newWorkerId };

/**
 * Scans no worker holds are FAILED: the job runner's recovery first (jobs whose lease expired or whose
 * process of this host is gone, killed or crashed mid-scan), then the scans of those jobs, so their
 * targets take a new scan or findings immediately. Run at start-up and by every scheduler pass.
 */
export async function recoverAbandonedScans(db: Database): Promise<string[]> {
  await recoverExpiredLeases(db);
  return failAbandonedScans(db);
}

/** The next slot of a target's schedule; an unreadable schedule falls back to a day later. */
function nextRun(schedule: unknown, now: Date): Date {
  try {
    return nextScanAt(schedule, now);
  } catch {
    return new Date(now.getTime() + 24 * 3_600_000);
  }
}

/** Claims due targets: each gets its next slot, and DEMO ones a QUEUED scan (unless one is active). */
async function queueDueTargets(db: Database, now: Date, limit: number): Promise<string[]> {
  return inTransaction(db.pool, async (client) => {
    const { rows: due } = await client.query<{ id: string; schedule: unknown }>(
      `SELECT id, schedule FROM alerts.scan_targets
        WHERE "deletedAt" IS NULL AND "nextScanAt" <= $1
        ORDER BY "nextScanAt", id LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, limit],
    );
    if (!due.length) return [];
    const { rows } = await client.query<{ id: string }>(
      `WITH moved AS (
         UPDATE alerts.scan_targets t SET "nextScanAt" = v.next
           FROM unnest($1::uuid[], $2::timestamptz[]) AS v(id, next)
          WHERE t.id = v.id
         RETURNING t.id, t."organizationId", t.scanner
       ), s AS (
         INSERT INTO alerts.scans (id, "scanTargetId", "organizationId", status, trigger, "createdAt", "updatedAt")
         SELECT gen_random_uuid(), m.id, m."organizationId", 'QUEUED', 'SCHEDULED', now(), now()
           FROM moved m
          WHERE m.scanner = 'DEMO'
         ON CONFLICT ("scanTargetId") WHERE status IN ('QUEUED', 'RUNNING') DO NOTHING
         RETURNING *
       ), events AS (${scanEventsSql('s', EVENT.ScanCreated)})
       SELECT id FROM s`,
      [due.map((t) => t.id), due.map((t) => nextRun(t.schedule, now).toISOString())],
    );
    for (const { id } of rows) await enqueueScanRun(client, id);
    return rows.map((r) => r.id);
  });
}

async function runClaimed(db: Database, claimed: ClaimedScan, options: RunOptions): Promise<ScanOutcome> {
  if (claimed.target.deleted) {
    await failScan(db, claimed.scan.id, 'the scan target was deleted');
    return { scanId: claimed.scan.id, status: 'FAILED', error: 'the scan target was deleted' };
  }
  const scanner = (options.scannerFor ?? defaultScannerFor)(claimed);
  if (!scanner) {
    await failScan(db, claimed.scan.id, EXTERNAL_TARGET_ERROR);
    return { scanId: claimed.scan.id, status: 'FAILED', error: EXTERNAL_TARGET_ERROR };
  }
  return finishScan(db, claimed.scan.id, () => scanner(claimed));
}

/** Steps 1 and 2 (the `scan.schedule` job): abandoned scans failed, due targets queued. */
export async function scheduleDueScans(db: Database, now: Date = new Date(), options: Pick<RunOptions, 'batchSize'> = {}): Promise<Omit<RunReport, 'ran'>> {
  const abandoned = await recoverAbandonedScans(db);
  const queued = await queueDueTargets(db, now, options.batchSize ?? 50);
  return { abandoned, queued };
}

/** Step 3 for one scan (the `scan.run` job, held by its caller); null when it is no longer QUEUED (stopped, or run already). */
export async function runQueuedScan(db: Database, scanId: string, options: RunOptions = {}): Promise<ScanOutcome | null> {
  const claimed = await claimQueuedScan(db, scanId);
  return claimed ? runClaimed(db, claimed, options) : null;
}

/** One whole scheduler pass, inline (see above). `now` decides what is due; tests pass their own clock. */
export async function runDueScans(db: Database, now: Date = new Date(), options: RunOptions = {}): Promise<RunReport> {
  const workerId = options.workerId ?? newWorkerId();
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const batchSize = options.batchSize ?? 50;
  const { abandoned, queued } = await scheduleDueScans(db, now, options);
  const ran: ScanOutcome[] = [];
  const skipped: string[] = [];
  while (ran.length < batchSize) {
    const { rows } = await db.pool.query<{ id: string }>(
      `SELECT id FROM alerts.scans WHERE status = 'QUEUED' AND NOT (id = ANY($1::uuid[])) ORDER BY "createdAt", id LIMIT 1`,
      [skipped],
    );
    if (!rows[0]) break;
    const scanId = rows[0].id;
    const job = await claimKeyed(db, 'scan.run', { scanId }, { singletonKey: scanId, workerId, leaseMs });
    const outcome = job && (await runHeld(db, job, leaseMs, () => runQueuedScan(db, scanId, options)));
    if (outcome) ran.push(outcome);
    else skipped.push(scanId);
  }
  return { abandoned, queued, ran };
}

export interface RunningScheduler {
  /** Asks for a pass now instead of at the next interval. */
  wake(): void;
  /** Stops asking for passes (a pass already queued or running is the job runner's to finish). */
  stop(): Promise<void>;
}

/** Asks for a `scan.schedule` pass every `intervalMs` (one waiting pass across all instances). */
export function startScheduler(db: Database, options: { intervalMs?: number } = {}): RunningScheduler {
  const periodic = enqueueEvery(db, 'scan.schedule', {}, options.intervalMs ?? 10_000);
  return {
    wake: periodic.wake,
    async stop() {
      periodic.stop();
    },
  };
}
