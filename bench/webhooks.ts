/**
 * `npm run bench:webhooks`: 10,000 events written at a steady 500 events/s into one organization's
 * log, delivered by the service's own workers (the wake-up poller + `webhook.deliver` jobs) to a
 * local receiver on 127.0.0.1 (allow-listed). Checks that nothing is lost (every event received,
 * each signature verified with `standardwebhooks`) and that the order is the log's (seq), and
 * measures the latency from each event's commit (the writer's INSERT returning) to its receipt (the
 * receiver is a child process; both read the same clock).
 * Needs PostgreSQL: DATABASE_URL, else TEST_DATABASE_URL, else postgresql://root@127.0.0.1:5432/postgres;
 * it creates and drops its own database.
 *
 * Events are inserted the way every write path records them (one committed INSERT into
 * documents.events each), from a pool of 4 connections so a slow commit does not hold the rate
 * back — so commits also land out of seq order, as with concurrent writers in production.
 * BENCH_EVENTS (default 10000), BENCH_RATE (events/s, default 500), BENCH_POLL_MS (VIGIL_WEBHOOK_POLL_MS,
 * default the service default). Results on stdout, ending with `webhook-p99-ms=<n>` (target ≤ 100: delivery is woken by the commit, lib/event-wake.ts).
 * The `delivery-jobs=` line says where time went, from the service's own rows: each `webhook.deliver` job's wait
 * from enqueue to claim (a lost runner nudge shows as ~1 s, the runner's poll) and the POST round trips.
 */

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { startVigil } from '../app/vigil';
import { COMMANDS } from '../cli/commands';
import { loadConfig } from '../lib/config';
import { setLogLevel } from '../lib/log';
import { sayLoadAverage } from './load-average';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const baseUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgresql://root@127.0.0.1:5432/postgres';
const progress = (line: string) => process.stderr.write(`${line}\n`);

interface Received {
  id: string;
  at: number;
  body: string;
  headers: Record<string, string>;
}

