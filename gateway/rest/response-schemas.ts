import {
  buildSchema,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  Kind,
  type OperationDefinitionNode,
  parse,
  type SelectionSetNode,
} from 'graphql';
import { RawBody, REST_ENUM_VALUES, type RestRoute } from './table';

/**
 * A REST route's 200 body, as a JSON Schema, derived from what answers it: the route's GraphQL
 * operation typed against the supergraph, passed through the route's own `result` mapping.
 *
 * The operation's selection is turned into a sample `data` whose every value is traceable (objects by
 * identity, strings and numbers by a unique sentinel) to the schema its GraphQL type gives it (enums,
 * formats, nullability, descriptions). `result` then shapes the sample as it shapes real answers;
 * the REST body's schema is read back from that shape: what `result` passed through keeps its GraphQL
 * schema, what it built is described from its structure. One rule for every row, so a new route gets
 * its response schema with no extra code.
 */
type JsonSchema = Record<string, unknown>;
/** String fields holding JSON text made elsewhere (`Type.field` → the type and fields of its records). */
export type JsonTextFields = Record<string, { type: string; fields: string }>;

const SCALARS: Record<string, JsonSchema> = {
  ID: { type: 'string' },
  String: { type: 'string' },
  Int: { type: 'integer' },
  Float: { type: 'number' },
  Boolean: { type: 'boolean' },
  DateTime: { type: 'string', format: 'date-time' },
  JSON: {},
};

class Sampler {
  readonly objects = new WeakMap<object, JsonSchema>();
  readonly values = new Map<string | number, JsonSchema>();
  private next = 0;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly jsonText: JsonTextFields,
  ) {}

  /** A value of `type` for `selection`, remembered with its schema. */
  sample(type: GraphQLOutputType, selection: SelectionSetNode | undefined, description?: string | null, jsonText?: { type: string; fields: string }): unknown {
    const nullable = !isNonNullType(type);
    const inner = getNullableType(type);
    let value: unknown;
    let schema: JsonSchema;
    if (isListType(inner)) {
      const item = this.sample(inner.ofType, selection);
      value = [item];
      schema = { type: 'array', items: this.schemaOf(item) };
    } else if (isScalarType(inner) || isEnumType(inner)) {
      value = isScalarType(inner) && (inner.name === 'Int' || inner.name === 'Float') ? 1_000_000_000 + this.next++ : `\u0001${this.next++}`;
      // The enums REST answers in its own spelling (its routes convert): those values.
      schema = isEnumType(inner)
        ? { type: 'string', enum: REST_ENUM_VALUES[inner.name] ? [...REST_ENUM_VALUES[inner.name]] : inner.getValues().map((v) => v.name) }
        : { ...(SCALARS[inner.name] ?? { type: 'string' }) };
      // Records the database already made JSON text (AlertPage.recordsJson): a list of one sampled record.
      if (jsonText)
        value = JSON.stringify([
          this.sample(
            this.schema.getType(jsonText.type) as GraphQLOutputType,
            parse(`{ ${jsonText.fields} }`).definitions.map((d) => (d as OperationDefinitionNode).selectionSet)[0],
          ),
        ]);
    } else {
      const object: Record<string, unknown> = {};
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      const typeName = getNamedType(inner).name;
      this.collect(typeName, selection, (key, fieldType, fieldSelection, fieldDescription, fieldName) => {
        object[key] = this.sample(fieldType, fieldSelection, fieldDescription, this.jsonText[`${typeName}.${fieldName}`]);
        properties[key] = this.schemaOf(object[key]);
        if (isNonNullType(fieldType)) required.push(key);
      });
      value = object;
      schema = { type: 'object', properties, ...(required.length ? { required } : {}) };
    }
    if (description) schema.description = description;
    if (nullable) schema = orNull(schema);
    if (typeof value === 'string' || typeof value === 'number') this.values.set(value, schema);
    if (typeof value === 'object' && value !== null) this.objects.set(value, schema);
    return value;
  }

  /** The fields a selection reads on a type (inline fragments of its possible types merged in). */
  private collect(
    typeName: string,
    selection: SelectionSetNode | undefined,
    field: (key: string, type: GraphQLOutputType, selection: SelectionSetNode | undefined, description: string | null | undefined, name: string) => void,
  ): void {
    for (const node of selection?.selections ?? []) {
      if (node.kind === Kind.FIELD) {
        const key = node.alias?.value ?? node.name.value;
        if (node.name.value === '__typename') {
          field(key, this.schema.getType('String') as GraphQLOutputType, undefined, undefined, '__typename');
          continue;
        }
        const owner = this.schema.getType(typeName);
        const definition =
          owner && (isObjectType(owner) || 'getFields' in owner)
            ? (owner as { getFields(): Record<string, { type: GraphQLOutputType; description?: string | null }> }).getFields()[node.name.value]
            : undefined;
        if (definition) field(key, definition.type, node.selectionSet, definition.description, node.name.value);
      } else if (node.kind === Kind.INLINE_FRAGMENT) {
        this.collect(node.typeCondition?.name.value ?? typeName, node.selectionSet, field);
      }
    }
  }

  /** The schema of a value from the sample, or of one `result` built from sampled values. */
  schemaOf(value: unknown): JsonSchema {
    if (value === null || value === undefined) return { type: 'null' };
    if (typeof value === 'object' && this.objects.has(value)) return this.objects.get(value) as JsonSchema;
    if ((typeof value === 'string' || typeof value === 'number') && this.values.has(value)) return this.values.get(value) as JsonSchema;
    if (Array.isArray(value)) return { type: 'array', items: value.length ? this.schemaOf(value[0]) : {} };
    if (typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
      // Keys made from sampled values (a catalog keyed by an enum): a map, its keys that value's schema.
      const sampledKey = entries.find(([k]) => this.values.has(k));
      if (sampledKey)
        return { type: 'object', propertyNames: this.values.get(sampledKey[0]) as JsonSchema, additionalProperties: this.schemaOf(sampledKey[1]) };
      return { type: 'object', properties: Object.fromEntries(entries.map(([k, v]) => [k, this.schemaOf(v)])), required: entries.map(([k]) => k) };
    }
    return { type: typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string' };
  }
}

