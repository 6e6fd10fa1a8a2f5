import { Kind, type ObjectTypeDefinitionNode, type ObjectTypeExtensionNode, parse } from 'graphql';
import { subgraphSdl } from '../../../schema/compose';
import {
  addReadOnlyMember,
  alertsSubgraph,
  createScanTarget,
  FIXTURE_RULES,
  type FixtureAlert,
  follow,
  insertAlerts,
  insertRules,
} from '../../support/alert-fixtures';
import { responseChecker } from '../../support/openapi';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

let t: TestVigil;
let alice: Account; // ADMIN of Alice Corp, which owns the alerts
let member: Account; // read-only member of Alice Corp
let stranger: Account;
let follower: Account; // ADMIN of an organization that follows Alice Corp
let awsProd: string;
let gcpUntagged: string;
let domainDev: string;
let alerts: Array<FixtureAlert & { id: string }>;

const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO'];
const STATES = ['OPEN', 'IN_PROGRESS', 'RISK_ACCEPTED', 'MITIGATING_CONTROL', 'FALSE_POSITIVE', 'CLOSED'];
const BASE = Date.UTC(2025, 0, 1);
const hours = (n: number) => new Date(BASE + n * 3600_000);

beforeAll(async () => {
  t = await startTestVigil();
  alice = await t.bootstrap('alice@example.com', 'Alice Corp');
  member = await addReadOnlyMember(t, 'reader@example.com', alice.organizationId);
  stranger = await t.bootstrap('eve@example.com', 'Eve Ltd');
  follower = await t.bootstrap('fred@example.com', 'Fred Follows');
  await follow(t.vigil.db, follower.organizationId, alice.organizationId);
  await insertRules(t.vigil.db);
  awsProd = await createScanTarget(t.vigil.db, alice.organizationId, { name: 'aws prod', kind: 'AWS', tags: ['prod', 'eu'] });
  gcpUntagged = await createScanTarget(t.vigil.db, alice.organizationId, { name: 'gcp', kind: 'GCP' });
  domainDev = await createScanTarget(t.vigil.db, alice.organizationId, { name: 'site', kind: 'DOMAIN', tags: ['dev'] });
  const targets = [awsProd, gcpUntagged, domainDev];
  const fixtures: FixtureAlert[] = [];
  for (let i = 0; i < 30; i++) {
    const state = STATES[i % 6];
    fixtures.push({
      organizationId: alice.organizationId,
      scanTargetId: targets[i % 3],
      rule: FIXTURE_RULES[i % 5].id,
      severity: SEVERITIES[(i * 7) % 5],
      state,
      resource: `bucket-${String((i * 11) % 30).padStart(2, '0')}`,
      createdAt: hours(i),
      updatedAt: hours(100 - i),
      // Every fourth alert has no openedAt; closed ones have a resolvedAt, some equal to force id tie-breaks.
      openedAt: i % 4 === 0 ? null : hours(i + 1),
      resolvedAt: state === 'CLOSED' ? hours(200 + (i % 2)) : null,
    });
  }
  // Same sort keys on purpose: ties broken by id.
  fixtures.push({
    organizationId: alice.organizationId,
    scanTargetId: gcpUntagged,
    rule: 'fx-root-mfa',
    severity: 'CRITICAL',
    state: 'OPEN',
    resource: 'bucket-00',
    createdAt: hours(5),
    updatedAt: hours(5),
  });
  const ids = await insertAlerts(t.vigil.db, fixtures);
  alerts = fixtures.map((f, i) => ({ ...f, id: ids[i] }));
  // An alert of another organization never shows up in Alice's lists.
  const eveTarget = await createScanTarget(t.vigil.db, stranger.organizationId);
  await insertAlerts(t.vigil.db, [
    { organizationId: stranger.organizationId, scanTargetId: eveTarget, rule: 'fx-root-mfa', resource: 'eve-bucket', severity: 'CRITICAL' },
  ]);
}, 120_000);
afterAll(() => t.close());

const list = (body: object, query = '', key = alice.apiKey, org = alice.organizationId) =>
  t.rest('POST', `/organizations/${org}/alerts${query}`, { key, body });

