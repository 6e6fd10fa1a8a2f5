/**
 * `npm run bench:retention`: what a retention purge costs the requests running beside it (issue 36
 * item 2). One fresh database (migrated), BENCH_RETENTION_ROWS (1,000,000) event log entries of 50
 * organizations spread over two days (set-based), then BENCH_RETENTION_CONCURRENCY (8) clients each
 * appending an event and reading an organization's page of 100 (lib/event-log.ts) in a loop. Three
 * windows of the same load: none (no purge), batched (workers/retention-purge.ts: half the log, 5,000
 * rows a statement) and one statement (the same rows in one DELETE, the alternative without batches).
 * Prints each window's request p50/p99, and the lock waits sampled every 20 ms in pg_stat_activity
 * (sessions waiting on a lock the purge's DELETE holds), with os.loadavg (the machine is shared: only ratios of one run compare).
 * Partitions by time were not built: their cost is a primary key change of documents.events (id ⇒
 * (id, createdAt)), see docs/operations.md#retention.
 *
 * BENCH_RETENTION_LEVEL_OFF_MINUTES=<n> (the level-off run, 30 in docs/operations.md): instead of the three windows,
 * n minutes of a steady load — BENCH_RETENTION_RATE (200) events/s appended by the same clients, each reading a page
 * of 100 after its append — with the event retention set to BENCH_RETENTION_KEEP (`5m`) and `retention.purge` run
 * every BENCH_RETENTION_EVERY_SECONDS (30) as the job runner would; every minute the log's rows and on-disk size
 * (pg_total_relation_size: table, indexes, TOAST), its dead rows and vacuums so far (pg_stat_user_tables), and the load average. The log starts empty: it grows for the
 * retention's length, then must level off while autovacuum reuses the purged rows' space.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { retentionMs, retentionSettings } from '../lib/config';
import { readEventLog } from '../lib/event-log';
import { applyMigrations } from '../lib/migrate';
import { purgeByRetention } from '../workers/retention-purge';

const ADMIN = process.env.TEST_DATABASE_URL ?? 'postgresql://root@127.0.0.1:5432/postgres';
const ROWS = Number(process.env.BENCH_RETENTION_ROWS ?? 1_000_000);
const CONCURRENCY = Number(process.env.BENCH_RETENTION_CONCURRENCY ?? 8);
const say = (line: string) => process.stdout.write(`${line}\n`);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;

const LEVEL_OFF_MINUTES = Number(process.env.BENCH_RETENTION_LEVEL_OFF_MINUTES ?? 0);
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The level-off run: a steady append load under minutes of retention, the log's size printed every minute. */
async function levelOff(pool: pg.Pool, minutes: number) {
  const rate = Number(process.env.BENCH_RETENTION_RATE ?? 200);
  const keep = process.env.BENCH_RETENTION_KEEP ?? '5m';
  const everyMs = Number(process.env.BENCH_RETENTION_EVERY_SECONDS ?? 30) * 1000;
  const orgs = Array.from({ length: 50 }, () => randomUUID());
  const purge = purgeByRetention({ pool }, { ...retentionSettings(), eventsMs: retentionMs(keep) });
  const signal = new AbortController().signal;
  const endAt = Date.now() + minutes * 60_000;
  let appended = 0;
  const started = Date.now();
  // Each client appends on its own schedule (rate / CONCURRENCY per second), reading a page of 100 after each append.
  // A client behind its schedule (the shared machine loaded) does not catch up in a burst: the run 2 of
  // 2026-11-29 did, appending 19,000 a minute against 12,000 due, and its rows kept rose with it.
  const intervalMs = (CONCURRENCY * 1000) / rate;
  const clients = Array.from({ length: CONCURRENCY }, async (_, c) => {
    const org = orgs[c % orgs.length];
    for (let due = started; Date.now() < endAt; due = Math.max(due + intervalMs, Date.now() - intervalMs)) {
      if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
      await pool.query(
        `INSERT INTO documents.events (id, "organizationId", name, source, data) VALUES (gen_random_uuid(), $1, 'AlertUpdated', 'bench', jsonb_build_object('pad', repeat('x', 200)))`,
        [org],
      );
      appended++;
      await readEventLog(pool, { organizationId: org, limit: 100 });
    }
  });
  // The purged rows' space is reused once VACUUM has marked it free: autovacuum's work in a deployment. Where the
  // server runs without it (this shared machine's PostgreSQL has autovacuum = off), the bench vacuums after each purge.
  const autovacuum = (await pool.query<{ autovacuum: string }>('SHOW autovacuum')).rows[0].autovacuum === 'on';
  const purger = (async () => {
    while (Date.now() < endAt) {
      await new Promise((r) => setTimeout(r, Math.min(everyMs, Math.max(0, endAt - Date.now()))));
      await purge({}, { signal } as never);
      if (!autovacuum) await pool.query('VACUUM documents.events');
    }
  })();
  say(
    `level-off run: ${minutes} min, ${rate} events/s, retention ${keep}, purge every ${everyMs / 1000} s` +
      `${autovacuum ? '' : ' then VACUUM (autovacuum is off on this server)'}; load ${loadAverage()}`,
  );
  say(`${'minute'.padStart(6)} ${'appended'.padStart(9)} ${'rows'.padStart(8)} ${'size MB'.padStart(8)} ${'dead'.padStart(8)} vacuums  load`);
  for (let minute = 1; minute <= minutes; minute++) {
    await new Promise((r) => setTimeout(r, Math.max(0, started + minute * 60_000 - Date.now())));
    const { rows } = await pool.query<{ n: number; bytes: string; dead: string; vacuums: string }>(
      `SELECT count(*)::int AS n, pg_total_relation_size('documents.events')::text AS bytes,
              (SELECT n_dead_tup::text FROM pg_stat_user_tables WHERE relid = 'documents.events'::regclass) AS dead,
              (SELECT (autovacuum_count + vacuum_count)::text FROM pg_stat_user_tables WHERE relid = 'documents.events'::regclass) AS vacuums
         FROM documents.events`,
    );
    say(
      `${String(minute).padStart(6)} ${String(appended).padStart(9)} ${String(rows[0].n).padStart(8)} ${(Number(rows[0].bytes) / 1048576).toFixed(1).padStart(8)} ` +
        `${rows[0].dead.padStart(8)} ${rows[0].vacuums.padStart(7)}  ${loadAverage()}`,
    );
  }
  await Promise.all([...clients, purger]);
}

