import { createScanTarget, type Finding, ingestFindings, insertRules } from '../../support/posture-fixture';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * Issue 33: posture now's and the followed comparison's open and overdue counts read
 * alerts.posture_open_counts (open alerts per organization, severity and due week), kept by triggers on
 * the alerts (migration 20261202000500_posture_open_counts), with the current week's due alerts and the
 * deleted scan targets' alerts settled at read time. These prove the table stays equal to its
 * definition, and the counts to an independent SQL over the alerts, after inserts, hand state
 * changes, rescans (closing, reopening, changing a severity), alerts due on either side of now in the
 * current week, a scan target deleted and an alert deleted.
 */
let t: TestVigil;
let admin: Account;
let org: string;
let target: string;
let other: string;
const pool = () => t.vigil.db.pool;
const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO'] as const;

const ingest = (scanTarget: string, findings: Finding[]) => ingestFindings(t, admin, scanTarget, findings);

/** The table's definition, over the alerts as they are now (due week in plain epoch arithmetic). */
const DEFINITION = `
  SELECT a."organizationId", a.severity,
         CASE WHEN a."timelinessThreshold" IS NULL THEN 2147483647
              ELSE floor((extract(epoch FROM COALESCE(a."openedAt", a."createdAt")) + a."timelinessThreshold" * 86400) / 604800)::int END AS "dueWeek",
         count(*)::int AS count
    FROM alerts.alerts a WHERE a.state <> 'CLOSED' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
const TABLE = `SELECT "organizationId", severity, "dueWeek", count FROM alerts.posture_open_counts WHERE count <> 0 ORDER BY 1, 2, 3`;

async function expectTableEqualsDefinition() {
  const [table, definition] = await Promise.all([pool().query(TABLE), pool().query(DEFINITION)]);
  expect(definition.rows.length).toBeGreaterThan(0);
  expect(table.rows).toEqual(definition.rows);
}

/** Independent: the open alerts of live scan targets, and those open longer than their threshold. */
async function independentNow() {
  const { rows } = await pool().query<{ severity: string; open: number; overdue: number }>(
    `SELECT a.severity, count(*)::int AS open,
            count(*) FILTER (WHERE a."timelinessThreshold" IS NOT NULL
                               AND extract(epoch FROM now() - COALESCE(a."openedAt", a."createdAt")) > a."timelinessThreshold" * 86400)::int AS overdue
       FROM alerts.alerts a JOIN alerts.scan_targets st ON st.id = a."scanTargetId" AND st."deletedAt" IS NULL
      WHERE a."organizationId" = $1 AND a.state <> 'CLOSED' GROUP BY a.severity`,
    [org],
  );
  const of = (kind: 'open' | 'overdue') => {
    const counts: Record<string, number> = Object.fromEntries(SEVERITIES.map((s) => [s.toLowerCase(), rows.find((r) => r.severity === s)?.[kind] ?? 0]));
    counts.total = SEVERITIES.reduce((n, s) => n + counts[s.toLowerCase()], 0);
    return counts;
  };
  return { open: of('open'), overdue: of('overdue') };
}

async function postureNow() {
  const counts = '{ critical high medium low info total }';
  const res = await t.graphql(`query($org: ID!) { posture(organizationId: $org) { open ${counts} overdue ${counts} } }`, { org }, admin.apiKey);
  expect(res.body.errors).toBeUndefined();
  return res.body.data.posture;
}

async function expectExact() {
  await expectTableEqualsDefinition();
  const independent = await independentNow();
  expect(await postureNow()).toEqual(independent);
  return independent;
}

const alertId = async (resource: string) =>
  (await pool().query<{ id: string }>(`SELECT id FROM alerts.alerts WHERE "organizationId" = $1 AND resource = $2`, [org, resource])).rows[0].id;

beforeAll(async () => {
  t = await startTestVigil();
  admin = await t.bootstrap('admin@posture-open-counts.example', 'Posture Open Counts Corp');
  org = admin.organizationId;
  await insertRules(t, [
    ['counts-high', 'HIGH', [], 30],
    ['counts-low', 'LOW', [], null],
    ['counts-crit', 'CRITICAL', [], 2],
  ]);
  target = await createScanTarget(t, admin, 'counts-prod');
  other = await createScanTarget(t, admin, 'counts-doomed');
}, 120_000);
afterAll(() => t?.close());

it('stays exact through inserts, rescans, hand state changes and alerts due on either side of now', async () => {
  await ingest(target, [
    { rule: 'counts-high', resource: 'r-1' },
    { rule: 'counts-low', resource: 'r-2' },
    { rule: 'counts-high', resource: 'r-3' },
    { rule: 'counts-crit', resource: 'r-4' },
    { rule: 'counts-crit', resource: 'r-5' },
  ]);
  expect((await expectExact()).open.total).toBe(5);
  // A rescan closes r-2 and r-3, finds r-1 as CRITICAL.
  await ingest(target, [
    { rule: 'counts-high', resource: 'r-1', severity: 'CRITICAL' },
    { rule: 'counts-crit', resource: 'r-4' },
    { rule: 'counts-crit', resource: 'r-5' },
  ]);
  expect((await expectExact()).open).toMatchObject({ critical: 3, high: 0, low: 0 });
  // Hand moves: between open states (no net change), and out of CLOSED.
  for (const [resource, state] of [
    ['r-1', 'IN_PROGRESS'],
    ['r-3', 'RISK_ACCEPTED'],
  ]) {
    const res = await t.rest('PUT', `/organizations/${org}/scantargets/${target}/alerts/${await alertId(resource)}`, { key: admin.apiKey, body: { state } });
    expect(res.status).toBe(200);
  }
  expect((await expectExact()).open.high).toBe(1);
  // Overdue: r-4 opened 3 days ago (2-day threshold: a day overdue), r-5 due one minute ago and r-1 due in
  // one minute (both within the current week or at its edge), r-3 30 days and one second ago.
  const setOpened = (resource: string, sql: string) =>
    pool().query(`UPDATE alerts.alerts SET "openedAt" = ${sql} WHERE "organizationId" = $1 AND resource = $2`, [org, resource]);
  await setOpened('r-4', `now() - interval '3 days'`);
  await setOpened('r-5', `now() - interval '2 days' - interval '1 minute'`);
  await setOpened('r-1', `now() - interval '2 days' + interval '1 minute'`);
  await setOpened('r-3', `now() - interval '30 days' - interval '1 second'`);
  const now = await expectExact();
  expect(now.overdue).toMatchObject({ critical: 2, high: 1, total: 3 });
});

it('leaves out a deleted scan target’s alerts and forgets a deleted alert', async () => {
  await ingest(other, [
    { rule: 'counts-crit', resource: 'd-1' },
    { rule: 'counts-low', resource: 'd-2' },
  ]);
  await pool().query(`UPDATE alerts.alerts SET "openedAt" = now() - interval '10 days' WHERE "organizationId" = $1 AND resource = 'd-1'`, [org]);
  const before = await expectExact();
  expect(before.overdue.critical).toBe(3);
  expect((await t.rest('DELETE', `/organizations/${org}/scantargets/${other}`, { key: admin.apiKey })).status).toBe(200);
  const after = await expectExact();
  expect(after.open.total).toBe(before.open.total - 2);
  expect(after.overdue.critical).toBe(2);
  // Its alerts, still open in the table, are subtracted at read time: the table itself still counts them.
  const { rows } = await pool().query(`SELECT sum(count)::int AS n FROM alerts.posture_open_counts WHERE "organizationId" = $1`, [org]);
  expect(rows[0].n).toBe(after.open.total + 2);
  await pool().query(`DELETE FROM alerts.alerts WHERE id = $1`, [await alertId('r-4')]);
  expect((await expectExact()).overdue.critical).toBe(1);
});
