import type { CreditNoteIssued, EmployeeEvent, InvoiceIssued, RecordedEvent } from '@rawnaq/contracts';
import type { Change, Doc } from '@rawnaq/platform';
import type { DocRef, Projection } from '../runner/projection';

/**
 * The ways a day of sales is broken down for the money reports: who issued (cashier), who did the
 * work (employee, with commission), what was sold (service, product), how it was paid (method) and
 * how it was taxed (VAT category and rate); `cashier_method` is what each cashier took and refunded by
 * method (keys `<cashier>|<method>`: field names stay fixed, so a new method is only a new key).
 */
export type ReportDimension =
  'cashier' | 'cashier_method' | 'employee' | 'service' | 'product' | 'method' | 'vat';
export const REPORT_DIMENSIONS: readonly ReportDimension[] = [
  'cashier',
  'cashier_method',
  'employee',
  'service',
  'product',
  'method',
  'vat',
];

/** One day document: (tenant, business date, dimension, key). A report sums those of its period. */
export const reportDayId = (tenantId: string, date: string, dimension: ReportDimension, key: string) =>
  `${tenantId}|${date}|${dimension}|${key}`;

/** A percentage (up to 2 decimals) in basis points: 12.5 % → 1250. */
export const percentageToBp = (percentage: unknown): number => {
  // a number on the events; decimal text tolerated (older or imported events)
  const n = typeof percentage === 'string' && percentage.trim() !== '' ? Number(percentage) : percentage;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.round(n * 100) : 0;
};

/** An amount's share at a rate in basis points, rounded half up to the minor unit (never a float). */
export const commissionOf = (net: number, bp: number): number => {
  if (bp <= 0 || net === 0) return 0;
  const sign = net < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(net) * bp + 5_000) / 10_000);
};

type StaffDoc = Doc & { commission_bp?: number };
type InvoiceMemo = Doc & {
  number: number;
  business_date: string;
  total: number;
  customer_id: string | null;
  customer_name: string | null;
  lines: Array<{ line_id: string; employee_id: string | null; commission_bp: number }>;
};

/**
 * Increments, merged so that one event writes each document once (two blind patches of one document
 * at one position would be taken for a redelivery).
 */
class DayDocs {
  private readonly docs = new Map<string, { set: Record<string, unknown>; inc: Record<string, number> }>();
  constructor(private readonly tenantId: string) {}

  add(
    date: string,
    dimension: ReportDimension,
    key: string,
    inc: Record<string, number>,
    set: Record<string, unknown> = {},
  ) {
    const id = reportDayId(this.tenantId, date, dimension, key);
    const doc = this.docs.get(id) ?? {
      set: { tenantId: this.tenantId, date, month: date.slice(0, 7), dimension, key },
      inc: {},
    };
    Object.assign(doc.set, set);
    for (const [k, v] of Object.entries(inc)) if (v !== 0) doc.inc[k] = (doc.inc[k] ?? 0) + v;
    this.docs.set(id, doc);
  }

  changes(): Change[] {
    return [...this.docs].map(([id, { set, inc }]) => ({
      kind: 'patch',
      collection: 'sales_report_days',
      id,
      set,
      inc,
    }));
  }
}

const names = (l: { name_en: string; name_ar: string }) => ({ name_en: l.name_en, name_ar: l.name_ar });

const invoiceIssued = (
  d: InvoiceIssued['data'],
  tenantId: string,
  lookup: (id: string) => StaffDoc | undefined,
) => {
  const days = new DayDocs(tenantId);
  const date = d.business_date;
  for (const p of d.payments) {
    days.add(date, 'method', String(p.method), { payments: 1, paid: p.amount });
    days.add(
      date,
      'cashier_method',
      `${d.cashier_id}|${p.method}`,
      { payments: 1, paid: p.amount },
      { cashier_id: d.cashier_id, method: p.method },
    );
  }
  days.add(date, 'cashier', d.cashier_id, {
    invoices: 1,
    net: d.net,
    vat: d.vat,
    total: d.total,
    paid: d.paid,
    owed: d.owed,
  });
  const memo: InvoiceMemo['lines'] = [];
  for (const l of d.lines) {
    const bp = l.employee_id ? (lookup(l.employee_id)?.commission_bp ?? 0) : 0;
    memo.push({ line_id: l.line_id, employee_id: l.employee_id, commission_bp: bp });
    if (l.kind === 'service' || l.kind === 'product')
      days.add(date, l.kind, l.item_id, { quantity: l.quantity, sales: l.net, lines: 1 }, names(l));
    if (l.employee_id)
      days.add(date, 'employee', l.employee_id, {
        lines: 1,
        [l.kind === 'service' ? 'services' : 'products']: l.quantity,
        sales: l.net,
        commission: commissionOf(l.net, bp),
      });
  }
  for (const s of d.subtotals)
    days.add(
      date,
      'vat',
      `${s.category}|${s.rateBp}`,
      { taxable: s.taxable, vat: s.vat },
      { category: s.category, rate_bp: s.rateBp },
    );
  const invoice: InvoiceMemo = {
    id: d.invoice_id,
    tenantId,
    number: d.number,
    business_date: date,
    total: d.total,
    customer_id: d.customer_id,
    customer_name: d.customer_name,
    lines: memo,
  };
  return [{ kind: 'upsert', collection: 'report_invoices', doc: invoice } as Change, ...days.changes()];
};

