import { createScanTarget, follow, insertAlerts, insertRules } from '../support/alert-fixtures';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * lib/visibility.ts: a follower never sees an alert's resource, metadata, enrichment or comments,
 * wherever it reads the alert: lists, get, history, grouped, summaries, legacy lists, events, GraphQL.
 * Each response a follower gets is searched for the secret values.
 */
let t: TestVigil;
let owner: Account;
let follower: Account;
let stranger: Account;
let alertId: string;
let scanTargetId: string;

const SECRETS = ['db-prod-7.secret.internal', 'acct-998877', 'raw-evidence-xyz', 'private remark 42'];

function expectNoSecret(body: unknown) {
  const text = JSON.stringify(body);
  for (const secret of SECRETS) expect(text).not.toContain(secret);
}

beforeAll(async () => {
  t = await startTestVigil();
  owner = await t.bootstrap('olga@owner.example', 'Owner Org');
  follower = await t.bootstrap('fay@follower.example', 'Follower Org');
  stranger = await t.bootstrap('sam@stranger.example', 'Stranger Org');
  await follow(t.vigil.db, follower.organizationId, owner.organizationId);
  await insertRules(t.vigil.db);
  scanTargetId = await createScanTarget(t.vigil.db, owner.organizationId, { name: 'prod db', tags: ['prod'] });
  [alertId] = await insertAlerts(t.vigil.db, [
    {
      organizationId: owner.organizationId,
      scanTargetId,
      rule: 'fx-root-mfa',
      resource: SECRETS[0],
      severity: 'CRITICAL',
      metadata: { account: SECRETS[1] },
      enrichment: { evidence: SECRETS[2] },
    },
  ]);
  // The owner comments and changes the alert: history UPDATE, AlertUpdated + AlertFollowingUpdated, AlertCommentCreated.
  const updated = await t.rest('PUT', `/organizations/${owner.organizationId}/scantargets/${scanTargetId}/alerts/${alertId}`, {
    key: owner.apiKey,
    body: { state: 'RISK_ACCEPTED', labels: ['accepted'], comment: SECRETS[3] },
  });
  expect(updated.status).toBe(200);
}, 120_000);
afterAll(() => t.close());

describe('the owner sees everything', () => {
  it('gets the whole alert, its history and comments', async () => {
    const alert = await t.rest('GET', `/alerts/${alertId}`, { key: owner.apiKey });
    expect(alert.body).toMatchObject({ resource: SECRETS[0], metadata: { account: SECRETS[1] }, enrichment: { evidence: SECRETS[2] } });
    const comments = await t.rest('GET', `/alerts/${alertId}/comments?page=1&pageSize=100`, { key: owner.apiKey });
    expect(comments.body.data[0].comment).toBe(SECRETS[3]);
  });
});

