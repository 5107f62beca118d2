import { pointsFor } from '@rawnaq/contracts';
import { decideLoyalty, evolveLoyalty, initialLoyaltyState, type LoyaltyState } from './loyalty';

const given = (balance: number): LoyaltyState => ({ balance });
const apply = (state: LoyaltyState, command: Parameters<typeof decideLoyalty>[0]) =>
  decideLoyalty(command, state).reduce(evolveLoyalty, state);

describe('loyalty points', () => {
  it('earn a point per whole currency unit, never a fraction', () => {
    expect(pointsFor(20000, 2, 1)).toBe(200);
    expect(pointsFor(999, 2, 1)).toBe(9);
    expect(pointsFor(12_345, 3, 2)).toBe(24);
    expect(pointsFor(0, 2, 1)).toBe(0);
  });

  it('given points, when a credit note takes back more than is left: the balance stops at zero', () => {
    const earned = apply(initialLoyaltyState, {
      type: 'Earn',
      customerId: 'c',
      points: 120,
      invoiceId: 'i',
      invoiceNumber: 1,
    });
    expect(earned.balance).toBe(120);
    const [back] = decideLoyalty(
      { type: 'Reverse', customerId: 'c', points: 500, creditNoteId: 'n', creditNoteNumber: 1 },
      earned,
    );
    expect(back.data).toMatchObject({ points: 120, balance: 0 });
  });

  it('redeems from the minimum and within the balance', () => {
    const redeem = (points: number) => ({
      type: 'Redeem' as const,
      customerId: 'c',
      points,
      minPoints: 100,
      giftCardId: 'g',
      code: 'K7QM-2XPA-9DTR',
      value: points * 5,
    });
    expect(() => decideLoyalty(redeem(99), given(500))).toThrow(
      expect.objectContaining({ key: 'loyalty.below_minimum' }),
    );
    expect(() => decideLoyalty(redeem(501), given(500))).toThrow(
      expect.objectContaining({ key: 'loyalty.not_enough' }),
    );
    expect(apply(given(500), redeem(300)).balance).toBe(200);
  });

  it('is reset by an administrator only', () => {
    expect(() =>
      decideLoyalty({ type: 'Reset', customerId: 'c', reason: 'x', isAdmin: false }, given(50)),
    ).toThrow(expect.objectContaining({ key: 'loyalty.reset_admin_only', status: 403 }));
    expect(decideLoyalty({ type: 'Reset', customerId: 'c', reason: 'x', isAdmin: true }, given(50))).toEqual([
      { type: 'LoyaltyPointsReset', data: { customer_id: 'c', points: 50, reason: 'x', balance: 0 } },
    ]);
  });

  describe('an invoice cancelled', () => {
    const earn = (invoiceId: string, points: number) => ({
      type: 'Earn' as const,
      customerId: 'c',
      points,
      invoiceId,
      invoiceNumber: invoiceId === 'i1' ? 1 : 2,
    });
    const cancel = (invoiceId: string) => ({
      type: 'CancelInvoicePoints' as const,
      customerId: 'c',
      invoiceId,
      invoiceNumber: invoiceId === 'i1' ? 1 : 2,
    });

    it('given two invoices that earned points, when one is cancelled: its points only are taken back', () => {
      const given = [earn('i1', 40), earn('i2', 25)].reduce(apply, initialLoyaltyState);
      const events = decideLoyalty(cancel('i1'), given);
      expect(events).toEqual([
        {
          type: 'LoyaltyPointsCancelled',
          data: { customer_id: 'c', points: 40, invoice_id: 'i1', invoice_number: 1, balance: 25 },
        },
      ]);
      // and never twice
      expect(decideLoyalty(cancel('i1'), events.reduce(evolveLoyalty, given))).toEqual([]);
    });

    it('given its points already turned into a voucher, when it is cancelled: the balance stops at zero', () => {
      const given = apply(apply(initialLoyaltyState, earn('i1', 150)), {
        type: 'Redeem',
        customerId: 'c',
        points: 120,
        minPoints: 100,
        giftCardId: 'g',
        code: 'K7QM-2XPA-9DTR',
        value: 600,
      });
      const [back] = decideLoyalty(cancel('i1'), given);
      expect(back.data).toMatchObject({ points: 30, balance: 0 });
    });

    it('given an invoice that earned nothing, when it is cancelled: nothing is recorded', () => {
      expect(decideLoyalty(cancel('i2'), apply(initialLoyaltyState, earn('i1', 10)))).toEqual([]);
    });
  });

  it('given points earned on an invoice, when the customer is merged into another, then the points move with what the invoice earned, and its cancelling takes them back there', () => {
    const merged = apply(initialLoyaltyState, {
      type: 'Earn',
      customerId: 'm',
      points: 80,
      invoiceId: 'inv-m',
      invoiceNumber: 7,
    });
    const out = decideLoyalty({ type: 'MoveOut', customerId: 'm', toCustomerId: 'k' }, merged);
    expect(out).toEqual([
      {
        type: 'LoyaltyPointsMovedOut',
        data: { customer_id: 'm', to_customer_id: 'k', points: 80, balance: 0 },
      },
    ]);
    expect(out.reduce(evolveLoyalty, merged)).toEqual({ balance: 0, earnedOn: {} });
    let kept = apply(given(20), {
      type: 'MoveIn',
      customerId: 'k',
      fromCustomerId: 'm',
      points: 80,
      earnedOn: merged.earnedOn ?? {},
    });
    expect(kept.balance).toBe(100);
    kept = apply(kept, {
      type: 'CancelInvoicePoints',
      customerId: 'k',
      invoiceId: 'inv-m',
      invoiceNumber: 7,
    });
    expect(kept.balance).toBe(20);
    expect(
      decideLoyalty({ type: 'MoveOut', customerId: 'm', toCustomerId: 'k' }, initialLoyaltyState),
    ).toEqual([]);
  });
});
