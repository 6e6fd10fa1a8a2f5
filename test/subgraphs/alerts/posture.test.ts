import { follow } from '../../support/organizations';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * Issue 33: the posture aggregates (Query.posture, Query.followingPosture, their REST routes) equal an
 * independent SQL over the same data. The data: alerts made through the API (created, closed by a
 * rescan, reopened by a scan, moved by hand, on a scan target deleted afterwards) and alerts whose
 * history is spread over past days as the writers write it (reconcile.ts, updates.ts), with changes at
 * 23:59:59.999 and 00:00:00.000 UTC. The independent SQL replays each alert's history rows in order
 * (its state before and after each row), where the aggregates use the rows' openedAt and operation.
 */
let t: TestVigil;
let admin: Account;
let followerAdmin: Account;
let stranger: Account;
let org: string;
let target1: string;
let target2: string;
let deletedTarget: string;
const TARGET_NAME = 'posture-prod-secret-name';
const RESOURCE = 'arn:aws:s3:::posture-secret-bucket';
const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const dayOffset = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO'] as const;
type Counts = { critical: number; high: number; medium: number; low: number; info: number; total: number };
const COUNTS = '{ critical high medium low info total }';

function countsOf(rows: Array<{ severity: string; n: number | string }>): Counts {
  const counts: Counts = { critical: 0, high: 0, medium: 0, low: 0, info: 0, total: 0 };
  for (const row of rows) {
    const key = row.severity.toLowerCase() as keyof Counts;
    counts[key] += Number(row.n);
    counts.total += Number(row.n);
  }
  return counts;
}

const RULES = [
  { id: 'posture-critical', severity: 'CRITICAL', threshold: 0, compliances: ['CIS-1.1', 'PCI-3'] },
  { id: 'posture-high', severity: 'HIGH', threshold: 30, compliances: ['LGPD'] },
  { id: 'posture-medium', severity: 'MEDIUM', threshold: null, compliances: [] },
  { id: 'posture-low', severity: 'LOW', threshold: 2, compliances: ['CIS-1.1'] },
];

async function ingest(targetId: string, findings: Array<{ rule: string; resource: string }>) {
  const res = await t.rest('POST', `/organizations/${org}/scantargets/${targetId}/findings`, { key: admin.apiKey, body: { format: 'vigil', findings } });
  expect(res.status).toBe(200);
  return res.body;
}

async function createTarget(name: string): Promise<string> {
  const res = await t.rest('POST', `/organizations/${org}/scantargets`, {
    key: admin.apiKey,
    body: { name, kind: 'AWS', credential: { account: '123456789012' } },
  });
  expect(res.status).toBe(200);
  return res.body.id;
}

/**
 * An alert with a history written as the writers write it: `steps` are [time, state] after the
 * creation; a move to CLOSED is a scan's CLOSE, a move out of CLOSED reopens (openedAt = that time),
 * any other move is a hand UPDATE (openedAt kept).
 */
