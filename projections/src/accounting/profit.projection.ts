import {
  accountCode,
  type CreditNoteIssued,
  type DebitNoteIssued,
  type InvoiceCancelled,
  type InvoiceIssued,
  type RecordedEvent,
  type StockMoved,
} from '@rawnaq/contracts';
import type { Change } from '@rawnaq/platform';
import type { Projection } from '../runner/projection';
import { stockMovementPosting, stockValue } from './postings';

type Data<T extends { data: unknown }> = T['data'];

/** What a day's sales documents earned, before VAT (minor units). */
export type ProfitDay = {
  /** services and products at their price, before their discounts */
  services: number;
  products: number;
  discounts: number;
  /** services and products given back on credit notes */
  returns: number;
  debit_notes: number;
  /** what the products sold cost (less what came back), at their average cost */
  cost_of_goods: number;
  /** products used in the salon, at their average cost */
  materials: number;
  /** stock lost, expired or found at a count, and the average cost's rounding */
  stock_adjustments: number;
};
const FIGURES = [
  'services',
  'products',
  'discounts',
  'returns',
  'debit_notes',
  'cost_of_goods',
  'materials',
  'stock_adjustments',
] as const;

/** The costs a stock movement posts in the books, by the figure they are read as here. */
const COST_ACCOUNTS: Record<string, 'cost_of_goods' | 'materials' | 'stock_adjustments'> = {
  [accountCode('cost_of_goods_sold')]: 'cost_of_goods',
  [accountCode('salon_material_expense')]: 'materials',
  [accountCode('stock_adjustments')]: 'stock_adjustments',
};
const stockId = (tenantId: string, productId: string) => `${tenantId}|${productId}`;

export const profitDayId = (tenantId: string, date: string) => `${tenantId}|${date}`;

/** An invoice's income: its services' and products' lines (what is sold now and served later is not income yet). */
const invoiceIncome = (lines: InvoiceIssued['data']['lines']) => {
  const f = { services: 0, products: 0, discounts: 0 };
  for (const l of lines) {
    if (l.kind !== 'service' && l.kind !== 'product') continue;
    f[l.kind === 'service' ? 'services' : 'products'] += l.net + l.discount;
    f.discounts += l.discount;
  }
  return f;
};

const day = (tenantId: string, date: string, inc: Partial<ProfitDay>): Change[] => {
  const figures = Object.fromEntries(FIGURES.flatMap((k) => (inc[k] ? [[k, inc[k]]] : [])));
  return Object.keys(figures).length
    ? [
        {
          kind: 'patch',
          collection: 'profit_days',
          id: profitDayId(tenantId, date),
          set: { tenantId, date },
          inc: figures,
        },
      ]
    : [];
};

/**
 * The income side of the profit and loss of a salon without the books (`reports/profit-and-loss`):
 * per business date, its services and products sold (before their discounts), the discounts, what
 * credit notes gave back and what debit notes added, all before VAT; a cancelled invoice leaves its
 * own date. The same amounts the books post to sales, discounts, sales returns and debit notes, so
 * both statements agree; expenses and payroll are read from their own read models.
 */
export const profitProjection: Projection = {
  name: 'profit-and-loss',
  // 2: the products' cost (sold, used in the salon, lost or counted), as the books post it
  version: 2,
  collections: [
    { name: 'profit_days', indexes: [{ fields: ['tenantId', 'date'] }] },
    { name: 'profit_invoices' },
    { name: 'profit_stock' },
  ],
  handles: ['InvoiceIssued', 'InvoiceCancelled', 'CreditNoteIssued', 'DebitNoteIssued', 'StockMoved'],
  reads: (e) =>
    e.type === 'InvoiceCancelled'
      ? [{ collection: 'profit_invoices', id: (e.data as { invoice_id: string }).invoice_id }]
      : e.type === 'StockMoved'
        ? [
            {
              collection: 'profit_stock',
              id: stockId(e.metadata.tenantId, (e.data as { product_id: string }).product_id),
            },
          ]
        : [],
  project: (e: RecordedEvent, lookup): Change[] => {
    const t = e.metadata.tenantId;
    switch (e.type) {
      case 'InvoiceIssued': {
        const d = e.data as Data<InvoiceIssued>;
        const income = invoiceIncome(d.lines);
        return [
          {
            kind: 'upsert',
            collection: 'profit_invoices',
            doc: { id: d.invoice_id, tenantId: t, date: d.business_date, ...income },
          },
          ...day(t, d.business_date, income),
        ];
      }
      case 'InvoiceCancelled': {
        const d = e.data as Data<InvoiceCancelled>;
        const memo = lookup('profit_invoices', d.invoice_id);
        if (!memo || memo.cancelled) return [];
        const n = (k: string) => -((memo[k] as number | undefined) ?? 0);
        return [
          { kind: 'patch', collection: 'profit_invoices', id: d.invoice_id, set: { cancelled: true } },
          ...day(t, memo.date as string, {
            services: n('services'),
            products: n('products'),
            discounts: n('discounts'),
          }),
        ];
      }
      case 'CreditNoteIssued': {
        const d = e.data as Data<CreditNoteIssued>;
        const returns = d.lines
          .filter((l) => l.kind === 'service' || l.kind === 'product')
          .reduce((s, l) => s + l.net, 0);
        return day(t, d.business_date, { returns });
      }
      case 'DebitNoteIssued': {
        const d = e.data as Data<DebitNoteIssued>;
        return day(t, d.business_date, { debit_notes: d.net });
      }
      case 'StockMoved': {
        // the books' own rule (the change of the stock's value at average cost), so both agree
        const d = e.data as Data<StockMoved>;
        const id = stockId(t, d.product_id);
        const before = (lookup('profit_stock', id)?.value as number | undefined) ?? 0;
        const posted = stockMovementPosting(e.id, d, before, e.metadata.occurredAt.slice(0, 10));
        const costs: Partial<ProfitDay> = {};
        for (const l of posted.lines) {
          const figure = COST_ACCOUNTS[l.account];
          if (figure) costs[figure] = (costs[figure] ?? 0) + l.debit - l.credit;
        }
        return [
          { kind: 'upsert', collection: 'profit_stock', doc: { id, tenantId: t, value: stockValue(d) } },
          ...day(t, posted.date, costs),
        ];
      }
    }
    return [];
  },
};
