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
