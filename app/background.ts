import type { VigilConfig } from '../lib/config';
import type { Database } from '../lib/db';
import { openSharedWakeChannel, wakeOptionsOf } from '../lib/event-wake';
import { SCAN_JOB_KINDS } from '../lib/jobs/kinds';
import { enqueueEvery } from '../lib/jobs/periodic';
import type { JobRunner } from '../lib/jobs/runner';
import { log } from '../lib/log';
import type { ObjectStorage } from '../lib/storage';
import { upsertRuleCatalog } from '../subgraphs/alerts/alerts/rule-catalog';
import { type RunningScheduler, recoverAbandonedScans, startScheduler } from '../subgraphs/alerts/scans/scheduler';
import { runsKind, startWorkers, workerHandlers } from '../workers';
import { startWebhookWake } from '../workers/webhook-wake';

/** The background side of a process: the scan scheduler, the job runner and what feeds it. */
export interface Background {
  scheduler: RunningScheduler | null;
  workers: JobRunner | null;
  /**
   * Stops asking for work (scheduler, pollers, periodic enqueues), then lets running jobs finish for up to
   * `timeoutMs` and gives the rest back (QUEUED again).
   */
  stop(timeoutMs: number): Promise<void>;
}

/**
 * Starts what `VIGIL_WORKERS` asks of this process (the scan scheduler where it runs `scan.schedule`):
 * `npm start` runs it beside the gateway, `npm run start:worker` alone.
 */
export async function startBackground(db: Database, config: VigilConfig, storage: ObjectStorage): Promise<Background> {
  // ── scans: the rule catalog, scans abandoned by a stopped process, the scan scheduler ──
  await upsertRuleCatalog(db.pool);
  const recovered = await recoverAbandonedScans(db);
  if (recovered.length) log.warn('scans left running by a stopped process were failed', { scans: recovered });
  // ── background jobs (workers/): VIGIL_WORKERS' kinds (`all` less the scan kinds under the deprecated VIGIL_SCHEDULER=off) ──
  const workerKinds =
    config.workers !== 'all'
      ? config.workers
      : Object.keys(workerHandlers(db, { storage })).filter((kind) => config.scheduler.enabled || !SCAN_JOB_KINDS.includes(kind as never));
  const scheduler = config.scheduler.enabled ? startScheduler(db, { intervalMs: config.scheduler.intervalMs }) : null;
  const workers = startWorkers(db, {
    kinds: workerKinds,
    settings: { webhooks: config.webhooks, secret: config.secret, storage, retention: config.retention },
    concurrency: config.jobConcurrency,
  });
  // ── webhooks: the poller that wakes delivery jobs (workers/webhook-wake.ts; handlers in workers/webhook-deliver.ts) ──
  // Woken by the process's shared wake channel (lib/event-wake.ts), the live tail's too.
  const wake = runsKind(workerKinds, 'webhook.deliver') ? openSharedWakeChannel(wakeOptionsOf(config, db)) : null;
  const webhookWake = wake ? startWebhookWake(db, config.webhooks, wake) : null;
  // ── periodic jobs, asked for by the processes that run them: overdue assessments flagged every
  // minute, expired documents and attachments deleted, finished jobs purged hourly, the logs past retention ──
  const periodic = [
    runsKind(workerKinds, 'assessments.overdue') ? enqueueEvery(db, 'assessments.overdue', {}, 60_000) : null,
    runsKind(workerKinds, 'documents.expire') ? enqueueEvery(db, 'documents.expire', {}, config.attachments.cleanupIntervalMs) : null,
    runsKind(workerKinds, 'jobs.purge') ? enqueueEvery(db, 'jobs.purge', { keepDays: 7 }, 3_600_000) : null,
    runsKind(workerKinds, 'retention.purge') ? enqueueEvery(db, 'retention.purge', {}, config.retention.intervalMs) : null,
  ];
  const quiesce = async () => {
    await scheduler?.stop(); // scans: no pass may outlive the database
    await webhookWake?.stop();
    await wake?.close();
    for (const job of periodic) job?.stop();
  };
  return {
    scheduler,
    workers,
    async stop(timeoutMs) {
      // The jobs' time counts from here: quiescing waits for the pollers' statements, which on the embedded
      // database (one connection) return only after the statements in flight.
      const deadline = Date.now() + timeoutMs;
      await quiesce();
      await workers?.stop({ timeoutMs: Math.max(0, deadline - Date.now()) }); // jobs finish or are given back before the database closes
    },
  };
}
