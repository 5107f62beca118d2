import type { BusinessDate } from '@rawnaq/contracts';
import { dayPeriod, dayPresetOf, monthPeriod } from './period';

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
