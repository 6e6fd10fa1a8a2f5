/**
 * The job kinds and their payloads: the one registry `enqueue` and the handlers are typed from.
 * Adding a kind = one line here (its payload, JSON-serialisable) and its handler in `workers/`
 * (workers/README.md). Invitations need no job: an invite past `expiresAt` is filtered out when read.
 *
 * Tests add their own kinds by merging into this interface (`declare module`), so the runner is
 * checked with the same types production code gets.
 */
export interface JobPayloads {
  /** Deletes DONE jobs finished more than `keepDays` ago (FAILED ones stay visible until handled). */
  'jobs.purge': { keepDays: number };
  /** One scheduler pass: scans abandoned by a gone worker failed, due targets given a QUEUED scan (and its `scan.run`). */
  'scan.schedule': Record<string, never>;
  /**
   * Runs one QUEUED scan (demo scanner) and reconciles its findings; a scan no longer QUEUED is left alone.
   * Its RUNNING job (singletonKey = scanId) is what holds a RUNNING scan, an ingestion's too (claimed by the ingesting process).
   */
  'scan.run': { scanId: string };
  /** Delivers a webhook's pending events in order (workers/webhook-deliver.ts); singletonKey = webhookId. */
  'webhook.deliver': { webhookId: string };
  /** Flags assessments past their due date once each, with an AssessmentOverdue event (subgraphs/questionnaires/overdue.ts). */
  'assessments.overdue': { batch?: number };
  /** Builds a document's (export's) file and stores it as an attachment (workers/export-build.ts). */
  'export.build': { documentId: string };
  /** Deletes expired documents and attachments with their bytes, fails stuck documents (workers/documents-expire.ts). */
  'documents.expire': Record<string, never>;
  /** Deletes event log entries, alert history and webhook delivery attempts past their retention, in batches (workers/retention-purge.ts). */
  'retention.purge': Record<string, never>;
}

export type JobKind = keyof JobPayloads & string;

/** The scan scheduler's kinds: a process whose VIGIL_WORKERS lists neither runs no scans. */
export const SCAN_JOB_KINDS: readonly JobKind[] = ['scan.schedule', 'scan.run'];
