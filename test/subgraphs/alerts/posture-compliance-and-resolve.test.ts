import type pg from 'pg';
import { postureTimeToResolve } from '../../../subgraphs/alerts/posture/aggregates';
import { dayRange } from '../../../subgraphs/alerts/posture/ranges';
import { alertsOf, changeStatesAtRandom, createScanTarget, insertRules, rescanAtRandom, SEVERITIES, seededRandom } from '../../support/posture-fixture';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * Issue 33: the breakdown by COMPLIANCE reads the open alerts per compliance set kept in
 * alerts.posture_open_keys (each set's count under each of its tags, less the deleted scan targets' open
 * alerts), and the time to resolve reads the resolutions alone (posture_moves_resolutions_idx, migration
 * 20261202001100). Over rounds of random writes — rescans creating, closing and reopening alerts and
 * changing their severity and compliances, hand state changes (out of CLOSED too), histories moved back in
 * time, an alert deleted, a scan target deleted — both equal an independent SQL over the alerts and a replay
 * of their history rows in order, under filters.
 */
let t: TestVigil;
let admin: Account;
let org: string;
const targets: string[] = [];
const pool = () => t.vigil.db.pool;
/** What a rescan may find: the resources, the rule of each (by index), the compliances a finding may have (undefined: its rule's). */
const RESCAN = {
  resources: 16,
  rules: ['cr-pci', 'cr-plain', 'cr-cis'],
  compliances: [undefined, undefined, ['PCI'], ['SOX', 'PCI'], ['CIS'], []],
};

interface Filter {
  severities?: string[];
  compliances?: string[];
  scanTargetIds?: string[];
  rules?: string[];
}

const random = seededRandom(1100);
const { next, pick } = random;
const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);

/** The filter's conditions on alert `a` as the alert list applies them ($2 severities, $3 compliances, $4 targets, $5 rules). */
const FILTERED = `($2::text[] IS NULL OR a.severity = ANY($2)) AND ($3::text[] IS NULL OR a.compliances && $3)
  AND ($4::uuid[] IS NULL OR a."scanTargetId" = ANY($4)) AND ($5::text[] IS NULL OR a.rule = ANY($5))`;
const filterValues = (filter: Filter) => [filter.severities ?? null, filter.compliances ?? null, filter.scanTargetIds ?? null, filter.rules ?? null];

/** Independent: the open alerts of live scan targets under the filter, one row per (tag, severity). */
async function independentBreakdown(filter: Filter) {
  const { rows } = await pool().query<{ key: string; severity: string; n: number }>(
    `SELECT tag AS key, a.severity, count(*)::int AS n
       FROM alerts.alerts a JOIN alerts.scan_targets st ON st.id = a."scanTargetId" AND st."deletedAt" IS NULL, unnest(a.compliances) tag
      WHERE a."organizationId" = $1 AND a.state <> 'CLOSED' AND ${FILTERED}
      GROUP BY 1, 2`,
    [org, ...filterValues(filter)],
  );
  const groups = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const counts = groups.get(row.key) ?? Object.fromEntries([...SEVERITIES.map((s) => [s.toLowerCase(), 0]), ['total', 0]]);
    counts[row.severity.toLowerCase()] += row.n;
    counts.total += row.n;
    groups.set(row.key, counts);
  }
  return [...groups.entries()]
    .map(([key, counts]) => ({ key, label: key, counts }))
    .sort((x, y) => y.counts.total - x.counts.total || (x.key < y.key ? -1 : 1));
}

/**
 * Independent: each history row of the live alerts the filter keeps with the state before it (seq order); a
 * resolution is a move to CLOSED, its hours from the last opening before it (a move from nothing or CLOSED).
 */
async function independentTimeToResolve(from: string, to: string, filter: Filter) {
  const { rows } = await pool().query<{ severity: string; resolved: number; median: number; p90: number }>(
    `WITH replay AS (
       SELECT a.id, a.severity, h.seq, h."createdAt" AS at, h.state, lag(h.state) OVER (PARTITION BY h."alertId" ORDER BY h.seq) AS before
         FROM alerts.alerts a
         JOIN alerts.scan_targets st ON st.id = a."scanTargetId" AND st."deletedAt" IS NULL
         JOIN alerts.alert_history h ON h."alertId" = a.id
        WHERE a."organizationId" = $1 AND ${FILTERED}),
     marked AS (
       SELECT *, (state <> 'CLOSED' AND (before IS NULL OR before = 'CLOSED')) AS opening, (state = 'CLOSED' AND before <> 'CLOSED') AS closing FROM replay),
     resolutions AS (
       SELECT c.severity, extract(epoch FROM c.at - (SELECT max(o.at) FROM marked o WHERE o.id = c.id AND o.opening AND o.seq < c.seq)) / 3600.0 AS hours
         FROM marked c WHERE c.closing AND c.at >= $6::date::timestamp AT TIME ZONE 'UTC' AND c.at < ($7::date + 1)::timestamp AT TIME ZONE 'UTC')
     SELECT severity, count(*)::int AS resolved, percentile_cont(0.5) WITHIN GROUP (ORDER BY hours) AS median,
            percentile_cont(0.9) WITHIN GROUP (ORDER BY hours) AS p90
       FROM resolutions GROUP BY severity`,
    [org, ...filterValues(filter), from, to],
  );
  return SEVERITIES.map((severity) => {
    const row = rows.find((r) => r.severity === severity);
    return { severity, resolved: row?.resolved ?? 0, medianHours: row ? Number(row.median) : null, p90Hours: row ? Number(row.p90) : null };
  });
}

