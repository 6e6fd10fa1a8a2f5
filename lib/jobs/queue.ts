import type pg from 'pg';
import type { Database } from '../db';
import { currentRequestId } from '../request-context';
import { heldByDeadLocalProcess } from './holders';
import type { JobKind, JobPayloads } from './kinds';

/**
 * The job queue: one table (`jobs.jobs`), plain SQL, every step one short statement: FOR UPDATE
 * SKIP LOCKED for the claim, a lease for the worker that holds a job. The lease is the only one in
 * Vigil: a unit of work that runs where it is asked for instead of on a runner (a scan's ingestion)
 * holds a job too (`claimKeyed`), so one recovery covers every worker that stops.
 *
 *   enqueue ──▶ QUEUED ──claim──▶ RUNNING ──complete──▶ DONE
 *                  ▲                 │  └──fail, no attempts left / lease expired on the last──▶ FAILED
 *                  └──fail or lease expired with attempts left (after the backoff), release──┘
 *
 * Why statements and not a transaction around the handler: the embedded database (PGlite) is ONE
 * connection for the whole process, so a job must never hold it while its handler runs. A claim is
 * one UPDATE (it commits at once), the handler runs on no connection, and complete/fail is another
 * UPDATE guarded by the claim (`lockedBy` + `attempts`): a worker whose lease expired and whose job
 * was taken over changes nothing when it finally finishes.
 *
 * Times come from the database's clock (now()), never the process's: instances may disagree.
 */
export type JobState = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';

