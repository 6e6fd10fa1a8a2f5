/**
 * Where a gateway spends its CPU on the benchmark's TestQuery: `npx tsx bench/gateway/profile.ts
 * [vigil|stock] [seconds]` starts the four subgraphs, the gateway under `node --cpu-prof`, loads it
 * with autocannon (20 connections), stops it and prints its self time by package and by function.
 * What it showed is written down in the README's "Gateway performance" section.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { parse } from 'graphql';
import { composeSubgraphs } from '../../schema/compose';
import { SUBGRAPHS, startSubgraphs } from './subgraphs';

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
}

const ROOT = path.join(__dirname, '..', '..');
const SUBGRAPH_PORT = 4898;
const GATEWAY_PORT = 4897;

function packageOf(url: string): string {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return url;
  const inModules = url.split('node_modules/').pop() as string;
  if (inModules === url) return 'vigil';
  return inModules
    .split('/')
    .slice(0, inModules.startsWith('@') ? 2 : 1)
    .join('/');
}

function top(totals: Map<string, number>, all: number, count: number): string[] {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, time]) => `${((100 * time) / all).toFixed(1).padStart(5)}%  ${name}`);
}

async function main(): Promise<void> {
  const which = process.argv[2] ?? 'vigil';
  const seconds = Number(process.argv[3] ?? 8);
  const work = mkdtempSync(path.join(os.tmpdir(), 'vigil-profile-'));
  const supergraph = path.join(work, 'supergraph.graphql');
  const subgraphs = await startSubgraphs(SUBGRAPH_PORT);
  writeFileSync(
    supergraph,
    composeSubgraphs(
      Object.entries(SUBGRAPHS).map(([name, s]) => ({ name, url: `http://127.0.0.1:${SUBGRAPH_PORT}/${name}/graphql`, typeDefs: parse(s.typeDefs) })),
    ),
  );
  const profiling = ['--cpu-prof', `--cpu-prof-dir=${work}`];
  const args =
    which === 'stock'
      ? [...profiling, path.join(__dirname, 'stock.cjs'), supergraph, String(GATEWAY_PORT)]
      : [...profiling, path.join(ROOT, 'scripts', 'run-compiled.cjs'), 'app/gateway-main', '--supergraph', supergraph, '--port', String(GATEWAY_PORT)];
  const gateway = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' } });
  await new Promise((resolve) => setTimeout(resolve, 4000));
  const query = readFileSync(path.join(__dirname, 'workload', 'query.graphql'), 'utf8');
  const run = await autocannon({
    url: `http://127.0.0.1:${GATEWAY_PORT}/graphql`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
    connections: 20,
    duration: seconds,
  });
  process.stdout.write(`${which}: ${run.requests.average} req/s, non-2xx ${run.non2xx}\n`);
  gateway.kill('SIGINT');
  await new Promise((resolve) => gateway.on('exit', resolve));
  subgraphs.close();

  const file = readdirSync(work).find((name) => name.endsWith('.cpuprofile'));
  const profile = JSON.parse(readFileSync(path.join(work, file as string), 'utf8')) as CpuProfile;
  if (process.env.BENCH_PROFILE_KEEP) writeFileSync(process.env.BENCH_PROFILE_KEEP, JSON.stringify(profile));
  rmSync(work, { recursive: true, force: true });
  const selfTime = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const node of profile.nodes) {
    const time = selfTime.get(node.id) ?? 0;
    if (!time) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.replace(/.*node_modules\//, '').replace(`${ROOT}/`, '')}:${lineNumber}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + time);
    byPackage.set(packageOf(url), (byPackage.get(packageOf(url)) ?? 0) + time);
  }
  const all = [...byFunction.values()].reduce((a, b) => a + b, 0);
  process.stdout.write(`${['by package:', ...top(byPackage, all, 15), 'by function:', ...top(byFunction, all, 30)].join('\n')}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exit(1);
});
