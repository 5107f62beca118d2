import { floatingDate, floatingNowQuarter, floatingTime, fromFloating, toFloating } from './calendarTime';

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
