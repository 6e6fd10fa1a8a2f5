import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { composeServices } from '@apollo/composition';
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
  const result = composeServices(subgraphs);
  if (result.errors) {
    throw new Error(`Supergraph composition failed:\n${result.errors.map((e) => `- ${e.message}`).join('\n')}`);
  }
  return result.supergraphSdl;
}

/**
 * `npm run compose`: refresh schema/supergraph.graphql. The subgraph SDL has one home,
 * subgraphs/<name>/*.graphql; schema/ holds only what is composed from it.
 */
if (require.main === module) {
  writeFileSync(path.join(ROOT, 'schema', 'supergraph.graphql'), composeSupergraph());
  process.stdout.write(`schema/supergraph.graphql composed from ${SUBGRAPH_NAMES.join(', ')}\n`);
}
