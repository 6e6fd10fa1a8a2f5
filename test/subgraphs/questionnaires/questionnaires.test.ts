import { enqueue, getJob } from '../../../lib/jobs/queue';
import { Visibility } from '../../../lib/visibility';
import { questionnaireReportData } from '../../../subgraphs/questionnaires/report';
import { startWorkers } from '../../../workers';
import { eventNames, follow, joinAsMember } from '../../support/organizations';
import { buildTemplate, call, insertAttachment, type QuestionIds, sendAssessment } from '../../support/questionnaires';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

// One sender, one receiver that follows it, a regular member of the sender and a third organization
// with no relation to either; everything through REST, as a client sees it.

let t: TestVigil;
let sender: Account;
let receiver: Account;
let member: Account;
let third: Account;

beforeAll(async () => {
  t = await startTestVigil();
  sender = await t.bootstrap('admin@sender.test', 'Sender Corp');
  receiver = await t.bootstrap('admin@vendor.test', 'Vendor Ltd');
  third = await t.bootstrap('admin@third.test', 'Third Party');
  member = await joinAsMember(t, sender, sender.organizationId, 'member@sender.test');
  await follow(t, sender, receiver);
}, 60_000);
afterAll(() => t.close());

const assessmentPath = (who: Account, id: string) => `/organizations/${who.organizationId}/assessments/${id}`;
const answer = (id: string, questionId: string, body: unknown) => call(t, receiver, 'PUT', `${assessmentPath(receiver, id)}/answers/${questionId}`, body);
const review = (id: string, questionId: string, body: unknown) => call(t, sender, 'PUT', `${assessmentPath(sender, id)}/answers/${questionId}/review`, body);
const move = (who: Account, id: string, status: string) => t.rest('PUT', `${assessmentPath(who, id)}/status`, { key: who.apiKey, body: { status } });
const answersBy = async (who: Account, id: string) =>
  Object.fromEntries((await call(t, who, 'GET', `${assessmentPath(who, id)}/answers`)).map((a: { questionId: string }) => [a.questionId, a]));

/** Sends a fresh template and gives the answers every walk starts with. */
async function answeredAssessment(): Promise<{ id: string; q: QuestionIds }> {
  const { questionnaireId, questions: q } = await buildTemplate(t, sender);
  const assessment = await sendAssessment(t, sender, receiver.organizationId, questionnaireId);
  await answer(assessment.id, q.mfa, { type: 'TEXT', text: 'TOTP for every employee' });
  await answer(assessment.id, q.encryption, { type: 'SINGLE_CHOICE', choice: 'yes' });
  await answer(assessment.id, q.frameworks, { type: 'MULTIPLE_CHOICE', choices: ['iso27001'] });
  await answer(assessment.id, q.notes, { type: 'EMPTY' });
  return { id: assessment.id, q };
}

