import {
  einvoiceStateOf,
  type CreditNoteIssued,
  type DepositEvent,
  type DocumentEInvoicing,
  type EInvoiceSigned,
  type EInvoiceSubmissionEvent,
  type InvoiceEvent,
  type InvoiceIssued,
  type RecordedEvent,
  type WalletToppedUp,
  type DebitNoteIssued,
  type DebitNotePaymentReceived,
} from '@rawnaq/contracts';
import type { Change, Doc } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';

/** The figures a day or a month of sales adds up, kept as they happen (no report scans invoices). */
export type SalesFigures = {
  invoices: number;
  gross: number;
  discount: number;
  net: number;
  vat: number;
  total: number;
  paid: number;
  owed: number;
  /** payments by method code ('1' cash ...), minor units */
  by_method: Record<string, number>;
  /** credit notes issued that day, their total with VAT, and the refunds by method */
  credit_notes: number;
  credited: number;
  refunds_by_method: Record<string, number>;
  /** gift cards spent on the invoices (a prepaid amount: part of the total, not a payment) */
  redeemed: number;
  /** money paid into wallets that day, by method (not sales: spent on later invoices) */
  top_ups: number;
  top_ups_by_method: Record<string, number>;
  /** deposits taken that day before visits (payment source 1), by method, and those given back */
  deposits: number;
  deposits_by_method: Record<string, number>;
  deposits_cancelled: number;
  /** later payments of what earlier invoices left owed, by method */
  received: number;
  received_by_method: Record<string, number>;
  /** debit notes issued that day, their total with VAT, and the payments taken for them by method */
  debit_notes: number;
  debited: number;
  debit_payments_by_method: Record<string, number>;
};

const empty = (): SalesFigures => ({
  invoices: 0,
  gross: 0,
  discount: 0,
  net: 0,
  vat: 0,
  total: 0,
  paid: 0,
  owed: 0,
  by_method: {},
  credit_notes: 0,
  credited: 0,
  refunds_by_method: {},
  redeemed: 0,
  top_ups: 0,
  top_ups_by_method: {},
  received: 0,
  received_by_method: {},
  deposits: 0,
  deposits_by_method: {},
  deposits_cancelled: 0,
  debit_notes: 0,
  debited: 0,
  debit_payments_by_method: {},
});

const periodId = (tenantId: string, period: string) => `${tenantId}|${period}`;

/**
 * What every row of the payments list holds of its payment (status 1: paid; a cancelling sets 0), then
 * what the sale adds (which may override them, a refund's negative amount): a literal that a spread
 * follows, not the other way round (README: hot paths keep V8's young generation young).
 */
const paymentDoc = (
  tenantId: string,
  p: { payment_id: string; method: number; amount: number; authorization_code?: string },
  sale: Record<string, unknown>,
): Doc => ({
  id: p.payment_id,
  tenantId,
  method: p.method,
  amount: p.amount,
  authorization_code: p.authorization_code ?? null,
  status: 1,
  ...sale,
});

/** Where a signed document's e-invoicing state is kept, by its e-invoice's reference type. */
const DOCUMENTS = { 1: 'invoices', 2: 'credit_notes', 3: 'debit_notes' } as const;

/** The e-invoicing state an answer of the authority leaves a document in (a "try later" leaves it). */
const answered = (e: EInvoiceSubmissionEvent): DocumentEInvoicing | undefined => {
  switch (e.type) {
    case 'EInvoiceAccepted':
      return einvoiceStateOf(e.type, { status: e.data.status, warnings: e.data.warnings.length });
    case 'EInvoiceRejected':
      return 'rejected';
    case 'EInvoiceResubmissionAsked':
      return 'pending';
    case 'EInvoiceSubmissionFailed':
      return undefined;
  }
};

/**
 * A document that left an amount owed (an invoice or a debit note): the receivables list, one row per
 * document, its owed brought down by each later payment.
 */
const receivableDoc = (
  tenantId: string,
  d: {
    id: string;
    document: 'invoice' | 'debit_note';
    number: number;
    invoice_id: string;
    invoice_number: number;
    issued_at: string;
    business_date: string;
    customer_id: string | null;
    customer_name: string | null;
    total: number;
    paid: number;
    owed: number;
  },
): Change => ({ kind: 'upsert', collection: 'receivables', doc: Object.assign({ tenantId }, d) });

