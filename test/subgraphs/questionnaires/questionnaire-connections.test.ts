import { follow } from '../../support/organizations';
import { buildTemplate, call, sendAssessment } from '../../support/questionnaires';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

// The questionnaires subgraph on the public graph's conventions. Its lists that can grow are
// connections (first/after → edges, nodes, pageInfo): a client pages through each with small pages and
// gets every entry once, in the order of the REST route's unpaged list, and a cursor of one list is
// refused by another. Its mutations take one input and answer a payload with what changed.

let t: TestVigil;
let sender: Account;
let receiver: Account;

beforeAll(async () => {
  t = await startTestVigil();
  sender = await t.bootstrap('admin@pages-sender.test', 'Pages Sender');
  receiver = await t.bootstrap('admin@pages-vendor.test', 'Pages Vendor');
  await follow(t, sender, receiver);
}, 60_000);
afterAll(() => t.close());

interface Page {
  edges: Array<{ cursor: string; node: { id: string } }>;
  nodes: Array<{ id: string }>;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

const PAGE = 'edges { cursor node { id } } nodes { id } pageInfo { hasNextPage hasPreviousPage startCursor endCursor }';

/** Every page of one connection, `first` entries at a time, until `hasNextPage` is false. */
async function pageThrough(who: Account, query: string, variables: Record<string, unknown>, pick: (data: Record<string, unknown>) => Page, first = 2) {
  const ids: string[] = [];
  let after: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const answer = await t.graphql(query, { ...variables, first, after }, who.apiKey);
    expect(answer.body.errors).toBeUndefined();
    const page = pick(answer.body.data);
    expect(page.nodes.map((n) => n.id)).toEqual(page.edges.map((e) => e.node.id));
    expect(page.nodes.length).toBeLessThanOrEqual(first);
    expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
    expect(page.pageInfo.endCursor).toBe(page.edges.at(-1)?.cursor ?? null);
    expect(page.pageInfo.startCursor).toBe(page.edges[0]?.cursor ?? null);
    ids.push(...page.nodes.map((n) => n.id));
    if (!page.pageInfo.hasNextPage) return ids;
    after = page.pageInfo.endCursor;
  }
  throw new Error('more than 50 pages');
}

const QUESTIONNAIRES = `query($o: ID!, $first: Int, $after: String) { questionnaires(organizationId: $o, first: $first, after: $after) { ${PAGE} } }`;
// REST lists the rows' ids; GraphQL's `id` of a received assessment is the receiver's copy's (`received:<id>`).
const ASSESSMENT_PAGE = PAGE.replaceAll('{ id }', '{ id: assessmentId }');
const ASSESSMENTS = `query($o: ID!, $role: AssessmentRole, $first: Int, $after: String) { assessments(organizationId: $o, role: $role, first: $first, after: $after) { ${ASSESSMENT_PAGE} } }`;
const COMMENTS = `query($o: ID!, $a: ID!, $q: ID, $first: Int, $after: String) { assessment(organizationId: $o, assessmentId: $a) { comments(questionId: $q, first: $first, after: $after) { ${PAGE} } } }`;

