import { DEFAULT_SCHEDULE, nextScanAt, parseSchedule, scheduleFromCron } from '../../../subgraphs/alerts/scan-targets/schedule';

const at = (iso: string) => new Date(iso);

describe('parseSchedule', () => {
  it('stores exactly the keys the Python SDK sends, with NIGHT and SUNDAY as defaults', () => {
    expect(parseSchedule(undefined)).toEqual(DEFAULT_SCHEDULE);
    expect(parseSchedule(null)).toEqual({ frequency: '1d', timeOfDay: 'NIGHT' });
    expect(parseSchedule({ frequency: '6h', timeOfDay: 'MORNING', day: 'MONDAY' })).toEqual({ frequency: '6h' });
    expect(parseSchedule({ frequency: '12h' })).toEqual({ frequency: '12h' });
    expect(parseSchedule({ frequency: '1d' })).toEqual({ frequency: '1d', timeOfDay: 'NIGHT' });
    expect(parseSchedule({ frequency: '1d', timeOfDay: 'EVENING', day: 'FRIDAY' })).toEqual({ frequency: '1d', timeOfDay: 'EVENING' });
    expect(parseSchedule({ frequency: '7d', timeOfDay: 'MORNING' })).toEqual({ frequency: '7d', timeOfDay: 'MORNING', day: 'SUNDAY' });
    expect(parseSchedule('{"frequency":"7d","timeOfDay":"AFTERNOON","day":"TUESDAY"}')).toEqual({ frequency: '7d', timeOfDay: 'AFTERNOON', day: 'TUESDAY' });
  });

  it('names the field at fault', () => {
    expect(() => parseSchedule({})).toThrow(/schedule\.frequency: is required/);
    expect(() => parseSchedule({ frequency: '2d' })).toThrow(/schedule\.frequency: must be one of 6h, 12h, 1d, 7d/);
    expect(() => parseSchedule({ frequency: '1d', timeOfDay: 'NOON' })).toThrow(/schedule\.timeOfDay: must be one of/);
    expect(() => parseSchedule({ frequency: '7d', day: 'FUNDAY' })).toThrow(/schedule\.day: must be one of/);
    expect(() => parseSchedule(42)).toThrow(/schedule: must be an object/);
    expect(() => parseSchedule('{broken')).toThrow(/schedule: is not valid JSON/);
  });
});

describe('cron schedules (Ruby SDK)', () => {
  it('maps daily, weekly and several-a-day crons to the nearest schedule', () => {
    expect(scheduleFromCron('0 0 * * *')).toEqual({ frequency: '1d', timeOfDay: 'NIGHT' });
    expect(scheduleFromCron('30 7 * * *')).toEqual({ frequency: '1d', timeOfDay: 'MORNING' });
    expect(scheduleFromCron('0 13 * * *')).toEqual({ frequency: '1d', timeOfDay: 'AFTERNOON' });
    expect(scheduleFromCron('0 19 * * *')).toEqual({ frequency: '1d', timeOfDay: 'EVENING' });
    expect(scheduleFromCron('0 23 * * *')).toEqual({ frequency: '1d', timeOfDay: 'NIGHT' });
    expect(scheduleFromCron('0 0 * * 0')).toEqual({ frequency: '7d', timeOfDay: 'NIGHT', day: 'SUNDAY' });
    expect(scheduleFromCron('0 0 * * 7')).toEqual({ frequency: '7d', timeOfDay: 'NIGHT', day: 'SUNDAY' });
    expect(scheduleFromCron('15 12 * * WED')).toEqual({ frequency: '7d', timeOfDay: 'AFTERNOON', day: 'WEDNESDAY' });
    expect(scheduleFromCron('0 6 * * 1-5')).toEqual({ frequency: '1d', timeOfDay: 'MORNING' });
    expect(scheduleFromCron('0 */6 * * *')).toEqual({ frequency: '6h' });
    expect(scheduleFromCron('0 * * * *')).toEqual({ frequency: '6h' });
    expect(scheduleFromCron('0 0,12 * * *')).toEqual({ frequency: '12h' });
    expect(scheduleFromCron('@daily')).toEqual({ frequency: '1d', timeOfDay: 'NIGHT' });
    expect(scheduleFromCron('@weekly')).toEqual({ frequency: '7d', timeOfDay: 'NIGHT', day: 'SUNDAY' });
    expect(parseSchedule('0 0 * * *')).toEqual({ frequency: '1d', timeOfDay: 'NIGHT' });
    expect(parseSchedule('24h')).toEqual({ frequency: '1d', timeOfDay: 'NIGHT' });
    expect(parseSchedule('12h')).toEqual({ frequency: '12h' });
    expect(parseSchedule('1h')).toEqual({ frequency: '6h' });
  });

  it('refuses crons it cannot map', () => {
    for (const cron of ['0 0 1 * *', '0 0 * 1 *', '0 25 * * *', '* * *', 'every day', '0 0 * * 9']) {
      expect(() => scheduleFromCron(cron)).toThrow(/schedule: .* is not a supported cron schedule/);
    }
  });
});

