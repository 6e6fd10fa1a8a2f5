import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.join(__dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

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

/** Runs a TypeScript entry point to completion, as `npm run …` would. */
export function runScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [script, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  stop(): Promise<number | null>;
}

/**
 * `npm start` as a real process (env must name its own VIGIL_DATA_DIR); resolves once /readyz
 * answers. The service picks its port (PORT=0 unless given) and the helper reads its address from
 * the data directory's runtime.json, so a port another test took meanwhile can never answer for it.
 */
export async function startServiceProcess(env: NodeJS.ProcessEnv, timeoutMs = 90_000): Promise<ServiceProcess> {
  if (!env.VIGIL_DATA_DIR) throw new Error('startServiceProcess needs VIGIL_DATA_DIR');
  const runtimeFile = path.join(env.VIGIL_DATA_DIR, 'runtime.json');
  rmSync(runtimeFile, { force: true });
  const child = spawn(TSX, ['gateway/main.ts'], { cwd: ROOT, env: { ...process.env, PORT: '0', ...env } });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + timeoutMs;
  let url: string | null = null;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}:\n${output}`);
    try {
      url ??= existsSync(runtimeFile) ? (JSON.parse(readFileSync(runtimeFile, 'utf8')) as { url: string }).url : null;
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
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}
