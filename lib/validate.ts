import { badRequest } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Ids are UUIDs; a malformed one is the caller's mistake (400), never a lookup. */
export function uuid(value: unknown, field: string): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw badRequest(`${field} must be a UUID`, field);
  return value.toLowerCase();
}

export function uuids(values: readonly unknown[] | null | undefined, field: string): string[] | undefined {
  return values?.map((v) => uuid(v, field));
}

export function email(value: unknown, field = 'email'): string {
  if (typeof value !== 'string' || value.length > 254 || !EMAIL.test(value)) throw badRequest(`${field} must be a valid email address`, field);
  return value.trim().toLowerCase();
}

export function name(value: unknown, field = 'name', max = 200): string {
  if (typeof value !== 'string' || value.trim() === '') throw badRequest(`${field} must be a non-empty string`, field);
  if (value.length > max) throw badRequest(`${field} must be at most ${max} characters`, field);
  return value.trim();
}

export function optionalName(value: unknown, field = 'name', max = 200): string | undefined {
  return value === null || value === undefined ? undefined : name(value, field, max);
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw badRequest(`${field} must be one of ${allowed.join(', ')}`, field);
  }
  return value as T;
}

/**
 * PostgreSQL `text` and `jsonb` cannot hold U+0000 (the statement fails with 22P05/22021), so no
 * input may carry it: this finds the first string or object key that does, and gives its path
 * (empty for the value itself), or null. The REST route table and the GraphQL gateway apply it to
 * every input before anything reaches a resolver; recursion stops at 64 levels, deeper than any
 * input Vigil takes (express and the GraphQL parser bound nesting well below what would matter).
 */
export function pathOfNulCharacter(value: unknown, depth = 0): Array<string | number> | null {
  // The path is built only on the way back from a find: a 100 MB findings document walks allocation-free.
  if (typeof value === 'string') return value.includes('\u0000') ? [] : null;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = pathOfNulCharacter(value[i], depth + 1);
      if (found) return [i, ...found];
    }
    return null;
  }
  for (const key in value) {
    if (key.includes('\u0000')) return [key];
    const found = pathOfNulCharacter((value as Record<string, unknown>)[key], depth + 1);
    if (found) return [key, ...found];
  }
  return null;
}

export const NUL_CHARACTER_MESSAGE = 'must not contain the NUL character (U+0000)';

/** The largest PostgreSQL bigint: a sequence number (an event or history cursor) beyond it is not one we issued. */
const MAX_BIGINT = 9223372036854775807n;

/** A sequence number as decimal text (the bigint columns' cursors), checked to fit a bigint. */
export function sequenceNumber(text: string, field: string, message = `${field} is not valid`): string {
  if (!/^\d{1,19}$/.test(text) || BigInt(text) > MAX_BIGINT) throw badRequest(message, field);
  return text;
}
