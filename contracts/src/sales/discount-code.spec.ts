import fc from 'fast-check';
import { codeDiscounts, codeRefusal, normalizeDiscountCode, type DiscountCodeDetails } from './discount-code';

const details = (over: Partial<DiscountCodeDetails> = {}): DiscountCodeDetails => ({
  code: 'WELCOME10',
  category: 1,
  service_ids: [],
  product_ids: [],
  kind: 'percent',
  value: 1000,
  valid_from: '2026-11-01',
  valid_to: '2026-11-30',
  single_use: false,
  active: true,
  ...over,
});
const service = (itemId: string, amount: number) => ({ kind: 'service' as const, itemId, amount });
const product = (itemId: string, amount: number) => ({ kind: 'product' as const, itemId, amount });

describe('a discount code', () => {
  it('takes its percentage off each line it reaches, rounded half up per line', () => {
    expect(codeDiscounts(details(), [service('cut', 10005), product('oil', 3333)])).toEqual([1001, 333]);
    // all services: the product is not reached
    expect(codeDiscounts(details({ category: 2 }), [service('cut', 10000), product('oil', 3333)])).toEqual([
      1000, 0,
    ]);
    // selected products only
    expect(
      codeDiscounts(details({ category: 6, product_ids: ['oil'] }), [
        product('gel', 500),
        product('oil', 3333),
      ]),
    ).toEqual([0, 333]);
    // a gift card is never discounted
    expect(codeDiscounts(details(), [{ kind: 'gift_card', itemId: 'g', amount: 10000 }])).toEqual([0]);
  });

  it('spreads an amount over the lines it reaches, never more than they come to', () => {
    const amount = details({
      kind: 'amount',
      value: 5000,
      category: 4,
      service_ids: ['cut'],
      product_ids: ['oil'],
    });
    expect(
      codeDiscounts(amount, [service('cut', 6000), product('oil', 2000), service('nails', 9000)]),
    ).toEqual([3750, 1250, 0]);
    expect(codeDiscounts(amount, [service('cut', 3000), product('oil', 1000)])).toEqual([3000, 1000]);
    expect(codeDiscounts(amount, [service('cut', 1200)])).toEqual([1200]);
    expect(codeDiscounts(amount, [service('nails', 1200)])).toEqual([0]);
  });

  it('for any basket, takes off at most each line and at most its amount', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 1_000_000 })), {
          minLength: 1,
          maxLength: 20,
        }),
        fc.boolean(),
        fc.integer({ min: 1, max: 2_000_000 }),
        (lines, percent, value) => {
          const basket = lines.map(([isService, amount], i) =>
            isService ? service(`s${i}`, amount) : product(`p${i}`, amount),
          );
          const code = details({
            kind: percent ? 'percent' : 'amount',
            value: percent ? value % 10_001 : value,
          });
          const off = codeDiscounts(code, basket);
          off.forEach((o, i) => {
            expect(o).toBeGreaterThanOrEqual(0);
            expect(o).toBeLessThanOrEqual(basket[i].amount);
          });
          const total = off.reduce((a, b) => a + b, 0);
          if (!percent)
            expect(total).toBe(
              Math.min(
                value,
                basket.reduce((a, l) => a + l.amount, 0),
              ),
            );
        },
      ),
    );
  });

  it('is used only while valid, switched on and (single use) not used yet', () => {
    expect(codeRefusal(undefined, '2026-11-15')).toBe('discount_codes.not_found');
    expect(codeRefusal({ details: details(), uses: 3 }, '2026-11-15')).toBeUndefined();
    expect(codeRefusal({ details: details(), uses: 0 }, '2026-10-31')).toBe('discount_codes.not_yet_valid');
    expect(codeRefusal({ details: details(), uses: 0 }, '2026-11-30')).toBeUndefined();
    expect(codeRefusal({ details: details(), uses: 0 }, '2026-12-01')).toBe('discount_codes.expired');
    expect(codeRefusal({ details: details({ active: false }), uses: 0 }, '2026-11-15')).toBe(
      'discount_codes.inactive',
    );
    expect(codeRefusal({ details: details({ single_use: true }), uses: 1 }, '2026-11-15')).toBe(
      'discount_codes.used',
    );
  });

  it('reads a typed code in capitals, or not at all', () => {
    expect(normalizeDiscountCode(' welcome-10 ')).toBe('WELCOME-10');
    expect(normalizeDiscountCode('ab')).toBeUndefined();
    expect(normalizeDiscountCode('-ABC')).toBeUndefined();
    expect(normalizeDiscountCode('كود')).toBeUndefined();
  });
});
