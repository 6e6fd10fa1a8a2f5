import { alertsOf, changeStatesAtRandom, createScanTarget, insertRules, rescanAtRandom, SEVERITIES, seededRandom } from '../../support/posture-fixture';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * Issue 33: the unfiltered trend and the one filtered by severity read alerts.posture_daily (openings and
 * resolutions per organization, UTC day and severity, kept by triggers on posture_moves: migration
 * 20261202000700_posture_daily), less the deleted scan targets' moves; a filter on one of scan target, rule
 * and compliance reads alerts.posture_daily_keys and posture_open_keys (the same per key, and the open alerts
 * per key: migration 20261202001000_posture_keys; rules with compliance tags, the pair's key: migration
 * 20261202001200_posture_rule_compliance_keys); scan targets with another one read the named scan targets'
 * moves. Over rounds of
 * random writes — rescans creating, closing, reopening alerts and changing their severity and compliances,
 * hand state changes (out of CLOSED too), an alert's history moved back in time (the seed's spread), an
 * alert deleted, a scan target deleted — each table stays equal to its definition over the history and the
 * alerts, and the 365-day trend through each source equals a replay of every alert's history rows in order.
 */
let t: TestVigil;
let admin: Account;
let org: string;
const targets: string[] = [];
const pool = () => t.vigil.db.pool;
/** What a rescan may find: the resources, the rule of each (by index), the compliances a finding may have (undefined: its rule's). */
const RESCAN = {
  resources: 14,
  rules: ['daily-plain', 'daily-pci'],
  compliances: [undefined, undefined, ['PCI'], ['SOX', 'PCI'], ['CIS']],
};
const random = seededRandom(33);
const { next, pick } = random;

