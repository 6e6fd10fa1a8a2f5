/**
 * `npm run bench:gateway`: Vigil's gateway against its Node peers on the public federation workload
 * (graphql-hive/graphql-gateways-benchmark: four subgraphs, the deeply nested TestQuery, ~87 KB answers).
 *
 * - The four subgraphs run in one process of their own (bench/gateway/subgraphs.ts); the supergraph
 *   is composed from their SDL once and every gateway serves that same file.
 * - Gateways, one after another, each run as its users run it (compiled or its published package, no
 *   TypeScript loader in the gateway's process): Vigil's (`npm run gateway -- --supergraph <file> --port
 *   <p>`, compiled dist/), stock `@apollo/gateway` on `@apollo/server` (bench/gateway/stock.cjs, plain
 *   JavaScript), Hive Gateway's published bin with and without `--jit`, and Hive Gateway with Hive Router's
 *   Rust query planner and executor (`@graphql-hive/router-runtime`, what `--hive-router-runtime` loads;
 *   bench/gateway/hive-gateway.config.ts). Optional features are switched alike: Vigil's gateway turns off
 *   Apollo's landing page and cache-control plugins and CSRF prevention, so stock does too, and Hive's
 *   landing page and GraphiQL are off.
 * - Correctness first: each gateway's answers (every request of both modes) must equal the reference
 *   (bench/gateway/reference.ts: the same schema and data without federation) before it is timed.
 * - Load: autocannon, fixed concurrency, warm-up, then a timed run. Two modes: identical (every request
 *   the same TestQuery) and varied (`topProducts(first: $first)`, $first cycling 1…9, so requests
 *   differ). Request deduplication is OFF for every gateway; Hive Gateway's runs with its
 *   deduplication ON are printed separately and count for nothing.
 * - Two rounds, the order reversed in the second. Per run: req/s, p50/p99 latency, non-2xx, the
 *   gateway's peak RSS (all its processes), gateway CPU ms per request, subgraph HTTP calls per request.
 * - Results go to bench/results/gateway-latest.{json,txt}; the last four lines are the ratios (means of
 *   the two rounds; hive = the faster Hive JavaScript variant; fastest = the counted peer with the most
 *   req/s in that mode, named, its CPU per request and peak RSS beside it).
 *
 * - Then the instructions per request of Vigil and of Hive Gateway with Hive Router's runtime under callgrind
 *   (bench/gateway/instructions.ts: a count the machine's load does not move), printed beside the ratios as
 *   `instructions <mode> vigil/hive+rr=…`; a few minutes more; BENCH_INSTRUCTIONS=0 skips it, and without
 *   valgrind the line says so.
 *
 * BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 3), BENCH_CONNECTIONS (default 50),
 * BENCH_INSTRUCTIONS (requests counted per mode, default 150; 0: not counted).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import { parse } from 'graphql';
import { composeSubgraphs } from '../schema/compose';
import { referenceAnswer } from './gateway/reference';
import { SUBGRAPHS } from './gateway/subgraphs';

const ROOT = path.join(__dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const INSTRUCTION_REQUESTS = Number(process.env.BENCH_INSTRUCTIONS ?? 150);
const SUBGRAPH_PORT = 4810;
const GATEWAY_PORT = 4820;

const say = (line: string) => process.stderr.write(`${line}\n`);
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const IDENTICAL = readFileSync(path.join(__dirname, 'gateway', 'workload', 'query.graphql'), 'utf8');
/** The same document with the top products' count as a variable: nine different requests and answers. */
const VARIED = IDENTICAL.replace('query TestQuery {', 'query TestQuery($first: Int) {').replace(/topProducts \{/, 'topProducts(first: $first) {');
const VARIED_FIRSTS = [1, 2, 3, 4, 5, 6, 7, 8, 9];

type Mode = 'identical' | 'varied';
interface Contender {
  name: string;
  command(supergraph: string, port: number): { cmd: string; args: string[]; env?: NodeJS.ProcessEnv };
  /** Counted in the ratios (the dedup-ON runs are not). */
  counts: boolean;
}

const TSX = ['--import', 'tsx'];
const HIVE_BIN = path.join(ROOT, 'node_modules', '@graphql-hive', 'gateway', 'dist', 'bin.js');
const hive = (jit: boolean, dedup: boolean, routerRuntime = false): Contender => ({
  name: `hive${jit ? '-jit' : ''}${routerRuntime ? '+rr' : ''}${dedup ? ' (dedup ON)' : ''}`,
  counts: !dedup,
  command: (supergraph, port) => ({
    cmd: process.execPath,
    args: [
      HIVE_BIN,
      'supergraph',
      supergraph,
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--fork',
      '1',
      '-c',
      path.join(__dirname, 'gateway', 'hive-gateway.config.ts'),
      ...(jit ? ['--jit'] : []),
    ],
    env: { BENCH_HIVE_DEDUP: dedup ? 'on' : 'off', BENCH_HIVE_ROUTER_RUNTIME: routerRuntime ? 'on' : 'off' },
  }),
});
const CONTENDERS: Contender[] = [
  {
    name: 'vigil',
    counts: true,
    command: (supergraph, port) => ({
      cmd: process.execPath,
      args: [path.join(ROOT, 'scripts', 'run-compiled.cjs'), 'app/gateway-main', '--supergraph', supergraph, '--port', String(port)],
    }),
  },
  {
    name: 'stock',
    counts: true,
    command: (supergraph, port) => ({ cmd: process.execPath, args: [path.join(__dirname, 'gateway', 'stock.cjs'), supergraph, String(port)] }),
  },
  hive(false, false),
  hive(true, false),
  hive(false, false, true),
];
const DEDUP_CONTENDERS = [hive(false, true), hive(true, true)];

// ───────────── processes ─────────────

function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited meanwhile
    }
  }
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i]) ?? []));
  return all;
}

