import { allocate } from './index';

describe('allocate', () => {
  it('splits evenly with the remainder going to the first parts', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(101, [1, 1])).toEqual([51, 50]);
    expect(allocate(2, [1, 1, 1])).toEqual([1, 1, 0]);
  });

  it('splits in proportion with the largest remainders first', () => {
    expect(allocate(1000, [5000, 3000, 2000])).toEqual([500, 300, 200]);
    expect(allocate(100, [1, 2])).toEqual([33, 67]); // 33.33 and 66.67
    expect(allocate(1000, [3333, 3333, 3334])).toEqual([333, 333, 334]);
  });

  it('gives nothing to a zero weight', () => {
    expect(allocate(10, [0, 1, 0, 1])).toEqual([0, 5, 0, 5]);
    expect(allocate(3, [0, 1, 1])).toEqual([0, 2, 1]);
  });

  it('mirrors a negative total', () => {
    expect(allocate(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocate(0, [1, 2]).every((p) => Object.is(p, 0))).toBe(true);
  });

  it('always sums to the total and stays within one unit of the exact share', () => {
    let seed = 42;
    const random = (max: number) => {
      seed = (seed * 48271) % 2147483647; // MINSTD: products stay exact below 2^53
      return seed % max;
    };
    for (let round = 0; round < 3000; round += 1) {
      const weights = Array.from({ length: 1 + random(8) }, () => random(50000));
      if (!weights.some((w) => w > 0)) weights[0] = 1;
      const total = random(2000000) - 500000;
      const parts = allocate(total, weights);
      const weightSum = weights.reduce((a, b) => a + b, 0);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      parts.forEach((part, i) => expect(Math.abs(part - (total * weights[i]) / weightSum)).toBeLessThan(1));
    }
  });

  it('handles large totals exactly', () => {
    const parts = allocate(Number.MAX_SAFE_INTEGER, [1, 1, 1]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses bad weights', () => {
    expect(() => allocate(10, [])).toThrow(RangeError);
    expect(() => allocate(10, [0, 0])).toThrow(RangeError);
    expect(() => allocate(10, [-1, 2])).toThrow(RangeError);
    expect(() => allocate(10, [0.5, 1])).toThrow(RangeError);
    expect(() => allocate(10.5, [1])).toThrow(RangeError);
  });
});
