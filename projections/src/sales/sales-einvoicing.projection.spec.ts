import { publicDoc, SqliteReadStore } from '@rawnaq/platform';
import { projectBatch } from '../runner/project-batch';
import { physicalCollection } from '../runner/projection';
import { givenEvents, recorded, type TestEvent } from '../testing/given-events.test-support';
import { salesProjection } from './sales.projection';

/** A Saudi salon's invoice, as issued: `not_reported` in its event, as every one is. */
const invoice = (id: string, einvoicing = 'not_reported'): TestEvent => ({
  type: 'InvoiceIssued',
  stream: `invoice-t1.${id}`,
  data: {
    invoice_id: id,
    number: 1,
    business_date: '2026-11-21',
    issued_at: '2026-11-21T09:00:00.000Z',
    currency: 'SAR',
    customer_id: null,
    customer_name: null,
    cashier_id: 'u1',
    lines: [],
    subtotals: [],
    gross: 10000,
    discount: 0,
    net: 10000,
    vat: 1500,
    total: 11500,
    payments: [{ payment_id: `${id}-p1`, method: 1, amount: 11500 }],
    paid: 11500,
    owed: 0,
    einvoicing,
  },
});

const creditNote = (id: string, invoiceId: string): TestEvent => ({
  type: 'CreditNoteIssued',
  stream: `creditnote-t1.${id}`,
  data: {
    credit_note_id: id,
    number: 1,
    invoice_id: invoiceId,
    invoice_number: 1,
    business_date: '2026-11-22',
    issued_at: '2026-11-22T09:00:00.000Z',
    currency: 'SAR',
    customer_id: null,
    customer_name: null,
    cashier_id: 'u1',
    reason: 'r',
    lines: [],
    subtotals: [],
    net: 10000,
    vat: 1500,
    total: 11500,
    payments: [],
    einvoicing: 'not_reported',
  },
});

const debitNote = (id: string, invoiceId: string): TestEvent => ({
  type: 'DebitNoteIssued',
  stream: `debitnote-t1.${id}`,
  data: {
    debit_note_id: id,
    number: 1,
    invoice_id: invoiceId,
    invoice_number: 1,
    business_date: '2026-11-22',
    issued_at: '2026-11-22T09:00:00.000Z',
    currency: 'SAR',
    customer_id: null,
    customer_name: null,
    cashier_id: 'u1',
    reason: 'r',
    lines: [],
    subtotals: [],
    net: 2000,
    vat: 300,
    total: 2300,
    payments: [],
    paid: 0,
    owed: 2300,
    einvoicing: 'not_reported',
  },
});

const signed = (uuid: string, documentId: string, referenceType: 1 | 2 | 3): TestEvent => ({
  type: 'EInvoiceSigned',
  stream: 'einvoicechain-t1.d1',
  data: {
    device_id: 'd1',
    icv: 1,
    pih: 'seed',
    hash: 'H',
    uuid,
    reference_type: referenceType,
    document_id: documentId,
    document_number: '1',
    standard: referenceType === 3,
    xml: '<Invoice/>',
    qr: 'AQ==',
    issued_at: '2026-11-21T09:00:00.000Z',
  },
});

const answer = (uuid: string, type: string, data: Record<string, unknown> = {}): TestEvent => ({
  type,
  stream: `einvoice-t1.${uuid}`,
  data: { uuid, attempt: 1, http_status: 200, ...data },
});
const reported = (uuid: string, warnings: unknown[] = []) =>
  answer(uuid, 'EInvoiceAccepted', { status: 'REPORTED', warnings });