async function alertWithHistory(targetId: string, rule: (typeof RULES)[number], resource: string, created: string, steps: Array<[string, string]>) {
  const db = t.vigil.db.pool;
  let state = 'OPEN';
  let openedAt = created;
  let resolvedAt: string | null = null;
  const rows: Array<[string, string, string, string, string | null, number]> = [[created, 'CREATE', state, openedAt, null, 1]];
  let version = 1;
  for (const [at, next] of steps) {
    version++;
    if (next === 'CLOSED') {
      resolvedAt = at;
      rows.push([at, 'CLOSE', next, openedAt, resolvedAt, version]);
    } else if (state === 'CLOSED') {
      openedAt = at;
      resolvedAt = null;
      rows.push([at, version % 2 ? 'REOPEN' : 'UPDATE', next, openedAt, null, version]);
    } else rows.push([at, 'UPDATE', next, openedAt, null, version]);
    state = next;
  }
  const last = rows[rows.length - 1];
  const { rows: inserted } = await db.query<{ id: string }>(
    `INSERT INTO alerts.alerts (id, "organizationId", "scanTargetId", rule, resource, severity, state, version, compliances, "timelinessThreshold",
                                "openedAt", "resolvedAt", "createdAt", "updatedAt")
     VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8::text[], $9, $10, $11, $12, $13) RETURNING id`,
    [org, targetId, rule.id, resource, rule.severity, state, version, rule.compliances, rule.threshold, openedAt, resolvedAt, created, last[0]],
  );
  for (const [at, operation, rowState, opened, resolved, v] of rows) {
    await db.query(
      `INSERT INTO alerts.alert_history ("alertId", "organizationId", "scanTargetId", rule, resource, severity, state, version, "timelinessThreshold",
                                         "openedAt", "resolvedAt", operation, "createdAt")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [inserted[0].id, org, targetId, rule.id, resource, rule.severity, rowState, v, rule.threshold, opened, resolved, operation, at],
    );
  }
}

// ───────────── the independent SQL ─────────────

/** Live alerts of the organization (scan target not deleted), joined with each of their history rows and the state before it. */
const REPLAY = `
  WITH live AS (
    SELECT a.* FROM alerts.alerts a JOIN alerts.scan_targets st ON st.id = a."scanTargetId" AND st."deletedAt" IS NULL
     WHERE a."organizationId" = $1),
  replay AS (
    SELECT l.id, l.severity, l.rule, h.seq, h."createdAt" AS at, h.state,
           lag(h.state) OVER (PARTITION BY h."alertId" ORDER BY h.seq) AS before
      FROM live l JOIN alerts.alert_history h ON h."alertId" = l.id)`;

async function independentOpenAt(instant: string): Promise<Counts> {
  const { rows } = await t.vigil.db.pool.query(
    `${REPLAY}
     SELECT severity, count(*) AS n FROM (
       SELECT DISTINCT ON (id) id, severity, state FROM replay WHERE at < $2::timestamptz ORDER BY id, seq DESC) s
      WHERE state <> 'CLOSED' GROUP BY severity`,
    [org, instant],
  );
  return countsOf(rows);
}

async function independentDay(date: string): Promise<{ open: Counts; opened: Counts; resolved: Counts }> {
  const start = `${date}T00:00:00Z`;
  const end = `${dayOffset(date, 1)}T00:00:00Z`;
  const moves = async (kind: 'opened' | 'resolved') =>
    countsOf(
      (
        await t.vigil.db.pool.query(
          `${REPLAY}
           SELECT severity, count(*) AS n FROM replay
            WHERE at >= $2::timestamptz AND at < $3::timestamptz
              AND ${kind === 'opened' ? `state <> 'CLOSED' AND (before IS NULL OR before = 'CLOSED')` : `state = 'CLOSED' AND before <> 'CLOSED'`}
            GROUP BY severity`,
          [org, start, end],
        )
      ).rows,
    );
  return { open: await independentOpenAt(end), opened: await moves('opened'), resolved: await moves('resolved') };
}

async function independentTimeToResolve(from: string, to: string) {
  const { rows } = await t.vigil.db.pool.query(
    `${REPLAY},
     marked AS (
       SELECT *, (state <> 'CLOSED' AND (before IS NULL OR before = 'CLOSED')) AS opening, (state = 'CLOSED' AND before <> 'CLOSED') AS closing FROM replay),
     resolutions AS (
       SELECT c.severity, extract(epoch FROM c.at - (SELECT max(o.at) FROM marked o WHERE o.id = c.id AND o.opening AND o.seq < c.seq)) / 3600 AS hours
         FROM marked c WHERE c.closing AND c.at >= $2::timestamptz AND c.at < $3::timestamptz)
     SELECT severity, count(*)::int AS resolved, percentile_cont(0.5) WITHIN GROUP (ORDER BY hours) AS median,
            percentile_cont(0.9) WITHIN GROUP (ORDER BY hours) AS p90
       FROM resolutions GROUP BY severity`,
    [org, `${from}T00:00:00Z`, `${dayOffset(to, 1)}T00:00:00Z`],
  );
  return SEVERITIES.map((severity) => {
    const row = rows.find((r) => r.severity === severity);
    return { severity, resolved: row?.resolved ?? 0, medianHours: row ? Number(row.median) : null, p90Hours: row ? Number(row.p90) : null };
  });
}

async function independentOverdue(): Promise<Counts> {
  const { rows } = await t.vigil.db.pool.query(
    `SELECT a.severity, count(*) AS n FROM alerts.alerts a JOIN alerts.scan_targets st ON st.id = a."scanTargetId" AND st."deletedAt" IS NULL
      WHERE a."organizationId" = $1 AND a.state <> 'CLOSED' AND a."timelinessThreshold" IS NOT NULL
        AND extract(epoch FROM now() - COALESCE(a."openedAt", a."createdAt")) > a."timelinessThreshold" * 86400
      GROUP BY a.severity`,
    [org],
  );
  return countsOf(rows);
}

async function independentBreakdown(by: string): Promise<Array<{ key: string; counts: Counts }>> {
  const key = { STATE: 'a.state', SCAN_TARGET: 'a."scanTargetId"::text', RULE: 'a.rule', COMPLIANCE: 'tag' }[by];
  const { rows } = await t.vigil.db.pool.query(
    `SELECT ${key} AS key, a.severity, count(*) AS n
       FROM alerts.alerts a JOIN alerts.scan_targets st ON st.id = a."scanTargetId" AND st."deletedAt" IS NULL
       ${by === 'COMPLIANCE' ? ', unnest(a.compliances) tag' : ''}
      WHERE a."organizationId" = $1 AND a.state <> 'CLOSED' GROUP BY 1, 2`,
    [org],
  );
  const keys = [...new Set(rows.map((r) => r.key as string))];
  return keys
    .map((k) => ({ key: k, counts: countsOf(rows.filter((r) => r.key === k)) }))
    .sort((x, y) => y.counts.total - x.counts.total || (x.key < y.key ? -1 : 1));
}

const POSTURE_NOW = `organizationId view open ${COUNTS} overdue ${COUNTS} grade`;

async function posture(selection: string, key = admin.apiKey, variables: Record<string, unknown> = {}, args = '') {
  const res = await t.graphql(`query($org: ID! ${args}) { posture(organizationId: $org) { ${selection} } }`, { org, ...variables }, key);
  return res.body;
}

function gradeOf(open: Counts, overdue: Counts): string {
  if (overdue.critical > 0) return 'F';
  if (open.critical > 0 || overdue.high > 0) return 'D';
  if (open.high > 0 || overdue.medium > 0) return 'C';
  if (open.medium > 0 || overdue.low + overdue.info > 0) return 'B';
  return 'A';
}

beforeAll(async () => {
  t = await startTestVigil();
  admin = await t.bootstrap('admin@posture.example', 'Posture Corp');
  followerAdmin = await t.bootstrap('admin@posture-follower.example', 'Posture Follower');
  stranger = await t.bootstrap('admin@posture-stranger.example', 'Posture Stranger');
  org = admin.organizationId;
  await follow(t, admin, followerAdmin);
  for (const rule of RULES) {
    await t.vigil.db.pool.query(
      `INSERT INTO alerts.rules (id, "titleEn", "titlePt", severity, compliances, "timelinessThreshold", "createdAt", "updatedAt")
       VALUES ($1, $2, $2, $3, $4::text[], $5, now(), now())`,
      [rule.id, `Title of ${rule.id}`, rule.severity, rule.compliances, rule.threshold],
    );
  }
  target1 = await createTarget(TARGET_NAME);
  target2 = await createTarget('posture-staging');
  deletedTarget = await createTarget('posture-retired');
  const finding = (rule: number, n: number) => ({ rule: RULES[rule].id, resource: `${RESOURCE}-${n}` });

  // Through the API, today: created, closed by a rescan, reopened by a scan, moved by hand (out of CLOSED, and between open states).
  await ingest(target1, [finding(0, 1), finding(1, 2), finding(2, 3), finding(3, 4), finding(0, 5)]);
  await ingest(target1, [finding(0, 1), finding(2, 3), finding(0, 5)]); // 2 and 4 closed by the rescan
  await ingest(target1, [finding(0, 1), finding(1, 2), finding(0, 5)]); // 2 reopened by a scan; 3 closed
  const { rows: handMoved } = await t.vigil.db.pool.query(`SELECT id, resource, state FROM alerts.alerts WHERE "scanTargetId" = $1 ORDER BY resource`, [
    target1,
  ]);
  const byResource = new Map(handMoved.map((r) => [r.resource, r]));
  const moveByHand = async (resource: string, state: string) => {
    const res = await t.rest('PUT', `/organizations/${org}/scantargets/${target1}/alerts/${byResource.get(resource).id}`, {
      key: admin.apiKey,
      body: { state },
    });
    expect(res.status).toBe(200);
  };
  await moveByHand(`${RESOURCE}-3`, 'IN_PROGRESS'); // CLOSED → IN_PROGRESS: reopened by hand
  await moveByHand(`${RESOURCE}-4`, 'RISK_ACCEPTED'); // CLOSED → RISK_ACCEPTED: reopened by hand
  await moveByHand(`${RESOURCE}-1`, 'FALSE_POSITIVE'); // between open states: still open
  await ingest(target2, [finding(1, 10), finding(2, 11)]);
  // A scan target with open alerts, deleted: its alerts leave every aggregate, their history too.
  await ingest(deletedTarget, [finding(0, 20), finding(1, 21), finding(3, 22)]);
  expect((await t.rest('DELETE', `/organizations/${org}/scantargets/${deletedTarget}`, { key: admin.apiKey })).status).toBe(200);

  // Over past days, with changes on both sides of UTC midnight.
  const d = (days: number, time = '12:00:00.000') => `${dayOffset(today(), -days)}T${time}Z`;
  await alertWithHistory(target2, RULES[0], 'hist-1', d(10, '23:59:59.999'), [[d(9, '00:00:00.000'), 'CLOSED']]);
  await alertWithHistory(target2, RULES[1], 'hist-2', d(40), [
    [d(20, '23:59:59.999'), 'CLOSED'],
    [d(19, '00:00:00.000'), 'OPEN'],
    [d(5), 'IN_PROGRESS'],
  ]);
  await alertWithHistory(target2, RULES[2], 'hist-3', d(29, '00:00:00.000'), [
    [d(29, '23:59:59.999'), 'CLOSED'],
    [d(3), 'RISK_ACCEPTED'],
    [d(2), 'CLOSED'],
  ]);
  await alertWithHistory(target2, RULES[3], 'hist-4', d(3), []);
  await alertWithHistory(target1, RULES[1], 'hist-5', d(60), [
    [d(31), 'CLOSED'],
    [d(30, '00:00:00.000'), 'OPEN'],
    [d(1, '23:59:59.999'), 'CLOSED'],
  ]);
  await alertWithHistory(target1, RULES[0], 'hist-6', d(400), [[d(200), 'CLOSED']]);
  // Resolved on the day 30 days ago, after this hour of it: in followingPosture's trendDelta (its window
  // starts at this instant 30 days ago; hist-5's opening that day at 00:00 is before it).
  await alertWithHistory(target2, RULES[3], 'hist-8', d(45), [[d(30, '23:59:59.999'), 'CLOSED']]);
  await alertWithHistory(deletedTarget, RULES[0], 'hist-7', d(8), [
    [d(7), 'CLOSED'],
    [d(6), 'OPEN'],
  ]);
}, 180_000);
afterAll(() => t?.close());

describe('Query.posture for a member', () => {
  it('counts open and overdue alerts per severity and grades them, as the independent SQL does', async () => {
    const body = await posture(POSTURE_NOW);
    expect(body.errors).toBeUndefined();
    const open = await independentOpenAt(new Date(Date.now() + 60_000).toISOString());
    const overdue = await independentOverdue();
    expect(body.data.posture).toEqual({ organizationId: org, view: 'MEMBER', open, overdue, grade: gradeOf(open, overdue) });
    // The data set holds every kind: nothing here is vacuous.
    expect(open.total).toBeGreaterThan(3);
    expect(overdue.critical).toBeGreaterThan(0);
    expect(body.data.posture.grade).toBe('F');
  });

  it('gives each day of the trend (UTC) the open, opened and resolved alerts of the independent replay, over 90 days', async () => {
    const to = today();
    const from = dayOffset(to, -89);
    const body = await posture(
      `trend(input: { from: $from, to: $to }) { from to openDelta days { date open ${COUNTS} opened ${COUNTS} resolved ${COUNTS} } }`,
      admin.apiKey,
      { from, to },
      ', $from: String, $to: String',
    );
    expect(body.errors).toBeUndefined();
    const trend = body.data.posture.trend;
    expect(trend.days).toHaveLength(90);
    expect(trend.from).toBe(from);
    expect(trend.to).toBe(to);
    const expected = [];
    for (let i = 0; i < 90; i++) {
      const date = dayOffset(from, i);
      expected.push({ date, ...(await independentDay(date)) });
    }
    expect(trend.days).toEqual(expected);
    expect(trend.openDelta).toBe(expected[89].open.total - expected[0].open.total);
    // The boundary cases moved something on the days they name.
    const dayOf = (days: number) => trend.days.find((day: { date: string }) => day.date === dayOffset(to, -days));
    expect(dayOf(10).opened.critical).toBe(1);
    expect(dayOf(9).resolved.critical).toBe(1);
    expect(dayOf(20).resolved.high).toBe(1);
    expect(dayOf(19).opened.high).toBe(1);
    expect(trend.days.at(-1).opened.total).toBeGreaterThan(0);
    expect(trend.days.at(-1).resolved.total).toBeGreaterThan(0);
  });

  it('filters the trend by severity, rule, compliance and scan target as the alert list would', async () => {
    const to = today();
    const from = dayOffset(to, -45);
    const body = await posture(
      `trend(input: { from: $from, to: $to, filter: { compliances: ["LGPD"], scanTargetIds: [$target] } }) { days { date open ${COUNTS} opened ${COUNTS} resolved ${COUNTS} } }`,
      admin.apiKey,
      { from, to, target: target2 },
      ', $from: String, $to: String, $target: ID!',
    );
    expect(body.errors).toBeUndefined();
    const { rows } = await t.vigil.db.pool.query(
      `SELECT d::date::text AS date,
              (SELECT count(*) FROM alerts.alerts a WHERE a."scanTargetId" = $1 AND 'LGPD' = ANY(a.compliances) AND
                 (SELECT h.state FROM alerts.alert_history h WHERE h."alertId" = a.id AND h."createdAt" < d + interval '1 day' ORDER BY h.seq DESC LIMIT 1) <> 'CLOSED')::int AS open
         FROM generate_series($2::date, $3::date, interval '1 day') d ORDER BY d`,
      [target2, from, to],
    );
    expect(body.data.posture.trend.days.map((day: { date: string; open: Counts }) => ({ date: day.date, open: day.open.total }))).toEqual(rows);
    expect(body.data.posture.trend.days.length).toBeGreaterThan(0); // .every() of an empty list proves nothing
    expect(body.data.posture.trend.days.every((day: { open: Counts }) => day.open.total === day.open.high)).toBe(true);
  });

  it('breaks the open alerts down by state, scan target, rule and compliance, largest first', async () => {
    for (const by of ['STATE', 'SCAN_TARGET', 'RULE', 'COMPLIANCE']) {
      const body = await posture(`breakdown(input: { by: ${by} }, first: 100) { totalCount nodes { key label counts ${COUNTS} } }`);
      expect(body.errors).toBeUndefined();
      const expected = await independentBreakdown(by);
      expect(expected.length).toBeGreaterThan(1);
      expect(body.data.posture.breakdown.nodes.map(({ key, counts }: { key: string; counts: Counts }) => ({ key, counts }))).toEqual(expected);
      expect(body.data.posture.breakdown.totalCount).toBe(expected.length);
    }
    const byTarget = await posture(`breakdown(input: { by: SCAN_TARGET }) { nodes { key label } }`);
    expect(byTarget.data.posture.breakdown.nodes).toContainEqual({ key: target1, label: TARGET_NAME });
    const byRule = await posture(`breakdown(input: { by: RULE }) { nodes { key label } }`);
    expect(byRule.data.posture.breakdown.nodes).toContainEqual({ key: 'posture-critical', label: 'Title of posture-critical' });
  });

  it('pages a breakdown with first/after', async () => {
    const all = await posture(`breakdown(input: { by: RULE }) { nodes { key } }`);
    const first = await posture(`breakdown(input: { by: RULE }, first: 2) { nodes { key } pageInfo { hasNextPage endCursor } }`);
    expect(first.data.posture.breakdown.pageInfo.hasNextPage).toBe(true);
    const next = await posture(
      `breakdown(input: { by: RULE }, first: 2, after: $after) { nodes { key } }`,
      admin.apiKey,
      { after: first.data.posture.breakdown.pageInfo.endCursor },
      ', $after: String',
    );
    expect([...first.data.posture.breakdown.nodes, ...next.data.posture.breakdown.nodes]).toEqual(all.data.posture.breakdown.nodes.slice(0, 4));
  });

  it('gives time to resolve per severity (median, p90) over a window, as the replay finds each resolution’s opening', async () => {
    for (const [from, to] of [
      [dayOffset(today(), -365), today()],
      [dayOffset(today(), -29), today()],
      [dayOffset(today(), -9), dayOffset(today(), -9)],
    ]) {
      const body = await posture(
        `timeToResolve(input: { from: $from, to: $to }) { severity resolved medianHours p90Hours }`,
        admin.apiKey,
        { from, to },
        ', $from: String, $to: String',
      );
      expect(body.errors).toBeUndefined();
      const expected = await independentTimeToResolve(from, to);
      expect(
        body.data.posture.timeToResolve.map((r: { medianHours: number | null; p90Hours: number | null }) => ({
          ...r,
          medianHours: r.medianHours === null ? null : Number(r.medianHours.toFixed(6)),
          p90Hours: r.p90Hours === null ? null : Number(r.p90Hours.toFixed(6)),
        })),
      ).toEqual(
        expected.map((r) => ({
          ...r,
          medianHours: r.medianHours === null ? null : Number(r.medianHours.toFixed(6)),
          p90Hours: r.p90Hours === null ? null : Number(r.p90Hours.toFixed(6)),
        })),
      );
      expect(expected.some((r) => r.resolved > 0)).toBe(true);
    }
  });

  it('tells each live scan target’s scan freshness', async () => {
    const body = await posture(
      `scanFreshness { totalCount nodes { scanTarget { id name } lastSuccessfulScanAt lastScanStatus lastFailedScanAt failedScans neverScanned } }`,
    );
    expect(body.errors).toBeUndefined();
    const { rows } = await t.vigil.db.pool.query(
      `SELECT st.id, st.name, (SELECT max(s."finishedAt") FROM alerts.scans s WHERE s."scanTargetId" = st.id AND s.status = 'DONE') AS done,
              (SELECT count(*) FROM alerts.scans s WHERE s."scanTargetId" = st.id AND s.status = 'FAILED')::int AS failed
         FROM alerts.scan_targets st WHERE st."organizationId" = $1 AND st."deletedAt" IS NULL ORDER BY st.name, st.id`,
      [org],
    );
    expect(body.data.posture.scanFreshness.totalCount).toBe(2);
    expect(body.data.posture.scanFreshness.nodes).toEqual(
      rows.map((r) => ({
        scanTarget: { id: r.id, name: r.name },
        lastSuccessfulScanAt: r.done?.toISOString() ?? null,
        lastScanStatus: r.done ? 'DONE' : null,
        lastFailedScanAt: null,
        failedScans: r.failed,
        neverScanned: !r.done,
      })),
    );
  });
});

describe('validation', () => {
  it.each([
    [{ from: '2026-01-01', to: '2027-01-02' }, 'input.from'], // 367 days
    [{ from: '2026-03-02', to: '2026-03-01' }, 'input.from'],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'input.from'],
    [{ from: '2026-3-1' }, 'input.from'],
    [{ to: 'yesterday' }, 'input.to'],
  ])('refuses the range %j with BAD_REQUEST naming %s (REST: 400)', async (input, field) => {
    const body = await posture(`trend(input: $input) { from }`, admin.apiKey, { input }, ', $input: PostureTrendInput!');
    expect(body.errors?.[0].extensions).toMatchObject({ code: 'BAD_REQUEST', field });
    const query = new URLSearchParams(input as Record<string, string>).toString();
    const rest = await t.rest('GET', `/organizations/${org}/posture/trend?${query}`, { key: admin.apiKey });
    expect(rest.status).toBe(400);
  });

  it('takes 366 days', async () => {
    const body = await posture(`trend(input: { from: "2025-01-01", to: "2026-01-01" }) { days { date } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data.posture.trend.days).toHaveLength(366);
  });
});

