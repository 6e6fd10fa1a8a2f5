/**
 * The service a soak runs against: Vigil as its own process, its resident memory, and the inspector
 * session that reads its heap after a full collection (see bench/soak.ts for why both).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';

const ROOT = path.join(__dirname, '..');

export interface Service {
  url: string;
  pid: number;
  /** The inspector's WebSocket address (loopback only). */
  inspector: string;
  output(): string;
  stop(): Promise<void>;
}

/** The few inspector (Chrome DevTools protocol) calls the memory samples need. */
export class Inspector {
  private next = 1;
  private pending = new Map<number, (result: any) => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
      if (message.id !== undefined) this.pending.get(message.id)?.(message.result);
      if (message.id !== undefined) this.pending.delete(message.id);
    });
  }

  static connect(url: string): Promise<Inspector> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.once('open', () => resolve(new Inspector(socket)));
      socket.once('error', reject);
    });
  }

  send(method: string, params: Record<string, unknown> = {}): Promise<any> {
    const id = this.next++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** MB of live heap after a full collection. */
  async heapAfterCollection(): Promise<number> {
    await this.send('HeapProfiler.collectGarbage');
    const answer = await this.send('Runtime.evaluate', { expression: 'process.memoryUsage().heapUsed', returnByValue: true });
    return Math.round((answer.result.value / 1024 / 1024) * 10) / 10;
  }

  close(): void {
    this.socket.close();
  }
}

/** Vigil as a child process (node with tsx's loader, so the pid is the service itself); ready when /readyz answers. */
export async function startService(databaseUrl: string, dataDir: string): Promise<Service> {
  const child = spawn(process.execPath, ['--inspect=127.0.0.1:0', '--import', 'tsx', 'app/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'production',
      DATABASE_URL: databaseUrl,
      PORT: '0',
      SUBGRAPH_BASE_PORT: '0',
      VIGIL_DATA_DIR: dataDir,
      VIGIL_SECRET: randomBytes(16).toString('hex'),
      // Every job kind but the scheduler's pass (what the deprecated VIGIL_SCHEDULER=off left running).
      VIGIL_WORKERS: 'jobs.purge,scan.run,webhook.deliver,assessments.overdue,export.build,documents.expire',
      VIGIL_RATE_LIMIT_PER_KEY: '0',
      VIGIL_RATE_LIMIT_PER_ADDRESS: '0',
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const runtimeFile = path.join(dataDir, 'runtime.json');
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Vigil exited with ${child.exitCode}:\n${output}`);
    if (existsSync(runtimeFile)) {
      try {
        const runtime = JSON.parse(readFileSync(runtimeFile, 'utf8')) as { url: string; pid: number };
        const inspector = /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1];
        if (inspector && (await fetch(`${runtime.url}/readyz`)).status === 200) {
          return {
            ...runtime,
            inspector,
            output: () => output,
            async stop() {
              child.kill('SIGTERM');
              await exited;
            },
          };
        }
      } catch {
        // runtime.json half written, or not listening yet
      }
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Vigil not ready after 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

export function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  return Math.round((kb / 1024) * 10) / 10;
}
