import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
import { SUBGRAPH_NAMES, type SubgraphName } from '../lib/config';
import { subgraphSdlText } from '../subgraphs/server';

const ROOT = path.join(__dirname, '..');

export function subgraphSdl(name: SubgraphName): string {
  return subgraphSdlText(path.join(ROOT, 'subgraphs', name));
}

/** Composes the four subgraph SDLs into the supergraph, locally (no registry, no network). */
export function composeSupergraph(urls?: Partial<Record<SubgraphName, string>>): string {
  return composeSubgraphs(
    SUBGRAPH_NAMES.map((name) => ({ name, url: urls?.[name] ?? `http://127.0.0.1/${name}/graphql`, typeDefs: parse(subgraphSdl(name)) })),
  );
}

/** Composition refuses to hand the gateway a supergraph when subgraphs disagree: the errors, not a half-made schema. */
export function composeSubgraphs(subgraphs: Parameters<typeof composeServices>[0]): string {
  // Loaded when composing only: a start that finds its supergraph cached (composedSupergraph) never needs it.
  const { composeServices: compose } = require('@apollo/composition') as typeof import('@apollo/composition');
  const result = compose(subgraphs);
  if (result.errors) {
    throw new Error(`Supergraph composition failed:\n${result.errors.map((e) => `- ${e.message}`).join('\n')}`);
  }
  return result.supergraphSdl;
}

/**
 * The supergraph of the subgraph SDLs as they are now, with the default subgraph URLs (the gateway routes
 * by subgraph name, gateway/gateway.ts): composed once per process, and kept between starts in
 * node_modules/.cache/vigil/ under a hash of the SDL texts and the composition version. Composition was
 * the largest part of a start (4.0 of 20.7 s in a CPU profile of a later start at load 6: done for each
 * of the two gateways, plus loading @apollo/composition) and its result only changes when the SDL or
 * @apollo/composition does. The cache is best effort: where node_modules is read-only every start
 * composes (once), as before.
 */
let composed: string | undefined;
export function composedSupergraph(): string {
  if (composed !== undefined) return composed;
  const sdl = SUBGRAPH_NAMES.map((name) => `# ${name}\n${subgraphSdl(name)}`).join('\n');
  const composition = require.resolve('@apollo/composition/package.json');
  const version = (JSON.parse(readFileSync(composition, 'utf8')) as { version: string }).version;
  const hash = createHash('sha256').update(`${version}\n${sdl}`).digest('hex').slice(0, 32);
  const cacheDir = path.join(composition, '..', '..', '..', '.cache', 'vigil');
  const cacheFile = path.join(cacheDir, `supergraph-${hash}.graphql`);
  try {
    composed = readFileSync(cacheFile, 'utf8');
    return composed;
  } catch {
    // not composed yet for these SDLs
  }
  composed = composeSupergraph();
  try {
    mkdirSync(cacheDir, { recursive: true });
    // Written whole then renamed: a process starting meanwhile never reads half a supergraph.
    const partial = `${cacheFile}.${process.pid}`;
    writeFileSync(partial, composed);
    renameSync(partial, cacheFile);
  } catch {
    // read-only install: compose at each start
  }
  return composed;
}

/**
 * The subgraphs' URLs from `npm run compose` arguments: `--subgraphs <url>` gives the first subgraph's base
 * (`http://10.0.0.5:4001`): the others are on the next ports, in SUBGRAPH_NAMES order (organizations,
 * alerts, questionnaires, documents), each at /graphql — as Vigil places them (SUBGRAPH_BASE_PORT);
 * `--<name> <url>` sets one subgraph's full URL. Undefined when no URL is given (the placeholders).
 */
export function composeUrls(args: readonly string[]): Partial<Record<SubgraphName, string>> | undefined {
  const urls: Partial<Record<SubgraphName, string>> = {};
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i], args[i + 1]];
    if (flag === '--out') continue;
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--subgraphs') {
      const base = new URL(value);
      const first = Number(base.port || (base.protocol === 'https:' ? 443 : 80));
      SUBGRAPH_NAMES.forEach((name, n) => {
        urls[name] ??= `${base.protocol}//${base.hostname}:${first + n}/graphql`;
      });
      continue;
    }
    const name = flag.replace(/^--/, '') as SubgraphName;
    if (!SUBGRAPH_NAMES.includes(name)) throw new Error(`unknown option ${flag} (--out <file>, --subgraphs <url>, --<${SUBGRAPH_NAMES.join('|')}> <url>)`);
    urls[name] = new URL(value).toString();
  }
  return Object.keys(urls).length ? urls : undefined;
}

/**
 * `npm run compose`: refresh schema/supergraph.graphql (placeholder URLs: Vigil's gateway routes by
 * subgraph name). The subgraph SDL has one home, subgraphs/<name>/*.graphql; schema/ holds only what is
 * composed from it. For your own router, the subgraphs' real URLs and another file:
 * `npm run compose -- --subgraphs http://10.0.0.5:4001 --out supergraph.graphql` (docs/own-router.md).
 */
if (require.main === module) {
  const args = process.argv.slice(2);
  const outAt = args.indexOf('--out');
  const out = outAt >= 0 ? path.resolve(process.env.INIT_CWD ?? process.cwd(), args[outAt + 1]) : path.join(ROOT, 'schema', 'supergraph.graphql');
  const urls = composeUrls(args.filter((_, i) => i !== outAt && i !== outAt + 1));
  if (urls && outAt < 0) throw new Error('with subgraph URLs, name the file to write with --out (schema/supergraph.graphql keeps the placeholders)');
  writeFileSync(out, composeSupergraph(urls));
  const where = SUBGRAPH_NAMES.map((name) => `${name} ${urls?.[name] ?? '(placeholder)'}`).join(', ');
  process.stdout.write(`${path.relative(process.env.INIT_CWD ?? process.cwd(), out) || out} composed from ${where}\n`);
}
