/**
 * `npm run bench:export`: 1,000,000 alerts of one organization exported to CSV through the job
 * (POST /organizations/{id}/documents type ALERT → export.build on the job runner of this process →
 * DONE), on both databases:
 *
 * 1. PostgreSQL, against `COPY (SELECT …) TO STDOUT WITH CSV` of the same rows, columns and order on
 *    a client of its own. The two alternate, BENCH_SAMPLES (default 3) timed runs each (COPY, export,
 *    COPY, export, …, after one untimed COPY that warms the cache), and the medians are compared. Every
 *    exported file must hold the COPY's rows: a checksum of the sorted data rows (header excluded) of
 *    each export is compared with the COPY's, and a mismatch ends the run with an error — a fast export
 *    of the wrong rows is no result. Prints `ratio export/copy=<x> (target ≤ 1.5)` (medians) and
 *    `rss-growth-mb=<n>` (the largest of the samples).
 * 2. The embedded database (PGlite, what `npm start` runs without DATABASE_URL), in a child process
 *    of its own (this one's RSS holds the PostgreSQL run): the same data generated into it, the same
 *    export. Prints `embedded rss-growth-mb=<n> (target ≤ 100)`. BENCH_EMBEDDED=0 skips it;
 *    BENCH_DATA_DIR=<dir> keeps (and reuses) its data directory.
 *
 * RSS growth: the exporting process's peak RSS during the export minus its RSS just before (Linux:
 * the kernel's high-water mark, VmHWM, reset through /proc/self/clear_refs just before, so no peak
 * falls between two samples; elsewhere sampled every 20 ms). It does not depend on the machine's load.
 *
 * A fresh PostgreSQL database (DATABASE_URL or TEST_DATABASE_URL, default
 * postgresql://root@127.0.0.1:5432/postgres), data generated set-based (INSERT … SELECT
 * generate_series, secondary indexes built after the load). BENCH_DATABASE=<name> keeps (and
 * reuses) it. The export includes storing the file (local disk: a second pass over it).
 */
import '../lib/production-mode';
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { type RunningVigil, startVigil } from '../app/vigil';
import { COMMANDS } from '../cli/commands';
import { loadConfig } from '../lib/config';
import { setLogLevel } from '../lib/log';
import { runBenchmark } from './load-average';

const BASE_URL = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgresql://root@127.0.0.1:5432/postgres';
const ALERTS = Number(process.env.BENCH_ALERTS ?? 1_000_000);
const SAMPLES = Math.max(1, Number(process.env.BENCH_SAMPLES ?? 3));
const TARGETS = 200;
const RULES = 60;

const log = (line: string) => process.stderr.write(`${line}\n`);

