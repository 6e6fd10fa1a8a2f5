import type pg from 'pg';
import type { Database } from '../lib/db';
import { VigilError } from '../lib/errors';
import type { JobHandler } from '../lib/jobs/runner';
import { log } from '../lib/log';
import type { ObjectStorage } from '../lib/storage';
import { Visibility } from '../lib/visibility';
import { storeOwnFile } from '../subgraphs/documents/attachment-store';
import type { DocumentRow } from '../subgraphs/documents/documents';
import { EXPORT_FORMATS, type ExportType } from '../subgraphs/documents/export-types';
import { writeAlertCsv, writeEventCsv } from './export-csv';
import { ExportFile } from './export-files';

export interface ExportDeps {
  secret: string;
  storage: ObjectStorage;
}

/** Why a document FAILED, as its `reason` (a VigilError's message is the user's to read; anything else is not). */
function reasonOf(error: unknown): string {
  return error instanceof VigilError ? error.message : 'the export could not be built (internal error; see the service log)';
}

async function finish(pool: pg.Pool, documentId: string, outcome: { attachmentId: string } | { reason: string }): Promise<void> {
  if ('attachmentId' in outcome) {
    await pool.query(
      `UPDATE documents.documents SET status = 'DONE', "attachmentId" = $2, "finishedAt" = now(), "updatedAt" = now() WHERE id = $1 AND status = 'PENDING'`,
      [documentId, outcome.attachmentId],
    );
  } else {
    await pool.query(
      `UPDATE documents.documents SET status = 'FAILED', reason = $2, "finishedAt" = now(), "updatedAt" = now() WHERE id = $1 AND status = 'PENDING'`,
      [documentId, outcome.reason],
    );
  }
}

/**
 * `export.build`: writes the document's file (to a temporary file, never whole in memory), stores it
 * as the document's attachment (id = the document's id, so a re-run after a lost lease overwrites
 * the same attachment instead of leaving a second one) and sets DONE. The exporting user's rights
 * are checked again here: a membership or follow removed meanwhile fails the document. A refusal or
 * bad params fail it at once; any other error is retried (EXPORT_JOB_OPTIONS) and fails it on the
 * last attempt. A document already DONE or FAILED is left as it is (idempotent).
 */
export function buildExport(db: Pick<Database, 'pool' | 'mode'>, deps: ExportDeps): JobHandler<'export.build'> {
  return async ({ documentId }, { job, signal }) => {
    const pool = db.pool;
    const { rows } = await pool.query<DocumentRow>(`SELECT * FROM documents.documents WHERE id = $1`, [documentId]);
    const document = rows[0];
    if (document?.status !== 'PENDING') return;
    const type = document.type as ExportType;
    const format = EXPORT_FORMATS[type];
    const policy = new Visibility(pool, { userId: document.userId, apiKeyId: '' });
    const file = new ExportFile();
    try {
      const params = document.params as Record<string, never>;
      if (type === 'ALERT' || type === 'FOLLOWING_ALERT') {
        const copy = db.mode === 'postgres';
        await writeAlertCsv(
          pool,
          { policy, secret: deps.secret, organizationId: document.organizationId, following: type === 'FOLLOWING_ALERT', params, signal, copy },
          file,
        );
      } else if (type === 'EVENT') {
        await policy.requireMember(document.organizationId);
        await writeEventCsv(pool, { organizationId: document.organizationId, params, signal }, file);
      } else if (type === 'THIRD_PARTY_REPORT') {
        // The PDF writers (pdfkit: 0.4 s of a profiled start at load 6) load on the first PDF export.
        const { writeThirdPartyReport } = require('./export-report-pdf') as typeof import('./export-report-pdf');
        await writeThirdPartyReport(pool, { policy, organizationId: document.organizationId, params }, file);
      } else if (type === 'QUESTIONNAIRE_REPORT') {
        // questionnaireReportData checks the exporter is still a member of a party (not-found fails the document).
        const { writeQuestionnaireReport } = require('./export-questionnaire-pdf') as typeof import('./export-questionnaire-pdf');
        await writeQuestionnaireReport(pool, { policy, organizationId: document.organizationId, params }, file);
      } else {
        throw new VigilError('BAD_REQUEST', `unknown document type ${String(type)}`);
      }
      const { length, md5 } = await file.finish();
      const stamp = document.createdAt.toISOString().slice(0, 19).replace(/[:T]/g, '-');
      const attachment = await storeOwnFile(
        pool,
        deps.storage,
        { userId: document.userId, id: document.id },
        {
          fileName: `${type.toLowerCase().replace(/_/g, '-')}-${stamp}.${format.extension}`,
          contentType: format.contentType,
          length,
          md5,
          expiresAt: document.expiresAt,
          body: () => file.read(),
        },
      );
      await finish(pool, documentId, { attachmentId: attachment.id });
    } catch (error) {
      const lastAttempt = job.attempts >= job.maxAttempts;
      if (error instanceof VigilError || lastAttempt) {
        if (!(error instanceof VigilError)) log.error('export failed', { documentId, error: (error as Error).stack ?? String(error) });
        await finish(pool, documentId, { reason: reasonOf(error) });
        return;
      }
      throw error;
    } finally {
      await file.remove();
    }
  };
}
