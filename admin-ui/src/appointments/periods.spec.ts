import type { BusinessDate } from '@rawnaq/contracts';
import { presetRange } from './periods';

describe("the appointment reports' periods", () => {
  const wednesday = '2026-05-13' as BusinessDate;

  it('run a current week, month, quarter or year to its last day: the visits to come count too', () => {
    expect(presetRange('this_week', wednesday)).toEqual({ from: '2026-05-10', to: '2026-05-16' });
    expect(presetRange('this_month', wednesday)).toEqual({ from: '2026-05-01', to: '2026-05-31' });
    expect(presetRange('this_quarter', wednesday)).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(presetRange('this_year', wednesday)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(presetRange('this_quarter', '2026-12-02' as BusinessDate)).toEqual({
      from: '2026-10-01',
      to: '2026-12-31',
    });
  });

  it('take the past ones as the sales screens do, and nothing for dates of her own', () => {
    expect(presetRange('last_quarter', wednesday)).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(presetRange('yesterday', wednesday)).toEqual({ from: '2026-05-12', to: '2026-05-12' });
    expect(presetRange('custom', wednesday)).toEqual({});
  });
});