async function main() {
  const name = `${process.env.BENCH_DATABASE_PREFIX ?? 'vigil_bench_retention'}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Pool({ connectionString: ADMIN, max: 1 });
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: CONCURRENCY + 4 });
  pool.on('error', () => undefined); // the database is dropped WITH (FORCE) at the end
  try {
    await applyMigrations(pool, { log: () => undefined });
    if (LEVEL_OFF_MINUTES > 0) return await levelOff(pool, LEVEL_OFF_MINUTES);
    const orgs = Array.from({ length: 50 }, () => randomUUID());
    const t0 = Date.now();
    await pool.query(
      `INSERT INTO documents.events (id, "organizationId", name, source, data, "createdAt")
       SELECT gen_random_uuid(), ($1::uuid[])[1 + i % 50], 'AlertUpdated', 'bench', jsonb_build_object('i', i, 'pad', repeat('x', 200)),
              now() - interval '2 days' + (i::float / $2) * interval '2 days'
         FROM generate_series(1, $2::int) i`,
      [orgs, ROWS],
    );
    await pool.query('VACUUM ANALYZE documents.events');
    say(
      `${ROWS} entries in ${((Date.now() - t0) / 1000).toFixed(0)} s; load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );

    const window = async (label: string, work: () => Promise<void>) => {
      const latencies: number[] = [];
      let lockWaits = 0;
      let samples = 0;
      let running = true;
      const sampler = (async () => {
        while (running) {
          // Sessions waiting on a lock the purge holds (appends wait on each other's sequence and notify locks anyway: not counted).
          const { rows } = await admin.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity a WHERE a.datname = $1 AND a.wait_event_type = 'Lock'
                AND EXISTS (SELECT 1 FROM pg_stat_activity b WHERE b.pid = ANY(pg_blocking_pids(a.pid)) AND b.query ILIKE '%DELETE FROM documents.events%')`,
            [name],
          );
          lockWaits += rows[0].n;
          samples++;
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      const clients = Array.from({ length: CONCURRENCY }, async (_, c) => {
        while (running) {
          const org = orgs[c % orgs.length];
          const start = performance.now();
          await pool.query(`INSERT INTO documents.events (id, "organizationId", name, source) VALUES (gen_random_uuid(), $1, 'AlertUpdated', 'bench')`, [org]);
          await readEventLog(pool, { organizationId: org, limit: 100 });
          latencies.push(performance.now() - start);
        }
      });
      const started = Date.now();
      await work();
      const took = Date.now() - started;
      running = false;
      await Promise.all([...clients, sampler]);
      say(
        `${label.padEnd(14)} work ${String(took).padStart(6)} ms  requests ${String(latencies.length).padStart(6)}  p50 ${pct(latencies, 50).toFixed(1)} ms  ` +
          `p99 ${pct(latencies, 99).toFixed(1)} ms  max ${Math.max(...latencies).toFixed(0)} ms  lock-wait samples ${lockWaits}/${samples}  load ${os.loadavg()[0].toFixed(2)}`,
      );
    };
    const pause = (ms: number) => () => new Promise<void>((r) => setTimeout(r, ms));
    await window('none', pause(10_000));
    const purge = purgeByRetention({ pool }, { ...retentionSettings(), eventsMs: 36 * 3_600_000 });
    await window('batched', () => purge({}, { signal: new AbortController().signal } as never));
    await window('one statement', async () => {
      // The next quarter of the log (36 h – 24 h old), as many rows as the batched purge took.
      await pool.query(`DELETE FROM documents.events WHERE "createdAt" < now() - interval '24 hours'`);
    });
  } finally {
    await pool.end();
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