describe('a follower sees the censored alert everywhere', () => {
  it('following list (REST, legacy REST and GraphQL)', async () => {
    const list = await t.rest('POST', `/organizations/${follower.organizationId}/followings/alerts?size=100`, { key: follower.apiKey, body: {} });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      id: alertId,
      rule: 'fx-root-mfa',
      severity: 'CRITICAL',
      state: 'RISK_ACCEPTED',
      labels: ['accepted'],
      resource: '[censored]',
      metadata: {},
      enrichment: {},
    });
    expectNoSecret(list.body);
    const legacy = await t.rest('POST', '/alerts/following', {
      key: follower.apiKey,
      body: { organizationId: follower.organizationId, page: 1, pageSize: 100 },
    });
    expect(legacy.body.total).toBe(1);
    expectNoSecret(legacy.body);
    const gql = await t.graphql(
      `query($org: ID!) { followingAlerts(organizationId: $org) { nodes { id resource metadata enrichment organization { name } scanTarget { name } } } }`,
      { org: follower.organizationId },
      follower.apiKey,
    );
    expect(gql.body.errors).toBeUndefined();
    // A follower's copy has its own cache identity (`followed:<id>`).
    expect(gql.body.data.followingAlerts.nodes).toEqual([
      { id: `followed:${alertId}`, resource: '[censored]', metadata: {}, enrichment: {}, organization: { name: 'Owner Org' }, scanTarget: null },
    ]);
  });

  it('get alert, both paths and GraphQL', async () => {
    for (const path of [`/alerts/${alertId}`, `/organizations/${owner.organizationId}/alerts/${alertId}`]) {
      const res = await t.rest('GET', path, { key: follower.apiKey });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: alertId, resource: '[censored]', metadata: {}, enrichment: {}, state: 'RISK_ACCEPTED' });
      expectNoSecret(res.body);
    }
    const gql = await t.graphql(`query($id: ID!) { alert(id: $id) { resource metadata enrichment scanTarget { id } } }`, { id: alertId }, follower.apiKey);
    expect(gql.body.data.alert).toEqual({ resource: '[censored]', metadata: {}, enrichment: {}, scanTarget: null });
  });

  it("one alert's history and comments (never listed), the following history list", async () => {
    const history = await t.rest('GET', `/alerts/${alertId}/history?page=1&pageSize=100`, { key: follower.apiKey });
    expect(history.body.total).toBe(2);
    expect(history.body.data.map((r: { resource: string }) => r.resource)).toEqual(['[censored]', '[censored]']);
    expectNoSecret(history.body);
    const comments = await t.rest('GET', `/alerts/${alertId}/comments?page=1&pageSize=100`, { key: follower.apiKey });
    expect(comments.body).toEqual({ data: [], total: 0 });
    const followingHistory = await t.rest('POST', '/alerts/history/following', {
      key: follower.apiKey,
      body: { organizationId: follower.organizationId, pageSize: 100 },
    });
    expect(followingHistory.body.data).toHaveLength(2);
    expectNoSecret(followingHistory.body);
  });

  it('grouped lists, summaries and search reveal nothing either', async () => {
    const grouped = await t.rest('POST', `/organizations/${follower.organizationId}/followings/alerts/rules`, { key: follower.apiKey, body: {} });
    expect(grouped.body.data).toEqual([expect.objectContaining({ rule: 'fx-root-mfa', total: 1 })]);
    expectNoSecret(grouped.body);
    const summary = await t.rest('POST', `/organizations/${follower.organizationId}/followings/summaries/scantargets/details`, {
      key: follower.apiKey,
      body: {},
    });
    expect(summary.body.data[0]).toMatchObject({ scanTargetId, total: 1 });
    expectNoSecret(summary.body);
    for (const secret of SECRETS.slice(0, 3)) {
      const search = await t.rest('POST', `/organizations/${follower.organizationId}/followings/alerts`, {
        key: follower.apiKey,
        body: { search: secret.slice(0, 10) },
      });
      expect(search.body.data).toEqual([]);
    }
  });

  it('summaries list the followed scan targets in id order, not by their hidden names', async () => {
    const a = await createScanTarget(t.vigil.db, owner.organizationId, { name: 'tmp a' });
    const b = await createScanTarget(t.vigil.db, owner.organizationId, { name: 'tmp b' });
    // Names sorted the other way round from ids, so the two orders differ.
    const [low, high] = [a, b].sort();
    await t.vigil.db.pool.query(
      `UPDATE alerts.scan_targets SET name = CASE id WHEN $1 THEN 'zz last by name' ELSE 'aa first by name' END WHERE id = ANY($2::uuid[])`,
      [low, [low, high]],
    );
    try {
      const ids = (body: { data: Array<{ scanTargetId: string }> }) => body.data.map((s) => s.scanTargetId).filter((id) => id === low || id === high);
      const followed = await t.rest('POST', `/organizations/${follower.organizationId}/followings/summaries/scantargets/details`, {
        key: follower.apiKey,
        body: {},
      });
      expect(ids(followed.body)).toEqual([low, high]);
      const own = await t.rest('POST', `/organizations/${owner.organizationId}/summaries/scantargets/details`, { key: owner.apiKey, body: {} });
      expect(ids(own.body)).toEqual([high, low]);
    } finally {
      await t.vigil.db.pool.query(`DELETE FROM alerts.scan_targets WHERE id = ANY($1::uuid[])`, [[low, high]]);
    }
  });

  it("events in the follower's log are censored; the comment event stays with the owner", async () => {
    const events = await t.rest('GET', `/organizations/${follower.organizationId}/events?size=1000`, { key: follower.apiKey });
    expect(events.status).toBe(200);
    const names = events.body.data.map((e: { name: string }) => e.name);
    expect(names).toContain('AlertFollowingUpdated');
    expect(names).not.toContain('AlertCommentCreated');
    expectNoSecret(events.body);
    const ownerEvents = await t.rest('GET', `/organizations/${owner.organizationId}/events?size=1000`, { key: owner.apiKey });
    expect(JSON.stringify(ownerEvents.body)).toContain(SECRETS[0]);
  });

  it('GraphQL reads combined in one operation stay censored', async () => {
    const gql = await t.graphql(
      `query($org: ID!) { followingAlerts(organizationId: $org, order: CREATED_AT) { edges { cursor node { id resource } } pageInfo { startCursor endCursor } } alert(id: "${alertId}") { id resource ruleTitle } }`,
      { org: follower.organizationId },
      follower.apiKey,
    );
    expectNoSecret(gql.body);
    expect(gql.body.data.alert).toEqual({ id: `followed:${alertId}`, resource: '[censored]', ruleTitle: 'Root account without MFA' });
  });
});

describe('a stranger sees nothing', () => {
  it('404 on every read of the alert and empty following lists', async () => {
    for (const path of [
      `/alerts/${alertId}`,
      `/organizations/${owner.organizationId}/alerts/${alertId}`,
      `/alerts/${alertId}/history`,
      `/alerts/${alertId}/comments`,
    ]) {
      const res = await t.rest('GET', path, { key: stranger.apiKey });
      expect(res.status).toBe(404);
      expectNoSecret(res.body);
    }
    const list = await t.rest('POST', `/organizations/${stranger.organizationId}/followings/alerts`, { key: stranger.apiKey, body: {} });
    expect(list.body).toEqual({ data: [], cursor: null });
    const gql = await t.graphql(`query($id: ID!) { alert(id: $id) { resource } }`, { id: alertId }, stranger.apiKey);
    expect(gql.body).toEqual({ data: { alert: null } }); // a lookup: null for "not there or not yours"
  });
});
