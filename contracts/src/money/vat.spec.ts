import { inclusiveFromExclusive, splitInclusive, vatOnExclusive } from './index';

describe('vatOnExclusive', () => {
  it('computes VAT on a net price, half up', () => {
    expect(vatOnExclusive(10000, 15)).toBe(1500);
    expect(vatOnExclusive(333, 15)).toBe(50); // 49.95
    expect(vatOnExclusive(330, 15)).toBe(50); // 49.5
    expect(vatOnExclusive(-330, 15)).toBe(-50); // a credit note mirrors its invoice
    expect(vatOnExclusive(10, 5)).toBe(1); // 0.5
    expect(vatOnExclusive(1000, 12.5)).toBe(125);
    expect(vatOnExclusive(1234, 0)).toBe(0);
    expect(vatOnExclusive(1001, 5)).toBe(50); // 50.05, 3-decimal currencies alike
  });

  it('refuses a negative rate', () => {
    expect(() => vatOnExclusive(100, -5)).toThrow(RangeError);
  });
});

describe('inclusiveFromExclusive', () => {
  it('adds the rounded VAT to the net', () => {
    expect(inclusiveFromExclusive(10000, 15)).toBe(11500);
    expect(inclusiveFromExclusive(333, 15)).toBe(383);
    expect(inclusiveFromExclusive(1000, '12.5')).toBe(1125);
  });
});

describe('splitInclusive', () => {
  it('splits a VAT-inclusive price', () => {
    expect(splitInclusive(11500, 15)).toEqual({ net: 10000, vat: 1500 });
    expect(splitInclusive(100, 15)).toEqual({ net: 87, vat: 13 }); // 86.956...
    expect(splitInclusive(105, 5)).toEqual({ net: 100, vat: 5 });
    expect(splitInclusive(1125, 12.5)).toEqual({ net: 1000, vat: 125 });
    expect(splitInclusive(0, 15)).toEqual({ net: 0, vat: 0 });
    expect(splitInclusive(-11500, 15)).toEqual({ net: -10000, vat: -1500 });
  });

  it('rounds the net half up at an exact half', () => {
    // With 15%, 5% or 12.5% the net is never an exact half (100 + rate has no factor 2 left); at 100% it is.
    expect(splitInclusive(3, 100)).toEqual({ net: 2, vat: 1 });
    expect(splitInclusive(-3, 100)).toEqual({ net: -2, vat: -1 });
  });

  it('sums back to the gross exactly and keeps the VAT within half a minor unit, for many amounts', () => {
    for (const rate of [15, 5, 12.5, '0.5', 10]) {
      const rateThousandths = Math.round(Number(rate) * 1000); // rate / 100 = rateThousandths / 100000
      for (let gross = -2000; gross <= 60000; gross += 1) {
        const { net, vat } = splitInclusive(gross, rate);
        if (!Number.isSafeInteger(net) || !Number.isSafeInteger(vat))
          throw new Error(`${gross}: not integers`);
        if (net + vat !== gross) throw new Error(`${gross} at ${rate}% split into ${net} + ${vat}`);
        // exact VAT is gross x r / (1 + r); compare both sides multiplied by (100000 + rateThousandths)
        const scale = 100000 + rateThousandths;
        if (2 * Math.abs(vat * scale - gross * rateThousandths) > scale) {
          throw new Error(`${gross} at ${rate}%: VAT ${vat} is more than half a unit off`);
        }
      }
    }
  });

  it('gives back the net of a price built by inclusiveFromExclusive at 15%, 5% and 12.5%', () => {
    for (const rate of [15, 5, 12.5]) {
      for (let net = 0; net <= 20000; net += 1) {
        const split = splitInclusive(inclusiveFromExclusive(net, rate), rate);
        if (split.net !== net) throw new Error(`net ${net} at ${rate}% came back as ${split.net}`);
      }
    }
  });
});