async function posture(selection: string, variables: Record<string, unknown>, args: string) {
  const res = await t.graphql(`query($org: ID! ${args}) { posture(organizationId: $org) { ${selection} } }`, { org, ...variables }, admin.apiKey);
  expect(res.body.errors).toBeUndefined();
  return res.body.data.posture;
}

const FILTERS: Filter[] = [
  {},
  { severities: ['CRITICAL', 'HIGH', 'LOW'] },
  { compliances: ['PCI'] },
  { compliances: ['SOX', 'CIS'], severities: ['HIGH', 'MEDIUM', 'INFO'] },
  { scanTargetIds: [] as string[] }, // replaced by the first target in expectExact
  { rules: ['cr-pci'], compliances: ['PCI', 'CIS'] },
];
const filters = () => FILTERS.map((filter) => (filter.scanTargetIds ? { scanTargetIds: [targets[0]] } : filter));

/** Groups and resolutions the comparisons saw: a comparison of empty answers proves nothing. */
const seen = { groups: 0, resolutions: 0 };

async function expectExact() {
  for (const filter of filters()) {
    const counts = '{ critical high medium low info total }';
    const answer = await posture(
      `breakdown(input: { by: COMPLIANCE, filter: $filter }, first: 100) { totalCount nodes { key label counts ${counts} } }`,
      { filter },
      ', $filter: PostureFilter',
    );
    const expected = await independentBreakdown(filter);
    expect(answer.breakdown.nodes).toEqual(expected);
    expect(answer.breakdown.totalCount).toBe(expected.length);
    seen.groups += expected.length;
    for (const [from, to] of [
      [day(365), day(0)],
      [day(29), day(0)],
      [day(40), day(20)],
    ]) {
      const { timeToResolve } = await posture(
        `timeToResolve(input: { from: $from, to: $to, filter: $filter }) { severity resolved medianHours p90Hours }`,
        { from, to, filter },
        ', $from: String, $to: String, $filter: PostureFilter',
      );
      const independent = await independentTimeToResolve(from, to, filter);
      expect(timeToResolve.map((r: { severity: string; resolved: number }) => [r.severity, r.resolved])).toEqual(
        independent.map((r) => [r.severity, r.resolved]),
      );
      timeToResolve.forEach((r: { medianHours: number | null; p90Hours: number | null }, i: number) => {
        for (const key of ['medianHours', 'p90Hours'] as const) {
          const want = independent[i][key];
          if (want === null) expect(r[key]).toBeNull();
          else expect(Math.abs((r[key] as number) - want)).toBeLessThanOrEqual(Math.abs(want) * 1e-12);
        }
      });
      seen.resolutions += independent.reduce((n, r) => n + r.resolved, 0);
    }
  }
}

const rescan = (target: string) => rescanAtRandom(t, admin, target, random, RESCAN);
const alerts = () => alertsOf(t, admin);
const handMoves = () => changeStatesAtRandom(t, admin, random);

/**
 * An alert and its whole history moved back 1-300 days and some minutes (as the seed's spread keeps them
 * consistent: a later CLOSE row takes the alert's openedAt): resolutions on past days, hours apart.
 */
async function spread() {
  const all = await alerts();
  if (!all.length) return;
  const shift = `($2::int * interval '1 day' + $3::int * interval '1 minute')`;
  await pool().query(
    `WITH history AS (
       UPDATE alerts.alert_history SET "createdAt" = "createdAt" - ${shift}, "openedAt" = "openedAt" - ${shift}, "resolvedAt" = "resolvedAt" - ${shift}
        WHERE "alertId" = $1 RETURNING seq)
     UPDATE alerts.alerts SET "createdAt" = "createdAt" - ${shift}, "openedAt" = "openedAt" - ${shift}, "resolvedAt" = "resolvedAt" - ${shift}
      WHERE id = $1`,
    [pick(all).id, 1 + Math.floor(next() * 300), Math.floor(next() * 1000)],
  );
}

beforeAll(async () => {
  t = await startTestVigil();
  admin = await t.bootstrap('admin@posture-cr.example', 'Posture Compliance Corp');
  org = admin.organizationId;
  await insertRules(t, [
    ['cr-pci', 'HIGH', ['PCI'], 30],
    ['cr-plain', 'LOW', [], null],
    ['cr-cis', 'CRITICAL', ['CIS', 'ISO'], 7],
  ]);
  for (const name of ['cr-prod', 'cr-dev', 'cr-doomed']) targets.push(await createScanTarget(t, admin, name));
}, 120_000);
afterAll(() => t?.close());

