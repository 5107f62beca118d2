import type {
  CreditNoteIssued,
  DebitNoteIssued,
  DebitNotePaymentReceived,
  DepositCancelled,
  DepositTaken,
  EmployeeEvent,
  InvoiceCancelled,
  InvoiceIssued,
  InvoicePaymentReceived,
  RecordedEvent,
  WalletToppedUp,
} from '@rawnaq/contracts';
import type { Change, Doc } from '@rawnaq/platform';
import type { DocRef, Projection } from '../runner/projection';

/**
 * The ways a day of sales is broken down for the money reports: who issued (cashier), who did the
 * work (employee, with commission), what was sold (service, product), how it was paid (method) and
 * how it was taxed (VAT category and rate); `cashier_method` is what each cashier took and refunded by
 * method (keys `<cashier>|<method>`: field names stay fixed, so a new method is only a new key);
 * `employee_item` is what each employee did of each service or product (keys
 * `<employee>|<kind>|<item>`: the activities report and its summary).
 */
export type ReportDimension =
  'cashier' | 'cashier_method' | 'employee' | 'employee_item' | 'service' | 'product' | 'method' | 'vat';
export const REPORT_DIMENSIONS: readonly ReportDimension[] = [
  'cashier',
  'cashier_method',
  'employee',
  'employee_item',
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
type MemoLine = Pick<
  InvoiceIssued['data']['lines'][number],
  'line_id' | 'kind' | 'item_id' | 'name_en' | 'name_ar' | 'employee_id' | 'quantity' | 'net'
> & { commission_bp: number };
/**
 * What the reports keep of an invoice: enough to name it on a refund, take back a line's commission at
 * the rate it was sold at, and take the whole invoice out of its day again if it is cancelled.
 */
type InvoiceMemo = Doc &
  Pick<
    InvoiceIssued['data'],
    | 'number'
    | 'business_date'
    | 'cashier_id'
    | 'net'
    | 'vat'
    | 'total'
    | 'paid'
    | 'owed'
    | 'customer_id'
    | 'customer_name'
    | 'subtotals'
  > & {
    payments: Array<{ method: number; amount: number }>;
    lines: MemoLine[];
    cancelled?: boolean;
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

/** The line documents of the activities report: one per invoice line that names its employee. */
const activityLineId = (invoiceId: string, lineId: string) => `${invoiceId}|${lineId}`;

/**
 * An invoice's figures in its day's documents: added when it is issued (`sign` 1), taken out again
 * (-1, on its own business date, as the daily summary does) when it is cancelled.
 */
const invoiceDays = (days: DayDocs, m: InvoiceMemo, sign: 1 | -1) => {
  const date = m.business_date;
  for (const p of m.payments) {
    days.add(date, 'method', String(p.method), { payments: sign, paid: sign * p.amount });
    days.add(
      date,
      'cashier_method',
      `${m.cashier_id}|${p.method}`,
      { payments: sign, paid: sign * p.amount },
      { cashier_id: m.cashier_id, method: p.method },
    );
  }
  days.add(date, 'cashier', m.cashier_id, {
    invoices: sign,
    net: sign * m.net,
    vat: sign * m.vat,
    total: sign * m.total,
    paid: sign * m.paid,
    owed: sign * m.owed,
  });
  for (const l of m.lines) {
    if (l.kind === 'service' || l.kind === 'product')
      days.add(
        date,
        l.kind,
        l.item_id,
        { quantity: sign * l.quantity, sales: sign * l.net, lines: sign },
        names(l),
      );
    if (l.employee_id) {
      days.add(date, 'employee', l.employee_id, {
        lines: sign,
        [l.kind === 'service' ? 'services' : 'products']: sign * l.quantity,
        sales: sign * l.net,
        commission: sign * commissionOf(l.net, l.commission_bp),
      });
      days.add(
        date,
        'employee_item',
        `${l.employee_id}|${l.kind}|${l.item_id}`,
        { lines: sign, quantity: sign * l.quantity, sales: sign * l.net },
        { employee_id: l.employee_id, kind: l.kind, item_id: l.item_id, ...names(l) },
      );
    }
  }
  for (const s of m.subtotals)
    days.add(
      date,
      'vat',
      `${s.category}|${s.rateBp}`,
      { taxable: sign * s.taxable, vat: sign * s.vat },
      { category: s.category, rate_bp: s.rateBp },
    );
};

const invoiceIssued = (
  d: InvoiceIssued['data'],
  tenantId: string,
  lookup: (id: string) => StaffDoc | undefined,
) => {
  const days = new DayDocs(tenantId);
  const invoice: InvoiceMemo = {
    id: d.invoice_id,
    tenantId,
    number: d.number,
    business_date: d.business_date,
    cashier_id: d.cashier_id,
    net: d.net,
    vat: d.vat,
    total: d.total,
    paid: d.paid,
    owed: d.owed,
    customer_id: d.customer_id,
    customer_name: d.customer_name,
    subtotals: d.subtotals.map((s) => ({
      category: s.category,
      rateBp: s.rateBp,
      taxable: s.taxable,
      vat: s.vat,
    })),
    payments: d.payments.map((p) => ({ method: p.method, amount: p.amount })),
    lines: d.lines.map((l) => ({
      line_id: l.line_id,
      kind: l.kind,
      item_id: l.item_id,
      name_en: l.name_en,
      name_ar: l.name_ar,
      employee_id: l.employee_id,
      quantity: l.quantity,
      net: l.net,
      commission_bp: l.employee_id ? (lookup(l.employee_id)?.commission_bp ?? 0) : 0,
    })),
  };
  invoiceDays(days, invoice, 1);
  const activities: Change[] = invoice.lines
    .filter((l) => l.employee_id)
    .map((l) => ({
      kind: 'upsert',
      collection: 'activity_lines',
      doc: {
        id: activityLineId(d.invoice_id, l.line_id),
        tenantId,
        date: d.business_date,
        issued_at: d.issued_at,
        invoice_id: d.invoice_id,
        invoice_number: d.number,
        customer_name: d.customer_name,
        employee_id: l.employee_id,
        kind: l.kind,
        item_id: l.item_id,
        name_en: l.name_en,
        name_ar: l.name_ar,
        quantity: l.quantity,
        net: l.net,
        commission: commissionOf(l.net, l.commission_bp),
        returned_quantity: 0,
        returned: 0,
      },
    }));
  return [
    { kind: 'upsert', collection: 'report_invoices', doc: invoice } as Change,
    ...days.changes(),
    ...activities,
  ];
};

/** A cancelled invoice leaves its day (and the activities list), once. */
const invoiceCancelled = (
  c: InvoiceCancelled['data'],
  tenantId: string,
  invoice: InvoiceMemo | undefined,
) => {
  if (!invoice || invoice.cancelled) return [];
  const days = new DayDocs(tenantId);
  invoiceDays(days, invoice, -1);
  return [
    { kind: 'patch', collection: 'report_invoices', id: c.invoice_id, set: { cancelled: true } } as Change,
    ...days.changes(),
    ...invoice.lines
      .filter((l) => l.employee_id)
      .map((l): Change => ({
        kind: 'delete',
        collection: 'activity_lines',
        id: activityLineId(c.invoice_id, l.line_id),
      })),
  ];
};

/**
 * Money taken besides an invoice's own payments — what an invoice or a debit note left owed, a debit
 * note's payments, a wallet topped up, a visit's deposit — in its method's row and its cashier's, on
 * the day it was taken; the cashier's `received` counts it apart from the invoices she issued.
 */
const moneyTaken = (
  tenantId: string,
  date: string,
  cashierId: string,
  payments: ReadonlyArray<{ method: number; amount: number }>,
) => {
  const days = new DayDocs(tenantId);
  let received = 0;
  for (const p of payments) {
    received += p.amount;
    days.add(date, 'method', String(p.method), { payments: 1, paid: p.amount });
    days.add(
      date,
      'cashier_method',
      `${cashierId}|${p.method}`,
      { payments: 1, paid: p.amount },
      { cashier_id: cashierId, method: p.method },
    );
  }
  if (received) days.add(date, 'cashier', cashierId, { received });
  return days.changes();
};

/** A visit's deposit given back: money going out, a refund of its method on the day it was given. */
const depositGivenBack = (tenantId: string, c: DepositCancelled['data'], cashierId: string) => {
  const days = new DayDocs(tenantId);
  days.add(c.business_date, 'method', String(c.method), { refunds: 1, refunded: c.amount });
  days.add(
    c.business_date,
    'cashier_method',
    `${cashierId}|${c.method}`,
    { refunds: 1, refunded: c.amount },
    { cashier_id: cashierId, method: c.method },
  );
  days.add(c.business_date, 'cashier', cashierId, { refunded: c.amount });
  return days.changes();
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
  // `notes_refunded`: the credit notes' refunds alone (the cashier's `refunded` also counts deposits given back)
  days.add(date, 'cashier', n.cashier_id, {
    credit_notes: 1,
    credited: n.total,
    refunded,
    notes_refunded: refunded,
  });
  const activityReturns: Change[] = [];
  for (const l of n.lines) {
    if (l.kind === 'service' || l.kind === 'product')
      days.add(date, l.kind, l.item_id, { returned_quantity: l.quantity, returned: l.net }, names(l));
    const sold = invoice?.lines.find((x) => x.line_id === l.line_id);
    if (sold?.employee_id) {
      days.add(date, 'employee', sold.employee_id, {
        returned: l.net,
        returned_commission: commissionOf(l.net, sold.commission_bp),
      });
      days.add(
        date,
        'employee_item',
        `${sold.employee_id}|${sold.kind}|${sold.item_id}`,
        { returned_quantity: l.quantity, returned: l.net },
        { employee_id: sold.employee_id, kind: sold.kind, item_id: sold.item_id, ...names(sold) },
      );
      activityReturns.push({
        kind: 'patch',
        collection: 'activity_lines',
        id: activityLineId(n.invoice_id, l.line_id),
        inc: { returned_quantity: l.quantity, returned: l.net },
      });
    }
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
  return [...days.changes(), refundedInvoice, ...activityReturns];
};

/**
 * The money reports' read models (issue 11): per day and per cashier, employee (sales and
 * commission), service, product, payment method and VAT category, added to as invoices and credit
 * notes are issued, so that a report over a period sums at most a day document per key and day.
 * Commission is the line's net at the employee's percentage when the invoice was issued (kept on a
 * small memo of the invoice, so a credit note takes back the same rate and a cancelling takes the
 * whole invoice out of its day). Each line done by an employee is also kept as it was sold (the
 * activities report's detailed list).
 */
export const reportsProjection: Projection = {
  name: 'sales-reports',
  // 2: what each employee did per service or product (`employee_item`, `activity_lines`); cancelled
  // invoices leave their day
  // 3: all money taken by method (receivables, debit notes, wallet top-ups, deposits) and deposits
  // given back; debit notes in the VAT report
  // 4: the credit notes' refunds apart from deposits given back (the credit notes report's total)
  version: 4,
  collections: [
    { name: 'sales_report_days', indexes: [{ fields: ['tenantId', 'dimension', 'date'] }] },
    { name: 'refunded_invoices', indexes: [{ fields: ['tenantId', 'date'] }] },
    {
      name: 'activity_lines',
      indexes: [{ fields: ['tenantId', 'date'] }, { fields: ['tenantId', 'employee_id', 'date'] }],
    },
    { name: 'report_invoices', indexes: [] },
    { name: 'report_staff', indexes: [] },
  ],
  handles: [
    'InvoiceIssued',
    'CreditNoteIssued',
    'InvoiceCancelled',
    'InvoicePaymentReceived',
    'DebitNoteIssued',
    'DebitNotePaymentReceived',
    'WalletToppedUp',
    'DepositTaken',
    'DepositCancelled',
    'EmployeeAdded',
    'EmployeeChanged',
  ],
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
    if (e.type === 'CreditNoteIssued' || e.type === 'InvoiceCancelled')
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
      case 'InvoiceCancelled': {
        const c = e.data as unknown as InvoiceCancelled['data'];
        return invoiceCancelled(
          c,
          tenantId,
          lookup('report_invoices', c.invoice_id) as InvoiceMemo | undefined,
        );
      }
      case 'InvoicePaymentReceived': {
        const r = e.data as unknown as InvoicePaymentReceived['data'];
        return moneyTaken(tenantId, r.business_date, r.cashier_id, [r.payment]);
      }
      case 'DebitNoteIssued': {
        const n = e.data as unknown as DebitNoteIssued['data'];
        // what it charged is taxed as the sales are: in the VAT report, beside the credit notes
        const days = new DayDocs(tenantId);
        for (const s of n.subtotals)
          days.add(
            n.business_date,
            'vat',
            `${s.category}|${s.rateBp}`,
            { debited_taxable: s.taxable, debited_vat: s.vat },
            { category: s.category, rate_bp: s.rateBp },
          );
        return [...moneyTaken(tenantId, n.business_date, n.cashier_id, n.payments), ...days.changes()];
      }
      case 'DebitNotePaymentReceived': {
        const r = e.data as unknown as DebitNotePaymentReceived['data'];
        return moneyTaken(tenantId, r.business_date, r.cashier_id, [r.payment]);
      }
      case 'WalletToppedUp': {
        const t = e.data as unknown as WalletToppedUp['data'];
        return moneyTaken(tenantId, t.business_date, t.cashier_id, [t.payment]);
      }
      case 'DepositTaken': {
        const t = e.data as unknown as DepositTaken['data'];
        return moneyTaken(tenantId, t.business_date, t.cashier_id, [t.payment]);
      }
      case 'DepositCancelled':
        return depositGivenBack(tenantId, e.data as unknown as DepositCancelled['data'], e.metadata.actor.id);
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
