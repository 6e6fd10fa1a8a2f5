import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type pg from 'pg';
import { type Database, inTransaction } from '../../../lib/db';
import { conflict, notFound } from '../../../lib/errors';
import { enqueue } from '../../../lib/jobs/queue';
import { log } from '../../../lib/log';
import { insertEventsSql, scanJsonSql } from '../event-payloads';
import type { ScanTargetScanner } from '../scan-targets/scan-targets';
import { type Finding, reconcileScan, ScanNotRunningError, type ScanSummary } from './reconcile';

/**
 * Scans as a Postgres-backed job queue. A scan is QUEUED (manual or scheduled start), RUNNING
 * (claimed by one worker with FOR UPDATE SKIP LOCKED, or an ingestion in progress), then DONE,
 * FAILED or STOPPED. A partial unique index allows one QUEUED/RUNNING scan per target, so a
 * double start, a scheduled scan racing a manual one or an ingestion during a scan cannot both
 * proceed. Every transition is logged as a scan event in the same transaction.
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
  lockedBy: string | null;
  lockedAt: Date | null;
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
 * A RUNNING scan's lease: its worker renews `lockedAt` every quarter of it (see `holdLease`), so a
 * scan whose `lockedAt` is older than this has no live worker and is given up (scheduler.ts).
 * Short, so a target whose worker died on another host is usable again within a minute.
 */
export const SCAN_LEASE_MS = 60_000;

// This process, as it appears in `scans.lockedBy` ("<host>:<pid>:<instance>/<worker>"): a scan
// held by an instance of this host whose process is gone is recovered at once, not after the lease.
const INSTANCE = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

export function newWorkerId(): string {
  return `${INSTANCE}/${randomBytes(3).toString('hex')}`;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is just not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether `lockedBy` names a Vigil instance on this host that no longer runs. */
export function heldByDeadLocalProcess(lockedBy: string | null): boolean {
  const holder = lockedBy && /(?:^|:)([^:]+):(\d+):([0-9a-f]+)(?:\/[0-9a-f]+)?$/.exec(lockedBy);
  if (!holder) return false;
  const [, host, pidText, instance] = holder;
  if (host !== os.hostname()) return false;
  const pid = Number(pidText);
  // Our own pid under another instance id: a previous run of this process slot (a container's pid 1).
  if (pid === process.pid) return instance !== INSTANCE.split(':').pop();
  return !processAlive(pid);
}

/**
 * Renews the lease of a RUNNING scan while `work` runs. SKIP LOCKED: while the reconciliation
 * holds the scan row the renewal is skipped instead of waiting (the sweep skips locked rows too,
 * so a scan being committed is never taken for abandoned).
 */
async function holdLease<T>(db: Database, scanId: string, leaseMs: number, work: () => Promise<T>): Promise<T> {
  let renewing: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (renewing) return;
    renewing = db.pool
      .query(
        `UPDATE alerts.scans SET "lockedAt" = now() WHERE id IN (SELECT id FROM alerts.scans WHERE id = $1 AND status = 'RUNNING' FOR UPDATE SKIP LOCKED)`,
        [scanId],
      )
      .catch((error: Error) => log.warn('scan lease renewal failed', { scanId, error: error.message }))
      .finally(() => (renewing = null));
  }, leaseMs / 4);
  timer.unref();
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/**
 * Fails RUNNING scans no live worker holds: their lease expired (`lockedAt` before `leaseCutoff`)
 * or their holder is a process of this host that is gone (a crash or kill mid-scan, recovered at
 * the next start). A scan whose row is locked (its reconciliation committing) is left alone.
 * No alert changes: a scan's findings are applied in one transaction, which died with its worker.
 */
