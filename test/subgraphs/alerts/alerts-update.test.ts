import { addReadOnlyMember, createScanTarget, eventsOf, follow, insertAlerts, insertManyAlerts, insertRules } from '../../support/alert-fixtures';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

let t: TestVigil;
let alice: Account; // ADMIN
let reader: Account; // read-only member
let stranger: Account;
let follower: Account;
let target: string;
let taggedTarget: string;
let otherTarget: string;

beforeAll(async () => {
  t = await startTestVigil();
  alice = await t.bootstrap('alice@example.com', 'Alice Corp');
  reader = await addReadOnlyMember(t, 'reader@example.com', alice.organizationId);
  stranger = await t.bootstrap('eve@example.com', 'Eve Ltd');
  follower = await t.bootstrap('fred@example.com', 'Fred Follows');
  await follow(t.vigil.db, follower.organizationId, alice.organizationId);
  await insertRules(t.vigil.db);
  target = await createScanTarget(t.vigil.db, alice.organizationId, { name: 'main' });
  taggedTarget = await createScanTarget(t.vigil.db, alice.organizationId, { name: 'tagged', tags: ['prod'] });
  otherTarget = await createScanTarget(t.vigil.db, alice.organizationId, { name: 'other', tags: ['dev'] });
}, 120_000);
afterAll(() => t.close());

const newAlert = async (overrides: Record<string, unknown> = {}) =>
  (
    await insertAlerts(t.vigil.db, [
      {
        organizationId: alice.organizationId,
        scanTargetId: target,
        rule: 'fx-bucket-public',
        resource: `bucket-${Math.random().toString(36).slice(2)}`,
        severity: 'HIGH',
        ...overrides,
      },
    ])
  )[0];
const updatePath = (alertId: string, scanTargetId = target, org = alice.organizationId) =>
  `/organizations/${org}/scantargets/${scanTargetId}/alerts/${alertId}`;