async function generate(db: pg.Pool, organizationId: string): Promise<void> {
  log('generating rules and scan targets…');
  await db.query(
    `INSERT INTO alerts.rules (id, "titleEn", "titlePt", severity, compliances, "timelinessThreshold", "updatedAt")
     SELECT 'bench-rule-' || i, 'Benchmark rule, number ' || i, 'Regra de benchmark número ' || i,
            (ARRAY['CRITICAL','HIGH','MEDIUM','LOW','INFO'])[1 + i % 5], '{CIS-AWS-1.1,ISO-27001}', 30, now()
       FROM generate_series(0, $1::int - 1) i ON CONFLICT DO NOTHING`,
    [RULES],
  );
  await db.query(
    `INSERT INTO alerts.scan_targets (id, "organizationId", name, kind, "credentialEncrypted", schedule, tags, "updatedAt")
     SELECT gen_random_uuid(), $1, 'target ' || t, 'AWS', 'bench', '{"frequency":"1d"}', '{}', now() FROM generate_series(0, $2::int - 1) t`,
    [organizationId, TARGETS],
  );
  const { rows: indexes } = await db.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      WHERE i.schemaname = 'alerts' AND i.tablename = 'alerts' AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
  for (const index of indexes) await db.query(`DROP INDEX alerts."${index.name}"`);
  const targets = (await db.query<{ id: string }>(`SELECT id FROM alerts.scan_targets WHERE "organizationId" = $1 ORDER BY id`, [organizationId])).rows.map(
    (r) => r.id,
  );
  const chunk = 100_000;
  for (let start = 0; start < ALERTS; start += chunk) {
    await db.query(
      `INSERT INTO alerts.alerts (id, "organizationId", "scanTargetId", rule, resource, severity, state, version, tags, labels, compliances,
                                  enrichment, metadata, "timelinessThreshold", "openedAt", "resolvedAt", "createdAt", "updatedAt")
       SELECT gen_random_uuid(), $3, ($4::uuid[])[1 + i % $5], 'bench-rule-' || (i * 7 % $6), 'arn:aws:s3:::bucket-' || i,
              (ARRAY['CRITICAL','HIGH','MEDIUM','LOW','INFO'])[1 + (i / 3) % 5],
              (ARRAY['OPEN','OPEN','OPEN','IN_PROGRESS','RISK_ACCEPTED','CLOSED'])[1 + (i / 7) % 6], 1 + i % 4,
              '{env:prod,team:core}', CASE WHEN i % 10 = 0 THEN '{triaged}'::text[] ELSE '{}'::text[] END, '{CIS-AWS-2.1,ISO-27001}',
              '{"evidence":{"policy":"public-read"}}', jsonb_build_object('account', lpad((i % 997)::text, 12, '0')),
              30, timestamptz '2025-01-01' + (i % 500000) * interval '37 seconds',
              CASE WHEN (i / 7) % 6 = 5 THEN timestamptz '2025-06-01' + (i % 400000) * interval '29 seconds' END,
              timestamptz '2025-01-01' + (i % 600000) * interval '31 seconds', timestamptz '2025-03-01' + (i % 700000) * interval '17 seconds'
         FROM generate_series($1::int, $2::int) i`,
      [start, Math.min(start + chunk, ALERTS) - 1, organizationId, targets, TARGETS, RULES],
    );
    log(`  alerts ${Math.min(start + chunk, ALERTS).toLocaleString('en-US')} / ${ALERTS.toLocaleString('en-US')}`);
  }
  for (const index of indexes) await db.query(index.def);
  await db.query('VACUUM ANALYZE alerts.alerts');
}

/** The same rows, columns (CSV cells) and order as the ALERT export with no filter (severity DESC, id DESC). */
const COPY_SQL = (organizationId: string) => `COPY (
  SELECT a.id, a."organizationId", a."scanTargetId", a.rule, r."titleEn", a.resource, a.severity, a.state, a.version,
         array_to_string(a.tags, ';'), array_to_string(a.labels, ';'), array_to_string(a.compliances, ';'),
         to_char(a."openedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), to_char(a."resolvedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         to_char(a."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), to_char(a."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         a."timelinessThreshold"
    FROM alerts.alerts a LEFT JOIN alerts.rules r ON r.id = a.rule
   WHERE a."organizationId" = '${organizationId}'
     AND a."scanTargetId" NOT IN (SELECT dst.id FROM alerts.scan_targets dst WHERE dst."organizationId" = '${organizationId}' AND dst."deletedAt" IS NOT NULL)
   ORDER BY (CASE a.severity WHEN 'CRITICAL' THEN 5 WHEN 'HIGH' THEN 4 WHEN 'MEDIUM' THEN 3 WHEN 'LOW' THEN 2 WHEN 'INFO' THEN 1 ELSE 0 END) DESC, a.id DESC
) TO STDOUT WITH (FORMAT csv, HEADER)`;

/**
 * A checksum of a CSV's data rows in sorted order, header excluded: each row hashed, the row hashes
 * sorted and hashed together (the same verdict as hashing the sorted rows, without holding them).
 * The generated data has no line breaks inside a cell, so a row is a line. Rows are compared by their
 * cells' values, not their quoting: COPY writes an empty string as `""` and NULL as nothing, the export
 * writes both as nothing (a CSV cell has no NULL), and either quotes only what needs it.
 */
