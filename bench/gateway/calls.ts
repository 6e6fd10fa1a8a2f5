/**
 * Which subgraph calls one TestQuery costs through a gateway, a count the machine's load does not move
 * (issue 38: Vigil made 8.1 calls per request under load where hive+rr made 7.0):
 * `npx tsx bench/gateway/calls.ts [vigil|hive+rr] [--log]` starts the four subgraphs and the gateway, sends
 * one request at a time (identical, then varied with each `$first`), then 200 at 10 connections, and prints
 * the HTTP calls and operations per request for each subgraph. `--log` prints the operations of the first
 * request (BENCH_SUBGRAPH_LOG=on in bench/gateway/subgraphs.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { parse } from 'graphql';
import { composeSubgraphs } from '../../schema/compose';
import { SUBGRAPHS } from './subgraphs';

const ROOT = path.join(__dirname, '..', '..');
const SUBGRAPH_PORT = 4897;
const GATEWAY_PORT = 4898;
const IDENTICAL = readFileSync(path.join(__dirname, 'workload', 'query.graphql'), 'utf8');
const VARIED = IDENTICAL.replace('query TestQuery {', 'query TestQuery($first: Int) {').replace(/topProducts \{/, 'topProducts(first: $first) {');
const URL = `http://127.0.0.1:${GATEWAY_PORT}/graphql`;
type Stats = Record<string, { requests: number; operations: number }>;

export function gatewayCommand(which: string, supergraph: string, port: number): string[] {
  return which === 'hive+rr'
    ? [
        path.join(ROOT, 'node_modules', '@graphql-hive', 'gateway', 'dist', 'bin.js'),
        'supergraph',
        supergraph,
        '--port',
        String(port),
        '--host',
        '127.0.0.1',
        '--fork',
        '1',
        '-c',
        path.join(__dirname, 'hive-gateway.config.ts'),
      ]
    : [path.join(ROOT, 'scripts', 'run-compiled.cjs'), 'app/gateway-main', '--supergraph', supergraph, '--port', String(port)];
}

const post = (body: unknown) =>
  fetch(URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
const stats = async (): Promise<Stats> => (await fetch(`http://127.0.0.1:${SUBGRAPH_PORT}/stats`)).json() as Promise<Stats>;
const reset = () => fetch(`http://127.0.0.1:${SUBGRAPH_PORT}/stats/reset`, { method: 'POST' });

function per(s: Stats, requests: number): string {
  const total = Object.values(s).reduce((a, x) => a + x.requests, 0);
  const calls = Object.entries(s).map(([name, x]) => `${name} ${(x.requests / requests).toFixed(2)}/${(x.operations / requests).toFixed(2)}`);
  return `${(total / requests).toFixed(2)} calls per request (calls/operations: ${calls.join(', ')})`;
}

async function main(): Promise<void> {
  const which = process.argv[2] ?? 'vigil';
  const work = mkdtempSync(path.join(os.tmpdir(), 'vigil-calls-'));
  const supergraph = path.join(work, 'supergraph.graphql');
  writeFileSync(
    supergraph,
    composeSubgraphs(
      Object.entries(SUBGRAPHS).map(([name, s]) => ({ name, url: `http://127.0.0.1:${SUBGRAPH_PORT}/${name}/graphql`, typeDefs: parse(s.typeDefs) })),
    ),
  );
  const subgraphs: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'subgraphs.ts'), String(SUBGRAPH_PORT)], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, BENCH_SUBGRAPH_LOG: process.argv.includes('--log') ? 'on' : 'off' },
  });
  let logged = '';
  subgraphs.stderr?.on('data', (d) => (logged += d));
  const gateway = spawn(process.execPath, gatewayCommand(which, supergraph, GATEWAY_PORT), {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', BENCH_HIVE_DEDUP: 'off', BENCH_HIVE_ROUTER_RUNTIME: 'on' },
  });
  try {
    for (const deadline = Date.now() + 120_000; ; ) {
      if ((await post({ query: '{ __typename }' }).catch(() => null)) !== null) break;
      if (Date.now() > deadline) throw new Error('the gateway did not start');
      await new Promise((r) => setTimeout(r, 500));
    }
    await reset();
    logged = '';
    await post({ query: IDENTICAL });
    await new Promise((r) => setTimeout(r, 200)); // the subgraphs' stderr reaches this process
    if (process.argv.includes('--log')) process.stdout.write(`${which}: the operations of one TestQuery\n${logged}\n`);
    process.stdout.write(`${which} identical, one at a time: ${per(await stats(), 1)}\n`);
    await reset();
    for (let first = 1; first <= 9; first++) await post({ query: VARIED, variables: { first } });
    process.stdout.write(`${which} varied (first 1…9), one at a time: ${per(await stats(), 9)}\n`);
    for (const [mode, requests] of [
      ['identical', [{ body: JSON.stringify({ query: IDENTICAL }) }]],
      ['varied', [1, 2, 3, 4, 5, 6, 7, 8, 9].map((first) => ({ body: JSON.stringify({ query: VARIED, variables: { first } }) }))],
    ] as const) {
      await reset();
      const run = await autocannon({
        url: URL,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        connections: 10,
        amount: 200,
        requests: [...requests],
      });
      process.stdout.write(`${which} ${mode}, 200 at 10 connections (non-2xx ${run.non2xx}): ${per(await stats(), run.requests.total)}\n`);
    }
  } finally {
    gateway.kill('SIGKILL');
    subgraphs.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exit(1);
});