describe('a follower and a stranger', () => {
  it('a follower reads the same numbers, censored: view FOLLOWER, no scan target names, scanFreshness null', async () => {
    const selection = `${POSTURE_NOW} scanFreshness { totalCount }
      breakdown(input: { by: SCAN_TARGET }) { nodes { key label counts ${COUNTS} } }
      byRule: breakdown(input: { by: RULE }) { nodes { key label counts ${COUNTS} } }
      trend(input: {}) { days { date open ${COUNTS} opened ${COUNTS} resolved ${COUNTS} } }
      timeToResolve(input: {}) { severity resolved medianHours p90Hours }`;
    const member = await posture(selection);
    const follower = await posture(selection, followerAdmin.apiKey);
    expect(follower.errors).toBeUndefined();
    const text = JSON.stringify(follower);
    expect(text).not.toContain(TARGET_NAME);
    expect(text).not.toContain(RESOURCE);
    expect(follower.data.posture.view).toBe('FOLLOWER');
    expect(follower.data.posture.scanFreshness).toBeNull();
    expect(follower.data.posture.breakdown.nodes.length).toBeGreaterThan(0); // .every() of an empty list proves nothing
    expect(follower.data.posture.breakdown.nodes.every((n: { label: string | null }) => n.label === null)).toBe(true);
    expect(follower.data.posture.breakdown.nodes.map((n: { key: string }) => n.key)).toEqual(
      member.data.posture.breakdown.nodes.map((n: { key: string }) => n.key),
    );
    const { view: _m, scanFreshness: _ms, breakdown: _mb, ...memberRest } = member.data.posture;
    const { view: _f, scanFreshness: _fs, breakdown: _fb, ...followerRest } = follower.data.posture;
    expect(followerRest).toEqual(memberRest);
  });

  it('a follower learns nothing its alert list does not show: open per severity, state and rule come out of the list too', async () => {
    const alerts: Array<{ severity: string; state: string; rule: string }> = [];
    let after: string | null = null;
    do {
      const res: { body: { data?: any; errors?: unknown } } = await t.graphql(
        `query($org: ID!, $after: String) { followingAlerts(organizationId: $org, first: 100, after: $after) { nodes { severity state rule } pageInfo { hasNextPage endCursor } } }`,
        { org: followerAdmin.organizationId, after },
        followerAdmin.apiKey,
      );
      expect(res.body.errors).toBeUndefined();
      alerts.push(...res.body.data.followingAlerts.nodes);
      after = res.body.data.followingAlerts.pageInfo.hasNextPage ? res.body.data.followingAlerts.pageInfo.endCursor : null;
    } while (after);
    const openFromList = countsOf(alerts.filter((a) => a.state !== 'CLOSED').map((a) => ({ severity: a.severity, n: 1 })));
    const body = await posture(`open ${COUNTS} byRule: breakdown(input: { by: RULE }) { nodes { key counts { total } } }`, followerAdmin.apiKey);
    expect(body.data.posture.open).toEqual(openFromList);
    for (const node of body.data.posture.byRule.nodes) {
      expect(node.counts.total).toBe(alerts.filter((a) => a.state !== 'CLOSED' && a.rule === node.key).length);
    }
  });

  it('a stranger gets null (GraphQL) and 404 (REST), with no error in GraphQL', async () => {
    const body = await posture(POSTURE_NOW, stranger.apiKey);
    expect(body.errors).toBeUndefined();
    expect(body.data.posture).toBeNull();
    expect((await t.rest('GET', `/organizations/${org}/posture`, { key: stranger.apiKey })).status).toBe(404);
  });
});

