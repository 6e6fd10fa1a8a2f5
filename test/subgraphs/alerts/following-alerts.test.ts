import { addReadOnlyMember, createScanTarget, type FixtureAlert, follow, insertAlerts, insertRules } from '../../support/alert-fixtures';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * Followed organizations' alerts: visible to members of a following organization through an
 * accepted follow only, narrowed by followingIds and follow tags, sorted and paged like own alerts.
 */
let t: TestVigil;
let viewer: Account; // the following organization's ADMIN
let viewerReader: Account; // a read-only member of the following organization
let acme: Account; // followed, follow tagged "suppliers"
let bolt: Account; // followed, follow untagged
let cora: Account; // not followed
let alerts: Array<FixtureAlert & { id: string }>;

const hours = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 3600_000);

beforeAll(async () => {
  t = await startTestVigil();
  viewer = await t.bootstrap('vera@example.com', 'Viewer Org');
  viewerReader = await addReadOnlyMember(t, 'vic@example.com', viewer.organizationId);
  acme = await t.bootstrap('ann@acme.example', 'Acme');
  bolt = await t.bootstrap('bob@bolt.example', 'Bolt');
  cora = await t.bootstrap('cid@cora.example', 'Cora');
  await follow(t.vigil.db, viewer.organizationId, acme.organizationId, ['suppliers']);
  await follow(t.vigil.db, viewer.organizationId, bolt.organizationId, []);
  await insertRules(t.vigil.db);
  const fixtures: FixtureAlert[] = [];
  const severities = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO'];
  for (const [n, org] of [acme, bolt, cora].entries()) {
    const target = await createScanTarget(t.vigil.db, org.organizationId, { name: `${n} aws`, kind: n === 1 ? 'GCP' : 'AWS' });
    for (let i = 0; i < 8; i++) {
      fixtures.push({
        organizationId: org.organizationId,
        scanTargetId: target,
        rule: i % 2 ? 'fx-bucket-public' : 'fx-root-mfa',
        resource: `secret-host-${n}-${i}.internal`,
        severity: severities[(i + n) % 5],
        state: i === 7 ? 'CLOSED' : 'OPEN',
        resolvedAt: i === 7 ? hours(50) : null,
        createdAt: hours(n * 10 + i),
      });
    }
  }
  const ids = await insertAlerts(t.vigil.db, fixtures);
  alerts = fixtures.map((f, i) => ({ ...f, id: ids[i] }));
}, 120_000);
afterAll(() => t.close());

const path = `/organizations/`;
const followingList = (body: object, query = '', key = viewer.apiKey, org = viewer.organizationId) =>
  t.rest('POST', `${path}${org}/followings/alerts${query}`, { key, body });
const idsOf = (res: { body: { data: Array<{ id: string }> } }) => res.body.data.map((a) => a.id);
const visible = (a: FixtureAlert) => a.organizationId === acme.organizationId || a.organizationId === bolt.organizationId;