/** A CSV row (no line break inside a cell) re-written with each cell quoted only if it holds a comma, a quote or a line break. */
function canonicalRow(row: string): string {
  const cells: string[] = [];
  let i = 0;
  while (i <= row.length) {
    let cell = '';
    if (row[i] === '"') {
      i++;
      for (;;) {
        const quote = row.indexOf('"', i);
        if (quote < 0) throw new Error(`unterminated quoted cell in ${JSON.stringify(row)}`);
        cell += row.slice(i, quote);
        if (row[quote + 1] === '"') {
          cell += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
    } else {
      const comma = row.indexOf(',', i);
      cell = row.slice(i, comma < 0 ? row.length : comma);
      i = comma < 0 ? row.length : comma;
    }
    cells.push(/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
    i++; // the comma (or past the end)
  }
  return cells.join(',');
}

class SortedRowsChecksum {
  private readonly rowHashes: Buffer[] = [];
  private partial = '';
  private headerSeen = false;
  /** The first data row, shown when two checksums differ. */
  firstRow = '';

  update(chunk: Buffer): void {
    const lines = (this.partial + chunk.toString('utf8')).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) this.row(line);
  }

  private row(line: string): void {
    const row = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (!this.headerSeen) {
      this.headerSeen = true;
      return;
    }
    if (this.rowHashes.length === 0) this.firstRow = row;
    if (row !== '') this.rowHashes.push(createHash('sha256').update(canonicalRow(row)).digest().subarray(0, 16));
  }

  digest(): { rows: number; checksum: string; firstRow: string } {
    if (this.partial !== '') this.row(this.partial);
    this.partial = '';
    const sorted = this.rowHashes.sort(Buffer.compare);
    return { rows: sorted.length, checksum: createHash('sha256').update(Buffer.concat(sorted)).digest('hex'), firstRow: this.firstRow };
  }
}

async function checksumOfFile(file: string): Promise<{ rows: number; checksum: string; firstRow: string }> {
  const sum = new SortedRowsChecksum();
  for await (const chunk of createReadStream(file)) sum.update(chunk as Buffer);
  return sum.digest();
}

/** One COPY to a sink that counts bytes (timed); with `checksum`, the rows are checksummed too (the untimed warm-up run). */
async function copyBaseline(client: pg.Client, organizationId: string, checksum?: SortedRowsChecksum): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  let bytes = 0;
  await pipeline(
    client.query(copyTo(COPY_SQL(organizationId))),
    new Writable({
      write(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        checksum?.update(chunk);
        done();
      },
    }),
  );
  return { ms: performance.now() - started, bytes };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Organization 0 of a kept database (a new admin key for it), or a new account whose organization gets the generated alerts. */
async function account(vigil: RunningVigil): Promise<{ organizationId: string; apiKey: string }> {
  const existing = (await vigil.db.pool.query<{ id: string }>(`SELECT "organizationId" AS id FROM alerts.scan_targets LIMIT 1`)).rows[0]?.id;
  if (!existing) {
    const created = (await COMMANDS.bootstrap.run(vigil.db, { email: 'bench@example.com', organization: 'Bench org' }, () => undefined)) as {
      organizationId: string;
      apiKey: string;
    };
    await generate(vigil.db.pool, created.organizationId);
    return created;
  }
  const { rows } = await vigil.db.pool.query<{ email: string }>(
    `SELECT u.email FROM organizations.users u JOIN organizations.memberships m ON m."userId" = u.id WHERE m."organizationId" = $1 LIMIT 1`,
    [existing],
  );
  const again = (await COMMANDS.bootstrap.run(
    vigil.db,
    { email: `again-${randomBytes(3).toString('hex')}-${rows[0].email}`, organization: 'Other' },
    () => undefined,
  )) as { userId: string; apiKey: string };
  await vigil.db.pool.query(`INSERT INTO organizations.memberships ("organizationId", "userId", roles, "updatedAt") VALUES ($1, $2, '{ADMIN}', now())`, [
    existing,
    again.userId,
  ]);
  return { organizationId: existing, apiKey: again.apiKey };
}

const HWM = '/proc/self/status';

/** Peak RSS of this process from now on: the kernel's high-water mark (reset here) on Linux, else 20 ms samples. */
function peakRss(): () => number {
  try {
    writeFileSync('/proc/self/clear_refs', '5'); // resets VmHWM to the current RSS (Linux ≥ 4.0)
    return () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(HWM, 'utf8'))![1]) * 1024;
  } catch {
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    return () => {
      clearInterval(sampler);
      return Math.max(peak, process.memoryUsage().rss);
    };
  }
}