describe('Query.followingPosture', () => {
  it('gives one row per followed organization, as the independent SQL counts it, and is ordered', async () => {
    const res = await t.graphql(
      `query($org: ID!) { followingPosture(organizationId: $org, orderBy: { field: OPEN, direction: DESC }) {
          totalCount nodes { organization { id } open ${COUNTS} overdue ${COUNTS} trendDelta grade } } }`,
      { org: followerAdmin.organizationId },
      followerAdmin.apiKey,
    );
    expect(res.body.errors).toBeUndefined();
    const open = await independentOpenAt(new Date(Date.now() + 60_000).toISOString());
    const overdue = await independentOverdue();
    const thirtyDaysAgo = await independentOpenAt(new Date(Date.now() - 30 * DAY).toISOString());
    expect(res.body.data.followingPosture).toEqual({
      totalCount: 1,
      nodes: [{ organization: { id: org }, open, overdue, trendDelta: open.total - thirtyDaysAgo.total, grade: gradeOf(open, overdue) }],
    });
    const stranger = await t.graphql(
      `query($org: ID!) { followingPosture(organizationId: $org) { totalCount } }`,
      { org: followerAdmin.organizationId },
      admin.apiKey,
    );
    expect(stranger.body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});

describe('REST', () => {
  it('answers each route with what GraphQL answers', async () => {
    const key = { key: admin.apiKey };
    const now = await t.rest('GET', `/organizations/${org}/posture`, key);
    expect(now.status).toBe(200);
    expect(now.body).toEqual((await posture(POSTURE_NOW)).data.posture);
    const trend = await t.rest('GET', `/organizations/${org}/posture/trend?from=${dayOffset(today(), -6)}&to=${today()}&severities=CRITICAL`, key);
    expect(trend.status).toBe(200);
    expect(trend.body.days).toHaveLength(7);
    expect(trend.body.days.every((d: { open: Counts }) => d.open.total === d.open.critical)).toBe(true);
    const breakdown = await t.rest('GET', `/organizations/${org}/posture/breakdown?by=rule&size=2`, key);
    expect(breakdown.status).toBe(200);
    expect(breakdown.body.data).toHaveLength(2);
    expect(typeof breakdown.body.cursor).toBe('string');
    const ttr = await t.rest('GET', `/organizations/${org}/posture/time-to-resolve?from=${dayOffset(today(), -365)}`, key);
    expect(ttr.body.data.map((r: { severity: string }) => r.severity)).toEqual([...SEVERITIES]);
    const freshness = await t.rest('GET', `/organizations/${org}/posture/scan-freshness`, key);
    expect(freshness.body.data).toHaveLength(2);
    expect((await t.rest('GET', `/organizations/${org}/posture/scan-freshness`, { key: followerAdmin.apiKey })).status).toBe(404);
    const followed = await t.rest('GET', `/organizations/${followerAdmin.organizationId}/followings/posture?order=overdue&sort=desc`, {
      key: followerAdmin.apiKey,
    });
    expect(followed.status).toBe(200);
    expect(followed.body.data).toHaveLength(1);
    expect(followed.body.data[0]).toMatchObject({ organization: { id: org }, grade: now.body.grade });
  });
});