/** CPU ms (user + system) used so far by a process and its descendants. */
function cpuMs(pid: number): number {
  const tick = 1000 / 100; // USER_HZ
  let total = 0;
  for (const p of descendants(pid)) {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      // exited
    }
  }
  return total;
}

/** Peak resident set (VmHWM, MB) of a process and its descendants, summed. */
function peakRssMb(pid: number): number {
  let total = 0;
  for (const p of descendants(pid)) {
    try {
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1];
      total += Number(hwm ?? 0) / 1024;
    } catch {
      // exited
    }
  }
  return total;
}

function start(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  child.on('exit', (code, signal) => {
    if (code && code !== 0) say(`  ${cmd} ${args.join(' ')} exited ${code ?? signal}:\n${output.slice(-2000)}`);
  });
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (const pid of descendants(child.pid as number).reverse()) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // gone
    }
  }
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function post(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json().catch(() => null) };
}

async function waitForGraphQL(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      const res = await post(url, { query: '{ __typename }' });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within 60 s`);
}

// ───────────── one run ─────────────

interface Result {
  gateway: string;
  mode: Mode;
  round: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  peakRssMb: number;
  cpuMsPerRequest: number;
  subgraphCallsPerRequest: number;
  subgraphOperationsPerRequest: number;
}

function requestsFor(mode: Mode): Array<{ body: string }> {
  return mode === 'identical'
    ? [{ body: JSON.stringify({ query: IDENTICAL }) }]
    : VARIED_FIRSTS.map((first) => ({ body: JSON.stringify({ query: VARIED, variables: { first } }) }));
}

/** Every request of the mode answered exactly as the reference answers it. */
async function checkCorrect(url: string, mode: Mode): Promise<void> {
  for (const request of requestsFor(mode)) {
    const body = JSON.parse(request.body) as { query: string; variables?: Record<string, unknown> };
    const expected = JSON.parse(JSON.stringify(referenceAnswer(body.query, body.variables)));
    const actual = await post(url, body);
    if (actual.status !== 200 || !isDeepStrictEqual(actual.json, expected)) {
      throw new Error(`${url} (${mode}, ${JSON.stringify(body.variables ?? {})}) answered ${actual.status} ${JSON.stringify(actual.json).slice(0, 500)}`);
    }
  }
}

function load(url: string, mode: Mode, seconds: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        connections: CONNECTIONS,
        duration: seconds,
        requests: requestsFor(mode),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function subgraphStats(): Promise<{ requests: number; operations: number }> {
  const stats = (await (await fetch(`http://127.0.0.1:${SUBGRAPH_PORT}/stats`)).json()) as Record<string, { requests: number; operations: number }>;
  return Object.values(stats).reduce((a, s) => ({ requests: a.requests + s.requests, operations: a.operations + s.operations }), {
    requests: 0,
    operations: 0,
  });
}

