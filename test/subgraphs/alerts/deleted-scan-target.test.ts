import { signPrincipal } from '../../../lib/principal';
import { createScanTarget, follow, insertAlerts, insertRules } from '../../support/alert-fixtures';
import { type Account, request, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * Deleting a scan target (a soft delete) takes its alerts out of every read and write path: lists,
 * grouped lists, legacy pages, counts, history lists, one alert, updates, comments and batches —
 * for members and followers alike. The rows stay in the database.
 */
let t: TestVigil;
let admin: Account;
let follower: Account;
let kept: string;
let deleted: string;
let keptAlert: string;
let goneAlert: string;

beforeAll(async () => {
  t = await startTestVigil();
  admin = await t.bootstrap('ada@deleting.example', 'Deleting Corp');
  follower = await t.bootstrap('finn@follower.example', 'Follower Inc');
  await follow(t.vigil.db, follower.organizationId, admin.organizationId);
  await insertRules(t.vigil.db);
  kept = await createScanTarget(t.vigil.db, admin.organizationId, { name: 'kept' });
  deleted = await createScanTarget(t.vigil.db, admin.organizationId, { name: 'decommissioned' });
  [keptAlert] = await insertAlerts(t.vigil.db, [
    { organizationId: admin.organizationId, scanTargetId: kept, rule: 'fx-bucket-public', resource: 'kept-bucket', severity: 'HIGH' },
  ]);
  [goneAlert] = await insertAlerts(t.vigil.db, [
    { organizationId: admin.organizationId, scanTargetId: deleted, rule: 'fx-root-mfa', resource: 'old-account', severity: 'CRITICAL' },
  ]);
  // Before the delete both alerts are everywhere (so the checks below can fail).
  const before = await t.rest('POST', `/organizations/${admin.organizationId}/alerts?size=100`, { key: admin.apiKey, body: {} });
  expect(before.body.data.map((a: { id: string }) => a.id).sort()).toEqual([keptAlert, goneAlert].sort());
  const res = await t.rest('DELETE', `/organizations/${admin.organizationId}/scantargets/${deleted}`, { key: admin.apiKey });
  expect(res.body).toBe(true);
}, 120_000);
afterAll(() => t.close());

const ids = (body: { data: Array<{ id?: string; alertId?: string }> }) => body.data.map((a) => a.alertId ?? a.id);

describe('after its scan target is deleted, an alert', () => {
  it('is not listed to members: keyset, legacy page, grouped, counts, history', async () => {
    const key = admin.apiKey;
    const org = admin.organizationId;
    expect(ids((await t.rest('POST', `/organizations/${org}/alerts?size=100`, { key, body: {} })).body)).toEqual([keptAlert]);
    const legacy = await t.rest('POST', '/alerts', { key, body: { organizationId: org, page: 1, pageSize: 100, scanTargetIds: [] } });
    expect(ids(legacy.body)).toEqual([keptAlert]);
    expect(legacy.body.total).toBe(1);
    const grouped = await t.rest('POST', `/organizations/${org}/alerts/rules?pageSize=100`, { key, body: {} });
    expect(grouped.body.data.map((g: { rule: string }) => g.rule)).toEqual(['fx-bucket-public']);
    const counts = await t.rest('POST', '/alerts/summaries', { key, body: { organizationId: org, scanTargetIds: [] } });
    expect(counts.body).toMatchObject({ total: 1, open: 1, states: { OPEN: 1 } });
    const history = await t.rest('POST', '/alerts/history', { key, body: { organizationId: org, pageSize: 100 } });
    expect(ids(history.body)).toEqual([keptAlert]);
  });

  it('is not found by id, cannot be updated, commented or batch-changed', async () => {
    const key = admin.apiKey;
    expect((await t.rest('GET', `/alerts/${goneAlert}`, { key })).status).toBe(404);
    expect((await t.rest('GET', `/alerts/${keptAlert}`, { key })).status).toBe(200);
    expect((await t.rest('GET', `/alerts/${goneAlert}/history?page=1&pageSize=100`, { key })).status).toBe(404);
    const update = await t.rest('PUT', `/organizations/${admin.organizationId}/scantargets/${deleted}/alerts/${goneAlert}`, {
      key,
      body: { state: 'RISK_ACCEPTED' },
    });
    expect(update.status).toBe(404);
    const comment = await t.rest('POST', `/organizations/${admin.organizationId}/scantargets/${deleted}/alerts/${goneAlert}/comments`, {
      key,
      body: { comment: 'too late' },
    });
    expect(comment.status).toBe(404);
    const batch = await t.rest('PUT', `/organizations/${admin.organizationId}/alerts/status/batch`, {
      key,
      body: { state: 'RISK_ACCEPTED', condition: { dryRun: false } },
    });
    expect(batch.body).toMatchObject({ count: 1, remaining: 0 });
    const { rows } = await t.vigil.db.pool.query(`SELECT id, state, version FROM alerts.alerts WHERE id = ANY($1::uuid[]) ORDER BY state`, [
      [keptAlert, goneAlert],
    ]);
    expect(rows).toEqual([
      { id: goneAlert, state: 'OPEN', version: 1 },
      { id: keptAlert, state: 'RISK_ACCEPTED', version: 2 },
    ]);
  });

  it('is not shown to followers either', async () => {
    const key = follower.apiKey;
    const list = await t.rest('POST', `/organizations/${follower.organizationId}/followings/alerts?size=100`, { key, body: {} });
    expect(ids(list.body)).toEqual([keptAlert]);
    const history = await t.rest('POST', '/alerts/history/following', { key, body: { organizationId: follower.organizationId, pageSize: 100 } });
    expect(ids(history.body)).toEqual([keptAlert, keptAlert]);
    expect((await t.rest('GET', `/alerts/${goneAlert}`, { key })).status).toBe(404);
  });

  it('does not resolve as a federated entity reference either', async () => {
    const body = {
      query: `query($r: [_Any!]!) { _entities(representations: $r) { ... on Alert { id } } }`,
      variables: { r: [keptAlert, goneAlert].map((id) => ({ __typename: 'Alert', id })) },
    };
    const res = await request(t.vigil.subgraphs.alerts!.url, 'POST', '', {
      body,
      headers: signPrincipal(t.secret, { userId: admin.userId, apiKeyId: 'k' }, body),
    });
    expect(res.body.data._entities).toEqual([{ id: keptAlert }, null]);
  });
});
