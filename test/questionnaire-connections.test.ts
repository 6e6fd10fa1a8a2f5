import { follow } from './support/organizations';
import { buildTemplate, call, sendAssessment } from './support/questionnaires';
import { type Account, startTestVigil, type TestVigil } from './support/vigil';

// The questionnaires subgraph's lists that can grow are connections (first/after → edges, nodes,
// pageInfo): a client pages through each with small pages and gets every entry once, in the order of
// the REST route's unpaged list, and a cursor of one list is refused by another.

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
const ASSESSMENTS = `query($o: ID!, $role: AssessmentRole, $first: Int, $after: String) { assessments(organizationId: $o, role: $role, first: $first, after: $after) { ${PAGE} } }`;
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