describe('questionnaire connections', () => {
  it('page through templates, sent and received assessments and comments with first/after: every entry once, in the REST list’s order', async () => {
    const templates = [];
    for (let i = 0; i < 5; i++) templates.push(await buildTemplate(t, sender, `Template ${i}`));
    const assessments = [];
    for (const template of templates.slice(0, 3)) assessments.push(await sendAssessment(t, sender, receiver.organizationId, template.questionnaireId));
    const back = await buildTemplate(t, receiver, 'Vendor template');
    await sendAssessment(t, receiver, sender.organizationId, back.questionnaireId);

    const restTemplates = (await call(t, sender, 'GET', `/organizations/${sender.organizationId}/questionnaires`)).map((q: { id: string }) => q.id);
    expect(restTemplates).toHaveLength(5);
    expect(await pageThrough(sender, QUESTIONNAIRES, { o: sender.organizationId }, (d) => d.questionnaires as Page)).toEqual(restTemplates);

    for (const role of [null, 'SENT', 'RECEIVED']) {
      const rest = await call(t, sender, 'GET', `/organizations/${sender.organizationId}/assessments${role ? `?role=${role}` : ''}`);
      expect(rest).toHaveLength(role === null ? 4 : role === 'SENT' ? 3 : 1);
      const paged = await pageThrough(sender, ASSESSMENTS, { o: sender.organizationId, role }, (d) => d.assessments as Page);
      expect([role, paged]).toEqual([role, rest.map((a: { id: string }) => a.id)]);
    }

    const assessment = assessments[0];
    const questionId = templates[0].questions.mfa;
    const path = `/organizations/${receiver.organizationId}/assessments/${assessment.id}/comments`;
    for (let i = 0; i < 5; i++) await call(t, receiver, 'POST', path, { content: `Comment ${i}`, ...(i % 2 ? { questionId } : {}) });
    for (const q of [null, questionId]) {
      const rest = (await call(t, receiver, 'GET', `${path}${q ? `?questionId=${q}` : ''}`)).map((c: { id: string }) => c.id);
      expect(rest).toHaveLength(q ? 2 : 5);
      for (const who of [sender, receiver]) {
        const paged = await pageThrough(who, COMMENTS, { o: who.organizationId, a: assessment.id, q }, (d) => (d.assessment as { comments: Page }).comments);
        expect(paged).toEqual(rest);
      }
    }
  }, 120_000);

  it('default to 25 entries a page, refuse first outside 1..1000, and refuse a cursor of another list naming `after`', async () => {
    const firstPage = await t.graphql(QUESTIONNAIRES, { o: sender.organizationId, first: 1 }, sender.apiKey);
    const cursor = firstPage.body.data.questionnaires.pageInfo.endCursor;
    expect(cursor).toEqual(expect.any(String));
    const all = await t.graphql(QUESTIONNAIRES, { o: sender.organizationId }, sender.apiKey);
    expect(all.body.data.questionnaires.nodes.length).toBeLessThanOrEqual(25);
    for (const first of [0, 1001]) {
      const refused = await t.graphql(QUESTIONNAIRES, { o: sender.organizationId, first }, sender.apiKey);
      expect(refused.body.errors?.[0]).toMatchObject({ message: 'first must be an integer from 1 to 1000' });
    }
    for (const [query, variables] of [
      [ASSESSMENTS, { o: sender.organizationId, after: cursor }],
      [QUESTIONNAIRES, { o: receiver.organizationId, after: cursor }],
    ] as const) {
      const refused = await t.graphql(query, variables, query === ASSESSMENTS ? sender.apiKey : receiver.apiKey);
      expect(refused.body.errors?.[0]).toMatchObject({ message: 'after is not a cursor this list returned' });
    }
  });
});

