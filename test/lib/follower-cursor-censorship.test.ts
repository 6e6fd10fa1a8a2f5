import { randomBytes, randomUUID } from 'node:crypto';
import { ALERT_ORDERS, enumName } from '../../lib/vocabulary';
import { addReadOnlyMember, alertsSubgraph, createScanTarget, follow, insertAlerts, insertRules } from '../support/alert-fixtures';
import { type Account, type HttpResult, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * Issue #10 item 2: what a follower cannot see must not leak through what it can ask for — cursors
 * (readable base64 JSON holding the last row's hidden `resource`), orders, filters and searches on
 * hidden fields (the followed organization's scan target tags), and the followed organization's
 * member ids in history records. Every cursor Vigil issues is opaque, tamper-proof and bound to its
 * list and organization: anything else is a 400 naming `cursor`, never a 500.
 */
let t: TestVigil;
let owner: Account;
let member: Account;
let follower: Account;
let otherFollower: Account;
let alertIds: string[];
/** The follower also follows a second organization: its lists merge two organizations' alerts. */
let secondOrgAlertIds: string[];
let updatedAlertId: string;

/** Hidden resources, in the reverse order of their alerts' ids: a list by resource and a list by id differ. */
const HIDDEN = ['zz-vault.secret.internal', 'yy-payroll.secret.internal', 'xx-ledger.secret.internal', 'ww-backup.secret.internal', 'vv-keys.secret.internal'];
const HIDDEN_TAG = 'crown-jewels';

function expectOpaque(cursor: string) {
  const bytes = Buffer.from(cursor, 'base64url');
  for (const text of [cursor, bytes.toString('utf8'), bytes.toString('latin1')]) {
    expect(text).not.toContain('secret');
    for (const id of [...alertIds, ...secondOrgAlertIds]) expect(text).not.toContain(id);
  }
  expect(() => JSON.parse(bytes.toString('utf8'))).toThrow();
}

const q = (cursor: string | null | undefined) => (cursor ? `&cursor=${encodeURIComponent(cursor)}` : '');

/** Every page of a REST cursor list at size 1: the ids in order and every cursor handed out. */
async function pageAll(path: string, body: object, key: string): Promise<{ ids: string[]; cursors: string[] }> {
  const ids: string[] = [];
  const cursors: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const res: HttpResult = await t.rest('POST', `${path}?size=1${q(cursor)}`, { key, body });
    expect(res.status).toBe(200);
    ids.push(...res.body.data.map((a: { id: string }) => a.id));
    cursor = res.body.cursor;
    if (!cursor) break;
    cursors.push(cursor);
  }
  return { ids, cursors };
}

beforeAll(async () => {
  t = await startTestVigil();
  owner = await t.bootstrap('olga@owner.example', 'Owner Org');
  member = await addReadOnlyMember(t, 'mia@owner.example', owner.organizationId);
  follower = await t.bootstrap('fay@follower.example', 'Follower Org');
  otherFollower = await t.bootstrap('finn@other.example', 'Other Follower Org');
  await follow(t.vigil.db, follower.organizationId, owner.organizationId);
  await follow(t.vigil.db, otherFollower.organizationId, owner.organizationId);
  await insertRules(t.vigil.db);
  const tagged = await createScanTarget(t.vigil.db, owner.organizationId, { name: 'vault account', tags: [HIDDEN_TAG] });
  const untagged = await createScanTarget(t.vigil.db, owner.organizationId, { name: 'sandbox' });
  const ids = Array.from({ length: HIDDEN.length }, () => randomUUID()).sort();
  const rules = ['fx-root-mfa', 'fx-bucket-public', 'fx-key-unrotated', 'fx-volume-unencrypted', 'fx-tls-info'];
  const hours = (h: number) => new Date(Date.now() - h * 3_600_000);
  alertIds = await insertAlerts(
    t.vigil.db,
    HIDDEN.map((resource, i) => ({
      id: ids[i],
      organizationId: owner.organizationId,
      scanTargetId: i < 3 ? tagged : untagged,
      rule: rules[i],
      resource,
      severity: ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO'][i],
      metadata: { arn: `arn:${resource}` },
      enrichment: { evidence: `seen ${resource}` },
      createdAt: hours(10 - i),
    })),
  );
  updatedAlertId = alertIds[0];
  const second = await t.bootstrap('sid@second.example', 'Second Org');
  await follow(t.vigil.db, follower.organizationId, second.organizationId);
  const secondTarget = await createScanTarget(t.vigil.db, second.organizationId, { name: 'second' });
  secondOrgAlertIds = await insertAlerts(t.vigil.db, [
    {
      organizationId: second.organizationId,
      scanTargetId: secondTarget,
      rule: 'fx-key-unrotated',
      resource: 'aa-second.secret.internal',
      severity: 'HIGH',
      createdAt: hours(3),
    },
    {
      organizationId: second.organizationId,
      scanTargetId: secondTarget,
      rule: 'fx-tls-info',
      resource: 'ab-second.secret.internal',
      severity: 'LOW',
      createdAt: hours(2),
    },
  ]);
  // A history UPDATE by the owner's member (its userId) and events in the logs.
  const updated = await t.rest('PUT', `/organizations/${owner.organizationId}/scantargets/${tagged}/alerts/${updatedAlertId}`, {
    key: owner.apiKey,
    body: { state: 'RISK_ACCEPTED', labels: ['accepted'], comment: 'private note' },
  });
  expect(updated.status).toBe(200);
}, 120_000);
afterAll(() => t.close());

describe('a follower paging one alert at a time learns no hidden value', () => {
  it('gets opaque cursors in every order and sort, REST and GraphQL', async () => {
    for (const order of ALERT_ORDERS) {
      for (const sort of ['ASC', 'DESC']) {
        const { ids, cursors } = await pageAll(`/organizations/${follower.organizationId}/followings/alerts`, { order, sort }, follower.apiKey);
        expect(new Set(ids).size).toBe(HIDDEN.length + secondOrgAlertIds.length);
        expect(cursors).toHaveLength(ids.length - 1);
        cursors.forEach(expectOpaque);
      }
      const gql = await t.graphql(
        `query($o: ID!, $order: AlertOrder) { followingAlerts(organizationId: $o, order: $order, first: 1) { edges { cursor node { id resource } } pageInfo { endCursor } } }`,
        { o: follower.organizationId, order: enumName(order) },
        follower.apiKey,
      );
      expect(gql.body.errors).toBeUndefined();
      expectOpaque(gql.body.data.followingAlerts.pageInfo.endCursor);
      expectOpaque(gql.body.data.followingAlerts.edges[0].cursor);
    }
  });

  it('sees a list "by resource" in id order (every resource it sees is [censored]), keyset and legacy', async () => {
    const byId = [...alertIds, ...secondOrgAlertIds].sort();
    for (const [sort, expected] of [
      ['ASC', byId],
      ['DESC', [...byId].reverse()],
    ] as const) {
      const keyset = await pageAll(`/organizations/${follower.organizationId}/followings/alerts`, { order: 'resource', sort }, follower.apiKey);
      expect(keyset.ids).toEqual(expected);
      const legacy = await t.rest('POST', '/alerts/following', {
        key: follower.apiKey,
        body: { organizationId: follower.organizationId, order: 'resource', sort, page: 1, pageSize: 100 },
      });
      expect(legacy.status).toBe(200);
      expect(legacy.body.data.map((a: { id: string }) => a.id)).toEqual(expected);
      // The page-numbered list is REST's (hidden from the public schema): read on the subgraph.
      const gql = await alertsSubgraph(
        t,
        follower,
        `query($o: ID!, $sort: Sort) { followingAlertsByPage(organizationId: $o, order: RESOURCE, sort: $sort, page: 1, pageSize: 100) { data { id alertId } } }`,
        { o: follower.organizationId, sort },
      );
      // The follower's censored view has its own cache identity (followed:<alert id>); alertId is the alert's.
      const followed = gql.body.data.followingAlertsByPage.data as Array<{ id: string; alertId: string }>;
      expect(followed.map((a) => a.alertId)).toEqual(expected);
      expect(followed.length).toBeGreaterThan(0);
      expect(followed.every((a) => a.id === `followed:${a.alertId}`)).toBe(true);
    }
    // A member still sorts by the real resource (the hidden names sort against the ids).
    const own = await pageAll(`/organizations/${owner.organizationId}/alerts`, { order: 'resource', sort: 'ASC' }, member.apiKey);
    expect(own.ids).toEqual([...alertIds].sort().reverse());
  });

  it('gets opaque cursors from grouped lists, history lists and the event log', async () => {
    const grouped = await t.rest('POST', `/organizations/${follower.organizationId}/followings/alerts/rules?pageSize=1`, {
      key: follower.apiKey,
      body: { order: 'rule' },
    });
    expectOpaque(grouped.body.cursor);
    const history = await t.rest('POST', '/alerts/history/following', { key: follower.apiKey, body: { organizationId: follower.organizationId, pageSize: 1 } });
    expectOpaque(history.body.data[0].cursor);
    const one = await t.rest('GET', `/alerts/${updatedAlertId}/history?size=1`, { key: follower.apiKey });
    expectOpaque(one.body.cursor);
    const events = await t.rest('GET', `/organizations/${follower.organizationId}/events?size=1`, { key: follower.apiKey });
    expect(events.status).toBe(200);
    expectOpaque(events.body.cursor);
  });
});

/** One kind of cursor: who reads it, and the list read through REST and GraphQL with a given cursor. */
interface CursorKind {
  name: string;
  key: () => string;
  first: () => Promise<string>;
  rest: (cursor: string) => Promise<HttpResult>;
  graphql: (cursor: string) => Promise<HttpResult>;
  /** A readable cursor in the form Vigil used to issue (base64url JSON), pointing at the start. */
  forged: () => string;
}

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

const KINDS: CursorKind[] = [
  {
    name: 'alerts',
    key: () => member.apiKey,
    first: async () => (await t.rest('POST', `/organizations/${owner.organizationId}/alerts?size=1`, { key: member.apiKey, body: {} })).body.cursor,
    rest: (c) => t.rest('POST', `/organizations/${owner.organizationId}/alerts?size=1${q(c)}`, { key: member.apiKey, body: {} }),
    graphql: (c) =>
      t.graphql(
        `query($o: ID!, $c: String) { alerts(organizationId: $o, first: 1, after: $c) { pageInfo { endCursor } } }`,
        { o: owner.organizationId, c },
        member.apiKey,
      ),
    forged: () => b64(['a', 'severity', 'DESC', '9', '00000000-0000-0000-0000-000000000000']),
  },
  {
    name: 'followingAlerts',
    key: () => follower.apiKey,
    first: async () =>
      (await t.rest('POST', `/organizations/${follower.organizationId}/followings/alerts?size=1`, { key: follower.apiKey, body: {} })).body.cursor,
    rest: (c) => t.rest('POST', `/organizations/${follower.organizationId}/followings/alerts?size=1${q(c)}`, { key: follower.apiKey, body: {} }),
    graphql: (c) =>
      t.graphql(
        `query($o: ID!, $c: String) { followingAlerts(organizationId: $o, first: 1, after: $c) { pageInfo { endCursor } } }`,
        { o: follower.organizationId, c },
        follower.apiKey,
      ),
    forged: () => b64(['a', 'severity', 'DESC', '9', '00000000-0000-0000-0000-000000000000']),
  },
  {
    name: 'alertsByRule',
    key: () => member.apiKey,
    first: async () => (await t.rest('POST', `/organizations/${owner.organizationId}/alerts/rules?pageSize=1`, { key: member.apiKey, body: {} })).body.cursor,
    rest: (c) => t.rest('POST', `/organizations/${owner.organizationId}/alerts/rules?pageSize=1${q(c)}`, { key: member.apiKey, body: {} }),
    graphql: (c) =>
      t.graphql(
        `query($o: ID!, $c: String) { alertsByRule(organizationId: $o, first: 1, after: $c) { pageInfo { endCursor } } }`,
        { o: owner.organizationId, c },
        member.apiKey,
      ),
    forged: () => b64(['g', 'total', 'DESC', '9', 'a']),
  },
  {
    name: 'followingAlertsByRule',
    key: () => follower.apiKey,
    first: async () =>
      (await t.rest('POST', `/organizations/${follower.organizationId}/followings/alerts/rules?pageSize=1`, { key: follower.apiKey, body: {} })).body.cursor,
    rest: (c) => t.rest('POST', `/organizations/${follower.organizationId}/followings/alerts/rules?pageSize=1${q(c)}`, { key: follower.apiKey, body: {} }),
    graphql: (c) =>
      t.graphql(
        `query($o: ID!, $c: String) { followingAlertsByRule(organizationId: $o, first: 1, after: $c) { pageInfo { endCursor } } }`,
        { o: follower.organizationId, c },
        follower.apiKey,
      ),
    forged: () => b64(['g', 'total', 'DESC', '9', 'a']),
  },
  {
    name: 'alertHistory',
    key: () => member.apiKey,
    first: async () =>
      (await t.rest('POST', '/alerts/history', { key: member.apiKey, body: { organizationId: owner.organizationId, pageSize: 1 } })).body.cursor,
    rest: (c) => t.rest('POST', '/alerts/history', { key: member.apiKey, body: { organizationId: owner.organizationId, pageSize: 1, cursor: c } }),
    graphql: (c) =>
      t.graphql(
        `query($o: ID!, $c: String) { alertHistory(organizationId: $o, first: 1, after: $c) { pageInfo { endCursor } } }`,
        { o: owner.organizationId, c },
        member.apiKey,
      ),
    forged: () => b64(['h', '0']),
  },
  {
    name: 'followingAlertHistory',
    key: () => follower.apiKey,
    first: async () =>
      (await t.rest('POST', '/alerts/history/following', { key: follower.apiKey, body: { organizationId: follower.organizationId, pageSize: 1 } })).body.cursor,
    rest: (c) =>
      t.rest('POST', '/alerts/history/following', { key: follower.apiKey, body: { organizationId: follower.organizationId, pageSize: 1, cursor: c } }),
    graphql: (c) =>
      t.graphql(
        `query($o: ID!, $c: String) { followingAlertHistory(organizationId: $o, first: 1, after: $c) { pageInfo { endCursor } } }`,
        { o: follower.organizationId, c },
        follower.apiKey,
      ),
    forged: () => b64(['h', '0']),
  },
  {
    name: 'alertHistoryOf',
    key: () => member.apiKey,
    first: async () => (await t.rest('GET', `/alerts/${updatedAlertId}/history?size=1`, { key: member.apiKey })).body.cursor,
    rest: (c) => t.rest('GET', `/alerts/${updatedAlertId}/history?size=1${q(c)}`, { key: member.apiKey }),
    graphql: (c) =>
      t.graphql(
        `query($a: ID!, $c: String) { alertHistoryOf(alertId: $a, first: 1, after: $c) { pageInfo { endCursor } } }`,
        { a: updatedAlertId, c },
        member.apiKey,
      ),
    forged: () => b64(['h', '0']),
  },
  {
    name: 'events',
    key: () => owner.apiKey,
    first: async () => (await t.rest('GET', `/organizations/${owner.organizationId}/events?size=1`, { key: owner.apiKey })).body.cursor,
    rest: (c) => t.rest('GET', `/organizations/${owner.organizationId}/events?size=1${q(c)}`, { key: owner.apiKey }),
    graphql: (c) =>
      t.graphql(
        `query($o: ID!, $c: String) { events(organizationId: $o, first: 1, after: $c) { pageInfo { endCursor } } }`,
        { o: owner.organizationId, c },
        owner.apiKey,
      ),
    forged: () => b64('0'),
  },
];

function tamper(cursor: string): string {
  const i = Math.floor(cursor.length / 2);
  return cursor.slice(0, i) + (cursor[i] === 'A' ? 'B' : 'A') + cursor.slice(i + 1);
}

/** REST: 400 in the spec's shape naming cursor; GraphQL (`how` starting with GraphQL): BAD_REQUEST with field cursor. */
function expectCursorRefused(res: HttpResult, how: string) {
  if (how.startsWith('GraphQL')) {
    const error = res.body.errors?.[0]?.extensions;
    expect({ how, code: error?.code, field: error?.field }).toEqual({ how, code: 'BAD_REQUEST', field: 'cursor' });
  } else {
    expect({ how, status: res.status }).toEqual({ how, status: 400 });
    expect(res.body).toEqual({ statusCode: 400, error: 'BadRequest', message: expect.stringMatching(/cursor/) });
  }
}

describe('every cursor kind refuses what Vigil did not issue for that list', () => {
  it.each(KINDS.map((k) => [k.name, k]))(
    '%s: tampered, truncated, re-encoded, random, forged and foreign cursors are a 400 naming cursor (REST and GraphQL)',
    async (_name, kind) => {
      const valid = await kind.first();
      expect(typeof valid).toBe('string');
      // The positive control: the cursor as issued continues the list.
      expect((await kind.rest(valid)).status).toBe(200);
      expect((await kind.graphql(valid)).body.errors).toBeUndefined();
      const foreignKind = KINDS[(KINDS.indexOf(kind) + 1) % KINDS.length];
      const variants: Record<string, string> = {
        tampered: tamper(valid),
        truncated: valid.slice(0, -3),
        'standard base64': Buffer.from(valid, 'base64url').toString('base64'),
        random: randomBytes(60).toString('base64url'),
        'readable JSON (the old form)': kind.forged(),
        [`from ${foreignKind.name}`]: await foreignKind.first(),
      };
      // A cursor with neither '-' nor '_' and no padding is the same text in standard base64 (1 run in ~20
      // for the short grouped-list cursors): then there is no other spelling to refuse.
      if (variants['standard base64'] === valid) delete variants['standard base64'];
      for (const [how, cursor] of Object.entries(variants)) {
        expectCursorRefused(await kind.rest(cursor), `REST ${how}`);
        expectCursorRefused(await kind.graphql(cursor), `GraphQL ${how}`);
      }
    },
  );

  it("refuses a member's cursor replayed by a follower, and one follower's cursor replayed by another", async () => {
    const body = { order: 'createdAt', sort: 'DESC' };
    const memberPage = await t.rest('POST', `/organizations/${owner.organizationId}/alerts?size=1`, { key: member.apiKey, body });
    const replayed = await t.rest('POST', `/organizations/${follower.organizationId}/followings/alerts?size=1${q(memberPage.body.cursor)}`, {
      key: follower.apiKey,
      body,
    });
    expectCursorRefused(replayed, 'member list → following list');
    const memberHistory = await t.rest('POST', '/alerts/history', { key: member.apiKey, body: { organizationId: owner.organizationId, pageSize: 1 } });
    const replayedHistory = await t.rest('POST', '/alerts/history/following', {
      key: follower.apiKey,
      body: { organizationId: follower.organizationId, pageSize: 1, cursor: memberHistory.body.cursor },
    });
    expectCursorRefused(replayedHistory, 'member history → following history');
    const memberOne = await t.rest('GET', `/alerts/${updatedAlertId}/history?size=1`, { key: member.apiKey });
    expectCursorRefused(
      await t.rest('GET', `/alerts/${updatedAlertId}/history?size=1${q(memberOne.body.cursor)}`, { key: follower.apiKey }),
      "member's alert history → follower",
    );
    const followerPage = await t.rest('POST', `/organizations/${follower.organizationId}/followings/alerts?size=1`, { key: follower.apiKey, body });
    const other = await t.rest('POST', `/organizations/${otherFollower.organizationId}/followings/alerts?size=1${q(followerPage.body.cursor)}`, {
      key: otherFollower.apiKey,
      body,
    });
    expectCursorRefused(other, 'follower → other follower');
    // The same cursor still works for the one it was issued to.
    expect(
      (await t.rest('POST', `/organizations/${follower.organizationId}/followings/alerts?size=1${q(followerPage.body.cursor)}`, { key: follower.apiKey, body }))
        .status,
    ).toBe(200);
  });
});

describe("a follower's filters and searches never touch hidden values", () => {
  const followingLists = () => [
    (body: object) => t.rest('POST', `/organizations/${follower.organizationId}/followings/alerts`, { key: follower.apiKey, body }),
    (body: object) => t.rest('POST', `/organizations/${follower.organizationId}/followings/alerts/rules`, { key: follower.apiKey, body }),
    (body: object) => t.rest('POST', '/alerts/following', { key: follower.apiKey, body: { organizationId: follower.organizationId, ...body } }),
    (body: object) => t.rest('POST', '/alerts/rules/following', { key: follower.apiKey, body: { organizationId: follower.organizationId, ...body } }),
  ];

  it('gets the same 400 for a right and a wrong guess of a hidden scan target tag, in every following list', async () => {
    for (const list of followingLists()) {
      for (const body of [
        { scanTargetTags: [HIDDEN_TAG] },
        { scanTargetTags: ['wrong-guess'] },
        { scanTargetTags: [HIDDEN_TAG], includeEmptyScanTargetTags: true },
      ]) {
        const res = await list(body);
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/followers cannot filter by scanTargetTags/);
      }
      const empty = await list({ includeEmptyScanTargetTags: true });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toMatch(/includeEmptyScanTargetTags/);
      // Absent, null and false stay accepted (clients send them).
      expect((await list({ scanTargetTags: null, includeEmptyScanTargetTags: false })).status).toBe(200);
    }
    for (const filter of [{ scanTargetTags: [HIDDEN_TAG] }, { scanTargetTags: ['wrong-guess'] }]) {
      const gql = await t.graphql(
        `query($o: ID!, $f: AlertFilter) { followingAlertSummary(organizationId: $o, filter: $f) { total } }`,
        { o: follower.organizationId, f: filter },
        follower.apiKey,
      );
      expect(gql.body.errors?.[0].extensions).toEqual({ code: 'BAD_REQUEST', field: 'scanTargetTags' });
    }
    // The same answer for an organization that follows nobody: the filter is refused, not evaluated.
    const loner = await t.bootstrap('lou@loner.example', 'Loner Org');
    const lonely = await t.rest('POST', `/organizations/${loner.organizationId}/followings/alerts`, {
      key: loner.apiKey,
      body: { scanTargetTags: [HIDDEN_TAG] },
    });
    expect(lonely.status).toBe(400);
    // Members filter by their own tags as before.
    const own = await t.rest('POST', `/organizations/${owner.organizationId}/alerts?size=100`, { key: member.apiKey, body: { scanTargetTags: [HIDDEN_TAG] } });
    expect(own.body.data).toHaveLength(3);
  });

  it('finds nothing by searching a hidden value: the answer is that of a search matching nothing', async () => {
    for (const search of ['secret.internal', 'zz-vault', 'arn:', 'seen ']) {
      const res = await t.rest('POST', `/organizations/${follower.organizationId}/followings/alerts?size=100`, { key: follower.apiKey, body: { search } });
      expect(res.body).toEqual({ data: [], cursor: null });
      const gql = await t.graphql(
        `query($o: ID!, $f: AlertFilter) { followingAlertSummary(organizationId: $o, filter: $f) { total } }`,
        { o: follower.organizationId, f: { search } },
        follower.apiKey,
      );
      expect(gql.body.data.followingAlertSummary.total).toBe(0);
    }
    // Visible fields stay searchable (the rule title).
    const byTitle = await t.rest('POST', `/organizations/${follower.organizationId}/followings/alerts?size=100`, {
      key: follower.apiKey,
      body: { search: 'Root account' },
    });
    expect(byTitle.body.data.map((a: { id: string }) => a.id)).toEqual([updatedAlertId]);
  });
});

describe("history records do not name the followed organization's members", () => {
  it('shows the owner who changed an alert, and the follower null, in every history path', async () => {
    const ownerView = await t.rest('GET', `/alerts/${updatedAlertId}/history?page=1&pageSize=100`, { key: member.apiKey });
    expect(ownerView.body.data.map((r: { userId: string | null }) => r.userId)).toContain(owner.userId);

    const one = await t.rest('GET', `/alerts/${updatedAlertId}/history?page=1&pageSize=100`, { key: follower.apiKey });
    const list = await t.rest('POST', '/alerts/history/following', { key: follower.apiKey, body: { organizationId: follower.organizationId, pageSize: 100 } });
    const unpaged = await t.rest('GET', `/alerts/${updatedAlertId}/history`, { key: follower.apiKey });
    const gql = await t.graphql(
      `query($a: ID!, $o: ID!) { alertHistoryOf(alertId: $a, first: 100) { nodes { userId } } followingAlertHistory(organizationId: $o, first: 100) { nodes { userId } } }`,
      { a: updatedAlertId, o: follower.organizationId },
      follower.apiKey,
    );
    expect(gql.body.errors).toBeUndefined();
    const records = [...one.body.data, ...list.body.data, ...unpaged.body, ...gql.body.data.alertHistoryOf.nodes, ...gql.body.data.followingAlertHistory.nodes];
    expect(records.length).toBeGreaterThan(HIDDEN.length);
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r: { userId: string | null }) => r.userId === null)).toBe(true);
    const events = await t.rest('GET', `/organizations/${follower.organizationId}/events?size=1000`, { key: follower.apiKey });
    expect(events.body.data.length).toBeGreaterThan(0);
    expect(JSON.stringify([one.body, list.body, unpaged.body, gql.body, events.body])).not.toContain(owner.userId);
  });
});