/**
 * The till's read models: every invoice as issued (the lists, the e-invoice page), every payment (the
 * payments list and the daily payments), and each day's and month's totals per salon (the daily and
 * monthly summaries, the dashboard), added to as invoices are issued.
 */
export const salesProjection: Projection = {
  name: 'sales',
  // 3: wallet top-ups, the payments that settle what invoices left owed, gift cards spent
  // 4: cancelled invoices leave their day and month, their payments cancelled; debit notes; deposits
  // 5: the receivables of invoices and debit notes, and the later payments of debit notes; a deposit
  // given back is a refund of its own (its payment stands)
  // 6: an invoice's and a note's `einvoicing` follow its e-invoicing document (issue 24)
  version: 6,
  collections: [
    {
      name: 'invoices',
      indexes: [
        { fields: ['tenantId', 'business_date'] },
        { fields: ['tenantId', 'number'] },
        { fields: ['unique_id'] },
      ],
    },
    { name: 'payments', indexes: [{ fields: ['tenantId', 'business_date'] }, { fields: ['invoice_id'] }] },
    { name: 'sales_days', indexes: [{ fields: ['tenantId', 'date'] }] },
    { name: 'sales_months', indexes: [{ fields: ['tenantId', 'month'] }] },
    {
      name: 'deposits',
      indexes: [{ fields: ['tenantId', 'appointment_id'] }, { fields: ['unique_id'] }],
    },
    {
      name: 'debit_notes',
      indexes: [{ fields: ['tenantId', 'business_date'] }, { fields: ['invoice_id'] }],
    },
    {
      name: 'receivables',
      indexes: [{ fields: ['tenantId', 'owed'] }, { fields: ['tenantId', 'customer_id'] }],
    },
    {
      name: 'credit_notes',
      indexes: [
        { fields: ['tenantId', 'business_date'] },
        { fields: ['invoice_id'] },
        { fields: ['unique_id'] },
      ],
    },
    // which sales document each e-invoice (by its UUID) is, for the authority's answers
    { name: 'sales_einvoices', indexes: [] },
  ],
  handles: [
    'InvoiceIssued',
    'InvoiceCredited',
    'CreditNoteIssued',
    'InvoicePaymentReceived',
    'WalletToppedUp',
    'DepositTaken',
    'DepositCancelled',
    'DepositApplied',
    'InvoiceCancelled',
    'DebitNoteIssued',
    'DebitNotePaymentReceived',
    'EInvoiceSigned',
    'EInvoiceSubmissionFailed',
    'EInvoiceAccepted',
    'EInvoiceRejected',
    'EInvoiceResubmissionAsked',
  ],
  reads: (e) => {
    if (e.type === 'EInvoiceSigned') return [];
    if (e.type.startsWith('EInvoice'))
      return [{ collection: 'sales_einvoices', id: (e.data as { uuid: string }).uuid }];
    if (e.type === 'DepositCancelled' || e.type === 'DepositApplied') {
      const d = e.data as { deposit_id: string; business_date?: string };
      return [
        { collection: 'deposits', id: d.deposit_id },
        { collection: 'payments', id: d.deposit_id },
        ...(d.business_date
          ? [
              { collection: 'sales_days', id: periodId(e.metadata.tenantId, d.business_date) },
              { collection: 'sales_months', id: periodId(e.metadata.tenantId, d.business_date.slice(0, 7)) },
            ]
          : []),
      ];
    }
    if (e.type === 'DebitNotePaymentReceived') {
      const d = e.data as { debit_note_id: string; business_date: string };
      return [
        { collection: 'debit_notes', id: d.debit_note_id },
        { collection: 'sales_days', id: periodId(e.metadata.tenantId, d.business_date) },
        { collection: 'sales_months', id: periodId(e.metadata.tenantId, d.business_date.slice(0, 7)) },
      ];
    }
    if (e.type === 'InvoiceCredited')
      return [{ collection: 'invoices', id: (e.data as { invoice_id: string }).invoice_id }];
    if (e.type === 'InvoicePaymentReceived') {
      const d = e.data as { invoice_id: string; business_date: string };
      return [
        { collection: 'invoices', id: d.invoice_id },
        { collection: 'sales_days', id: periodId(e.metadata.tenantId, d.business_date) },
        { collection: 'sales_months', id: periodId(e.metadata.tenantId, d.business_date.slice(0, 7)) },
      ];
    }
    const d = e.data as { business_date: string };
    return [
      { collection: 'sales_days', id: periodId(e.metadata.tenantId, d.business_date) },
      { collection: 'sales_months', id: periodId(e.metadata.tenantId, d.business_date.slice(0, 7)) },
    ];
  },
  project: (e: RecordedEvent, lookup): Change[] => {
    const event = e as unknown as (
      | InvoiceEvent
      | CreditNoteIssued
      | WalletToppedUp
      | DebitNoteIssued
      | DebitNotePaymentReceived
      | DepositEvent
    ) &
      RecordedEvent;
    const tenantId = e.metadata.tenantId;
    if (e.type === 'EInvoiceSigned') {
      // signed with its document, in the same append and after it: the document is there
      const d = e.data as EInvoiceSigned['data'];
      const collection = DOCUMENTS[d.reference_type];
      return [
        {
          kind: 'upsert',
          collection: 'sales_einvoices',
          doc: { id: d.uuid, tenantId, collection, document_id: d.document_id },
        },
        { kind: 'patch', collection, id: d.document_id, set: { einvoicing: 'pending' } },
      ];
    }
    if (e.type.startsWith('EInvoice')) {
      const of = lookup('sales_einvoices', (e.data as { uuid: string }).uuid);
      const state = answered(e as unknown as EInvoiceSubmissionEvent);
      return of && state
        ? [
            {
              kind: 'patch',
              collection: String(of.collection),
              id: String(of.document_id),
              set: { einvoicing: state },
            },
          ]
        : [];
    }
    const add = (
      collection: 'sales_days' | 'sales_months',
      key: 'date' | 'month',
      period: string,
      change: (before: SalesFigures) => Partial<SalesFigures>,
    ): Change => {
      const id = periodId(tenantId, period);
      // Object.assign, not a literal starting with a spread (README: hot paths keep V8's young generation young)
      const before = Object.assign(empty(), lookup(collection, id) as (Doc & SalesFigures) | undefined);
      return {
        kind: 'upsert',
        collection,
        doc: Object.assign({}, before, { id, tenantId, [key]: period }, change(before)),
      };
    };
    const byMethod = (
      before: Record<string, number>,
      payments: Array<{ method: number; amount: number }>,
    ) => {
      const next = { ...before };
      for (const p of payments) next[String(p.method)] = (next[String(p.method)] ?? 0) + p.amount;
      return next;
    };
    if (event.type === 'DepositTaken') {
      const t = event.data;
      const figures = (before: SalesFigures): Partial<SalesFigures> => ({
        deposits: before.deposits + t.payment.amount,
        deposits_by_method: byMethod(before.deposits_by_method, [t.payment]),
      });
      return [
        {
          kind: 'upsert',
          collection: 'deposits',
          doc: {
            id: t.deposit_id,
            tenantId,
            ...t,
            amount: t.payment.amount,
            method: t.payment.method,
            status: 'active',
            taken_at: e.metadata.occurredAt,
          },
        },
        {
          kind: 'upsert',
          collection: 'payments',
          doc: paymentDoc(tenantId, t.payment, {
            kind: 'deposit',
            invoice_id: null,
            invoice_number: null,
            appointment_id: t.appointment_id,
            customer_id: t.customer_id,
            customer_name: t.customer_name,
            source: 1,
            business_date: t.business_date,
            paid_at: e.metadata.occurredAt,
            cashier_id: t.cashier_id,
          }),
        },
        add('sales_days', 'date', t.business_date, figures),
        add('sales_months', 'month', t.business_date.slice(0, 7), figures),
      ];
    }
    if (event.type === 'DepositCancelled') {
      const c = event.data;
      const deposit = lookup('deposits', c.deposit_id);
      const payment = lookup('payments', c.deposit_id);
      const figures = (before: SalesFigures): Partial<SalesFigures> => ({
        deposits_cancelled: before.deposits_cancelled + c.amount,
      });
      return [
        ...(deposit
          ? [
              {
                kind: 'upsert' as const,
                collection: 'deposits',
                doc: {
                  ...deposit,
                  status: 'cancelled',
                  cancelled_at: e.metadata.occurredAt,
                  reason: c.reason,
                },
              },
            ]
          : []),
        // the deposit was taken (its payment stands, on its day); giving it back is money going out
        // on this day: a refund of its method, negative like a credit note's
        ...(payment
          ? [
              {
                kind: 'upsert' as const,
                collection: 'payments',
                doc: { ...payment, given_back_at: e.metadata.occurredAt },
              },
              {
                kind: 'upsert' as const,
                collection: 'payments',
                doc: paymentDoc(
                  tenantId,
                  { payment_id: `${c.deposit_id}-back`, method: c.method, amount: -c.amount },
                  {
                    kind: 'deposit_refund',
                    invoice_id: null,
                    invoice_number: null,
                    deposit_id: c.deposit_id,
                    appointment_id: c.appointment_id,
                    customer_id: payment.customer_id ?? null,
                    customer_name: payment.customer_name ?? null,
                    source: 1,
                    business_date: c.business_date,
                    paid_at: e.metadata.occurredAt,
                    cashier_id: e.metadata.actor.id,
                  },
                ),
              },
            ]
          : []),
        add('sales_days', 'date', c.business_date, figures),
        add('sales_months', 'month', c.business_date.slice(0, 7), figures),
      ];
    }
    if (event.type === 'DepositApplied') {
      const a = event.data;
      const deposit = lookup('deposits', a.deposit_id);
      const payment = lookup('payments', a.deposit_id);
      return [
        ...(deposit
          ? [
              {
                kind: 'upsert' as const,
                collection: 'deposits',
                doc: {
                  ...deposit,
                  status: 'applied',
                  invoice_id: a.invoice_id,
                  invoice_number: a.invoice_number,
                },
              },
            ]
          : []),
        ...(payment
          ? [
              {
                kind: 'upsert' as const,
                collection: 'payments',
                doc: { ...payment, invoice_id: a.invoice_id, invoice_number: a.invoice_number },
              },
            ]
          : []),
      ];
    }
    if (event.type === 'WalletToppedUp') {
      const t = event.data;
      const figures = (before: SalesFigures): Partial<SalesFigures> => ({
        top_ups: before.top_ups + t.amount,
        top_ups_by_method: byMethod(before.top_ups_by_method, [t.payment]),
      });
      return [
        {
          kind: 'upsert',
          collection: 'payments',
          doc: paymentDoc(tenantId, t.payment, {
            amount: t.amount,
            kind: 'wallet_top_up',
            invoice_id: null,
            invoice_number: null,
            customer_id: t.customer_id,
            customer_name: t.customer_name,
            source: 0,
            business_date: t.business_date,
            paid_at: e.metadata.occurredAt,
            cashier_id: t.cashier_id,
          }),
        },
        add('sales_days', 'date', t.business_date, figures),
        add('sales_months', 'month', t.business_date.slice(0, 7), figures),
      ];
    }
    if (event.type === 'InvoicePaymentReceived') {
      const r = event.data;
      const invoice = lookup('invoices', r.invoice_id) as (Doc & InvoiceIssued['data']) | undefined;
      if (!invoice) return [];
      const figures = (before: SalesFigures): Partial<SalesFigures> => ({
        received: before.received + r.payment.amount,
        received_by_method: byMethod(before.received_by_method, [r.payment]),
      });
      return [
        {
          kind: 'upsert',
          collection: 'invoices',
          doc: {
            ...invoice,
            payments: [...invoice.payments, { ...r.payment, business_date: r.business_date }],
            paid: r.paid,
            owed: r.owed,
            state: r.owed === 0 ? 'paid' : 'partially_paid',
          },
        },
        { kind: 'patch', collection: 'receivables', id: r.invoice_id, set: { paid: r.paid, owed: r.owed } },
        {
          kind: 'upsert',
          collection: 'payments',
          doc: paymentDoc(tenantId, r.payment, {
            kind: 'receivable',
            invoice_id: r.invoice_id,
            invoice_number: invoice.number,
            customer_id: invoice.customer_id,
            customer_name: invoice.customer_name,
            source: 0,
            business_date: r.business_date,
            paid_at: e.metadata.occurredAt,
            cashier_id: r.cashier_id,
          }),
        },
        add('sales_days', 'date', r.business_date, figures),
        add('sales_months', 'month', r.business_date.slice(0, 7), figures),
      ];
    }
    if (event.type === 'InvoiceCredited') {
      const invoice = lookup('invoices', event.data.invoice_id) as
        | (Doc & { lines: Array<{ line_id: string; credited_quantity?: number }>; credited?: number })
        | undefined;
      if (!invoice) return [];
      const lines = invoice.lines.map((l) => {
        const c = event.data.lines.find((x) => x.line_id === l.line_id);
        return c ? { ...l, credited_quantity: (l.credited_quantity ?? 0) + c.quantity } : l;
      });
      return [
        {
          kind: 'upsert',
          collection: 'invoices',
          doc: {
            ...invoice,
            lines,
            credited: (invoice.credited ?? 0) + event.data.total,
            credit_note_ids: [
              ...((invoice.credit_note_ids as string[] | undefined) ?? []),
              event.data.credit_note_id,
            ],
          },
        },
      ];
    }
    if (event.type === 'InvoiceCancelled') {
      // the invoice's day and month lose it; its payments are cancelled (status 0)
      const c = event.data;
      const less = (before: Record<string, number>) => {
        const next = { ...before };
        for (const p of c.payments) next[String(p.method)] = (next[String(p.method)] ?? 0) - p.amount;
        return next;
      };
      const figures = (before: SalesFigures): Partial<SalesFigures> => ({
        invoices: before.invoices - 1,
        gross: before.gross - c.gross,
        discount: before.discount - c.discount,
        net: before.net - c.net,
        vat: before.vat - c.vat,
        total: before.total - c.total,
        paid: before.paid - c.paid,
        owed: before.owed - c.owed,
        by_method: less(before.by_method),
      });
      return [
        {
          kind: 'patch',
          collection: 'invoices',
          id: c.invoice_id,
          set: {
            state: 'cancelled',
            cancelled_at: c.cancelled_at,
            cancelled_by: c.cancelled_by,
            cancel_reason: c.reason,
          },
        },
        ...c.payments.map((p): Change => ({
          kind: 'patch',
          collection: 'payments',
          id: p.payment_id,
          set: { status: 0, cancelled_at: c.cancelled_at },
        })),
        // a cancelled invoice is owed nothing
        ...(c.owed > 0 ? [{ kind: 'delete' as const, collection: 'receivables', id: c.invoice_id }] : []),
        add('sales_days', 'date', c.business_date, figures),
        add('sales_months', 'month', c.business_date.slice(0, 7), figures),
      ];
    }
    if (event.type === 'DebitNotePaymentReceived') {
      const r = event.data;
      const note = lookup('debit_notes', r.debit_note_id) as (Doc & DebitNoteIssued['data']) | undefined;
      const figures = (before: SalesFigures): Partial<SalesFigures> => ({
        debit_payments_by_method: byMethod(before.debit_payments_by_method, [r.payment]),
      });
      return [
        ...(note
          ? [
              {
                kind: 'upsert' as const,
                collection: 'debit_notes',
                doc: Object.assign({}, note, {
                  payments: [...note.payments, Object.assign({ business_date: r.business_date }, r.payment)],
                  paid: r.paid,
                  owed: r.owed,
                }),
              },
            ]
          : []),
        {
          kind: 'patch',
          collection: 'receivables',
          id: r.debit_note_id,
          set: { paid: r.paid, owed: r.owed },
        },
        {
          kind: 'upsert',
          collection: 'payments',
          doc: paymentDoc(tenantId, r.payment, {
            kind: 'receivable',
            invoice_id: r.invoice_id,
            invoice_number: r.invoice_number,
            debit_note_id: r.debit_note_id,
            debit_note_number: r.debit_note_number,
            customer_id: note?.customer_id ?? null,
            customer_name: note?.customer_name ?? null,
            // doc1 §4: payment source 2, debit note
            source: 2,
            business_date: r.business_date,
            paid_at: e.metadata.occurredAt,
            cashier_id: r.cashier_id,
          }),
        },
        add('sales_days', 'date', r.business_date, figures),
        add('sales_months', 'month', r.business_date.slice(0, 7), figures),
      ];
    }
    if (event.type === 'DebitNoteIssued') {
      const n = event.data;
      const figures = (before: SalesFigures): Partial<SalesFigures> => ({
        debit_notes: before.debit_notes + 1,
        debited: before.debited + n.total,
        debit_payments_by_method: byMethod(before.debit_payments_by_method, n.payments),
      });
      return [
        { kind: 'upsert', collection: 'debit_notes', doc: { id: n.debit_note_id, tenantId, ...n } },
        { kind: 'patch', collection: 'invoices', id: n.invoice_id, inc: { debited: n.total } },
        ...(n.owed > 0
          ? [
              receivableDoc(tenantId, {
                id: n.debit_note_id,
                document: 'debit_note',
                number: n.number,
                invoice_id: n.invoice_id,
                invoice_number: n.invoice_number,
                issued_at: n.issued_at,
                business_date: n.business_date,
                customer_id: n.customer_id,
                customer_name: n.customer_name,
                total: n.total,
                paid: n.paid,
                owed: n.owed,
              }),
            ]
          : []),
        ...n.payments.map((p): Change => ({
          kind: 'upsert',
          collection: 'payments',
          doc: paymentDoc(tenantId, p, {
            invoice_id: n.invoice_id,
            invoice_number: n.invoice_number,
            debit_note_id: n.debit_note_id,
            customer_id: n.customer_id,
            customer_name: n.customer_name,
            // doc1 §4: payment source 2, debit note
            source: 2,
            business_date: n.business_date,
            paid_at: n.issued_at,
            cashier_id: n.cashier_id,
          }),
        })),
        add('sales_days', 'date', n.business_date, figures),
        add('sales_months', 'month', n.business_date.slice(0, 7), figures),
      ];
    }
    if (event.type === 'CreditNoteIssued') {
      const n = event.data;
      const figures = (before: SalesFigures): Partial<SalesFigures> => ({
        credit_notes: before.credit_notes + 1,
        credited: before.credited + n.total,
        refunds_by_method: byMethod(before.refunds_by_method, n.payments),
      });
      return [
        { kind: 'upsert', collection: 'credit_notes', doc: { id: n.credit_note_id, tenantId, ...n } },
        ...n.payments.map((p): Change => ({
          kind: 'upsert',
          collection: 'payments',
          doc: paymentDoc(tenantId, p, {
            invoice_id: n.invoice_id,
            invoice_number: n.invoice_number,
            credit_note_id: n.credit_note_id,
            customer_id: n.customer_id,
            customer_name: n.customer_name,
            // a refund: money going back to the customer
            amount: -p.amount,
            source: 3,
            business_date: n.business_date,
            paid_at: n.issued_at,
            cashier_id: n.cashier_id,
          }),
        })),
        add('sales_days', 'date', n.business_date, figures),
        add('sales_months', 'month', n.business_date.slice(0, 7), figures),
      ];
    }
    const d = (event as unknown as InvoiceIssued).data;
    const figures = (before: SalesFigures): Partial<SalesFigures> => ({
      invoices: before.invoices + 1,
      gross: before.gross + d.gross,
      discount: before.discount + d.discount,
      net: before.net + d.net,
      vat: before.vat + d.vat,
      total: before.total + d.total,
      paid: before.paid + d.paid,
      owed: before.owed + d.owed,
      redeemed: before.redeemed + (d.redeemed ?? 0),
      by_method: byMethod(before.by_method, d.payments),
    });
    return [
      {
        kind: 'upsert',
        collection: 'invoices',
        doc: {
          id: d.invoice_id,
          tenantId,
          ...d,
          employee_ids: [...new Set(d.lines.map((l) => l.employee_id).filter((x): x is string => !!x))],
          state: d.owed === 0 ? 'paid' : d.paid === 0 ? 'unpaid' : 'partially_paid',
        },
      },
      ...d.payments.map((p): Change => ({
        kind: 'upsert',
        collection: 'payments',
        doc: paymentDoc(tenantId, p, {
          invoice_id: d.invoice_id,
          invoice_number: d.number,
          customer_id: d.customer_id,
          customer_name: d.customer_name,
          kind: 'invoice',
          source: 0,
          business_date: d.business_date,
          paid_at: d.issued_at,
          cashier_id: d.cashier_id,
        }),
      })),
      ...(d.owed > 0
        ? [
            receivableDoc(tenantId, {
              id: d.invoice_id,
              document: 'invoice',
              number: d.number,
              invoice_id: d.invoice_id,
              invoice_number: d.number,
              issued_at: d.issued_at,
              business_date: d.business_date,
              customer_id: d.customer_id,
              customer_name: d.customer_name,
              total: d.total,
              paid: d.paid,
              owed: d.owed,
            }),
          ]
        : []),
      add('sales_days', 'date', d.business_date, figures),
      add('sales_months', 'month', d.business_date.slice(0, 7), figures),
    ];
  },
};