describe('nextScanAt', () => {
  it('runs 6h and 12h schedules at UTC slot boundaries, strictly after `from`', () => {
    expect(nextScanAt({ frequency: '6h' }, at('2026-03-04T05:59:59.999Z'))).toEqual(at('2026-03-04T06:00:00Z'));
    expect(nextScanAt({ frequency: '6h' }, at('2026-03-04T06:00:00Z'))).toEqual(at('2026-03-04T12:00:00Z'));
    expect(nextScanAt({ frequency: '6h' }, at('2026-03-04T19:10:00Z'))).toEqual(at('2026-03-05T00:00:00Z'));
    expect(nextScanAt({ frequency: '12h' }, at('2026-03-04T11:00:00Z'))).toEqual(at('2026-03-04T12:00:00Z'));
    expect(nextScanAt({ frequency: '12h' }, at('2026-03-04T12:00:00Z'))).toEqual(at('2026-03-05T00:00:00Z'));
  });

  it('runs daily schedules at the time-of-day slot (NIGHT 00, MORNING 06, AFTERNOON 12, EVENING 18 UTC)', () => {
    expect(nextScanAt({ frequency: '1d', timeOfDay: 'NIGHT' }, at('2026-03-04T10:00:00Z'))).toEqual(at('2026-03-05T00:00:00Z'));
    expect(nextScanAt({ frequency: '1d', timeOfDay: 'MORNING' }, at('2026-03-04T05:00:00Z'))).toEqual(at('2026-03-04T06:00:00Z'));
    expect(nextScanAt({ frequency: '1d', timeOfDay: 'MORNING' }, at('2026-03-04T06:00:00Z'))).toEqual(at('2026-03-05T06:00:00Z'));
    expect(nextScanAt({ frequency: '1d', timeOfDay: 'AFTERNOON' }, at('2026-03-04T11:59:00Z'))).toEqual(at('2026-03-04T12:00:00Z'));
    expect(nextScanAt({ frequency: '1d', timeOfDay: 'EVENING' }, at('2026-12-31T20:00:00Z'))).toEqual(at('2027-01-01T18:00:00Z'));
  });

  it('runs weekly schedules on the day at the slot', () => {
    // 2026-03-04 is a Wednesday.
    expect(nextScanAt({ frequency: '7d', timeOfDay: 'NIGHT', day: 'SUNDAY' }, at('2026-03-04T10:00:00Z'))).toEqual(at('2026-03-08T00:00:00Z'));
    expect(nextScanAt({ frequency: '7d', timeOfDay: 'EVENING', day: 'WEDNESDAY' }, at('2026-03-04T10:00:00Z'))).toEqual(at('2026-03-04T18:00:00Z'));
    expect(nextScanAt({ frequency: '7d', timeOfDay: 'EVENING', day: 'WEDNESDAY' }, at('2026-03-04T18:00:00Z'))).toEqual(at('2026-03-11T18:00:00Z'));
    expect(nextScanAt({ frequency: '7d', timeOfDay: 'MORNING', day: 'TUESDAY' }, at('2026-03-04T10:00:00Z'))).toEqual(at('2026-03-10T06:00:00Z'));
  });

  it('reads the stored JSON and cron strings alike', () => {
    expect(nextScanAt('0 0 * * *', at('2026-03-04T10:00:00Z'))).toEqual(at('2026-03-05T00:00:00Z'));
    expect(nextScanAt(null, at('2026-03-04T10:00:00Z'))).toEqual(at('2026-03-05T00:00:00Z'));
  });
});