describe('POST /organizations/{organizationId}/followings/alerts', () => {
  it('lists only the followed organizations, for any member of the following organization', async () => {
    const res = await followingList({ order: 'createdAt', sort: 'ASC' }, '?size=1000', viewerReader.apiKey);
    expect(res.status).toBe(200);
    expect(idsOf(res)).toEqual(alerts.filter(visible).map((a) => a.id));
    expect(res.body.cursor).toBeNull();
  });

  it('narrows by followingIds, followingTags and includeEmptyFollowingTags; an id not followed gives nothing', async () => {
    const byId = await followingList({ followingIds: [bolt.organizationId], order: 'createdAt', sort: 'ASC' }, '?size=100');
    expect(idsOf(byId)).toEqual(alerts.filter((a) => a.organizationId === bolt.organizationId).map((a) => a.id));
    const notFollowed = await followingList({ followingIds: [cora.organizationId] }, '?size=100');
    expect(notFollowed.body).toEqual({ data: [], cursor: null });
    const tagged = await followingList({ followingTags: ['suppliers'], order: 'createdAt', sort: 'ASC' }, '?size=100');
    expect(idsOf(tagged)).toEqual(alerts.filter((a) => a.organizationId === acme.organizationId).map((a) => a.id));
    const withEmpty = await followingList({ followingTags: ['suppliers'], includeEmptyFollowingTags: true, order: 'createdAt', sort: 'ASC' }, '?size=100');
    expect(idsOf(withEmpty)).toEqual(alerts.filter(visible).map((a) => a.id));
    const unknownTag = await followingList({ followingTags: ['nobody'] }, '?size=100');
    expect(unknownTag.body.data).toEqual([]);
    expect((await followingList({ followingIds: ['x'] })).status).toBe(400);
  });

  it('sorts by followingIds (organization), scanTargetId and the other orders, paging across organizations', async () => {
    for (const order of ['followingIds', 'scanTargetId', 'severity', 'createdAt', 'resolvedAt']) {
      for (const sort of ['ASC', 'DESC']) {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const res: {
            status: number;
            body: { data: Array<{ id: string; organizationId: string; scanTargetId: string; severity: string }>; cursor: string | null };
          } = await followingList({ order, sort }, `?size=3${cursor ? `&cursor=${cursor}` : ''}`);
          expect(res.status).toBe(200);
          seen.push(...res.body.data.map((a) => a.id));
          cursor = res.body.cursor;
        } while (cursor);
        expect([...seen].sort()).toEqual(
          alerts
            .filter(visible)
            .map((a) => a.id)
            .sort(),
        );
        if (order === 'followingIds') {
          const orgs = seen.map((id) => alerts.find((a) => a.id === id)!.organizationId);
          const sorted = [...orgs].sort();
          expect(orgs).toEqual(sort === 'ASC' ? sorted : sorted.reverse());
        }
      }
    }
  });

  it('filters like own lists: states, severities, kinds, dates, search (not on the censored resource)', async () => {
    const open = await followingList({ states: ['ACTIVE'], severities: ['CRITICAL', 'HIGH'] }, '?size=100');
    expect(idsOf(open).sort()).toEqual(
      alerts
        .filter((a) => visible(a) && a.state !== 'CLOSED' && ['CRITICAL', 'HIGH'].includes(a.severity!))
        .map((a) => a.id)
        .sort(),
    );
    const gcp = await followingList({ scanTargetKinds: ['GCP'] }, '?size=100');
    expect(idsOf(gcp).sort()).toEqual(
      alerts
        .filter((a) => a.organizationId === bolt.organizationId)
        .map((a) => a.id)
        .sort(),
    );
    const dated = await followingList({ createdAtStart: '2025-01-01T12:00:00', createdAtEnd: '2025-01-01T14:00:00' }, '?size=100');
    expect(idsOf(dated).sort()).toEqual(
      alerts
        .filter((a) => visible(a) && a.createdAt! >= hours(12) && a.createdAt! <= hours(14))
        .map((a) => a.id)
        .sort(),
    );
    const byRule = await followingList({ search: 'root account' }, '?size=100');
    expect(idsOf(byRule).sort()).toEqual(
      alerts
        .filter((a) => visible(a) && a.rule === 'fx-root-mfa')
        .map((a) => a.id)
        .sort(),
    );
    // A follower cannot find alerts through the censored resource.
    const byResource = await followingList({ search: 'secret-host' }, '?size=100');
    expect(byResource.body.data).toEqual([]);
  });

  it('answers 404 to non-members of the following organization; an organization with no follows sees nothing', async () => {
    expect((await followingList({}, '', acme.apiKey)).status).toBe(404);
    const none = await followingList({}, '', cora.apiKey, cora.organizationId);
    expect(none.body).toEqual({ data: [], cursor: null });
  });
});

