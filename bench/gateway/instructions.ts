/**
 * Instructions per TestQuery in a gateway process, a count the machine's other load does not move:
 * `npx tsx bench/gateway/instructions.ts [vigil|hive+rr] [requests] [identical|varied|both]` starts the
 * four subgraphs, the gateway under `valgrind --tool=callgrind` with instrumentation off, and per mode
 * (both by default: bench:gateway's identical TestQuery, then varied with `$first` cycling 1…9) sends 100
 * warm-up requests, switches instrumentation on (`callgrind_control -i on <pid>`; Hive with `--fork 1` is
 * one process), sends `requests` (150) at 10 connections, switches it off, dumps, and prints the
 * instructions of every thread of the gateway divided by the requests.
 * Needs valgrind; takes a few minutes (the gateway runs ~50× slower while counted).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { parse } from 'graphql';
import { composeSubgraphs } from '../../schema/compose';
import { SUBGRAPHS, startSubgraphs } from './subgraphs';

const ROOT = path.join(__dirname, '..', '..');
const SUBGRAPH_PORT = 4896;
const GATEWAY_PORT = 4895;
const QUERY = readFileSync(path.join(__dirname, 'workload', 'query.graphql'), 'utf8');
/** As bench/gateway.ts's varied mode: the top products' count as a variable, nine different requests. */
const VARIED = QUERY.replace('query TestQuery {', 'query TestQuery($first: Int) {').replace(/topProducts \{/, 'topProducts(first: $first) {');
type Mode = 'identical' | 'varied';
const REQUESTS: Record<Mode, Array<{ body: string }>> = {
  identical: [{ body: JSON.stringify({ query: QUERY }) }],
  varied: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((first) => ({ body: JSON.stringify({ query: VARIED, variables: { first } }) })),
};

const load = (mode: Mode, amount: number) =>
  autocannon({
    url: `http://127.0.0.1:${GATEWAY_PORT}/graphql`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: REQUESTS[mode],
    connections: 10,
    amount,
    timeout: 120,
  });

async function waitUp(gateway: ChildProcess): Promise<void> {
  for (const deadline = Date.now() + 600_000; Date.now() < deadline; ) {
    if (gateway.exitCode !== null) throw new Error(`the gateway exited (${gateway.exitCode})`);
    const up = await fetch(`http://127.0.0.1:${GATEWAY_PORT}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the gateway did not answer within 10 minutes');
}

async function main(): Promise<void> {
  const which = process.argv[2] ?? 'vigil';
  const requests = Number(process.argv[3] ?? 150);
  const modes: Mode[] = process.argv[4] === 'identical' || process.argv[4] === 'varied' ? [process.argv[4]] : ['identical', 'varied'];
  const work = mkdtempSync(path.join(os.tmpdir(), 'vigil-instructions-'));
  const supergraph = path.join(work, 'supergraph.graphql');
  const subgraphs = await startSubgraphs(SUBGRAPH_PORT);
  writeFileSync(
    supergraph,
    composeSubgraphs(
      Object.entries(SUBGRAPHS).map(([name, s]) => ({ name, url: `http://127.0.0.1:${SUBGRAPH_PORT}/${name}/graphql`, typeDefs: parse(s.typeDefs) })),
    ),
  );
  const target =
    which === 'hive+rr'
      ? [
          path.join(ROOT, 'node_modules', '@graphql-hive', 'gateway', 'dist', 'bin.js'),
          'supergraph',
          supergraph,
          '--port',
          String(GATEWAY_PORT),
          '--host',
          '127.0.0.1',
          '--fork',
          '1',
          '-c',
          path.join(__dirname, 'hive-gateway.config.ts'),
        ]
      : [path.join(ROOT, 'scripts', 'run-compiled.cjs'), 'app/gateway-main', '--supergraph', supergraph, '--port', String(GATEWAY_PORT)];
  const gateway = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--trace-children=yes',
      '--smc-check=all-non-file',
      '--instr-atstart=no',
      `--callgrind-out-file=${path.join(work, 'callgrind.%p')}`,
      process.execPath,
      ...target,
    ],
    {
      cwd: ROOT,
      stdio: 'ignore',
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', BENCH_HIVE_DEDUP: 'off', BENCH_HIVE_ROUTER_RUNTIME: 'on' },
    },
  );
  try {
    await waitUp(gateway);
    const counted = new Set<string>();
    for (const mode of modes) {
      await load(mode, 100);
      execFileSync('callgrind_control', ['-i', 'on', String(gateway.pid)], { stdio: 'ignore' });
      const run = await load(mode, requests);
      execFileSync('callgrind_control', ['-i', 'off', String(gateway.pid)], { stdio: 'ignore' });
      execFileSync('callgrind_control', ['-d', String(gateway.pid)], { stdio: 'ignore' });
      // Each dump is a new file holding what was counted since the previous one: this mode's.
      const instructions = readdirSync(work)
        .filter((name) => name.startsWith('callgrind.') && !counted.has(name))
        .map((name) => {
          counted.add(name);
          return Number(/^totals: (\d+)/m.exec(readFileSync(path.join(work, name), 'utf8'))?.[1] ?? 0);
        })
        .reduce((a, b) => a + b, 0);
      process.stdout.write(
        `${which} ${mode}: ${run.requests.total} requests, non-2xx ${run.non2xx}, ${(instructions / run.requests.total / 1e6).toFixed(2)} M instructions per request (load average ${os.loadavg()[0].toFixed(1)})\n`,
      );
    }
  } finally {
    gateway.kill('SIGKILL');
    subgraphs.close();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exit(1);
});