describe('an assessment from sending to a decision', () => {
  it('walks to APPROVED through a clarification round, with automatic approval and rejection, a skipped optional question and the grade', async () => {
    const { id, q } = await answeredAssessment();
    let answers = await answersBy(receiver, id);
    expect(Object.fromEntries(Object.entries(answers).map(([k, a]) => [k, (a as { status: string }).status]))).toEqual({
      [q.mfa]: 'NEW',
      [q.encryption]: 'AUTOMATICALLY_APPROVED',
      [q.frameworks]: 'AUTOMATICALLY_REJECTED',
      [q.notes]: 'SKIPPED',
    });
    expect(answers[q.mfa].content).toEqual([
      {
        attachmentIds: [],
        attachments: [],
        content: { type: 'TEXT', text: 'TOTP for every employee', choice: null, choices: null },
        createdAt: expect.any(String),
      },
    ]);

    const submitted = await move(receiver, id, 'REQUESTED_REVIEW');
    expect(submitted.body).toMatchObject({ status: 'REQUESTED_REVIEW', firstRequestedReviewAt: expect.any(String) });
    const firstReview = submitted.body.firstRequestedReviewAt;
    expect((await answersBy(sender, id))[q.mfa].status).toBe('REQUESTED_REVIEW');
    // Not the receiver's turn any more.
    const late = await t.rest('PUT', `${assessmentPath(receiver, id)}/answers/${q.mfa}`, { key: receiver.apiKey, body: { type: 'TEXT', text: 'changed' } });
    expect(late.status).toBe(409);

    await review(id, q.mfa, { status: 'APPROVED', grade: 'GOOD' });
    // 100 × (HIGH 3 × GOOD 0.5 + MEDIUM 2 × automatic 1 + LOW 1 × automatic 0) / (3 + 2 + 1) = 58.3; the skipped one does not count.
    expect((await call(t, sender, 'GET', assessmentPath(sender, id))).grade).toBe(58.3);
    await review(id, q.frameworks, { status: 'REQUESTED_CLARIFICATION' });
    // Under clarification and ungraded, it counts no more: 100 × (1.5 + 2) / (3 + 2) = 70.
    expect((await call(t, sender, 'GET', assessmentPath(sender, id))).grade).toBe(70);
    expect((await move(sender, id, 'REQUESTED_CLARIFICATION')).body.status).toBe('REQUESTED_CLARIFICATION');

    const reanswered = await answer(id, q.frameworks, { type: 'MULTIPLE_CHOICE', choices: ['soc2', 'iso27001'] });
    expect(reanswered.status).toBe('AUTOMATICALLY_APPROVED');
    expect(reanswered.content.map((c: { content: { choices: string[] } }) => c.content.choices)).toEqual([['iso27001'], ['iso27001', 'soc2']]);
    const again = await move(receiver, id, 'REQUESTED_REVIEW');
    expect(again.body).toMatchObject({ status: 'REQUESTED_REVIEW', firstRequestedReviewAt: firstReview });

    await review(id, q.mfa, { grade: 'EXCELLENT' });
    const approved = await move(sender, id, 'APPROVED');
    expect(approved.body).toMatchObject({ status: 'APPROVED', grade: 100, overdue: false });
    answers = await answersBy(sender, id);
    expect(answers[q.mfa]).toMatchObject({ status: 'APPROVED', grade: 'EXCELLENT' });

    // APPROVED is final.
    const reopened = await move(sender, id, 'REQUESTED_CLARIFICATION');
    expect(reopened.status).toBe(409);
    expect(reopened.body).toEqual({ statusCode: 409, error: 'Conflict', message: 'The assessment is APPROVED; it cannot move to REQUESTED_CLARIFICATION' });

    const names = await eventNames(t, receiver.organizationId);
    expect(names.filter((n) => n.startsWith('Answer') || n.startsWith('Assessment'))).toEqual(
      expect.arrayContaining(['AssessmentCreated', 'AnswerCreated', 'AnswerUpdated', 'AssessmentUpdated']),
    );
    expect((await eventNames(t, sender.organizationId)).filter((n) => n === 'AssessmentCreated').length).toBeGreaterThan(0);
  });

  it('walks to REJECTED, and refuses illegal and other-side moves naming the states', async () => {
    const { id } = await answeredAssessment();
    const early = await move(sender, id, 'APPROVED');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('The assessment is NEW; it cannot move to APPROVED');
    const backwards = await move(receiver, id, 'NEW');
    expect(backwards.status).toBe(409);
    expect(backwards.body.message).toBe('The assessment is NEW; it cannot move to NEW');
    // Legal move, wrong side: only the receiver asks for review.
    expect((await move(sender, id, 'REQUESTED_REVIEW')).status).toBe(403);
    expect((await move(receiver, id, 'REQUESTED_REVIEW')).status).toBe(200);
    expect((await move(receiver, id, 'APPROVED')).status).toBe(403);
    const rejected = await move(sender, id, 'REJECTED');
    expect(rejected.body).toMatchObject({ status: 'REJECTED' });
    const after = await move(receiver, id, 'REQUESTED_REVIEW');
    expect(after.status).toBe(409);
    expect(after.body.message).toBe('The assessment is REJECTED; it cannot move to REQUESTED_REVIEW');
  });

  it('refuses to skip a required question, answers that do not fit the question, and a review request with required questions unanswered', async () => {
    const { questionnaireId, questions: q } = await buildTemplate(t, sender);
    const { id } = await sendAssessment(t, sender, receiver.organizationId, questionnaireId);
    const put = (questionId: string, body: unknown) => t.rest('PUT', `${assessmentPath(receiver, id)}/answers/${questionId}`, { key: receiver.apiKey, body });
    expect((await put(q.mfa, { type: 'EMPTY' })).body).toMatchObject({ statusCode: 400, message: 'a required question cannot be skipped' });
    expect((await put(q.encryption, { type: 'SINGLE_CHOICE', choice: 'maybe' })).status).toBe(400);
    expect((await put(q.encryption, { type: 'TEXT', text: 'yes' })).status).toBe(400);
    expect((await put(q.frameworks, { type: 'MULTIPLE_CHOICE', choices: [] })).status).toBe(400);
    expect((await put(q.report, { type: 'FILE' })).status).toBe(400);
    await answer(id, q.mfa, { type: 'TEXT', text: 'Hardware keys' });
    const submit = await move(receiver, id, 'REQUESTED_REVIEW');
    expect(submit.status).toBe(409);
    expect(submit.body.message).toBe('Required questions are not answered yet: Do you encrypt data at rest?; Which frameworks do you follow?');
  });
});

