import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';

const FIRST_DATE = Date.parse('0001-01-01T00:00:00Z');
const LAST_DATE = Date.parse('9999-12-31T23:59:59.999Z');

function parseDate(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value !== 'string') throw new GraphQLError('DateTime must be an ISO 8601 string', { extensions: { code: 'BAD_REQUEST' } });
  // Clients send zone-less timestamps ("2025-02-10T00:00:00"); those are UTC.
  const text = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/.test(value) ? `${value.length === 10 ? `${value}T00:00:00` : value}Z` : value;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw new GraphQLError(`Invalid DateTime: ${value}`, { extensions: { code: 'BAD_REQUEST' } });
  // JavaScript dates reach 271821 BC, PostgreSQL's timestamptz only 4713 BC: years 1..9999 are what clients mean.
  if (date.getTime() < FIRST_DATE || date.getTime() > LAST_DATE)
    throw new GraphQLError(`DateTime out of range (years 1 to 9999): ${value}`, { extensions: { code: 'BAD_REQUEST' } });
  return date;
}

export const DateTime = new GraphQLScalarType<Date, string>({
  name: 'DateTime',
  description: 'ISO 8601 UTC timestamp; zone-less input is read as UTC',
  serialize: (value) => (value instanceof Date ? value : new Date(String(value))).toISOString(),
  parseValue: parseDate,
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new GraphQLError('DateTime must be a string', { extensions: { code: 'BAD_REQUEST' } });
    return parseDate(ast.value);
  },
});

function literalToJson(ast: ValueNode, variables?: Record<string, unknown> | null): unknown {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
    case Kind.ENUM:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return ast.values.map((v) => literalToJson(v, variables));
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((f) => [f.name.value, literalToJson(f.value, variables)]));
    case Kind.VARIABLE:
      return variables?.[ast.name.value];
  }
}

// Not named JSON: that would shadow the global JSON object in this module.
export const JSONScalar = new GraphQLScalarType<unknown, unknown>({
  name: 'JSON',
  description: 'Any JSON value',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => literalToJson(ast, variables),
});

export const scalarResolvers = { DateTime, JSON: JSONScalar };
