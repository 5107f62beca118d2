import {
  dateMessages,
  datePickerMinimum,
  DATE_PRESETS,
  datePresetLabelKey,
  isDateInRange,
  presetRange,
  presetRanges,
  rangePickerMinimum,
  REPORT_PERIODS,
  reportPeriodLabelKey,
  reportPeriodRange,
} from './index';

describe('preset ranges', () => {
  it('are computed on the salon day, which may already be next month in UTC terms', () => {
    // 21:30 UTC on 31 March is 00:30 on 1 April in Riyadh: a new month and a new quarter.
    const now = '2024-03-31T21:30:00Z';
    expect(presetRanges(now, 'Asia/Riyadh')).toEqual({
      today: { from: '2024-04-01', to: '2024-04-01' },
      yesterday: { from: '2024-03-31', to: '2024-03-31' },
      this_month: { from: '2024-04-01', to: '2024-04-30' },
      last_month: { from: '2024-03-01', to: '2024-03-31' },
      last_quarter: { from: '2024-01-01', to: '2024-03-31' },
      this_year: { from: '2024-01-01', to: '2024-12-31' },
    });
    expect(presetRange('this_month', '2024-03-31T20:59:00Z', 'Asia/Riyadh')).toEqual({
      from: '2024-03-01',
      to: '2024-03-31',
    });
  });

  it('cross the year boundary in Dubai', () => {
    const now = '2024-12-31T20:30:00Z'; // 00:30 on 1 January 2025 in Dubai
    expect(presetRange('today', now, 'Asia/Dubai')).toEqual({ from: '2025-01-01', to: '2025-01-01' });
    expect(presetRange('yesterday', now, 'Asia/Dubai')).toEqual({ from: '2024-12-31', to: '2024-12-31' });
    expect(presetRange('last_month', now, 'Asia/Dubai')).toEqual({ from: '2024-12-01', to: '2024-12-31' });
    expect(presetRange('last_quarter', now, 'Asia/Dubai')).toEqual({ from: '2024-10-01', to: '2024-12-31' });
    expect(presetRange('this_year', now, 'Asia/Dubai')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(presetRange('this_year', now, 'Asia/Kuwait')).toEqual({ from: '2024-01-01', to: '2024-12-31' });
  });

  it('go back into the previous year for last month and last quarter in January', () => {
    const now = '2024-01-15T10:00:00Z';
    expect(presetRange('last_month', now, 'Asia/Riyadh')).toEqual({ from: '2023-12-01', to: '2023-12-31' });
    expect(presetRange('last_quarter', now, 'Asia/Riyadh')).toEqual({ from: '2023-10-01', to: '2023-12-31' });
  });

  it('handle the 31st and leap February', () => {
    expect(presetRange('last_quarter', '2024-05-31T12:00:00Z', 'Asia/Muscat')).toEqual({
      from: '2024-01-01',
      to: '2024-03-31',
    });
    expect(presetRange('last_month', '2024-03-31T12:00:00Z', 'Asia/Muscat')).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    });
    expect(presetRange('last_quarter', '2024-12-31T12:00:00Z', 'Asia/Bahrain')).toEqual({
      from: '2024-07-01',
      to: '2024-09-30',
    });
    expect(presetRange('this_month', '2023-02-10T12:00:00Z', 'Asia/Bahrain')).toEqual({
      from: '2023-02-01',
      to: '2023-02-28',
    });
  });

  it('accept a clock for now', () => {
    const clock = { now: () => new Date('2024-05-14T22:30:00Z') };
    expect(presetRange('today', clock, 'Asia/Riyadh')).toEqual({ from: '2024-05-15', to: '2024-05-15' });
  });
});

