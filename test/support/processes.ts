import { type ChildProcess, type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { SubgraphName } from '../../lib/config';

export const ROOT = path.join(__dirname, '..', '..');
/** What `npm start`, `npm run vigil` … run: the compiled entry point, built first when stale. */
const RUN_COMPILED = path.join(ROOT, 'scripts', 'run-compiled.cjs');

let built: Promise<void> | undefined;
/**
 * Builds dist/ when stale, once per test worker and before any readiness deadline starts (a build
 * from scratch takes 15–40 s on a busy machine; scripts/build.cjs lets one process build at a time).
 */
export function buildOnce(): Promise<void> {
  built ??= new Promise((resolve, reject) =>
    execFile(process.execPath, [path.join(ROOT, 'scripts', 'build.cjs'), '--if-stale'], { cwd: ROOT }, (error, _stdout, stderr) =>
      error ? reject(new Error(`build failed:\n${stderr}`)) : resolve(),
    ),
  );
  return built;
}

/** Starts a compiled entry point (`app/main`, `cli/vigil` …) as its npm script does. */
export async function spawnCompiled(
  entry: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; detached?: boolean },
): Promise<ChildProcessWithoutNullStreams> {
  await buildOnce();
  return spawn(process.execPath, [RUN_COMPILED, entry, ...args], { cwd: ROOT, env: options.env, detached: options.detached });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface SubgraphProcess {
  /** Its GraphQL endpoint, for the gateway's <NAME>_URL. */
  url: string;
  /** What it wrote so far (stdout and stderr). */
  output(): string;
  /** SIGTERM; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * A subgraph as a real process of its own (`npm run start:subgraph -- <name>`, compiled) on a free port, in
 * `env` over this process's environment; resolves once its /healthz answers (within `timeoutMs`).
 */
export async function startSubgraphProcess(name: SubgraphName, env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<SubgraphProcess> {
  const port = await freePort();
  const child = await spawnCompiled('app/subgraph-main', [name], { env: { ...process.env, ...env, [`${name.toUpperCase()}_PORT`]: String(port) } });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined))?.ok) break;
    if (child.exitCode !== null) throw new Error(`subgraph ${name} exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`subgraph ${name} not healthy after ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Runs an entry point (`cli/vigil.ts`) to completion, as `npm run …` would: compiled. */
export async function runScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return collect(await spawnCompiled(script, args, { env: { ...process.env, ...env } }));
}

/** Runs a test's own TypeScript script (not part of the build) to completion, through tsx. */
export function runTestScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return collect(spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env: { ...process.env, ...env } }));
}

function collect(child: ChildProcessWithoutNullStreams): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The environment of `npm start` on the embedded default (no DATABASE_URL: PGlite in the data directory),
 * with a data directory of its own named after `name`, removed after the test file (by an afterAll hook registered
 * here: a service a file stops in its own afterAll must register that hook before this call); `more` adds or replaces settings.
 */
export function embeddedEnvironment(name: string, more: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `vigil-${name}-`));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  return { DATABASE_URL: '', VIGIL_DATA_DIR: dataDir, PORT: '0', SUBGRAPH_BASE_PORT: '0', LOG_LEVEL: 'warn', VIGIL_SECRET: '', ...more };
}

/** `vigil bootstrap` as a command in `env` (through the running service when one holds the embedded database): the account it printed. */
export async function bootstrapCommand(
  env: NodeJS.ProcessEnv,
  email: string,
  organization: string,
): Promise<{ userId: string; organizationId: string; apiKey: string }> {
  const run = await runScript('cli/vigil.ts', ['bootstrap', '--email', email, '--organization', organization], env);
  if (run.code !== 0) throw new Error(`vigil bootstrap exited with ${run.code}:\n${run.stderr}`);
  return JSON.parse(run.stdout.trim());
}

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  /** The service's own node process (runtime.json): `child` itself, or npm's child with viaNpm. */
  pid: number;
  /** The child's exit code. */
  exited: Promise<number | null>;
  output(): string;
  stop(): Promise<number | null>;
  /** SIGKILL to the service's own node process (read from runtime.json): a crash, no shutdown code runs. */
  kill(): Promise<void>;
}

/**
 * `npm start` as a real process (the compiled service; env must name its own VIGIL_DATA_DIR); resolves once /readyz
 * answers. The service picks its port (PORT=0 unless given) and the helper reads its address from
 * the data directory's runtime.json, so a port another test took meanwhile can never answer for it.
 */
/** `detached`: the child leads a process group of its own, to be signalled as a terminal does (`process.kill(-child.pid, …)`). */
export async function startServiceProcess(
  env: NodeJS.ProcessEnv,
  timeoutMs = 90_000,
  options: { viaNpm?: boolean; detached?: boolean } = {},
): Promise<ServiceProcess> {
  if (!env.VIGIL_DATA_DIR) throw new Error('startServiceProcess needs VIGIL_DATA_DIR');
  const runtimeFile = path.join(env.VIGIL_DATA_DIR, 'runtime.json');
  rmSync(runtimeFile, { force: true });
  // viaNpm: `npm start` itself (what a supervisor runs), so that signals go to npm first.
  if (options.viaNpm) await buildOnce();
  const child = options.viaNpm
    ? spawn('npm', ['start'], { cwd: ROOT, env: { ...process.env, PORT: '0', ...env }, detached: options.detached })
    : await spawnCompiled('app/main', [], { env: { ...process.env, PORT: '0', ...env }, detached: options.detached });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + timeoutMs;
  let url: string | null = null;
  let pid: number | null = null;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}:\n${output}`);
    try {
      if (!url && existsSync(runtimeFile)) ({ url, pid } = JSON.parse(readFileSync(runtimeFile, 'utf8')) as { url: string; pid: number });
      if (url && (await fetch(`${url}/readyz`)).status === 200) break;
    } catch {
      // not listening yet (or runtime.json half written)
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`service not ready after ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    child,
    url,
    pid: pid!,
    exited,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) process.kill(pid!, 'SIGKILL');
      await exited;
    },
  };
}
