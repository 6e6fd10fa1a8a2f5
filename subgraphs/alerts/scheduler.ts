import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { inTransaction, type Database } from '../../lib/db';
import { log } from '../../lib/log';
import { demoFindings } from './demo-scanner';
import { insertEventsSql, scanJsonSql } from './event-payloads';
import type { Finding } from './reconcile';
import { claimQueuedScan, executeScan, failScan, onScanQueued, type ClaimedScan, type ScanOutcome } from './scan-queue';
import { nextScanAt } from './schedule';

/**
 * The scheduler: every instance of Vigil may run one; each due scan still runs once.
 *
 * `runDueScans(db, now)` is one pass:
 * 1. RUNNING scans whose worker stopped renewing them (lockedAt older than the lease) are FAILED;
 * 2. due targets (`nextScanAt <= now`, not deleted) are claimed with FOR UPDATE SKIP LOCKED: each
 *    gets a QUEUED scan (SCHEDULED) and its `nextScanAt` moves to the next slot in the same
 *    transaction, so a second instance either skips the locked row or no longer finds it due;
 * 3. QUEUED scans (scheduled and manual) are claimed one at a time with FOR UPDATE SKIP LOCKED,
 *    scanned, and reconciled; the reconciliation sets the target's `lastScanAt`.
 * Only DEMO targets are scanned here (by the demo scanner); EXTERNAL targets get their findings from
 * a real scanner through the ingestion API: their schedule only moves on, and a manual start on them
 * fails with a pointer to that API (see ScanTargetScanner in scan-targets.ts).
 */
export type Scanner = (claimed: ClaimedScan) => Promise<readonly Finding[]> | readonly Finding[];

export interface RunOptions {
  /** Names this worker in `scans.lockedBy`. */
  workerId?: string;
  /** At most this many due targets queued and this many scans run per pass (default 50). */
  batchSize?: number;
  /** A RUNNING scan not finished after this long is given up as FAILED (default 15 minutes). */
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
  'This scan target has an EXTERNAL scanner: load its findings with POST /organizations/{organizationId}/scantargets/{scanTargetId}/findings (or set its scanner to DEMO for demo findings)';

/** The demo scanner for DEMO targets; none for EXTERNAL ones (their findings arrive through ingestion). */
export function defaultScannerFor(claimed: ClaimedScan): Scanner | null {
  if (claimed.target.scanner !== 'DEMO') return null;
  return ({ target, scanNumber }) => demoFindings(target, scanNumber);
}

export function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/** The next slot of a target's schedule; an unreadable schedule falls back to a day later. */
function nextRun(schedule: unknown, now: Date): Date {
  try {
    return nextScanAt(schedule, now);
  } catch {
    return new Date(now.getTime() + 24 * 3_600_000);
  }
}

async function failAbandonedScans(db: Database, cutoff: Date): Promise<string[]> {
  const { rows } = await db.pool.query<{ id: string }>(
    `WITH s AS (
       UPDATE alerts.scans SET status = 'FAILED', error = 'the worker running this scan stopped before finishing it', "finishedAt" = now(), "updatedAt" = now()
        WHERE status = 'RUNNING' AND "lockedAt" < $1 RETURNING *
     ), events AS (${insertEventsSql(`(SELECT s."organizationId", 'ScanFailed' AS name, ${scanJsonSql('s')} AS data FROM s)`, 'service.scan')})
     SELECT id FROM s`,
    [cutoff],
  );
  return rows.map((r) => r.id);
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
       ), events AS (${insertEventsSql(`(SELECT s."organizationId", 'ScanCreated' AS name, ${scanJsonSql('s')} AS data FROM s)`, 'service.scan')})
       SELECT id FROM s`,
      [due.map((t) => t.id), due.map((t) => nextRun(t.schedule, now).toISOString())],
    );
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
  return executeScan(db, claimed.scan.id, () => scanner(claimed));
}

/** One scheduler pass (see above). `now` decides what is due; tests pass their own clock. */
export async function runDueScans(db: Database, now: Date = new Date(), options: RunOptions = {}): Promise<RunReport> {
  const workerId = options.workerId ?? newWorkerId();
  const batchSize = options.batchSize ?? 50;
  const abandoned = await failAbandonedScans(db, new Date(Date.now() - (options.leaseMs ?? 15 * 60_000)));
  const queued = await queueDueTargets(db, now, batchSize);
  const ran: ScanOutcome[] = [];
  while (ran.length < batchSize) {
    const claimed = await claimQueuedScan(db, workerId);
    if (!claimed) break;
    ran.push(await runClaimed(db, claimed, options));
  }
  return { abandoned, queued, ran };
}

export interface RunningScheduler {
  workerId: string;
  /** Asks for a pass as soon as the current one (if any) ends. */
  wake(): void;
  /** Stops polling and waits for the pass in progress. */
  stop(): Promise<void>;
}

/** Polls `runDueScans` every `intervalMs` (and at once when this process queues a manual scan). */
export function startScheduler(db: Database, options: RunOptions & { intervalMs?: number } = {}): RunningScheduler {
  const workerId = options.workerId ?? newWorkerId();
  const intervalMs = options.intervalMs ?? 10_000;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  const schedule = (delay: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(pass, delay);
    timer.unref();
  };
  function pass(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runDueScans(db, new Date(), { ...options, workerId })
      .then((report) => {
        if (report.queued.length || report.ran.length || report.abandoned.length) {
          log.info('scheduler pass', { workerId, queued: report.queued.length, ran: report.ran.map((r) => `${r.scanId}:${r.status}`), abandoned: report.abandoned.length });
        }
      })
      .catch((error: Error) => log.error('scheduler pass failed', { workerId, error: error.stack ?? error.message }))
      .finally(() => {
        running = null;
        schedule(again ? 0 : intervalMs);
        again = false;
      });
  }
  const unsubscribe = onScanQueued(() => schedule(0));
  schedule(Math.min(intervalMs, 1_000));
  return {
    workerId,
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
