import PDFDocument from 'pdfkit';
import type pg from 'pg';
import type { Visibility } from '../lib/visibility';
import { questionnaireReportData, type ReportLanguage } from '../subgraphs/questionnaires/report';
import type { AnswerContentEntry } from '../subgraphs/questionnaires/store';
import type { ExportFile } from './export-files';

/**
 * QUESTIONNAIRE_REPORT: one assessment as the exporting side reads it — its name, status, due date
 * and parties, then each section and question in order with its answer (when `includeAnswers`).
 * Every field comes from the questionnaires part's questionnaireReportData, which applies the
 * side's view: the sender-only fields (review notes, grades, expected choices) are null for the
 * receiver, and this file prints only what is not null, so the receiver's PDF cannot show them.
 */
const TEXT = {
  en_US: {
    title: 'Questionnaire report',
    generated: 'Generated',
    status: 'Status',
    sender: 'Sender',
    receiver: 'Receiver',
    reviewNotes: 'Review notes',
    contacts: 'Contacts',
    files: 'file(s) attached',
    filesGone: 'file(s) no longer available',
    required: 'required',
  },
  pt_BR: {
    title: 'Relatório de questionário',
    generated: 'Gerado em',
    status: 'Situação',
    sender: 'Remetente',
    receiver: 'Destinatário',
    reviewNotes: 'Notas de revisão',
    contacts: 'Contatos',
    files: 'arquivo(s) anexado(s)',
    filesGone: 'arquivo(s) não mais disponível(is)',
    required: 'obrigatória',
  },
} as const;

const LANGUAGES: Record<keyof typeof TEXT, ReportLanguage> = { en_US: 'en-US', pt_BR: 'pt-BR' };

/**
 * The latest answer entry as a line of text. A FILE answer names each file it carries that is still
 * there, and says how many are no longer available (expired or deleted since).
 */
function answerText(entry: AnswerContentEntry | undefined, noAnswer: string, fileNames: Map<string, string>, t: { files: string; filesGone: string }): string {
  const content = entry?.content;
  if (!content || content.type === 'EMPTY') return noAnswer;
  if (content.type === 'TEXT') return content.text;
  if (content.type === 'SINGLE_CHOICE') return content.choice;
  if (content.type === 'MULTIPLE_CHOICE') return content.choices.join(', ');
  const names = entry.attachmentIds.flatMap((id) => fileNames.get(id) ?? []);
  const gone = entry.attachmentIds.length - names.length;
  const parts = names.length ? [`${names.length} ${t.files}: ${names.join(', ')}`] : [];
  if (gone > 0 || parts.length === 0) parts.push(`${gone} ${t.filesGone}`);
  return parts.join('; ');
}

export async function writeQuestionnaireReport(
  pool: pg.Pool,
  options: {
    policy: Visibility;
    organizationId: string;
    params: { language?: string | null; filter?: { assessmentId?: string; includeAnswers?: boolean } | null };
  },
  file: ExportFile,
): Promise<void> {
  const lang = options.params.language === 'pt_BR' ? 'pt_BR' : 'en_US';
  const t = TEXT[lang];
  const filter = options.params.filter ?? {};
  const includeAnswers = filter.includeAnswers ?? true;
  const data = await questionnaireReportData(pool, options.policy, options.organizationId, {
    assessmentId: String(filter.assessmentId),
    language: LANGUAGES[lang],
    includeAnswers,
  });
  const { assessment, labels } = data;
  const { rows: orgs } = await pool.query<{ id: string; name: string }>(`SELECT id, name FROM organizations.organizations WHERE id = ANY($1::uuid[])`, [
    [assessment.senderId, assessment.receiverId],
  ]);
  const nameOf = (id: string) => orgs.find((o) => o.id === id)?.name ?? id;

  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${t.title}: ${assessment.name}` } });
  let writing = Promise.resolve();
  doc.on('data', (chunk: Buffer) => {
    writing = writing.then(() => file.write(chunk));
  });
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  doc.fontSize(18).text(t.title);
  doc.moveDown(0.5).fontSize(14).text(assessment.name);
  doc.fontSize(10);
  if (assessment.description) doc.text(assessment.description);
  doc.moveDown(0.5);
  doc.text(`${t.status}: ${labels[assessment.status] ?? assessment.status}`);
  doc.text(`${labels.dueDate}: ${assessment.dueDate.toISOString().slice(0, 10)}`);
  doc.text(`${t.sender}: ${nameOf(assessment.senderId)}`);
  doc.text(`${t.receiver}: ${nameOf(assessment.receiverId)}`);
  if (assessment.contactInformation.length) doc.text(`${t.contacts}: ${assessment.contactInformation.map((c) => `${c.name} <${c.email}>`).join('; ')}`);
  if (assessment.grade !== null) doc.text(`${labels.grade}: ${assessment.grade}`);
  if (assessment.reviewNotes) doc.text(`${t.reviewNotes}: ${assessment.reviewNotes}`);
  doc.text(`${t.generated}: ${new Date().toISOString()}`);

  for (const { element, answer } of data.elements) {
    if (element.type === 'SECTION') {
      doc.moveDown().fontSize(13).text(element.props.title);
      if (element.props.description) doc.fontSize(9).text(element.props.description);
      continue;
    }
    const required = element.props.params?.required ? ` (${t.required})` : '';
    doc.moveDown(0.6).fontSize(11).text(`${element.props.title}${required}`);
    if (element.props.description) doc.fontSize(9).text(element.props.description);
    if (!includeAnswers) continue;
    doc.fontSize(10);
    const latest = answer?.content[answer.content.length - 1];
    doc.text(`${labels.answer}: ${answerText(latest, labels.noAnswer, data.fileNames, t)}`);
    if (answer) doc.text(`${t.status}: ${labels[answer.status] ?? answer.status}${answer.grade ? ` · ${labels.grade}: ${answer.grade}` : ''}`);
  }
  doc.end();
  await ended;
  await writing;
}