export async function failAbandonedScans(db: Database, leaseCutoff: Date): Promise<string[]> {
  const { rows: running } = await db.pool.query<{ id: string; lockedBy: string | null; expired: boolean }>(
    `SELECT id, "lockedBy", "lockedAt" IS NULL OR "lockedAt" < $1 AS expired FROM alerts.scans WHERE status = 'RUNNING'`,
    [leaseCutoff],
  );
  const abandoned = running.filter((scan) => scan.expired || heldByDeadLocalProcess(scan.lockedBy)).map((scan) => scan.id);
  if (!abandoned.length) return [];
  const { rows } = await db.pool.query<{ id: string }>(
    withScanEvents(
      `UPDATE alerts.scans SET status = 'FAILED', error = 'the worker running this scan stopped before finishing it', "finishedAt" = now(), "updatedAt" = now()
        WHERE id IN (SELECT id FROM alerts.scans WHERE id = ANY($1::uuid[]) AND status = 'RUNNING' FOR UPDATE SKIP LOCKED) RETURNING *`,
      'ScanFailed',
    ),
    [abandoned],
  );
  return rows.map((r) => r.id);
}

/** The statement `sql` (returning scan rows as CTE `s`) plus one `name` event per returned scan. */
function withScanEvents(sql: string, name: string): string {
  return `WITH s AS (${sql})
          , events AS (${insertEventsSql(`(SELECT s."organizationId", '${name}' AS name, ${scanJsonSql('s')} AS data FROM s)`, 'service.scan')})
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
          'ScanStopped',
        ),
        [target.id],
      );
    }
    const { rows } = await client.query<ScanRow>(
      withScanEvents(
        `INSERT INTO alerts.scans (id, "scanTargetId", "organizationId", status, trigger, "createdAt", "updatedAt")
         VALUES (gen_random_uuid(), $1, $2, 'QUEUED', 'MANUAL', now(), now()) RETURNING *`,
        'ScanCreated',
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
        'ScanStopped',
      ),
      [target.id, reason],
    ),
  );
  return rows[0] ?? null;
}

/** A RUNNING scan for findings that arrive with the request (ingestion); CONFLICT while another scan is active. */
export async function beginIngestScan(db: Database, target: ScanTargetRef, workerId: string): Promise<ScanRow> {
  try {
    const { rows } = await inTransaction(db.pool, (client) =>
      client.query<ScanRow>(
        withScanEvents(
          `INSERT INTO alerts.scans (id, "scanTargetId", "organizationId", status, trigger, "lockedBy", "lockedAt", "startedAt", "createdAt", "updatedAt")
           VALUES (gen_random_uuid(), $1, $2, 'RUNNING', 'INGEST', $3, now(), now(), now(), now()) RETURNING *`,
          'ScanStarted',
        ),
        [target.id, target.organizationId, workerId],
      ),
    );
    return rows[0];
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
 * Claims a QUEUED scan — `scanId`, or else the oldest — for `workerId` (FOR UPDATE SKIP LOCKED:
 * concurrent workers never get the same one); null when there is none (stopped, or taken).
 */
export async function claimQueuedScan(db: Database, workerId: string, scanId?: string): Promise<ClaimedScan | null> {
  return inTransaction(db.pool, async (client) => {
    const { rows: next } = await client.query<{ id: string }>(
      `SELECT id FROM alerts.scans WHERE status = 'QUEUED' AND ($1::uuid IS NULL OR id = $1) ORDER BY "createdAt", id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [scanId ?? null],
    );
    if (!next[0]) return null;
    const { rows } = await client.query<ScanRow>(
      withScanEvents(
        `UPDATE alerts.scans SET status = 'RUNNING', "lockedBy" = $2, "lockedAt" = now(), "startedAt" = now(), "updatedAt" = now()
          WHERE id = $1 RETURNING *`,
        'ScanStarted',
      ),
      [next[0].id, workerId],
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
        'ScanFailed',
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
 * meanwhile, its findings are discarded.
 */
export async function executeScan(
  db: Database,
  scanId: string,
  produce: () => Promise<readonly Finding[]> | readonly Finding[],
  leaseMs = SCAN_LEASE_MS,
): Promise<ScanOutcome> {
  try {
    const summary = await holdLease(db, scanId, leaseMs, async () => reconcileScan(db, scanId, await produce()));
    return { scanId, status: 'DONE', summary };
  } catch (error) {
    if (error instanceof ScanNotRunningError) return { scanId, status: (error.status as ScanStatus | null) ?? 'STOPPED' };
    const message = error instanceof Error ? error.message : String(error);
    log.warn('scan failed', { scanId, error: message });
    await failScan(db, scanId, message);
    return { scanId, status: 'FAILED', error: message };
  }
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