/** One ALERT export through the API and the job runner: its time, the RSS growth and the file's size. */
async function timeExport(
  vigil: RunningVigil,
  organizationId: string,
  apiKey: string,
): Promise<{ ms: number; rssGrowthMb: number; bytes: number; storageKey: string }> {
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  // The first REST request of a process starts the REST graph's gateway (gateway/graphql-servers.ts): a
  // one-time cost of the process, not of the export, so it is paid before the measurement.
  const warm = await fetch(`${vigil.url}/me/documents`, { headers });
  if (warm.status !== 200) throw new Error(`list documents: ${warm.status} ${await warm.text()}`);
  await warm.arrayBuffer().catch(() => undefined);
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  log(`RSS before the export: ${(rssBefore / 1048576).toFixed(0)} MB`);
  const peak = peakRss();
  const started = performance.now();
  const created = await fetch(`${vigil.url}/organizations/${organizationId}/documents`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ type: 'ALERT', params: {} }),
  });
  const document = (await created.json()) as { id: string; status: string };
  if (created.status !== 200) throw new Error(`create document: ${created.status} ${JSON.stringify(document)}`);
  let answer: { status: string; reason?: string; attachmentId?: string } = document;
  while (answer.status === 'PENDING') {
    await new Promise((r) => setTimeout(r, 50));
    answer = (await (await fetch(`${vigil.url}/me/documents/${document.id}`, { headers })).json()) as typeof answer;
  }
  const ms = performance.now() - started;
  const rssGrowthMb = (peak() - rssBefore) / 1048576;
  if (answer.status !== 'DONE') throw new Error(`export ${answer.status}: ${answer.reason}`);
  const stored = (
    await vigil.db.pool.query<{ n: string; key: string }>(`SELECT "contentLength"::text AS n, "storageKey" AS key FROM documents.attachments WHERE id = $1`, [
      answer.attachmentId,
    ])
  ).rows[0];
  return { ms, rssGrowthMb, bytes: Number(stored.n), storageKey: stored.key };
}

const vigilConfig = (dataDir: string, databaseUrl?: string) =>
  loadConfig({
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    PORT: '0',
    SUBGRAPH_BASE_PORT: '0',
    VIGIL_SECRET: randomBytes(16).toString('hex'),
    VIGIL_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    VIGIL_RATE_LIMIT_PER_KEY: '0',
    VIGIL_WORKERS: 'export.build',
    // The data is generated over this process's pool, in statements longer than the requests' limit.
    VIGIL_DATABASE_STATEMENT_TIMEOUT_MS: '0',
  });

