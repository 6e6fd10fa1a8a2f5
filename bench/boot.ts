/**
 * `npm run bench:boot`: `npm start`'s embedded default (PGlite in a new data directory) as a real
 * process, started three times in a row on the same data: a first start (the database created, its
 * migrations applied), then two later starts. For each: the time from spawn to `/readyz` answering 200,
 * the CPU time the service (and the child that creates a new database) spent until then — load-
 * independent where wall clock is not, on a machine other people use — and its resident memory (VmRSS)
 * after it idled `BENCH_IDLE_SECONDS` (10), with the peak.
 *
 * The command is package.json's `start` script, run by sh as npm runs it (npm's own ~0.2 s CPU left
 * out); `BENCH_START='node scripts/run-compiled.cjs app/main'` measures another command line.
 * Before the starts, `prisma generate` runs as `npm ci`'s postinstall does: no start may rebuild
 * dist/ afterwards ("recompiled: no"). `BENCH_REQUESTS` (200, 0 to skip): after the last start the
 * demo data set is seeded and that many REST alert pages and GraphQL queries are timed, the embedded
 * database's query speed under the same command line (median wall time, and the service's CPU time per request).
 * Targets (issue 24): idle RSS ≤ 350 MB after every start, boot ≤ 5 s on new data and ≤ 1.5 s after.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.join(__dirname, '..');
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const START: string = process.env.BENCH_START || JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start;
/** npm puts the project's node_modules/.bin (its Node 24) first on PATH. */
const PATH = `${path.join(ROOT, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`;
const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => (ms / 1000).toFixed(1);

function status(pid: number): { rssMb: number; peakMb: number } {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(text)?.[1]);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/** User + system CPU of the process and of its children it has waited for (the database-creating child), in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  // After "(comm) ": field 3 is the state; utime, stime, cutime, cstime are fields 14–17 of the line.
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return Math.round((ticks * 1000) / TICKS_PER_SECOND);
}

interface Run {
  bootMs: number;
  cpuMs: number;
  idleRssMb: number;
  peakRssMb: number;
  rebuilt: boolean;
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function start(dataDir: string): Promise<Run> {
  const runtimeFile = path.join(dataDir, 'runtime.json');
  rmSync(runtimeFile, { force: true });
  const started = performance.now();
  const child = spawn('sh', ['-c', START], {
    cwd: ROOT,
    env: { ...process.env, PATH, DATABASE_URL: '', VIGIL_DATA_DIR: dataDir, PORT: '0', SUBGRAPH_BASE_PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let url: string | undefined;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Vigil exited with ${child.exitCode}:\n${stderr}`);
    try {
      if (!url && existsSync(runtimeFile)) url = (JSON.parse(readFileSync(runtimeFile, 'utf8')) as { url: string }).url;
      if (url && (await fetch(`${url}/readyz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 120_000) throw new Error(`not ready after 120 s:\n${stderr}`);
    await sleep(20);
  }
  const bootMs = Math.round(performance.now() - started);
  // `sh -c` execs the one command of the script: the pid is the service's.
  const pid = child.pid as number;
  const cpu = cpuMs(pid);
  await sleep(IDLE_SECONDS * 1000);
  const { rssMb, peakMb } = status(pid);
  return {
    bootMs,
    cpuMs: cpu,
    idleRssMb: rssMb,
    peakRssMb: peakMb,
    rebuilt: stderr.includes('building dist/'),
    url: url as string,
    child,
    async stop() {
      child.kill('SIGTERM');
      const code = await exited;
      if (code !== 0) throw new Error(`Vigil stopped with ${code}:\n${stderr}`);
    },
  };
}

/** The median time of `count` sequential requests. */
async function timed(count: number, request: () => Promise<Response>): Promise<{ medianMs: number }> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const began = performance.now();
    const response = await request();
    await response.text();
    if (!response.ok) throw new Error(`request failed: ${response.status}`);
    times.push(performance.now() - began);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)] };
}

/** The demo data set seeded into the running service, then REST alert pages and a GraphQL query timed. */
async function requests(run: Run, dataDir: string): Promise<string[]> {
  const seeded = execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'run-compiled.cjs'), 'cli/vigil', 'seed'], {
    cwd: ROOT,
    env: { ...process.env, PATH, DATABASE_URL: '', VIGIL_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const { apiKey, organizationId } = JSON.parse(seeded.trim().split('\n').pop() as string) as { apiKey: string; organizationId: string };
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  const pid = run.child.pid as number;
  const cpuBefore = cpuMs(pid);
  const rest = await timed(REQUESTS, () => fetch(`${run.url}/organizations/${organizationId}/alerts?size=50`, { method: 'POST', headers, body: '{}' }));
  const cpuRest = cpuMs(pid);
  const query = `{ alerts(organizationId: "${organizationId}", first: 50) { nodes { id ruleTitle resource severity state organization { name } scanTarget { name kind } } } }`;
  const graphql = await timed(REQUESTS, () => fetch(`${run.url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query }) }));
  const cpuGraphql = cpuMs(pid);
  // The service's CPU per request: what the embedded database's query speed costs, whatever the load.
  const perRequest = (ms: number) => `${(ms / REQUESTS).toFixed(1)} ms CPU`;
  return [
    `requests: ${REQUESTS} REST alert pages of 50: median ${rest.medianMs.toFixed(1)} ms, ${perRequest(cpuRest - cpuBefore)} each`,
    `requests: ${REQUESTS} GraphQL pages of 50 alerts with organization and scan target: median ${graphql.medianMs.toFixed(1)} ms, ${perRequest(cpuGraphql - cpuRest)} each`,
  ];
}

const line = (text: string) => process.stdout.write(`${text}\n`);

/**
 * This process's first fetch() loads Node's HTTP client (~0.1 s here): done once against a server of its
 * own before any start, so a boot time is the service's, not the benchmark's.
 */
async function warmFetch(): Promise<void> {
  const server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)).text();
  await new Promise((resolve) => server.close(resolve));
}

async function main(): Promise<void> {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build.cjs'), '--if-stale'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  // What `npm ci` runs after installing: the Prisma client generated again, byte for byte the same.
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'generate-client.cjs')], { cwd: ROOT, stdio: ['ignore', 'ignore', 2] });
  line(`node ${execFileSync('node', ['--version'], { env: { ...process.env, PATH }, encoding: 'utf8' }).trim()}, ${os.cpus().length} CPUs`);
  line(`command: ${START}`);
  line(
    `load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await warmFetch();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-boot-'));
  try {
    const runs: Run[] = [];
    const extra: string[] = [];
    for (const name of ['first', 'later', 'later']) {
      const run = await start(dataDir);
      runs.push(run);
      const target = name === 'first' ? '≤ 5 s, ≤ 350 MB' : '≤ 1.5 s, ≤ 350 MB';
      line(
        `${name} start: readyz ${seconds(run.bootMs)} s (CPU ${seconds(run.cpuMs)} s), idle RSS ${run.idleRssMb} MB after ${IDLE_SECONDS} s (peak ${run.peakRssMb} MB) (target ${target})`,
      );
      if (runs.length === 3 && REQUESTS > 0) extra.push(...(await requests(run, dataDir)));
      await run.stop();
    }
    line(
      `recompiled: ${runs.some((run) => run.rebuilt) ? 'YES (a start rebuilt dist/)' : 'no'} (prisma generate as npm ci runs it, then ${runs.length} starts)`,
    );
    for (const text of extra) line(text);
    line(
      `load average after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
