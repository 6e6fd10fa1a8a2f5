import { Supergraph } from '@apollo/federation-internals';
import graphqlPlugin from '@graphql-eslint/eslint-plugin';
import { Linter } from 'eslint';
import {
  type GraphQLSchema,
  type GraphQLType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedScalarType,
  Kind,
  parse,
  print,
  printSchema,
} from 'graphql';
import { SUBGRAPH_NAMES } from '../../lib/config';
import { composeSupergraph, subgraphSdl } from '../../schema/compose';

/**
 * The public graph as clients see it (the supergraph's API schema: no @inaccessible REST plumbing, no
 * federation internals), linted with @graphql-eslint's schema rules: every type, field, argument,
 * input field and enum value described; one spelling per kind of name; lists as Relay connections;
 * one input object per mutation. An addition that breaks one fails `npm test` with the rule's message.
 */
const api: GraphQLSchema = Supergraph.build(composeSupergraph()).apiSchema().toGraphQLJSSchema();
const sdl = printSchema(api);

/**
 * graphql-eslint's own `schema-recommended` rules, each on unless named here with the reason (issue 34
 * item 5: before, only the hand-picked rules below ran, and the recommended set reported 153 errors).
 */
const DISABLED_RECOMMENDED: Record<string, string> = {
  // 135 types: connections, edges, page info, counts, payloads and other values have no identity of
  // their own, and the entity types' ids are not yet unique across types (Follower and Following share
  // `<org>:<org>`). Turned on with the global ids of issue 34 item 5, which are not built yet.
  '@graphql-eslint/strict-id-in-types': 'values without identity; global ids not built yet (issue 34 item 5)',
  // `Alert.alertId`, `Follower.followerId`, `Answer.assessmentId`…: `id` is the view's cache id
  // (`followed:<alert id>`, `<org>:<org>`), `<type>Id` the record's own id that lookups and REST take;
  // `Scan.scanTargetId` / `Scan.scanTarget` name another type that only starts with "Scan".
  '@graphql-eslint/no-typename-prefix': '`<type>Id` is the record id beside the view id `id`',
};

const RECOMMENDED: Linter.RulesRecord = (graphqlPlugin.configs['flat/schema-recommended'] as { rules: Linter.RulesRecord }).rules;
const recommendedNaming = (RECOMMENDED['@graphql-eslint/naming-convention'] as [string, Record<string, unknown>])[1];

const RULES: Linter.RulesRecord = {
  ...Object.fromEntries(Object.entries(RECOMMENDED).filter(([rule]) => !(rule in DISABLED_RECOMMENDED))),
  '@graphql-eslint/require-description': [
    'error',
    {
      types: true,
      DirectiveDefinition: true,
      rootField: true,
      FieldDefinition: true,
      InputValueDefinition: true,
      EnumValueDefinition: true,
      ScalarTypeDefinition: true,
    },
  ],
  '@graphql-eslint/naming-convention': [
    'error',
    {
      ...recommendedNaming,
      types: 'PascalCase',
      // Counts keyed by an enum's values (SeverityCounts.CRITICAL, StateCounts.IN_PROGRESS) are spelled as those values.
      FieldDefinition: { style: 'camelCase', ignorePattern: '^[A-Z][A-Z_]*$' },
      InputValueDefinition: 'camelCase',
      Argument: 'camelCase',
      EnumValueDefinition: 'UPPER_CASE',
      'FieldDefinition[parent.name.value=Mutation]': { forbiddenPrefixes: ['Mutation', 'mutation'], forbiddenSuffixes: ['Mutation'] },
    },
  ],
  '@graphql-eslint/relay-connection-types': 'error',
  '@graphql-eslint/relay-edge-types': ['error', { withEdgeSuffix: true, shouldImplementNode: false, listTypeCanWrapOnlyEdgeType: false }],
  '@graphql-eslint/relay-page-info': 'error',
  '@graphql-eslint/relay-arguments': ['error', { includeBoth: false }],
  '@graphql-eslint/input-name': ['error', { checkInputType: true, caseSensitiveInputType: false, checkQueries: false, checkMutations: true }],
  '@graphql-eslint/no-scalar-result-type-on-mutation': 'error',
  '@graphql-eslint/unique-enum-value-names': 'error',
  '@graphql-eslint/no-hashtag-description': 'error',
};

function lint(): Linter.LintMessage[] {
  const linter = new Linter({ configType: 'flat' });
  return linter.verify(
    sdl,
    [
      {
        files: ['**/*.graphql'],
        languageOptions: { parser: graphqlPlugin.parser, parserOptions: { graphQLConfig: { schema: sdl } } },
        plugins: { '@graphql-eslint': graphqlPlugin as never },
        rules: RULES,
      },
    ],
    'public-schema.graphql',
  );
}

