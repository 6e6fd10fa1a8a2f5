import { follow } from '../../support/organizations';
import { pdfText } from '../../support/pdf-text';
import { buildTemplate, call, insertAttachment, type QuestionIds, sendAssessment } from '../../support/questionnaires';
import { type Account, type HttpResult, startTestVigil, type TestVigil } from '../../support/vigil';

// Where documents meet questionnaires: the QUESTIONNAIRE_REPORT export (a PDF per side of an
// assessment) and the files both parties of an assessment read. One sender, one receiver, and a
// third organization related to neither; everything through REST, as a client sees it.

let t: TestVigil;
let sender: Account;
let receiver: Account;
let third: Account;

beforeAll(async () => {
  t = await startTestVigil({ VIGIL_WORKERS: 'all' });
  sender = await t.bootstrap('admin@sender.test', 'Sender Corp');
  receiver = await t.bootstrap('admin@vendor.test', 'Vendor Ltd');
  third = await t.bootstrap('admin@third.test', 'Third Party');
  await follow(t, sender, receiver);
}, 60_000);
afterAll(() => t.close());

const assessmentPath = (who: Account, id: string) => `/organizations/${who.organizationId}/assessments/${id}`;
const answer = (id: string, questionId: string, body: unknown) => call(t, receiver, 'PUT', `${assessmentPath(receiver, id)}/answers/${questionId}`, body);
const exportReport = (who: Account, org: string, params: object) =>
  t.rest('POST', `/organizations/${org}/documents`, { key: who.apiKey, body: { type: 'QUESTIONNAIRE_REPORT', params } });

async function waitFinished(id: string, key: string): Promise<HttpResult> {
  for (let i = 0; i < 150; i++) {
    const res = await t.rest('GET', `/me/documents/${id}`, { key });
    if (res.body.status !== 'PENDING') return res;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`document ${id} still PENDING`);
}

/** Exports the report as `who` (a member of its own organization) and gives the PDF's text. */
async function reportText(who: Account, params: object): Promise<string> {
  const created = await exportReport(who, who.organizationId, params);
  expect(created.status).toBe(200);
  const done = await waitFinished(created.body.id, who.apiKey);
  expect(done.body).toMatchObject({ status: 'DONE', reason: null });
  const res = await fetch(`${t.url}/me/documents/${created.body.id}/download`, { headers: { authorization: `Bearer ${who.apiKey}` } });
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return pdfText(Buffer.from(await res.arrayBuffer()));
}

/** An assessment answered, submitted and partly reviewed: grade 58.3 and review notes on the sender's side. */
async function reviewedAssessment(): Promise<{ id: string; q: QuestionIds }> {
  const { questionnaireId, questions: q } = await buildTemplate(t, sender);
  const assessment = await sendAssessment(t, sender, receiver.organizationId, questionnaireId);
  await answer(assessment.id, q.mfa, { type: 'TEXT', text: 'TOTP for every employee' });
  await answer(assessment.id, q.encryption, { type: 'SINGLE_CHOICE', choice: 'yes' });
  await answer(assessment.id, q.frameworks, { type: 'MULTIPLE_CHOICE', choices: ['iso27001'] });
  await answer(assessment.id, q.notes, { type: 'EMPTY' });
  await call(t, receiver, 'PUT', `${assessmentPath(receiver, assessment.id)}/status`, { status: 'REQUESTED_REVIEW' });
  await call(t, sender, 'PUT', `${assessmentPath(sender, assessment.id)}/answers/${q.mfa}/review`, { status: 'APPROVED', grade: 'EXCELLENT' });
  await call(t, sender, 'PUT', assessmentPath(sender, assessment.id), { reviewNotes: 'Internal: vendor is weak on frameworks' });
  return { id: assessment.id, q };
}

