import type { InvoiceEvent, RecordedEvent } from '@rawnaq/contracts';
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
});

const periodId = (tenantId: string, period: string) => `${tenantId}|${period}`;

/**
 * The till's read models: every invoice as issued (the lists, the e-invoice page), every payment (the
 * payments list and the daily payments), and each day's and month's totals per salon (the daily and
 * monthly summaries, the dashboard), added to as invoices are issued.
 */
export const salesProjection: Projection = {
  name: 'sales',
  version: 1,
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
  ],
  handles: ['InvoiceIssued'],
  reads: (e) => {
    const d = e.data as { business_date: string };
    return [
      { collection: 'sales_days', id: periodId(e.metadata.tenantId, d.business_date) },
      { collection: 'sales_months', id: periodId(e.metadata.tenantId, d.business_date.slice(0, 7)) },
    ];
  },
  project: (e: RecordedEvent, lookup): Change[] => {
    const event = e as unknown as InvoiceEvent & RecordedEvent;
    const tenantId = e.metadata.tenantId;
    const d = event.data;
    const add = (
      collection: 'sales_days' | 'sales_months',
      key: 'date' | 'month',
      period: string,
    ): Change => {
      const id = periodId(tenantId, period);
      const before = (lookup(collection, id) as (Doc & SalesFigures) | undefined) ?? empty();
      const byMethod = { ...before.by_method };
      for (const p of d.payments) byMethod[String(p.method)] = (byMethod[String(p.method)] ?? 0) + p.amount;
      return {
        kind: 'upsert',
        collection,
        doc: {
          id,
          tenantId,
          [key]: period,
          invoices: before.invoices + 1,
          gross: before.gross + d.gross,
          discount: before.discount + d.discount,
          net: before.net + d.net,
          vat: before.vat + d.vat,
          total: before.total + d.total,
          paid: before.paid + d.paid,
          owed: before.owed + d.owed,
          by_method: byMethod,
        },
      };
    };
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
        doc: {
          id: p.payment_id,
          tenantId,
          invoice_id: d.invoice_id,
          invoice_number: d.number,
          customer_id: d.customer_id,
          customer_name: d.customer_name,
          method: p.method,
          amount: p.amount,
          authorization_code: p.authorization_code ?? null,
          source: 0,
          status: 1,
          business_date: d.business_date,
          paid_at: d.issued_at,
          cashier_id: d.cashier_id,
        },
      })),
      add('sales_days', 'date', d.business_date),
      add('sales_months', 'month', d.business_date.slice(0, 7)),
    ];
  },
};
