import fc from 'fast-check';
import { PaymentMethod, VatType } from '../coded-values/enumerations';
import { checkPayments } from './payments';
import { priceBasket, PricingError, type BasketLine } from './pricing';

const SAUDI = { vatEnabled: true, vatRateBp: 1500 };

describe('pricing a basket', () => {
  it('given lines at 15%, then VAT is worked out once over the document, each line showing its own', () => {
    const basket = priceBasket(
      [
        { unitPrice: 3333, quantity: 3, vatType: VatType.standard },
        { unitPrice: 1001, quantity: 1, vatType: VatType.standard },
        { unitPrice: 5, quantity: 1, vatType: VatType.standard },
      ],
      SAUDI,
    );
    expect(basket.lines.map((l) => [l.net, l.vat])).toEqual([
      [9999, 1500],
      [1001, 150],
      [5, 1],
    ]);
    expect(basket.subtotals).toEqual([{ category: 'S', rateBp: 1500, taxable: 11005, vat: 1651 }]);
    expect(basket).toMatchObject({ gross: 11005, discount: 0, net: 11005, vat: 1651, total: 12656 });
    // three lines of 0.05: each line's VAT rounds 0.0075 up to 0.01, the document's 0.0225 to 0.02
    const small = priceBasket(
      [1, 2, 3].map(() => ({ unitPrice: 5, quantity: 1, vatType: VatType.standard })),
      SAUDI,
    );
    expect(small.lines.map((l) => l.vat)).toEqual([1, 1, 1]);
    expect(small).toMatchObject({ net: 15, vat: 2, total: 17 });
  });

  it('given lines of every VAT type, then each category has its own subtotal, standard first', () => {
    const basket = priceBasket(
      [
        { unitPrice: 10000, quantity: 1, vatType: VatType.exempt },
        { unitPrice: 20000, quantity: 1, vatType: VatType.standard },
        { unitPrice: 3000, quantity: 2, vatType: VatType.zero_rated },
        { unitPrice: 500, quantity: 1, vatType: VatType.no_tax },
      ],
      SAUDI,
    );
    expect(basket.subtotals).toEqual([
      { category: 'S', rateBp: 1500, taxable: 20000, vat: 3000 },
      { category: 'Z', rateBp: 0, taxable: 6000, vat: 0 },
      { category: 'E', rateBp: 0, taxable: 10000, vat: 0 },
      { category: 'O', rateBp: 0, taxable: 500, vat: 0 },
    ]);
    expect(basket.total).toBe(39500);
  });

  it('given a salon without VAT, then everything is outside its scope', () => {
    const basket = priceBasket([{ unitPrice: 12000, quantity: 1, vatType: VatType.standard }], {
      vatEnabled: false,
      vatRateBp: 1500,
    });
    expect(basket.subtotals).toEqual([{ category: 'O', rateBp: 0, taxable: 12000, vat: 0 }]);
    expect(basket.total).toBe(12000);
  });

  it('given an invoice discount, then it is spread over the lines by their amounts and taken off before VAT', () => {
    const basket = priceBasket(
      [
        { unitPrice: 20000, quantity: 1, vatType: VatType.standard, discount: 2000 },
        { unitPrice: 6000, quantity: 1, vatType: VatType.standard },
      ],
      SAUDI,
      1000,
    );
    // own 20.00 off the first; 10.00 spread 18000:6000 -> 7.50 and 2.50
    expect(basket.lines.map((l) => [l.discount, l.net])).toEqual([
      [2750, 17250],
      [250, 5750],
    ]);
    expect(basket).toMatchObject({ gross: 26000, discount: 3000, net: 23000, vat: 3450, total: 26450 });
  });

  it('given a discount above what it is taken from, or a bad quantity or price, then it says which line', () => {
    const line: BasketLine = { unitPrice: 1000, quantity: 1, vatType: VatType.standard };
    const refusal = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof PricingError ? [e.key, e.line] : e;
      }
      return undefined;
    };
    expect(refusal(() => priceBasket([line, { ...line, discount: 1001 }], SAUDI))).toEqual([
      'sales.discount_above_amount',
      1,
    ]);
    expect(refusal(() => priceBasket([line], SAUDI, 1001))).toEqual([
      'sales.discount_above_amount',
      undefined,
    ]);
    expect(refusal(() => priceBasket([{ ...line, quantity: 0 }], SAUDI))).toEqual([
      'sales.invalid_quantity',
      0,
    ]);
    expect(refusal(() => priceBasket([{ ...line, quantity: 1.5 }], SAUDI))).toEqual([
      'sales.invalid_quantity',
      0,
    ]);
    expect(refusal(() => priceBasket([{ ...line, unitPrice: -1 }], SAUDI))).toEqual([
      'sales.invalid_price',
      0,
    ]);
  });

  const lineArb = fc.record({
    unitPrice: fc.integer({ min: 0, max: 5_000_000 }),
    quantity: fc.integer({ min: 1, max: 20 }),
    vatType: fc.constantFrom(VatType.standard, VatType.zero_rated, VatType.exempt, VatType.no_tax),
    discountShare: fc.integer({ min: 0, max: 100 }),
  });
  const basketArb = fc
    .tuple(
      fc.array(lineArb, { minLength: 1, maxLength: 12 }),
      fc.integer({ min: 0, max: 100 }),
      fc.boolean(),
      fc.constantFrom(1500, 500, 1000, 0, 1250),
    )
    .map(([raw, invoiceShare, vatEnabled, vatRateBp]) => {
      const lines: BasketLine[] = raw.map((l) => ({
        unitPrice: l.unitPrice,
        quantity: l.quantity,
        vatType: l.vatType,
        discount: Math.floor((l.unitPrice * l.quantity * l.discountShare) / 100),
      }));
      const afterOwn = lines.reduce((s, l) => s + l.unitPrice * l.quantity - (l.discount ?? 0), 0);
      return { lines, invoiceDiscount: Math.floor((afterOwn * invoiceShare) / 100), vatEnabled, vatRateBp };
    });

  it('for any basket: the lines add up to the totals, VAT is its categories, the total is net plus VAT', () => {
    fc.assert(
      fc.property(basketArb, ({ lines, invoiceDiscount, vatEnabled, vatRateBp }) => {
        const b = priceBasket(lines, { vatEnabled, vatRateBp }, invoiceDiscount);
        const sum = (f: (l: (typeof b.lines)[number]) => number) => b.lines.reduce((s, l) => s + f(l), 0);
        expect(sum((l) => l.gross)).toBe(b.gross);
        expect(sum((l) => l.discount)).toBe(b.discount);
        expect(sum((l) => l.net)).toBe(b.net);
        expect(b.gross - b.discount).toBe(b.net);
        // the invoice discount is spread exactly
        expect(b.discount).toBe(lines.reduce((s, l) => s + (l.discount ?? 0), 0) + invoiceDiscount);
        expect(b.subtotals.reduce((s, t) => s + t.taxable, 0)).toBe(b.net);
        expect(b.subtotals.reduce((s, t) => s + t.vat, 0)).toBe(b.vat);
        expect(b.total).toBe(b.net + b.vat);
        for (const l of b.lines) {
          expect(l.net).toBeGreaterThanOrEqual(0);
          expect(l.total).toBe(l.net + l.vat);
          if (l.category !== 'S') expect(l.vat).toBe(0);
        }
        // each category's VAT is its rate on its amount, rounded once; the lines' own VATs differ
        // from it by rounding only (half a minor unit per line at most)
        for (const t of b.subtotals) {
          expect(Math.abs(t.vat * 10_000 - t.taxable * t.rateBp)).toBeLessThanOrEqual(5_000);
          const own = b.lines
            .filter((l) => l.category === t.category && l.rateBp === t.rateBp)
            .reduce((s, l) => s + l.vat, 0);
          const count = b.lines.filter((l) => l.category === t.category && l.rateBp === t.rateBp).length;
          expect(Math.abs(own - t.vat)).toBeLessThanOrEqual(Math.ceil(count / 2) + 1);
        }
        if (!vatEnabled) expect(b.vat).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it('for any basket and any split of its total over payments: payments that add up are accepted', () => {
    fc.assert(
      fc.property(
        basketArb,
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 4 }),
        (basket, weights) => {
          const { total } = priceBasket(basket.lines, basket, basket.invoiceDiscount);
          fc.pre(total >= weights.length);
          const whole = weights.reduce((s, w) => s + w, 0);
          const amounts = weights.map((w) => Math.floor((total * w) / whole));
          amounts[0] += total - amounts.reduce((s, a) => s + a, 0);
          fc.pre(amounts.every((a) => a > 0));
          const payments = amounts.map((amount) => ({ method: PaymentMethod.cash, amount }));
          expect(checkPayments(payments, { due: total, walletBalance: 0, mayOwe: false })).toEqual({
            paid: total,
            owed: 0,
            problems: [],
          });
          // one minor unit less is refused unless the rest may stay owed; one more always is
          const less = [
            ...payments.slice(0, -1),
            { ...payments.at(-1)!, amount: payments.at(-1)!.amount - 1 },
          ];
          if (payments.at(-1)!.amount > 1) {
            expect(checkPayments(less, { due: total, walletBalance: 0, mayOwe: false }).problems).toEqual([
              { field: 'payments', key: 'sales.payments_below_total' },
            ]);
            expect(checkPayments(less, { due: total, walletBalance: 0, mayOwe: true })).toMatchObject({
              owed: 1,
              problems: [],
            });
          }
          const more = [...payments, { method: PaymentMethod.cash, amount: 1 }];
          expect(checkPayments(more, { due: total, walletBalance: 0, mayOwe: true }).problems).toEqual([
            { field: 'payments', key: 'sales.payments_above_total' },
          ]);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the till payment rules', () => {
  it('given a card payment without its authorization code, then that field is named', () => {
    const check = checkPayments(
      [
        { method: PaymentMethod.cash, amount: 5000 },
        { method: PaymentMethod.credit_card, amount: 5000, authorization_code: ' ' },
      ],
      { due: 10000, walletBalance: 0, mayOwe: false },
    );
    expect(check.problems).toEqual([
      { field: 'payments.1.authorization_code', key: 'sales.authorization_code_required' },
    ]);
  });

  it('given wallet payments above the balance, then the balance is named as the salon writes money', () => {
    const check = checkPayments(
      [
        { method: PaymentMethod.wallet, amount: 3000 },
        { method: PaymentMethod.wallet, amount: 3000 },
      ],
      { due: 6000, walletBalance: 5000, mayOwe: false, formatMoney: (m) => `SAR ${(m / 100).toFixed(2)}` },
    );
    expect(check.problems).toEqual([
      { field: 'payments.0.amount', key: 'sales.wallet_balance_low', params: { balance: 'SAR 50.00' } },
    ]);
  });

  it('given a zero or negative payment, then it is refused on its amount', () => {
    expect(
      checkPayments([{ method: PaymentMethod.cash, amount: 0 }], { due: 0, walletBalance: 0, mayOwe: false })
        .problems,
    ).toEqual([{ field: 'payments.0.amount', key: 'sales.payment_not_positive' }]);
  });
});