function orNull(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.enum)) return { ...schema, type: ['string', 'null'], enum: [...schema.enum, null] };
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  return schema;
}

/** The supergraph's types: enough to type a route's operation (the gateway serves the same composition). */
export function typesOf(supergraphSdl: string): GraphQLSchema {
  return buildSchema(supergraphSdl, { assumeValidSDL: true });
}

/** The 200 response's `content` for one route. */
export function responseContent(row: RestRoute, schema: GraphQLSchema, jsonText: JsonTextFields = {}): Record<string, { schema: JsonSchema }> {
  const operation = parse(row.operation).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const root = operation?.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  if (!operation || !root) return { 'application/json': { schema: {} } };
  const sampler = new Sampler(schema, jsonText);
  const fields: Record<string, unknown> = {};
  for (const node of operation.selectionSet.selections) {
    if (node.kind !== Kind.FIELD) continue;
    const definition = root.getFields()[node.name.value];
    if (definition) fields[node.alias?.value ?? node.name.value] = sampler.sample(definition.type, node.selectionSet, definition.description);
  }
  // Some bodies depend on the request (the Ruby SDK's bare arrays, unpaged lists): every form, once each.
  const forms = new Map<string, [string, JsonSchema]>();
  for (const input of RESULT_INPUTS) {
    const answer = row.result(fields, input as never);
    const [type, schema]: [string, JsonSchema] =
      answer instanceof RawBody
        ? answer.contentType.startsWith('application/json')
          ? ['application/json', sampler.schemaOf(JSON.parse(answer.text))]
          : [answer.contentType.split(';')[0], { type: 'string' }]
        : ['application/json', sampler.schemaOf(answer)];
    forms.set(JSON.stringify([type, schema]), [type, schema]);
  }
  const content: Record<string, { schema: JsonSchema }> = {};
  for (const [type, schema] of forms.values()) {
    const known = content[type]?.schema;
    content[type] = { schema: known ? { anyOf: [...((known.anyOf as JsonSchema[] | undefined) ?? [known]), schema] } : schema };
  }
  return content;
}

/** The requests whose answers can differ in shape: paged or not, the Ruby SDK or any other client. */
const PAGED = { page: 1, pageSize: 100, size: 100 };
const RESULT_INPUTS = (['other', 'ruby-sdk'] as const).flatMap((client) => [
  { params: {}, query: {}, body: {}, client },
  { params: {}, query: PAGED, body: PAGED, client },
]);