/** Share of the public graph's types, fields, arguments and enum values that carry a description. */
function descriptionCoverage(schema: GraphQLSchema) {
  const counts = { types: [0, 0], fields: [0, 0], arguments: [0, 0], enumValues: [0, 0] };
  const count = (kind: keyof typeof counts, description: string | null | undefined) => {
    counts[kind][1]++;
    if (description?.trim()) counts[kind][0]++;
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    count('types', type.description);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        count('fields', field.description);
        for (const arg of field.args) count('arguments', arg.description);
      }
    }
    if (isInputObjectType(type)) for (const field of Object.values(type.getFields())) count('fields', field.description);
    if (isEnumType(type)) for (const value of type.getValues()) count('enumValues', value.description);
  }
  return Object.fromEntries(Object.entries(counts).map(([kind, [described, all]]) => [kind, { described, all, share: described / all }]));
}

describe('the public GraphQL schema', () => {
  it('passes the schema linter (descriptions, naming, Relay connections, mutation inputs)', () => {
    const problems = lint().map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
    expect(problems).toEqual([]);
  });

  it('runs every rule of graphql-eslint’s schema-recommended set, or names the rule it leaves off with the reason', () => {
    for (const rule of Object.keys(RECOMMENDED)) expect([rule, rule in RULES || rule in DISABLED_RECOMMENDED]).toEqual([rule, true]);
    for (const rule of Object.keys(DISABLED_RECOMMENDED)) expect([rule, rule in RECOMMENDED && !(rule in RULES)]).toEqual([rule, true]);
  });

  it('describes at least 95 % of its types, fields, arguments and enum values', () => {
    const coverage = descriptionCoverage(api);
    for (const [kind, { share }] of Object.entries(coverage)) expect([kind, share >= 0.95]).toEqual([kind, true]);
  });

  it('specifies its custom scalars (@specifiedBy)', () => {
    for (const name of ['DateTime', 'JSON']) expect(api.getType(name)).toHaveProperty('specifiedByURL', expect.stringMatching(/^https:\/\//));
  });

  it('types every language (fields, arguments, input fields named language or lang) with the one Language enum', () => {
    const languages: string[] = [];
    const isLanguage = (name: string) => /^lang(uage)?$/.test(name);
    for (const type of Object.values(api.getTypeMap())) {
      if (isIntrospectionType(type) || !(isObjectType(type) || isInterfaceType(type) || isInputObjectType(type))) continue;
      for (const field of Object.values(type.getFields())) {
        if (isLanguage(field.name)) languages.push(`${type.name}.${field.name}: ${getNamedType(field.type as GraphQLType).name}`);
        for (const arg of 'args' in field ? field.args : [])
          if (isLanguage(arg.name)) languages.push(`${type.name}.${field.name}(${arg.name}): ${getNamedType(arg.type as GraphQLType).name}`);
      }
    }
    expect(languages).toContain('User.language: Language');
    expect(languages.filter((typed) => !typed.endsWith(': Language'))).toEqual([]);
  });

  it('defines an enum that several subgraphs share the same way in each (values and descriptions), as federation needs for one used as output and input', () => {
    const definitions = new Map<string, Map<string, string>>();
    for (const name of SUBGRAPH_NAMES)
      for (const definition of parse(subgraphSdl(name)).definitions)
        if (definition.kind === Kind.ENUM_TYPE_DEFINITION)
          definitions.set(definition.name.value, (definitions.get(definition.name.value) ?? new Map()).set(name, print(definition)));
    const shared = [...definitions].filter(([, bySubgraph]) => bySubgraph.size > 1);
    expect(shared.map(([name, bySubgraph]) => [name, [...bySubgraph.keys()].sort()])).toContainEqual(['Language', ['alerts', 'organizations']]);
    for (const [name, bySubgraph] of shared) expect([name, new Set(bySubgraph.values()).size]).toEqual([name, 1]);
  });

  it('shows no REST plumbing: page-numbered lists and database-built JSON records are @inaccessible', () => {
    const fields = Object.values(api.getTypeMap()).flatMap((type) => (isObjectType(type) ? Object.keys(type.getFields()).map((f) => `${type.name}.${f}`) : []));
    expect(fields.filter((f) => /ByPage$|\.records(Json)?$|\.(page|pageSize)$/.test(f))).toEqual([]);
  });
});
