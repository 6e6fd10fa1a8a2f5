import { createScanTarget, FIXTURE_RULES, insertAlerts, insertRules } from '../support/alert-fixtures';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * Quotas: the creation that would go past one answers 409 Conflict naming the quota and its setting;
 * the one before it succeeds. Each quota set to a small number for this instance.
 */

let t: TestVigil;
let alice: Account;
let target: string;
let alertId: string;
const others: Account[] = [];

beforeAll(async () => {
  t = await startTestVigil({
    VIGIL_QUOTA_API_KEYS_PER_USER: '3',
    VIGIL_QUOTA_ORGANIZATIONS_PER_USER: '2',
    VIGIL_QUOTA_COMMENTS_PER_ALERT: '2',
    VIGIL_QUOTA_LABELS_PER_ALERT: '2',
    VIGIL_QUOTA_PENDING_ACCESS_REQUESTS: '2',
  });
  alice = await t.bootstrap('alice@example.com', 'Alice Corp');
  for (const name of ['b', 'c', 'd']) others.push(await t.bootstrap(`${name}@example.com`, `Org ${name}`));
  await insertRules(t.vigil.db);
  target = await createScanTarget(t.vigil.db, alice.organizationId, { name: 'aws', kind: 'AWS' });
  [alertId] = await insertAlerts(t.vigil.db, [{ organizationId: alice.organizationId, scanTargetId: target, rule: FIXTURE_RULES[0].id, resource: 'r1' }]);
});
afterAll(() => t.close());

function expectQuota(res: { status: number; body: any }, quota: string, setting: string) {
  expect(res.status).toBe(409);
  expect(res.body).toEqual({
    statusCode: 409,
    error: 'Conflict',
    message: expect.stringMatching(new RegExp(`^Quota exceeded \\(${quota}\\): at most \\d+ .*\\(${setting}\\)$`)),
  });
}

it('API keys per user: the 3rd key is made, the 4th refused, and deleting one makes room', async () => {
  // bootstrap made the 1st.
  expect((await t.rest('POST', '/me/apikeys', { key: alice.apiKey, body: { name: 'second' } })).status).toBe(200);
  const third = await t.rest('POST', '/me/apikeys', { key: alice.apiKey, body: { name: 'third' } });
  expect(third.status).toBe(200);
  expectQuota(await t.rest('POST', '/me/apikeys', { key: alice.apiKey, body: { name: 'fourth' } }), 'apiKeysPerUser', 'VIGIL_QUOTA_API_KEYS_PER_USER');
  const graphql = await t.graphql('mutation { createApiKey(input: { name: "fourth" }) { apiKey { id } } }', {}, alice.apiKey);
  expect(graphql.body.errors?.[0]).toMatchObject({ extensions: { code: 'CONFLICT' }, message: expect.stringContaining('apiKeysPerUser') });
  expect((await t.rest('DELETE', `/me/apikeys/${third.body.id}`, { key: alice.apiKey })).status).toBe(200);
  expect((await t.rest('POST', '/me/apikeys', { key: alice.apiKey, body: { name: 'fourth' } })).status).toBe(200);
});

it('organizations per user: the 2nd is created, the 3rd refused', async () => {
  expect((await t.rest('POST', '/organizations', { key: alice.apiKey, body: { name: 'Second Corp' } })).status).toBe(200);
  expectQuota(
    await t.rest('POST', '/organizations', { key: alice.apiKey, body: { name: 'Third Corp' } }),
    'organizationsPerUser',
    'VIGIL_QUOTA_ORGANIZATIONS_PER_USER',
  );
});

it('comments per alert: the 2nd is added, the 3rd refused, by the comment routes and by an update with a comment', async () => {
  const path = `/organizations/${alice.organizationId}/alerts/${alertId}/comments`;
  expect((await t.rest('POST', path, { key: alice.apiKey, body: { comment: 'one' } })).status).toBe(200);
  expect((await t.rest('POST', path, { key: alice.apiKey, body: { comment: 'two' } })).status).toBe(200);
  expectQuota(await t.rest('POST', path, { key: alice.apiKey, body: { comment: 'three' } }), 'commentsPerAlert', 'VIGIL_QUOTA_COMMENTS_PER_ALERT');
  const update = await t.rest('PUT', `/organizations/${alice.organizationId}/scantargets/${target}/alerts/${alertId}`, {
    key: alice.apiKey,
    body: { comment: 'three' },
  });
  expectQuota(update, 'commentsPerAlert', 'VIGIL_QUOTA_COMMENTS_PER_ALERT');
  // A batch that would add the comment to that alert too: refused, and nothing of it applied.
  const batch = await t.rest('PUT', `/organizations/${alice.organizationId}/alerts/status/batch`, {
    key: alice.apiKey,
    body: { state: ['MITIGATING_CONTROL'], comment: 'three', condition: { dryRun: false, selection: { alertIds: [alertId], rules: null } } },
  });
  expectQuota(batch, 'commentsPerAlert', 'VIGIL_QUOTA_COMMENTS_PER_ALERT');
  const comments = await t.vigil.db.pool.query(`SELECT count(*)::int AS n FROM alerts.alert_comments WHERE "alertId" = $1`, [alertId]);
  expect(comments.rows[0].n).toBe(2);
  const alert = await t.vigil.db.pool.query(`SELECT state FROM alerts.alerts WHERE id = $1`, [alertId]);
  expect(alert.rows[0].state).toBe('OPEN');
});

it('labels per alert: two are set, three refused', async () => {
  const path = `/organizations/${alice.organizationId}/scantargets/${target}/alerts/${alertId}`;
  const two = await t.rest('PUT', path, { key: alice.apiKey, body: { labels: ['a', 'b'] } });
  expect(two.status).toBe(200);
  expect(two.body.labels).toEqual(['a', 'b']);
  expectQuota(await t.rest('PUT', path, { key: alice.apiKey, body: { labels: ['a', 'b', 'c'] } }), 'labelsPerAlert', 'VIGIL_QUOTA_LABELS_PER_ALERT');
});

it('pending access requests: a user asks two organizations, the third is refused, asking one again is not a new request', async () => {
  for (const other of others.slice(0, 2))
    expect((await t.rest('POST', '/me/invites/requests', { key: alice.apiKey, body: { organizationId: other.organizationId } })).status).toBe(200);
  expect((await t.rest('POST', '/me/invites/requests', { key: alice.apiKey, body: { organizationId: others[0].organizationId } })).status).toBe(200);
  expectQuota(
    await t.rest('POST', '/me/invites/requests', { key: alice.apiKey, body: { organizationId: others[2].organizationId } }),
    'pendingAccessRequests',
    'VIGIL_QUOTA_PENDING_ACCESS_REQUESTS',
  );
});

it('pending follower requests: an organization asks two, the third is refused', async () => {
  const path = `/organizations/${alice.organizationId}/followers/requests`;
  for (const other of others.slice(0, 2)) expect((await t.rest('POST', path, { key: alice.apiKey, body: { token: other.organizationId } })).status).toBe(200);
  expectQuota(
    await t.rest('POST', path, { key: alice.apiKey, body: { token: others[2].organizationId } }),
    'pendingAccessRequests',
    'VIGIL_QUOTA_PENDING_ACCESS_REQUESTS',
  );
});
