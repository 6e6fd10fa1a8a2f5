/**
 * `npm run bench:posture` (issue 33): the posture aggregates through the gateway on 1,000,000 alerts
 * with a year of history.
 *
 * 1. A fresh PostgreSQL database (DATABASE_URL or TEST_DATABASE_URL, default
 *    postgresql://root@127.0.0.1:5432/postgres), the service started in-process on it, the data
 *    generated set-based (INSERT … SELECT generate_series): 201 organizations; organization 0 (the one
 *    read) holds a tenth of the alerts on 200 scan targets and follows 100 others; the rest share the
 *    remaining alerts. Every alert is created on a day of the last 365 (a CREATE history row); a third
 *    are closed by a scan later (CLOSE), a sixth of those reopened by a scan (REOPEN), a tenth of the
 *    open ones moved by hand (UPDATE) — rows as reconcile.ts and updates.ts write them (an opening's
 *    openedAt = its createdAt). Scans: 3 per scan target, one of them FAILED.
 * 2. Each aggregate REPEAT times through POST /graphql: p50 and p99 (ms), one line each.
 * 3. The alert update (PUT …/alerts/:id, a state change: one alerts UPDATE, one history row, one event)
 *    p50 in three settings alternated in blocks: now (the open alerts' and the due alerts' indexes, the
 *    posture_moves, posture_open_counts, posture_daily and posture keys triggers), before the posture keys
 *    (migration 20261202001000: its triggers disabled) and neither (indexes dropped and built again,
 *    triggers disabled and enabled again, in this throw-away database): the write cost of the last change
 *    and of all posture adds.
 * 4. Writers of organization 0 at the same time, with and without the posture triggers, and their lock
 *    waits (bench/posture-writers.ts; BENCH_WRITERS=0 skips it).
 * os.loadavg() is printed beside the numbers: the machine may be shared. BENCH_ALERTS=n scales the
 * data set; BENCH_DATABASE=<name> keeps (and reuses) the generated database.
 */
import '../lib/production-mode';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type pg from 'pg';
import { Pool } from 'undici';
import { COMMANDS } from '../cli/commands';
import { setLogLevel } from '../lib/log';
import { startBenchVigil } from './bench-vigil';
import { measureWriters } from './posture-writers';

const ALERTS = Number(process.env.BENCH_ALERTS ?? 1_000_000);
const FOLLOWED = 100;
const OTHERS = 200;
const BIG_TARGETS = 200;
const TARGETS_PER_OTHER = 5;
const RULES = 60;
const REPEAT = Number(process.env.BENCH_REPEAT ?? 200);
const WARMUP = 10;
const UPDATES = 200;

const log = (line: string) => process.stderr.write(`${line}\n`);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** The index posture adds to the alerts (migration 20261201000100): one of the write side's settings. */
const OPEN_INDEX = {
  name: 'alerts_posture_open_idx',
  def: `CREATE INDEX "alerts_posture_open_idx" ON alerts.alerts ("organizationId", severity)
          INCLUDE (state, "scanTargetId", rule, "timelinessThreshold", "openedAt", "createdAt", compliances) WHERE state <> 'CLOSED'`,
};
/** The due index of migration 20261202000500_posture_open_counts (the alerts due in the current week). */
const DUE_INDEX = {
  name: 'alerts_posture_due_idx',
  def: `CREATE INDEX "alerts_posture_due_idx" ON alerts.alerts ("organizationId", (alerts.posture_due("openedAt", "createdAt", "timelinessThreshold")))
          INCLUDE (severity, "scanTargetId", "openedAt", "createdAt", "timelinessThreshold") WHERE state <> 'CLOSED' AND "timelinessThreshold" IS NOT NULL`,
};

/** The triggers that keep alerts.posture_moves (migration 20261202000200_posture_moves): what else a write pays for. */
const POSTURE_TRIGGERS = [
  ['alerts.alert_history', 'alert_history_posture_insert'],
  ['alerts.alert_history', 'alert_history_posture_update'],
  ['alerts.alert_history', 'alert_history_posture_delete'],
  ['alerts.alerts', 'alerts_posture_attributes'],
  ['alerts.alerts', 'alerts_posture_delete'],
] as const;

