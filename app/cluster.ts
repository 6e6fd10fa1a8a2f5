import '../lib/production-mode';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import httpProxy from 'http-proxy';
import { ConfigError, loadConfig, SUBGRAPH_NAMES, type SubgraphName } from '../lib/config';
import { listen } from '../lib/http-server';
import { log } from '../lib/log';
import { stopOnSignals } from '../lib/shutdown';

/**
 * `npm run start:cluster`: the topology of docker-compose.yml without Docker, on the PostgreSQL of
 * DATABASE_URL (and Redis when REDIS_URL is set): each subgraph, two gateway replicas and a worker as
 * processes of their own, behind a small round-robin load balancer on PORT that sends requests (and
 * WebSocket upgrades) only to replicas whose /healthz answers, checked every half second. A process
 * that exits is started again after a second. Ports: gateways PORT+1 and PORT+2, subgraphs
 * PORT+11…PORT+14, the worker's health PORT+20. Ctrl-C or SIGTERM stops them all gracefully.
 */
const HEALTH_EVERY_MS = 500;
const RESTART_AFTER_MS = 1_000;

interface Member {
  name: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  child?: ChildProcess;
}

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    process.stderr.write('npm run start:cluster runs several processes on one database: set DATABASE_URL (PostgreSQL).\n');
    process.exit(2);
  }
  const base = config.port;
  const common: NodeJS.ProcessEnv = { ...process.env, VIGIL_SECRET: config.secret, HOST: '127.0.0.1', VIGIL_DATA_DIR: config.dataDir };
  const subgraphPort = (name: SubgraphName) => base + 11 + SUBGRAPH_NAMES.indexOf(name);
  const subgraphUrls = Object.fromEntries(SUBGRAPH_NAMES.map((name) => [`${name.toUpperCase()}_URL`, `http://127.0.0.1:${subgraphPort(name)}/graphql`]));
  const entry = (file: string) => path.join(__dirname, file);
  const members: Member[] = [
    ...SUBGRAPH_NAMES.map((name) => ({ name, args: [entry('subgraph-main.js'), name], env: { ...common, [`${name.toUpperCase()}_PORT`]: String(subgraphPort(name)), PORT: String(subgraphPort(name)) } })),
    ...[1, 2].map((n) => ({
      name: `gateway-${n}`,
      args: [entry('main.js')],
      // Each replica its own data directory (runtime.json), no scheduler or jobs (the worker's).
      env: { ...common, ...subgraphUrls, PORT: String(base + n), VIGIL_WORKERS: 'none', VIGIL_SCHEDULER: 'off', VIGIL_DATA_DIR: path.join(config.dataDir, `gateway-${n}`) },
    })),
    { name: 'worker', args: [entry('worker-main.js')], env: { ...common, PORT: String(base + 20) } },
  ];
  let stopping = false;
  // cluster.json in the data directory: the members' process ids (operators, tests), kept current.
  const membersFile = path.join(config.dataDir, 'cluster.json');
  mkdirSync(config.dataDir, { recursive: true });
  const writeMembers = () => writeFileSync(membersFile, JSON.stringify({ pid: process.pid, members: Object.fromEntries(members.map((m) => [m.name, m.child?.pid ?? null])) }));
  const start = (member: Member) => {
    const child = spawn(process.execPath, member.args, { env: member.env, stdio: ['ignore', 'inherit', 'inherit'] });
    member.child = child;
    writeMembers();
    child.on('exit', (code, signal) => {
      if (stopping) return;
      log.warn('cluster member exited; starting it again', { member: member.name, code, signal });
      setTimeout(() => !stopping && start(member), RESTART_AFTER_MS).unref();
    });
  };
  // Subgraphs first: a gateway composes the supergraph from their SDL files, but its /readyz checks them.
  for (const member of members) start(member);

  // ── the load balancer: round robin over the replicas whose /healthz answered last time. Not /readyz:
  // a replica is unready while any subgraph is down, yet still serves what does not need that one. ──
  const replicas = [1, 2].map((n) => ({ url: `http://127.0.0.1:${base + n}`, ready: false }));
  const check = async () => {
    await Promise.all(
      replicas.map(async (replica) => {
        replica.ready = await fetch(`${replica.url}/healthz`, { signal: AbortSignal.timeout(HEALTH_EVERY_MS * 2) }).then(
          (answer) => answer.ok,
          () => false,
        );
      }),
    );
  };
  const health = setInterval(() => void check(), HEALTH_EVERY_MS);
  let next = 0;
  const pick = () => {
    const ready = replicas.filter((replica) => replica.ready);
    if (!ready.length) return null;
    next = (next + 1) % ready.length;
    return ready[next].url;
  };
  const proxy = httpProxy.createProxyServer({ xfwd: false, ws: true });
  proxy.on('error', (error, _req, res) => {
    log.warn('load balancer: a replica failed a request', { error: error.message });
    if (res instanceof http.ServerResponse && !res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ statusCode: 502, error: 'BadGateway', message: 'The gateway replica failed; retry' }));
    else res.destroy();
  });
  const unavailable = (res: http.ServerResponse) =>
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' }).end(JSON.stringify({ statusCode: 503, error: 'ServiceUnavailable', message: 'No gateway replica is ready yet; retry' }));
  const balancer = http.createServer((req, res) => {
    const target = pick();
    if (!target) return unavailable(res);
    proxy.web(req, res, { target });
  });
  balancer.on('upgrade', (req, socket, head) => {
    const target = pick();
    if (!target) return socket.destroy();
    proxy.ws(req, socket, head, { target });
  });
  const port = await listen(balancer, base, config.host);
  log.info('cluster up', { url: `http://127.0.0.1:${port}`, gateways: replicas.map((r) => r.url), subgraphs: SUBGRAPH_NAMES.map(subgraphPort), worker: base + 20 });

  writeMembers();
  stopOnSignals('cluster', config.shutdownTimeoutMs, async () => {
    stopping = true;
    clearInterval(health);
    await new Promise<void>((resolve) => balancer.close(() => resolve()));
    balancer.closeAllConnections();
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
    rmSync(membersFile, { force: true });
  });
}

main().catch((error) => {
  if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
  log.error('cluster failed to start', { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
