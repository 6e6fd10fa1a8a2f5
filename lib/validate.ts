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