describe('templates', () => {
  it('and assessments are REST routes listed in /openapi.json', async () => {
    const doc = await t.rest('GET', '/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/organizations/{organizationId}/questionnaires/{questionnaireId}/elements/{elementId}',
        '/organizations/{organizationId}/assessments/{assessmentId}/status',
        '/organizations/{organizationId}/assessments/{assessmentId}/answers/{questionId}/review',
        '/organizations/{organizationId}/assessments/{assessmentId}/comments',
      ]),
    );
    expect(Object.keys(doc.body.paths['/organizations/{organizationId}/assessments/{assessmentId}/answers/{questionId}'])).toEqual(['put']);
  });

  it('inserts an element between two others without renumbering them, and a template edited after it was sent gets a new version while the assessment keeps its own', async () => {
    const { questionnaireId, sectionId, questions: q } = await buildTemplate(t, sender);
    const base = `/organizations/${sender.organizationId}/questionnaires/${questionnaireId}`;
    const before = await call(t, sender, 'GET', base);
    expect(before.version).toBe(1);
    const inserted = await call(t, sender, 'POST', `${base}/elements`, {
      type: 'QUESTION',
      after: sectionId,
      props: { title: 'Inserted second', params: { type: 'TEXT' } },
    });
    const v1 = await call(t, sender, 'GET', base);
    expect(v1.elements.map((e: { title: string; props: { title: string } }) => e.props.title)).toEqual([
      'Security controls',
      'Inserted second',
      'Describe your MFA policy',
      'Do you encrypt data at rest?',
      'Which frameworks do you follow?',
      'Anything else?',
      'Attach your last audit report',
    ]);
    // The others kept their order strings.
    expect(v1.elements.filter((e: { id: string }) => e.id !== inserted.id).map((e: { order: string }) => e.order)).toEqual(
      before.elements.map((e: { order: string }) => e.order),
    );

    const assessment = await sendAssessment(t, sender, receiver.organizationId, questionnaireId);
    expect(assessment.questionnaireVersion).toBe(1);
    const edited = await call(t, sender, 'PUT', `${base}/elements/${q.mfa}`, {
      props: { title: 'Describe your MFA policy (v2)', params: { type: 'TEXT' }, weight: 'HIGH' },
    });
    expect(edited).toMatchObject({ questionnaireVersion: 2, props: { title: 'Describe your MFA policy (v2)' } });
    expect(edited.id).not.toBe(q.mfa);
    // Version 2 has its own element ids: the client reads them again.
    const insertedV2 = (await call(t, sender, 'GET', base)).elements.find((e: { props: { title: string } }) => e.props.title === 'Inserted second');
    expect(insertedV2.id).not.toBe(inserted.id);
    expect((await t.rest('DELETE', `${base}/elements/${inserted.id}`, { key: sender.apiKey })).status).toBe(404);
    const deleted = await call(t, sender, 'DELETE', `${base}/elements/${insertedV2.id}`);
    expect(deleted.questionnaireVersion).toBe(2); // version 2 was not sent: edited in place
    const v2 = await call(t, sender, 'GET', base);
    expect(v2.version).toBe(2);
    expect(v2.elements).toHaveLength(6);

    const sent = await call(t, receiver, 'GET', assessmentPath(receiver, assessment.id));
    expect(sent.questionnaireVersion).toBe(1);
    expect(sent.elements.map((e: { props: { title: string } }) => e.props.title)).toContain('Describe your MFA policy');
    expect(sent.elements.map((e: { props: { title: string } }) => e.props.title)).toContain('Inserted second');
    // The receiver still answers version 1's question.
    expect((await answer(assessment.id, q.mfa, { type: 'TEXT', text: 'v1 answer' })).questionnaireVersion).toBe(1);

    expect(await eventNames(t, sender.organizationId)).toEqual(
      expect.arrayContaining(['QuestionnaireCreated', 'ElementCreated', 'QuestionCreated', 'ElementDeleted']),
    );
  });
});