/** The triggers that keep alerts.posture_daily (migration 20261202000700_posture_daily). */
const DAILY_TRIGGERS = [
  ['alerts.posture_moves', 'posture_moves_daily_insert'],
  ['alerts.posture_moves', 'posture_moves_daily_delete'],
  ['alerts.alerts', 'alerts_posture_daily_severity'],
] as const;

/** The triggers that keep alerts.posture_daily_keys and posture_open_keys (migration 20261202001000_posture_keys). */
const KEY_TRIGGERS = [
  ['alerts.posture_moves', 'posture_moves_keys_insert'],
  ['alerts.posture_moves', 'posture_moves_keys_delete'],
  ['alerts.alerts', 'alerts_posture_daily_keys'],
  ['alerts.alerts', 'alerts_posture_keys_insert'],
  ['alerts.alerts', 'alerts_posture_keys_update'],
  ['alerts.alerts', 'alerts_posture_keys_delete'],
  ['alerts.alerts', 'alerts_posture_keys_truncate'],
] as const;

/** The triggers that keep alerts.posture_open_counts (migration 20261202000500_posture_open_counts). */
const COUNT_TRIGGERS = [
  ['alerts.alerts', 'alerts_posture_counts_insert'],
  ['alerts.alerts', 'alerts_posture_counts_update'],
  ['alerts.alerts', 'alerts_posture_counts_delete'],
  ['alerts.alerts', 'alerts_posture_counts_truncate'],
] as const;

