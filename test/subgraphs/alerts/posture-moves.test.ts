import { createScanTarget, type Finding, ingestFindings, insertRules } from '../../support/posture-fixture';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * Issue 33: the trend, trendDelta and time to resolve read alerts.posture_moves (the opening and
 * resolution rows of alert_history with their alert's current severity, rule, scan target and
 * compliances), which triggers keep (migration 20261202000200_posture_moves). These prove it stays
 * exact under every kind of write the aggregates' fixtures in test/subgraphs/alerts/posture.test.ts do not make: a
 * rescan that changes an alert's severity and compliances, history rows moved in time (the seed's
 * spread) and deleted (retention's purge), an alert deleted.
 */
let t: TestVigil;
let admin: Account;
let org: string;
let target: string;
const pool = () => t.vigil.db.pool;
const DAY = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO'] as const;

const ingest = (findings: Finding[]) => ingestFindings(t, admin, target, findings);

/** The table's definition, recomputed from the history and the alerts as they are now. */
const DEFINITION = `
  SELECT h.seq::text, h."alertId", h."organizationId", h."createdAt", h.operation = 'CLOSE' AS resolution, h."openedAt",
         a.severity, a."scanTargetId", a.rule, a.compliances
    FROM alerts.alert_history h JOIN alerts.alerts a ON a.id = h."alertId"
   WHERE h.operation = 'CLOSE' OR (h.state <> 'CLOSED' AND h."openedAt" = h."createdAt")
   ORDER BY h.seq`;
const TABLE = `
  SELECT seq::text, "alertId", "organizationId", "createdAt", resolution, "openedAt", severity, "scanTargetId", rule, compliances
    FROM alerts.posture_moves ORDER BY seq`;

async function expectTableEqualsDefinition() {
  const [table, definition] = await Promise.all([pool().query(TABLE), pool().query(DEFINITION)]);
  expect(definition.rows.length).toBeGreaterThan(0);
  expect(table.rows).toEqual(definition.rows);
}

/**
 * Independent: each history row with the state before it (in seq order), under the alert's current
 * severity; an opening is a move from nothing or CLOSED to an open state, a resolution a move to CLOSED.
 */
async function independentMoves(date: string, compliance?: string) {
  const { rows } = await pool().query<{ severity: string; opened: number; resolved: number }>(
    `WITH replay AS (
       SELECT a.severity, a.compliances, h."createdAt" AS at, h.state, lag(h.state) OVER (PARTITION BY h."alertId" ORDER BY h.seq) AS before
         FROM alerts.alerts a JOIN alerts.alert_history h ON h."alertId" = a.id WHERE a."organizationId" = $1)
     SELECT severity,
            count(*) FILTER (WHERE state <> 'CLOSED' AND (before IS NULL OR before = 'CLOSED'))::int AS opened,
            count(*) FILTER (WHERE state = 'CLOSED' AND before <> 'CLOSED')::int AS resolved
       FROM replay WHERE at >= $2::date AT TIME ZONE 'UTC' AND at < ($2::date + 1) AT TIME ZONE 'UTC'
        AND ($3::text IS NULL OR compliances @> ARRAY[$3::text])
      GROUP BY severity`,
    [org, date, compliance ?? null],
  );
  const of = (kind: 'opened' | 'resolved') => Object.fromEntries(SEVERITIES.map((s) => [s.toLowerCase(), rows.find((r) => r.severity === s)?.[kind] ?? 0]));
  return { opened: of('opened'), resolved: of('resolved') };
}

async function trendDay(date: string, compliance?: string) {
  const counts = '{ critical high medium low info }';
  const res = await t.graphql(
    `query($org: ID!, $from: String!, $filter: PostureFilter) { posture(organizationId: $org) {
       trend(input: { from: $from, to: $from, filter: $filter }) { days { date opened ${counts} resolved ${counts} } } } }`,
    { org, from: date, filter: compliance ? { compliances: [compliance] } : null },
    admin.apiKey,
  );
  expect(res.body.errors).toBeUndefined();
  const [day] = res.body.data.posture.trend.days;
  return { opened: day.opened, resolved: day.resolved };
}

beforeAll(async () => {
  t = await startTestVigil();
  admin = await t.bootstrap('admin@posture-moves.example', 'Posture Moves Corp');
  org = admin.organizationId;
  await insertRules(t, [
    ['moves-high', 'HIGH', ['LGPD'], 30],
    ['moves-low', 'LOW', [], null],
  ]);
  target = await createScanTarget(t, admin, 'moves-prod');
  await ingest([
    { rule: 'moves-high', resource: 'r-1' },
    { rule: 'moves-low', resource: 'r-2' },
    { rule: 'moves-high', resource: 'r-3' },
  ]);
  await ingest([
    { rule: 'moves-high', resource: 'r-1' },
    { rule: 'moves-high', resource: 'r-3' },
  ]); // r-2 closed
  // r-1 found again as CRITICAL with other compliances (an UPDATE of the alert); r-2 reopened.
  await ingest([
    { rule: 'moves-high', resource: 'r-1', severity: 'CRITICAL', compliances: ['PCI-3'] },
    { rule: 'moves-low', resource: 'r-2' },
    { rule: 'moves-high', resource: 'r-3' },
  ]);
}, 120_000);
afterAll(() => t?.close());

it('counts every opening and resolution under its alert’s current severity and compliances after a rescan changed them, as the replay does', async () => {
  const today = dateOf(Date.now());
  const trend = await trendDay(today);
  expect(trend).toEqual(await independentMoves(today));
  expect(trend.opened).toMatchObject({ critical: 1, high: 1, low: 2 }); // r-1 (now CRITICAL), r-3; r-2 opened twice
  expect(await trendDay(today, 'PCI-3')).toEqual(await independentMoves(today, 'PCI-3'));
  expect((await trendDay(today, 'PCI-3')).opened).toMatchObject({ critical: 1, high: 0 });
  expect((await trendDay(today, 'LGPD')).opened).toMatchObject({ critical: 0, high: 1 });
  await expectTableEqualsDefinition();
});

it('stays equal to its definition when history rows move in time, are purged, and when an alert is deleted', async () => {
  const { rows } = await pool().query<{ id: string; resource: string }>(
    `SELECT id, resource FROM alerts.alerts WHERE "organizationId" = $1 ORDER BY resource`,
    [org],
  );
  const id = (resource: string) => rows.find((r) => r.resource === resource)?.id;
  // The seed's spread: an alert's history rows (and their openedAt) moved three days back.
  await pool().query(
    `UPDATE alerts.alert_history SET "createdAt" = "createdAt" - interval '3 days', "openedAt" = "openedAt" - interval '3 days' WHERE "alertId" = $1`,
    [id('r-2')],
  );
  await expectTableEqualsDefinition();
  const threeDaysAgo = dateOf(Date.now() - 3 * DAY);
  expect(await trendDay(threeDaysAgo)).toEqual(await independentMoves(threeDaysAgo));
  expect((await trendDay(threeDaysAgo)).opened.low).toBe(2);
  // Retention's purge: history older than two days deleted.
  await pool().query(`DELETE FROM alerts.alert_history WHERE "createdAt" < now() - interval '2 days'`);
  await expectTableEqualsDefinition();
  expect((await trendDay(threeDaysAgo)).opened.low).toBe(0);
  // An alert deleted (its history left behind).
  await pool().query(`DELETE FROM alerts.alerts WHERE id = $1`, [id('r-3')]);
  await expectTableEqualsDefinition();
  const today = dateOf(Date.now());
  expect(await trendDay(today)).toEqual(await independentMoves(today));
});
