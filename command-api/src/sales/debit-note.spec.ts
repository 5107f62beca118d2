import {
  DomainError,
  PaymentMethod,
  VatType,
  type DebitNoteEvent,
  type InvoiceEvent,
  type InvoiceIssued,
} from '@rawnaq/contracts';
import { decideDebitNote, evolveDebitNote, initialDebitNoteState, type IssueDebitNote } from './debit-note';
import { decideDebitNotePayment } from './receivables.commands';
import { evolveInvoice, initialInvoiceState } from './invoice';

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
    appointment_id: null,
    cashier_id: 'u1',
    lines: [],
    subtotals: [],
    gross: 10000,
    discount: 0,
    net: 10000,
    vat: 500,
    total: 10500,
    payments: [],
    paid: 10500,
    owed: 0,
    einvoicing: 'not_applicable',
    ...over,
  },
});
const command = (over: Partial<IssueDebitNote> = {}): IssueDebitNote => ({
  type: 'IssueDebitNote',
  debitNoteId: 'd1',
  number: 3,
  uniqueId: 'du1',
  issuedAt: '2026-11-25T10:00:00.000Z',
  businessDate: '2026-11-25' as never,
  currency: 'AED',
  cashierId: 'u2',
  reason: 'Extra colour',
  lines: [
    { lineId: 'dl1', description: 'Extra colour', amount: 3333, vatType: VatType.standard },
    { lineId: 'dl2', description: 'Exempt fee', amount: 1000, vatType: VatType.exempt },
  ],
  payments: [{ method: PaymentMethod.cash, amount: 2000 }],
  paymentIds: ['p1'],
  vat: { enabled: true, rateBp: 500 },
  ...over,
});