describe('comments', () => {
  it('either side comments in markdown on the assessment or a question with its own attachments; another organization’s attachment is refused', async () => {
    const { id, q } = await answeredAssessment();
    const own = await insertAttachment(t, receiver, 'soc2.pdf');
    const foreign = await insertAttachment(t, sender, 'internal.pdf');
    const path = `${assessmentPath(receiver, id)}/comments`;
    const comment = await call(t, receiver, 'POST', path, { content: '**See** the attached report', questionId: q.mfa, attachmentIds: [own] });
    expect(comment).toMatchObject({
      organizationId: receiver.organizationId,
      userId: receiver.userId,
      questionId: q.mfa,
      attachmentIds: [own],
      attachments: [{ id: own }],
    });
    const refused = await t.rest('POST', path, { key: receiver.apiKey, body: { content: 'x', attachmentIds: [foreign] } });
    expect(refused.body).toEqual({ statusCode: 400, error: 'BadRequest', message: 'attachmentIds must be attachments of the organization' });
    await call(t, sender, 'POST', `${assessmentPath(sender, id)}/comments`, { content: 'Thanks' });
    const all = await call(t, sender, 'GET', `${assessmentPath(sender, id)}/comments`);
    expect(all.map((c: { content: string }) => c.content)).toEqual(['**See** the attached report', 'Thanks']);
    const onQuestion = await call(t, receiver, 'GET', `${path}?questionId=${q.mfa}`);
    expect(onQuestion.map((c: { id: string }) => c.id)).toEqual([comment.id]);
    // FILE answers carry attachments too.
    const file = await answer(id, q.report, { type: 'FILE', attachmentIds: [own] });
    expect(file.content.at(-1)).toMatchObject({ attachmentIds: [own], attachments: [{ id: own }], content: { type: 'FILE' } });
    // Whole Attachment records (the spec's fields), in comment and answer lists, for either side.
    const record = {
      id: own,
      fileName: 'soc2.pdf',
      contentLength: 0,
      contentType: 'application/pdf',
      contentMD5: '1B2M2Y8AsgTpgAmY7PhCfg==',
      url: null,
      createdAt: expect.any(String),
      expiresAt: null,
    };
    expect(comment.attachments).toEqual([record]);
    for (const who of [sender, receiver]) {
      const comments = await call(t, who, 'GET', `${assessmentPath(who, id)}/comments?questionId=${q.mfa}`);
      expect(comments[0].attachments).toEqual([record]);
      const answers = await call(t, who, 'GET', `${assessmentPath(who, id)}/answers`);
      const fileAnswer = answers.find((a: { questionId: string }) => a.questionId === q.report);
      expect(fileAnswer.content.at(-1).attachments).toEqual([record]);
    }
    // An expired attachment (deleted with its bytes) is no longer listed; the comment and its id stay.
    await t.vigil.db.pool.query(`UPDATE documents.attachments SET "expiresAt" = now() - interval '1 minute' WHERE id = $1`, [own]);
    const afterExpiry = await t.rest('GET', `${path}?questionId=${q.mfa}`, { key: receiver.apiKey });
    expect({ status: afterExpiry.status, attachmentIds: afterExpiry.body[0]?.attachmentIds, attachments: afterExpiry.body[0]?.attachments }).toEqual({
      status: 200,
      attachmentIds: [own],
      attachments: [],
    });
    expect((await eventNames(t, sender.organizationId)).filter((n) => n === 'AssessmentCommentCreated').length).toBeGreaterThanOrEqual(2);
  });
});

