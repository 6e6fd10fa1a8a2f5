import { bootstrapCommand, embeddedEnvironment, startServiceProcess } from '../../support/processes';
import { answered200 } from '../../support/vigil';

// The questionnaire SQL (row locks, rank order COLLATE "C", upserts, versions) on embedded PGlite's
// single connection, through `npm start` as a real process.
const env = embeddedEnvironment('embedded-questionnaires');
jest.setTimeout(240_000);

it('sends, answers, versions and approves an assessment on the embedded database', async () => {
  const service = await startServiceProcess(env);
  try {
    const bootstrap = (email: string, organization: string) => bootstrapCommand(env, email, organization);
    const sender = await bootstrap('sender@embedded.test', 'Sender');
    const receiver = await bootstrap('receiver@embedded.test', 'Receiver');
    const ok = (who: { apiKey: string }, method: string, p: string, body?: unknown) => answered200(service.url, who, method, p, body);
    await ok(sender, 'POST', `/organizations/${sender.organizationId}/followers/requests`, { token: receiver.organizationId });
    await ok(receiver, 'POST', `/organizations/${receiver.organizationId}/following/requests/${sender.organizationId}/accept`, {});
    const base = `/organizations/${sender.organizationId}/questionnaires`;
    const questionnaire = await ok(sender, 'POST', base, { name: 'Embedded review' });
    const last = await ok(sender, 'POST', `${base}/${questionnaire.id}/elements`, {
      type: 'QUESTION',
      props: { title: 'Encrypted?', params: { type: 'SINGLE_CHOICE', choices: [{ value: 'yes', expected: true }, { value: 'no' }] } },
    });
    await ok(sender, 'POST', `${base}/${questionnaire.id}/elements`, { type: 'SECTION', before: last.id, props: { title: 'Storage' } });
    const assessment = await ok(sender, 'POST', `/organizations/${sender.organizationId}/assessments`, {
      questionnaireId: questionnaire.id,
      receiverId: receiver.organizationId,
      name: 'Embedded',
      dueDate: '2099-01-01',
    });
    const answered = await ok(receiver, 'PUT', `/organizations/${receiver.organizationId}/assessments/${assessment.id}/answers/${last.id}`, {
      type: 'SINGLE_CHOICE',
      choice: 'yes',
    });
    expect(answered.status).toBe('AUTOMATICALLY_APPROVED');
    const edited = await ok(sender, 'PUT', `${base}/${questionnaire.id}/elements/${last.id}`, {
      props: { title: 'Encrypted at rest?', params: { type: 'SINGLE_CHOICE', choices: [{ value: 'yes' }, { value: 'no' }] } },
    });
    expect(edited.questionnaireVersion).toBe(2);
    expect(
      (await ok(receiver, 'PUT', `/organizations/${receiver.organizationId}/assessments/${assessment.id}/status`, { status: 'REQUESTED_REVIEW' })).status,
    ).toBe('REQUESTED_REVIEW');
    const approved = await ok(sender, 'PUT', `/organizations/${sender.organizationId}/assessments/${assessment.id}/status`, { status: 'APPROVED' });
    expect(approved).toMatchObject({ status: 'APPROVED', grade: 100, questionnaireVersion: 1 });
    const read = await ok(receiver, 'GET', `/organizations/${receiver.organizationId}/assessments/${assessment.id}`);
    expect(read.elements.map((e: { props: { title: string } }) => e.props.title)).toEqual(['Storage', 'Encrypted?']);
  } finally {
    expect(await service.stop()).toBe(0);
  }
});
