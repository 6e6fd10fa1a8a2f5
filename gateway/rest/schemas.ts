import { z } from 'zod/v4';
import { enumName, MAX_PAGE_SIZE, SCAN_TARGET_KINDS, SEVERITIES, SORTS, STATE_FILTERS, STATES } from '../../lib/vocabulary';

/**
 * Shared pieces of the REST input schemas (every route file takes its inputs from here). Enum values
 * come from lib/vocabulary.ts, the API's one vocabulary (the GraphQL enums spell the same values).
 */
export const id = z.uuid().transform((v) => v.toLowerCase());
export const organizationParams = z.object({ organizationId: id });
export const noParams = z.object({});

/**
 * How the lenient inputs below read, for the OpenAPI document (gateway/rest/openapi.ts): null (and "")
 * is accepted as absent; a `list` also takes a single item. z.toJSONSchema cannot see through a
 * preprocess, so it is told here.
 */
export const LENIENT_INPUTS = new WeakMap<z.ZodType, 'nullish' | 'list' | 'one-or-more'>();

/** null and "" are absent; a single value is a list of one (the SDK wraps, older clients did not). */
export function list<T extends z.ZodType>(item: T) {
  // The outer optional() makes the property optional for z.toJSONSchema too; it runs the same.
  const schema = z.preprocess((v) => (v === null || v === undefined || v === '' ? undefined : Array.isArray(v) ? v : [v]), z.array(item).optional()).optional();
  LENIENT_INPUTS.set(schema, 'list');
  return schema;
}
/** A required list of at least one: a single value is a list of one. */
export function oneOrMore<T extends z.ZodType>(item: T) {
  const schema = z.preprocess((v) => (Array.isArray(v) ? v : [v]), z.array(item).min(1));
  LENIENT_INPUTS.set(schema, 'one-or-more');
  return schema;
}
export function nullish<T extends z.ZodType>(inner: T) {
  const schema = z.preprocess((v) => (v === null || v === '' ? undefined : v), inner.optional()).optional();
  LENIENT_INPUTS.set(schema, 'nullish');
  return schema;
}

/** ISO 8601 date or date-time; zone-less values are UTC (the Python SDK sends them naive). */
export const dateTime = nullish(
  z
    .string()
    .refine(
      (v) =>
        /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) &&
        !Number.isNaN(Date.parse(v.length === 10 ? v : v.replace(' ', 'T'))),
      {
        message: 'must be an ISO 8601 date or date-time',
      },
    ),
);
export const toGraphQLDate = (v: string | undefined) => (v === undefined ? undefined : v.replace(' ', 'T'));
const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);
export const severity = z.preprocess(upper, z.enum(SEVERITIES));
export const stateFilter = z.preprocess(upper, z.enum(STATE_FILTERS));
export const state = z.preprocess(upper, z.enum(STATES));
export const scanTargetKind = z.preprocess(upper, z.enum(SCAN_TARGET_KINDS));
export const lang = nullish(z.enum(['pt-BR', 'en-US', 'pt_BR', 'en_US']).transform(enumName));
export const sort = nullish(z.preprocess(upper, z.enum(SORTS)));
/** A page size (lib/vocabulary.ts pageSize() is the rule the subgraphs apply). */
export const size = nullish(z.coerce.number().int().min(1).max(MAX_PAGE_SIZE));
export const page = nullish(z.coerce.number().int().min(1));
export const cursor = nullish(z.string());
export const bool = nullish(z.boolean());

/** The body (absent for some clients) as an object. */
export const body = <T extends z.ZodRawShape>(shape: T) => z.preprocess((v) => v ?? {}, z.object(shape));
