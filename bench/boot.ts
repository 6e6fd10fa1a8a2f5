/**
 * `npm run bench:boot`: `npm start`'s embedded default (PGlite in a new data directory) started three
 * times in a row as a real process — a first start (initdb, migrations), then two later starts on the same
 * data — measuring the time from spawn to `/readyz` answering 200 and the process's resident memory
 * (VmRSS) after it has idled `BENCH_IDLE_SECONDS` (10). dist/ is built first when stale (not counted).
 * Targets (issue 24): idle RSS ≤ 350 MB after every start, boot ≤ 5 s on new data and ≤ 1.5 s after.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.join(__dirname, '..');
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rssMb(pid: number): number {
  const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return Math.round(kb / 1024);
}

async function start(dataDir: string): Promise<{ bootMs: number; idleRssMb: number; peakRssMb: number }> {
  const runtimeFile = path.join(dataDir, 'runtime.json');
  rmSync(runtimeFile, { force: true });
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'run-compiled.cjs'), 'app/main'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', VIGIL_DATA_DIR: dataDir, PORT: '0', SUBGRAPH_BASE_PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let peakRssMb = 0;
  let url: string | undefined;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Vigil exited with ${child.exitCode}:\n${stderr}`);
    try {
      peakRssMb = Math.max(peakRssMb, rssMb(child.pid!));
      if (!url && existsSync(runtimeFile)) url = (JSON.parse(readFileSync(runtimeFile, 'utf8')) as { url: string }).url;
      if (url && (await fetch(`${url}/readyz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 120_000) throw new Error(`not ready after 120 s:\n${stderr}`);
    await sleep(20);
  }
  const bootMs = Math.round(performance.now() - started);
  for (let i = 0; i < IDLE_SECONDS * 4; i++) {
    peakRssMb = Math.max(peakRssMb, rssMb(child.pid!));
    await sleep(250);
  }
  const idleRssMb = rssMb(child.pid!);
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`Vigil stopped with ${code}:\n${stderr}`);
  return { bootMs, idleRssMb, peakRssMb };
}

async function main(): Promise<void> {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build.cjs'), '--if-stale'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-boot-'));
  try {
    const runs = [];
    for (const name of ['first', 'second', 'third']) {
      const run = await start(dataDir);
      runs.push(run);
      process.stdout.write(`boot ${name}: ready in ${run.bootMs} ms, idle rss ${run.idleRssMb} MB after ${IDLE_SECONDS} s (peak ${run.peakRssMb} MB)\n`);
    }
    const later = runs.slice(1);
    const worstIdle = Math.max(...runs.map((r) => r.idleRssMb));
    const worstLater = Math.max(...later.map((r) => r.bootMs));
    process.stdout.write(`node ${process.version}\n`);
    process.stdout.write(
      `boot-first-ms=${runs[0].bootMs} (target ≤ 5000) boot-later-ms=${worstLater} (target ≤ 1500) idle-rss-mb=${worstIdle} (target ≤ 350)\n`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
