import { DomainError, PaymentMethod, type InvoiceEvent, type InvoiceIssued } from '@rawnaq/contracts';
import { evolveInvoice, initialInvoiceState } from './invoice';
import { decideCancelInvoice, type CancelInvoice } from './invoice-cancel';

const line = (over: Partial<InvoiceIssued['data']['lines'][number]> = {}) => ({
  line_id: 'l1',
  kind: 'service' as const,
  item_id: 's1',
  name_en: 'Haircut',
  name_ar: 'قص الشعر',
  employee_id: null,
  quantity: 1,
  unit_price: 10000,
  discount: 0,
  net: 10000,
  vat_category: 'O' as const,
  vat_rate_bp: 0,
  vat: 0,
  total: 10000,
  ...over,
});
const issued = (over: Partial<InvoiceIssued['data']> = {}): InvoiceEvent => ({
  type: 'InvoiceIssued',
  data: {
    invoice_id: 'i1',
    number: 7,
    unique_id: 'u1',
    issued_at: '2026-11-20T09:00:00.000Z',
    business_date: '2026-11-20',
    currency: 'AED',
    seller: { name_en: 'Salon', name_ar: 'صالون', vat_number: null },
    customer_id: 'c1',
    customer_name: 'Huda',
    appointment_id: 'a1',
    cashier_id: 'u1',
    lines: [line()],
    subtotals: [],
    gross: 10000,
    discount: 0,
    net: 10000,
    vat: 0,
    total: 10000,
    payments: [{ payment_id: 'p1', method: PaymentMethod.cash, amount: 10000 }],
    paid: 10000,
    owed: 0,
    einvoicing: 'not_applicable',
    ...over,
  },
});
const cancel: CancelInvoice = {
  type: 'CancelInvoice',
  at: '2026-11-25T10:00:00.000Z',
  by: 'u2',
  reason: 'Wrong customer',
};
const cancelled: InvoiceEvent = {
  type: 'InvoiceCancelled',
  data: {
    invoice_id: 'i1',
    invoice_number: 7,
    business_date: '2026-11-20',
    cancelled_at: cancel.at,
    cancelled_by: 'u2',
    reason: 'Wrong customer',
    appointment_id: 'a1',
    // the customer's invoice count, type and loyalty points lose it
    customer_id: 'c1',
    gross: 10000,
    discount: 0,
    net: 10000,
    vat: 0,
    total: 10000,
    paid: 10000,
    owed: 0,
    payments: [{ payment_id: 'p1', method: PaymentMethod.cash, amount: 10000 }],
  },
};

/** given past events, when cancelling, then new events (or a refusal) */
const given = (...events: InvoiceEvent[]) => {
  const run = () => decideCancelInvoice(cancel, events.reduce(evolveInvoice, initialInvoiceState));
  return {
    then: (expected: InvoiceEvent[]) => expect(run()).toEqual(expected),
    thenRejects: (key: string, status: number) => {
      let error: unknown;
      try {
        run();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ key, status });
    },
  };
};

describe('cancelling an issued invoice (doc2 §8.2)', () => {
  it('cancels an invoice of services without VAT, with its payments, for the day it was issued', () =>
    given(issued()).then([cancelled]));

  it('refuses an invoice with VAT: the way out is a credit note', () =>
    given(issued({ vat: 1500, total: 11500 })).thenRejects('sales.cannot_cancel_invoice', 422));

  it('refuses an invoice that sold a product', () =>
    given(issued({ lines: [line(), line({ line_id: 'l2', kind: 'product' })] })).thenRejects(
      'sales.cannot_cancel_invoice',
      422,
    ));

  it('refuses an invoice that sold a gift card', () =>
    given(issued({ lines: [line({ kind: 'gift_card' as never })] })).thenRejects(
      'sales.cannot_cancel_invoice',
      422,
    ));

  it('refuses an invoice with a credit note on it', () =>
    given(issued(), {
      type: 'InvoiceCredited',
      data: {
        invoice_id: 'i1',
        credit_note_id: 'n1',
        credit_note_number: 1,
        lines: [{ line_id: 'l1', quantity: 1, net: 10000 }],
        total: 10000,
      },
    }).thenRejects('sales.cancel_after_credit', 422));

  it('refuses an invoice that spent a gift card, the wallet or a discount code, or was paid later', () => {
    given(issued({ redeemed: 5000 })).thenRejects('sales.cancel_with_instruments', 422);
    given(
      issued({ payments: [{ payment_id: 'p1', method: PaymentMethod.wallet, amount: 10000 }] }),
    ).thenRejects('sales.cancel_with_instruments', 422);
    given(issued({ discount_code: { discount_code_id: 'd1', code: 'EID', amount: 500 } })).thenRejects(
      'sales.cancel_with_instruments',
      422,
    );
    expect(() =>
      decideCancelInvoice(
        { ...cancel, paidLater: true },
        [issued()].reduce(evolveInvoice, initialInvoiceState),
      ),
    ).toThrow(expect.objectContaining({ key: 'sales.cancel_with_instruments' }));
  });

  it('refuses to cancel twice', () =>
    given(issued(), cancelled).thenRejects('sales.invoice_already_cancelled', 409));

  it('refuses an invoice that does not exist', () => given().thenRejects('not_found.invoice', 404));
});
