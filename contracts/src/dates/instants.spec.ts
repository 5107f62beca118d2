import {
  addDays,
  addMonths,
  BusinessDateSchema,
  businessDate,
  businessTime,
  daysBetween,
  endOfBusinessDay,
  InstantSchema,
  instantAt,
  isBusinessDate,
  nowIso,
  resolveNow,
  startOfBusinessDay,
  TimeOfDaySchema,
  toInstant,
  today,
  type TenantTimeZone,
} from './index';
import { dayjs } from './dayjs';

describe('business dates across time zones', () => {
  it('puts 22:30 UTC on the next business day in Riyadh', () => {
    expect(businessDate('2024-05-14T22:30:00Z', 'Asia/Riyadh')).toBe('2024-05-15');
    expect(businessTime('2024-05-14T22:30:00Z', 'Asia/Riyadh')).toBe('01:30:00');
  });

  it('changes day at the zone midnight, not at UTC midnight', () => {
    expect(businessDate('2024-05-14T20:59:59.999Z', 'Asia/Riyadh')).toBe('2024-05-14');
    expect(businessDate('2024-05-14T21:00:00.000Z', 'Asia/Riyadh')).toBe('2024-05-15');
    expect(businessDate('2024-05-14T19:59:59.999Z', 'Asia/Dubai')).toBe('2024-05-14');
    expect(businessDate('2024-05-14T20:00:00.000Z', 'Asia/Dubai')).toBe('2024-05-15');
    expect(businessDate('2024-05-14T20:30:00Z', 'Asia/Muscat')).toBe('2024-05-15');
    expect(businessDate('2024-05-14T20:30:00Z', 'Asia/Kuwait')).toBe('2024-05-14');
    expect(businessDate('2024-05-14T20:30:00Z', 'Asia/Bahrain')).toBe('2024-05-14');
  });

  it('gives the UTC bounds of a business day', () => {
    expect(startOfBusinessDay('2024-05-15', 'Asia/Riyadh')).toBe('2024-05-14T21:00:00.000Z');
    expect(endOfBusinessDay('2024-05-15', 'Asia/Riyadh')).toBe('2024-05-15T20:59:59.999Z');
    expect(startOfBusinessDay('2024-05-15', 'Asia/Dubai')).toBe('2024-05-14T20:00:00.000Z');
    expect(endOfBusinessDay('2024-12-31', 'Asia/Muscat')).toBe('2024-12-31T19:59:59.999Z');
    expect(startOfBusinessDay('2025-01-01', 'Asia/Kuwait')).toBe('2024-12-31T21:00:00.000Z');
    expect(() => startOfBusinessDay('2024-02-30', 'Asia/Riyadh')).toThrow(RangeError);
  });

  it('turns a wall-clock date and time into an instant', () => {
    expect(instantAt('2024-05-15', '09:30', 'Asia/Muscat')).toBe('2024-05-15T05:30:00.000Z');
    expect(instantAt('2024-05-15', '01:30:00', 'Asia/Riyadh')).toBe('2024-05-14T22:30:00.000Z');
    expect(instantAt('2024-03-01', '00:15:00', 'Asia/Bahrain')).toBe('2024-02-29T21:15:00.000Z');
    expect(() => instantAt('2024-05-15', '24:00', 'Asia/Riyadh')).toThrow(RangeError);
  });
});