export interface JobRow<K extends JobKind = JobKind> {
  id: string;
  kind: K;
  payload: JobPayloads[K];
  state: JobState;
  singletonKey: string | null;
  /** Claims so far (the running attempt included). */
  attempts: number;
  maxAttempts: number;
  backoffMs: number;
  backoffFactor: number;
  runAt: Date;
  lockedBy: string | null;
  lockedUntil: Date | null;
  lastError: string | null;
  /** The x-request-id of the request that enqueued it (lib/request-context.ts), if one did. */
  requestId: string | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface EnqueueOptions {
  /** Attempts after the first failure (default 0: one attempt). */
  retries?: number;
  /** Wait before retry n: delayMs × factor^(n-1), at most an hour (default 1 s, factor 2). */
  backoff?: { delayMs: number; factor?: number };
  /** Not claimed before this time (default: now). */
  runAt?: Date;
  /**
   * At most one QUEUED or RUNNING job of this kind holds the key: a second enqueue meanwhile is a
   * no-op that returns the existing job (`enqueued: false`). Once the job is DONE or FAILED the key
   * is free again, so a once-per-slot job names its slot in the key (e.g. `target:<id>:<slot>`).
   */
  singletonKey?: string;
}

/** The runner's functions need only the pool; tests pass a bare pool over the embedded server. */
export type JobDatabase = Pick<Database, 'pool'>;

/** Every retry delay is capped, so a large factor cannot park a job for days. */
export const MAX_BACKOFF_MS = 3_600_000;
/** Error texts are cut to this length: a stack in a row is useful, a megabyte is not. */
const MAX_ERROR_LENGTH = 4_000;

const MS = `* interval '1 millisecond'`;

// In-process nudge: runners of this process claim a new job at once instead of at their next poll.
// Runners of other instances find it at their next poll (LISTEN/NOTIFY does not reach them on
// the embedded database, and polling is one indexed statement).
const enqueuedListeners = new Set<(kind: JobKind) => void>();

export function onJobEnqueued(listener: (kind: JobKind) => void): () => void {
  enqueuedListeners.add(listener);
  return () => enqueuedListeners.delete(listener);
}

function checkOptions(options: EnqueueOptions): { maxAttempts: number; backoffMs: number; backoffFactor: number } {
  const retries = options.retries ?? 0;
  const backoffMs = options.backoff?.delayMs ?? 1_000;
  const backoffFactor = options.backoff?.factor ?? 2;
  if (!Number.isInteger(retries) || retries < 0 || retries > 1_000) throw new RangeError(`retries must be an integer 0…1000, got ${retries}`);
  if (!Number.isInteger(backoffMs) || backoffMs < 0 || backoffMs > MAX_BACKOFF_MS)
    throw new RangeError(`backoff.delayMs must be an integer 0…${MAX_BACKOFF_MS}, got ${backoffMs}`);
  if (!(backoffFactor >= 1 && backoffFactor <= 10)) throw new RangeError(`backoff.factor must be 1…10, got ${backoffFactor}`);
  return { maxAttempts: retries + 1, backoffMs, backoffFactor };
}

/**
 * Queues a job. `db` may be a client inside the caller's transaction, so a job is enqueued
 * atomically with the change that makes it due (e.g. a scan target's next slot moving on).
 */
export async function enqueue<K extends JobKind>(
  db: JobDatabase | pg.PoolClient,
  kind: K,
  payload: JobPayloads[K],
  options: EnqueueOptions = {},
): Promise<{ id: string; enqueued: boolean }> {
  const { maxAttempts, backoffMs, backoffFactor } = checkOptions(options);
  const client = 'pool' in db ? db.pool : db;
  const { rows } = await client.query<{ id: string; enqueued: boolean }>(
    `WITH inserted AS (
       INSERT INTO jobs.jobs (id, kind, payload, "singletonKey", "maxAttempts", "backoffMs", "backoffFactor", "runAt", "requestId")
       VALUES (gen_random_uuid(), $1, $2::jsonb, $3, $4, $5, $6, coalesce($7::timestamptz, now()), $8)
       ON CONFLICT (kind, "singletonKey") WHERE state IN ('QUEUED', 'RUNNING') DO NOTHING
       RETURNING id
     )
     SELECT id, true AS enqueued FROM inserted
     UNION ALL
     SELECT id, false FROM jobs.jobs
      WHERE NOT EXISTS (SELECT 1 FROM inserted) AND kind = $1 AND "singletonKey" = $3 AND state IN ('QUEUED', 'RUNNING')`,
    [kind, JSON.stringify(payload), options.singletonKey ?? null, maxAttempts, backoffMs, backoffFactor, options.runAt ?? null, currentRequestId() ?? null],
  );
  // The statement's snapshot cannot see a conflicting row committed after it began; then the key's
  // holder just finished. Rare, and the caller learns only that nothing new was queued.
  const row = rows[0] ?? { id: '', enqueued: false };
  if (row.enqueued) for (const listener of enqueuedListeners) listener(kind);
  return row;
}

/**
 * Claims up to `limit` due QUEUED jobs of `kinds` for `workerId`, leased for `leaseMs`. One
 * statement: concurrent runners skip each other's locked rows, so each job goes to one of them.
 */
export async function claimJobs(db: JobDatabase, options: { workerId: string; kinds: readonly string[]; limit: number; leaseMs: number }): Promise<JobRow[]> {
  const { rows } = await db.pool.query<JobRow>(
    `WITH next AS (
       SELECT id FROM jobs.jobs
        WHERE state = 'QUEUED' AND "runAt" <= now() AND kind = ANY($1::text[])
        ORDER BY "runAt", id LIMIT $2 FOR UPDATE SKIP LOCKED
     )
     UPDATE jobs.jobs j SET state = 'RUNNING', attempts = j.attempts + 1, "lockedBy" = $3,
            "lockedUntil" = now() + $4::double precision ${MS}, "startedAt" = now(), "updatedAt" = now()
       FROM next WHERE j.id = next.id
     RETURNING j.*`,
    [options.kinds, options.limit, options.workerId, options.leaseMs],
  );
  return rows.sort((a, b) => a.runAt.getTime() - b.runAt.getTime());
}

/**
 * Claims the job of `kind` holding `singletonKey` for `workerId`, to run it here rather than on a
 * runner: the QUEUED one is taken (due or not), or one is created RUNNING when none waits. null
 * when a worker already runs it. `db` may be a client inside the caller's transaction, so the claim
 * commits with the work it covers. A job created here has one attempt: if its worker stops, the
 * recovery fails it (runners never claim a RUNNING job).
 */
export async function claimKeyed<K extends JobKind>(
  db: JobDatabase | pg.PoolClient,
  kind: K,
  payload: JobPayloads[K],
  options: { singletonKey: string; workerId: string; leaseMs: number },
): Promise<JobRow<K> | null> {
  const client = 'pool' in db ? db.pool : db;
  const { rows } = await client.query<JobRow<K>>(
    `WITH queued AS (
       UPDATE jobs.jobs SET state = 'RUNNING', attempts = attempts + 1, "lockedBy" = $4,
              "lockedUntil" = now() + $5::double precision ${MS}, "startedAt" = now(), "updatedAt" = now()
        WHERE id = (SELECT id FROM jobs.jobs WHERE kind = $1 AND "singletonKey" = $3 AND state = 'QUEUED' FOR UPDATE SKIP LOCKED)
       RETURNING *
     ), created AS (
       INSERT INTO jobs.jobs (id, kind, payload, state, "singletonKey", attempts, "maxAttempts", "lockedBy", "lockedUntil", "startedAt", "requestId")
       SELECT gen_random_uuid(), $1, $2::jsonb, 'RUNNING', $3, 1, 1, $4, now() + $5::double precision ${MS}, now(), $6
        WHERE NOT EXISTS (SELECT 1 FROM queued)
       ON CONFLICT (kind, "singletonKey") WHERE state IN ('QUEUED', 'RUNNING') DO NOTHING
       RETURNING *
     )
     SELECT * FROM queued UNION ALL SELECT * FROM created`,
    [kind, JSON.stringify(payload), options.singletonKey, options.workerId, options.leaseMs, currentRequestId() ?? null],
  );
  return rows[0] ?? null;
}

/** The RUNNING job of `kind` holding `singletonKey`, if any (the claim a worker of this unit of work holds). */
export async function runningJob<K extends JobKind>(db: JobDatabase, kind: K, singletonKey: string): Promise<JobRow<K> | null> {
  const { rows } = await db.pool.query<JobRow<K>>(`SELECT * FROM jobs.jobs WHERE kind = $1 AND "singletonKey" = $2 AND state = 'RUNNING'`, [
    kind,
    singletonKey,
  ]);
  return rows[0] ?? null;
}

/** The claim a later statement must still hold (a job recovered from an expired lease has another). */
const HELD = `id = $1 AND state = 'RUNNING' AND "lockedBy" = $2 AND attempts = $3`;
const held = (job: JobRow) => [job.id, job.lockedBy, job.attempts];

/** Extends the lease of a running job; false when the job is no longer this claim's. */
export async function renewLease(db: JobDatabase, job: JobRow, leaseMs: number): Promise<boolean> {
  const { rowCount } = await db.pool.query(`UPDATE jobs.jobs SET "lockedUntil" = now() + $4::double precision ${MS}, "updatedAt" = now() WHERE ${HELD}`, [
    ...held(job),
    leaseMs,
  ]);
  return rowCount === 1;
}

/** DONE; false when the claim was lost meanwhile (the result is then another worker's to give). */
export async function completeJob(db: JobDatabase, job: JobRow): Promise<boolean> {
  const { rowCount } = await db.pool.query(
    `UPDATE jobs.jobs SET state = 'DONE', "lockedBy" = NULL, "lockedUntil" = NULL, "finishedAt" = now(), "updatedAt" = now() WHERE ${HELD}`,
    held(job),
  );
  return rowCount === 1;
}

/** A failed attempt: QUEUED again after the backoff while attempts remain, else FAILED (visible). */
export async function failJob(db: JobDatabase, job: JobRow, error: string): Promise<'retrying' | 'failed' | 'lost'> {
  const { rows } = await db.pool.query<{ state: JobState }>(
    `UPDATE jobs.jobs SET
            state = CASE WHEN attempts < "maxAttempts" THEN 'QUEUED' ELSE 'FAILED' END,
            "runAt" = CASE WHEN attempts < "maxAttempts"
                      THEN now() + least("backoffMs" * power("backoffFactor", attempts - 1), ${MAX_BACKOFF_MS}) ${MS}
                      ELSE "runAt" END,
            "finishedAt" = CASE WHEN attempts < "maxAttempts" THEN NULL ELSE now() END,
            "lastError" = $4, "lockedBy" = NULL, "lockedUntil" = NULL, "updatedAt" = now()
      WHERE ${HELD} RETURNING state`,
    [...held(job), error.slice(0, MAX_ERROR_LENGTH)],
  );
  if (!rows[0]) return 'lost';
  return rows[0].state === 'FAILED' ? 'failed' : 'retrying';
}

/** Gives a claimed job back untouched (graceful stop): QUEUED at once, the attempt not counted. */
export async function releaseJob(db: JobDatabase, job: JobRow): Promise<boolean> {
  const { rowCount } = await db.pool.query(
    `UPDATE jobs.jobs SET state = 'QUEUED', attempts = attempts - 1, "runAt" = now(), "lockedBy" = NULL, "lockedUntil" = NULL, "updatedAt" = now()
      WHERE ${HELD}`,
    held(job),
  );
  return rowCount === 1;
}

/**
 * RUNNING jobs whose worker is gone count as a failed attempt: QUEUED again at once while attempts
 * remain, else FAILED. Gone = the lease expired (the worker crashed, hung or lost the database), or
 * the worker was a process of this host that no longer runs (holders.ts; recovered without waiting
 * for the lease). Any runner may do it; concurrent runs are serialised by the row locks and the
 * second finds nothing left to change.
 */
export async function recoverExpiredLeases(db: JobDatabase): Promise<{ requeued: string[]; failed: string[] }> {
  const { rows: holders } = await db.pool.query<{ lockedBy: string }>(
    `SELECT DISTINCT "lockedBy" FROM jobs.jobs WHERE state = 'RUNNING' AND "lockedUntil" >= now() AND "lockedBy" IS NOT NULL`,
  );
  const gone = holders.map((h) => h.lockedBy).filter(heldByDeadLocalProcess);
  const { rows } = await db.pool.query<{ id: string; state: JobState }>(
    `UPDATE jobs.jobs SET
            state = CASE WHEN attempts < "maxAttempts" THEN 'QUEUED' ELSE 'FAILED' END,
            "finishedAt" = CASE WHEN attempts < "maxAttempts" THEN NULL ELSE now() END,
            "runAt" = now(),
            "lastError" = CASE WHEN "lockedBy" = ANY($1::text[])
                          THEN 'worker ' || "lockedBy" || ' stopped before finishing the job (its process is gone)'
                          ELSE 'the lease of worker ' || coalesce("lockedBy", '?') || ' expired before the job finished (worker stopped or stuck)' END,
            "lockedBy" = NULL, "lockedUntil" = NULL, "updatedAt" = now()
      WHERE state = 'RUNNING' AND ("lockedUntil" < now() OR "lockedBy" = ANY($1::text[]))
      RETURNING id, state`,
    [gone],
  );
  return {
    requeued: rows.filter((r) => r.state === 'QUEUED').map((r) => r.id),
    failed: rows.filter((r) => r.state === 'FAILED').map((r) => r.id),
  };
}

export async function getJob(db: JobDatabase, id: string): Promise<JobRow | null> {
  const { rows } = await db.pool.query<JobRow>(`SELECT * FROM jobs.jobs WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Jobs newest first, e.g. `listJobs(db, { state: 'FAILED' })`: what failed, how often, why. */
export async function listJobs(db: JobDatabase, filter: { state?: JobState; kind?: JobKind; limit?: number } = {}): Promise<JobRow[]> {
  const { rows } = await db.pool.query<JobRow>(
    `SELECT * FROM jobs.jobs WHERE ($1::text IS NULL OR state = $1) AND ($2::text IS NULL OR kind = $2)
      ORDER BY "createdAt" DESC, id DESC LIMIT $3`,
    [filter.state ?? null, filter.kind ?? null, Math.min(Math.max(filter.limit ?? 100, 1), 1_000)],
  );
  return rows;
}
