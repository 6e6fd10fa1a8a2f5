import { badRequest } from '../../../lib/errors';

/**
 * Scan schedules (rest-contract §8a): `{"frequency":"6h"|"12h"}`, `{"frequency":"1d","timeOfDay"}`,
 * `{"frequency":"7d","timeOfDay","day"}`. All times are UTC. A time of day is a slot start:
 * NIGHT 00:00, MORNING 06:00, AFTERNOON 12:00, EVENING 18:00; 6h and 12h scans run at the slot
 * boundaries (00/06/12/18 and 00/12), so a late scheduler never makes the schedule drift.
 */
export const FREQUENCIES = ['6h', '12h', '1d', '7d'] as const;
export const TIMES_OF_DAY = ['NIGHT', 'MORNING', 'AFTERNOON', 'EVENING'] as const;
export const DAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const;

export type Frequency = (typeof FREQUENCIES)[number];
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];
export type Day = (typeof DAYS)[number];

/** The stored (and answered) form: exactly the keys the Python SDK's `ScanTargetSchedule.value()` sends. */
export type ScanSchedule = { frequency: '6h' | '12h' } | { frequency: '1d'; timeOfDay: TimeOfDay } | { frequency: '7d'; timeOfDay: TimeOfDay; day: Day };

export const DEFAULT_SCHEDULE: ScanSchedule = { frequency: '1d', timeOfDay: 'NIGHT' };

const HOUR = 3_600_000;
const DAY_MS = 24 * HOUR;
const SLOT_HOUR: Record<TimeOfDay, number> = { NIGHT: 0, MORNING: 6, AFTERNOON: 12, EVENING: 18 };

function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T, field: string): T {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value.toUpperCase())) return value.toUpperCase() as T;
  throw badRequest(`${field}: must be one of ${allowed.join(', ')}`, field);
}

/** The nearest time-of-day slot to an hour: 21–02 NIGHT, 03–08 MORNING, 09–14 AFTERNOON, 15–20 EVENING. */
function slotOfHour(hour: number): TimeOfDay {
  return TIMES_OF_DAY[Math.floor((hour + 3) / 6) % 4];
}

const CRON_DAYS: Record<string, number> = { SUN: 0, MON: 1, TUE: 2, WED: 3, THU: 4, FRI: 5, SAT: 6 };

function cronNumber(text: string, min: number, max: number): number | null {
  const n = /^\d+$/.test(text) ? Number(text) : (CRON_DAYS[text.toUpperCase()] ?? NaN);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
}

/** The values a simple cron field (`*`, `n`, `a,b`, `a-b`, `*\/n`) stands for, or null when unreadable. */
function cronValues(field: string, min: number, max: number): number[] | null {
  const values = new Set<number>();
  for (const part of field.split(',')) {
    const [range, stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) return null;
    let from: number | null = min;
    let to: number | null = max;
    if (range !== '*') {
      const [a, b] = range.split('-');
      from = cronNumber(a, min, max);
      to = b === undefined ? (stepText === undefined ? from : max) : cronNumber(b, min, max);
    }
    if (from === null || to === null || from > to) return null;
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return [...values].sort((x, y) => x - y);
}

/**
 * The Ruby SDK sends a cron string (default "0 0 * * *"). Accepted: `@daily`/`@midnight`,
 * `@weekly`, `@hourly`, and five-field crons with `*` for day-of-month and month. It maps to the
 * nearest schedule: several runs a day → 6h (or 12h for two), one run a day → 1d at the nearest
 * slot, one weekday → 7d on that day, several weekdays → 1d. Minutes are ignored.
 */
export function scheduleFromCron(cron: string, field = 'schedule'): ScanSchedule {
  const text = cron.trim();
  const macro: Record<string, string> = { '@daily': '0 0 * * *', '@midnight': '0 0 * * *', '@weekly': '0 0 * * 0', '@hourly': '0 * * * *' };
  const fields = (macro[text.toLowerCase()] ?? text).split(/\s+/);
  const invalid = () =>
    badRequest(
      `${field}: "${cron}" is not a supported cron schedule; use "m h * * *" (daily), "m h * * d" (weekly) or an object {"frequency":"6h"|"12h"|"1d"|"7d","timeOfDay","day"}`,
      field,
    );
  if (fields.length !== 5) throw invalid();
  const [minute, hourField, dayOfMonth, month, dayOfWeek] = fields;
  if (dayOfMonth !== '*' || month !== '*' || !cronValues(minute, 0, 59)) throw invalid();
  const hours = cronValues(hourField, 0, 23);
  const days = cronValues(dayOfWeek, 0, 7);
  if (!hours || !days) throw invalid();
  const weekdays = new Set(days.map((d) => d % 7));
  if (hours.length > 2) return { frequency: '6h' };
  if (hours.length === 2) return { frequency: '12h' };
  const timeOfDay = slotOfHour(hours[0]);
  if (weekdays.size === 1) return { frequency: '7d', timeOfDay, day: DAYS[[...weekdays][0]] };
  return { frequency: '1d', timeOfDay };
}

const BARE_FREQUENCIES: Record<string, Frequency> = { '1h': '6h', '6h': '6h', '12h': '12h', '24h': '1d', '1d': '1d', '7d': '7d' };

/**
 * Validates a schedule as clients send it — an object (missing timeOfDay → NIGHT, day → SUNDAY),
 * that object as JSON text, a bare frequency ("24h" → 1d, "1h" → 6h) or a cron string — and returns
 * its stored form. null/undefined → default.
 */
export function parseSchedule(input: unknown, field = 'schedule'): ScanSchedule {
  if (input === undefined || input === null) return DEFAULT_SCHEDULE;
  if (typeof input === 'string') {
    const text = input.trim();
    if (text.startsWith('{')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw badRequest(`${field}: is not valid JSON`, field);
      }
      return parseSchedule(parsed, field);
    }
    // Older Python SDKs sent a bare frequency (ScanTargetSchedule "1h" … "24h", "7d").
    const bare = BARE_FREQUENCIES[text.toLowerCase()];
    if (bare) return parseSchedule({ frequency: bare }, field);
    return scheduleFromCron(text, field);
  }
  if (typeof input !== 'object' || Array.isArray(input))
    throw badRequest(`${field}: must be an object {"frequency","timeOfDay","day"} or a cron string`, field);
  const raw = input as Record<string, unknown>;
  if (raw.frequency === undefined || raw.frequency === null)
    throw badRequest(`${field}.frequency: is required (one of ${FREQUENCIES.join(', ')})`, `${field}.frequency`);
  const wanted = typeof raw.frequency === 'string' ? raw.frequency.toLowerCase() : undefined;
  const frequency = FREQUENCIES.find((f) => f === wanted);
  if (!frequency) throw badRequest(`${field}.frequency: must be one of ${FREQUENCIES.join(', ')}`, `${field}.frequency`);
  const timeOfDay = pick(raw.timeOfDay ?? raw.time_of_day, TIMES_OF_DAY, 'NIGHT', `${field}.timeOfDay`);
  const day = pick(raw.day, DAYS, 'SUNDAY', `${field}.day`);
  if (frequency === '6h' || frequency === '12h') return { frequency };
  if (frequency === '1d') return { frequency, timeOfDay };
  return { frequency: '7d', timeOfDay, day };
}

