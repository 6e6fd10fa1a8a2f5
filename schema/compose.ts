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
 * `npm run compose`: refresh schema/supergraph.graphql. The subgraph SDL has one home,
 * subgraphs/<name>/*.graphql; schema/ holds only what is composed from it.
 */
if (require.main === module) {
  writeFileSync(path.join(ROOT, 'schema', 'supergraph.graphql'), composeSupergraph());
  process.stdout.write(`schema/supergraph.graphql composed from ${SUBGRAPH_NAMES.join(', ')}\n`);
}