describe('instants', () => {
  it('normalises ISO text with a zone, dates and epoch milliseconds to UTC ISO', () => {
    expect(toInstant('2024-05-15T01:30:00+03:00')).toBe('2024-05-14T22:30:00.000Z');
    expect(toInstant('2024-05-15T01:30+0400')).toBe('2024-05-14T21:30:00.000Z');
    expect(toInstant('2024-05-14T22:30:00.123456Z')).toBe('2024-05-14T22:30:00.123Z');
    expect(toInstant(new Date(Date.UTC(2024, 4, 14, 22, 30)))).toBe('2024-05-14T22:30:00.000Z');
    expect(toInstant(0)).toBe('1970-01-01T00:00:00.000Z');
  });

  it('refuses text without a zone and impossible timestamps', () => {
    for (const bad of [
      '2024-05-15 10:00',
      '2024-05-15T10:00:00',
      '2024-04-31T10:00:00Z',
      '2024-05-15T24:00:00Z',
      '2024-05-15T10:60:00Z',
      'yesterday',
    ]) {
      expect(() => toInstant(bad)).toThrow(RangeError);
    }
    expect(() => toInstant(new Date('nope'))).toThrow(RangeError);
    expect(() => toInstant(1.5)).toThrow(RangeError);
  });

  it('takes now from a clock or an explicit instant', () => {
    const clock = { now: () => new Date('2024-05-14T22:30:00.000Z') };
    expect(nowIso(clock)).toBe('2024-05-14T22:30:00.000Z');
    expect(resolveNow(clock)).toBe('2024-05-14T22:30:00.000Z');
    expect(today(clock, 'Asia/Riyadh')).toBe('2024-05-15');
    expect(today('2024-05-14T22:30:00Z', 'Asia/Riyadh')).toBe('2024-05-15');
  });

  it('validates with schemas', () => {
    expect(InstantSchema.safeParse('2024-05-14T22:30:00.000Z').success).toBe(true);
    expect(InstantSchema.safeParse('2024-05-14T22:30:00+03:00').success).toBe(false);
    expect(BusinessDateSchema.safeParse('2024-02-29').success).toBe(true);
    expect(BusinessDateSchema.safeParse('2023-02-29').success).toBe(false);
    expect(BusinessDateSchema.safeParse('2024-5-1').success).toBe(false);
    expect(TimeOfDaySchema.safeParse('23:59:59').success).toBe(true);
    expect(TimeOfDaySchema.safeParse('24:00:00').success).toBe(false);
  });
});

describe('calendar arithmetic', () => {
  it('recognises valid dates only', () => {
    expect(isBusinessDate('2024-02-29')).toBe(true);
    expect(isBusinessDate('2023-02-29')).toBe(false);
    expect(isBusinessDate('2024-13-01')).toBe(false);
    expect(isBusinessDate(20240229)).toBe(false);
  });

  it('counts days between dates, signed', () => {
    expect(daysBetween('2024-01-01', '2024-03-01')).toBe(60); // leap year
    expect(daysBetween('2023-01-01', '2023-03-01')).toBe(59);
    expect(daysBetween('2024-05-15', '2024-05-15')).toBe(0);
    expect(daysBetween('2024-05-15', '2024-04-15')).toBe(-30);
    expect(daysBetween('2023-12-31', '2024-01-01')).toBe(1);
  });

  it('adds days and months across month, year and leap boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2024-05-15', 30)).toBe('2024-06-14');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(() => addDays('2024-05-15', 0.5)).toThrow(RangeError);
  });
});

describe('the wall clock kept per quarter hour', () => {
  // zones with summer time, half-hour changes and quarter-hour offsets, beside the Gulf's own
  const zones = [
    'Asia/Riyadh',
    'Asia/Dubai',
    'Europe/London',
    'America/New_York',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'Asia/Tehran',
  ] as unknown as TenantTimeZone[];

  it('reads the same date and time as the zone database, through every change of offset', () => {
    for (const tz of zones) {
      // the zone database as the platform's Intl reads it (one formatter a zone: dayjs's own zone plugin
      // built one a call, most of this test's time)
      const database = new Intl.DateTimeFormat('en-CA', {
        timeZone: tz,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
      const seen = new Set<number>();
      const wrong: string[] = [];
      // every 37 minutes through a year (every phase of the quarter hour, both hemispheres' changes)
      for (
        let t = Date.parse('2026-01-01T00:00:00Z');
        t < Date.parse('2027-01-01T00:00:00Z');
        t += 37 * 60_000
      ) {
        const p = Object.fromEntries(database.formatToParts(t).map((x) => [x.type, x.value]));
        const expected = `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
        seen.add((Date.parse(`${expected.replace(' ', 'T')}Z`) - t) / 60_000);
        const read = `${businessDate(t, tz)} ${businessTime(t, tz)}`;
        if (read !== expected) wrong.push(`${tz} ${new Date(t).toISOString()}: ${read}, not ${expected}`);
      }
      expect(wrong.slice(0, 5)).toEqual([]);
      if (['Europe/London', 'Australia/Lord_Howe'].includes(tz)) expect(seen.size).toBe(2);
      // and dayjs's zone plugin (which the rest of the product formats with) agrees, at each change
      for (const t of [Date.parse('2026-03-29T01:00:00Z'), Date.parse('2026-10-25T01:00:00Z')])
        expect(`${businessDate(t, tz)} ${businessTime(t, tz)}`).toBe(
          dayjs(t).tz(tz).format('YYYY-MM-DD HH:mm:ss'),
        );
    }
  });
});