describe('questionnaire mutations', () => {
  it('take one input (ids checked, the organization’s rule read from it) and answer payloads carrying what changed', async () => {
    const gql = async (who: Account, query: string, input: Record<string, unknown>) => (await t.graphql(query, { input }, who.apiKey)).body;
    const o = sender.organizationId;
    const created = await gql(sender, `mutation($input: CreateQuestionnaireInput!) { createQuestionnaire(input: $input) { questionnaire { id version } } }`, {
      organizationId: o,
      name: 'Payloads',
    });
    const questionnaireId = created.data.createQuestionnaire.questionnaire.id;
    expect(created.data.createQuestionnaire.questionnaire.version).toBe(1);

    const ADD = `mutation($input: CreateQuestionnaireElementInput!) { createQuestionnaireElement(input: $input) { element { id } questionnaire { id elements { id } } } }`;
    const section = await gql(sender, ADD, { organizationId: o, questionnaireId, type: 'SECTION', props: { title: 'Section' } });
    const question = await gql(sender, ADD, {
      organizationId: o,
      questionnaireId,
      type: 'QUESTION',
      props: { title: 'Why?', params: { type: 'TEXT' } },
    });
    const questionId = question.data.createQuestionnaireElement.element.id;
    const sectionId = section.data.createQuestionnaireElement.element.id;
    expect(question.data.createQuestionnaireElement.questionnaire.elements.map((e: { id: string }) => e.id)).toEqual([sectionId, questionId]);

    const removed = await gql(
      sender,
      `mutation($input: DeleteQuestionnaireElementInput!) { deleteQuestionnaireElement(input: $input) { deletedId questionnaire { elements { id } } } }`,
      { organizationId: o, questionnaireId, elementId: sectionId },
    );
    expect(removed.data.deleteQuestionnaireElement).toEqual({ deletedId: sectionId, questionnaire: { elements: [{ id: questionId }] } });

    const SEND = `mutation($input: CreateAssessmentInput!) { createAssessment(input: $input) { assessment { id status view } } }`;
    const sendInput = { organizationId: o, questionnaireId, receiverId: receiver.organizationId, name: 'Payload review', dueDate: '2099-01-01T00:00:00Z' };
    const malformed = await gql(sender, SEND, { ...sendInput, questionnaireId: 'not-a-uuid' });
    expect(malformed.errors?.[0]).toMatchObject({ message: 'questionnaireId must be a UUID' });
    const refused = await gql(receiver, SEND, sendInput);
    expect(refused.errors?.[0]).toMatchObject({ message: 'Organization not found', extensions: { code: 'NOT_FOUND' } });
    const sent = (await gql(sender, SEND, sendInput)).data.createAssessment.assessment;
    expect(sent).toMatchObject({ status: 'NEW', view: 'SENDER' });

    const answered = await gql(
      receiver,
      `mutation($input: AnswerQuestionInput!) { answerQuestion(input: $input) { answer { id status grade } assessment { id view grade } } }`,
      { organizationId: receiver.organizationId, assessmentId: sent.id, questionId, type: 'TEXT', text: 'Because' },
    );
    // The receiver's copies have ids of their own (`received:…`): a cache never mixes them with the sender's.
    expect(answered.data.answerQuestion).toEqual({
      answer: { id: `received:${sent.id}:${questionId}`, status: 'NEW', grade: null },
      assessment: { id: `received:${sent.id}`, view: 'RECEIVER', grade: null },
    });
    const moved = await gql(
      receiver,
      `mutation($input: UpdateAssessmentStatusInput!) { updateAssessmentStatus(input: $input) { assessment { status answers { status } } } }`,
      { organizationId: receiver.organizationId, assessmentId: sent.id, status: 'REQUESTED_REVIEW' },
    );
    expect(moved.data.updateAssessmentStatus.assessment).toEqual({ status: 'REQUESTED_REVIEW', answers: [{ status: 'REQUESTED_REVIEW' }] });
    const reviewed = await gql(
      sender,
      `mutation($input: ReviewAnswerInput!) { reviewAnswer(input: $input) { answer { status grade } assessment { grade } } }`,
      { organizationId: o, assessmentId: sent.id, questionId, status: 'APPROVED', grade: 'EXCELLENT' },
    );
    expect(reviewed.data.reviewAnswer).toEqual({ answer: { status: 'APPROVED', grade: 'EXCELLENT' }, assessment: { grade: 100 } });
    const commented = await gql(
      sender,
      `mutation($input: CreateAssessmentCommentInput!) { createAssessmentComment(input: $input) { comment { id content questionId } } }`,
      { organizationId: o, assessmentId: sent.id, questionId, content: 'Thanks' },
    );
    expect(commented.data.createAssessmentComment.comment).toMatchObject({ content: 'Thanks', questionId });
  });
});
