import { DomainError, VatType, type HeldInvoiceEvent, type InvoiceHeld } from '@rawnaq/contracts';
import {
  decideHeldInvoice,
  evolveHeldInvoice,
  initialHeldInvoiceState,
  type HeldInvoiceCommand,
} from './held-invoice';

const basket: InvoiceHeld['data'] = {
  held_invoice_id: 'h1',
  held_at: '2026-11-25T09:00:00.000Z',
  held_by: 'u1',
  business_date: '2026-11-25',
  currency: 'SAR',
  customer_id: 'c1',
  customer_name: 'Huda',
  appointment_id: null,
  lines: [
    {
      kind: 'service',
      item_id: 's1',
      name_en: 'Haircut',
      name_ar: 'قص الشعر',
      employee_id: 'e1',
      quantity: 1,
      unit_price: 10000,
      discount: 0,
      vat_type: VatType.standard,
    },
  ],
  discount: 0,
  total: 11500,
};
const held: HeldInvoiceEvent = { type: 'InvoiceHeld', data: basket };
const cancelled: HeldInvoiceEvent = {
  type: 'HeldInvoiceCancelled',
  data: { held_invoice_id: 'h1', cancelled_at: '2026-11-25T10:00:00.000Z', cancelled_by: 'u2' },
};
const issued: HeldInvoiceEvent = {
  type: 'HeldInvoiceIssued',
  data: {
    held_invoice_id: 'h1',
    invoice_id: 'i1',
    invoice_number: 42,
    issued_at: '2026-11-25T11:00:00.000Z',
    issued_by: 'u1',
  },
};
const cancel: HeldInvoiceCommand = {
  type: 'CancelHeldInvoice',
  heldInvoiceId: 'h1',
  at: '2026-11-25T10:00:00.000Z',
  by: 'u2',
};
const issue: HeldInvoiceCommand = {
  type: 'IssueHeldInvoice',
  heldInvoiceId: 'h1',
  invoiceId: 'i1',
  invoiceNumber: 42,
  at: '2026-11-25T11:00:00.000Z',
  by: 'u1',
};

/** given past events, when a command, then new events (or a refusal) */
const given = (...events: HeldInvoiceEvent[]) => ({
  when: (command: HeldInvoiceCommand) => {
    const run = () => decideHeldInvoice(command, events.reduce(evolveHeldInvoice, initialHeldInvoiceState));
    return {
      then: (expected: HeldInvoiceEvent[]) => expect(run()).toEqual(expected),
      thenRejects: (key: string, status: number, more: Partial<DomainError> = {}) => {
        let error: unknown;
        try {
          run();
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(DomainError);
        expect(error).toMatchObject({ key, status, ...more });
      },
    };
  },
});

describe('held invoices (doc1 §4: on hold → cancelled; issued from the till)', () => {
  it('holds a basket once', () => given().when({ type: 'HoldInvoice', basket }).then([held]));

  it('holding again with the same id (a retried request) adds nothing', () =>
    given(held).when({ type: 'HoldInvoice', basket }).then([]));

  it('cancels a basket on hold, with who and when', () => given(held).when(cancel).then([cancelled]));

  it('issues a basket on hold as an invoice, naming it', () => given(held).when(issue).then([issued]));

  it('refuses to cancel what does not exist', () =>
    given().when(cancel).thenRejects('not_found.held_invoice', 404));

  it('refuses to cancel twice', () =>
    given(held, cancelled).when(cancel).thenRejects('sales.held_invoice_cancelled', 409));

  it('refuses to issue a cancelled basket, on the field the till sent', () =>
    given(held, cancelled)
      .when(issue)
      .thenRejects('sales.held_invoice_cancelled', 409, {
        errors: { held_invoice_id: 'sales.held_invoice_cancelled' },
      }));

  it('refuses to issue a basket twice, naming the invoice it became', () =>
    given(held, issued)
      .when(issue)
      .thenRejects('sales.held_invoice_issued', 409, { params: { number: 42 } }));

  it('refuses to cancel an issued basket', () =>
    given(held, issued).when(cancel).thenRejects('sales.held_invoice_issued', 409));
});
