import { log } from '../log';
import { jobDuration } from '../metrics';
import { withRequestId } from '../request-context';
import { newWorkerId } from './holders';
import type { JobKind, JobPayloads } from './kinds';
import { claimJobs, completeJob, failJob, type JobDatabase, type JobRow, onJobEnqueued, recoverExpiredLeases, releaseJob, renewLease } from './queue';

/**
 * A job runner: polls the queue for the kinds it has handlers for, runs up to `concurrency` jobs
 * at once, renews each running job's lease (heartbeat), and records the outcome.
 *
 * Handlers must be idempotent: a job runs at least once, and twice only when a worker lost its
 * lease (crashed, hung past the lease, or lost the database) before recording the outcome.
 * `signal` aborts when the lease is lost or the runner stops without waiting for the job; a
 * handler doing long work should check it.
 */
export interface JobContext<K extends JobKind = JobKind> {
  job: JobRow<K>;
  signal: AbortSignal;
}

export type JobHandler<K extends JobKind> = (payload: JobPayloads[K], context: JobContext<K>) => Promise<void>;
export type JobHandlers = { [K in JobKind]?: JobHandler<K> };

export interface JobRunnerOptions {
  handlers: JobHandlers;
  /** Names this runner in `jobs.lockedBy` (default: holders.ts' newWorkerId, host:pid:instance/random). */
  workerId?: string;
  /** Jobs run at once by this runner (default 1). */
  concurrency?: number;
  /** How often an idle runner looks for due jobs and expired leases (default 1 s). */
  pollMs?: number;
  /** A claimed job's lease: without a heartbeat for this long it is recovered (default JOB_LEASE_MS). */
  leaseMs?: number;
  /** How often a running job's lease is renewed (default leaseMs / 3: two heartbeats may be lost). */
  heartbeatMs?: number;
}

export interface JobRunner {
  workerId: string;
  kinds: JobKind[];
  /** Looks for jobs now instead of at the next poll. */
  wake(): void;
  /**
   * Claims nothing more, waits up to `timeoutMs` (default 30 s) for the running jobs, then
   * releases the rest (QUEUED again, attempt not counted, handler signalled to abort).
   */
  stop(options?: { timeoutMs?: number }): Promise<{ finished: number; released: number }>;
}

interface InFlight {
  job: JobRow;
  controller: AbortController;
  /** Set when stop() gave the job back: its handler's outcome is no longer recorded. */
  released: boolean;
  done: Promise<void>;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message || error.name : String(error));

/** A claimed job's lease unless said otherwise: a minute without a heartbeat and the job is recovered. */
export const JOB_LEASE_MS = 60_000;

/**
 * Renews `job`'s lease every `heartbeatMs` (default a third of the lease: two heartbeats may be lost)
 * until the returned function is called; `onLost` when the job is no longer this claim's.
 */
