/**
 * `npm run bench:reconcile`: reconciling a scan of 100,000 findings against a target that already
 * has 100,000 open alerts — 10% of the alerts resolved (no finding → closed), 10% of the findings
 * new (→ created), 80% unchanged, and the remaining 10% of existing alerts with changed data
 * (→ updated), so both sides count 100,000 — compared with
 * PostgreSQL's COPY of the same 100,000 rows into an empty table, measured in the same run on the
 * same server. Needs PostgreSQL: DATABASE_URL, else TEST_DATABASE_URL, else
 * postgresql://root@127.0.0.1:5432/postgres; it creates and drops its own database.
 *
 * Each measurement runs ROUNDS times (every reconcile round slides the window of open alerts by
 * another 10%, every COPY goes into a new empty table) and the median is compared. The COPYs alternate
 * with the reconciles: after every churn round and every steady round, one COPY into a bare table and
 * one into an indexed table (2 × ROUNDS of each), so a change of the machine's load touches both sides.
 * BENCH_ALERTS (default 100,000, in 10,000s) and BENCH_ROUNDS (default 3) size a smaller run. Then the steady
 * rescan: the last round's exact 100,000 findings once more (nothing changes), ROUNDS times; the bench
 * checks that it wrote no alert row (every row keeps its ctid), no history record and no alert event.
 * Progress goes to stderr; results to stdout, ending with the two ratio lines and their targets
 * (issue 27):
 *   `ratio steady/copy=<x> (target ≤ 1.5)`           steady rescan vs COPY into a bare table
 *   `ratio churn/copy-indexed=<y> (target ≤ 1.0)`    the 10/10/10% scan vs COPY into a table with the alerts indexes
 * The 10/10/10% scan against a bare table's COPY is printed as information above them (no target).
 * Issue 12's churn target of ≤ 0.6× the indexed COPY is retired: both measurements showed it priced
 * the alert list indexes (the probe below), not the reconcile.
 *
 * Then, for the record, the same rounds after a VACUUM of the previous round's dead row versions
 * (untimed; what autovacuum does between scans — BENCH_VACUUM_PROBE=0 skips it), and the same rounds
 * without the alerts table's keyset list indexes (issue #5's,
 * one per list order), in this throw-away database: the gap between the two is what those indexes
 * cost the reconciliation (BENCH_LIST_INDEXES_PROBE=0 skips it).
 *
 * Then the churn rounds alternated with and without every posture trigger (issue 33: what keeping
 * posture_moves, posture_open_counts and posture_daily costs the writer; BENCH_POSTURE_PROBE=0 skips it).
 *
 * BENCH_FOLLOWERS=n (default 0) gives the organization n followers, to show that their alert events
 * cost nothing at reconcile time (lib/event-log.ts derives them when a follower reads its log).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type Database, openPostgres } from '../lib/db';
import { readEventLog } from '../lib/event-log';
import { applyMigrations } from '../lib/migrate';
import { RULE_CATALOG, textArrayLiteral, upsertRuleCatalog } from '../subgraphs/alerts/alerts/rule-catalog';
import { type Finding, reconcileScan } from '../subgraphs/alerts/scans/reconcile';

const CHUNK = 10_000;
/** BENCH_ALERTS, in whole chunks of 10,000. */
const ALERTS = Math.max(1, Math.round(Number(process.env.BENCH_ALERTS ?? 100_000) / CHUNK)) * CHUNK;
const SLICE = ALERTS / 10; // 10% new, 10% closed per round
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 0);
/** Issue 27's targets: the steady rescan against a bare table's COPY, the 10/10/10% scan against an indexed COPY. */
const STEADY_TARGET = 1.5;
const CHURN_TARGET = 1.0;

const baseUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgresql://root@127.0.0.1:5432/postgres';
const rules = RULE_CATALOG.filter((r) => r.kinds.includes('AWS'));