/** given past events of the invoice, when a debit note, then the note (or a refusal) */
const given = (...events: InvoiceEvent[]) => ({
  when: (c: IssueDebitNote) => {
    const run = () => decideDebitNote(c, events.reduce(evolveInvoice, initialInvoiceState));
    return {
      then: (check: (data: ReturnType<typeof decideDebitNote>[0]['data']) => void) => check(run()[0].data),
      thenRejects: (key: string, status: number, errors?: Record<string, string>) => {
        let error: unknown;
        try {
          run();
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(DomainError);
        expect(error).toMatchObject({ key, status, ...(errors && { errors }) });
      },
    };
  },
});

describe('debit notes (ZATCA 383)', () => {
  it('charges its lines with VAT per category over the note, its payments of source 2, the rest owed', () =>
    given(issued())
      .when(command())
      .then((d) => {
        // 33.33 at 5 % = 1.67 (1.6665 half up); the exempt 10.00 none: 45.00
        expect(d).toMatchObject({ number: 3, net: 4333, vat: 167, total: 4500, paid: 2000, owed: 2500 });
        expect(d.lines.map((l) => [l.vat_category, l.total])).toEqual([
          ['S', 3500],
          ['E', 1000],
        ]);
        expect(d.payments).toEqual([{ payment_id: 'p1', method: PaymentMethod.cash, amount: 2000 }]);
        expect(d).toMatchObject({
          invoice_id: 'i1',
          invoice_number: 7,
          customer_id: 'c1',
          einvoicing: 'not_applicable',
        });
      }));

  it('is refused on a Saudi invoice not yet reported to ZATCA (the rule shared with credit notes)', () =>
    given(issued({ einvoicing: 'not_reported' }))
      .when(command())
      .thenRejects('sales.not_reported_no_note', 422));

  it('is refused past 30 days', () =>
    given(issued({ business_date: '2026-10-01' }))
      .when(command())
      .thenRejects('sales.note_window_passed', 422));

  it('is refused on a cancelled invoice', () =>
    given(issued(), {
      type: 'InvoiceCancelled',
      data: {
        invoice_id: 'i1',
        invoice_number: 7,
        business_date: '2026-11-20',
        cancelled_at: '2026-11-21T00:00:00.000Z',
        cancelled_by: 'u1',
        reason: 'x',
        appointment_id: null,
        gross: 0,
        discount: 0,
        net: 0,
        vat: 0,
        total: 0,
        paid: 0,
        owed: 0,
        payments: [],
      },
    })
      .when(command())
      .thenRejects('sales.invoice_cancelled', 409));

  it('refuses a line of nothing and payments above its total, each on its field', () => {
    given(issued())
      .when(
        command({ lines: [{ lineId: 'x', description: 'Nothing', amount: 0, vatType: VatType.standard }] }),
      )
      .thenRejects('sales.debit_line_not_positive', 422, {
        'lines.0.amount': 'sales.debit_line_not_positive',
      });
    given(issued())
      .when(command({ payments: [{ method: PaymentMethod.cash, amount: 9999 }] }))
      .thenRejects('sales.payments_above_total', 422, { payments: 'sales.payments_above_total' });
  });

  it('is refused on an invoice that does not exist', () =>
    given().when(command()).thenRejects('not_found.invoice', 404));
});

describe('what a debit note left owed, paid later', () => {
  const note = (): DebitNoteEvent => ({
    type: 'DebitNoteIssued',
    data: decideDebitNote(
      command({
        lines: [{ lineId: 'dl1', description: 'Hair mask', amount: 2300, vatType: VatType.exempt }],
        payments: [{ method: PaymentMethod.cash, amount: 1000 }],
      }),
      evolveInvoice(initialInvoiceState, issued()),
    )[0].data,
  });
  const paid = (amount: number, paidSoFar: number, owed: number): DebitNoteEvent => ({
    type: 'DebitNotePaymentReceived',
    data: {
      debit_note_id: 'd1',
      debit_note_number: 3,
      invoice_id: 'i1',
      invoice_number: 7,
      payment: { payment_id: `p${paidSoFar}`, method: PaymentMethod.cash, amount },
      business_date: '2026-11-26',
      cashier_id: 'u2',
      paid: paidSoFar,
      owed,
    },
  });
  const when = (events: DebitNoteEvent[], method: PaymentMethod, amount: number, code?: string) => () =>
    decideDebitNotePayment(
      {
        payment: { payment_id: 'p9', method, amount, ...(code && { authorization_code: code }) },
        businessDate: '2026-11-27',
        cashierId: 'u3',
      },
      events.reduce(evolveDebitNote, initialDebitNoteState),
      String,
    );

  it('given 23.00 with 10.00 paid, when 13.00 comes in, then the note is paid in full, of its invoice', () => {
    expect(when([note()], PaymentMethod.cash, 1300)()).toEqual([
      {
        type: 'DebitNotePaymentReceived',
        data: {
          debit_note_id: 'd1',
          debit_note_number: 3,
          invoice_id: 'i1',
          invoice_number: 7,
          payment: { payment_id: 'p9', method: PaymentMethod.cash, amount: 1300 },
          business_date: '2026-11-27',
          cashier_id: 'u3',
          paid: 2300,
          owed: 0,
        },
      },
    ]);
  });

  it('given part paid later, then only what is still owed; nothing once settled', () => {
    expect(when([note(), paid(300, 1300, 1000)], PaymentMethod.cash, 1001)).toThrow(
      expect.objectContaining({ errors: { amount: 'receivables.above_owed' } }),
    );
    expect(when([note(), paid(1300, 2300, 0)], PaymentMethod.cash, 100)).toThrow(
      expect.objectContaining({ key: 'receivables.nothing_owed', status: 409 }),
    );
  });

  it('refuses a card payment without its code, the wallet (as the note itself does), and a note that does not exist', () => {
    expect(when([note()], PaymentMethod.credit_card, 100)).toThrow(
      expect.objectContaining({ errors: { authorization_code: 'sales.authorization_code_required' } }),
    );
    expect(when([note()], PaymentMethod.wallet, 100)).toThrow(
      expect.objectContaining({ errors: { amount: 'sales.wallet_balance_low' } }),
    );
    expect(when([], PaymentMethod.cash, 100)).toThrow(
      expect.objectContaining({ key: 'not_found.debit_note' }),
    );
  });
});
