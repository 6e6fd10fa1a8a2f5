import type pg from 'pg';
import { type Database, inTransaction } from '../../../lib/db';
import { conflict, notFound } from '../../../lib/errors';
import { EVENT, type EventName } from '../../../lib/events';
import { claimKeyed, enqueue, runningJob } from '../../../lib/jobs/queue';
import { JOB_LEASE_MS, runHeld } from '../../../lib/jobs/runner';
import { log } from '../../../lib/log';
import { scanEventsSql } from '../event-payloads';
import type { ScanTargetScanner } from '../scan-targets/scan-targets';
import { type Finding, reconcileScan, ScanNotRunningError, type ScanSummary } from './reconcile';

/**
 * Scans as a Postgres-backed job queue. A scan is QUEUED (manual or scheduled start), RUNNING
 * (claimed by one worker with FOR UPDATE SKIP LOCKED, or an ingestion in progress), then DONE,
 * FAILED or STOPPED. A partial unique index allows one QUEUED/RUNNING scan per target, so a
 * double start, a scheduled scan racing a manual one or an ingestion during a scan cannot both
 * proceed. Every transition is logged as a scan event in the same transaction.
 *
 * A RUNNING scan is held by its `scan.run` job (singletonKey = the scan's id), whose lease is the job
 * runner's: claimed by a runner for a queued scan, or created RUNNING with an ingestion's scan by the
 * process ingesting. A RUNNING scan whose job is no longer RUNNING (its worker stopped, and the job
 * runner recovered the job) is failed by the scheduler's sweep (`failAbandonedScans`).
 *
 * `force` on a manual start: without it, a target that already has a QUEUED or RUNNING scan
 * refuses the start (409 CONFLICT); with it, that scan is STOPPED (its results, if any arrive, are
 * discarded) and a new one is queued.
 */
export type ScanStatus = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED' | 'STOPPED';
export type ScanTrigger = 'MANUAL' | 'SCHEDULED' | 'INGEST';

