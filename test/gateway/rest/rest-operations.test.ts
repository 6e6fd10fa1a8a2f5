import { ApolloGateway } from '@apollo/gateway';
import { type GraphQLSchema, getVariableValues, Kind, type OperationDefinitionNode, parse, validate } from 'graphql';
import { z } from 'zod/v4';
import { restSupergraph } from '../../../gateway/gateway';
import { REST_ROUTES } from '../../../gateway/rest/routes';
import type { RestRoute } from '../../../gateway/rest/table';
import { VigilError } from '../../../lib/errors';
import { composeSupergraph } from '../../../schema/compose';

// A typo in a route's operation makes that route answer 400 to every client while the HTTP tests of
// other routes stay green: every operation is checked here against the schema the routes run on (the
// REST graph: the supergraph the gateway composes with the fields marked @inaccessible kept).

let schema: GraphQLSchema;
beforeAll(async () => {
  const gateway = new ApolloGateway({ supergraphSdl: restSupergraph(composeSupergraph()) });
  schema = (await gateway.load()).schema;
  await gateway.stop();
});

const label = (row: RestRoute) => `${row.method} ${row.path}`;
const rows = REST_ROUTES.map((row) => [label(row), row] as const);

function operationOf(row: RestRoute): OperationDefinitionNode {
  const operations = parse(row.operation).definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  expect(operations).toHaveLength(1);
  return operations[0];
}

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  default?: unknown;
};

/** A value of a JSON schema with every property present, so `variables()` sets every key it can. */
function sample(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return sample(choice.find((s) => s.type !== 'null') ?? choice[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, s]) => [key, sample(s)]));
    case 'array':
      return [sample(schema.items)];
    case 'string':
      return schema.format === 'uuid'
        ? '00000000-0000-4000-8000-000000000000'
        : schema.format === 'date-time'
          ? '2026-01-01T00:00:00.000Z'
          : schema.format === 'email'
            ? 'someone@example.com'
            : 'x';
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      // No type: z.unknown() (a credential, a document), where any JSON object will do.
      return 'default' in schema ? schema.default : {};
  }
}

// Strings a refinement may want instead of the plain sample ('x'): tried in order at the path it refused.
const STRING_CANDIDATES = ['2026-01-01T00:00:00.000Z', '00000000-0000-4000-8000-000000000000', 'someone@example.com', '1', 'true'];

function setAt(target: unknown, path: PropertyKey[], value: unknown): unknown {
  if (path.length === 0) return value;
  const container = (target ?? (typeof path[0] === 'number' ? [] : {})) as Record<PropertyKey, unknown>;
  container[path[0]] = setAt(container[path[0]], path.slice(1), value);
  return container;
}

/** The route's input part as `variables()` receives it: a sample request part, parsed by the route's own schema. */
function sampleOf(part: z.ZodType | undefined): unknown {
  if (!part) return undefined;
  let raw = sample(z.toJSONSchema(part, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
  const tries = new Map<string, number>();
  for (let round = 0; round < 20; round++) {
    const parsed = part.safeParse(raw);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const where = issue.path.join('.');
      const attempt = tries.get(where) ?? 0;
      tries.set(where, attempt + 1);
      const allowed = 'values' in issue ? (issue.values as unknown[]) : undefined;
      raw = setAt(raw, issue.path, allowed?.length ? allowed[0] : STRING_CANDIDATES[attempt]);
    }
  }
  throw new Error(`no sample input satisfies ${JSON.stringify(z.toJSONSchema(part, { unrepresentable: 'any' }))}`);
}

/**
 * Values a route checks itself although its REST schema takes any text (an export's `type`, a webhook's
 * `eventNames`: REST keeps their own messages), for the one field its variables() refused.
 */
const CHECKED_BY_THE_ROUTE: Record<string, unknown> = { type: 'ALERT', eventNames: ['AlertCreated'] };

function variablesOf(row: RestRoute, input: { params: unknown; query: unknown; body: unknown; client: 'other' }): Record<string, unknown> {
  try {
    return row.variables(input as never);
  } catch (error) {
    const field = error instanceof VigilError ? error.field : undefined;
    if (!field || !(field in CHECKED_BY_THE_ROUTE)) throw error;
    return row.variables({ ...input, body: { ...(input.body as object), [field]: CHECKED_BY_THE_ROUTE[field] } } as never);
  }
}

describe('REST route table', () => {
  it('has one operation per route', () => {
    expect(REST_ROUTES.length).toBeGreaterThan(80);
  });

  it.each(rows)('%s runs an operation that is valid against the supergraph', (_label, row) => {
    const errors = validate(schema, parse(row.operation)).map((e) => e.message);
    expect(errors).toEqual([]);
  });

  it.each(rows)('%s passes exactly the variables its operation declares, of the declared types', (_label, row) => {
    const operation = operationOf(row);
    const input = { params: sampleOf(row.params) ?? {}, query: sampleOf(row.query) ?? {}, body: sampleOf(row.body), client: 'other' as const };
    const variables = variablesOf(row, input);
    const declared = (operation.variableDefinitions ?? []).map((d) => d.variable.name.value);
    const passed = Object.keys(variables).filter((key) => variables[key] !== undefined);
    // A key the operation does not declare is dropped silently (and its declared twin is null).
    expect(passed.filter((key) => !declared.includes(key))).toEqual([]);
    const required = (operation.variableDefinitions ?? [])
      .filter((d) => d.type.kind === Kind.NON_NULL_TYPE && !d.defaultValue)
      .map((d) => d.variable.name.value);
    expect(required.filter((name) => !passed.includes(name))).toEqual([]);
    // Where the REST schema takes any string and lets GraphQL judge it (a scan target kind), the sample
    // cannot know the enum's values; every other coercion error is a route passing the wrong shape.
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
    const wrongShapes = (coerced.errors ?? []).map((e) => e.message).filter((message) => !/does not exist in "\w+" enum/.test(message));
    expect(wrongShapes).toEqual([]);
  });
});