async function measure(contender: Contender, supergraph: string, round: number): Promise<Result[]> {
  const port = GATEWAY_PORT;
  const { cmd, args, env } = contender.command(supergraph, port);
  const child = start(cmd, args, env);
  const url = `http://127.0.0.1:${port}/graphql`;
  const results: Result[] = [];
  try {
    await waitForGraphQL(url, child);
    for (const mode of ['identical', 'varied'] as Mode[]) {
      await checkCorrect(url, mode);
      await load(url, mode, WARMUP);
      const before = { cpu: cpuMs(child.pid as number), sub: await subgraphStats() };
      const run = await load(url, mode, DURATION);
      const after = { cpu: cpuMs(child.pid as number), sub: await subgraphStats() };
      const requests = run.requests.total;
      // Work per request counts every request sent, also those still in flight when the run stopped.
      const sent = Math.max(requests, run.requests.sent);
      const result: Result = {
        gateway: contender.name,
        mode,
        round,
        rps: requests / DURATION,
        p50: run.latency.p50,
        p99: run.latency.p99,
        non2xx: run.non2xx,
        errors: run.errors + run.timeouts,
        peakRssMb: peakRssMb(child.pid as number),
        cpuMsPerRequest: (after.cpu - before.cpu) / Math.max(1, sent),
        subgraphCallsPerRequest: (after.sub.requests - before.sub.requests) / Math.max(1, sent),
        subgraphOperationsPerRequest: (after.sub.operations - before.sub.operations) / Math.max(1, sent),
      };
      say(`  ${row(result)}`);
      results.push(result);
    }
  } finally {
    await stop(child);
  }
  return results;
}

const HEADER = `${'gateway'.padEnd(22)}${'mode'.padEnd(11)}round   req/s   p50 ms  p99 ms  non2xx  peakRSS MB  cpu ms/req  subgraph calls/req`;
function row(r: Result): string {
  return `${r.gateway.padEnd(22)}${r.mode.padEnd(11)}${String(r.round).padStart(5)}${r.rps.toFixed(1).padStart(8)}${String(r.p50).padStart(9)}${String(r.p99).padStart(8)}${String(r.non2xx + r.errors).padStart(8)}${r.peakRssMb.toFixed(0).padStart(12)}${r.cpuMsPerRequest.toFixed(2).padStart(12)}${r.subgraphCallsPerRequest.toFixed(1).padStart(12)} (${r.subgraphOperationsPerRequest.toFixed(1)} ops)`;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

async function main(): Promise<void> {
  const loadAtStart = loadAverage();
  const work = mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-gateway-'));
  const supergraph = path.join(work, 'supergraph.graphql');
  writeFileSync(
    supergraph,
    composeSubgraphs(
      Object.entries(SUBGRAPHS).map(([name, s]) => ({ name, url: `http://127.0.0.1:${SUBGRAPH_PORT}/${name}/graphql`, typeDefs: parse(s.typeDefs) })),
    ),
  );
  // Vigil's gateway runs compiled (as `npm run gateway` does): build once before anything is timed.
  await new Promise<void>((resolve, reject) =>
    spawn(process.execPath, [path.join(ROOT, 'scripts', 'build.cjs'), '--if-stale'], { cwd: ROOT, stdio: 'inherit' }).on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error('build failed')),
    ),
  );
  const subgraphs = start(process.execPath, [...TSX, path.join(__dirname, 'gateway', 'subgraphs.ts'), String(SUBGRAPH_PORT)]);
  const results: Result[] = [];
  const extra: Result[] = [];
  try {
    await new Promise((r) => setTimeout(r, 1500));
    say(`load average at the start: ${loadAtStart}`);
    say(
      `machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; ${CONNECTIONS} connections, ${WARMUP} s warm-up, ${DURATION} s timed`,
    );
    say(HEADER);
    for (const round of [1, 2]) {
      const order = round === 1 ? CONTENDERS : [...CONTENDERS].reverse();
      for (const contender of order) results.push(...(await measure(contender, supergraph, round)));
    }
    say('deduplication ON (counts for nothing: identical concurrent requests share one execution)');
    for (const contender of DEDUP_CONTENDERS) extra.push(...(await measure(contender, supergraph, 1)));
  } finally {
    await stop(subgraphs);
    rmSync(work, { recursive: true, force: true });
  }
  const loadAtEnd = loadAverage();
  say(`load average at the end: ${loadAtEnd}`);

  const lines: string[] = [HEADER, ...results.map(row), '', 'deduplication ON (not counted):', ...extra.map(row), ''];
  const ratioLines: string[] = [];
  const fastestLines: string[] = [];
  for (const mode of ['identical', 'varied'] as Mode[]) {
    const of = (name: string) => results.filter((r) => r.gateway === name && r.mode === mode);
    const rps = (name: string) => mean(of(name).map((r) => r.rps));
    const cpu = (name: string) => mean(of(name).map((r) => r.cpuMsPerRequest));
    const rss = (name: string) => Math.max(...of(name).map((r) => r.peakRssMb));
    const fasterHive = rps('hive-jit') > rps('hive') ? 'hive-jit' : 'hive';
    const peers = CONTENDERS.filter((c) => c.counts && c.name !== 'vigil').map((c) => c.name);
    const fastest = peers.reduce((best, name) => (rps(name) > rps(best) ? name : best));
    lines.push(
      `${mode}: vigil ${rps('vigil').toFixed(1)} req/s, stock ${rps('stock').toFixed(1)}, ${fasterHive} ${rps(fasterHive).toFixed(1)}; cpu ms/req vigil ${cpu('vigil').toFixed(2)} stock ${cpu('stock').toFixed(2)}; peak RSS vigil ${rss('vigil').toFixed(0)} MB stock ${rss('stock').toFixed(0)} MB (ratio ${(rss('vigil') / rss('stock')).toFixed(2)}); fastest peer ${fastest} ${rps(fastest).toFixed(1)} req/s, cpu ms/req ${cpu(fastest).toFixed(2)}, peak RSS ${rss(fastest).toFixed(0)} MB`,
    );
    ratioLines.push(
      `ratio ${mode} vigil/stock=${(rps('vigil') / rps('stock')).toFixed(2)} vigil/hive=${(rps('vigil') / rps(fasterHive)).toFixed(2)} cpu vigil/stock=${(cpu('vigil') / cpu('stock')).toFixed(2)}`,
    );
    fastestLines.push(
      `ratio ${mode} vigil/fastest(${fastest})=${(rps('vigil') / rps(fastest)).toFixed(2)} cpu vigil/fastest=${(cpu('vigil') / cpu(fastest)).toFixed(2)} rss vigil/fastest=${(rss('vigil') / rss(fastest)).toFixed(2)}`,
    );
  }
  const machine = {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    connections: CONNECTIONS,
    warmupSeconds: WARMUP,
    durationSeconds: DURATION,
    loadAverageAtStart: loadAtStart,
    loadAverageAtEnd: loadAtEnd,
  };
  fastestLines.push(...instructionLines());
  mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(
    path.join(ROOT, 'bench', 'results', 'gateway-latest.json'),
    `${JSON.stringify({ date: new Date().toISOString(), machine, results, dedupOn: extra }, null, 2)}\n`,
  );
  writeFileSync(
    path.join(ROOT, 'bench', 'results', 'gateway-latest.txt'),
    `${[`machine: ${JSON.stringify(machine)}`, ...lines, ...ratioLines, ...fastestLines].join('\n')}\n`,
  );
  process.stdout.write(`${[...lines, ...ratioLines, ...fastestLines].join('\n')}\n`);
}

