import { eventsOf } from '../../support/alert-fixtures';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * Issue #12: the spec's state table lets a FULL_ACCESS user set any state but CLOSED from any state,
 * CLOSED included. A hand move out of CLOSED reopens the alert as a scan does; the next scan that
 * does not find the problem closes it again, one that finds it keeps the hand-set state. And a
 * rescan that finds exactly what the last one found writes nothing.
 */
let t: TestVigil;
let admin: Account;
let targetId: string;

type Finding = { rule: string; resource: string; metadata?: Record<string, string> };
const findingOf = (n: number): Finding => ({ rule: 'aws-s3-bucket-public', resource: `arn:aws:s3:::bucket-${n}`, metadata: { region: 'us-east-1' } });

async function ingest(findings: Finding[]) {
  const res = await t.rest('POST', `/organizations/${admin.organizationId}/scantargets/${targetId}/findings`, {
    key: admin.apiKey,
    body: { format: 'vigil', findings },
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function alertOf(n: number) {
  const { rows } = await t.vigil.db.pool.query(`SELECT * FROM alerts.alerts WHERE "scanTargetId" = $1 AND resource = $2`, [targetId, findingOf(n).resource]);
  return rows[0];
}

async function historyOf(alertId: string) {
  const { rows } = await t.vigil.db.pool.query(
    `SELECT operation, version, state, "userId", "openedAt", "resolvedAt" FROM alerts.alert_history WHERE "alertId" = $1 ORDER BY seq`,
    [alertId],
  );
  return rows;
}

const updatePath = (alertId: string) => `/organizations/${admin.organizationId}/scantargets/${targetId}/alerts/${alertId}`;
const batch = (body: object) => t.rest('PUT', `/organizations/${admin.organizationId}/alerts/status/batch`, { key: admin.apiKey, body });

beforeAll(async () => {
  t = await startTestVigil();
  admin = await t.bootstrap('admin@manual.example', 'Manual Corp');
  const created = await t.rest('POST', `/organizations/${admin.organizationId}/scantargets`, {
    key: admin.apiKey,
    body: { name: 'prod', kind: 'AWS', credential: { account: '123456789012' } },
  });
  targetId = created.body.id;
  // Alerts 1…4 open, then a scan without them closes them.
  await ingest([1, 2, 3, 4, 5].map(findingOf));
  const closing = await ingest([findingOf(5)]);
  expect(closing.summary).toMatchObject({ closed: 4 });
}, 120_000);
afterAll(() => t.close());

describe('moving a CLOSED alert by hand', () => {
  it('reopens it with the state sent (REST): openedAt now, resolvedAt cleared, version + 1, an UPDATE history record and AlertUpdated', async () => {
    const before = await alertOf(1);
    expect(before).toMatchObject({ state: 'CLOSED', version: 2 });
    expect(before.resolvedAt).toBeInstanceOf(Date);
    const res = await t.rest('PUT', updatePath(before.id), { key: admin.apiKey, body: { state: 'IN_PROGRESS' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: before.id, state: 'IN_PROGRESS', version: 3, resolvedAt: null });
    expect(new Date(res.body.openedAt).getTime()).toBeGreaterThan(before.openedAt.getTime());
    const history = await historyOf(before.id);
    expect(history.map((h) => [h.operation, h.state, h.version])).toEqual([
      ['CREATE', 'OPEN', 1],
      ['CLOSE', 'CLOSED', 2],
      ['UPDATE', 'IN_PROGRESS', 3],
    ]);
    expect(history[2]).toMatchObject({ userId: admin.userId, resolvedAt: null });
    const events = (await eventsOf(t.vigil.db, admin.organizationId, 'AlertUpdated')).filter((e) => e.data.id === before.id && e.data.version === 3);
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ state: 'IN_PROGRESS', resolvedAt: null, openedAt: res.body.openedAt });
    expect(events[0].metadata).toEqual({ userId: admin.userId });
  });

  it('reopens it over GraphQL too, to every state but CLOSED', async () => {
    const closed = await alertOf(2);
    const res = await t.graphql(
      `mutation($org: ID!, $st: ID!, $id: ID!) { updateAlert(input: { organizationId: $org, scanTargetId: $st, alertId: $id, state: RISK_ACCEPTED }) { alert { id state version resolvedAt openedAt } } }`,
      { org: admin.organizationId, st: targetId, id: closed.id },
      admin.apiKey,
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.updateAlert.alert).toMatchObject({ id: closed.id, state: 'RISK_ACCEPTED', version: 3, resolvedAt: null });
    expect((await historyOf(closed.id)).at(-1)).toMatchObject({ operation: 'UPDATE', state: 'RISK_ACCEPTED', version: 3 });
  });

  it('reopens the CLOSED alerts a batch matches, with history and events', async () => {
    const [three, four] = [await alertOf(3), await alertOf(4)];
    const dry = await batch({ state: 'FALSE_POSITIVE', condition: { dryRun: true, selection: { alertIds: [three.id, four.id] } } });
    expect(dry.body).toMatchObject({ count: 2, dryRun: true });
    const res = await batch({ state: 'FALSE_POSITIVE', condition: { dryRun: false, selection: { alertIds: [three.id, four.id] } } });
    expect(res.body).toEqual({ count: 2, dryRun: false, remaining: 0 });
    for (const alert of [three, four]) {
      const after = await alertOf(alert === three ? 3 : 4);
      expect(after).toMatchObject({ state: 'FALSE_POSITIVE', version: 3, resolvedAt: null });
      expect(after.openedAt.getTime()).toBeGreaterThan(alert.openedAt.getTime());
      expect((await historyOf(alert.id)).at(-1)).toMatchObject({ operation: 'UPDATE', state: 'FALSE_POSITIVE', version: 3, userId: admin.userId });
      const events = (await eventsOf(t.vigil.db, admin.organizationId, 'AlertUpdated')).filter((e) => e.data.id === alert.id && e.data.version === 3);
      expect(events.map((e) => e.data.state)).toEqual(['FALSE_POSITIVE']);
    }
  });

  it('still refuses state CLOSED with a 400 that names the field', async () => {
    const open = await alertOf(5);
    const single = await t.rest('PUT', updatePath(open.id), { key: admin.apiKey, body: { state: 'CLOSED' } });
    expect(single.status).toBe(400);
    expect(single.body.message).toMatch(/^state/);
    const many = await batch({ state: 'CLOSED', condition: { dryRun: false } });
    expect(many.status).toBe(400);
    expect(many.body.message).toMatch(/^state/);
    expect(await alertOf(5)).toMatchObject({ state: 'OPEN', version: 1 });
  });

  it('a later scan that finds the problem keeps the hand-set state; one that does not closes the alert again', async () => {
    const scan = await ingest([1, 3, 5].map(findingOf));
    // 1 (IN_PROGRESS) and 3 (FALSE_POSITIVE) found: unchanged; 2 (RISK_ACCEPTED) and 4 (FALSE_POSITIVE) missing: closed.
    expect(scan.summary).toEqual({ findings: 3, created: 0, reopened: 0, updated: 0, closed: 2, unchanged: 3, duplicates: 0 });
    expect(await alertOf(1)).toMatchObject({ state: 'IN_PROGRESS', version: 3, resolvedAt: null });
    expect(await alertOf(3)).toMatchObject({ state: 'FALSE_POSITIVE', version: 3, resolvedAt: null });
    for (const n of [2, 4]) {
      const alert = await alertOf(n);
      expect(alert).toMatchObject({ state: 'CLOSED', version: 4 });
      expect(alert.resolvedAt).toBeInstanceOf(Date);
      expect((await historyOf(alert.id)).at(-1)).toMatchObject({ operation: 'CLOSE', state: 'CLOSED', version: 4, userId: null });
      const events = (await eventsOf(t.vigil.db, admin.organizationId, 'AlertUpdated')).filter((e) => e.data.id === alert.id && e.data.version === 4);
      expect(events.map((e) => e.data.state)).toEqual(['CLOSED']);
    }
  });
});

describe('a rescan that finds exactly what the last scan found', () => {
  it('writes no alert row, history record or alert event', async () => {
    const findings = Array.from({ length: 300 }, (_, i) => findingOf(100 + i));
    await ingest(findings);
    const db = t.vigil.db.pool;
    // Any UPDATE, HOT or not, gives a row a new ctid (and a new xmin).
    const state = async () => ({
      rows: (await db.query(`SELECT id, ctid::text, xmin::text FROM alerts.alerts WHERE "scanTargetId" = $1 ORDER BY id`, [targetId])).rows,
      history: (await db.query(`SELECT count(*)::int AS n FROM alerts.alert_history WHERE "scanTargetId" = $1`, [targetId])).rows[0].n,
      events: (await db.query(`SELECT count(*)::int AS n FROM documents.events WHERE "organizationId" = $1 AND name LIKE 'Alert%'`, [admin.organizationId]))
        .rows[0].n,
    });
    const before = await state();
    const again = await ingest(findings);
    expect(again.summary).toEqual({ findings: 300, created: 0, reopened: 0, updated: 0, closed: 0, unchanged: 300, duplicates: 0 });
    expect(await state()).toEqual(before);
  });
});
