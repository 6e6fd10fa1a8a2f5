import { follow } from '../../support/organizations';
import { buildTemplate, call, insertAttachment, sendAssessment } from '../../support/questionnaires';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * Event payloads follow the spec: AnswerCreated and AssessmentCommentCreated carry their
 * attachments as Attachment records (fileName, contentLength, contentType, contentMD5, createdAt,
 * expiresAt), not GraphQL stubs; ElementCreated carries `attachments` beside `attachmentIds`.
 */
jest.setTimeout(60_000);

let t: TestVigil;
let sender: Account;
let receiver: Account;

beforeAll(async () => {
  t = await startTestVigil();
  sender = await t.bootstrap('admin@sender.test', 'Sender Corp');
  receiver = await t.bootstrap('admin@vendor.test', 'Vendor Ltd');
  await follow(t, sender, receiver);
});
afterAll(() => t.close());

async function events(who: Account, name: string) {
  const answer = await t.rest('GET', `/organizations/${who.organizationId}/events?name=${name}&size=100`, { key: who.apiKey });
  expect(answer.status).toBe(200);
  return answer.body.data as Array<{ name: string; data: any }>;
}

const record = (id: string, fileName: string) => ({
  id,
  fileName,
  contentLength: 0,
  contentType: 'application/pdf',
  contentMD5: '1B2M2Y8AsgTpgAmY7PhCfg==',
  createdAt: expect.any(String),
  expiresAt: null,
});

describe('event payloads with attachments', () => {
  it('ElementCreated carries attachments as records beside attachmentIds', async () => {
    const { questionnaireId } = await buildTemplate(t, sender);
    const guide = await insertAttachment(t, sender, 'guide.pdf');
    const element = await call(t, sender, 'POST', `/organizations/${sender.organizationId}/questionnaires/${questionnaireId}/elements`, {
      type: 'SECTION',
      props: { title: 'Read this first' },
      attachmentIds: [guide],
    });
    const created = (await events(sender, 'ElementCreated')).find((e) => e.data.id === element.id);
    expect(created?.data.attachmentIds).toEqual([guide]);
    expect(created?.data.attachments).toEqual([record(guide, 'guide.pdf')]);
  });

  it('AnswerCreated and AssessmentCommentCreated carry Attachment records, for both sides', async () => {
    const { questionnaireId, questions } = await buildTemplate(t, sender, 'With files');
    const assessment = await sendAssessment(t, sender, receiver.organizationId, questionnaireId);
    const report = await insertAttachment(t, receiver, 'soc2.pdf');
    const path = `/organizations/${receiver.organizationId}/assessments/${assessment.id}`;
    await call(t, receiver, 'PUT', `${path}/answers/${questions.report}`, { type: 'FILE', attachmentIds: [report] });
    await call(t, receiver, 'POST', `${path}/comments`, { content: 'See the report', attachmentIds: [report] });
    for (const side of [receiver, sender]) {
      const [answered] = (await events(side, 'AnswerCreated')).filter((e) => e.data.questionId === questions.report);
      expect(answered.data.content.at(-1).attachments).toEqual([record(report, 'soc2.pdf')]);
      const [commented] = await events(side, 'AssessmentCommentCreated');
      expect(commented.data.attachmentIds).toEqual([report]);
      expect(commented.data.attachments).toEqual([record(report, 'soc2.pdf')]);
    }
  });
});