describe('following grouped, history and summaries', () => {
  it('groups followed alerts by rule', async () => {
    const res = await t.rest('POST', `/organizations/${viewer.organizationId}/followings/alerts/rules?pageSize=100`, {
      key: viewer.apiKey,
      body: { order: 'rule', sort: 'ASC' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({ rule: 'fx-bucket-public', total: alerts.filter((a) => visible(a) && a.rule === 'fx-bucket-public').length }),
      expect.objectContaining({ rule: 'fx-root-mfa', total: alerts.filter((a) => visible(a) && a.rule === 'fx-root-mfa').length }),
    ]);
    const legacy = await t.rest('POST', '/alerts/rules/following', {
      key: viewer.apiKey,
      body: { organizationId: viewer.organizationId, page: 1, pageSize: 1, followingIds: [acme.organizationId] },
    });
    expect(legacy.body.total).toBe(2);
    expect((await t.rest('POST', `/organizations/${viewer.organizationId}/followings/alerts/rules`, { key: cora.apiKey, body: {} })).status).toBe(404);
  });

  it('POST /alerts/history/following pages the followed organizations history with cursors', async () => {
    const seen: Array<{ alertId: string; organizationId: string; cursor: string }> = [];
    let cursor: string | undefined;
    for (;;) {
      const res = await t.rest('POST', '/alerts/history/following', {
        key: viewerReader.apiKey,
        body: { organizationId: viewer.organizationId, pageSize: 5, ...(cursor ? { cursor } : {}) },
      });
      expect(res.status).toBe(200);
      if (!res.body.data.length) break;
      seen.push(...res.body.data);
      cursor = res.body.data[res.body.data.length - 1].cursor;
    }
    expect(new Set(seen.map((r) => r.alertId))).toEqual(new Set(alerts.filter(visible).map((a) => a.id)));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.organizationId !== cora.organizationId)).toBe(true);
    const onlyBolt = await t.rest('POST', '/alerts/history/following', {
      key: viewer.apiKey,
      body: { organizationId: viewer.organizationId, pageSize: 100, followingIds: [bolt.organizationId] },
    });
    expect(onlyBolt.body.data.length).toBeGreaterThan(0);
    expect(onlyBolt.body.data.every((r: { organizationId: string }) => r.organizationId === bolt.organizationId)).toBe(true);
    expect(onlyBolt.body.data.length).toBeGreaterThan(0);
    expect((await t.rest('POST', '/alerts/history/following', { key: acme.apiKey, body: { organizationId: viewer.organizationId, pageSize: 5 } })).status).toBe(
      404,
    );
  });

  it('summarizes followed organizations per scan target (#72 and its older path)', async () => {
    for (const p of ['followings/summaries/scantargets/details', 'summaries/scantargets/followings']) {
      const res = await t.rest('POST', `/organizations/${viewer.organizationId}/${p}`, {
        key: viewer.apiKey,
        body: { followingIds: [acme.organizationId, cora.organizationId], alertSeverities: null },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(1);
      expect(res.body.data[0]).toMatchObject({ organizationId: acme.organizationId, total: 8, open: 7, states: { OPEN: 7, CLOSED: 1 } });
    }
    const all = await t.rest('POST', `/organizations/${viewer.organizationId}/followings/summaries/scantargets/details`, {
      key: viewer.apiKey,
      body: { scanTargetKinds: ['AWS'] },
    });
    expect(all.body.data.map((s: { organizationId: string }) => s.organizationId)).toEqual([acme.organizationId]);
    const legacy = await t.rest('POST', '/alerts/summaries/following', {
      key: viewer.apiKey,
      body: { organizationId: viewer.organizationId, followingIds: [] },
    });
    expect(legacy.body.total).toBe(16);
    const resolved = await t.rest('POST', '/alerts/summaries/following/resolvedovertime', {
      key: viewer.apiKey,
      body: { organizationId: viewer.organizationId },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toHaveLength(30);
    expect(
      (await t.rest('POST', `/organizations/${viewer.organizationId}/followings/summaries/scantargets/details`, { key: acme.apiKey, body: {} })).status,
    ).toBe(404);
  });

  it('stops showing an organization as soon as the follow ends', async () => {
    await t.vigil.db.pool.query(`DELETE FROM organizations.follows WHERE "followerId" = $1 AND "followedId" = $2`, [
      viewer.organizationId,
      bolt.organizationId,
    ]);
    const res = await followingList({}, '?size=100');
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((a: { organizationId: string }) => a.organizationId === acme.organizationId)).toBe(true);
    const bolts = alerts.find((a) => a.organizationId === bolt.organizationId)!;
    expect((await t.rest('GET', `/alerts/${bolts.id}`, { key: viewer.apiKey })).status).toBe(404);
    await follow(t.vigil.db, viewer.organizationId, bolt.organizationId, []);
  });
});
