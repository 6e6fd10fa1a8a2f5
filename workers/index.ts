import { type RetentionSettings, retentionSettings, type WebhookSettings, webhookSettings } from '../lib/config';
import type { Database } from '../lib/db';
import type { JobKind } from '../lib/jobs/kinds';
import type { JobDatabase } from '../lib/jobs/queue';
import { type JobHandlers, type JobRunner, type JobRunnerOptions, startJobRunner } from '../lib/jobs/runner';
import type { ObjectStorage } from '../lib/storage';
import { flagOverdue } from './assessments-overdue';
import { expireDocuments } from './documents-expire';
import { buildExport } from './export-build';
import { purgeFinishedJobs } from './jobs-purge';
import { purgeByRetention } from './retention-purge';
import { runScan, scheduleScans } from './scans';
import { deliverWebhookEvents } from './webhook-deliver';

/**
 * The process part of the job runner: which handlers exist, and which of them this process runs
 * (`VIGIL_WORKERS`: `all`, `none`, or a comma list of kinds; see lib/config.ts).
 */
export function workerHandlers(db: Database, settings: WorkerSettings = {}): JobHandlers {
  return {
    'jobs.purge': purgeFinishedJobs(db),
    'scan.schedule': scheduleScans(db),
    'scan.run': runScan(db),
    'webhook.deliver': deliverWebhookEvents(db, settings.webhooks ?? webhookSettings(), settings.secret ?? ''),
    'assessments.overdue': flagOverdue(db),
    'retention.purge': purgeByRetention(db, settings.retention ?? retentionSettings()),
    // ── documents: exports and the expiry of documents and attachments (they need the storage) ──
    ...(settings.storage
      ? {
          'export.build': buildExport(db, { secret: settings.secret ?? '', storage: settings.storage }),
          'documents.expire': expireDocuments(db, settings.storage),
        }
      : {}),
  };
}

/** What handlers need beyond the database. */
export interface WorkerSettings {
  /** Retention of the growing logs (default: lib/config.ts defaults). */
  retention?: RetentionSettings;
  /** Webhook delivery settings (default: lib/config.ts defaults). */
  webhooks?: WebhookSettings;
  /** The instance secret (VIGIL_SECRET): webhook signing secrets, cursors. */
  secret?: string;
  /** Attachment storage (lib/storage/): export files and expiry. */
  storage?: ObjectStorage;
}

/** The handlers of the chosen kinds; an unknown kind is a configuration error, said at start-up. */
export function selectHandlers(handlers: JobHandlers, kinds: 'all' | readonly string[]): JobHandlers {
  if (kinds === 'all') return handlers;
  const known = Object.keys(handlers);
  const unknown = kinds.filter((kind) => !known.includes(kind));
  if (unknown.length) throw new Error(`VIGIL_WORKERS names unknown job kinds: ${unknown.join(', ')} (known: ${known.join(', ')})`);
  const chosen: Record<string, unknown> = {};
  for (const kind of kinds) chosen[kind] = handlers[kind as JobKind];
  return chosen as JobHandlers;
}

export interface StartWorkersOptions extends Omit<JobRunnerOptions, 'handlers'> {
  /** `config.workers`: which kinds this process runs. */
  kinds: 'all' | readonly string[];
  /** The handler registry (default `workerHandlers(db)`; tests bring their own kinds). */
  handlers?: JobHandlers;
  /** What the handlers need beyond the database. */
  settings?: WorkerSettings;
}

/** Starts a runner for the chosen kinds; null when none is chosen (`VIGIL_WORKERS=none`). */
export function startWorkers(db: JobDatabase, options: StartWorkersOptions): JobRunner | null {
  // Tests that bring no handlers run `jobs.purge` over a bare pool: the handlers only touch db.pool when they run.
  const { kinds, settings, handlers = workerHandlers(db as Database, settings), ...runner } = options;
  const chosen = selectHandlers(handlers, kinds);
  if (Object.keys(chosen).length === 0) return null;
  return startJobRunner(db, { ...runner, handlers: chosen });
}

/** Whether `VIGIL_WORKERS` (config.workers) includes `kind`. */
export const runsKind = (kinds: 'all' | readonly string[], kind: string) => kinds === 'all' || kinds.includes(kind);
