/**
 * `npm run bench:faults`: does Vigil degrade instead of stalling (issue 28)? `npm run start:cluster`
 * (four subgraphs, two gateway replicas behind the balancer, a worker) on PostgreSQL and Redis, under
 * a steady mixed load, with one fault injected at a time:
 *
 * - redis: a private redis-server (its own port; the machine's shared Redis is never touched) killed
 *   for BENCH_FAULT_SECONDS, then started again (empty);
 * - postgres: a TCP proxy between the cluster and PostgreSQL stops (open connections cut, new ones
 *   refused) for BENCH_FAULT_SECONDS, then serves again;
 * - gateway: one gateway replica SIGKILLed (the cluster restarts it);
 * - subgraph: the questionnaires subgraph SIGKILLed (the cluster restarts it);
 * - postgres-silent: the proxy stops forwarding (connections stay open, statements in flight get no
 *   answer, new connections get no reply: a frozen server) for BENCH_FAULT_SECONDS, then forwards
 *   again (the server thaws), with the default settings (the liveness probe finds it: lib/db-liveness.ts;
 *   BENCH_QUERY_TIMEOUT_MS, when set, gives the cluster VIGIL_DATABASE_QUERY_TIMEOUT_MS, the former 5,000 of this bench).
 *   Its line adds `longest-wait-ms` (the longest any request in flight during the silence waited within it:
 *   how long the silence took to be found; target ≤ 5,000) and `first-503-after-ms`.
 *
 * BENCH_FAULTS (default `redis,postgres,gateway,subgraph`) chooses the faults and their order, and
 * BENCH_FAULT_REPEAT (1) runs each that many times in the one cluster; each PostgreSQL fault ends with
 * one line `postgres-cut run=<n> recovered-within-ms=<x> 2xx-during-cut-ratio=<y> load=<1-min>`
 * (postgres-silent likewise), so `BENCH_FAULTS=postgres BENCH_FAULT_REPEAT=5` gives five comparable runs.
 *
 * BENCH_FAULTS_CONCURRENCY (6) workers send, by weight: GET /me, alert lists (REST and GraphQL),
 * questionnaire lists, alert updates and comments (rate limits on, counted in Redis, set high enough
 * never to refuse). For the normal window before the faults and for each fault window (its requests
 * by start time) it prints the successful (2xx) requests per second relative to normal's, beside the
 * answered requests per second relative to normal, the share answered 2xx, p50 and p99 latency, the
 * error mix (every non-2xx status), and the log lines the cluster wrote during the window
 * ("dependency unreachable" warnings, "internal error" errors, balancer failures) and the events a live
 * SSE stream (eventAppended, resumed from its last cursor after a drop) received. Targets (issue 28): in every fault
 * window successful throughput (2xx/s) ≥ 50 % of normal's — a window that only fails fast misses it (issue 40) — and p99 ≤ 5 s, and no 500. Exits 1 when a target is missed.
 * Needs PostgreSQL (DATABASE_URL, else TEST_DATABASE_URL, else postgresql://root@127.0.0.1:5432/postgres)
 * and redis-server on the PATH. BENCH_KEEP_LOG=1 keeps the cluster's log.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { COMMANDS } from '../cli/commands';
import { openPostgres } from '../lib/db';
import { startTcpProxy } from '../test/support/tcp-proxy';

const ROOT = path.join(__dirname, '..');
const BASE_URL = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgresql://root@127.0.0.1:5432/postgres';
const CONCURRENCY = Number(process.env.BENCH_FAULTS_CONCURRENCY ?? 6);
const NORMAL_SECONDS = Number(process.env.BENCH_NORMAL_SECONDS ?? 12);
const FAULT_SECONDS = Number(process.env.BENCH_FAULT_SECONDS ?? 15);
const RECOVERY_SECONDS = Number(process.env.BENCH_RECOVERY_SECONDS ?? 8);
/** Load before the normal window, not reported: a cold cluster (JIT, connection pools) made normal ~2.5× slower than later windows, flattering every ratio. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const FAULTS = (process.env.BENCH_FAULTS ?? 'redis,postgres,gateway,subgraph')
  .split(',')
  .map((f) => f.trim())
  .filter(Boolean);
const FAULT_REPEAT = Number(process.env.BENCH_FAULT_REPEAT ?? 1);
for (const fault of FAULTS)
  if (!['redis', 'postgres', 'postgres-silent', 'gateway', 'subgraph'].includes(fault))
    throw new Error(`BENCH_FAULTS: unknown fault ${fault} (redis, postgres, postgres-silent, gateway, subgraph)`);
/** A query timeout (VIGIL_DATABASE_QUERY_TIMEOUT_MS) for the cluster, when set; unset: Vigil's default (the liveness probe finds a silent database). */
const QUERY_TIMEOUT_MS = process.env.BENCH_QUERY_TIMEOUT_MS;
/** Issue 36: a silent database found within 5 s. */
const TARGET_DETECT_MS = 5_000;
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 5_000;