function heartbeat(db: JobDatabase, job: JobRow, leaseMs: number, onLost: () => void, heartbeatMs = Math.floor(leaseMs / 3)): () => void {
  const timer = setInterval(() => {
    renewLease(db, job, leaseMs)
      .then((held) => {
        if (!held) onLost();
      })
      .catch((error: unknown) => log.warn('job heartbeat failed', { workerId: job.lockedBy, jobId: job.id, error: errorText(error) }));
  }, heartbeatMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Runs `work` for a job claimed where it runs (queue.ts' claimKeyed), not by a runner: its lease
 * renewed meanwhile, then DONE, or a failed attempt when `work` throws (the error is rethrown).
 */
export async function runHeld<T>(db: JobDatabase, job: JobRow, leaseMs: number, work: () => Promise<T>): Promise<T> {
  const stop = heartbeat(db, job, leaseMs, () => log.warn('job lease lost while it ran here', { workerId: job.lockedBy, jobId: job.id }));
  let result: T;
  try {
    result = await work();
  } catch (error) {
    stop();
    await failJob(db, job, errorText(error));
    throw error;
  }
  stop();
  await completeJob(db, job);
  return result;
}

export function startJobRunner(db: JobDatabase, options: JobRunnerOptions): JobRunner {
  const workerId = options.workerId ?? newWorkerId();
  const kinds = (Object.keys(options.handlers) as JobKind[]).filter((kind) => options.handlers[kind]);
  const concurrency = options.concurrency ?? 1;
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const inFlight = new Map<string, InFlight>();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  /** When the pending timer fires (performance.now()): a later look never replaces an earlier one. */
  let timerDue = 0;
  let polling: Promise<void> | null = null;
  let again = false;
  let recoveredAt = 0;

  // The earliest look wins. A finished poll asks for the next in pollMs; a nudge (an enqueue, a slot
  // freed) that landed in the same turn of the event loop, before its 0 ms timer fired, must not be
  // pushed back to it: that lost nudge left a webhook's new delivery job waiting a whole second
  // (bench:webhooks' ~1 s stalls on the idle machine, issue 38).
  const schedule = (delay: number) => {
    if (stopped) return;
    const due = performance.now() + delay;
    if (timer) {
      if (timerDue <= due) return;
      clearTimeout(timer);
    }
    timerDue = due;
    timer = setTimeout(() => {
      timer = null;
      poll();
    }, delay);
    timer.unref();
  };

  function poll(): void {
    if (stopped) return;
    if (polling) {
      again = true;
      return;
    }
    polling = (async () => {
      // Recovery once per poll interval, not once per claim: a busy runner polls after every job.
      if (Date.now() - recoveredAt >= pollMs) {
        recoveredAt = Date.now();
        const recovered = await recoverExpiredLeases(db);
        if (recovered.requeued.length || recovered.failed.length) log.warn('jobs recovered from expired leases', { workerId, ...recovered });
      }
      const free = concurrency - inFlight.size;
      if (free <= 0 || stopped) return;
      const jobs = await claimJobs(db, { workerId, kinds, limit: free, leaseMs });
      for (const job of jobs) run(job);
    })()
      .catch((error: unknown) => log.error('job poll failed', { workerId, error: errorText(error) }))
      .finally(() => {
        polling = null;
        // Asked again meanwhile (an enqueue, a slot freed): look again at once; else at the next poll.
        // More due jobs than free slots wait for a slot: each finished job wakes the runner.
        schedule(again ? 0 : pollMs);
        again = false;
      });
  }

  function run(job: JobRow): void {
    const controller = new AbortController();
    const entry: InFlight = { job, controller, released: false, done: Promise.resolve() };
    const stopHeartbeat = heartbeat(
      db,
      job,
      leaseMs,
      () => {
        if (!entry.released) controller.abort(new Error(`job ${job.id}: lease lost`));
      },
      options.heartbeatMs,
    );
    const handler = options.handlers[job.kind] as JobHandler<JobKind>;
    entry.done = (async () => {
      const started = Date.now();
      try {
        // The handler's own work (and jobs it enqueues) belongs to the request that enqueued this job.
        await withRequestId(job.requestId ?? `job:${job.id}`, () => handler(job.payload, { job, signal: controller.signal }));
        stopHeartbeat();
        jobDuration.observe({ kind: job.kind, outcome: entry.released ? 'released' : 'done' }, (Date.now() - started) / 1000);
        if (entry.released) return;
        const recorded = await completeJob(db, job);
        log.debug('job done', { workerId, jobId: job.id, kind: job.kind, ms: Date.now() - started, recorded, requestId: job.requestId ?? undefined });
      } catch (error) {
        stopHeartbeat();
        jobDuration.observe(
          { kind: job.kind, outcome: entry.released ? 'released' : job.attempts >= job.maxAttempts ? 'failed' : 'retried' },
          (Date.now() - started) / 1000,
        );
        if (entry.released) return;
        const outcome = await failJob(db, job, errorText(error));
        log.warn('job attempt failed', {
          workerId,
          jobId: job.id,
          kind: job.kind,
          attempt: job.attempts,
          of: job.maxAttempts,
          outcome,
          error: errorText(error),
          requestId: job.requestId ?? undefined,
        });
      }
    })()
      .catch((error: unknown) => log.error('job outcome not recorded', { workerId, jobId: job.id, error: errorText(error) }))
      .finally(() => {
        stopHeartbeat();
        inFlight.delete(job.id);
        schedule(0);
      });
    inFlight.set(job.id, entry);
  }

  const unsubscribe = onJobEnqueued((kind) => {
    if (kinds.includes(kind)) schedule(0);
  });
  schedule(0);
  log.info('job runner started', { workerId, kinds, concurrency });

  return {
    workerId,
    kinds,
    wake: () => schedule(0),
    async stop({ timeoutMs = 30_000 } = {}) {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      await polling;
      const running = [...inFlight.values()];
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(running.map((entry) => entry.done)),
        new Promise<void>((resolve) => {
          timeout = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timeout);
      let released = 0;
      for (const entry of inFlight.values()) {
        entry.released = true;
        entry.controller.abort(new Error(`job ${entry.job.id}: the runner is stopping`));
        if (await releaseJob(db, entry.job).catch(() => false)) released++;
      }
      log.info('job runner stopped', { workerId, finished: running.length - released, released });
      return { finished: running.length - released, released };
    },
  };
}
