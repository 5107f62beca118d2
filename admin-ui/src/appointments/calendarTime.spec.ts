import {
  floatingDate,
  floatingNowQuarter,
  floatingTime,
  fromFloating,
  openingTimes,
  toFloating,
} from './calendarTime';

describe("the calendar's wall clock is the salon's", () => {
  it("shows an instant at the salon's time whatever the browser's zone", () => {
    const d = toFloating('2026-11-25T07:00:00.000Z', 'Asia/Riyadh');
    expect(floatingDate(d)).toBe('2026-11-25');
    expect(floatingTime(d)).toBe('10:00');
    expect(floatingTime(toFloating('2026-11-25T21:30:00.000Z', 'Asia/Riyadh'))).toBe('00:30');
    expect(floatingDate(toFloating('2026-11-25T21:30:00.000Z', 'Asia/Riyadh'))).toBe('2026-11-26');
  });

  it('turns a picked slot back into the same instant', () => {
    for (const instant of [
      '2026-11-25T07:00:00.000Z',
      '2026-11-25T20:45:00.000Z',
      '2026-03-01T00:15:00.000Z',
    ])
      expect(fromFloating(toFloating(instant, 'Asia/Dubai'), 'Asia/Dubai')).toBe(instant);
  });

  it('rounds now down to the quarter on the salon clock', () => {
    const now = Date.parse('2026-11-25T07:14:59.000Z');
    expect(floatingTime(floatingNowQuarter('Asia/Riyadh', now))).toBe('10:00');
    expect(floatingTime(floatingNowQuarter('Asia/Riyadh', now + 1000))).toBe('10:15');
  });
});

describe("the time pickers offer the salon's hours", () => {
  it('gives the quarters a visit can start at and a block can end at, from opening to closing', () => {
    const { starts, ends } = openingTimes(
      [
        // Thursday's hours past midnight on Friday's date, then Friday's own to midnight
        { from: '2026-11-26T21:00:00.000Z', to: '2026-11-26T23:00:00.000Z' },
        { from: '2026-11-27T19:00:00.000Z', to: '2026-11-27T21:00:00.000Z' },
      ],
      'Asia/Riyadh',
    );
    expect(starts).toEqual([
      ...['00:00', '00:15', '00:30', '00:45', '01:00', '01:15', '01:30', '01:45'],
      ...['22:00', '22:15', '22:30', '22:45', '23:00', '23:15', '23:30', '23:45'],
    ]);
    expect(ends.slice(0, 2)).toEqual(['00:15', '00:30']);
    expect(ends.slice(-2)).toEqual(['23:45', '00:00']);
    expect(openingTimes([], 'Asia/Riyadh')).toEqual({ starts: [], ends: [] });
  });
});
