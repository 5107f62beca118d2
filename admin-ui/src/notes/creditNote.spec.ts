import { PaymentMethod } from '@rawnaq/contracts';
import type { Invoice } from '../sales/types';
import { creditBody, creditPreview, remainingOf, type CreditForm } from './creditNote';

const invoice = {
  id: 'i1',
  number: 9,
  business_date: '2026-11-20',
  einvoicing: 'not_applicable',
  state: 'paid',
  owed: 0,
  currency: 'AED',
  lines: [
    {
      line_id: 'l1',
      kind: 'service',
      quantity: 1,
      net: 12000,
      vat_category: 'S',
      vat_rate_bp: 500,
      vat: 600,
    },
    { line_id: 'l2', kind: 'product', quantity: 3, net: 9999, vat_category: 'S', vat_rate_bp: 500, vat: 500 },
  ],
  // 219.99 at 5 %: 10.9995, rounded once
  subtotals: [{ category: 'S', rateBp: 500, taxable: 21999, vat: 1100 }],
} as unknown as Invoice;
const form = (over: Partial<CreditForm> = {}): CreditForm => ({
  quantities: {},
  refunds: [{ key: 'r1', method: PaymentMethod.cash, amount: '', authorizationCode: '' }],
  reason: 'Returned',
  ...over,
});

describe('the credit-note form', () => {
  it('knows what remains of each line after the notes already issued', () => {
    const note = {
      lines: [{ line_id: 'l2', quantity: 1, net: 3333, vat: 167 }],
      subtotals: [{ category: 'S', rateBp: 500, taxable: 3333, vat: 167 }],
    } as never;
    expect(remainingOf(invoice, [note])).toEqual({
      lines: { l1: { quantity: 1, net: 12000, vat: 600 }, l2: { quantity: 2, net: 6666, vat: 333 } },
      subtotals: { 'S|500': { taxable: 18666, vat: 933 } },
    });
  });

  it('prices one unit of a line as the server will: 33.33 + 5 % = 35.00, refunds equal to it', () => {
    const remaining = remainingOf(invoice, []);
    const preview = creditPreview(invoice, remaining, form({ quantities: { l2: '1' } }), 'AED');
    expect(preview.total).toBe(3500);
    expect(preview.problems).toEqual([
      { field: 'payments.0.amount', key: 'sales.payment_not_positive' },
      { field: 'payments', key: 'sales.refunds_must_equal_credit' },
    ]);
    const right = form({
      quantities: { l2: '1' },
      refunds: [{ key: 'r', method: PaymentMethod.cash, amount: '35', authorizationCode: '' }],
    });
    expect(creditPreview(invoice, remaining, right, 'AED').problems).toEqual([]);
    expect(creditBody(invoice, right, 'AED')).toEqual({
      lines: [{ line_id: 'l2', quantity: 1 }],
      reason: 'Returned',
      payments: [{ method: PaymentMethod.cash, amount: '35.00' }],
    });
  });

  it('never asks for more than remains, nor for nothing', () => {
    const remaining = remainingOf(invoice, [{ lines: [{ line_id: 'l2', quantity: 2, net: 6666 }] } as never]);
    expect(creditPreview(invoice, remaining, form({ quantities: { l2: '2' } }), 'AED').problems[0]).toEqual({
      field: 'quantity.l2',
      key: 'sales.credit_above_remaining',
      params: { quantity: 1 },
    });
    expect(creditPreview(invoice, remaining, form(), 'AED').problems[0]).toEqual({
      field: 'lines',
      key: 'sales.nothing_to_credit',
    });
  });
});