it('equals the independent SQL after rescans, hand state changes and histories moved in time', async () => {
  for (let round = 0; round < 5; round++) {
    await rescan(targets[round % 3]);
    await rescan(targets[(round + 1) % 3]);
    await handMoves();
    await spread();
    await spread();
    await expectExact();
  }
  expect(seen.groups).toBeGreaterThan(50);
  expect(seen.resolutions).toBeGreaterThan(50);
}, 300_000);

it('equals it after an alert and a scan target are deleted (the target’s open alerts and resolutions left out)', async () => {
  await rescan(targets[2]);
  await spread();
  const [alert] = await alerts();
  await pool().query(`DELETE FROM alerts.alerts WHERE id = $1`, [alert.id]);
  await expectExact();
  const { rowCount } = await pool().query(`SELECT 1 FROM alerts.alerts WHERE "scanTargetId" = $1 AND state <> 'CLOSED' AND compliances <> '{}'`, [targets[2]]);
  expect(rowCount).toBeGreaterThan(0); // the deleted target takes open alerts with tags with it
  expect((await t.rest('DELETE', `/organizations/${org}/scantargets/${targets[2]}`, { key: admin.apiKey })).status).toBe(200);
  await expectExact();
  expect(seen.resolutions).toBeGreaterThan(50);
}, 120_000);

it('breaks down by compliance from the kept counts per compliance set, not from the alerts', async () => {
  const selection = `breakdown(input: { by: COMPLIANCE }, first: 100) { nodes { key counts { critical high medium low info total } } }`;
  type Group = { key: string; counts: Record<string, number> };
  const before: Group[] = (await posture(selection, {}, '')).breakdown.nodes;
  // One kept row moved by hand (then put back): the breakdown follows the table, which the rounds above prove exact.
  const {
    rows: [row],
  } = await pool().query<{ key: string; severity: string; tags: string[] }>(
    `SELECT key, severity, key::text[] AS tags FROM alerts.posture_open_keys
      WHERE "organizationId" = $1 AND dimension = 'COMPLIANCE' AND cardinality(key::text[]) = 2 ORDER BY key, severity LIMIT 1`,
    [org],
  );
  expect(row).toBeDefined();
  const move = (n: number) =>
    pool().query(
      `UPDATE alerts.posture_open_keys SET count = count + $4 WHERE "organizationId" = $1 AND dimension = 'COMPLIANCE' AND key = $2 AND severity = $3`,
      [org, row.key, row.severity, n],
    );
  await move(1000);
  try {
    const after: Group[] = (await posture(selection, {}, '')).breakdown.nodes;
    // Each of the set's two tags counts the 1,000 more, under the row's severity.
    const expected = row.tags.map((tag) => {
      const counts = { ...(before.find((g) => g.key === tag)?.counts ?? { critical: 0, high: 0, medium: 0, low: 0, info: 0, total: 0 }) };
      counts[row.severity.toLowerCase()] += 1000;
      counts.total += 1000;
      return { key: tag, counts };
    });
    expect(after.filter((g) => row.tags.includes(g.key))).toEqual(expected.sort((x, y) => y.counts.total - x.counts.total || (x.key < y.key ? -1 : 1)));
  } finally {
    await move(-1000);
  }
});

it('reads a window’s resolutions alone: an index-only scan of posture_moves_resolutions_idx', async () => {
  // The statement the service sends, recorded on its way to PostgreSQL, then explained.
  const sent: Array<{ text: string; values: unknown[] }> = [];
  const recording = {
    query: (text: string, values: unknown[]) => {
      sent.push({ text, values });
      return pool().query(text, values);
    },
  } as unknown as pg.Pool;
  const rows = await postureTimeToResolve(recording, org, dayRange({ from: day(365), to: day(0) }), { severities: ['HIGH', 'LOW'] });
  expect(rows.some((r) => r.resolved > 0)).toBe(true);
  expect(sent).toHaveLength(1);
  const client = await pool().connect();
  try {
    // The test's tables are small: a sequential scan would win on them; the choice between the indexes is the point.
    await client.query('SET enable_seqscan = off');
    await client.query('SET enable_bitmapscan = off');
    const { rows: plan } = await client.query(`EXPLAIN (FORMAT JSON) ${sent[0].text}`, sent[0].values);
    const scans: Array<{ type: string; index?: string }> = [];
    const walk = (node: Record<string, unknown>) => {
      if (node['Relation Name'] === 'posture_moves') scans.push({ type: node['Node Type'] as string, index: node['Index Name'] as string | undefined });
      for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
    };
    walk(plan[0]['QUERY PLAN'][0].Plan);
    expect(scans).toEqual([{ type: 'Index Only Scan', index: 'posture_moves_resolutions_idx' }]);
  } finally {
    await client.query('RESET ALL');
    client.release();
  }
});