/** Finding number i (at a revision of its data): deterministic, shaped like a real cloud finding. */
function finding(i: number, revision = 0): Finding {
  const rule = rules[i % rules.length];
  return {
    rule: rule.id,
    resource: `arn:aws:s3:::vigil-bench-bucket-${i.toString(36).padStart(5, '0')}`,
    severity: null,
    metadata: {
      accountId: '123456789012',
      region: ['us-east-1', 'sa-east-1', 'eu-west-1'][i % 3],
      resourceName: `vigil-bench-bucket-${i}`,
      ...(revision ? { revision: String(revision) } : {}),
    },
    enrichment: { description: `${rule.titleEn} (resource ${i})`, remediation: { references: [`https://docs.example.com/${rule.id}`] } },
    tags: ['bench'],
    compliances: null,
    title: null,
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (value: number) => value.toFixed(1).padStart(8);

function progress(label: string, done: number, total: number): void {
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stderr.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}`);
  if (done === total) process.stderr.write('\n');
}

async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `vigil_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The 100,000 existing alerts (with their CREATE history and AlertCreated events), in chunks. */
async function seedAlerts(db: Database, organizationId: string, scanTargetId: string): Promise<void> {
  const byRule = new Map(RULE_CATALOG.map((r) => [r.id, r]));
  for (let start = 0; start < ALERTS; start += CHUNK) {
    const batch = range(start, start + CHUNK).map((i) => finding(i));
    await db.pool.query(
      `WITH created AS (
         INSERT INTO alerts.alerts (id, "organizationId", "scanTargetId", rule, resource, severity, state, version, tags, labels, compliances,
                                    enrichment, metadata, "timelinessThreshold", "openedAt", "createdAt", "updatedAt")
         SELECT gen_random_uuid(), $1, $2, u.rule, u.resource, u.severity, 'OPEN', 1, u.tags::text[], '{}', u.compliances::text[],
                u.enrichment::jsonb, u.metadata::jsonb, u.tt, now(), now(), now()
           FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::float8[])
                AS u(rule, resource, severity, tags, compliances, enrichment, metadata, tt)
         RETURNING *
       ), history AS (
         INSERT INTO alerts.alert_history ("alertId", "organizationId", "scanTargetId", rule, resource, severity, state, version, tags, labels,
                                           enrichment, metadata, "timelinessThreshold", "openedAt", operation)
         SELECT id, "organizationId", "scanTargetId", rule, resource, severity, state, version, tags, labels, enrichment, metadata,
                "timelinessThreshold", "openedAt", 'CREATE' FROM created
       )
       INSERT INTO documents.events (id, "organizationId", name, source, data)
       SELECT gen_random_uuid(), "organizationId", 'AlertCreated', 'service.alert', jsonb_build_object('id', id, 'rule', rule) FROM created`,
      [
        organizationId,
        scanTargetId,
        batch.map((f) => f.rule),
        batch.map((f) => f.resource),
        batch.map((f) => byRule.get(f.rule)!.severity),
        batch.map((f) => textArrayLiteral(f.tags)),
        batch.map((f) => textArrayLiteral(byRule.get(f.rule)!.compliances)),
        batch.map((f) => JSON.stringify(f.enrichment)),
        batch.map((f) => JSON.stringify(f.metadata)),
        batch.map((f) => byRule.get(f.rule)!.timelinessThreshold),
      ],
    );
    progress('existing alerts', start + CHUNK, ALERTS);
  }
  await db.pool.query('VACUUM ANALYZE alerts.alerts');
  await db.pool.query('VACUUM ANALYZE alerts.alert_history');
  await db.pool.query('VACUUM ANALYZE documents.events');
}

/** COPY text format: backslash, tab, newline and carriage return escaped. */
const copyText = (value: string) => value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');

/** The same 100,000 rows, as alert rows in COPY text format (built before the clock starts). */
function copyPayload(findings: Finding[], organizationId: string, scanTargetId: string): Buffer {
  const byRule = new Map(RULE_CATALOG.map((r) => [r.id, r]));
  const now = new Date().toISOString();
  const lines = findings.map((f) => {
    const rule = byRule.get(f.rule)!;
    return [
      randomUUID(),
      organizationId,
      scanTargetId,
      copyText(f.rule),
      copyText(f.resource),
      f.severity ?? rule.severity,
      'OPEN',
      '1',
      copyText(textArrayLiteral(f.tags)),
      '{}',
      copyText(textArrayLiteral(rule.compliances)),
      copyText(JSON.stringify(f.enrichment)),
      copyText(JSON.stringify(f.metadata)),
      rule.timelinessThreshold === null ? '\\N' : String(rule.timelinessThreshold),
      now,
      now,
      now,
    ].join('\t');
  });
  return Buffer.from(`${lines.join('\n')}\n`);
}

const COPY_COLUMNS = `(id, "organizationId", "scanTargetId", rule, resource, severity, state, version, tags, labels, compliances, enrichment, metadata, "timelinessThreshold", "openedAt", "createdAt", "updatedAt")`;

async function timeCopy(db: Database, table: string, like: string, payload: Buffer): Promise<number> {
  const client = await db.pool.connect();
  try {
    await client.query(`DROP TABLE IF EXISTS ${table}`);
    await client.query(`CREATE TABLE ${table} (LIKE alerts.alerts ${like})`);
    await client.query('CHECKPOINT');
    const start = process.hrtime.bigint();
    await pipeline(Readable.from([payload]), client.query(copyFrom(`COPY ${table} ${COPY_COLUMNS} FROM STDIN`)));
    return ms(start);
  } finally {
    client.release();
  }
}

async function main(): Promise<void> {
  const database = await createDatabase();
  const db = await openPostgres(database.url, 4);
  try {
    process.stderr.write(`database ${new URL(database.url).pathname.slice(1)} on ${new URL(baseUrl).host}\n`);
    console.log(
      `load average at the start: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (${cpus().length} CPUs)`,
    );
    await applyMigrations(db.pool, { log: () => undefined });
    await upsertRuleCatalog(db.pool);
    const { rows: orgs } = await db.pool.query<{ id: string }>(
      `INSERT INTO organizations.organizations (id, name) VALUES (gen_random_uuid(), 'Bench Org') RETURNING id`,
    );
    const organizationId = orgs[0].id;
    const { rows: targets } = await db.pool.query<{ id: string }>(
      `INSERT INTO alerts.scan_targets (id, "organizationId", name, kind, "credentialEncrypted", schedule)
       VALUES (gen_random_uuid(), $1, 'bench account', 'AWS', 'none', '{"frequency":"1d","timeOfDay":"NIGHT"}') RETURNING id`,
      [organizationId],
    );
    const scanTargetId = targets[0].id;
    for (let k = 0; k < FOLLOWERS; k++) {
      await db.pool.query(
        `WITH o AS (INSERT INTO organizations.organizations (id, name) VALUES (gen_random_uuid(), $2) RETURNING id)
         INSERT INTO organizations.follows ("followerId", "followedId") SELECT o.id, $1 FROM o`,
        [organizationId, `Follower ${k + 1}`],
      );
    }
    await seedAlerts(db, organizationId, scanTargetId);

    // The COPY's rows, built before any clock starts; its rounds alternate with the reconcile's.
    const building = process.hrtime.bigint();
    const payload = copyPayload(
      range(ROUNDS * SLICE, ALERTS + ROUNDS * SLICE).map((i) => finding(i)),
      organizationId,
      scanTargetId,
    );
    const buildMs = ms(building);
    const copyTimes: number[] = [];
    const copyIndexedTimes: number[] = [];
    const copyRound = async (after: string) => {
      copyTimes.push(await timeCopy(db, 'public.copy_target', 'INCLUDING DEFAULTS', payload));
      copyIndexedTimes.push(await timeCopy(db, 'public.copy_target_indexed', 'INCLUDING DEFAULTS INCLUDING INDEXES', payload));
      console.log(
        `copy after ${after}: ${fmt(copyTimes.at(-1)!)} ms into an empty table; ${fmt(copyIndexedTimes.at(-1)!)} ms into an empty table with the alerts indexes`,
      );
    };

    /** Rounds `from`…`from + count - 1` of the sliding window; their times in ms. */
    const reconcileRounds = async (from: number, count: number, label = '', vacuumFirst = false, alternateCopy = false): Promise<number[]> => {
      const times: number[] = [];
      for (let round = from; round < from + count; round++) {
        // Open alerts are [round·10%, 100% + round·10%): the lowest 10% disappear (closed), the next 10%
        // come with changed data (updated), 80% are unchanged and 10% are new.
        const first = round * SLICE;
        const findings = range(first + SLICE, first + ALERTS + SLICE).map((i) => finding(i, i < first + 2 * SLICE ? round + 1 : 0));
        progress(`scan findings (round ${round + 1})`, findings.length, ALERTS);
        const { rows: scans } = await db.pool.query<{ id: string }>(
          `INSERT INTO alerts.scans (id, "scanTargetId", "organizationId", status, trigger, "startedAt") VALUES (gen_random_uuid(), $1, $2, 'RUNNING', 'INGEST', now()) RETURNING id`,
          [scanTargetId, organizationId],
        );
        if (vacuumFirst) for (const table of ['alerts.alerts', 'alerts.alert_history', 'documents.events']) await db.pool.query(`VACUUM ${table}`);
        await db.pool.query('CHECKPOINT');
        const timings: Record<string, number> = {};
        const start = process.hrtime.bigint();
        const summary = await reconcileScan(db, scans[0].id, findings, { timings });
        const elapsed = ms(start);
        times.push(elapsed);
        const expected = { findings: ALERTS, created: SLICE, reopened: 0, updated: SLICE, closed: SLICE, unchanged: ALERTS - 2 * SLICE, duplicates: 0 };
        if (JSON.stringify(summary) !== JSON.stringify(expected))
          throw new Error(`unexpected summary ${JSON.stringify(summary)}, expected ${JSON.stringify(expected)}`);
        console.log(
          `reconcile round ${round + 1}${label}: ${fmt(elapsed)} ms  (${Object.entries(timings)
            .map(([k, v]) => `${k} ${v.toFixed(0)}`)
            .join(', ')})`,
        );
        if (alternateCopy) await copyRound(`reconcile round ${round + 1}`);
      }
      return times;
    };
    const reconcileTimes = await reconcileRounds(0, ROUNDS, '', false, true);
    // Each round slides the window from where the last one left it: the probes below continue from here.
    let nextRound = ROUNDS;
    const probeRounds = async (count: number, label: string, vacuumFirst = false) => {
      const times = await reconcileRounds(nextRound, count, label, vacuumFirst);
      nextRound += count;
      return times;
    };

    // The steady rescan: the findings of the last round again. Nothing may be written: every alert
    // row keeps its ctid (an UPDATE, HOT or not, gives the row a new one), no history, no alert event.
    const steadyFindings = range((ROUNDS - 1) * SLICE + SLICE, (ROUNDS - 1) * SLICE + ALERTS + SLICE).map((i) =>
      finding(i, i < (ROUNDS + 1) * SLICE ? ROUNDS : 0),
    );
    const writes = async () =>
      (
        await db.pool.query<{ rows: string; history: number; events: number }>(
          `SELECT (SELECT md5(string_agg(ctid::text, ',' ORDER BY id)) FROM alerts.alerts WHERE "scanTargetId" = $1) AS rows,
                  (SELECT count(*)::int FROM alerts.alert_history WHERE "scanTargetId" = $1) AS history,
                  (SELECT count(*)::int FROM documents.events WHERE "organizationId" = $2 AND name LIKE 'Alert%') AS events`,
          [scanTargetId, organizationId],
        )
      ).rows[0];
    const steadyTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const before = await writes();
      const { rows: scans } = await db.pool.query<{ id: string }>(
        `INSERT INTO alerts.scans (id, "scanTargetId", "organizationId", status, trigger, "startedAt") VALUES (gen_random_uuid(), $1, $2, 'RUNNING', 'INGEST', now()) RETURNING id`,
        [scanTargetId, organizationId],
      );
      await db.pool.query('CHECKPOINT');
      const timings: Record<string, number> = {};
      const start = process.hrtime.bigint();
      const summary = await reconcileScan(db, scans[0].id, steadyFindings, { timings });
      const elapsed = ms(start);
      steadyTimes.push(elapsed);
      const expected = { findings: ALERTS, created: 0, reopened: 0, updated: 0, closed: 0, unchanged: ALERTS, duplicates: 0 };
      if (JSON.stringify(summary) !== JSON.stringify(expected))
        throw new Error(`unexpected steady summary ${JSON.stringify(summary)}, expected ${JSON.stringify(expected)}`);
      const after = await writes();
      if (JSON.stringify(after) !== JSON.stringify(before))
        throw new Error(`the steady rescan wrote: before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`);
      console.log(
        `steady rescan round ${round + 1}: ${fmt(elapsed)} ms  (${Object.entries(timings)
          .map(([k, v]) => `${k} ${v.toFixed(0)}`)
          .join(', ')}; no alert row, history record or alert event written)`,
      );
      await copyRound(`steady round ${round + 1}`);
    }

    if (FOLLOWERS > 0) {
      // What deriving the followers' events costs when read: a page of 100 from the start and from the end of the log.
      const { rows: follower } = await db.pool.query<{ id: string }>(`SELECT "followerId" AS id FROM organizations.follows WHERE "followedId" = $1 LIMIT 1`, [
        organizationId,
      ]);
      const { rows: last } = await db.pool.query<{ seq: string }>(`SELECT (max(seq) - 150)::text AS seq FROM documents.events`);
      for (const [label, afterSeq] of [
        ['first page', null],
        ['last page', last[0].seq],
      ] as const) {
        const times: number[] = [];
        for (let i = 0; i < 20; i++) {
          const start = process.hrtime.bigint();
          const page = await readEventLog(db.pool, { organizationId: follower[0].id, afterSeq, limit: 100 });
          times.push(ms(start));
          if (page.length !== 100 || !page[0].name.startsWith('AlertFollowing')) throw new Error(`unexpected follower page ${page.length} ${page[0]?.name}`);
        }
        console.log(`a follower's event log, ${label} of 100 derived events: ${median(times).toFixed(1)} ms (median of 20)`);
      }
    }

    // For the record: the same scenario when the previous round's dead row versions have been vacuumed
    // first (untimed), as autovacuum does between scans on a server that runs it. The target line
    // above is measured as before, without it.
    let vacuumed: number | null = null;
    if (process.env.BENCH_VACUUM_PROBE !== '0') {
      const { rows: autovacuum } = await db.pool.query<{ setting: string }>(`SELECT setting FROM pg_settings WHERE name = 'autovacuum'`);
      vacuumed = median(await probeRounds(ROUNDS, ` after VACUUM (autovacuum=${autovacuum[0].setting} on this server)`, true));
    }

    // What the posture triggers cost the writer (issue 33): the 10/10/10% scan alternated with and without
    // every posture trigger (posture_moves, posture_open_counts, posture_daily), in this throw-away database
    // (its posture tables are stale after). Informational; BENCH_POSTURE_PROBE=0 skips it.
    let posture: { with: number; without: number; triggers: number } | null = null;
    if (process.env.BENCH_POSTURE_PROBE !== '0') {
      const { rows: triggers } = await db.pool.query<{ table: string; name: string }>(
        `SELECT tgrelid::regclass::text AS table, tgname AS name FROM pg_trigger WHERE NOT tgisinternal AND tgname LIKE '%posture%' ORDER BY 1, 2`,
      );
      const switchTriggers = async (on: boolean) => {
        for (const trigger of triggers) await db.pool.query(`ALTER TABLE ${trigger.table} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER "${trigger.name}"`);
      };
      const withTriggers: number[] = [];
      const withoutTriggers: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        withTriggers.push(...(await probeRounds(1, ' with the posture triggers')));
        await switchTriggers(false);
        withoutTriggers.push(...(await probeRounds(1, ` without the ${triggers.length} posture triggers`)));
        await switchTriggers(true);
      }
      posture = { with: median(withTriggers), without: median(withoutTriggers), triggers: triggers.length };
    }

    const reconcile = median(reconcileTimes);
    const steady = median(steadyTimes);
    const copy = median(copyTimes);
    const copyIndexed = median(copyIndexedTimes);
    const { rows: indexes } = await db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_indexes WHERE schemaname = 'alerts' AND tablename = 'alerts'`,
    );

    // Where the time goes: the same rounds once more with the keyset list indexes (one per list order,
    // issue #5) dropped from this throw-away database. Informational, not the target line.
    let withoutListIndexes: number | null = null;
    if (process.env.BENCH_LIST_INDEXES_PROBE !== '0') {
      const { rows: listIndexes } = await db.pool.query<{ name: string }>(
        `SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'alerts' AND tablename = 'alerts' AND indexname LIKE 'alerts\\_org\\_%'`,
      );
      for (const index of listIndexes) await db.pool.query(`DROP INDEX alerts."${index.name}"`);
      await db.pool.query('VACUUM ANALYZE alerts.alerts');
      withoutListIndexes = median(await probeRounds(ROUNDS, ` without the ${listIndexes.length} list indexes`));
    }

    console.log(
      `reconcile ${ALERTS.toLocaleString('en-US')} findings vs ${ALERTS.toLocaleString('en-US')} alerts (10% new, 10% closed, 10% updated, 80% unchanged; ${FOLLOWERS} followers), median of ${ROUNDS}: ${reconcile.toFixed(1)} ms`,
    );
    console.log(
      `COPY ${ALERTS.toLocaleString('en-US')} rows into an empty table, median of ${copyTimes.length} (alternated with the reconciles): ${copy.toFixed(1)} ms (with the alerts table's ${indexes[0].n} indexes: ${copyIndexed.toFixed(1)} ms)`,
    );
    console.log(
      `(building the ${(payload.length / 1e6).toFixed(1)} MB of COPY text in Node took ${buildMs.toFixed(0)} ms, not counted; the reconcile timings include their own serialization)`,
    );
    if (withoutListIndexes !== null) {
      console.log(
        `(probe: without the alerts table's keyset list indexes the same reconcile takes ${withoutListIndexes.toFixed(1)} ms, ${(withoutListIndexes / copy).toFixed(2)}× the COPY)`,
      );
    }
    if (posture !== null)
      console.log(
        `(probe: the same reconcile alternated with and without the ${posture.triggers} posture triggers, median of ${ROUNDS} each: ${posture.with.toFixed(1)} ms with, ${posture.without.toFixed(1)} ms without (${(((posture.with - posture.without) / posture.without) * 100).toFixed(1)} %))`,
      );
    if (vacuumed !== null)
      console.log(
        `(probe: with the dead row versions of the previous round vacuumed first, the same reconcile takes ${vacuumed.toFixed(1)} ms, ${(vacuumed / copyIndexed).toFixed(2)}× the COPY with indexes)`,
      );
    console.log(`steady rescan of the same ${ALERTS.toLocaleString('en-US')} findings (nothing changes), median of ${ROUNDS}: ${steady.toFixed(1)} ms`);
    console.log(`(information: the 10/10/10% scan is ${(reconcile / copy).toFixed(2)}× the COPY into a bare table)`);
    console.log(
      `load average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (${cpus().length} CPUs)`,
    );
    console.log(`ratio steady/copy=${(steady / copy).toFixed(2)} (target ≤ ${STEADY_TARGET})`);
    console.log(`ratio churn/copy-indexed=${(reconcile / copyIndexed).toFixed(2)} (target ≤ ${CHURN_TARGET.toFixed(1)})`);
  } finally {
    await db.close();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
