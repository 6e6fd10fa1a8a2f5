import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { codegen } from '@graphql-codegen/core';
import * as typescriptPlugin from '@graphql-codegen/typescript';
import * as resolversPlugin from '@graphql-codegen/typescript-resolvers';
import { buildASTSchema, type DefinitionNode, type DocumentNode, Kind, parse } from 'graphql';
import { SUBGRAPH_NAMES, type SubgraphName } from '../lib/config';
import { DOMAIN_ENUMS, enumName } from '../lib/vocabulary';
import { subgraphSdl } from './compose';

const ROOT = path.join(__dirname, '..');

/** Where a subgraph's generated resolver types live (committed; `npm run codegen` refreshes them). */
export const resolverTypesPath = (name: SubgraphName) => path.join(ROOT, 'subgraphs', name, 'resolver-types.generated.ts');

/** Scalars as resolvers see them (lib/scalars.ts parses DateTime to a Date; JSON is any JSON value). */
const SCALARS = { ID: 'string', DateTime: 'Date', JSON: 'unknown', _Any: 'unknown', link__Import: 'unknown', federation__FieldSet: 'string' };

/** The header of every generated file. */
const HEADER =
  "// Generated from this subgraph's SDL by `npm run codegen` (schema/resolver-types.ts): do not edit.\n// test/subgraphs/resolver-types.test.ts fails when it is stale.\n";

/**
 * The SDL with each type that is only extended (`extend type Mutation` in a subgraph that defines no
 * Mutation: federation allows it) made a definition, as @apollo/subgraph does, so the type is generated.
 */
function asDefinitions(document: DocumentNode): DocumentNode {
  const defined = new Set(document.definitions.flatMap((d) => (d.kind === Kind.OBJECT_TYPE_DEFINITION ? [d.name.value] : [])));
  const definitions = document.definitions.map((d): DefinitionNode => {
    if (d.kind !== Kind.OBJECT_TYPE_EXTENSION || defined.has(d.name.value)) return d;
    defined.add(d.name.value);
    return { ...d, kind: Kind.OBJECT_TYPE_DEFINITION };
  });
  return { ...document, definitions };
}

/**
 * The argument, parent and resolver types of one subgraph, generated from its SDL
 * (@graphql-codegen/typescript-resolvers with federation support: `__resolveReference`, `@key`
 * fields). The context is the subgraph's `SubgraphContext`; parents default to the GraphQL type and
 * a subgraph narrows them where its resolvers return rows (`mappers`).
 */
export async function generateResolverTypes(name: SubgraphName): Promise<string> {
  const typeDefs = asDefinitions(parse(subgraphSdl(name)));
  // The SDL as written (federation's own _entities and _service are added by the plugin, not typed twice).
  const schema = buildASTSchema(typeDefs, { assumeValidSDL: true });
  const output = await codegen({
    filename: `subgraphs/${name}/resolver-types.generated.ts`,
    schema: typeDefs,
    schemaAst: schema,
    documents: [],
    config: {
      federation: true,
      useTypeImports: true,
      enumsAsTypes: true,
      scalars: SCALARS,
      contextType: '../server#SubgraphContext',
      // Resolvers hand on database rows, not the GraphQL shape: a parent is typed where the resolver
      // names it, and object results are not checked against the SDL (arguments, enums and scalars are).
      defaultMapper: 'any',
      avoidOptionals: false,
      maybeValue: 'T | null',
      inputMaybeValue: 'T | null | undefined',
      // Enums the kit maps to the domain's spelling (subgraphs/enums.ts): typed as the domain's values.
      enumValues: Object.fromEntries(
        Object.entries(DOMAIN_ENUMS)
          .filter(([name]) => schema.getType(name))
          .map(([name, values]) => [name, Object.fromEntries(values.map((v) => [enumName(v), v]))]),
      ),
    },
    plugins: [{ typescript: {} }, { typescriptResolvers: {} }],
    pluginMap: { typescript: typescriptPlugin, typescriptResolvers: resolversPlugin },
  });
  // typescript-resolvers types an enum mapped by `enumValues` to an object (not a file) as `null` in
  // ResolversTypes, so no resolver could return one (`User.language`): its own type, the domain's values.
  const domainEnums = Object.keys(DOMAIN_ENUMS).filter((enumType) => schema.getType(enumType));
  return HEADER + domainEnums.reduce((text, enumType) => text.replace(`\n  ${enumType}: null;\n`, `\n  ${enumType}: ${enumType};\n`), output);
}

/**
 * `npm run codegen`: refresh every subgraph's resolver-types.generated.ts; with `--check`, write
 * nothing and exit 1 naming the stale files (test/subgraphs/resolver-types.test.ts).
 */
if (require.main === module) {
  const check = process.argv.includes('--check');
  void (async () => {
    const stale: string[] = [];
    for (const name of SUBGRAPH_NAMES) {
      const text = await generateResolverTypes(name);
      const file = resolverTypesPath(name);
      const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
      if (before === text) continue;
      stale.push(path.relative(ROOT, file));
      if (!check) writeFileSync(file, text);
    }
    if (check && stale.length) {
      process.stderr.write(`stale, run \`npm run codegen\`: ${stale.join(', ')}\n`);
      process.exitCode = 1;
    } else {
      process.stdout.write(`resolver types: ${stale.length ? `${stale.join(', ')} written` : 'all current'}\n`);
    }
  })();
}