describe('visibility', () => {
  it('the receiver does not see the sender-only fields; the sender does', async () => {
    const { id, q } = await answeredAssessment();
    await call(t, sender, 'PUT', assessmentPath(sender, id), { reviewNotes: 'Internal: vendor is weak on MFA' });
    await move(receiver, id, 'REQUESTED_REVIEW');
    await review(id, q.mfa, { grade: 'BAD' });
    const bySender = await call(t, sender, 'GET', assessmentPath(sender, id));
    const byReceiver = await call(t, receiver, 'GET', assessmentPath(receiver, id));
    expect(bySender).toMatchObject({ view: 'SENDER', reviewNotes: 'Internal: vendor is weak on MFA', grade: expect.any(Number) });
    expect(byReceiver).toMatchObject({ view: 'RECEIVER', reviewNotes: null, grade: null });
    const choices = (a: { elements: Array<{ id: string; props: { params: { choices: unknown[] } } }> }) =>
      a.elements.find((e) => e.id === q.encryption)!.props.params.choices;
    expect(choices(bySender)).toEqual([
      { value: 'yes', expected: true },
      { value: 'no', expected: false },
    ]);
    expect(choices(byReceiver)).toEqual([
      { value: 'yes', expected: null },
      { value: 'no', expected: null },
    ]);
    expect((await answersBy(sender, id))[q.mfa].grade).toBe('BAD');
    expect((await answersBy(receiver, id))[q.mfa].grade).toBeNull();
    // The receiver's event log holds the receiver's view.
    const { rows } = await t.vigil.db.pool.query(
      `SELECT data FROM documents.events WHERE "organizationId" = $1 AND name = 'AssessmentUpdated' AND data->>'id' = $2`,
      [receiver.organizationId, id],
    );
    expect(JSON.stringify(rows)).not.toContain('weak on MFA');
    expect(JSON.stringify(await call(t, receiver, 'GET', `/organizations/${receiver.organizationId}/events?size=1000`))).not.toContain('weak on MFA');
  });

  it('lists sent and received assessments in the caller’s view, each with its own version’s elements and its own answers (GraphQL)', async () => {
    const first = await answeredAssessment();
    const second = await answeredAssessment();
    const query = `query($o: ID!, $role: AssessmentRole) { assessments(organizationId: $o, role: $role, first: 1000) { nodes { assessmentId view grade questionnaireId answers { assessmentId grade } elements { questionnaireId props { params { choices { expected } } } } } } }`;
    const received = (await t.graphql(query, { o: receiver.organizationId, role: 'RECEIVED' }, receiver.apiKey)).body.data.assessments.nodes;
    expect(received.map((a: { assessmentId: string }) => a.assessmentId)).toEqual(expect.arrayContaining([first.id, second.id]));
    for (const a of received) {
      expect(a).toMatchObject({ view: 'RECEIVER', grade: null });
      expect(a.answers.length).toBeGreaterThan(0);
      expect(a.answers.every((x: { assessmentId: string; grade: null }) => x.assessmentId === a.assessmentId && x.grade === null)).toBe(true);
      expect(a.elements.length).toBeGreaterThan(0);
      expect(a.elements.every((e: { questionnaireId: string }) => e.questionnaireId === a.questionnaireId)).toBe(true);
      expect(JSON.stringify(a.elements)).not.toContain('"expected":true');
    }
    const ofFirst = received.find((a: { assessmentId: string }) => a.assessmentId === first.id);
    expect(ofFirst.answers).toHaveLength(4);
    expect(ofFirst.elements).toHaveLength(6);
    const sent = (await t.graphql(query, { o: sender.organizationId, role: 'SENT' }, sender.apiKey)).body.data.assessments.nodes;
    expect(sent.map((a: { view: string }) => a.view)).toEqual(sent.map(() => 'SENDER'));
    expect(JSON.stringify(sent.find((a: { assessmentId: string }) => a.assessmentId === first.id).elements)).toContain('"expected":true');
    expect((await t.graphql(query, { o: receiver.organizationId, role: 'SENT' }, receiver.apiKey)).body.data.assessments.nodes).toEqual([]);
  });

  it('gives the receiver’s copies ids of their own (GraphQL), accepted back from the receiver only; REST keeps the rows’ ids', async () => {
    const { id, q } = await answeredAssessment();
    const receivedId = `received:${id}`;
    const one = `query($o: ID!, $id: ID!) { assessment(organizationId: $o, assessmentId: $id) {
      id assessmentId view elements { id elementId } answers { id assessmentId questionId } } }`;
    const lookup = async (who: Account, assessmentId: string) => {
      const answer = await t.graphql(one, { o: who.organizationId, id: assessmentId }, who.apiKey);
      expect(answer.body.errors).toBeUndefined();
      return answer.body.data.assessment;
    };
    const asReceiver = await lookup(receiver, id);
    expect(asReceiver).toMatchObject({ id: receivedId, assessmentId: id, view: 'RECEIVER' });
    expect(asReceiver.elements.length).toBeGreaterThan(0);
    expect(asReceiver.elements.every((e: { id: string; elementId: string }) => e.id === `received:${e.elementId}`)).toBe(true);
    expect(asReceiver.answers.map((a: { id: string }) => a.id)).toContain(`received:${id}:${q.mfa}`);
    // The receiver's id finds the receiver's copy; the sender's copy keeps the assessment's id, and the receiver's id is not the sender's.
    expect(await lookup(receiver, receivedId)).toEqual(asReceiver);
    const asSender = await lookup(sender, id);
    expect(asSender).toMatchObject({ id, assessmentId: id, view: 'SENDER' });
    expect(asSender.elements.length).toBeGreaterThan(0);
    expect(asSender.elements.every((e: { id: string; elementId: string }) => e.id === e.elementId)).toBe(true);
    expect(asSender.answers.map((a: { id: string }) => a.id)).toContain(`${id}:${q.mfa}`);
    expect(await lookup(sender, receivedId)).toBeNull();

    // The receiver's mutations take the receiver's ids (of the assessment and of its questions).
    const answered = await t.graphql(
      `mutation($input: AnswerQuestionInput!) { answerQuestion(input: $input) { answer { id questionId } assessment { id } } }`,
      { input: { organizationId: receiver.organizationId, assessmentId: receivedId, questionId: `received:${q.mfa}`, type: 'TEXT', text: 'FIDO2 keys' } },
      receiver.apiKey,
    );
    expect(answered.body).toEqual({
      data: { answerQuestion: { answer: { id: `received:${id}:${q.mfa}`, questionId: q.mfa }, assessment: { id: receivedId } } },
    });
    const commented = await t.graphql(
      `mutation($input: CreateAssessmentCommentInput!) { createAssessmentComment(input: $input) { comment { assessmentId questionId } } }`,
      { input: { organizationId: receiver.organizationId, assessmentId: receivedId, questionId: `received:${q.mfa}`, content: 'See the policy' } },
      receiver.apiKey,
    );
    expect(commented.body).toEqual({ data: { createAssessmentComment: { comment: { assessmentId: id, questionId: q.mfa } } } });
    const onQuestion = await t.graphql(
      `query($o: ID!, $id: ID!, $q: ID) { assessment(organizationId: $o, assessmentId: $id) { comments(questionId: $q) { nodes { questionId content } } } }`,
      { o: receiver.organizationId, id: receivedId, q: `received:${q.mfa}` },
      receiver.apiKey,
    );
    expect(onQuestion.body).toEqual({ data: { assessment: { comments: { nodes: [{ questionId: q.mfa, content: 'See the policy' }] } } } });
    const moved = await t.graphql(
      `mutation($input: UpdateAssessmentStatusInput!) { updateAssessmentStatus(input: $input) { assessment { id status } } }`,
      { input: { organizationId: receiver.organizationId, assessmentId: receivedId, status: 'REQUESTED_REVIEW' } },
      receiver.apiKey,
    );
    expect(moved.body).toEqual({ data: { updateAssessmentStatus: { assessment: { id: receivedId, status: 'REQUESTED_REVIEW' } } } });

    // The sender's mutations do not take them: the receiver's copy is not the sender's.
    const notFound = async (mutation: string, input: Record<string, unknown>) => {
      const answer = await t.graphql(mutation, { input }, sender.apiKey);
      expect(answer.body.errors?.map((e: { extensions?: { code?: string } }) => e.extensions?.code)).toEqual(['NOT_FOUND']);
    };
    await notFound(`mutation($input: UpdateAssessmentInput!) { updateAssessment(input: $input) { assessment { id } } }`, {
      organizationId: sender.organizationId,
      assessmentId: receivedId,
      reviewNotes: 'never written',
    });
    await notFound(`mutation($input: ReviewAnswerInput!) { reviewAnswer(input: $input) { answer { id } } }`, {
      organizationId: sender.organizationId,
      assessmentId: id,
      questionId: `received:${q.mfa}`,
      grade: 'GOOD',
    });
    expect((await lookup(sender, id)).answers).toEqual(asSender.answers);

    // REST answers and takes the rows' ids on both sides, as it always has.
    const rest = await call(t, receiver, 'GET', assessmentPath(receiver, id));
    expect(rest.id).toBe(id);
    expect(rest.elements.map((e: { id: string }) => e.id)).toContain(q.mfa);
    expect((await call(t, sender, 'GET', assessmentPath(sender, id))).id).toBe(id);
    expect((await t.rest('GET', assessmentPath(receiver, receivedId), { key: receiver.apiKey })).status).toBe(400);
  });

  it('a regular member of the sender reads but changes nothing (403); a third organization gets not-found everywhere', async () => {
    const { id, q } = await answeredAssessment();
    expect((await call(t, member, 'GET', assessmentPath(sender, id))).reviewNotes).toBe('');
    for (const [method, suffix, body] of [
      ['PUT', '', { name: 'renamed' }],
      ['PUT', '/status', { status: 'REQUESTED_REVIEW' }],
      ['POST', '/comments', { content: 'member comment' }],
      ['PUT', `/answers/${q.mfa}/review`, { grade: 'GOOD' }],
    ] as const) {
      const refused = await t.rest(method, assessmentPath(sender, id) + suffix, { key: member.apiKey, body });
      expect([suffix, refused.status]).toEqual([suffix, 403]);
    }
    expect((await t.rest('POST', `/organizations/${sender.organizationId}/questionnaires`, { key: member.apiKey, body: { name: 'x' } })).status).toBe(403);

    for (const org of [third.organizationId, sender.organizationId, receiver.organizationId]) {
      for (const suffix of ['', '/answers', '/comments']) {
        const read = await t.rest('GET', `/organizations/${org}/assessments/${id}${suffix}`, { key: third.apiKey });
        expect([org, suffix, read.status]).toEqual([org, suffix, 404]);
      }
      expect((await t.rest('PUT', `/organizations/${org}/assessments/${id}/status`, { key: third.apiKey, body: { status: 'REQUESTED_REVIEW' } })).status).toBe(
        404,
      );
    }
    expect(await call(t, third, 'GET', `/organizations/${third.organizationId}/assessments`)).toEqual([]);
    // Sending needs a follow relation: an unrelated organization answers like an unknown id.
    const { questionnaireId } = await buildTemplate(t, third);
    const unrelated = await t.rest('POST', `/organizations/${third.organizationId}/assessments`, {
      key: third.apiKey,
      body: { questionnaireId, receiverId: sender.organizationId, name: 'x', dueDate: '2099-01-01T00:00:00Z' },
    });
    expect(unrelated.status).toBe(404);
  });
});