/**
 * When the next scheduled scan of `schedule` is due: the first slot strictly after `from`.
 * `schedule` may be the stored JSON of a scan target (`scan_targets.schedule`) or anything
 * `parseSchedule` accepts. Pure and deterministic; the scheduler stores the result in `nextScanAt`.
 */
export function nextScanAt(schedule: unknown, from: Date): Date {
  const s = parseSchedule(schedule);
  const t = from.getTime();
  const dayStart = Math.floor(t / DAY_MS) * DAY_MS;
  switch (s.frequency) {
    case '6h':
    case '12h': {
      const step = (s.frequency === '6h' ? 6 : 12) * HOUR;
      return new Date(Math.floor(t / step) * step + step);
    }
    case '1d': {
      const today = dayStart + SLOT_HOUR[s.timeOfDay] * HOUR;
      return new Date(today > t ? today : today + DAY_MS);
    }
    case '7d': {
      const weekday = new Date(dayStart).getUTCDay();
      const candidate = dayStart + ((DAYS.indexOf(s.day) - weekday + 7) % 7) * DAY_MS + SLOT_HOUR[s.timeOfDay] * HOUR;
      return new Date(candidate > t ? candidate : candidate + 7 * DAY_MS);
    }
  }
}

/** The GraphQL names of the frequencies (ScanFrequency: an enum value cannot start with a digit). */
const FREQUENCY_NAMES = { '6h': 'EVERY_6_HOURS', '12h': 'EVERY_12_HOURS', '1d': 'DAILY', '7d': 'WEEKLY' } as const satisfies Record<Frequency, string>;
type FrequencyName = (typeof FREQUENCY_NAMES)[Frequency];
const FREQUENCY_OF_NAME = Object.fromEntries(Object.entries(FREQUENCY_NAMES).map(([f, n]) => [n, f])) as Record<FrequencyName, Frequency>;

/** A stored schedule as the graph's ScanSchedule shows it: `{frequency: DAILY, timeOfDay: NIGHT, day: null}`. */
export function scheduleView(stored: unknown) {
  const s = parseSchedule(stored);
  return { frequency: FREQUENCY_NAMES[s.frequency], timeOfDay: 'timeOfDay' in s ? s.timeOfDay : null, day: 'day' in s ? s.day : null };
}

/**
 * The schedule a mutation's input asks for: the typed `schedule` (ScanScheduleInput), or `scheduleJson`
 * in any form parseSchedule reads; undefined when neither is given (null/absent: unchanged or default).
 */
export function scheduleOfInput(input: {
  schedule?: { frequency: FrequencyName; timeOfDay?: TimeOfDay | null; day?: Day | null } | null;
  scheduleJson?: unknown;
}): ScanSchedule | undefined {
  if (input.schedule) return parseSchedule({ ...input.schedule, frequency: FREQUENCY_OF_NAME[input.schedule.frequency] });
  if (input.scheduleJson !== null && input.scheduleJson !== undefined) return parseSchedule(input.scheduleJson);
  return undefined;
}