/** The receiver process: answers 200, keeps every request with its arrival time, reports its count. */
const RECEIVER = `
const http = require('node:http');
const received = [];
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    received.push({ id: String(req.headers['webhook-id']), at: performance.timeOrigin + performance.now(), body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
    res.end('ok');
  });
});
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
setInterval(() => process.send({ count: received.length }), 100);
process.on('message', (m) => { if (m === 'dump') process.send({ received }, () => process.exit(0)); });
`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  setLogLevel('warn');
  const name = `vigil_bench_webhooks_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-bench-webhooks-'));

  // The receiver: another process (as a real receiver is), recording when each event arrived.
  const receiver = spawn(process.execPath, ['-e', RECEIVER], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let receivedCount = 0;
  let dump: ((value: Received[]) => void) | null = null;
  const port = await new Promise<number>((resolve) => {
    receiver.on('message', (message: { port?: number; count?: number; received?: Received[] }) => {
      if (message.port) resolve(message.port);
      if (message.count !== undefined) receivedCount = message.count;
      if (message.received) dump?.(message.received);
    });
  });

  const vigil = await startVigil(
    loadConfig({
      DATABASE_URL: url.toString(),
      PORT: '0',
      SUBGRAPH_BASE_PORT: '0',
      VIGIL_DATA_DIR: dataDir,
      VIGIL_SECRET: randomBytes(16).toString('hex'),
      // Every job kind but the scheduler's pass (what the deprecated VIGIL_SCHEDULER=off left running).
      VIGIL_WORKERS: 'jobs.purge,scan.run,webhook.deliver,assessments.overdue,export.build,documents.expire',
      VIGIL_RATE_LIMIT_PER_KEY: '0',
      VIGIL_WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
      ...(process.env.BENCH_POLL_MS ? { VIGIL_WEBHOOK_POLL_MS: process.env.BENCH_POLL_MS } : {}),
    }),
  );
  const writers = new pg.Pool({ connectionString: url.toString(), max: 4 });
  try {
    const account = (await COMMANDS.bootstrap.run(vigil.db, { email: 'bench@webhooks.example', organization: 'Webhook Bench' }, () => undefined)) as {
      organizationId: string;
      apiKey: string;
    };
    const created = await fetch(`${vigil.url}/organizations/${account.organizationId}/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `http://127.0.0.1:${port}/bench`, eventNames: ['ScanTargetUpdated'] }),
    });
    const webhook = (await created.json()) as { id: string; secret: string };
    if (!created.ok) throw new Error(`registration failed: ${JSON.stringify(webhook)}`);
    await writers.query('SELECT 1');

    progress(`writing ${EVENTS} events at ${RATE}/s (${cpus().length} cores, load ${loadavg()[0].toFixed(2)})`);
    const committedAt = new Map<string, number>();
    const started = performance.now();
    const interval = 1000 / RATE;
    const pending: Promise<void>[] = [];
    let lateWrites = 0;
    for (let i = 0; i < EVENTS; i++) {
      const due = started + i * interval;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      else if (wait < -50) lateWrites++;
      pending.push(
        writers
          .query<{ id: string }>(
            `INSERT INTO documents.events (id, "organizationId", name, source, data) VALUES (gen_random_uuid(), $1, 'ScanTargetUpdated', 'service.scanTarget', $2) RETURNING id`,
            [account.organizationId, JSON.stringify({ n: i })],
          )
          .then(({ rows }) => {
            committedAt.set(rows[0].id, performance.timeOrigin + performance.now());
          }),
      );
      if (i % 1000 === 999) progress(`  ${i + 1} written, ${receivedCount} received`);
    }
    await Promise.all(pending);
    const writeSeconds = (performance.now() - started) / 1000;
    progress(
      `written in ${writeSeconds.toFixed(1)} s (${(EVENTS / writeSeconds).toFixed(0)} events/s, ${lateWrites} writes > 50 ms late); waiting for the last deliveries`,
    );
    const deadline = Date.now() + 120_000;
    while (receivedCount < EVENTS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const received = await new Promise<Received[]>((resolve) => {
      dump = resolve;
      receiver.send('dump');
    });

    // Checks: every event once, verified, in seq order.
    const signer = new Webhook(webhook.secret);
    let badSignatures = 0;
    for (const r of received) {
      try {
        signer.verify(r.body, r.headers);
      } catch {
        badSignatures++;
      }
    }
    const { rows: logOrder } = await writers.query<{ id: string }>(
      `SELECT id FROM documents.events WHERE "organizationId" = $1 AND name = 'ScanTargetUpdated' ORDER BY seq`,
      [account.organizationId],
    );
    const firstReceipt = new Map<string, number>();
    const arrivalOrder: string[] = [];
    for (const r of received) {
      if (firstReceipt.has(r.id)) continue;
      firstReceipt.set(r.id, r.at);
      arrivalOrder.push(r.id);
    }
    const lost = logOrder.filter((e) => !firstReceipt.has(e.id)).length;
    const inOrder = arrivalOrder.length === logOrder.length && arrivalOrder.every((id, i) => id === logOrder[i].id);
    const latencies = [...firstReceipt].map(([id, at]) => at - (committedAt.get(id) ?? at)).sort((a, b) => a - b);
    const { rows: attempts } = await writers.query<{ failed: number }>(
      `SELECT count(*) FILTER (WHERE status = 'FAILED')::int AS failed FROM documents.webhook_deliveries WHERE "webhookId" = $1`,
      [webhook.id],
    );

    console.log(`events=${EVENTS} rate=${RATE}/s written-rate=${(EVENTS / writeSeconds).toFixed(0)}/s`);
    console.log(
      `received=${received.length} distinct=${firstReceipt.size} duplicates=${received.length - firstReceipt.size} lost=${lost} bad-signatures=${badSignatures} failed-attempts=${attempts[0].failed}`,
    );
    console.log(`order-kept=${inOrder}`);
    console.log(
      `latency-ms p50=${percentile(latencies, 50).toFixed(0)} p90=${percentile(latencies, 90).toFixed(0)} p99=${percentile(latencies, 99).toFixed(0)} max=${latencies[latencies.length - 1].toFixed(0)}`,
    );
    // Where the time went, from the service's own records (the database's clock): how long each delivery job
    // waited between its enqueue (a wake) and its claim by the runner, and the POST round trips. A claim that
    // waits ~1 s is a lost nudge waiting for the runner's poll (lib/jobs/runner.ts).
    const { rows: stages } = await writers.query<{ jobs: number; claimP50: number; claimMax: number; slowClaims: number; postP99: number; postMax: number }>(
      `SELECT j.jobs, j."claimP50", j."claimMax", j."slowClaims", d."postP99", d."postMax"
         FROM (SELECT count(*)::int AS jobs, percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS "claimP50", max(ms) AS "claimMax",
                      count(*) FILTER (WHERE ms > 100)::int AS "slowClaims"
                 FROM (SELECT extract(epoch FROM "startedAt" - "createdAt") * 1000 AS ms FROM jobs.jobs
                        WHERE kind = 'webhook.deliver' AND "startedAt" IS NOT NULL) claims) j,
              (SELECT percentile_cont(0.99) WITHIN GROUP (ORDER BY "latencyMs") AS "postP99", max("latencyMs") AS "postMax"
                 FROM documents.webhook_deliveries WHERE "webhookId" = $1) d`,
      [webhook.id],
    );
    const stage = stages[0];
    console.log(
      `delivery-jobs=${stage.jobs} enqueue-to-claim-ms p50=${Number(stage.claimP50).toFixed(0)} max=${Number(stage.claimMax).toFixed(0)} over-100-ms=${stage.slowClaims} ` +
        `post-round-trip-ms p99=${Number(stage.postP99).toFixed(0)} max=${Number(stage.postMax).toFixed(0)}`,
    );
    console.log(`webhook-p99-ms=${percentile(latencies, 99).toFixed(0)}`);
    if (lost || !inOrder || badSignatures) process.exitCode = 1;
  } finally {
    await writers.end();
    await vigil.close();
    if (receiver.exitCode === null) receiver.kill();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

sayLoadAverage('start');
main()
  .finally(() => sayLoadAverage('end'))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