describe("sales projection: a document's e-invoicing follows its e-invoice (issue 24)", () => {
  it('given a Saudi invoice issued, it is not reported; signed, pending; reported with warnings, so it says', async () => {
    const issued = await givenEvents(salesProjection, [invoice('i1')]);
    expect((await issued.get('invoices', 'i1'))?.einvoicing).toBe('not_reported');

    const then = await givenEvents(salesProjection, [
      invoice('i1'),
      signed('u1', 'i1', 1),
      answer('u1', 'EInvoiceSubmissionFailed', { http_status: 503, retry_at: 'x', errors: [] }),
    ]);
    // "try later" leaves it on its way
    expect((await then.get('invoices', 'i1'))?.einvoicing).toBe('pending');

    const warned = await givenEvents(salesProjection, [
      invoice('i1'),
      signed('u1', 'i1', 1),
      reported('u1', [{ code: 'BR-KSA-98', message: 'late' }]),
    ]);
    expect(await warned.get('invoices', 'i1')).toMatchObject({
      einvoicing: 'reported_with_warnings',
      // the rest of the invoice is as issued
      number: 1,
      total: 11500,
      state: 'paid',
    });
  });

  it('given a credit note refused, it is rejected; "report now", pending; then reported', async () => {
    const base = [invoice('i1'), signed('u1', 'i1', 1), reported('u1'), creditNote('n1', 'i1')];
    const refused = await givenEvents(salesProjection, [
      ...base,
      signed('u2', 'n1', 2),
      answer('u2', 'EInvoiceRejected', { http_status: 400, errors: [], warnings: [] }),
    ]);
    expect((await refused.get('credit_notes', 'n1'))?.einvoicing).toBe('rejected');
    // the invoice keeps its own
    expect((await refused.get('invoices', 'i1'))?.einvoicing).toBe('reported');

    const asked = await givenEvents(salesProjection, [
      ...base,
      signed('u2', 'n1', 2),
      answer('u2', 'EInvoiceRejected', { http_status: 400, errors: [], warnings: [] }),
      answer('u2', 'EInvoiceResubmissionAsked'),
    ]);
    expect((await asked.get('credit_notes', 'n1'))?.einvoicing).toBe('pending');

    const then = await givenEvents(salesProjection, [
      ...base,
      signed('u2', 'n1', 2),
      answer('u2', 'EInvoiceRejected', { http_status: 400, errors: [], warnings: [] }),
      answer('u2', 'EInvoiceResubmissionAsked'),
      reported('u2'),
    ]);
    expect((await then.get('credit_notes', 'n1'))?.einvoicing).toBe('reported');
  });

  it('given a debit note of a business cleared, it is cleared', async () => {
    const then = await givenEvents(salesProjection, [
      invoice('i1'),
      signed('u1', 'i1', 1),
      reported('u1'),
      debitNote('d1', 'i1'),
      signed('u3', 'd1', 3),
      answer('u3', 'EInvoiceAccepted', { status: 'CLEARED', warnings: [] }),
    ]);
    expect((await then.get('debit_notes', 'd1'))?.einvoicing).toBe('cleared');
  });

  it('given an invoice outside Saudi Arabia, it stays not applicable; an answer for an unknown e-invoice changes nothing', async () => {
    const then = await givenEvents(salesProjection, [invoice('i2', 'not_applicable'), reported('u9')]);
    expect((await then.get('invoices', 'i2'))?.einvoicing).toBe('not_applicable');
    expect(await then.find('invoices')).toHaveLength(1);
  });

  it('given the sale, its signing, its report and a credit in one batch, the invoice ends reported and credited', async () => {
    const store = new SqliteReadStore({ file: ':memory:' });
    for (const c of salesProjection.collections)
      await store.ensureCollection({ ...c, name: physicalCollection(c.name, 1) });
    const credited: TestEvent = {
      type: 'InvoiceCredited',
      stream: 'invoice-t1.i1',
      data: { invoice_id: 'i1', credit_note_id: 'n1', lines: [], total: 11500 },
    };
    const batch = [invoice('i1'), signed('u1', 'i1', 1), reported('u1'), credited].map((e) => recorded(e));
    await store.applyChanges(
      await projectBatch(salesProjection, 1, batch, (c, ids) => store.getMany(c, ids)),
    );
    const doc = await store.get(physicalCollection('invoices', 1), 'i1');
    expect(doc && publicDoc(doc)).toMatchObject({ einvoicing: 'reported', credited: 11500 });
  });
});