describe('overdue assessments', () => {
  it('are flagged in answers, and the assessments.overdue job writes AssessmentOverdue once to both logs', async () => {
    const { questionnaireId } = await buildTemplate(t, sender);
    const late = await sendAssessment(t, sender, receiver.organizationId, questionnaireId, '2020-01-01T00:00:00Z');
    const onTime = await sendAssessment(t, sender, receiver.organizationId, questionnaireId);
    expect(late.overdue).toBe(true);
    expect(onTime.overdue).toBe(false);
    const overdueEvents = async (organizationId: string) =>
      (
        await t.vigil.db.pool.query(`SELECT data->>'id' AS id FROM documents.events WHERE "organizationId" = $1 AND name = 'AssessmentOverdue'`, [
          organizationId,
        ])
      ).rows.map((r) => r.id);
    // Through the job runner with the registered handler, twice: the second run finds nothing left to flag.
    const runner = startWorkers(t.vigil.db, { kinds: ['assessments.overdue'], pollMs: 50 })!;
    try {
      for (let run = 0; run < 2; run++) {
        const { id } = await enqueue(t.vigil.db, 'assessments.overdue', {});
        for (let i = 0; i < 200 && (await getJob(t.vigil.db, id))?.state !== 'DONE'; i++) await new Promise((r) => setTimeout(r, 25));
        expect((await getJob(t.vigil.db, id))?.state).toBe('DONE');
      }
    } finally {
      await runner.stop();
    }
    expect((await overdueEvents(sender.organizationId)).filter((x) => x === late.id)).toHaveLength(1);
    expect((await overdueEvents(receiver.organizationId)).filter((x) => x === late.id)).toHaveLength(1);
    expect(await overdueEvents(sender.organizationId)).not.toContain(onTime.id);
  });
});

