import { isQuarterAligned, MAX_SLOTS, quarterSlots, roundDownToQuarter, roundUpToQuarter } from './index';

describe('quarter-hour slots', () => {
  it('rounds now down to the quarter hour', () => {
    expect(roundDownToQuarter('2024-05-15T07:14:59.999Z')).toBe('2024-05-15T07:00:00.000Z');
    expect(roundDownToQuarter('2024-05-15T07:15:00.000Z')).toBe('2024-05-15T07:15:00.000Z');
    expect(roundDownToQuarter('2024-05-15T07:59:00Z')).toBe('2024-05-15T07:45:00.000Z');
    expect(roundDownToQuarter('2024-05-15T02:44:00+03:00')).toBe('2024-05-14T23:30:00.000Z');
    expect(roundDownToQuarter('1969-12-31T23:59:00Z')).toBe('1969-12-31T23:45:00.000Z');
  });

  it('rounds up to the next quarter when not aligned', () => {
    expect(roundUpToQuarter('2024-05-15T07:00:00.001Z')).toBe('2024-05-15T07:15:00.000Z');
    expect(roundUpToQuarter('2024-05-15T07:30:00Z')).toBe('2024-05-15T07:30:00.000Z');
  });

  it('tells whether an instant is on a quarter', () => {
    expect(isQuarterAligned('2024-05-15T07:45:00Z')).toBe(true);
    expect(isQuarterAligned('2024-05-15T07:45:01Z')).toBe(false);
    expect(isQuarterAligned('2024-05-15T07:40:00Z')).toBe(false);
  });

  it('lists the quarters from the first aligned one up to, not including, the end', () => {
    expect(quarterSlots('2024-05-15T06:00:00Z', '2024-05-15T07:00:00Z')).toEqual([
      '2024-05-15T06:00:00.000Z',
      '2024-05-15T06:15:00.000Z',
      '2024-05-15T06:30:00.000Z',
      '2024-05-15T06:45:00.000Z',
    ]);
    expect(quarterSlots('2024-05-15T06:05:00Z', '2024-05-15T06:46:00Z')).toEqual([
      '2024-05-15T06:15:00.000Z',
      '2024-05-15T06:30:00.000Z',
      '2024-05-15T06:45:00.000Z',
    ]);
    expect(quarterSlots('2024-05-15T07:00:00Z', '2024-05-15T06:00:00Z')).toEqual([]);
  });

  it('covers a business day of a salon in its zone', () => {
    const slots = quarterSlots('2024-05-15T09:00:00+03:00', '2024-05-15T23:00:00+03:00');
    expect(slots).toHaveLength(14 * 4);
    expect(slots[0]).toBe('2024-05-15T06:00:00.000Z');
    expect(slots.every(isQuarterAligned)).toBe(true);
  });

  it('refuses runaway ranges', () => {
    expect(() => quarterSlots('2020-01-01T00:00:00Z', '2024-01-01T00:00:00Z')).toThrow(RangeError);
    expect(MAX_SLOTS).toBe(35136);
  });
});
