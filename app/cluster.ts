import '../lib/production-mode';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, SUBGRAPH_NAMES, type SubgraphName } from '../lib/config';
import { listen } from '../lib/http-server';
import { log } from '../lib/log';
import { stopOnSignals } from '../lib/shutdown';
import { createBalancer } from './balancer';
import { missingDependency, restartDelayMs, STEADY_AFTER_MS } from './cluster-members';

/**
 * `npm run start:cluster`: the topology of docker-compose.yml without Docker, on the PostgreSQL of
 * DATABASE_URL (and Redis when REDIS_URL is set): each subgraph, two gateway replicas and a worker as
 * processes of their own, behind a small round-robin load balancer on PORT that sends requests (and
 * WebSocket upgrades) only to replicas whose /healthz answers, checked every half second
 * (app/balancer.ts). Before starting anything it checks that the database (and Redis, when set) can
 * be reached, and refuses to start with one line if not. A process that exits is started again
 * after 1 s, 2 s, 4 s … up to 30 s when it keeps exiting (app/cluster-members.ts). Ports: gateways
 * PORT+1 and PORT+2, subgraphs PORT+11…PORT+14, the worker's health PORT+20. Ctrl-C or SIGTERM
 * stops them all gracefully.
 */
const HEALTH_EVERY_MS = 500;

interface Member {
  name: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  child?: ChildProcess;
  /** Exits in a row, each after less than STEADY_AFTER_MS of running. */
  failures: number;
}

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    process.stderr.write('npm run start:cluster runs several processes on one database: set DATABASE_URL (PostgreSQL).\n');
    process.exit(2);
  }
  const missing = await missingDependency(config.databaseUrl, config.redisUrl);
  if (missing) {
    process.stderr.write(`npm run start:cluster: ${missing}; no member started.\n`);
    process.exit(1);
  }
  const base = config.port;
  const common: NodeJS.ProcessEnv = { ...process.env, VIGIL_SECRET: config.secret, HOST: '127.0.0.1', VIGIL_DATA_DIR: config.dataDir };
  const subgraphPort = (name: SubgraphName) => base + 11 + SUBGRAPH_NAMES.indexOf(name);
  const subgraphUrls = Object.fromEntries(SUBGRAPH_NAMES.map((name) => [`${name.toUpperCase()}_URL`, `http://127.0.0.1:${subgraphPort(name)}/graphql`]));
  const entry = (file: string) => path.join(__dirname, file);
  const members: Member[] = [
    ...SUBGRAPH_NAMES.map((name) => ({
      name,
      failures: 0,
      args: [entry('subgraph-main.js'), name],
      env: { ...common, [`${name.toUpperCase()}_PORT`]: String(subgraphPort(name)), PORT: String(subgraphPort(name)) },
    })),
    ...[1, 2].map((n) => ({
      name: `gateway-${n}`,
      failures: 0,
      args: [entry('main.js')],
      // Each replica its own data directory (runtime.json), no scheduler or jobs (the worker's).
      env: {
        ...common,
        ...subgraphUrls,
        PORT: String(base + n),
        VIGIL_WORKERS: 'none',
        VIGIL_DATA_DIR: path.join(config.dataDir, `gateway-${n}`),
      },
    })),
    { name: 'worker', failures: 0, args: [entry('worker-main.js')], env: { ...common, PORT: String(base + 20) } },
  ];
  let stopping = false;
  // cluster.json in the data directory: the members' process ids (operators, tests), kept current.
  const membersFile = path.join(config.dataDir, 'cluster.json');
  mkdirSync(config.dataDir, { recursive: true });
  const writeMembers = () =>
    writeFileSync(membersFile, JSON.stringify({ pid: process.pid, members: Object.fromEntries(members.map((m) => [m.name, m.child?.pid ?? null])) }));
  const start = (member: Member) => {
    const child = spawn(process.execPath, member.args, { env: member.env, stdio: ['ignore', 'inherit', 'inherit'] });
    const started = Date.now();
    member.child = child;
    writeMembers();
    child.on('exit', (code, signal) => {
      if (stopping) return;
      member.failures = Date.now() - started >= STEADY_AFTER_MS ? 1 : member.failures + 1;
      const afterMs = restartDelayMs(member.failures);
      log.warn('cluster member exited; starting it again', { member: member.name, code, signal, afterMs });
      setTimeout(() => !stopping && start(member), afterMs).unref();
    });
  };
  // Subgraphs first: a gateway composes the supergraph from their SDL files, but its /readyz checks them.
  for (const member of members) start(member);

  const balancer = createBalancer(
    [1, 2].map((n) => `http://127.0.0.1:${base + n}`),
    HEALTH_EVERY_MS,
  );
  const port = await listen(balancer.server, base, config.host);
  log.info('cluster up', {
    url: `http://127.0.0.1:${port}`,
    gateways: [1, 2].map((n) => `http://127.0.0.1:${base + n}`),
    subgraphs: SUBGRAPH_NAMES.map(subgraphPort),
    worker: base + 20,
  });

  writeMembers();
  stopOnSignals('cluster', config.shutdownTimeoutMs, async () => {
    stopping = true;
    // No new connection; what is in flight through the balancer (a live stream too) is ended by the
    // gateways as they stop (streams GOING_AWAY), then the balancer closes what is left.
    balancer.stopAccepting();
    // Each member stops as it does alone (SIGTERM: in-flight work finishes), gateways first.
    const order = [...members.filter((m) => m.name.startsWith('gateway')), ...members.filter((m) => !m.name.startsWith('gateway'))];
    for (const group of [order.slice(0, 2), order.slice(2)]) {
      await Promise.all(
        group.map(
          (member) =>
            new Promise<void>((resolve) => {
              const child = member.child;
              if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
    }
    await balancer.close();
    rmSync(membersFile, { force: true });
  });
}

main().catch((error) => {
  if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
  log.error('cluster failed to start', { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