/** Every page of a list, following cursors. */
async function all(body: object, size: number, path = `/organizations/${alice.organizationId}/alerts`): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res: { status: number; body: { data: Array<{ id: string }>; cursor: string | null } } = await t.rest(
      'POST',
      `${path}?size=${size}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { key: alice.apiKey, body },
    );
    expect(res.status).toBe(200);
    ids.push(...res.body.data.map((a) => a.id));
    cursor = res.body.cursor;
    pages++;
    expect(pages).toBeLessThan(100);
  } while (cursor);
  return { ids, pages };
}

const SEVERITY_RANK: Record<string, number> = { CRITICAL: 5, HIGH: 4, MEDIUM: 3, LOW: 2, INFO: 1 };
const STATE_RANK: Record<string, number> = { OPEN: 1, IN_PROGRESS: 2, RISK_ACCEPTED: 3, MITIGATING_CONTROL: 4, FALSE_POSITIVE: 5, CLOSED: 6 };
const INF = Number.POSITIVE_INFINITY;
const KEY: Record<string, (a: FixtureAlert & { id: string }) => string | number> = {
  scanTargetId: (a) => a.scanTargetId,
  resource: (a) => a.resource,
  rule: (a) => a.rule,
  severity: (a) => SEVERITY_RANK[a.severity!],
  state: (a) => STATE_RANK[a.state!],
  openedAt: (a) => (a.openedAt === null ? INF : (a.openedAt ?? a.createdAt!).getTime()),
  resolvedAt: (a) => (a.resolvedAt ? a.resolvedAt.getTime() : INF),
  createdAt: (a) => a.createdAt!.getTime(),
  updatedAt: (a) => (a.updatedAt ?? a.createdAt!).getTime(),
};

function expected(order: string, sort: 'ASC' | 'DESC', filter: (a: FixtureAlert) => boolean = () => true): string[] {
  const cmp = (x: string | number, y: string | number) => (x < y ? -1 : x > y ? 1 : 0);
  const sorted = alerts.filter(filter).sort((a, b) => cmp(KEY[order](a), KEY[order](b)) || cmp(a.id, b.id));
  const ids = sorted.map((a) => a.id);
  return sort === 'ASC' ? ids : ids.reverse();
}

describe('POST /organizations/{organizationId}/alerts: order, sort and keyset paging', () => {
  it.each(
    Object.keys(KEY).flatMap(
      (order) =>
        [
          [order, 'ASC'],
          [order, 'DESC'],
        ] as const,
    ),
  )('order %s %s pages through every alert exactly once in order', async (order, sort) => {
    const { ids, pages } = await all({ order, sort }, 7);
    expect(ids).toEqual(expected(order, sort));
    expect(pages).toBe(Math.ceil(alerts.length / 7));
  });

  it('pages state and severity orders filtered by states and severities (the filter bounds the rank range)', async () => {
    for (const sort of ['ASC', 'DESC'] as const) {
      const byState = await all({ order: 'state', sort, states: ['IN_PROGRESS', 'FALSE_POSITIVE'] }, 2);
      expect(byState.ids).toEqual(expected('state', sort, (a) => ['IN_PROGRESS', 'FALSE_POSITIVE'].includes(a.state!)));
      const active = await all({ order: 'state', sort, states: ['ACTIVE'] }, 4);
      expect(active.ids).toEqual(expected('state', sort, (a) => a.state !== 'CLOSED'));
      const bySeverity = await all({ order: 'severity', sort, severities: ['HIGH', 'LOW'] }, 3);
      expect(bySeverity.ids).toEqual(expected('severity', sort, (a) => ['HIGH', 'LOW'].includes(a.severity!)));
    }
  });

  it('defaults to severity, most severe first, 25 per page', async () => {
    const res = await list({});
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(25);
    expect(res.body.data.map((a: { id: string }) => a.id)).toEqual(expected('severity', 'DESC').slice(0, 25));
    expect(typeof res.body.cursor).toBe('string');
  });

  it('returns the spec Alert fields', async () => {
    const res = await list({ rules: ['fx-root-mfa'], order: 'createdAt', sort: 'ASC' }, '?size=1');
    expect(res.body.data[0]).toEqual({
      id: expect.any(String),
      organizationId: alice.organizationId,
      scanTargetId: expect.any(String),
      rule: 'fx-root-mfa',
      ruleTitle: 'Root account without MFA',
      resource: expect.stringMatching(/^bucket-/),
      severity: expect.any(String),
      state: expect.any(String),
      version: 1,
      tags: [],
      labels: [],
      compliances: ['CIS'],
      enrichment: { evidence: expect.any(String) },
      metadata: { account: '123456789012', arn: expect.any(String) },
      openedAt: null,
      resolvedAt: null,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: expect.any(String),
      timelinessThreshold: 30,
    });
  });

  it('handles the paging edges: empty, exactly one page, size 1 and 1000, bad size, bad cursor', async () => {
    const empty = await list({ rules: ['no-such-rule'] });
    expect(empty.body).toEqual({ data: [], cursor: null });

    const exact = await list({ rules: ['fx-root-mfa'] }, '?size=7'); // 6 + the tie alert = 7
    expect(exact.body.data).toHaveLength(7);
    expect(exact.body.cursor).toBeNull();

    const one = await all({ order: 'resource', sort: 'ASC' }, 1);
    expect(one.ids).toEqual(expected('resource', 'ASC'));
    expect(one.pages).toBe(alerts.length);

    const max = await list({}, '?size=1000');
    expect(max.body.data).toHaveLength(alerts.length);
    expect(max.body.cursor).toBeNull();

    for (const size of ['0', '1001', 'abc', '2.5']) {
      const bad = await list({}, `?size=${size}`);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/size/);
    }
    for (const cursor of ['garbage', Buffer.from('[1,2]').toString('base64url'), Buffer.from('{"a":1}').toString('base64url')]) {
      const bad = await list({}, `?cursor=${cursor}`);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ statusCode: 400, error: 'BadRequest', message: expect.stringMatching(/cursor/) });
    }
    // A cursor of one order does not continue another.
    const first = await list({ order: 'rule' }, '?size=2');
    const other = await list({ order: 'resource' }, `?size=2&cursor=${first.body.cursor}`);
    expect(other.status).toBe(400);
  });

  it('keeps cursors stable while alerts are added and changed', async () => {
    const body = { order: 'createdAt', sort: 'ASC' };
    const first = await list(body, '?size=10');
    // A new alert sorting before the cursor and a change to a seen one do not shift the next page.
    const [extra] = await insertAlerts(t.vigil.db, [
      { organizationId: alice.organizationId, scanTargetId: gcpUntagged, rule: 'fx-tls-info', resource: 'late-comer', createdAt: hours(-5) },
    ]);
    await t.vigil.db.pool.query(`UPDATE alerts.alerts SET labels = '{seen}' WHERE id = $1`, [first.body.data[0].id]);
    const second = await list(body, `?size=10&cursor=${first.body.cursor}`);
    expect(second.body.data.map((a: { id: string }) => a.id)).toEqual(expected('createdAt', 'ASC').slice(10, 20));
    await t.vigil.db.pool.query(`DELETE FROM alerts.alert_history WHERE "alertId" = $1; `, [extra]);
    await t.vigil.db.pool.query(`DELETE FROM alerts.alerts WHERE id = $1`, [extra]);
    await t.vigil.db.pool.query(`UPDATE alerts.alerts SET labels = '{}' WHERE id = $1`, [first.body.data[0].id]);
  });
});

describe('POST /organizations/{organizationId}/alerts: filters', () => {
  const ids = async (body: object) => {
    const res = await list({ order: 'createdAt', sort: 'ASC', ...body }, '?size=1000');
    expect(res.status).toBe(200);
    return res.body.data.map((a: { id: string }) => a.id);
  };
  const where = (f: (a: FixtureAlert) => boolean) => expected('createdAt', 'ASC', f);

  it('filters by date ranges (inclusive; zone-less dates are UTC)', async () => {
    expect(await ids({ createdAtStart: '2025-01-01T05:00:00', createdAtEnd: '2025-01-01T09:00:00' })).toEqual(
      where((a) => a.createdAt! >= hours(5) && a.createdAt! <= hours(9)),
    );
    expect(await ids({ createdAtStart: '2025-01-01T05:00:00Z', createdAtEnd: '2025-01-01T09:00:00.000000Z' })).toEqual(
      where((a) => a.createdAt! >= hours(5) && a.createdAt! <= hours(9)),
    );
    expect(await ids({ createdAtStart: '2025-01-02' })).toEqual(where((a) => a.createdAt! >= hours(24)));
    expect(await ids({ updatedAtStart: '2025-01-04T00:00:00', updatedAtEnd: '2025-01-04T02:00:00' })).toEqual(
      where((a) => (a.updatedAt ?? a.createdAt!) >= hours(72) && (a.updatedAt ?? a.createdAt!) <= hours(74)),
    );
    expect(await ids({ openedAtStart: '2025-01-01T20:00:00' })).toEqual(where((a) => a.openedAt !== null && (a.openedAt ?? a.createdAt!) >= hours(20)));
    expect(await ids({ resolvedAtEnd: '2025-01-09T08:00:00' })).toEqual(where((a) => !!a.resolvedAt && a.resolvedAt <= hours(200)));
    const bad = await list({ createdAtStart: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/createdAtStart/);
  });

  it('filters by rules, scan targets, kinds, tags (with or without untagged targets)', async () => {
    expect(await ids({ rules: ['fx-root-mfa', 'fx-tls-info'] })).toEqual(where((a) => ['fx-root-mfa', 'fx-tls-info'].includes(a.rule)));
    expect(await ids({ scanTargetIds: [gcpUntagged] })).toEqual(where((a) => a.scanTargetId === gcpUntagged));
    expect(await ids({ scanTargetKinds: ['DOMAIN', 'GCP'] })).toEqual(where((a) => a.scanTargetId !== awsProd));
    expect(await ids({ scanTargetTags: ['prod'] })).toEqual(where((a) => a.scanTargetId === awsProd));
    expect(await ids({ scanTargetTags: ['prod'], includeEmptyScanTargetTags: true })).toEqual(where((a) => a.scanTargetId !== domainDev));
    expect(await ids({ scanTargetTags: ['prod'], includeEmptyScanTargetTags: false })).toEqual(where((a) => a.scanTargetId === awsProd));
    const badKind = await list({ scanTargetKinds: ['MAINFRAME'] });
    expect(badKind.status).toBe(400);
    expect(badKind.body.message).toMatch(/scanTargetKinds/);
    const badId = await list({ scanTargetIds: ['not-a-uuid'] });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toMatch(/scanTargetIds/);
  });

  it('filters by severities and states (single values, ACTIVE = all but CLOSED); unknown values are 400', async () => {
    expect(await ids({ severities: ['CRITICAL', 'LOW'] })).toEqual(where((a) => ['CRITICAL', 'LOW'].includes(a.severity!)));
    expect(await ids({ severities: 'INFO' })).toEqual(where((a) => a.severity === 'INFO'));
    expect(await ids({ states: ['OPEN', 'CLOSED'] })).toEqual(where((a) => ['OPEN', 'CLOSED'].includes(a.state!)));
    expect(await ids({ states: 'RISK_ACCEPTED' })).toEqual(where((a) => a.state === 'RISK_ACCEPTED'));
    expect(await ids({ states: ['ACTIVE'] })).toEqual(where((a) => a.state !== 'CLOSED'));
    const badSeverity = await list({ severities: ['SEVERE'] });
    expect(badSeverity.status).toBe(400);
    expect(badSeverity.body.message).toMatch(/severities/);
    const badState = await list({ states: ['DONE'] });
    expect(badState.status).toBe(400);
    expect(badState.body.message).toMatch(/states/);
    const badOrder = await list({ order: 'color' });
    expect(badOrder.status).toBe(400);
    expect(badOrder.body.message).toMatch(/order/);
    const badSort = await list({ sort: 'UP' });
    expect(badSort.status).toBe(400);
    expect(badSort.body.message).toMatch(/sort/);
  });

  it('searches rule, rule title (either language) and resource; treats null and "" as absent', async () => {
    expect(await ids({ search: 'bucket-07' })).toEqual(where((a) => a.resource === 'bucket-07'));
    expect(await ids({ search: 'KEY-UNROT' })).toEqual(where((a) => a.rule === 'fx-key-unrotated'));
    expect(await ids({ search: 'not encrypted' })).toEqual(where((a) => a.rule === 'fx-volume-unencrypted'));
    expect(await ids({ search: 'criptografado' })).toEqual(where((a) => a.rule === 'fx-volume-unencrypted'));
    expect(await ids({ search: '100%_' })).toEqual([]);
    expect(await ids({ search: '', rules: null, states: null })).toEqual(where(() => true));
  });

  it('titles follow lang', async () => {
    const pt = await list({ rules: ['fx-root-mfa'], lang: 'pt-BR' }, '?size=1');
    expect(pt.body.data[0].ruleTitle).toBe('Conta root sem MFA');
    const en = await list({ rules: ['fx-root-mfa'], lang: 'en-US' }, '?size=1');
    expect(en.body.data[0].ruleTitle).toBe('Root account without MFA');
    expect((await list({ lang: 'fr-FR' })).status).toBe(400);
  });
});

describe('who may list', () => {
  it('lets members read, and answers 404 to a stranger and to a follower on the own-alerts route', async () => {
    expect((await list({}, '', member.apiKey)).status).toBe(200);
    expect((await list({}, '', stranger.apiKey)).status).toBe(404);
    expect((await list({}, '', follower.apiKey)).status).toBe(404);
    expect((await t.rest('POST', `/organizations/${alice.organizationId}/alerts`, { body: {} })).status).toBe(401);
  });
});

describe('grouped by rule', () => {
  it('groups with counts and the worst severity, in every order, paged by pageSize or size', async () => {
    const byRule = new Map<string, { total: number; worst: number }>();
    for (const a of alerts) {
      const g = byRule.get(a.rule) ?? { total: 0, worst: 0 };
      g.total++;
      g.worst = Math.max(g.worst, SEVERITY_RANK[a.severity!]);
      byRule.set(a.rule, g);
    }
    const res = await t.rest('POST', `/organizations/${alice.organizationId}/alerts/rules?pageSize=100`, {
      key: alice.apiKey,
      body: { order: 'rule', sort: 'ASC' },
    });
    expect(res.status).toBe(200);
    expect(res.body.cursor).toBeNull();
    expect(res.body.data.map((g: { rule: string }) => g.rule)).toEqual([...byRule.keys()].sort());
    for (const g of res.body.data) {
      expect(g.total).toBe(byRule.get(g.rule)!.total);
      expect(SEVERITY_RANK[g.severity]).toBe(byRule.get(g.rule)!.worst);
      expect(g.timelinessThreshold).toBe(30);
      expect(g.ruleTitle).toBe(FIXTURE_RULES.find((r) => r.id === g.rule)!.titleEn);
    }
    for (const order of ['rule', 'severity', 'total']) {
      for (const sort of ['ASC', 'DESC']) {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const q: string = cursor ? `&cursor=${cursor}` : '';
          const page: { status: number; body: { data: Array<{ rule: string; total: number; severity: string }>; cursor: string | null } } = await t.rest(
            'POST',
            `/organizations/${alice.organizationId}/alerts/rules?size=2${q}`,
            { key: alice.apiKey, body: { order, sort } },
          );
          expect(page.status).toBe(200);
          seen.push(...page.body.data.map((g) => g.rule));
          cursor = page.body.cursor;
        } while (cursor);
        expect([...seen].sort()).toEqual([...byRule.keys()].sort());
        const key = (rule: string) => (order === 'rule' ? rule : order === 'total' ? byRule.get(rule)!.total : byRule.get(rule)!.worst);
        const sorted = [...seen].sort((a, b) => {
          const c = key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a < b ? -1 : a > b ? 1 : 0;
          return sort === 'ASC' ? c : -c;
        });
        expect(seen).toEqual(sorted);
      }
    }
    const filtered = await t.rest('POST', `/organizations/${alice.organizationId}/alerts/rules`, { key: alice.apiKey, body: { severities: ['CRITICAL'] } });
    expect(filtered.body.data.length).toBeGreaterThan(0);
    expect(filtered.body.data.every((g: { severity: string }) => g.severity === 'CRITICAL')).toBe(true);
    expect((await t.rest('POST', `/organizations/${alice.organizationId}/alerts/rules`, { key: alice.apiKey, body: { order: 'resource' } })).status).toBe(400);
    expect((await t.rest('POST', `/organizations/${alice.organizationId}/alerts/rules`, { key: stranger.apiKey, body: {} })).status).toBe(404);
  });
});

describe('history lists', () => {
  it('POST /alerts/history: body paging, a cursor on every record, only later records after a cursor, [] at the end', async () => {
    const all: Array<{ id: string; cursor: string; operation: string }> = [];
    let cursor: string | undefined;
    for (let i = 0; i < 20; i++) {
      const res = await t.rest('POST', '/alerts/history', {
        key: member.apiKey,
        body: { organizationId: alice.organizationId, pageSize: 7, ...(cursor ? { cursor } : {}), page: i + 1 },
      });
      expect(res.status).toBe(200);
      if (!res.body.data.length) break;
      for (const record of res.body.data) expect(record.cursor).toEqual(expect.any(String));
      all.push(...res.body.data);
      cursor = res.body.data[res.body.data.length - 1].cursor;
    }
    const { rows } = await t.vigil.db.pool.query(`SELECT count(*)::int AS n FROM alerts.alert_history WHERE "organizationId" = $1`, [alice.organizationId]);
    expect(all).toHaveLength(rows[0].n);
    expect(new Set(all.map((r) => r.cursor)).size).toBe(all.length);
    expect(all.filter((r) => r.operation === 'CLOSE')).toHaveLength(5);
    expect(all[0]).toMatchObject({
      id: expect.any(String),
      alertId: expect.any(String),
      organizationId: alice.organizationId,
      rule: expect.any(String),
      resource: expect.any(String),
      operation: 'CREATE',
      version: 1,
    });
    // Resuming from a record's cursor returns exactly the records after it.
    const resumed = await t.rest('POST', '/alerts/history', {
      key: alice.apiKey,
      body: { organizationId: alice.organizationId, pageSize: 1000, cursor: all[9].cursor },
    });
    expect(resumed.body.data.map((r: { cursor: string }) => r.cursor)).toEqual(all.slice(10).map((r) => r.cursor));
    // The history of new changes appears after the last cursor.
    const end = await t.rest('POST', '/alerts/history', {
      key: alice.apiKey,
      body: { organizationId: alice.organizationId, pageSize: 100, cursor: all[all.length - 1].cursor },
    });
    expect(end.body.data).toEqual([]);
    const byTarget = await t.rest('POST', '/alerts/history', {
      key: alice.apiKey,
      body: { organizationId: alice.organizationId, pageSize: 1000, scanTargetIds: [gcpUntagged], lang: 'pt-BR' },
    });
    expect(byTarget.body.data.length).toBeGreaterThan(0);
    expect(byTarget.body.data.every((r: { scanTargetId: string }) => r.scanTargetId === gcpUntagged)).toBe(true);
    expect(byTarget.body.data.some((r: { ruleTitle: string }) => r.ruleTitle === 'Conta root sem MFA')).toBe(true);
    expect(
      (await t.rest('POST', '/alerts/history', { key: alice.apiKey, body: { organizationId: alice.organizationId, pageSize: 10, cursor: 'nope' } })).status,
    ).toBe(400);
    expect((await t.rest('POST', '/alerts/history', { key: stranger.apiKey, body: { organizationId: alice.organizationId, pageSize: 10 } })).status).toBe(404);
    expect((await t.rest('POST', '/alerts/history', { key: alice.apiKey, body: { pageSize: 10 } })).status).toBe(400);
  });

  it('GET /alerts/{alertId}/history: page + pageSize (>= 100 from the SDK) or cursor + size, total always', async () => {
    const closed = alerts.find((a) => a.state === 'CLOSED')!;
    const paged = await t.rest('GET', `/alerts/${closed.id}/history?page=1&pageSize=100`, { key: member.apiKey });
    expect(paged.status).toBe(200);
    expect(paged.body.total).toBe(2);
    expect(paged.body.data.map((r: { operation: string }) => r.operation)).toEqual(['CREATE', 'CLOSE']);
    const second = await t.rest('GET', `/alerts/${closed.id}/history?page=2&pageSize=1`, { key: member.apiKey });
    expect(second.body).toMatchObject({ total: 2, cursor: null });
    expect(second.body.data.map((r: { operation: string }) => r.operation)).toEqual(['CLOSE']);
    const firstBySize = await t.rest('GET', `/alerts/${closed.id}/history?size=1`, { key: member.apiKey });
    expect(firstBySize.body.data.map((r: { operation: string }) => r.operation)).toEqual(['CREATE']);
    const next = await t.rest('GET', `/alerts/${closed.id}/history?size=1&cursor=${firstBySize.body.cursor}`, { key: member.apiKey });
    expect(next.body).toMatchObject({ total: 2, cursor: null });
    expect(next.body.data.map((r: { operation: string }) => r.operation)).toEqual(['CLOSE']);
    // The Ruby SDK sends no query and reads a bare array.
    const ruby = await t.rest('GET', `/alerts/${closed.id}/history`, { key: member.apiKey });
    expect(ruby.body.map((r: { operation: string }) => r.operation)).toEqual(['CREATE', 'CLOSE']);
    expect((await t.rest('GET', `/alerts/${closed.id}/history?page=0`, { key: member.apiKey })).status).toBe(400);
    expect((await t.rest('GET', `/alerts/${closed.id}/history`, { key: stranger.apiKey })).status).toBe(404);
  });
});

describe('get alert', () => {
  it('answers both paths for members, 404 to strangers, for unknown ids and for the wrong organization', async () => {
    const a = alerts[3];
    const short = await t.rest('GET', `/alerts/${a.id}`, { key: member.apiKey });
    expect(short.status).toBe(200);
    expect(short.body).toMatchObject({ id: a.id, resource: a.resource, organizationId: alice.organizationId, metadata: { account: '123456789012' } });
    const long = await t.rest('GET', `/organizations/${alice.organizationId}/alerts/${a.id}`, { key: alice.apiKey });
    expect(long.body).toEqual(short.body);
    expect((await t.rest('GET', `/alerts/${a.id}`, { key: stranger.apiKey })).status).toBe(404);
    expect((await t.rest('GET', `/organizations/${stranger.organizationId}/alerts/${a.id}`, { key: stranger.apiKey })).status).toBe(404);
    expect((await t.rest('GET', `/alerts/00000000-0000-4000-8000-000000000000`, { key: alice.apiKey })).status).toBe(404);
    expect((await t.rest('GET', `/alerts/nope`, { key: alice.apiKey })).status).toBe(400);
  });
});

describe('legacy page-numbered lists (Ruby 1.0.1, Python <= 2.1)', () => {
  it('POST /alerts pages by number with total, and reads PascalCase dates and a single rule', async () => {
    const p1 = await t.rest('POST', '/alerts', {
      key: alice.apiKey,
      body: { organizationId: alice.organizationId, page: 1, pageSize: 10, scanTargetIds: [], order: 'createdAt', sort: 'ASC' },
    });
    expect(p1.status).toBe(200);
    expect(p1.body.total).toBe(alerts.length);
    const p4 = await t.rest('POST', '/alerts', {
      key: alice.apiKey,
      body: { organizationId: alice.organizationId, page: 4, pageSize: 10, order: 'createdAt', sort: 'ASC' },
    });
    expect([...p1.body.data, ...p4.body.data].map((a: { id: string }) => a.id)).toEqual([
      ...expected('createdAt', 'ASC').slice(0, 10),
      ...expected('createdAt', 'ASC').slice(30),
    ]);
    const ruby = await t.rest('POST', '/alerts', {
      key: alice.apiKey,
      body: {
        organizationId: alice.organizationId,
        page: 1,
        pageSize: 100,
        scanTargetIds: [],
        rule: 'fx-root-mfa',
        CreatedAtStart: '2025-01-01T05:00:00',
        CreatedAtEnd: '2025-01-01T20:00:00',
      },
    });
    expect(ruby.body.total).toBe(alerts.filter((a) => a.rule === 'fx-root-mfa' && a.createdAt! >= hours(5) && a.createdAt! <= hours(20)).length);
    const grouped = await t.rest('POST', '/alerts/rules', {
      key: alice.apiKey,
      body: { organizationId: alice.organizationId, page: 1, pageSize: 2, scanTargetIds: [] },
    });
    expect(grouped.body.total).toBe(5);
    expect(grouped.body.data).toHaveLength(2);
    const groupedEmpty = await t.rest('POST', '/alerts/rules', { key: alice.apiKey, body: { organizationId: alice.organizationId, page: 9, pageSize: 2 } });
    expect(groupedEmpty.body).toEqual({ data: [], total: 5 });
    expect((await t.rest('POST', '/alerts', { key: stranger.apiKey, body: { organizationId: alice.organizationId, page: 1, pageSize: 10 } })).status).toBe(404);
  });
});

describe('summaries', () => {
  it('counts per scan target by severity (not CLOSED) and state, filtered', async () => {
    const res = await t.rest('POST', `/organizations/${alice.organizationId}/summaries/scantargets/details`, { key: member.apiKey, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(3);
    for (const summary of res.body.data) {
      const mine = alerts.filter((a) => a.scanTargetId === summary.scanTargetId);
      expect(summary.total).toBe(mine.length);
      expect(summary.open).toBe(mine.filter((a) => a.state !== 'CLOSED').length);
      for (const s of SEVERITIES) expect(summary.severities[s]).toBe(mine.filter((a) => a.state !== 'CLOSED' && a.severity === s).length);
      for (const s of STATES) expect(summary.states[s]).toBe(mine.filter((a) => a.state === s).length);
    }
    expect(res.body.totals.total).toBe(alerts.length);
    const narrowed = await t.rest('POST', `/organizations/${alice.organizationId}/summaries/scantargets/details`, {
      key: member.apiKey,
      body: { scanTargetKinds: ['AWS', 'GCP'], scanTargetTags: ['prod'], includeEmptyScanTargetTags: true, alertSeverities: ['CRITICAL'] },
    });
    expect(narrowed.body.data.map((s: { scanTargetId: string }) => s.scanTargetId).sort()).toEqual([awsProd, gcpUntagged].sort());
    expect(narrowed.body.totals.total).toBe(alerts.filter((a) => a.scanTargetId !== domainDev && a.severity === 'CRITICAL').length);
    expect((await t.rest('POST', `/organizations/${alice.organizationId}/summaries/scantargets/details`, { key: stranger.apiKey, body: {} })).status).toBe(404);

    const legacy = await t.rest('POST', '/alerts/summaries', { key: alice.apiKey, body: { organizationId: alice.organizationId, scanTargetIds: [awsProd] } });
    expect(legacy.body.total).toBe(alerts.filter((a) => a.scanTargetId === awsProd).length);
    const scans = await t.rest('POST', '/alerts/summaries/scans', {
      key: alice.apiKey,
      body: { organizationId: alice.organizationId, scanTargetIds: [], daysBefore: 3 },
    });
    expect(scans.status).toBe(200);
    expect(scans.body).toHaveLength(3);
    expect(scans.body[2]).toMatchObject({ date: new Date().toISOString().slice(0, 10), total: alerts.filter((a) => a.state !== 'CLOSED').length });
  });
});

describe('GraphQL', () => {
  it('lists alerts with their organization and scan target entities', async () => {
    const res = await t.graphql(
      `query($org: ID!, $size: Int) { alerts(organizationId: $org, order: CREATED_AT, sort: ASC, first: $size, filter: { states: [ACTIVE] }) {
         nodes { id resource organization { id name } scanTarget { id name kind } } pageInfo { hasNextPage endCursor } } }`,
      { org: alice.organizationId, size: 3 },
      alice.apiKey,
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.alerts.nodes).toHaveLength(3);
    expect(res.body.data.alerts.nodes[0]).toEqual({
      id: expected('createdAt', 'ASC', (a) => a.state !== 'CLOSED')[0],
      resource: expect.any(String),
      organization: { id: alice.organizationId, name: 'Alice Corp' },
      scanTarget: { id: awsProd, name: 'aws prod', kind: 'AWS' },
    });
    const bad = await t.graphql(`query($org: ID!) { alerts(organizationId: $org, first: 0) { nodes { id } } }`, { org: alice.organizationId }, alice.apiKey);
    expect(bad.body.errors?.[0].extensions?.code).toBe('BAD_REQUEST');
  });
});

describe('REST pages as JSON text', () => {
  it('equal the GraphQL records built in Node, field for field, for members and (censored) followers, in both languages', async () => {
    // Values whose JSON forms could drift: a fractional threshold, quotes and non-ASCII text, nested JSON, an empty label list.
    await t.vigil.db.pool.query(
      `UPDATE alerts.alerts SET "timelinessThreshold" = 7.25, labels = '{"needs \\"review\\"", "ação"}', tags = '{x}',
              enrichment = '{"evidence": {"lines": ["a\\tb", "ç"], "n": 1.5, "ok": true, "none": null}}'
        WHERE id = $1`,
      [alerts[1].id],
    );
    const ownQuery = `query($o: ID!, $lang: Language, $cursor: String) { alertsPage(organizationId: $o, lang: $lang, size: 7, cursor: $cursor, order: OPENED_AT) { records cursor } }`;
    const followingQuery = `query($o: ID!, $lang: Language, $cursor: String) { followingAlertsPage(organizationId: $o, lang: $lang, size: 7, cursor: $cursor, order: OPENED_AT) { records cursor } }`;
    const cases = [
      { account: alice, query: ownQuery, field: 'alertsPage', path: `/organizations/${alice.organizationId}/alerts` },
      { account: follower, query: followingQuery, field: 'followingAlertsPage', path: `/organizations/${follower.organizationId}/followings/alerts` },
    ];
    for (const c of cases) {
      for (const [lang, restLang] of [
        ['EN_US', 'en-US'],
        ['PT_BR', 'pt-BR'],
      ]) {
        const viaRest: unknown[] = [];
        const viaGraphql: unknown[] = [];
        let restCursor: string | null = null;
        let gqlCursor: string | null = null;
        do {
          const res: { status: number; headers: Headers; body: any } = await t.rest('POST', `${c.path}?size=7${restCursor ? `&cursor=${restCursor}` : ''}`, {
            key: c.account.apiKey,
            body: { order: 'openedAt', lang: restLang },
          });
          expect(res.status).toBe(200);
          expect(res.headers.get('content-type')).toMatch(/^application\/json/);
          viaRest.push(...res.body.data);
          restCursor = res.body.cursor;
          // `records` is REST plumbing the public schema hides: read on the subgraph.
          const gql: { body: any } = await alertsSubgraph(t, c.account, c.query, { o: c.account.organizationId, lang, cursor: gqlCursor });
          expect(gql.body.errors).toBeUndefined();
          const page: { records: unknown[]; cursor: string | null } = gql.body.data[c.field];
          viaGraphql.push(...page.records);
          gqlCursor = page.cursor;
          expect(restCursor).toBe(gqlCursor);
        } while (restCursor);
        expect(viaRest).toHaveLength(31);
        expect(viaRest).toEqual(viaGraphql);
      }
    }
    const followerRecord = await t.rest('POST', `/organizations/${follower.organizationId}/followings/alerts?size=100`, { key: follower.apiKey, body: {} });
    expect(followerRecord.body.data.length).toBeGreaterThan(0);
    expect(
      followerRecord.body.data.every(
        (a: { resource: string; metadata: object; enrichment: object }) =>
          a.resource === '[censored]' && JSON.stringify(a.metadata) === '{}' && JSON.stringify(a.enrichment) === '{}',
      ),
    ).toBe(true);
  });
});

describe('/openapi.json response schemas', () => {
  it('describe what the alert, history, grouped, summary and organization routes really answer', async () => {
    const check = responseChecker((await t.rest('GET', '/openapi.json')).body);
    const org = alice.organizationId;
    const alertId = alerts[0].id;
    const calls: Array<[string, string, Account, unknown?]> = [
      ['POST', `/organizations/${org}/alerts?size=5`, alice, {}],
      ['POST', `/organizations/${follower.organizationId}/followings/alerts?size=5`, follower, {}],
      ['POST', `/organizations/${org}/alerts/rules`, alice, {}],
      ['POST', '/alerts/history', alice, { organizationId: org, pageSize: 5 }],
      ['GET', `/alerts/${alertId}`, alice],
      ['GET', `/alerts/${alertId}/history?page=1&pageSize=100`, alice],
      ['POST', `/organizations/${org}/summaries/scantargets/details`, alice, {}],
      ['GET', `/organizations/${org}`, alice],
      ['GET', '/organizations', alice],
      ['GET', '/me', alice],
    ];
    for (const [method, url, who, body] of calls) {
      const res = await t.rest(method as 'GET', url, { key: who.apiKey, ...(body ? { body } : {}) });
      expect([url, res.status]).toEqual([url, 200]);
      expect(check(method, url, res.body)).toEqual([]);
    }
    // The schemas are specific: an alert record's severity is one of the five, its id required.
    const wrong = (await t.rest('GET', `/alerts/${alertId}`, { key: alice.apiKey })).body;
    expect(check('GET', `/alerts/${alertId}`, { ...wrong, severity: 'SEVERE' })).not.toEqual([]);
    expect(check('GET', `/alerts/${alertId}`, { ...wrong, id: undefined })).not.toEqual([]);
  });
});

describe('the public schema holds no REST plumbing', () => {
  // Hidden with @inaccessible: the REST graph (gateway/gateway.ts restSupergraph) still reaches them. The lists come
  // from the alerts subgraph's SDL itself, so a name renamed or removed there cannot leave the check looking for a
  // field that no longer exists (a hand-kept list named six that did not, and passed whatever the schema showed).
  const sdl = parse(subgraphSdl('alerts'));
  const hidden = (node: { directives?: readonly { name: { value: string } }[] }) => node.directives?.some((d) => d.name.value === 'inaccessible') ?? false;
  const definitions = sdl.definitions.filter(
    (d): d is ObjectTypeDefinitionNode | ObjectTypeExtensionNode => d.kind === Kind.OBJECT_TYPE_DEFINITION || d.kind === Kind.OBJECT_TYPE_EXTENSION,
  );
  const HIDDEN_TYPES = definitions.filter(hidden).map((d) => d.name.value);
  const HIDDEN_FIELDS = definitions.filter((d) => !hidden(d)).flatMap((d) => (d.fields ?? []).filter(hidden).map((f) => `${d.name.value}.${f.name.value}`));
  const HIDDEN_QUERIES = HIDDEN_FIELDS.filter((coordinate) => coordinate.startsWith('Query.')).map((coordinate) => coordinate.slice('Query.'.length));

  it('introspection over /graphql shows none of the fields and types the SDL marks @inaccessible (page-numbered lists, JSON records)', async () => {
    // What the SDL hides today: the page-numbered and cursor-page lists, their page types, the JSON records.
    expect(HIDDEN_QUERIES).toEqual(expect.arrayContaining(['alertsPage', 'alertsByPage', 'alertHistoryOfPage', 'alertCommentsPage']));
    expect(HIDDEN_TYPES).toEqual(expect.arrayContaining(['AlertPage', 'AlertNumberedPage', 'OneAlertHistoryPage', 'AlertCommentPage']));
    expect(HIDDEN_FIELDS).toEqual(expect.arrayContaining(['AlertHistoryRecord.cursor']));
    const res = await t.graphql(`{ __schema { types { name fields { name } } } }`, {}, alice.apiKey);
    expect(res.body.errors).toBeUndefined();
    const types: Array<{ name: string; fields: Array<{ name: string }> | null }> = res.body.data.__schema.types;
    const everyField = types.flatMap((type) => (type.fields ?? []).map((f) => `${type.name}.${f.name}`));
    expect(everyField).toContain('Query.alerts');
    expect(everyField.filter((coordinate) => HIDDEN_FIELDS.includes(coordinate))).toEqual([]);
    expect(types.map((type) => type.name).filter((name) => HIDDEN_TYPES.includes(name))).toEqual([]);
    expect(everyField.filter((coordinate) => /\.(records|recordsJson)$/.test(coordinate))).toEqual([]);
    const asked = await t.graphql(`query($o: ID!) { alerts(organizationId: $o) { recordsJson } }`, { o: alice.organizationId }, alice.apiKey);
    expect(asked.body.errors?.[0].message).toMatch(/recordsJson/);
    // Each hidden list asked for by name over /graphql is refused as unknown, not answered.
    for (const query of HIDDEN_QUERIES) {
      const refused = await t.graphql(`{ ${query} { __typename } }`, {}, alice.apiKey);
      expect([query, refused.body.data ?? null, refused.body.errors?.[0]?.message]).toEqual([query, null, expect.stringContaining(`"${query}"`)]);
    }
  });

  it('while the REST routes built on them still answer', async () => {
    const own = await t.rest('POST', `/organizations/${alice.organizationId}/alerts?size=5`, { key: alice.apiKey, body: {} });
    expect(own.status).toBe(200);
    expect(own.body.data).toHaveLength(5);
    expect(typeof own.body.cursor).toBe('string');
    const legacy = await t.rest('POST', '/alerts', { key: alice.apiKey, body: { organizationId: alice.organizationId, page: 1, pageSize: 5 } });
    expect(legacy.status).toBe(200);
    expect(legacy.body).toMatchObject({ total: 31, data: expect.any(Array) });
    const legacyFollowing = await t.rest('POST', '/alerts/following', { key: follower.apiKey, body: { organizationId: follower.organizationId } });
    expect(legacyFollowing.status).toBe(200);
    expect(legacyFollowing.body.total).toBe(31);
    for (const [path, key, organizationId] of [
      ['/alerts/rules', alice.apiKey, alice.organizationId],
      ['/alerts/rules/following', follower.apiKey, follower.organizationId],
    ]) {
      const grouped = await t.rest('POST', path, { key, body: { organizationId, page: 1, pageSize: 2 } });
      expect(grouped.status).toBe(200);
      expect(grouped.body).toMatchObject({ total: 5, data: [expect.any(Object), expect.any(Object)] });
    }
  });
});

describe('GraphQL connections (first/after, edges, nodes, pageInfo)', () => {
  /** Pages through `field` with `first` until hasNextPage is false; every page's endCursor is its last edge's cursor. */
  async function pageThrough(account: Account, field: string, args: string, variables: Record<string, unknown>, first: number, key: (node: any) => string) {
    const selection = /^(alerts|followingAlerts)$/.test(field) ? 'alertId' : /ByRule$/.test(field) ? 'rule' : 'id';
    const seen: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const res: { body: any } = await t.graphql(
        `query($v: ID!, $first: Int, $after: String) { list: ${field}(${args}, first: $first, after: $after) {
           edges { cursor node { ${selection} } }
           nodes { __typename } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`,
        { ...variables, first, after },
        account.apiKey,
      );
      expect(res.body.errors).toBeUndefined();
      const page = res.body.data.list;
      expect(page.nodes).toHaveLength(page.edges.length);
      expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
      if (page.edges.length) {
        expect(page.pageInfo.startCursor).toBe(page.edges[0].cursor);
        expect(page.pageInfo.endCursor).toBe(page.edges[page.edges.length - 1].cursor);
      }
      seen.push(...page.edges.map((edge: { node: unknown }) => key(edge.node)));
      if (!page.pageInfo.hasNextPage) return seen;
      expect(page.edges).toHaveLength(first);
      after = page.pageInfo.endCursor;
    }
    throw new Error(`${field}: more than 100 pages`);
  }

  it('page every alert list to its end, every entry once', async () => {
    const byAlert = (node: { alertId: string }) => node.alertId;
    const own = await pageThrough(alice, 'alerts', 'organizationId: $v', { v: alice.organizationId }, 4, byAlert);
    expect(own.sort()).toEqual(alerts.map((a) => a.id).sort());
    const following = await pageThrough(follower, 'followingAlerts', 'organizationId: $v', { v: follower.organizationId }, 7, byAlert);
    expect(following.sort()).toEqual(alerts.map((a) => a.id).sort());
    for (const [account, field] of [
      [alice, 'alertsByRule'],
      [follower, 'followingAlertsByRule'],
    ] as const) {
      const rules = await pageThrough(account, field, 'organizationId: $v', { v: account.organizationId }, 2, (node: { rule: string }) => node.rule);
      expect(rules.sort()).toEqual(FIXTURE_RULES.map((r) => r.id).sort());
    }
    const records = await t.rest('POST', '/alerts/history', { key: alice.apiKey, body: { organizationId: alice.organizationId, pageSize: 1000 } });
    const recordIds = records.body.data.length;
    for (const [account, field] of [
      [alice, 'alertHistory'],
      [follower, 'followingAlertHistory'],
    ] as const) {
      const history = await pageThrough(account, field, 'organizationId: $v', { v: account.organizationId }, 5, (node: { id: string }) => node.id);
      expect(history).toHaveLength(recordIds);
      expect(new Set(history).size).toBe(recordIds);
    }
    const closed = alerts.find((a) => a.state === 'CLOSED')!.id;
    const one = await pageThrough(alice, 'alertHistoryOf', 'alertId: $v', { v: closed }, 1, (node: { id: string }) => node.id);
    expect(one).toHaveLength(2);
    expect(new Set(one).size).toBe(2);
    for (let i = 0; i < 5; i++)
      await t.rest('POST', `/organizations/${alice.organizationId}/alerts/${alerts[2].id}/comments`, { key: alice.apiKey, body: { comment: `note ${i}` } });
    const comments = await pageThrough(alice, 'alertComments', 'alertId: $v', { v: alerts[2].id }, 2, (node: { id: string }) => node.id);
    expect(comments).toHaveLength(5);
    expect(new Set(comments).size).toBe(5);
    const counted = await t.graphql(
      `query($a: ID!) { alertComments(alertId: $a, first: 1) { totalCount } alertHistoryOf(alertId: $a) { totalCount } }`,
      { a: alerts[2].id },
      alice.apiKey,
    );
    expect(counted.body.data).toEqual({ alertComments: { totalCount: 5 }, alertHistoryOf: { totalCount: 1 } });
  });

  it("end a page where the REST list's cursor does: endCursor is the REST cursor of the same page", async () => {
    const rest = await t.rest('POST', `/organizations/${alice.organizationId}/alerts?size=4`, { key: alice.apiKey, body: { order: 'resource', sort: 'ASC' } });
    const gql = await t.graphql(
      `query($o: ID!) { alerts(organizationId: $o, order: RESOURCE, sort: ASC, first: 4) { nodes { alertId } pageInfo { hasNextPage endCursor } } }`,
      { o: alice.organizationId },
      alice.apiKey,
    );
    expect(gql.body.data.alerts.nodes.map((a: { alertId: string }) => a.alertId)).toEqual(rest.body.data.map((a: { id: string }) => a.id));
    expect(gql.body.data.alerts.pageInfo).toEqual({ hasNextPage: true, endCursor: rest.body.cursor });
  });
});