/** The table's definition: the history's openings and resolutions under their alert's current severity. */
const DEFINITION = `
  SELECT h."organizationId", to_char((h."createdAt" AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, a.severity,
         (count(*) FILTER (WHERE h.operation <> 'CLOSE'))::int AS opened, (count(*) FILTER (WHERE h.operation = 'CLOSE'))::int AS resolved
    FROM alerts.alert_history h JOIN alerts.alerts a ON a.id = h."alertId"
   WHERE h.operation = 'CLOSE' OR (h.state <> 'CLOSED' AND h."openedAt" = h."createdAt")
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
const TABLE = `
  SELECT "organizationId", to_char(day, 'YYYY-MM-DD') AS day, severity, opened, resolved
    FROM alerts.posture_daily WHERE opened <> 0 OR resolved <> 0 ORDER BY 1, 2, 3`;
/** The keyed tables' definitions: the same moves, and the open alerts, per scan target, rule, compliance set and (rule, compliance set). */
const KEYS = `(VALUES ('SCAN_TARGET', a."scanTargetId"::text), ('RULE', a.rule), ('COMPLIANCE', a.compliances::text),
                      ('RULE+COMPLIANCE', ARRAY[a.rule, a.compliances::text]::text)) AS k(dimension, key)`;
const KEYS_DEFINITION = `
  SELECT h."organizationId", k.dimension, k.key, to_char((h."createdAt" AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, a.severity,
         (count(*) FILTER (WHERE h.operation <> 'CLOSE'))::int AS opened, (count(*) FILTER (WHERE h.operation = 'CLOSE'))::int AS resolved
    FROM alerts.alert_history h JOIN alerts.alerts a ON a.id = h."alertId" CROSS JOIN LATERAL ${KEYS}
   WHERE h.operation = 'CLOSE' OR (h.state <> 'CLOSED' AND h."openedAt" = h."createdAt")
   GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`;
const KEYS_TABLE = `
  SELECT "organizationId", dimension, key, to_char(day, 'YYYY-MM-DD') AS day, severity, opened, resolved
    FROM alerts.posture_daily_keys WHERE opened <> 0 OR resolved <> 0 ORDER BY 1, 2, 3, 4, 5`;
const OPEN_KEYS_DEFINITION = `
  SELECT a."organizationId", k.dimension, k.key, a.severity, count(*)::int AS count
    FROM alerts.alerts a CROSS JOIN LATERAL ${KEYS} WHERE a.state <> 'CLOSED' GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`;
const OPEN_KEYS_TABLE = `
  SELECT "organizationId", dimension, key, severity, count FROM alerts.posture_open_keys WHERE count <> 0 ORDER BY 1, 2, 3, 4`;

interface Filter {
  severities?: string[];
  compliances?: string[];
  scanTargetIds?: string[];
  rules?: string[];
}

type Counts = Record<string, number>;
interface Day {
  date: string;
  open: Counts;
  opened: Counts;
  resolved: Counts;
}

/**
 * Independent: every history row of the organization's alerts on live scan targets with the state before
 * it (seq order), under the alert's current severity; per UTC day of the range, the moves from nothing or
 * CLOSED to an open state, the moves to CLOSED, and the alerts whose last row by the day's end is open.
 */
async function replay(from: string, to: string, filter: Filter): Promise<Day[]> {
  const { rows } = await pool().query<{ date: string; severity: string; opened: number; resolved: number; open: number }>(
    `WITH rows AS (
       SELECT a.id, a.severity, h.seq, h."createdAt" AS at, h.state, lag(h.state) OVER (PARTITION BY h."alertId" ORDER BY h.seq) AS before
         FROM alerts.alerts a
         JOIN alerts.scan_targets st ON st.id = a."scanTargetId" AND st."deletedAt" IS NULL
         JOIN alerts.alert_history h ON h."alertId" = a.id
        WHERE a."organizationId" = $1 AND ($4::text[] IS NULL OR a.severity = ANY($4)) AND ($5::text[] IS NULL OR a.compliances && $5)
          AND ($7::uuid[] IS NULL OR a."scanTargetId" = ANY($7)) AND ($8::text[] IS NULL OR a.rule = ANY($8))),
     days AS (SELECT d::date AS day FROM generate_series($2::date, $3::date, interval '1 day') d)
     SELECT to_char(days.day, 'YYYY-MM-DD') AS date, s.severity,
            (SELECT count(*) FROM rows r WHERE r.severity = s.severity AND (r.at AT TIME ZONE 'UTC')::date = days.day
                AND r.state <> 'CLOSED' AND (r.before IS NULL OR r.before = 'CLOSED'))::int AS opened,
            (SELECT count(*) FROM rows r WHERE r.severity = s.severity AND (r.at AT TIME ZONE 'UTC')::date = days.day
                AND r.state = 'CLOSED' AND r.before <> 'CLOSED')::int AS resolved,
            (SELECT count(*) FROM (SELECT DISTINCT ON (r.id) r.state FROM rows r
                                    WHERE r.severity = s.severity AND r.at < (days.day + 1)::timestamp AT TIME ZONE 'UTC' ORDER BY r.id, r.seq DESC) last
              WHERE last.state <> 'CLOSED')::int AS open
       FROM days CROSS JOIN unnest($6::text[]) AS s(severity)
      ORDER BY days.day`,
    [org, from, to, filter.severities ?? null, filter.compliances ?? null, SEVERITIES, filter.scanTargetIds ?? null, filter.rules ?? null],
  );
  const days = new Map<string, Day>();
  for (const row of rows) {
    let day = days.get(row.date);
    if (!day) {
      day = { date: row.date, open: {}, opened: {}, resolved: {} };
      days.set(row.date, day);
    }
    const key = row.severity.toLowerCase();
    day.open[key] = row.open;
    day.opened[key] = row.opened;
    day.resolved[key] = row.resolved;
  }
  return [...days.values()];
}

async function trend(from: string, to: string, filter: Filter): Promise<Day[]> {
  const counts = '{ critical high medium low info }';
  const res = await t.graphql(
    `query($org: ID!, $input: PostureTrendInput!) { posture(organizationId: $org) {
       trend(input: $input) { days { date open ${counts} opened ${counts} resolved ${counts} } } } }`,
    { org, input: { from, to, filter } },
    admin.apiKey,
  );
  expect(res.body.errors).toBeUndefined();
  return res.body.data.posture.trend.days;
}

const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);

async function expectExact() {
  for (const [tableSql, definitionSql] of [
    [TABLE, DEFINITION],
    [KEYS_TABLE, KEYS_DEFINITION],
    [OPEN_KEYS_TABLE, OPEN_KEYS_DEFINITION],
  ]) {
    const [table, definition] = await Promise.all([pool().query(tableSql), pool().query(definitionSql)]);
    expect(definition.rows.length).toBeGreaterThan(0);
    expect(table.rows).toEqual(definition.rows);
  }
  const [from, to] = [day(364), day(0)];
  // posture_daily (no filter, severities), posture_daily_keys (one of scan target, rule, compliances: a tag
  // set, any of them; or rules with tags: the pair) and the named scan targets' moves (scan targets with a
  // rule or tags) against the replay.
  const filters: Filter[] = [
    {},
    { severities: ['CRITICAL', 'LOW'] },
    { compliances: ['PCI'] },
    { compliances: ['SOX', 'CIS'], severities: ['HIGH', 'LOW', 'INFO'] },
    { scanTargetIds: [targets[0]] },
    { scanTargetIds: [targets[1]], severities: ['MEDIUM', 'HIGH'] },
    { rules: ['daily-pci'] },
    { rules: ['daily-plain'], compliances: ['PCI', 'SOX'] },
    { rules: ['daily-pci', 'daily-plain'], compliances: ['CIS', 'SOX'], severities: ['HIGH', 'MEDIUM', 'INFO'] },
    { rules: ['daily-pci'], compliances: ['PCI'] },
    { scanTargetIds: [targets[0]], rules: ['daily-pci'] },
    { scanTargetIds: [targets[1]], compliances: ['PCI'], severities: ['CRITICAL', 'HIGH', 'LOW'] },
    { scanTargetIds: targets, rules: ['daily-plain'], compliances: ['SOX', 'CIS'] },
  ];
  for (const filter of filters) {
    const [answer, expected] = await Promise.all([trend(from, to, filter), replay(from, to, filter)]);
    expect(answer).toHaveLength(365);
    expect(answer).toEqual(expected);
  }
}

const rescan = (target: string) => rescanAtRandom(t, admin, target, random, RESCAN);
const alerts = () => alertsOf(t, admin);
const handMoves = () => changeStatesAtRandom(t, admin, random);

/** The seed's spread: a random alert's whole history moved back 1-400 days (its order kept). */
async function spread() {
  const all = await alerts();
  if (!all.length) return;
  const days = 1 + Math.floor(next() * 400);
  await pool().query(
    `UPDATE alerts.alert_history SET "createdAt" = "createdAt" - $2::int * interval '1 day', "openedAt" = "openedAt" - $2::int * interval '1 day'
      WHERE "alertId" = $1`,
    [pick(all).id, days],
  );
}

beforeAll(async () => {
  t = await startTestVigil();
  admin = await t.bootstrap('admin@posture-daily.example', 'Posture Daily Corp');
  org = admin.organizationId;
  await insertRules(t, [
    ['daily-pci', 'HIGH', ['PCI'], 30],
    ['daily-plain', 'LOW', [], null],
  ]);
  for (const name of ['daily-prod', 'daily-doomed']) targets.push(await createScanTarget(t, admin, name));
}, 120_000);
afterAll(() => t?.close());

it('equals the replay of the history after rescans, hand state changes and history moved in time', async () => {
  for (let round = 0; round < 6; round++) {
    await rescan(targets[round % 2]);
    await handMoves();
    await spread();
    await spread();
    await expectExact();
  }
}, 180_000);

it('equals it after an alert is deleted and a scan target is deleted (its moves subtracted at read time)', async () => {
  await rescan(targets[1]);
  await spread();
  const [alert] = await alerts();
  await pool().query(`DELETE FROM alerts.alerts WHERE id = $1`, [alert.id]);
  await expectExact();
  const before = await trend(day(364), day(0), {});
  expect((await t.rest('DELETE', `/organizations/${org}/scantargets/${targets[1]}`, { key: admin.apiKey })).status).toBe(200);
  await expectExact();
  // The table still counts the deleted target's moves: the trend is smaller by them.
  const opened = (days: Day[]) => days.reduce((n, d) => n + SEVERITIES.reduce((m, s) => m + d.opened[s.toLowerCase()], 0), 0);
  expect(opened(await trend(day(364), day(0), {}))).toBeLessThan(opened(before));
}, 120_000);
