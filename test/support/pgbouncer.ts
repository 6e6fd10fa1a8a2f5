import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Debian's PgBouncer (1.18 on these machines). */
export const PGBOUNCER = '/usr/sbin/pgbouncer';

/** PgBouncer, installed by the test set-up when missing (root, Debian's package mirror), as the browser tests install Chromium. */
export function ensurePgBouncer(): void {
  if (existsSync(PGBOUNCER)) return;
  process.stderr.write('pgbouncer tests: installing Debian pgbouncer (apt-get)…\n');
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer', {
      stdio: 'pipe',
      timeout: 600_000,
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    process.stderr.write(`${stdout ?? ''}${stderr ?? ''}`);
    throw error;
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export interface RunningPgBouncer {
  /** `postgresql://…@127.0.0.1:<port>/<database>` through the pooler. */
  urlFor(databaseUrl: string): string;
  port: number;
  stop(): Promise<void>;
}

/**
 * A private PgBouncer in transaction pooling mode on a free port in front of `server` (host:port), its
 * own configuration in a temporary directory, any user accepted (auth_type = any: the server's trust
 * does the rest). Runs as `postgres` (PgBouncer refuses root). Another file's PgBouncer never shares it.
 */
export async function startPgBouncer(server = '127.0.0.1:5432', user = 'root'): Promise<RunningPgBouncer> {
  ensurePgBouncer();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vigil-pgbouncer-'));
  chmodSync(dir, 0o777);
  const [host, serverPort] = server.split(':');
  let child: ChildProcess | undefined;
  let port = 0;
  let output = '';
  for (let attempt = 0; attempt < 5 && !child; attempt++) {
    port = await freePort();
    writeFileSync(
      path.join(dir, 'pgbouncer.ini'),
      [
        '[databases]',
        `* = host=${host} port=${serverPort} user=${user}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${port}`,
        `unix_socket_dir = ${dir}`,
        'auth_type = any',
        'pool_mode = transaction',
        'default_pool_size = 20',
        'max_client_conn = 500',
        'ignore_startup_parameters = extra_float_digits,options',
        `logfile = ${path.join(dir, 'pgbouncer.log')}`,
        `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
        '',
      ].join('\n'),
    );
    const started = spawn(PGBOUNCER, ['-u', 'postgres', path.join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'pipe', 'pipe'] });
    started.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    started.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<void>((resolve) => started.once('exit', () => resolve()));
    const deadline = Date.now() + 5_000;
    let up = false;
    while (!up && Date.now() < deadline) {
      up = await accepts(port);
      if (!up) await Promise.race([exited, new Promise((r) => setTimeout(r, 50))]);
      if (started.exitCode !== null) break;
    }
    if (up && started.exitCode === null) child = started;
    else started.kill('SIGKILL'); // the port was taken before it listened: another one
  }
  if (!child) throw new Error(`pgbouncer did not start: ${output}`);
  const running = child;
  return {
    port,
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.host = `127.0.0.1:${port}`;
      return url.toString();
    },
    async stop() {
      if (running.exitCode === null) {
        const gone = new Promise((resolve) => running.once('exit', resolve));
        running.kill('SIGINT');
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