describe('report periods', () => {
  const wednesday = '2024-05-15T09:00:00Z';

  it('give the current week from Sunday, or from the given first day', () => {
    expect(reportPeriodRange('week', wednesday, 'Asia/Riyadh')).toEqual({
      from: '2024-05-12',
      to: '2024-05-18',
    });
    expect(reportPeriodRange('week', wednesday, 'Asia/Riyadh', { weekStart: 6 })).toEqual({
      from: '2024-05-11',
      to: '2024-05-17',
    });
    expect(reportPeriodRange('week', wednesday, 'Asia/Dubai', { weekStart: 1 })).toEqual({
      from: '2024-05-13',
      to: '2024-05-19',
    });
    // Saturday 22:00 UTC is already Sunday in Riyadh: a new week starts.
    expect(reportPeriodRange('week', '2024-05-18T22:00:00Z', 'Asia/Riyadh')).toEqual({
      from: '2024-05-19',
      to: '2024-05-25',
    });
    expect(reportPeriodRange('week', '2024-12-31T09:00:00Z', 'Asia/Riyadh')).toEqual({
      from: '2024-12-29',
      to: '2025-01-04',
    });
  });

  it('give the current month, quarter and year', () => {
    expect(reportPeriodRange('month', wednesday, 'Asia/Riyadh')).toEqual({
      from: '2024-05-01',
      to: '2024-05-31',
    });
    expect(reportPeriodRange('quarter', wednesday, 'Asia/Riyadh')).toEqual({
      from: '2024-04-01',
      to: '2024-06-30',
    });
    expect(reportPeriodRange('quarter', '2024-05-31T09:00:00Z', 'Asia/Riyadh')).toEqual({
      from: '2024-04-01',
      to: '2024-06-30',
    });
    expect(reportPeriodRange('quarter', '2024-09-30T21:00:00Z', 'Asia/Riyadh')).toEqual({
      from: '2024-10-01',
      to: '2024-12-31',
    });
    expect(reportPeriodRange('year', wednesday, 'Asia/Riyadh')).toEqual({
      from: '2024-01-01',
      to: '2024-12-31',
    });
  });

  it('give the rolling last 3 and 12 months ending today', () => {
    expect(reportPeriodRange('last_3_months', wednesday, 'Asia/Riyadh')).toEqual({
      from: '2024-02-16',
      to: '2024-05-15',
    });
    expect(reportPeriodRange('last_3_months', '2024-05-31T09:00:00Z', 'Asia/Riyadh')).toEqual({
      from: '2024-03-01',
      to: '2024-05-31',
    });
    expect(reportPeriodRange('last_12_months', '2024-02-29T09:00:00Z', 'Asia/Riyadh')).toEqual({
      from: '2023-03-01',
      to: '2024-02-29',
    });
    expect(reportPeriodRange('last_12_months', wednesday, 'Asia/Riyadh')).toEqual({
      from: '2023-05-16',
      to: '2024-05-15',
    });
  });
});

describe('picker minimums', () => {
  it('start the range picker 400 days before the salon day', () => {
    expect(rangePickerMinimum('2024-05-15T09:00:00Z', 'Asia/Riyadh')).toBe('2023-04-11');
    expect(rangePickerMinimum('2024-03-31T21:30:00Z', 'Asia/Riyadh')).toBe('2023-02-26'); // salon day 1 April
  });

  it('start the single date picker one year before', () => {
    expect(datePickerMinimum('2024-05-15T09:00:00Z', 'Asia/Riyadh')).toBe('2023-05-15');
    expect(datePickerMinimum('2024-02-29T09:00:00Z', 'Asia/Riyadh')).toBe('2023-02-28');
  });
});

describe('ranges and labels', () => {
  it('tests membership inclusively', () => {
    const range = { from: '2024-05-01', to: '2024-05-31' };
    expect(isDateInRange('2024-05-01', range)).toBe(true);
    expect(isDateInRange('2024-05-31', range)).toBe(true);
    expect(isDateInRange('2024-06-01', range)).toBe(false);
    expect(isDateInRange('2024-04-30', range)).toBe(false);
  });

  it('label every preset and period in both languages', () => {
    const lookup = (tree: unknown, key: string): unknown =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree);
    for (const locale of ['en', 'ar'] as const) {
      for (const p of DATE_PRESETS)
        expect(lookup(dateMessages[locale], datePresetLabelKey(p))).toEqual(expect.any(String));
      for (const p of REPORT_PERIODS) {
        expect(lookup(dateMessages[locale], reportPeriodLabelKey(p))).toEqual(expect.any(String));
      }
    }
    expect(dateMessages.ar.dates.presets.today).toBe('اليوم');
  });
});
