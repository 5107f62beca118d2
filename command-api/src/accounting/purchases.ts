import {
  conflict,
  DomainError,
  notFound,
  PaymentMethod,
  type InvoicePayment,
  type PurchaseEvent,
  type PurchaseHeader,
  type PurchaseItem,
  type PurchaseRecorded,
} from '@rawnaq/contracts';
import { checkBillPayment } from './expenses';

/** A purchase as its stream leaves it. */
export type PurchaseState =
  | { exists: false }
  | ({
      exists: true;
      number: number;
      supplier_id: string;
      total: number;
      paid: number;
      owed: number;
    } & PurchaseHeader);
export const initialPurchase: PurchaseState = { exists: false };

export const evolvePurchase = (s: PurchaseState, e: PurchaseEvent): PurchaseState => {
  switch (e.type) {
    case 'PurchaseRecorded': {
      const d = e.data;
      return {
        exists: true,
        number: d.number,
        supplier_id: d.supplier_id,
        total: d.total,
        paid: d.paid,
        owed: d.owed,
        supplier_invoice_number: d.supplier_invoice_number,
        supplier_invoice_date: d.supplier_invoice_date,
        due_date: d.due_date,
        notes: d.notes,
      };
    }
    case 'PurchasePaid':
      return s.exists ? { ...s, paid: e.data.paid, owed: e.data.owed } : s;
    case 'PurchaseChanged': {
      if (!s.exists) return s;
      const { supplier_invoice_number, supplier_invoice_date, due_date, notes } = e.data;
      return { ...s, supplier_invoice_number, supplier_invoice_date, due_date, notes };
    }
  }
};

export type RecordPurchase = {
  type: 'Record';
  /** the purchase is paid in full now */
  paidInFull: boolean;
  data: Omit<PurchaseRecorded['data'], 'net' | 'vat' | 'total' | 'paid' | 'owed'> & { items: PurchaseItem[] };
  formatMoney: (minor: number) => string;
};

const noWallet = (payments: readonly InvoicePayment[], field: (i: number) => string) =>
  payments.forEach((p, i) => {
    if (p.method === PaymentMethod.wallet)
      throw new DomainError('errors.invalid_input', 422, { [field(i)]: 'errors.invalid_input' });
  });

/**
 * Recording (doc 2): at least two items, each product once; payments never above the total, none from a
 * customer's wallet; a purchase marked paid has at least one payment and its payments add up to its total.
 */
export const decideRecordPurchase = (c: RecordPurchase, s: PurchaseState): PurchaseEvent[] => {
  if (s.exists) throw conflict('errors.already_exists');
  const { items, payments } = c.data;
  if (items.length < 2)
    throw new DomainError('accounting.at_least_two_items', 422, { items: 'accounting.at_least_two_items' });
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item.product_id))
      throw new DomainError('accounting.product_twice', 422, {
        [`items.${i}.product_id`]: 'accounting.product_twice',
      });
    seen.add(item.product_id);
  });
  noWallet(payments, (i) => `payments.${i}.method`);
  const net = items.reduce((sum, i) => sum + i.net, 0);
  const vat = items.reduce((sum, i) => sum + i.vat, 0);
  const total = net + vat;
  const paid = payments.reduce((sum, p) => sum + p.amount, 0);
  if (paid > total)
    throw new DomainError('accounting.purchase_payments_above_total', 422, {
      payments: 'accounting.purchase_payments_above_total',
    });
  if (c.paidInFull && (payments.length === 0 || paid !== total))
    throw new DomainError(
      'accounting.paid_needs_payments',
      422,
      { payments: 'accounting.paid_needs_payments' },
      { total: c.formatMoney(total) },
    );
  return [{ type: 'PurchaseRecorded', data: { ...c.data, net, vat, total, paid, owed: total - paid } }];
};

/** Paying what a purchase owes: never more than it, never on one with nothing owed. */
export const decidePayPurchase = (
  c: { purchaseId: string; payment: InvoicePayment; date: string; owedText: (minor: number) => string },
  s: PurchaseState,
): PurchaseEvent[] => {
  if (!s.exists) throw notFound('accounting.purchase_not_found');
  if (s.owed <= 0) throw conflict('accounting.purchase_nothing_owed');
  checkBillPayment(c.payment, s.owed, c.owedText);
  return [
    {
      type: 'PurchasePaid',
      data: {
        purchase_id: c.purchaseId,
        number: s.number,
        supplier_id: s.supplier_id,
        payment: c.payment,
        date: c.date,
        paid: s.paid + c.payment.amount,
        owed: s.owed - c.payment.amount,
      },
    },
  ];
};

/** Correcting the supplier's invoice details; nothing changed, nothing written. */
export const decideChangePurchase = (
  c: { purchaseId: string; header: PurchaseHeader },
  s: PurchaseState,
): PurchaseEvent[] => {
  if (!s.exists) throw notFound('accounting.purchase_not_found');
  const previous: PurchaseHeader = {
    supplier_invoice_number: s.supplier_invoice_number,
    supplier_invoice_date: s.supplier_invoice_date,
    due_date: s.due_date,
    notes: s.notes,
  };
  const same = (Object.keys(previous) as Array<keyof PurchaseHeader>).every(
    (k) => (previous[k] ?? null) === (c.header[k] ?? null),
  );
  if (same) return [];
  return [{ type: 'PurchaseChanged', data: { purchase_id: c.purchaseId, ...c.header, previous } }];
};