async function generate(db: pg.Pool, own: string): Promise<void> {
  log(`generating ${ALERTS.toLocaleString('en-US')} alerts with a year of history…`);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO organizations.organizations (id, name, "updatedAt")
     SELECT gen_random_uuid(), 'Posture bench org ' || i, now() FROM generate_series(1, $1::int) i RETURNING id`,
    [OTHERS],
  );
  const others = rows.map((r) => r.id).sort();
  await db.query(`INSERT INTO organizations.follows ("followerId", "followedId", tags) SELECT $1, unnest($2::uuid[]), '{bench}'`, [
    own,
    others.slice(0, FOLLOWED),
  ]);
  await db.query(
    `INSERT INTO alerts.rules (id, "titleEn", "titlePt", severity, compliances, "timelinessThreshold", "updatedAt")
     SELECT 'posture-rule-' || i, 'Posture rule ' || i, 'Regra ' || i, (ARRAY['CRITICAL','HIGH','MEDIUM','LOW','INFO'])[1 + i % 5],
            (ARRAY['{CIS-AWS-1.1,ISO-27001}','{LGPD}','{PCI-DSS,CIS-AWS-2.1}','{}'])[1 + i % 4]::text[], (ARRAY[7,30,90,180,NULL])[1 + i % 5], now()
       FROM generate_series(0, $1::int - 1) i ON CONFLICT DO NOTHING`,
    [RULES],
  );
  // Targets 0..BIG_TARGETS-1 are organization 0's; then TARGETS_PER_OTHER per other organization.
  await db.query(
    `INSERT INTO alerts.scan_targets (id, "organizationId", name, kind, "credentialEncrypted", schedule, "updatedAt")
     SELECT gen_random_uuid(), CASE WHEN t < $2 THEN $1::uuid ELSE ($3::uuid[])[1 + (t - $2) / $4] END, 'target ' || t, 'AWS', 'bench', '{"frequency":"1d"}', now()
       FROM generate_series(0, $2 + $5::int * $4 - 1) t`,
    [own, BIG_TARGETS, others, TARGETS_PER_OTHER, OTHERS],
  );
  await db.query(`CREATE TABLE public.bench_targets AS SELECT split_part(name, ' ', 2)::int AS n, id, "organizationId" FROM alerts.scan_targets`);
  await db.query(`ALTER TABLE public.bench_targets ADD PRIMARY KEY (n)`);
  const otherTargets = OTHERS * TARGETS_PER_OTHER;
  const chunk = 100_000;
  // Alert i: created c days ago (0..364) at some second; kind k = i % 12: 0-3 closed (0 reopened
  // later, 1 reopened then closed again), 4 moved by hand to IN_PROGRESS, others open.
  for (let start = 0; start < ALERTS; start += chunk) {
    const end = Math.min(start + chunk, ALERTS) - 1;
    await db.query(
      `WITH src AS (
         SELECT i, t.id AS target, t."organizationId" AS org, 'posture-rule-' || (i * 7 % $3) AS rule,
                date_trunc('second', now()) - ((i::bigint * 7919) % 365) * interval '1 day' - ((i::bigint * 104729) % 86400) * interval '1 second' AS created,
                i % 12 AS k
           FROM generate_series($1::int, $2::int) i
           JOIN public.bench_targets t ON t.n = CASE WHEN i % 10 = 0 THEN (i / 10) % $4 ELSE $4 + i % $5 END
       ), timed AS (
         SELECT s.*, r.severity, r.compliances, r."timelinessThreshold" AS threshold,
                s.created + (now() - s.created) * 0.4 AS closed1, s.created + (now() - s.created) * 0.7 AS reopened,
                s.created + (now() - s.created) * 0.9 AS closed2, s.created + (now() - s.created) * 0.5 AS moved
           FROM src s JOIN alerts.rules r ON r.id = s.rule
       ), inserted AS (
         INSERT INTO alerts.alerts (id, "organizationId", "scanTargetId", rule, resource, severity, state, version, compliances, "timelinessThreshold",
                                    "openedAt", "resolvedAt", "createdAt", "updatedAt")
         SELECT gen_random_uuid(), org, target, rule, 'arn:aws:s3:::bucket-' || i, severity,
                CASE WHEN k IN (1, 2, 3) THEN 'CLOSED' WHEN k = 4 THEN 'IN_PROGRESS' ELSE 'OPEN' END,
                CASE k WHEN 0 THEN 3 WHEN 1 THEN 4 WHEN 2 THEN 2 WHEN 3 THEN 2 WHEN 4 THEN 2 ELSE 1 END,
                compliances, threshold,
                CASE WHEN k IN (0, 1) THEN reopened ELSE created END,
                CASE k WHEN 1 THEN closed2 WHEN 2 THEN closed1 WHEN 3 THEN closed1 END,
                created, now()
           FROM timed
         RETURNING id, "organizationId", "scanTargetId", rule, resource, severity, "timelinessThreshold", "createdAt"
       )
       INSERT INTO alerts.alert_history ("alertId", "organizationId", "scanTargetId", rule, resource, severity, state, version,
                                         "timelinessThreshold", "openedAt", "resolvedAt", operation, "createdAt")
       SELECT a.id, a."organizationId", a."scanTargetId", a.rule, a.resource, a.severity, h.state, h.version, a."timelinessThreshold",
              h.opened, h.resolved, h.operation, h.at
         FROM inserted a JOIN timed t ON t.rule = a.rule AND 'arn:aws:s3:::bucket-' || t.i = a.resource
        CROSS JOIN LATERAL (VALUES
          ('CREATE', 'OPEN', 1, t.created, t.created, NULL::timestamptz, true),
          ('CLOSE', 'CLOSED', 2, t.closed1, t.created, t.closed1, t.k IN (0, 1, 2, 3)),
          ('REOPEN', 'OPEN', 3, t.reopened, t.reopened, NULL, t.k IN (0, 1)),
          ('CLOSE', 'CLOSED', 4, t.closed2, t.reopened, t.closed2, t.k = 1),
          ('UPDATE', 'IN_PROGRESS', 2, t.moved, t.created, NULL, t.k = 4)
        ) AS h(operation, state, version, at, opened, resolved, keep)
        WHERE h.keep`,
      [start, end, RULES, BIG_TARGETS, otherTargets],
    );
    log(`  alerts ${(end + 1).toLocaleString('en-US')} / ${ALERTS.toLocaleString('en-US')}`);
  }
  await db.query(
    `INSERT INTO alerts.scans (id, "scanTargetId", "organizationId", status, trigger, "startedAt", "finishedAt", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), t.id, t."organizationId", s.status, 'SCHEDULED', now() - s.ago, now() - s.ago + interval '5 minutes', now() - s.ago, now() - s.ago
       FROM alerts.scan_targets t CROSS JOIN (VALUES ('DONE', interval '1 day'), ('FAILED', interval '2 days'), ('DONE', interval '3 days')) s(status, ago)`,
  );
  log('analyzing…');
  await db.query('VACUUM ANALYZE alerts.alerts');
  await db.query('VACUUM ANALYZE alerts.alert_history');
  await db.query('ANALYZE alerts.scan_targets');
  await db.query('ANALYZE alerts.scans');
}

async function main(): Promise<void> {
  const started = Date.now();
  setLogLevel('warn');
  const bench = await startBenchVigil('vigil_bench_posture');
  const { vigil } = bench;
  const client = new Pool(vigil.url, { connections: 1 });
  try {
    // A kept database (BENCH_DATABASE) that holds the data: its organization 0's user gets a new key.
    const { rows: kept } = await vigil.db.pool.query<{ organizationId: string; email: string }>(
      `SELECT o.id AS "organizationId", u.email FROM organizations.organizations o
         JOIN organizations.memberships m ON m."organizationId" = o.id JOIN organizations.users u ON u.id = m."userId"
        WHERE o.name = 'Posture bench org 0' AND EXISTS (SELECT 1 FROM alerts.alerts a WHERE a."organizationId" = o.id) LIMIT 1`,
    );
    let account: { organizationId: string; apiKey: string };
    if (kept.length) {
      const issued = (await COMMANDS['issue-key'].run(vigil.db, { email: kept[0].email, name: 'bench run' }, () => undefined)) as { apiKey: string };
      account = { organizationId: kept[0].organizationId, apiKey: issued.apiKey };
      log('reusing the data of BENCH_DATABASE');
    } else {
      account = (await COMMANDS.bootstrap.run(
        vigil.db,
        { email: `posture-bench-${randomBytes(3).toString('hex')}@example.com`, organization: 'Posture bench org 0' },
        () => undefined,
      )) as { organizationId: string; apiKey: string };
      await generate(vigil.db.pool, account.organizationId);
    }
    const own = account.organizationId;
    await vigil.db.pool.query('VACUUM ANALYZE alerts.alerts');
    // Index-only scans of the moves need their pages all-visible (autovacuum does it after inserts;
    // a kept database just migrated may not have been visited yet).
    await vigil.db.pool.query('VACUUM ANALYZE alerts.posture_moves');
    await vigil.db.pool.query('VACUUM ANALYZE alerts.posture_open_counts');
    await vigil.db.pool.query('VACUUM ANALYZE alerts.posture_daily');
    await vigil.db.pool.query('VACUUM ANALYZE alerts.posture_daily_keys');
    await vigil.db.pool.query('VACUUM ANALYZE alerts.posture_open_keys');
    const { rows: ownTargets } = await vigil.db.pool.query<{ id: string }>(
      `SELECT id FROM alerts.scan_targets WHERE "organizationId" = $1 ORDER BY name LIMIT 1`,
      [account.organizationId],
    );
    log(`data ready in ${((Date.now() - started) / 1000).toFixed(0)} s; load ${load()}`);

    const graphql = async (query: string, variables: Record<string, unknown>) => {
      const response = await client.request({
        path: '/graphql',
        method: 'POST',
        headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      const json = (await response.body.json()) as { data?: unknown; errors?: unknown };
      if (response.statusCode !== 200 || json.errors) throw new Error(`${query}: ${response.statusCode} ${JSON.stringify(json.errors)}`);
      return json.data;
    };
    const C = '{ critical high medium low info total }';
    const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
    const cases: Array<[string, string]> = [
      ['posture now (open, overdue, grade)', `open ${C} overdue ${C} grade`],
      ['trend 30 days', `trend(input: {}) { openDelta days { date open ${C} opened ${C} resolved ${C} } }`],
      ['trend 90 days', `trend(input: { from: "${day(89)}" }) { openDelta days { date open ${C} opened ${C} resolved ${C} } }`],
      ['trend 365 days', `trend(input: { from: "${day(364)}" }) { openDelta days { date open ${C} opened ${C} resolved ${C} } }`],
      [
        'trend 365 days, filter CRITICAL+LGPD',
        `trend(input: { from: "${day(364)}", filter: { severities: [CRITICAL], compliances: ["LGPD"] } }) { days { open ${C} } }`,
      ],
      // The keyed rollups (posture_daily_keys): one scan target, one rule (a sixth of organization 0's alerts).
      [
        'trend 365 days, filter 1 scan target',
        `trend(input: { from: "${day(364)}", filter: { scanTargetIds: ["${ownTargets[0]?.id}"] } }) { days { open ${C} } }`,
      ],
      ['trend 365 days, filter 1 rule', `trend(input: { from: "${day(364)}", filter: { rules: ["posture-rule-0"] } }) { days { open ${C} } }`],
      // Two dimensions at once: rules with tags read the (rule, compliance set) keys; a scan target with a rule
      // reads the target's alerts and their moves (before migration 20261202001200 both read posture_moves).
      [
        'trend 365 days, filter 1 scan target+rule',
        `trend(input: { from: "${day(364)}", filter: { scanTargetIds: ["${ownTargets[0]?.id}"], rules: ["posture-rule-0"] } }) { days { open ${C} } }`,
      ],
      [
        'trend 365 days, filter rule+CIS',
        `trend(input: { from: "${day(364)}", filter: { rules: ["posture-rule-0"], compliances: ["CIS-AWS-1.1"] } }) { days { open ${C} } }`,
      ],
      ['breakdown STATE', `breakdown(input: { by: STATE }) { totalCount nodes { key label counts ${C} } }`],
      ['breakdown SCAN_TARGET', `breakdown(input: { by: SCAN_TARGET }, first: 100) { totalCount nodes { key label counts ${C} } }`],
      ['breakdown RULE', `breakdown(input: { by: RULE }, first: 100) { totalCount nodes { key label counts ${C} } }`],
      ['breakdown COMPLIANCE', `breakdown(input: { by: COMPLIANCE }) { totalCount nodes { key label counts ${C} } }`],
      ['timeToResolve 30 days', `timeToResolve(input: {}) { severity resolved medianHours p90Hours }`],
      ['timeToResolve 365 days', `timeToResolve(input: { from: "${day(364)}" }) { severity resolved medianHours p90Hours }`],
      [
        'scanFreshness (200 targets)',
        `scanFreshness(first: 200) { totalCount nodes { scanTarget { id name } lastSuccessfulScanAt lastScanStatus failedScans neverScanned } }`,
      ],
    ];
    const measure = async (run: () => Promise<unknown>) => {
      for (let i = 0; i < WARMUP; i++) await run();
      const times: number[] = [];
      for (let i = 0; i < REPEAT; i++) {
        const t0 = performance.now();
        await run();
        times.push(performance.now() - t0);
      }
      return { p50: percentile(times, 50), p99: percentile(times, 99) };
    };
    const { rows: counts } = await vigil.db.pool.query<{ alerts: number; history: number; own: number }>(
      `SELECT (SELECT count(*) FROM alerts.alerts)::int AS alerts, (SELECT count(*) FROM alerts.alert_history)::int AS history,
              (SELECT count(*) FROM alerts.alerts WHERE "organizationId" = $1)::int AS own`,
      [own],
    );
    process.stdout.write(
      `data: ${counts[0].alerts} alerts, ${counts[0].history} history rows; organization 0: ${counts[0].own} alerts, follows ${FOLLOWED}; ${REPEAT} runs each\n`,
    );
    process.stdout.write(`${'aggregate'.padEnd(40)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  target p50<=50 p99<=200  loadavg\n`);
    const line = (label: string, r: { p50: number; p99: number }, p99Target = 200) =>
      process.stdout.write(
        `${label.padEnd(40)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)}  ${r.p50 <= 50 && r.p99 <= p99Target ? 'met' : 'MISSED'}                  ${load()}\n`,
      );
    for (const [label, selection] of cases) {
      line(label, await measure(() => graphql(`query($org: ID!) { posture(organizationId: $org) { ${selection} } }`, { org: own })));
    }
    line(
      `followingPosture (${FOLLOWED} organizations)`,
      await measure(() =>
        graphql(
          `query($org: ID!) { followingPosture(organizationId: $org, first: 100) { totalCount nodes { organization { id name } open ${C} overdue ${C} trendDelta grade } } }`,
          { org: own },
        ),
      ),
    );

    // ── the write side: an alert update with and without the posture index ──
    const { rows: picked } = await vigil.db.pool.query<{ id: string; scanTargetId: string }>(
      `SELECT id, "scanTargetId" FROM alerts.alerts WHERE "organizationId" = $1 AND state = 'OPEN' ORDER BY id LIMIT $2`,
      [own, UPDATES],
    );
    let flip = 0;
    const update = async (alert: { id: string; scanTargetId: string }) => {
      const state = flip++ % 2 ? 'OPEN' : 'IN_PROGRESS';
      const response = await client.request({
        path: `/organizations/${own}/scantargets/${alert.scanTargetId}/alerts/${alert.id}`,
        method: 'PUT',
        headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ state }),
      });
      await response.body.text();
      if (response.statusCode !== 200) throw new Error(`update: ${response.statusCode}`);
    };
    const updateBlock = async () => {
      const times: number[] = [];
      for (const alert of picked) {
        const t0 = performance.now();
        await update(alert);
        times.push(performance.now() - t0);
      }
      return times;
    };
    await updateBlock(); // warm-up
    const triggers = async (list: ReadonlyArray<readonly [string, string]>, on: boolean) => {
      for (const [table, name] of list) await vigil.db.pool.query(`ALTER TABLE ${table} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${name}`);
    };
    const now: number[] = [];
    const before: number[] = [];
    const neither: number[] = [];
    for (let round = 0; round < 3; round++) {
      now.push(...(await updateBlock())); // the open and due indexes, the posture_moves, posture_open_counts, posture_daily and keys triggers
      await triggers(KEY_TRIGGERS, false);
      before.push(...(await updateBlock())); // before the posture keys
      await triggers(DAILY_TRIGGERS, false);
      await triggers(COUNT_TRIGGERS, false);
      await triggers(POSTURE_TRIGGERS, false);
      await vigil.db.pool.query(`DROP INDEX alerts."${DUE_INDEX.name}"`);
      await vigil.db.pool.query(`DROP INDEX alerts."${OPEN_INDEX.name}"`);
      neither.push(...(await updateBlock())); // no posture index, no trigger
      await vigil.db.pool.query(OPEN_INDEX.def);
      await vigil.db.pool.query(DUE_INDEX.def);
      await triggers(POSTURE_TRIGGERS, true);
      await triggers(COUNT_TRIGGERS, true);
      await triggers(DAILY_TRIGGERS, true);
      await triggers(KEY_TRIGGERS, true);
    }
    const [a, b, c] = [percentile(now, 50), percentile(before, 50), percentile(neither, 50)];
    const change = (x: number, y: number) => `${(((x - y) / y) * 100).toFixed(1)} %`;
    process.stdout.write(
      `alert update p50: ${a.toFixed(2)} ms now (open + due indexes, posture_moves + posture_open_counts + posture_daily + keys triggers), ${b.toFixed(2)} ms ` +
        `before the posture keys, ${c.toFixed(2)} ms with neither (now vs before ${change(a, b)}, now vs neither ${change(a, c)}; target <= 10 %)  ${load()}\n`,
    );
    if (process.env.BENCH_WRITERS !== '0') await measureWriters(vigil.db.pool, vigil.url, own, account.apiKey, (text) => process.stdout.write(text));
    log(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await client.close();
    await bench.close();
  }
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