/**
 * Instructions per request of Vigil and of Hive Gateway with Hive Router's runtime, each mode, counted under
 * callgrind by bench/gateway/instructions.ts in a process of its own (after the timed runs: its gateway and
 * subgraphs use other ports), and their ratio: the lines printed beside the throughput ratios.
 */
function instructionLines(): string[] {
  if (INSTRUCTION_REQUESTS <= 0) return ['instructions: not counted (BENCH_INSTRUCTIONS=0)'];
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
  } catch {
    return ['instructions: not counted (no valgrind on this machine)'];
  }
  const counts: Record<string, number> = {};
  for (const which of ['vigil', 'hive+rr']) {
    say(`counting ${which}'s instructions under callgrind (${INSTRUCTION_REQUESTS} requests per mode)…`);
    const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'gateway', 'instructions.ts'), which, String(INSTRUCTION_REQUESTS)], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    say(out.trim());
    for (const [, name, mode, millions] of out.matchAll(/^(\S+) (identical|varied): .*?([\d.]+) M instructions per request/gm))
      counts[`${name} ${mode}`] = Number(millions);
  }
  return (['identical', 'varied'] as Mode[]).map((mode) => {
    const vigil = counts[`vigil ${mode}`];
    const peer = counts[`hive+rr ${mode}`];
    return `instructions ${mode} vigil/hive+rr=${(vigil / peer).toFixed(2)} (${vigil.toFixed(2)} M / ${peer.toFixed(2)} M per request)`;
  });
}

main().catch((error) => {
  say(String(error?.stack ?? error));
  process.exit(1);
});