const say = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const KINDS = { me: 25, 'alerts-rest': 20, 'alerts-graphql': 20, questionnaires: 10, 'alert-update': 15, comment: 10 } as const;
type Kind = keyof typeof KINDS;
const ALERT_LIST_QUERY = `query($o: ID!) { alerts(organizationId: $o, first: 20) { nodes { id rule resource severity state } pageInfo { endCursor } } }`;

interface Sample {
  kind: Kind;
  start: number;
  ms: number;
  status: number;
}

async function freeBase(): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    let ok = true;
    for (const offset of [0, 1, 2, 11, 12, 13, 14, 20, 30]) ok = ok && (await free(base + offset));
    if (ok) return base;
  }
}

async function until(what: string, probe: () => Promise<boolean>, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

/** A private redis-server on `port` (no persistence), started and killed by this benchmark only. */
function privateRedis(port: number) {
  let child: ChildProcess | null = null;
  return {
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      await until('redis-server', async () => {
        const socket = net.connect(port, '127.0.0.1');
        return new Promise<boolean>((resolve) => {
          socket.once('connect', () => resolve(true));
          socket.once('error', () => resolve(false));
        }).finally(() => socket.destroy());
      });
    },
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
}

async function main() {
  const name = `${process.env.BENCH_DATABASE_PREFIX ?? 'vigil_faults'}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const direct = new URL(BASE_URL);
  direct.pathname = `/${name}`;
  const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const viaProxy = new URL(direct.toString());
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  const base = await freeBase();
  const redis = privateRedis(base + 30);
  await redis.start();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-faults-'));
  const logFile = path.join(dataDir, 'cluster.log');
  const out = openSync(logFile, 'a');
  const env = {
    ...process.env,
    DATABASE_URL: viaProxy.toString(),
    REDIS_URL: `redis://127.0.0.1:${base + 30}`,
    PORT: String(base),
    VIGIL_DATA_DIR: dataDir,
    VIGIL_SECRET: randomBytes(24).toString('hex'),
    LOG_LEVEL: 'warn',
    VIGIL_RATE_LIMIT_PER_KEY: '1000000',
    VIGIL_RATE_LIMIT_PER_ADDRESS: '1000000',
    ...(QUERY_TIMEOUT_MS ? { VIGIL_DATABASE_QUERY_TIMEOUT_MS: QUERY_TIMEOUT_MS } : {}),
  };
  say(`cluster on ${base} (PostgreSQL ${name} through a proxy on ${proxy.port}, private Redis on ${base + 30}); its log: ${logFile}`);
  const cluster = spawn(process.execPath, [path.join(ROOT, 'scripts', 'run-compiled.cjs'), 'app/cluster'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', out, out],
    detached: true,
  });
  const url = `http://127.0.0.1:${base}`;
  const members = () => JSON.parse(readFileSync(path.join(dataDir, 'cluster.json'), 'utf8')).members as Record<string, number>;
  let failed = false;
  try {
    await until('the cluster', async () => {
      for (const port of [base, base + 1, base + 2]) if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status !== 200) return false;
      return true;
    });

    // ── an organization, a scan target with 20 alerts ──
    const db = await openPostgres(direct.toString(), 2);
    const account = (await COMMANDS.bootstrap.run(db, { email: 'faults@bench.test', organization: 'Faults' }, () => undefined)) as {
      organizationId: string;
      apiKey: string;
    };
    await db.close();
    const o = account.organizationId;
    const call = async (method: string, route: string, body?: unknown): Promise<{ status: number; body: any }> => {
      const answer = await fetch(url + route, {
        method,
        headers: { authorization: `Bearer ${account.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await answer.text();
      return { status: answer.status, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text };
    };
    const target = await call('POST', `/organizations/${o}/scantargets`, { name: 'prod', kind: 'AWS', credential: { account: '123456789012' } });
    const targetId = target.body.id as string;
    await call('POST', `/organizations/${o}/scantargets/${targetId}/findings`, {
      format: 'vigil',
      findings: Array.from({ length: 20 }, (_, i) => ({ rule: 'aws-s3-bucket-public', resource: `arn:aws:s3:::faults-${i}` })),
    });
    const alertIds = ((await call('POST', `/organizations/${o}/alerts?size=100`, {})).body.data as Array<{ id: string }>).map((a) => a.id);
    if (alertIds.length !== 20) throw new Error(`expected 20 alerts, got ${alertIds.length}`);

    // ── the load ──
    const samples: Sample[] = [];
    let tick = 0;
    let running = true;
    const totalWeight = Object.values(KINDS).reduce((a, b) => a + b, 0);
    const draw = (): Kind => {
      let r = Math.random() * totalWeight;
      for (const [kind, weight] of Object.entries(KINDS) as Array<[Kind, number]>) {
        r -= weight;
        if (r < 0) return kind;
      }
      return 'me';
    };
    const send = (kind: Kind) => {
      const alertId = alertIds[tick++ % alertIds.length];
      switch (kind) {
        case 'me':
          return call('GET', '/me');
        case 'alerts-rest':
          return call('POST', `/organizations/${o}/alerts?size=20`, {});
        case 'alerts-graphql':
          return call('POST', '/graphql', { query: ALERT_LIST_QUERY, variables: { o } });
        case 'questionnaires':
          return call('GET', `/organizations/${o}/questionnaires`);
        case 'alert-update':
          return call('PUT', `/organizations/${o}/scantargets/${targetId}/alerts/${alertId}`, { state: tick % 2 ? 'IN_PROGRESS' : 'OPEN' });
        case 'comment':
          return call('POST', `/organizations/${o}/alerts/${alertId}/comments`, { comment: `fault bench ${tick}` });
      }
    };
    const worker = async () => {
      while (running) {
        const kind = draw();
        const start = performance.now();
        const status = await send(kind).then(
          (answer) => answer.status,
          () => 0, // no answer (connection cut or 30 s timeout)
        );
        samples.push({ kind, start, ms: performance.now() - start, status });
      }
    };
    const workers = Array.from({ length: CONCURRENCY }, worker);

    // ── a live stream (SSE, eventAppended) held through every fault, resuming from its last cursor ──
    const received: Array<{ at: number; cursor: string }> = [];
    let reconnects = 0;
    const stream = (async () => {
      let after: string | undefined;
      while (running) {
        try {
          const answer = await fetch(`${url}/graphql/stream`, {
            method: 'POST',
            headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json', accept: 'text/event-stream' },
            body: JSON.stringify({
              query: 'subscription($o: ID!, $after: String) { eventAppended(organizationId: $o, after: $after) { cursor } }',
              variables: { o, after },
            }),
          });
          if (answer.status !== 200 || !answer.body) throw new Error(`stream answered ${answer.status}`);
          let buffer = '';
          const decoder = new TextDecoder();
          for await (const chunk of answer.body) {
            buffer += decoder.decode(chunk as Uint8Array, { stream: true });
            let end = buffer.indexOf('\n\n');
            while (end >= 0) {
              const data = buffer
                .slice(0, end)
                .split('\n')
                .filter((line) => line.startsWith('data:'))
                .map((line) => line.slice(5).trim())
                .join('');
              buffer = buffer.slice(end + 2);
              end = buffer.indexOf('\n\n');
              const cursor = data ? (JSON.parse(data) as { data?: { eventAppended?: { cursor: string } } }).data?.eventAppended?.cursor : undefined;
              if (cursor) {
                after = cursor;
                received.push({ at: performance.now(), cursor });
              }
            }
            if (!running) break;
          }
        } catch {
          // dropped (replica killed, database away): resume from the last cursor
        }
        if (running) {
          reconnects++;
          await sleep(500);
        }
      }
    })();

    const windows: Array<{ name: string; from: number; to: number; logFrom: number; logTo: number; note?: string }> = [];
    const logSize = () => readFileSync(logFile).length;
    const window = async (windowName: string, seconds: number, during?: () => Promise<string | undefined>) => {
      const from = performance.now();
      const logFrom = logSize();
      const note = await during?.();
      const left = from + seconds * 1000 - performance.now();
      if (left > 0) await sleep(left);
      windows.push({ name: windowName, from, to: performance.now(), logFrom, logTo: logSize(), note });
    };
    const gauge = async (port: number) => {
      const text = await fetch(`http://127.0.0.1:${port}/metrics`).then(
        (r) => r.text(),
        () => '',
      );
      return /^vigil_dependency_up\{dependency="redis"\} (\d)$/m.exec(text)?.[1] ?? '?';
    };

    say(`load average at the start: ${loadAverage()} (${os.cpus().length} cores)`);
    say(
      `load: ${CONCURRENCY} workers; ${WARMUP_SECONDS} s warm-up (not reported), normal ${NORMAL_SECONDS} s, each fault ${FAULT_SECONDS} s, ${RECOVERY_SECONDS} s between`,
    );
    await sleep(WARMUP_SECONDS * 1000);
    await window('normal', NORMAL_SECONDS);
    // One line per PostgreSQL fault run (issue 36 item 3: requests succeed within 2 s after it returns).
    const runLines: string[] = [];
    const postgresRun = async (kind: 'postgres' | 'postgres-silent', run: number) => {
      const label = kind === 'postgres' ? 'postgres' : 'pg silent';
      await window(`${label} down`, FAULT_SECONDS, async () => {
        if (kind === 'postgres') await proxy.stop();
        else proxy.stall();
        return undefined;
      });
      const cut = windows[windows.length - 1];
      if (kind === 'postgres') await proxy.start();
      else proxy.resume();
      const back = performance.now();
      await window(`after ${label}`, RECOVERY_SECONDS);
      // From PostgreSQL's return to the end of the last request that started after it and failed.
      const failedAfter = samples.filter((x) => x.start >= back && x.start < back + RECOVERY_SECONDS * 1000 && (x.status < 200 || x.status >= 300));
      const recoveredMs = failedAfter.length ? Math.max(...failedAfter.map((x) => x.start + x.ms - back)) : 0;
      if (recoveredMs > 2_000) failed = true;
      const inCut = samples.filter((x) => x.start >= cut.from && x.start < cut.to);
      const okRate = inCut.filter((x) => x.status >= 200 && x.status < 300).length / ((cut.to - cut.from) / 1000);
      const normal = windows.find((w) => w.name === 'normal');
      const normalOk = normal ? samples.filter((x) => x.start >= normal.from && x.start < normal.to && x.status >= 200 && x.status < 300).length : 0;
      const normalOkRate = normal ? normalOk / ((normal.to - normal.from) / 1000) : 0;
      // The silence found: the longest any request in flight during it waited within it, and the first 503 it drew.
      const overlapping = samples.filter((x) => x.start < cut.to && x.start + x.ms > cut.from);
      const longestWaitMs = Math.max(0, ...overlapping.map((x) => Math.min(x.start + x.ms, cut.to) - Math.max(x.start, cut.from)));
      const first503 = Math.min(...overlapping.filter((x) => x.status === 503).map((x) => x.start + x.ms - cut.from));
      if (kind === 'postgres-silent' && longestWaitMs > TARGET_DETECT_MS) failed = true;
      runLines.push(
        `${kind === 'postgres' ? 'postgres-cut' : 'postgres-silent'} run=${run} recovered-within-ms=${recoveredMs.toFixed(0)} ` +
          `2xx-during-cut-ratio=${(normalOkRate ? okRate / normalOkRate : 0).toFixed(2)} failed-after-return=${failedAfter.length} ` +
          `longest-wait-ms=${longestWaitMs.toFixed(0)} first-503-after-ms=${Number.isFinite(first503) ? first503.toFixed(0) : '-'} ` +
          `(targets: recovered <= 2000 ms; 2xx ratio >= ${TARGET_RATIO}${kind === 'postgres-silent' ? `; longest wait <= ${TARGET_DETECT_MS} ms` : ''}) ` +
          `load=${os.loadavg()[0].toFixed(2)}`,
      );
      say(runLines[runLines.length - 1]);
    };
    const last = FAULTS.length * FAULT_REPEAT;
    let done = 0;
    for (let run = 1; run <= FAULT_REPEAT; run++)
      for (const fault of FAULTS) {
        done++;
        switch (fault) {
          case 'redis':
            await window('redis down', FAULT_SECONDS, async () => {
              await redis.stop();
              await sleep(2_000);
              return `vigil_dependency_up{redis} on the replicas 2 s in: ${await gauge(base + 1)}, ${await gauge(base + 2)}`;
            });
            await redis.start();
            await window('after redis', RECOVERY_SECONDS, async () => {
              await sleep(1_500);
              return `vigil_dependency_up{redis} 1.5 s after: ${await gauge(base + 1)}, ${await gauge(base + 2)}`;
            });
            break;
          case 'postgres':
          case 'postgres-silent':
            await postgresRun(fault, run);
            break;
          case 'gateway':
            await window('gateway killed', FAULT_SECONDS, async () => {
              process.kill(members()['gateway-1'], 'SIGKILL');
              return undefined;
            });
            await window('after gateway', RECOVERY_SECONDS);
            break;
          case 'subgraph':
            await window('subgraph killed', FAULT_SECONDS, async () => {
              process.kill(members().questionnaires, 'SIGKILL');
              return undefined;
            });
            // The cluster restarts it; the next fault starts from a whole cluster.
            if (done < last) await window('after subgraph', RECOVERY_SECONDS);
            break;
        }
      }
    running = false;
    await Promise.all(workers);
    await Promise.race([stream, sleep(5_000)]);

    // ── the report ──
    const log = readFileSync(logFile, 'utf8');
    const pct = (values: number[], p: number) => {
      if (!values.length) return 0;
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
    };
    // Throughput that counts is successful throughput: a window whose requests all fail fast (503 in
    // a few ms) answers more per second than normal and serves nobody. The target is on 2xx per
    // second against normal's 2xx per second; answered per second and the error mix are printed beside it.
    let normalRate = 0;
    let normalOkRate = 0;
    say('');
    say(
      'window            s   2xx/s  2xx vs normal  answered/s  vs normal  2xx    p50 ms  p99 ms  error mix                       log: unreachable/internal/balancer  stream events',
    );
    for (const w of windows) {
      const inWindow = samples.filter((s) => s.start >= w.from && s.start < w.to);
      const answered = inWindow.filter((s) => s.status !== 0);
      const ok = inWindow.filter((s) => s.status >= 200 && s.status < 300).length;
      const seconds = (w.to - w.from) / 1000;
      const rate = answered.length / seconds;
      const okRate = ok / seconds;
      if (w.name === 'normal') {
        normalRate = rate;
        normalOkRate = okRate;
      }
      const ratio = normalRate ? rate / normalRate : 0;
      const okRatio = normalOkRate ? okRate / normalOkRate : 0;
      const p99 = pct(
        inWindow.map((s) => s.ms),
        99,
      );
      // Every answer that is not 2xx, by status (none = no answer: connection cut or 30 s timeout).
      const errorMix =
        Object.entries(
          inWindow.reduce<Record<string, number>>((acc, s) => {
            if (s.status >= 200 && s.status < 300) return acc;
            acc[s.status || 'none'] = (acc[s.status || 'none'] ?? 0) + 1;
            return acc;
          }, {}),
        )
          .map(([status, n]) => `${status}:${n}`)
          .join(' ') || '-';
      const lines = log.slice(w.logFrom, w.logTo);
      const unreachable = (lines.match(/"dependency unreachable"/g) ?? []).length;
      const internal = (lines.match(/"internal error"/g) ?? []).length;
      const balancer = (lines.match(/"load balancer: a replica failed/g) ?? []).length;
      const events = received.filter((e) => e.at >= w.from && e.at < w.to).length;
      const fault = !['normal'].includes(w.name) && !w.name.startsWith('after');
      const missed = fault && (okRatio < TARGET_RATIO || p99 > TARGET_P99_MS);
      const fiveHundreds = inWindow.filter((s) => s.status === 500).length;
      if (missed || fiveHundreds) failed = true;
      say(
        `${w.name.padEnd(16)} ${seconds.toFixed(0).padStart(3)} ${okRate.toFixed(1).padStart(7)} ${okRatio.toFixed(2).padStart(14)} ${rate.toFixed(1).padStart(11)} ${ratio.toFixed(2).padStart(10)} ${(inWindow.length ? Math.round((100 * ok) / inWindow.length) : 0).toString().padStart(4)}% ${pct(
          inWindow.map((s) => s.ms),
          50,
        )
          .toFixed(0)
          .padStart(
            8,
          )} ${p99.toFixed(0).padStart(7)}  ${errorMix.padEnd(31)} ${`${unreachable}/${internal}/${balancer}`.padEnd(34)} ${events}${missed ? '  TARGET MISSED' : ''}${fiveHundreds ? '  500s!' : ''}`,
      );
      if (w.note) say(`${''.padEnd(17)}${w.note}`);
    }
    const distinct = new Set(received.map((e) => e.cursor)).size;
    say(`stream: ${received.length} events, ${distinct} distinct (${received.length - distinct} repeated), ${reconnects} reconnects`);
    say('');
    for (const line of runLines) say(line);
    say(
      `targets in every fault window: 2xx/s >= ${TARGET_RATIO * 100}% of normal's 2xx/s, p99 <= ${TARGET_P99_MS} ms, no 500; after PostgreSQL returns, every request succeeds within 2000 ms: ${failed ? 'MISSED' : 'met'}`,
    );
    say(`load average at the end: ${loadAverage()} (${os.cpus().length} cores)`);
    process.stdout.write(`faults ${failed ? 'missed' : 'met'}\n`);
  } finally {
    // The cluster stops as Ctrl-C would stop it; anything of its group left after 60 s is killed.
    try {
      process.kill(cluster.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    const exited = await Promise.race([new Promise((resolve) => cluster.once('exit', () => resolve(true))), sleep(60_000).then(() => false)]);
    try {
      process.kill(-cluster.pid!, 'SIGKILL');
    } catch {
      // the group is gone
    }
    if (!exited) say('the cluster did not stop within 60 s; killed');
    await redis.stop();
    await proxy.stop();
    const drop = new pg.Client({ connectionString: BASE_URL });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await drop.end();
    if (process.env.BENCH_KEEP_LOG) say(`log kept: ${logFile}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  say(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
