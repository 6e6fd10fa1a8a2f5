import { ApolloClient, type DocumentNode, gql, HttpLink, InMemoryCache, type OperationVariables } from '@apollo/client';
import { createScanTarget, type FixtureAlert, follow, insertAlerts, insertRules } from '../support/alert-fixtures';
import { buildTemplate, call, sendAssessment } from '../support/questionnaires';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * Apollo Client's default normalised cache (`new InMemoryCache()`, no type policies) against a running
 * Vigil: after each of issue 23's query sequences, what the cache answers equals a fresh uncached query.
 * Objects sharing `__typename:id` with a different value (a history record with its alert's id, a
 * follower's censored copy of an alert, a title in another language, a relation carrying another
 * organization's id) would show wrong data here.
 */
let t: TestVigil;
let ann: Account; // ADMIN of Acme; also a member of Viewer Org, which follows Acme
let vera: Account; // ADMIN of Viewer Org; also a member of Bolt, which follows Acme too

const addMember = (organizationId: string, userId: string) =>
  t.vigil.db.pool.query(`INSERT INTO organizations.memberships ("organizationId", "userId", roles, "updatedAt") VALUES ($1, $2, '{ADMIN}', now())`, [
    organizationId,
    userId,
  ]);

beforeAll(async () => {
  t = await startTestVigil();
  ann = await t.bootstrap('ann@acme.example', 'Acme');
  vera = await t.bootstrap('vera@viewer.example', 'Viewer Org');
  const bolt = await t.bootstrap('bob@bolt.example', 'Bolt');
  await addMember(vera.organizationId, ann.userId);
  await addMember(bolt.organizationId, vera.userId);
  await follow(t.vigil.db, vera.organizationId, ann.organizationId, ['suppliers']);
  await follow(t.vigil.db, bolt.organizationId, ann.organizationId, ['partners']);
  await insertRules(t.vigil.db);
  const target = await createScanTarget(t.vigil.db, ann.organizationId, { name: 'acme aws' });
  const fixtures: FixtureAlert[] = [0, 1, 2, 3].map((i) => ({
    organizationId: ann.organizationId,
    scanTargetId: target,
    rule: i % 2 ? 'fx-bucket-public' : 'fx-root-mfa',
    resource: `arn:acme:${i}`,
    severity: 'HIGH',
    // Closed alerts have two history records (CREATE, CLOSE).
    state: i < 2 ? 'CLOSED' : 'OPEN',
    resolvedAt: i < 2 ? new Date(Date.UTC(2025, 0, 2)) : null,
    createdAt: new Date(Date.UTC(2025, 0, 1, i)),
  }));
  await insertAlerts(t.vigil.db, fixtures);
}, 120_000);
afterAll(() => t.close());

function client(account: Account, cache: InMemoryCache | null) {
  return new ApolloClient({
    link: new HttpLink({ uri: `${t.url}/graphql`, headers: { authorization: `Bearer ${account.apiKey}` } }),
    cache: cache ?? new InMemoryCache(),
    defaultOptions: cache ? {} : { query: { fetchPolicy: 'no-cache' } },
  });
}

/** One user's cached client, and a fresh uncached answer to compare with. */
function session(account: Account) {
  const cached = client(account, new InMemoryCache());
  const fresh = client(account, null);
  return {
    cached,
    query: async (query: DocumentNode, variables?: OperationVariables): Promise<any> => (await cached.query({ query, variables })).data,
    fresh: async (query: DocumentNode, variables?: OperationVariables): Promise<any> => (await fresh.query({ query, variables, fetchPolicy: 'no-cache' })).data,
  };
}

describe('Apollo Client InMemoryCache over Vigil', () => {
  it('keeps every alert history record: records have their own ids', async () => {
    const s = session(ann);
    const history = gql`query History($org: ID!) { alertHistory(organizationId: $org, first: 100) { edges { cursor node { id alertId operation state } } pageInfo { hasNextPage endCursor } } }`;
    const cached = await s.query(history, { org: ann.organizationId });
    const fresh = await s.fresh(history, { org: ann.organizationId });
    expect(fresh.alertHistory.edges).toHaveLength(6);
    expect(cached).toEqual(fresh);
  });

  it('shows a member of both organizations its own whole alerts after reading them censored through a follow', async () => {
    const s = session(ann);
    const own = gql`query Own($org: ID!) { alerts(organizationId: $org, order: CREATED_AT, sort: ASC) { nodes { id alertId resource metadata } pageInfo { hasNextPage endCursor } } }`;
    const followed = gql`query Followed($org: ID!) { followingAlerts(organizationId: $org, order: CREATED_AT, sort: ASC) { edges { cursor node { id alertId resource metadata } } pageInfo { hasNextPage endCursor } } }`;
    const one = gql`query One($id: ID!) { alert(id: $id) { id alertId resource } }`;
    await s.query(own, { org: ann.organizationId });
    const censored = await s.query(followed, { org: vera.organizationId });
    expect(censored.followingAlerts.edges.map((e: { node: { resource: string } }) => e.node.resource)).toEqual([
      '[censored]',
      '[censored]',
      '[censored]',
      '[censored]',
    ]);
    const again = await s.query(own, { org: ann.organizationId });
    expect(again).toEqual(await s.fresh(own, { org: ann.organizationId }));
    expect(again.alerts.nodes[0].resource).toBe('arn:acme:0');
    expect(await s.query(followed, { org: vera.organizationId })).toEqual(await s.fresh(followed, { org: vera.organizationId }));
    const alertId = again.alerts.nodes[0].alertId;
    expect(await s.query(one, { id: alertId })).toEqual(await s.fresh(one, { id: alertId }));
  });

  it('keeps an English list English after a Portuguese one: ruleTitle takes its language as its own argument', async () => {
    const s = session(ann);
    const list = gql`query List($org: ID!, $lang: Language) { alerts(organizationId: $org, lang: $lang, order: CREATED_AT, sort: ASC) { nodes { id ruleTitle } pageInfo { hasNextPage endCursor } } }`;
    const en = await s.query(list, { org: ann.organizationId, lang: 'EN_US' });
    expect(en.alerts.nodes[0].ruleTitle).toBe('Root account without MFA');
    await s.query(list, { org: ann.organizationId, lang: 'PT_BR' });
    expect(await s.query(list, { org: ann.organizationId, lang: 'EN_US' })).toEqual(en);
    expect(en).toEqual(await s.fresh(list, { org: ann.organizationId, lang: 'EN_US' }));
    const both = gql`query Both($org: ID!) { alerts(organizationId: $org, order: CREATED_AT, sort: ASC) { nodes { id ruleTitle pt: ruleTitle(lang: PT_BR) } pageInfo { hasNextPage endCursor } } }`;
    const titles = await s.query(both, { org: ann.organizationId });
    expect(titles.alerts.nodes[0]).toMatchObject({ ruleTitle: 'Root account without MFA', pt: 'Conta root sem MFA' });
    expect(titles).toEqual(await s.fresh(both, { org: ann.organizationId }));
    expect(await s.query(list, { org: ann.organizationId, lang: 'PT_BR' })).toEqual(await s.fresh(list, { org: ann.organizationId, lang: 'PT_BR' }));
  });

  it('updates the cached me after updateMe', async () => {
    const s = session(vera);
    const me = gql`query Me { me { id name email picture } }`;
    await s.query(me);
    await s.cached.mutate({
      mutation: gql`mutation Rename($input: UpdateMeInput!) { updateMe(input: $input) { user { id name email picture } } }`,
      variables: { input: { name: 'Vera Renamed' } },
    });
    const cached = await s.query(me);
    expect(cached.me.name).toBe('Vera Renamed');
    expect(cached).toEqual(await s.fresh(me));
  });

  it('keeps relations and memberships apart: each has its own id, not an organization’s', async () => {
    const s = session(vera);
    const following = gql`query Following($org: ID!) { following(organizationId: $org) { nodes { id followerId followingId tags } } }`;
    const [viewerOrg, boltOrg] = [
      vera.organizationId,
      (await s.fresh(gql`{ organizations { nodes { id name } } }`)).organizations.nodes.find((o: { name: string }) => o.name === 'Bolt').id,
    ];
    await s.query(following, { org: viewerOrg });
    await s.query(following, { org: boltOrg });
    const viewerFollows = await s.query(following, { org: viewerOrg });
    expect(viewerFollows.following.nodes[0].tags).toEqual(['suppliers']);
    expect(viewerFollows).toEqual(await s.fresh(following, { org: viewerOrg }));
    expect(await s.query(following, { org: boltOrg })).toEqual(await s.fresh(following, { org: boltOrg }));

    const followers = gql`query Followers($org: ID!) { followers(organizationId: $org) { nodes { id followerId followingId name } } }`;
    const a = session(ann);
    expect(await a.query(followers, { org: ann.organizationId })).toEqual(await a.fresh(followers, { org: ann.organizationId }));

    const members = gql`query Members($org: ID!) { members(organizationId: $org) { nodes { id organizationId userId roles } } }`;
    const me = gql`query MyMemberships { me { id member { id organizationId roles } } }`;
    const viewerMembers = await s.query(members, { org: viewerOrg });
    const boltMembers = await s.query(members, { org: boltOrg });
    const memberIds = [...viewerMembers.members.nodes, ...boltMembers.members.nodes].map((m: { id: string }) => m.id);
    expect(new Set(memberIds).size).toBe(memberIds.length);
    expect(await s.query(members, { org: viewerOrg })).toEqual(await s.fresh(members, { org: viewerOrg }));
    const mine = await s.query(me);
    expect(mine).toEqual(await s.fresh(me));
    expect(mine.me.member.map((m: { organizationId: string }) => m.organizationId).sort()).toEqual([viewerOrg, boltOrg].sort());
    // The caller's own membership (UserMembership) and the organization's list entry (Membership) are two types: ids apart.
    expect(mine.me.member.filter((m: { id: string }) => memberIds.includes(m.id))).toEqual([]);
  });
  it('shows a member of both organizations each side’s own assessment, answers and questions: the receiver’s copies have ids of their own', async () => {
    // Acme sends Viewer Org (which follows it) an assessment; ann is an ADMIN of both, so she answers it too.
    const { questionnaireId, questions } = await buildTemplate(t, ann);
    const { id } = await sendAssessment(t, ann, vera.organizationId, questionnaireId);
    const sent = `/organizations/${ann.organizationId}/assessments/${id}`;
    const received = `/organizations/${vera.organizationId}/assessments/${id}`;
    await call(t, ann, 'PUT', sent, { reviewNotes: 'Internal: weak on MFA' });
    await call(t, ann, 'PUT', `${received}/answers/${questions.mfa}`, { type: 'TEXT', text: 'TOTP' });
    await call(t, ann, 'PUT', `${received}/answers/${questions.encryption}`, { type: 'SINGLE_CHOICE', choice: 'yes' });
    await call(t, ann, 'PUT', `${received}/answers/${questions.frameworks}`, { type: 'MULTIPLE_CHOICE', choices: ['iso27001'] });
    await call(t, ann, 'PUT', `${received}/status`, { status: 'REQUESTED_REVIEW' });
    await call(t, ann, 'PUT', `${sent}/answers/${questions.mfa}/review`, { grade: 'BAD' });

    const s = session(ann);
    const one = gql`query Assessment($org: ID!, $id: ID!) {
      assessment(organizationId: $org, assessmentId: $id) {
        id view reviewNotes grade
        elements { id props { title params { choices { value expected } } } }
        answers { id status grade }
      }
    }`;
    const list = gql`query Assessments($org: ID!) { assessments(organizationId: $org) { nodes { id view reviewNotes grade answers { id grade } } } }`;
    const bySender = { org: ann.organizationId, id };
    const byReceiver = { org: vera.organizationId, id };
    // Both sides read, each into the one cache, the sender's first and last.
    const senderFirst = await s.query(one, bySender);
    await s.query(one, byReceiver);
    await s.query(list, { org: vera.organizationId });
    await s.query(list, { org: ann.organizationId });
    expect(senderFirst.assessment).toMatchObject({ view: 'SENDER', reviewNotes: 'Internal: weak on MFA', grade: expect.any(Number) });
    expect(JSON.stringify(senderFirst.assessment.elements)).toContain('"expected":true');
    expect(senderFirst.assessment.answers.map((a: { grade: string | null }) => a.grade)).toContain('BAD');
    for (const [query, variables] of [
      [one, bySender],
      [one, byReceiver],
      [list, { org: ann.organizationId }],
      [list, { org: vera.organizationId }],
    ] as const)
      expect(await s.query(query, variables)).toEqual(await s.fresh(query, variables));
    const receiverView = (await s.fresh(one, byReceiver)).assessment;
    expect(receiverView).toMatchObject({ view: 'RECEIVER', reviewNotes: null, grade: null });
    expect(JSON.stringify(receiverView)).not.toContain('"expected":true');
    expect(receiverView.answers.length).toBeGreaterThan(0);
    expect(receiverView.answers.every((a: { grade: string | null }) => a.grade === null)).toBe(true);
  });
});

describe('lookups by id', () => {
  const MISSING = '00000000-0000-4000-8000-000000000000';

  it('answer null, with no error, for an object that is not there and for one that is not the caller’s alike; the rest of the answer stays', async () => {
    const cid = await t.bootstrap('cid@cora.example', 'Cora');
    const acmeAlert = (await t.graphql(`query($o: ID!) { alerts(organizationId: $o) { nodes { alertId } } }`, { o: ann.organizationId }, ann.apiKey)).body.data
      .alerts.nodes[0].alertId;
    const acmeTarget = (await t.graphql(`query($o: ID!) { scanTargets(organizationId: $o) { nodes { id } } }`, { o: ann.organizationId }, ann.apiKey)).body.data
      .scanTargets.nodes[0]?.id;
    expect(acmeTarget).toEqual(expect.any(String));
    const query = `query($alert: ID!, $target: ID!, $org: ID!, $user: ID!) {
      me { id }
      alert(id: $alert) { id resource }
      scanTarget(organizationId: $org, id: $target) { id name }
      member(organizationId: $org, userId: $user) { id email }
      followingRequest(organizationId: $org, followingId: $target) { id }
    }`;
    const missing = await t.graphql(query, { alert: MISSING, target: MISSING, org: cid.organizationId, user: MISSING }, cid.apiKey);
    const notMine = await t.graphql(query, { alert: acmeAlert, target: acmeTarget, org: cid.organizationId, user: ann.userId }, cid.apiKey);
    for (const answer of [missing, notMine]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ data: { me: { id: cid.userId }, alert: null, scanTarget: null, member: null, followingRequest: null } });
    }
  });
});
