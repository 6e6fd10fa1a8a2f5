import type pg from 'pg';
import type { Visibility } from '../../lib/visibility';
import { type AssessmentRow, answersOf, attachmentRecords, elementsOf, findAssessment } from './store';
import { answerView, assessmentView, elementView } from './views';

/**
 * The data of a QUESTIONNAIRE_REPORT export (the `export.build` worker renders the PDF,
 * workers/export-questionnaire-pdf.ts): the assessment, its version's elements in order and, when asked,
 * each question's answer — as the caller's side may read them (lib/visibility.ts: a third organization
 * gets not-found). Labels are given in the report's language.
 */
export type ReportLanguage = 'en-US' | 'pt-BR';

const LABELS: Record<ReportLanguage, Record<string, string>> = {
  'en-US': {
    NEW: 'New',
    REQUESTED_REVIEW: 'Review requested',
    REQUESTED_CLARIFICATION: 'Clarification requested',
    APPROVED: 'Approved',
    REJECTED: 'Rejected',
    AUTOMATICALLY_APPROVED: 'Automatically approved',
    AUTOMATICALLY_REJECTED: 'Automatically rejected',
    SKIPPED: 'Skipped',
    dueDate: 'Due date',
    grade: 'Grade',
    answer: 'Answer',
    noAnswer: 'Not answered',
  },
  'pt-BR': {
    NEW: 'Novo',
    REQUESTED_REVIEW: 'Revisão solicitada',
    REQUESTED_CLARIFICATION: 'Esclarecimento solicitado',
    APPROVED: 'Aprovado',
    REJECTED: 'Rejeitado',
    AUTOMATICALLY_APPROVED: 'Aprovado automaticamente',
    AUTOMATICALLY_REJECTED: 'Rejeitado automaticamente',
    SKIPPED: 'Ignorado',
    dueDate: 'Prazo',
    grade: 'Nota',
    answer: 'Resposta',
    noAnswer: 'Sem resposta',
  },
};

export async function questionnaireReportData(
  pool: pg.Pool,
  policy: Visibility,
  organizationId: string,
  params: { assessmentId: string; language: ReportLanguage; includeAnswers: boolean },
) {
  const row = await findAssessment(pool, params.assessmentId);
  const side = await policy.requireAssessmentView(organizationId, row);
  const assessment = row as AssessmentRow; // requireAssessmentView refused a missing one
  const elements = await elementsOf(pool, assessment.questionnaireId, assessment.questionnaireVersion);
  const answers = params.includeAnswers ? new Map((await answersOf(pool, assessment.id)).map((a) => [a.questionId, answerView(a, side)])) : null;
  // The file names of the latest FILE answers (a report names each file; expired or deleted ones are left out).
  const latestIds = [...(answers?.values() ?? [])].flatMap((a) => a.content[a.content.length - 1]?.attachmentIds ?? []);
  const now = Date.now();
  const fileNames = new Map(
    [...(await attachmentRecords(pool, latestIds)).values()].filter((r) => r.expiresAt === null || r.expiresAt.getTime() > now).map((r) => [r.id, r.fileName]),
  );
  return {
    language: params.language,
    labels: LABELS[params.language],
    assessment: assessmentView(assessment, side),
    elements: elements.map((e) => ({ element: elementView(e, side), answer: answers?.get(e.id) ?? null })),
    fileNames,
  };
}