describe('the QUESTIONNAIRE_REPORT export', () => {
  it("gives the sender every question with its answer, the grades and the review notes, and the receiver the same without the sender's own fields", async () => {
    const { id } = await reviewedAssessment();
    const grade = (await call(t, sender, 'GET', assessmentPath(sender, id))).grade;
    expect(typeof grade).toBe('number');

    const forSender = await reportText(sender, { language: 'en_US', filter: { assessmentId: id } });
    expect(forSender).toContain('Questionnaire report');
    expect(forSender).toContain('Q4 vendor review');
    expect(forSender).toMatch(/Sender: Sender Corp/);
    expect(forSender).toMatch(/Receiver: Vendor Ltd/);
    expect(forSender).toContain('Due date: 2099-01-01');
    expect(forSender).toContain('Security controls');
    expect(forSender).toContain('Describe your MFA policy');
    expect(forSender).toContain('Answer: TOTP for every employee');
    expect(forSender).toContain('Answer: yes');
    expect(forSender).toContain('Automatically approved');
    expect(forSender).toContain(`Grade: ${grade}`);
    expect(forSender).toContain('Grade: EXCELLENT');
    expect(forSender).toContain('Internal: vendor is weak on frameworks');

    const forReceiver = await reportText(receiver, { language: 'en_US', filter: { assessmentId: id, includeAnswers: true } });
    expect(forReceiver).toContain('Answer: TOTP for every employee');
    expect(forReceiver).not.toContain('Grade');
    expect(forReceiver).not.toContain('EXCELLENT');
    expect(forReceiver).not.toContain('Internal: vendor is weak on frameworks');
  });

  it("accepts the spec's language spellings (en-US, pt-BR) as /me and the alert lists do", async () => {
    const { id } = await reviewedAssessment();
    const pt = await reportText(sender, { language: 'pt-BR', filter: { assessmentId: id, includeAnswers: true } });
    expect(pt).toContain('Relatório de questionário');
    const en = await reportText(receiver, { language: 'en-US', filter: { assessmentId: id, includeAnswers: true } });
    expect(en).toContain('Questionnaire report');
    const bad = await exportReport(sender, sender.organizationId, { language: 'fr-FR', filter: { assessmentId: id } });
    expect(bad.body).toEqual({ statusCode: 400, error: 'BadRequest', message: expect.stringMatching(/params\.language/) });
  });

  it('writes pt_BR labels when asked, and leaves the answers out when includeAnswers is false', async () => {
    const { id } = await reviewedAssessment();
    const pt = await reportText(sender, { language: 'pt_BR', filter: { assessmentId: id, includeAnswers: false } });
    expect(pt).toContain('Relatório de questionário');
    expect(pt).toContain('Prazo: 2099-01-01');
    expect(pt).toContain('Describe your MFA policy');
    expect(pt).not.toContain('Due date');
    expect(pt).not.toContain('TOTP for every employee');
    expect(pt).not.toContain('Resposta');
  });

  it('names each file a FILE answer carries, and counts those no longer available', async () => {
    const { questionnaireId, questions: q } = await buildTemplate(t, sender, 'Template with a file question');
    const assessment = await sendAssessment(t, sender, receiver.organizationId, questionnaireId);
    const files = [];
    for (const name of ['audit-2025.pdf', 'pentest summary.pdf', 'withdrawn.pdf']) files.push(await insertAttachment(t, receiver, name));
    await answer(assessment.id, q.report, { type: 'FILE', attachmentIds: files });
    await t.vigil.db.pool.query(`UPDATE documents.attachments SET "expiresAt" = now() WHERE id = $1`, [files[2]]);

    const forSender = await reportText(sender, { language: 'en_US', filter: { assessmentId: assessment.id } });
    expect(forSender.replace(/\s+/g, ' ')).toContain('Answer: 2 file(s) attached: audit-2025.pdf, pentest summary.pdf; 1 file(s) no longer available');
    expect(forSender).not.toContain('withdrawn.pdf');
    const pt = await reportText(receiver, { language: 'pt_BR', filter: { assessmentId: assessment.id } });
    expect(pt.replace(/\s+/g, ' ')).toContain('Resposta: 2 arquivo(s) anexado(s): audit-2025.pdf, pentest summary.pdf');
  });

  it('is refused to a third organization like a missing assessment, and answers bad params with a 400 naming the field', async () => {
    const { id } = await reviewedAssessment();
    const asThird = await exportReport(third, third.organizationId, { filter: { assessmentId: id } });
    expect(asThird.status).toBe(404);
    expect(asThird.body.message).toContain('Assessment');
    // The receiver's member cannot name the sender's organization on the path either: members only.
    expect((await exportReport(receiver, sender.organizationId, { filter: { assessmentId: id } })).status).toBe(404);
    const missing = await exportReport(sender, sender.organizationId, { language: 'en_US' });
    expect([missing.status, missing.body.message]).toEqual([400, expect.stringContaining('params.filter.assessmentId is required')]);
    const notUuid = await exportReport(sender, sender.organizationId, { filter: { assessmentId: 'abc' } });
    expect([notUuid.status, notUuid.body.message]).toEqual([400, 'params.filter.assessmentId must be a UUID']);
    const badLanguage = await exportReport(sender, sender.organizationId, { language: 'fr_FR', filter: { assessmentId: id } });
    expect([badLanguage.status, badLanguage.body.message]).toEqual([400, expect.stringContaining('params.language')]);
    const badFlag = await exportReport(sender, sender.organizationId, { filter: { assessmentId: id, includeAnswers: 'yes' } });
    expect([badFlag.status, badFlag.body.message]).toEqual([400, 'params.filter.includeAnswers must be a boolean']);
  });
});

describe('files shared through an assessment', () => {
  const read = (who: Account, attachmentId: string) => t.rest('GET', `/attachments/${attachmentId}`, { key: who.apiKey });

  it("lets the receiver read the sender's element file and the sender read the receiver's answer and comment files; a third organization gets 404", async () => {
    const { questionnaireId, sectionId, questions: q } = await buildTemplate(t, sender, 'Template with files');
    const policy = await insertAttachment(t, sender, 'security-policy.pdf');
    await call(t, sender, 'PUT', `/organizations/${sender.organizationId}/questionnaires/${questionnaireId}/elements/${sectionId}`, {
      attachmentIds: [policy],
    });
    const unrelated = await insertAttachment(t, sender, 'board-minutes.pdf');
    // Before any assessment, the element's file is the sender's alone.
    expect((await read(receiver, policy)).status).toBe(404);

    const assessment = await sendAssessment(t, sender, receiver.organizationId, questionnaireId);
    const seen = await read(receiver, policy);
    expect([seen.status, seen.body.id, seen.body.fileName]).toEqual([200, policy, 'security-policy.pdf']);

    const audit = await insertAttachment(t, receiver, 'audit-2025.pdf');
    await answer(assessment.id, q.report, { type: 'FILE', attachmentIds: [audit] });
    const soc2 = await insertAttachment(t, receiver, 'soc2.pdf');
    await call(t, receiver, 'POST', `${assessmentPath(receiver, assessment.id)}/comments`, { content: 'See attached', attachmentIds: [soc2] });
    expect((await read(sender, audit)).body).toMatchObject({ id: audit, fileName: 'audit-2025.pdf' });
    expect((await read(sender, soc2)).body).toMatchObject({ id: soc2, fileName: 'soc2.pdf' });

    for (const id of [policy, audit, soc2]) expect((await read(third, id)).status).toBe(404);
    // A file of the sender that no assessment references stays the sender's.
    expect((await read(receiver, unrelated)).status).toBe(404);
  });
});
