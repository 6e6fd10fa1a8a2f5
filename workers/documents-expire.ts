import type { JobDatabase } from '../lib/jobs/queue';
import type { JobHandler } from '../lib/jobs/runner';
import type { ObjectStorage } from '../lib/storage';
import { deleteExpiredAttachments } from '../subgraphs/documents/attachment-store';

/** A PENDING document whose export job is gone (FAILED on a lost lease, never enqueued) for this long is failed. */
const STUCK_AFTER_SECONDS = 60;

/**
 * `documents.expire` (enqueued every VIGIL_DOCUMENTS_CLEANUP_INTERVAL_MS by the worker process):
 * deletes expired documents, expired attachments with their bytes (a document's file expires with
 * it), and fails documents left PENDING with no export job to finish them, so no document stays
 * PENDING for ever.
 */
export function expireDocuments(db: JobDatabase, storage: ObjectStorage): JobHandler<'documents.expire'> {
  return async () => {
    const pool = db.pool;
    await pool.query(
      `UPDATE documents.documents d SET status = 'FAILED', reason = 'the export job ended without finishing the document', "finishedAt" = now()
        WHERE d.status = 'PENDING' AND d."createdAt" < now() - $1::int * interval '1 second'
          AND NOT EXISTS (SELECT 1 FROM jobs.jobs j WHERE j.kind = 'export.build' AND j."singletonKey" = d.id::text AND j.state IN ('QUEUED', 'RUNNING'))`,
      [STUCK_AFTER_SECONDS],
    );
    await pool.query(
      `UPDATE documents.attachments a SET "expiresAt" = d."expiresAt" FROM documents.documents d
        WHERE d."attachmentId" = a.id AND d."expiresAt" <= now() AND (a."expiresAt" IS NULL OR a."expiresAt" > d."expiresAt")`,
    );
    await pool.query(`DELETE FROM documents.documents WHERE "expiresAt" <= now()`);
    while ((await deleteExpiredAttachments(pool, storage)) > 0);
  };
}
