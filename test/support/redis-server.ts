import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './processes';

/**
 * A private redis-server on a free port, for tests that kill Redis under the service (the shared
 * one on 6379 is never touched): start it, kill it (SIGKILL, as an outage), start it again.
 */
export interface PrivateRedis {
  readonly port: number;
  readonly url: string;
  start(): Promise<void>;
  kill(): Promise<void>;
}

export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      for (let i = 0; ; i++) {
        if (
          await probe.connect().then(
            () => true,
            () => false,
          )
        )
          break;
        if (i > 100) throw new Error('redis-server did not start');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      probe.disconnect();
    },
    async kill() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
}

/** Polls `probe` every 100 ms until it holds (throws naming `what` after `ms`). */
export async function until(what: string, probe: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