const creditNoteIssued = (
  n: CreditNoteIssued['data'],
  tenantId: string,
  invoice: InvoiceMemo | undefined,
) => {
  const days = new DayDocs(tenantId);
  const date = n.business_date;
  let refunded = 0;
  for (const p of n.payments) {
    refunded += p.amount;
    days.add(date, 'method', String(p.method), { refunds: 1, refunded: p.amount });
    days.add(
      date,
      'cashier_method',
      `${n.cashier_id}|${p.method}`,
      { refunds: 1, refunded: p.amount },
      { cashier_id: n.cashier_id, method: p.method },
    );
  }
  days.add(date, 'cashier', n.cashier_id, { credit_notes: 1, credited: n.total, refunded });
  for (const l of n.lines) {
    if (l.kind === 'service' || l.kind === 'product')
      days.add(date, l.kind, l.item_id, { returned_quantity: l.quantity, returned: l.net }, names(l));
    const sold = invoice?.lines.find((x) => x.line_id === l.line_id);
    if (sold?.employee_id)
      days.add(date, 'employee', sold.employee_id, {
        returned: l.net,
        returned_commission: commissionOf(l.net, sold.commission_bp),
      });
  }
  for (const s of n.subtotals)
    days.add(
      date,
      'vat',
      `${s.category}|${s.rateBp}`,
      { credited_taxable: s.taxable, credited_vat: s.vat },
      { category: s.category, rate_bp: s.rateBp },
    );
  // the refunded invoices: one document per invoice and day of its credit notes
  const refundedInvoice: Change = {
    kind: 'patch',
    collection: 'refunded_invoices',
    id: `${n.invoice_id}|${date}`,
    set: {
      tenantId,
      date,
      invoice_id: n.invoice_id,
      invoice_number: n.invoice_number,
      invoice_date: invoice?.business_date ?? null,
      invoice_total: invoice?.total ?? null,
      customer_id: n.customer_id,
      customer_name: n.customer_name,
    },
    inc: { credit_notes: 1, credited: n.total, refunded },
  };
  return [...days.changes(), refundedInvoice];
};

/**
 * The money reports' read models (issue 11): per day and per cashier, employee (sales and
 * commission), service, product, payment method and VAT category, added to as invoices and credit
 * notes are issued, so that a report over a period sums at most a day document per key and day.
 * Commission is the line's net at the employee's percentage when the invoice was issued (kept on a
 * small memo of the invoice, so a credit note takes back the same rate).
 */
export const reportsProjection: Projection = {
  name: 'sales-reports',
  version: 1,
  collections: [
    { name: 'sales_report_days', indexes: [{ fields: ['tenantId', 'dimension', 'date'] }] },
    { name: 'refunded_invoices', indexes: [{ fields: ['tenantId', 'date'] }] },
    { name: 'report_invoices', indexes: [] },
    { name: 'report_staff', indexes: [] },
  ],
  handles: ['InvoiceIssued', 'CreditNoteIssued', 'EmployeeAdded', 'EmployeeChanged'],
  reads: (e): DocRef[] => {
    if (e.type === 'InvoiceIssued') {
      const lines = ((e.data as { lines?: Array<{ employee_id?: string | null }> }).lines ?? []).filter(
        (l) => l.employee_id,
      );
      return [...new Set(lines.map((l) => l.employee_id as string))].map((id) => ({
        collection: 'report_staff',
        id,
      }));
    }
    if (e.type === 'CreditNoteIssued')
      return [{ collection: 'report_invoices', id: (e.data as { invoice_id: string }).invoice_id }];
    return [];
  },
  project: (e: RecordedEvent, lookup): Change[] => {
    const tenantId = e.metadata.tenantId;
    switch (e.type) {
      case 'InvoiceIssued':
        return invoiceIssued(
          e.data as unknown as InvoiceIssued['data'],
          tenantId,
          (id) => lookup('report_staff', id) as StaffDoc | undefined,
        );
      case 'CreditNoteIssued': {
        const n = e.data as unknown as CreditNoteIssued['data'];
        return creditNoteIssued(
          n,
          tenantId,
          lookup('report_invoices', n.invoice_id) as InvoiceMemo | undefined,
        );
      }
      case 'EmployeeAdded': {
        const d = (e as unknown as Extract<EmployeeEvent, { type: 'EmployeeAdded' }>).data;
        return [
          {
            kind: 'upsert',
            collection: 'report_staff',
            doc: { id: d.employee_id, tenantId, commission_bp: percentageToBp(d.commission_percentage) },
          },
        ];
      }
      case 'EmployeeChanged': {
        const d = (e as unknown as Extract<EmployeeEvent, { type: 'EmployeeChanged' }>).data;
        if (!('commission_percentage' in d.changed)) return [];
        return [
          {
            kind: 'patch',
            collection: 'report_staff',
            id: d.employee_id,
            set: { tenantId, commission_bp: percentageToBp(d.changed.commission_percentage) },
          },
        ];
      }
      default:
        return [];
    }
  },
};