async function onPostgres(): Promise<void> {
  const keep = process.env.BENCH_DATABASE;
  if (keep && !/^\w+$/.test(keep)) throw new Error('BENCH_DATABASE must be a plain database name');
  const dbName = keep || `vigil_bench_export_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  if (!(await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [dbName])).rowCount) await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-export-'));
  const vigil = await startVigil(vigilConfig(dataDir, url.toString()));
  const sql = new pg.Client({ connectionString: url.toString() });
  try {
    await sql.connect();
    const { organizationId, apiKey } = await account(vigil);
    const count = (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM alerts.alerts WHERE "organizationId" = $1`, [organizationId])).rows[0].n;
    log(`PostgreSQL: ${count.toLocaleString('en-US')} alerts ready`);

    // Warm the cache the same way for both: one COPY first (not timed), whose rows give the checksum.
    const copySum = new SortedRowsChecksum();
    await copyBaseline(sql, organizationId, copySum);
    const expected = copySum.digest();
    log(`COPY rows: ${expected.rows.toLocaleString('en-US')}, sorted-rows checksum ${expected.checksum.slice(0, 16)}…`);
    const copyMs: number[] = [];
    const exportMs: number[] = [];
    let rssGrowthMb = 0;
    for (let sample = 1; sample <= SAMPLES; sample++) {
      const copy = await copyBaseline(sql, organizationId);
      copyMs.push(copy.ms);
      log(`sample ${sample}: COPY … TO STDOUT (csv) ${(copy.ms / 1000).toFixed(2)} s, ${(copy.bytes / 1e6).toFixed(0)} MB`);
      const exported = await timeExport(vigil, organizationId, apiKey);
      exportMs.push(exported.ms);
      rssGrowthMb = Math.max(rssGrowthMb, exported.rssGrowthMb);
      const got = await checksumOfFile(path.join(dataDir, 'attachments', exported.storageKey));
      log(
        `sample ${sample}: export through the job ${(exported.ms / 1000).toFixed(2)} s, ${(exported.bytes / 1e6).toFixed(0)} MB, ` +
          `${got.rows.toLocaleString('en-US')} rows, checksum ${got.checksum === expected.checksum ? 'equal to the COPY’s' : 'DIFFERENT'}`,
      );
      if (got.rows !== expected.rows || got.checksum !== expected.checksum) {
        throw new Error(
          `export sample ${sample}: ${got.rows} rows (checksum ${got.checksum}) where the COPY has ${expected.rows} (checksum ${expected.checksum}); ` +
            `first rows:\n  export ${got.firstRow}\n  COPY   ${expected.firstRow}`,
        );
      }
    }
    log(`medians of ${SAMPLES}: COPY ${(median(copyMs) / 1000).toFixed(2)} s, export ${(median(exportMs) / 1000).toFixed(2)} s`);
    process.stdout.write(`rows-equal-to-copy=${expected.rows} (sorted-rows checksum, every sample)\n`);
    process.stdout.write(`ratio export/copy=${(median(exportMs) / median(copyMs)).toFixed(2)} (target ≤ 1.5; medians of ${SAMPLES} alternated samples)\n`);
    process.stdout.write(`rss-growth-mb=${rssGrowthMb.toFixed(0)}\n`);
  } finally {
    await sql.end();
    await vigil.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (!keep) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

/** The child process of step 2: the embedded database in BENCH_DATA_DIR (kept) or a temporary directory. */
async function onEmbedded(): Promise<void> {
  const keep = process.env.BENCH_DATA_DIR;
  const dataDir = keep ? path.resolve(keep) : mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-export-embedded-'));
  const generating = Date.now();
  let vigil = await startVigil(vigilConfig(dataDir));
  try {
    const { organizationId } = await account(vigil);
    // A database generated in this process has its WebAssembly memory already grown by the load and
    // the index builds: the export is measured after a restart, as a service that opens its data.
    log(`embedded: data ready in ${((Date.now() - generating) / 1000).toFixed(0)} s; restarting`);
    await vigil.close();
    vigil = await startVigil(vigilConfig(dataDir));
    const { apiKey } = await account(vigil);
    const count = (await vigil.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM alerts.alerts WHERE "organizationId" = $1`, [organizationId]))
      .rows[0].n;
    log(`embedded: ${count.toLocaleString('en-US')} alerts, RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`);
    const exported = await timeExport(vigil, organizationId, apiKey);
    log(`embedded export through the job: ${(exported.ms / 1000).toFixed(2)} s, ${(exported.bytes / 1e6).toFixed(0)} MB`);
    process.stdout.write(`embedded rss-growth-mb=${exported.rssGrowthMb.toFixed(0)} (target ≤ 100)\n`);
  } finally {
    await vigil.close();
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  setLogLevel('warn');
  if (process.argv.includes('--embedded')) return onEmbedded();
  if (process.env.BENCH_ONLY !== 'embedded') await onPostgres();
  if (process.env.BENCH_EMBEDDED === '0') return;
  // The embedded run in a process of its own: its RSS must not hold what the PostgreSQL run left.
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1], '--embedded'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the embedded run exited with ${code}`);
}

runBenchmark(main);
