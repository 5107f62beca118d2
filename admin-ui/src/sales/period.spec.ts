import type { BusinessDate } from '@rawnaq/contracts';
import {
  DAY_PRESETS,
  beforeEarliest,
  dayPeriod,
  dayPresetOf,
  earliestDay,
  monthPeriod,
  typedDateText,
} from './period';

const today = '2026-03-01' as BusinessDate;

describe('the sales screens’ periods', () => {
  it('reads today, yesterday and the months in the salon’s calendar, across a month’s end', () => {
    expect(dayPeriod('today', today)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(dayPeriod('yesterday', today)).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(dayPeriod('this_month', today)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(dayPeriod('last_month', today)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(dayPeriod('last_month', '2024-03-15' as BusinessDate)).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    });
    expect(dayPeriod('custom', today)).toBeNull();
  });

  it('gives the monthly report months, last month across a year’s end', () => {
    const january = '2026-01-10' as BusinessDate;
    expect(monthPeriod('this_month', january)).toEqual({ from: '2026-01', to: '2026-01' });
    expect(monthPeriod('last_month', january)).toEqual({ from: '2025-12', to: '2025-12' });
    expect(monthPeriod('this_year', january)).toEqual({ from: '2026-01', to: '2026-01' });
    expect(monthPeriod('last_year', january)).toEqual({ from: '2025-01', to: '2025-12' });
  });

  it('names the preset of a period, custom when it is none of them', () => {
    expect(dayPresetOf({ from: '2026-02-28', to: '2026-02-28' }, today)).toBe('yesterday');
    expect(dayPresetOf({ from: '2026-02-02', to: '2026-02-28' }, today)).toBe('custom');
  });
});

describe('the presets of the spec', () => {
  // a Wednesday in the middle of the second quarter
  const may = '2026-05-13' as BusinessDate;

  it('reads the week from Sunday, the quarter and the last quarter whole, the rolling months to today', () => {
    expect(dayPeriod('this_week', may)).toEqual({ from: '2026-05-10', to: '2026-05-13' });
    expect(dayPeriod('this_week', '2026-05-10' as BusinessDate)).toEqual({
      from: '2026-05-10',
      to: '2026-05-10',
    });
    expect(dayPeriod('this_quarter', may)).toEqual({ from: '2026-04-01', to: '2026-05-13' });
    expect(dayPeriod('last_quarter', may)).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(dayPeriod('last_quarter', '2026-02-10' as BusinessDate)).toEqual({
      from: '2025-10-01',
      to: '2025-12-31',
    });
    expect(dayPeriod('last_3_months', may)).toEqual({ from: '2026-02-14', to: '2026-05-13' });
    expect(dayPeriod('last_12_months', may)).toEqual({ from: '2025-05-14', to: '2026-05-13' });
    expect(dayPeriod('this_year', may)).toEqual({ from: '2026-01-01', to: '2026-05-13' });
  });

  it('gives monthly reports the months of each preset', () => {
    expect(monthPeriod('this_quarter', may)).toEqual({ from: '2026-04', to: '2026-05' });
    expect(monthPeriod('last_quarter', may)).toEqual({ from: '2026-01', to: '2026-03' });
    expect(monthPeriod('last_3_months', may)).toEqual({ from: '2026-03', to: '2026-05' });
    expect(monthPeriod('last_12_months', may)).toEqual({ from: '2025-06', to: '2026-05' });
    expect(monthPeriod('custom', may)).toBeNull();
  });

  it('never reaches further back than the 400 days a range picker offers', () => {
    for (const preset of ['last_12_months', 'last_quarter', 'this_year'] as const)
      expect(dayPeriod(preset, may)!.from >= '2025-04-08').toBe(true);
  });
});

describe("a range picker's earliest day", () => {
  it('is 400 days back in the salon’s calendar, across a leap day', () => {
    expect(earliestDay('2026-05-13' as BusinessDate)).toBe('2025-04-08');
    expect(earliestDay('2025-02-03' as BusinessDate)).toBe('2023-12-31');
    expect(earliestDay('2024-03-31' as BusinessDate)).toBe('2023-02-25');
  });

  it('leaves the earliest day itself and later ones to the picker, earlier ones to the archive', () => {
    const may = '2026-05-13' as BusinessDate;
    expect(beforeEarliest('2025-04-08', may)).toBe(false);
    expect(beforeEarliest('2025-04-07', may)).toBe(true);
    expect(beforeEarliest('2019-01-01', may)).toBe(true);
    expect(beforeEarliest('2026-05-13', may)).toBe(false);
  });

  it('does not judge what is not a whole date yet (empty, being typed)', () => {
    const may = '2026-05-13' as BusinessDate;
    for (const value of ['', '2019', '2019-01', null, undefined, 20190101])
      expect(beforeEarliest(value, may)).toBe(false);
  });

  it('takes every preset of the spec, which never needs the archive', () => {
    for (const today of ['2026-05-13', '2026-01-01', '2024-02-29', '2026-12-31'] as BusinessDate[])
      for (const preset of DAY_PRESETS) {
        const range = dayPeriod(preset, today);
        if (range)
          expect([beforeEarliest(range.from, today), beforeEarliest(range.to, today)]).toEqual([
            false,
            false,
          ]);
      }
  });
});

describe("a range picker's earliest day after the salon's archive date", () => {
  it('starts the day after the archive date when that is later than 400 days back', () => {
    expect(earliestDay('2026-05-13' as BusinessDate, '2025-12-31')).toBe('2026-01-01');
    expect(beforeEarliest('2025-12-31', '2026-05-13' as BusinessDate, '2025-12-31')).toBe(true);
    expect(beforeEarliest('2026-01-01', '2026-05-13' as BusinessDate, '2025-12-31')).toBe(false);
  });

  it('keeps 400 days back when the archive date is older, or there is none', () => {
    expect(earliestDay('2026-05-13' as BusinessDate, '2020-01-01')).toBe('2025-04-08');
    expect(earliestDay('2026-05-13' as BusinessDate, null)).toBe('2025-04-08');
  });
});

describe('a typed date, month or time', () => {
  it('given the digits alone (a phone number pad has no - or :), gets its separators', () => {
    expect(typedDateText('20261201', 'day')).toBe('2026-12-01');
    expect(typedDateText('202612', 'month')).toBe('2026-12');
    expect(typedDateText('1430', 'time')).toBe('14:30');
  });

  it('given Arabic-Indic digits, with or without separators, keeps ASCII ones', () => {
    expect(typedDateText('٢٠٢٦-١٢-٠١', 'day')).toBe('2026-12-01');
    expect(typedDateText('٢٠٢٦١٢٠١', 'day')).toBe('2026-12-01');
    expect(typedDateText('۲۰۲۶۱۲', 'month')).toBe('2026-12');
    expect(typedDateText('١٤٣٠', 'time')).toBe('14:30');
  });

  it('leaves what is still being typed, or is no date, as typed for its field to refuse', () => {
    expect(typedDateText('2026120', 'day')).toBe('2026120');
    expect(typedDateText(' 2026-12-01 ', 'day')).toBe('2026-12-01');
    expect(typedDateText('20261201', 'month')).toBe('20261201');
    expect(typedDateText('2026/12/01', 'day')).toBe('2026/12/01');
    expect(typedDateText('143', 'time')).toBe('143');
  });
});
