import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createClient as createSseClient } from 'graphql-sse';
import { freePort, ROOT } from './processes';

/** Stock Hive Gateway's CLI (node_modules/@graphql-hive/gateway) and the configurations Vigil ships for it (deploy/hive-gateway/). */
export const HIVE_BIN = path.join(ROOT, 'node_modules', '@graphql-hive', 'gateway', 'dist', 'bin.js');
export const HIVE_CONFIG = path.join(ROOT, 'deploy', 'hive-gateway', 'gateway.config.ts');
export const HIVE_WS_CONFIG = path.join(ROOT, 'deploy', 'hive-gateway', 'gateway-ws.config.ts');

export interface HiveGateway {
  process: ChildProcess;
  url: string;
  /** Its stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Stock Hive Gateway (its CLI) over `supergraph` with the configuration file `config`, `env` added to
 * the test's. Its port is chosen free beforehand (the CLI takes a port, not 0), so another process may
 * take it meanwhile (seen in CI: an outgoing connection's local port, EADDRINUSE): then it starts again
 * on another.
 */
export async function startHive(supergraph: string, config: string, env: NodeJS.ProcessEnv): Promise<HiveGateway> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startHiveOn(await freePort(), supergraph, config, env);
    } catch (error) {
      if (attempt === 3 || !/EADDRINUSE/.test((error as Error).message)) throw error;
    }
  }
}

async function startHiveOn(port: number, supergraph: string, config: string, env: NodeJS.ProcessEnv): Promise<HiveGateway> {
  let output = '';
  const started = spawn(process.execPath, [HIVE_BIN, 'supergraph', supergraph, '--port', String(port), '--host', '127.0.0.1', '-c', config], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.stdout?.on('data', (d) => (output += d));
  started.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`${url}/readiness`, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
    if (ready?.ok) break;
    if (Date.now() > deadline || started.exitCode !== null || /EADDRINUSE/.test(output)) {
      started.kill('SIGKILL');
      throw new Error(`Hive Gateway did not start:\n${output.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    process: started,
    url,
    output: () => output,
    async stop() {
      if (started.exitCode !== null) return;
      const exited = new Promise((resolve) => started.once('exit', resolve));
      started.kill('SIGTERM');
      await exited;
    },
  };
}

/** A GraphQL over SSE subscription through Hive Gateway's /graphql (its client-facing SSE), the key as a Bearer header. */
export function viaHiveStream(base: string, key: string, query: string, variables: Record<string, unknown>) {
  const client = createSseClient({ url: `${base}/graphql`, headers: { authorization: `Bearer ${key}` }, retryAttempts: 0 });
  const received = { data: [] as any[], errors: [] as any[], ended: false, endedAt: 0 };
  let notify = () => {};
  const changed = () => notify();
  const end = () => {
    received.ended = true;
    received.endedAt = Date.now();
    changed();
  };
  const stop = client.subscribe(
    { query, variables },
    {
      next: (m: any) => {
        if (m.errors) received.errors.push(...m.errors);
        if (m.data) received.data.push(m.data);
        changed();
      },
      error: (e: unknown) => {
        received.errors.push(e);
        end();
      },
      complete: end,
    },
  );
  const until = async (done: () => boolean, what: string, ms = 15_000) => {
    const deadline = Date.now() + ms;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(received)}`);
      await new Promise<void>((resolve) => {
        notify = resolve;
        setTimeout(resolve, 100);
      });
    }
  };
  return {
    ...received,
    received,
    stop() {
      stop();
      client.dispose();
    },
    waitFor: (n: number) => until(() => received.data.length >= n, `expected ${n} messages`),
    waitForEnd: (ms?: number) => until(() => received.ended, 'no end', ms),
  };
}