describe('PUT /organizations/{organizationId}/scantargets/{scanTargetId}/alerts/{alertId}', () => {
  it('sets state and labels: version + 1, an UPDATE history record, AlertUpdated and a censored AlertFollowingUpdated', async () => {
    const id = await newAlert();
    const res = await t.rest('PUT', updatePath(id), { key: alice.apiKey, body: { state: 'RISK_ACCEPTED', labels: ['accepted-by-ciso', 'q3'] } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, state: 'RISK_ACCEPTED', labels: ['accepted-by-ciso', 'q3'], version: 2, ruleTitle: 'Bucket is publicly accessible' });

    const history = await t.rest('GET', `/alerts/${id}/history?page=1&pageSize=100`, { key: alice.apiKey });
    expect(history.body.total).toBe(2);
    expect(history.body.data[1]).toMatchObject({
      operation: 'UPDATE',
      state: 'RISK_ACCEPTED',
      version: 2,
      labels: ['accepted-by-ciso', 'q3'],
      userId: alice.userId,
    });

    const own = (await eventsOf(t.vigil.db, alice.organizationId, 'AlertUpdated')).filter((e) => e.data.id === id);
    expect(own).toHaveLength(1);
    expect(own[0].data).toMatchObject({
      id,
      state: 'RISK_ACCEPTED',
      version: 2,
      resource: expect.stringMatching(/^bucket-/),
      metadata: { account: '123456789012' },
    });
    expect(own[0].metadata).toEqual({ userId: alice.userId });
    const followed = (await eventsOf(t.vigil.db, follower.organizationId, 'AlertFollowingUpdated')).filter((e) => e.data.id === id);
    expect(followed).toHaveLength(1);
    expect(followed[0].data).toMatchObject({ id, state: 'RISK_ACCEPTED', resource: '[censored]', metadata: {}, enrichment: {} });
  });

  it('adds a comment (AlertCommentCreated), alone or with a change; an empty body or the same values change nothing', async () => {
    const id = await newAlert();
    const onlyComment = await t.rest('PUT', updatePath(id), { key: alice.apiKey, body: { comment: 'looking into it' } });
    expect(onlyComment.body.version).toBe(1);
    const both = await t.rest('PUT', updatePath(id), { key: alice.apiKey, body: { state: 'IN_PROGRESS', comment: 'fixing' } });
    expect(both.body).toMatchObject({ state: 'IN_PROGRESS', version: 2 });
    const same = await t.rest('PUT', updatePath(id), { key: alice.apiKey, body: { state: 'IN_PROGRESS', labels: [] } });
    expect(same.body.version).toBe(2);
    const empty = await t.rest('PUT', updatePath(id), { key: alice.apiKey, body: {} });
    expect(empty.status).toBe(200);
    expect(empty.body.version).toBe(2);
    const comments = await t.rest('GET', `/alerts/${id}/comments?page=1&pageSize=100`, { key: reader.apiKey });
    expect(comments.body.total).toBe(2);
    expect(comments.body.data.map((c: { comment: string }) => c.comment)).toEqual(['looking into it', 'fixing']);
    const events = (await eventsOf(t.vigil.db, alice.organizationId, 'AlertCommentCreated')).filter((e) => e.data.alertId === id);
    expect(events.map((e) => e.data.comment)).toEqual(['looking into it', 'fixing']);
    const { rows } = await t.vigil.db.pool.query(`SELECT count(*)::int AS n FROM alerts.alert_history WHERE "alertId" = $1`, [id]);
    expect(rows[0].n).toBe(2);
  });

  it('refuses CLOSED, ACTIVE and unknown states (400); a CLOSED alert takes labels and stays CLOSED', async () => {
    const id = await newAlert();
    for (const state of ['CLOSED', 'ACTIVE', 'DONE']) {
      const res = await t.rest('PUT', updatePath(id), { key: alice.apiKey, body: { state } });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/state/);
    }
    const closed = await newAlert({ state: 'CLOSED', resolvedAt: new Date() });
    const labelled = await t.rest('PUT', updatePath(closed), { key: alice.apiKey, body: { labels: ['post-mortem'] } });
    expect(labelled.body).toMatchObject({ state: 'CLOSED', labels: ['post-mortem'] });
  });

  it('is for ADMINs: 403 for a read-only member, 404 for followers, strangers and a wrong scan target', async () => {
    const id = await newAlert();
    expect((await t.rest('PUT', updatePath(id), { key: reader.apiKey, body: { state: 'IN_PROGRESS' } })).status).toBe(403);
    expect((await t.rest('PUT', updatePath(id), { key: follower.apiKey, body: { state: 'IN_PROGRESS' } })).status).toBe(404);
    expect((await t.rest('PUT', updatePath(id), { key: stranger.apiKey, body: { state: 'IN_PROGRESS' } })).status).toBe(404);
    expect((await t.rest('PUT', updatePath(id, otherTarget), { key: alice.apiKey, body: { state: 'IN_PROGRESS' } })).status).toBe(404);
    expect((await t.rest('PUT', updatePath(id, target, stranger.organizationId), { key: stranger.apiKey, body: { state: 'IN_PROGRESS' } })).status).toBe(404);
    const unchanged = await t.rest('GET', `/alerts/${id}`, { key: alice.apiKey });
    expect(unchanged.body).toMatchObject({ state: 'OPEN', version: 1 });
  });

  it('works over GraphQL too', async () => {
    const id = await newAlert();
    const res = await t.graphql(
      `mutation($org: ID!, $st: ID!, $id: ID!) { updateAlert(input: { organizationId: $org, scanTargetId: $st, alertId: $id, state: FALSE_POSITIVE, labels: ["fp"] }) { alert { id state labels version scanTarget { name } } } }`,
      { org: alice.organizationId, st: target, id },
      alice.apiKey,
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.updateAlert.alert).toEqual({ id, state: 'FALSE_POSITIVE', labels: ['fp'], version: 2, scanTarget: { name: 'main' } });
  });

  it('takes one input per mutation and answers a payload with the changed object; the rule reads input.organizationId', async () => {
    const id = await newAlert();
    const comment = await t.graphql(
      `mutation($input: CreateAlertCommentInput!) { createAlertComment(input: $input) { alertComment { alertId comment mimeType userName notMember } } }`,
      { input: { organizationId: alice.organizationId, alertId: id, comment: 'seen' } },
      reader.apiKey,
    );
    expect(comment.body.errors).toBeUndefined();
    expect(comment.body.data.createAlertComment.alertComment).toMatchObject({ alertId: id, comment: 'seen', mimeType: 'text/markdown', notMember: false });
    const batch = `mutation($input: BatchUpdateAlertsInput!) { batchUpdateAlerts(input: $input) { count dryRun remaining } }`;
    const input = { organizationId: alice.organizationId, state: ['IN_PROGRESS'], condition: { dryRun: true, selection: { alertIds: [id] } } };
    const dry = await t.graphql(batch, { input }, alice.apiKey);
    expect(dry.body.errors).toBeUndefined();
    expect(dry.body.data.batchUpdateAlerts).toEqual({ count: 1, dryRun: true, remaining: 0 });
    // A read-only member of the organization named inside the input is refused (ADMIN only).
    const refused = await t.graphql(batch, { input }, reader.apiKey);
    expect(refused.body.data).toBeNull();
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const update = await t.graphql(
      `mutation($input: UpdateAlertInput!) { updateAlert(input: $input) { alert { id state } } }`,
      { input: { organizationId: alice.organizationId, scanTargetId: target, alertId: id, state: 'IN_PROGRESS' } },
      reader.apiKey,
    );
    expect(update.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('alert comments', () => {
  it('members comment through both paths; the list pages with total, author name, picture and notMember', async () => {
    const id = await newAlert();
    const first = await t.rest('POST', `/organizations/${alice.organizationId}/scantargets/${target}/alerts/${id}/comments`, {
      key: reader.apiKey,
      body: { comment: 'first' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: expect.any(String),
      organizationId: alice.organizationId,
      alertId: id,
      userId: reader.userId,
      comment: 'first',
      mimeType: 'text/markdown',
      createdAt: expect.any(String),
    });
    const second = await t.rest('POST', `/organizations/${alice.organizationId}/alerts/${id}/comments`, {
      key: alice.apiKey,
      body: { comment: '**second**', mimeType: 'text/markdown' },
    });
    expect(second.status).toBe(200);
    await t.rest('POST', `/organizations/${alice.organizationId}/alerts/${id}/comments`, {
      key: alice.apiKey,
      body: { comment: 'third', mimeType: 'text/plain' },
    });
    // The reader leaves the organization: their comment stays, marked notMember.
    await t.vigil.db.pool.query(`DELETE FROM organizations.memberships WHERE "organizationId" = $1 AND "userId" = $2`, [alice.organizationId, reader.userId]);
    const page1 = await t.rest('GET', `/alerts/${id}/comments?page=1&pageSize=2`, { key: alice.apiKey });
    expect(page1.body.total).toBe(3);
    expect(page1.body.data).toHaveLength(2);
    expect(page1.body.data[0]).toMatchObject({ comment: 'first', userId: reader.userId, notMember: true, userName: expect.any(String) });
    expect(page1.body.data[1]).toMatchObject({ comment: '**second**', userId: alice.userId, notMember: false });
    const page2 = await t.rest('GET', `/alerts/${id}/comments?page=2&size=2`, { key: alice.apiKey });
    expect(page2.body).toEqual({ total: 3, data: [expect.objectContaining({ comment: 'third', mimeType: 'text/plain' })] });
    const beyond = await t.rest('GET', `/alerts/${id}/comments?page=5&pageSize=2`, { key: alice.apiKey });
    expect(beyond.body).toEqual({ data: [], total: 3 });
    // The Ruby SDK sends no query and reads a bare array.
    const ruby = await t.rest('GET', `/alerts/${id}/comments`, { key: alice.apiKey });
    expect(ruby.body.map((c: { comment: string }) => c.comment)).toEqual(['first', '**second**', 'third']);
    await t.vigil.db.pool.query(`INSERT INTO organizations.memberships ("organizationId", "userId", roles, "updatedAt") VALUES ($1, $2, '{}', now())`, [
      alice.organizationId,
      reader.userId,
    ]);
  });

  it('refuses empty comments, non-members, followers and a wrong scan target', async () => {
    const id = await newAlert();
    const path = `/organizations/${alice.organizationId}/alerts/${id}/comments`;
    expect((await t.rest('POST', path, { key: alice.apiKey, body: { comment: '  ' } })).status).toBe(400);
    expect((await t.rest('POST', path, { key: alice.apiKey, body: {} })).status).toBe(400);
    expect((await t.rest('POST', path, { key: alice.apiKey, body: { comment: 'x', mimeType: 'not a mime' } })).status).toBe(400);
    expect((await t.rest('POST', path, { key: stranger.apiKey, body: { comment: 'hi' } })).status).toBe(404);
    expect((await t.rest('POST', path, { key: follower.apiKey, body: { comment: 'hi' } })).status).toBe(404);
    expect(
      (
        await t.rest('POST', `/organizations/${alice.organizationId}/scantargets/${otherTarget}/alerts/${id}/comments`, {
          key: alice.apiKey,
          body: { comment: 'hi' },
        })
      ).status,
    ).toBe(404);
    expect((await t.rest('GET', `/alerts/${id}/comments`, { key: stranger.apiKey })).status).toBe(404);
    expect((await t.rest('GET', `/alerts/${id}/comments?pageSize=0`, { key: alice.apiKey })).status).toBe(400);
  });
});

describe('PUT /organizations/{organizationId}/alerts/status/batch', () => {
  const batch = (body: object, key = alice.apiKey) => t.rest('PUT', `/organizations/${alice.organizationId}/alerts/status/batch`, { key, body });

  it('changes matching alerts in chunks of 1000; re-sending the same request makes progress until remaining is 0', async () => {
    await insertManyAlerts(t.vigil.db, {
      organizationId: alice.organizationId,
      scanTargetId: taggedTarget,
      count: 2100,
      rule: 'fx-volume-unencrypted',
      severity: 'LOW',
    });
    const body = {
      state: 'RISK_ACCEPTED',
      comment: 'accepted in bulk',
      condition: {
        dryRun: false,
        scanTargetIds: null,
        states: null,
        severities: ['LOW'],
        selection: { rules: ['fx-volume-unencrypted'], alertIds: null },
        includeEmptyScanTargetTags: null,
      },
    };
    const dry = await batch({ ...body, condition: { ...body.condition, dryRun: true } });
    expect(dry.status).toBe(200);
    expect(dry.body).toEqual({ count: 2100, dryRun: true, remaining: 0 });
    const results = [];
    for (let i = 0; i < 5; i++) results.push((await batch(body)).body);
    expect(results).toEqual([
      { count: 1000, dryRun: false, remaining: 1100 },
      { count: 1000, dryRun: false, remaining: 100 },
      { count: 100, dryRun: false, remaining: 0 },
      { count: 0, dryRun: false, remaining: 0 },
      { count: 0, dryRun: false, remaining: 0 },
    ]);
    const { rows } = await t.vigil.db.pool.query(
      `SELECT count(*) FILTER (WHERE state = 'RISK_ACCEPTED' AND version = 2)::int AS changed,
              (SELECT count(*)::int FROM alerts.alert_history h WHERE h.rule = 'fx-volume-unencrypted' AND h.operation = 'UPDATE' AND h."userId" = $1) AS history,
              (SELECT count(*)::int FROM alerts.alert_comments c WHERE c.comment = 'accepted in bulk') AS comments,
              (SELECT count(*)::int FROM documents.events e WHERE e.name = 'AlertUpdated' AND e.data->>'rule' = 'fx-volume-unencrypted') AS events,
              (SELECT count(*)::int FROM documents.events e WHERE e.name = 'AlertCommentCreated' AND e.data->>'comment' = 'accepted in bulk') AS "commentEvents"
         FROM alerts.alerts WHERE rule = 'fx-volume-unencrypted'`,
      [alice.userId],
    );
    expect(rows[0]).toEqual({ changed: 2100, history: 2100, comments: 2100, events: 2100, commentEvents: 2100 });
    // The follower's log shows each change once, censored (derived from the events above when read).
    const followerEvents = (await eventsOf(t.vigil.db, follower.organizationId, 'AlertFollowingUpdated')).filter(
      (e) => e.data.rule === 'fx-volume-unencrypted',
    );
    expect(followerEvents).toHaveLength(2100);
    expect(followerEvents.length).toBeGreaterThan(0);
    expect(followerEvents.every((e) => e.data.resource === '[censored]' && e.data.state === 'RISK_ACCEPTED' && !('userId' in e.metadata))).toBe(true);
  });

  it('matches by selection, legacy condition.rules, states (ACTIVE), severities and scan target tags; state as an array', async () => {
    const ids = await insertAlerts(t.vigil.db, [
      { organizationId: alice.organizationId, scanTargetId: taggedTarget, rule: 'fx-key-unrotated', resource: 'k1', severity: 'MEDIUM', state: 'OPEN' },
      { organizationId: alice.organizationId, scanTargetId: taggedTarget, rule: 'fx-key-unrotated', resource: 'k2', severity: 'HIGH', state: 'IN_PROGRESS' },
      { organizationId: alice.organizationId, scanTargetId: otherTarget, rule: 'fx-key-unrotated', resource: 'k3', severity: 'MEDIUM', state: 'OPEN' },
      { organizationId: alice.organizationId, scanTargetId: target, rule: 'fx-key-unrotated', resource: 'k4', severity: 'MEDIUM', state: 'OPEN' },
      {
        organizationId: alice.organizationId,
        scanTargetId: target,
        rule: 'fx-key-unrotated',
        resource: 'k5',
        severity: 'MEDIUM',
        state: 'CLOSED',
        resolvedAt: new Date(),
      },
    ]);
    const count = async (condition: object) => (await batch({ state: ['MITIGATING_CONTROL'], condition: { dryRun: true, ...condition } })).body.count;
    expect(await count({ rules: ['fx-key-unrotated'] })).toBe(5); // CLOSED matches too (it would reopen)
    expect(await count({ selection: { alertIds: [ids[0], ids[4]] } })).toBe(2);
    expect(await count({ selection: { rules: ['fx-key-unrotated'] }, severities: ['MEDIUM'] })).toBe(4);
    expect(await count({ rules: ['fx-key-unrotated'], states: ['IN_PROGRESS'] })).toBe(1);
    expect(await count({ rules: ['fx-key-unrotated'], states: 'ACTIVE' })).toBe(4);
    expect(await count({ rules: ['fx-key-unrotated'], scanTargetTags: ['prod'] })).toBe(2);
    expect(await count({ rules: ['fx-key-unrotated'], scanTargetTags: ['prod'], includeEmptyScanTargetTags: true })).toBe(4);
    expect(await count({ rules: ['fx-key-unrotated'], scanTargetIds: [otherTarget] })).toBe(1);
    const real = await batch({
      state: ['MITIGATING_CONTROL', 'OPEN'],
      comment: null,
      condition: { dryRun: false, selection: { alertIds: [ids[0], ids[1]], rules: null } },
    });
    expect(real.body).toEqual({ count: 2, dryRun: false, remaining: 0 });
    const after = await t.rest('GET', `/alerts/${ids[1]}`, { key: alice.apiKey });
    expect(after.body).toMatchObject({ state: 'MITIGATING_CONTROL', version: 2 });
  });

  it('refuses CLOSED and unknown states, a missing state, read-only members, followers and strangers', async () => {
    const condition = { dryRun: true };
    for (const state of ['CLOSED', ['CLOSED'], 'NOPE', [], null]) {
      const res = await batch({ state, condition });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/state/);
    }
    expect((await batch({ state: 'OPEN', condition }, reader.apiKey)).status).toBe(403);
    expect((await batch({ state: 'OPEN', condition }, follower.apiKey)).status).toBe(404);
    expect((await batch({ state: 'OPEN', condition }, stranger.apiKey)).status).toBe(404);
    expect((await batch({ state: 'OPEN', condition: { dryRun: true, severities: ['BAD'] } })).status).toBe(400);
  });
});
