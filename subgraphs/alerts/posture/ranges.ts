import { badRequest } from '../../../lib/errors';

/** A range of whole UTC days, `from` and `to` inclusive (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
  /** Every date of the range, oldest first. */
  dates: string[];
  days: number;
}

export const MAX_RANGE_DAYS = 366;
export const DEFAULT_RANGE_DAYS = 30;
const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A YYYY-MM-DD string that names a real date, as UTC midnight in ms; 400 naming `field` otherwise. */
function dateOf(value: string, field: string): number {
  const ms = DATE.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(ms) || isoDate(ms) !== value) throw badRequest(`${field} must be a UTC date, YYYY-MM-DD`, field);
  return ms;
}

/**
 * The days `from`..`to` name: `to` defaults to today (UTC), `from` to `to` minus 29 days; from after
 * to, or more than 366 days, is a 400 naming the field (`input.from`, `input.to`).
 */
export function dayRange(input: { from?: string | null; to?: string | null } | null | undefined, now = new Date(), prefix = 'input.'): DayRange {
  const to = input?.to ? dateOf(input.to, `${prefix}to`) : dateOf(isoDate(now.getTime()), `${prefix}to`);
  const from = input?.from ? dateOf(input.from, `${prefix}from`) : to - (DEFAULT_RANGE_DAYS - 1) * DAY_MS;
  if (from > to) throw badRequest(`${prefix}from must not be after ${prefix}to`, `${prefix}from`);
  const days = Math.round((to - from) / DAY_MS) + 1;
  if (days > MAX_RANGE_DAYS) throw badRequest(`a range holds at most ${MAX_RANGE_DAYS} days (this one ${days})`, `${prefix}from`);
  return { from: isoDate(from), to: isoDate(to), days, dates: Array.from({ length: days }, (_, i) => isoDate(from + i * DAY_MS)) };
}