describe('the QUESTIONNAIRE_REPORT data (for the documents export)', () => {
  it('gives the assessment, its elements in order and the answers as the caller’s side reads them, labelled in the report’s language; a third organization gets not-found', async () => {
    const { id, q } = await answeredAssessment();
    await call(t, sender, 'PUT', assessmentPath(sender, id), { reviewNotes: 'Internal only' });
    const policyOf = (who: Account) => new Visibility(t.vigil.db.pool, { userId: who.userId, apiKeyId: 'test' });
    const forReceiver = await questionnaireReportData(t.vigil.db.pool, policyOf(receiver), receiver.organizationId, {
      assessmentId: id,
      language: 'pt-BR',
      includeAnswers: true,
    });
    expect(forReceiver.labels.AUTOMATICALLY_APPROVED).toBe('Aprovado automaticamente');
    expect(forReceiver.assessment).toMatchObject({ id, reviewNotes: null, grade: null });
    expect(forReceiver.elements.map((e) => e.element.props.title)).toEqual([
      'Security controls',
      'Describe your MFA policy',
      'Do you encrypt data at rest?',
      'Which frameworks do you follow?',
      'Anything else?',
      'Attach your last audit report',
    ]);
    expect(forReceiver.elements.find((e) => e.element.id === q.encryption)!.answer).toMatchObject({ status: 'AUTOMATICALLY_APPROVED' });
    expect(JSON.stringify(forReceiver)).not.toContain('"expected":true');
    const forSender = await questionnaireReportData(t.vigil.db.pool, policyOf(sender), sender.organizationId, {
      assessmentId: id,
      language: 'en-US',
      includeAnswers: false,
    });
    expect(forSender.assessment.reviewNotes).toBe('Internal only');
    expect(forSender.elements.length).toBeGreaterThan(0);
    expect(forSender.elements.every((e) => e.answer === null)).toBe(true);
    await expect(
      questionnaireReportData(t.vigil.db.pool, policyOf(third), third.organizationId, { assessmentId: id, language: 'en-US', includeAnswers: true }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
