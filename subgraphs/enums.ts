import { type DocumentNode, Kind } from 'graphql';
import { DOMAIN_ENUMS, enumName } from '../lib/vocabulary';

/**
 * GraphQL enum values are spelled one way in the public graph: SCREAMING_SNAKE_CASE. Where the
 * domain spells a value otherwise (lib/vocabulary.ts DOMAIN_ENUMS: `scanTargetId`, `pt_BR`), the
 * subgraph maps each GraphQL name to the domain's value: resolvers receive and return the domain's
 * values, and the generated resolver types say so (schema/resolver-types.ts).
 */

/** The resolver map of an enum whose domain values are `values`: `{ SCAN_TARGET_ID: 'scanTargetId', … }`. */
export function enumValues(values: readonly string[]): Record<string, string> {
  return Object.fromEntries(values.map((value) => [enumName(value), value]));
}

/** The value maps of the DOMAIN_ENUMS a subgraph's SDL defines (buildSchema adds them to its resolvers). */
export function domainEnumResolvers(typeDefs: DocumentNode): Record<string, Record<string, string>> {
  const defined = typeDefs.definitions.flatMap((d) => (d.kind === Kind.ENUM_TYPE_DEFINITION && DOMAIN_ENUMS[d.name.value] ? [d.name.value] : []));
  return Object.fromEntries(defined.map((name) => [name, enumValues(DOMAIN_ENUMS[name])]));
}