export interface ScanRow {
  id: string;
  scanTargetId: string;
  organizationId: string;
  status: ScanStatus;
  trigger: ScanTrigger;
  findingsCount: number;
  summary: Partial<ScanSummary>;
  error: string | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ScanTargetRef {
  id: string;
  organizationId: string;
  kind: string;
  schedule: unknown;
  nextScanAt: Date | null;
}

const ACTIVE = `('QUEUED', 'RUNNING')`;

/**
 * Fails RUNNING scans no worker holds: their `scan.run` job is not RUNNING (the job runner recovered
 * it from a worker whose lease expired or whose process is gone, lib/jobs/holders.ts). A scan whose
 * row is locked (its claim or reconciliation committing) is left alone. No alert changes: a scan's
 * findings are applied in one transaction, which died with its worker.
 */
export async function failAbandonedScans(db: Database): Promise<string[]> {
  const { rows } = await db.pool.query<{ id: string }>(
    withScanEvents(
      `UPDATE alerts.scans SET status = 'FAILED', error = 'the worker running this scan stopped before finishing it', "finishedAt" = now(), "updatedAt" = now()
        WHERE id IN (SELECT s.id FROM alerts.scans s WHERE s.status = 'RUNNING' AND NOT EXISTS (
                       SELECT 1 FROM jobs.jobs j WHERE j.kind = 'scan.run' AND j."singletonKey" = s.id::text AND j.state = 'RUNNING')
                     FOR UPDATE SKIP LOCKED) RETURNING *`,
      EVENT.ScanFailed,
    ),
  );
  return rows.map((r) => r.id);
}

/** The statement `sql` (returning scan rows as CTE `s`) plus one `name` event per returned scan. */
function withScanEvents(sql: string, name: EventName): string {
  return `WITH s AS (${sql})
          , events AS (${scanEventsSql('s', name)})
          SELECT * FROM s`;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** A live scan target of the organization, or NOT_FOUND. */
export async function findTargetForScan(db: Database, organizationId: string, scanTargetId: string): Promise<ScanTargetRef> {
  const { rows } = await db.pool.query<ScanTargetRef>(
    `SELECT id, "organizationId", kind, schedule, "nextScanAt" FROM alerts.scan_targets WHERE id = $1 AND "organizationId" = $2 AND "deletedAt" IS NULL`,
    [scanTargetId, organizationId],
  );
  if (!rows[0]) throw notFound('Scan target');
  return rows[0];
}

/** Manual start: queues a scan for the workers (see `force` above). */
export async function startScan(db: Database, target: ScanTargetRef, options: { force: boolean }): Promise<ScanRow> {
  const scan = await inTransaction(db.pool, async (client) => {
    // Starts of one target wait for each other here, so "is a scan active?" cannot race.
    const locked = await client.query(`SELECT id FROM alerts.scan_targets WHERE id = $1 AND "deletedAt" IS NULL FOR UPDATE`, [target.id]);
    if (!locked.rows[0]) throw notFound('Scan target');
    const active = await client.query<{ id: string; status: ScanStatus }>(
      `SELECT id, status FROM alerts.scans WHERE "scanTargetId" = $1 AND status IN ${ACTIVE}`,
      [target.id],
    );
    if (active.rows[0] && !options.force) {
      throw conflict(`Scan ${active.rows[0].id} of this scan target is already ${active.rows[0].status}; start with force=true to stop it and start a new one`);
    }
    if (active.rows[0]) {
      await client.query(
        withScanEvents(
          `UPDATE alerts.scans SET status = 'STOPPED', error = 'replaced by a forced start', "finishedAt" = now(), "updatedAt" = now()
            WHERE "scanTargetId" = $1 AND status IN ${ACTIVE} RETURNING *`,
          EVENT.ScanStopped,
        ),
        [target.id],
      );
    }
    const { rows } = await client.query<ScanRow>(
      withScanEvents(
        `INSERT INTO alerts.scans (id, "scanTargetId", "organizationId", status, trigger, "createdAt", "updatedAt")
         VALUES (gen_random_uuid(), $1, $2, 'QUEUED', 'MANUAL', now(), now()) RETURNING *`,
        EVENT.ScanCreated,
      ),
      [target.id, target.organizationId],
    );
    await enqueueScanRun(client, rows[0].id);
    return rows[0];
  });
  return scan;
}

/**
 * A QUEUED scan's job on the job runner (workers/scans.ts), in the transaction that queued it: it
 * runs once the scan is committed, on whichever instance runs `scan.run` jobs. A scan fails as a
 * scan (FAILED with its error), so the job is not retried.
 */
export function enqueueScanRun(client: pg.PoolClient, scanId: string): Promise<unknown> {
  return enqueue(client, 'scan.run', { scanId }, { singletonKey: scanId, retries: 0 });
}

/** Stops the target's QUEUED or RUNNING scan, if any; a running scan's results are then discarded. */
export async function stopScan(db: Database, target: ScanTargetRef, reason = 'stopped by a user'): Promise<ScanRow | null> {
  const { rows } = await inTransaction(db.pool, (client) =>
    client.query<ScanRow>(
      withScanEvents(
        `UPDATE alerts.scans SET status = 'STOPPED', error = $2, "finishedAt" = now(), "updatedAt" = now()
          WHERE "scanTargetId" = $1 AND status IN ${ACTIVE} RETURNING *`,
        EVENT.ScanStopped,
      ),
      [target.id, reason],
    ),
  );
  return rows[0] ?? null;
}

/**
 * A RUNNING scan for findings that arrive with the request (ingestion), held by `workerId` through its
 * `scan.run` job created RUNNING in the same transaction (`executeScan` renews and ends it); CONFLICT
 * while another scan is active.
 */
export async function beginIngestScan(db: Database, target: ScanTargetRef, workerId: string): Promise<ScanRow> {
  try {
    return await inTransaction(db.pool, async (client) => {
      const { rows } = await client.query<ScanRow>(
        withScanEvents(
          `INSERT INTO alerts.scans (id, "scanTargetId", "organizationId", status, trigger, "startedAt", "createdAt", "updatedAt")
           VALUES (gen_random_uuid(), $1, $2, 'RUNNING', 'INGEST', now(), now(), now()) RETURNING *`,
          EVENT.ScanStarted,
        ),
        [target.id, target.organizationId],
      );
      await claimKeyed(client, 'scan.run', { scanId: rows[0].id }, { singletonKey: rows[0].id, workerId, leaseMs: JOB_LEASE_MS });
      return rows[0];
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('Another scan of this scan target is QUEUED or RUNNING; wait for it or stop it first');
    throw error;
  }
}

/** A queued scan claimed by one worker, with what the scanner needs to know about its target. */
export interface ClaimedScan {
  scan: ScanRow;
  target: ScanTargetRef & { deleted: boolean; scanner: ScanTargetScanner };
  /** 1 for the target's first completed scan, 2 for the second … (the demo scanner's counter). */
  scanNumber: number;
}

/**
 * Starts the QUEUED scan `scanId` for the worker holding its `scan.run` job (FOR UPDATE SKIP LOCKED:
 * concurrent workers never get the same one); null when it is no longer QUEUED (stopped, or taken).
 */
export async function claimQueuedScan(db: Database, scanId: string): Promise<ClaimedScan | null> {
  return inTransaction(db.pool, async (client) => {
    const { rows: next } = await client.query<{ id: string }>(`SELECT id FROM alerts.scans WHERE status = 'QUEUED' AND id = $1 FOR UPDATE SKIP LOCKED`, [
      scanId,
    ]);
    if (!next[0]) return null;
    const { rows } = await client.query<ScanRow>(
      withScanEvents(
        `UPDATE alerts.scans SET status = 'RUNNING', "startedAt" = now(), "updatedAt" = now()
          WHERE id = $1 RETURNING *`,
        EVENT.ScanStarted,
      ),
      [next[0].id],
    );
    const scan = rows[0];
    const { rows: targets } = await client.query<ClaimedScan['target'] & { done: string }>(
      `SELECT t.id, t."organizationId", t.kind, t.schedule, t."nextScanAt", t."deletedAt" IS NOT NULL AS deleted,
              t.scanner,
              (SELECT count(*) FROM alerts.scans x WHERE x."scanTargetId" = t.id AND x.status = 'DONE') AS done
         FROM alerts.scan_targets t WHERE t.id = $1`,
      [scan.scanTargetId],
    );
    const { done, ...target } = targets[0];
    return { scan, target, scanNumber: Number(done) + 1 };
  });
}

/** Marks a RUNNING scan FAILED (a scan stopped meanwhile stays STOPPED). No alert changes. */
export async function failScan(db: Database, scanId: string, message: string): Promise<void> {
  await inTransaction(db.pool, (client) =>
    client.query(
      withScanEvents(
        `UPDATE alerts.scans SET status = 'FAILED', error = $2, "finishedAt" = now(), "updatedAt" = now()
          WHERE id = $1 AND status = 'RUNNING' RETURNING *`,
        EVENT.ScanFailed,
      ),
      [scanId, message.slice(0, 2000)],
    ),
  );
}

export interface ScanOutcome {
  scanId: string;
  status: ScanStatus;
  summary?: ScanSummary;
  error?: string;
}

/**
 * Runs a RUNNING scan to its end: `produce` delivers the complete set of findings, the
 * reconciliation applies it atomically and marks the scan DONE. If `produce` or the
 * reconciliation throws, the scan is FAILED and no alert changes; if the scan was stopped
 * meanwhile, its findings are discarded. The caller holds the scan's `scan.run` job.
 */
export async function finishScan(db: Database, scanId: string, produce: () => Promise<readonly Finding[]> | readonly Finding[]): Promise<ScanOutcome> {
  try {
    const summary = await reconcileScan(db, scanId, await produce());
    return { scanId, status: 'DONE', summary };
  } catch (error) {
    if (error instanceof ScanNotRunningError) return { scanId, status: (error.status as ScanStatus | null) ?? 'STOPPED' };
    const message = error instanceof Error ? error.message : String(error);
    log.warn('scan failed', { scanId, error: message });
    await failScan(db, scanId, message);
    return { scanId, status: 'FAILED', error: message };
  }
}

/**
 * `finishScan` for a scan begun here (`beginIngestScan`): its `scan.run` job's lease is renewed while
 * the findings are reconciled, and the job ends with the scan.
 */
export async function executeScan(
  db: Database,
  scanId: string,
  produce: () => Promise<readonly Finding[]> | readonly Finding[],
  leaseMs = JOB_LEASE_MS,
): Promise<ScanOutcome> {
  const job = await runningJob(db, 'scan.run', scanId);
  if (!job) return finishScan(db, scanId, produce);
  return runHeld(db, job, leaseMs, () => finishScan(db, scanId, produce));
}

export async function getScan(db: Database, scanId: string): Promise<ScanRow | null> {
  const { rows } = await db.pool.query<ScanRow>(`SELECT * FROM alerts.scans WHERE id = $1`, [scanId]);
  return rows[0] ?? null;
}

/** The target's scans, newest first; with `before`, those after that position (a keyset page). */
export async function listScans(db: Database, scanTargetId: string, limit: number, before: { createdAt: Date; id: string } | null = null): Promise<ScanRow[]> {
  const { rows } = await db.pool.query<ScanRow>(
    `SELECT * FROM alerts.scans WHERE "scanTargetId" = $1 AND ($3::timestamptz IS NULL OR ("createdAt", id) < ($3, $4::uuid))
      ORDER BY "createdAt" DESC, id DESC LIMIT $2`,
    [scanTargetId, limit, before?.createdAt ?? null, before?.id ?? null],
  );
  return rows;
}
