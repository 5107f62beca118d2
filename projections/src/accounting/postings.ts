import {
  accountCode,
  PAYMENT_METHOD_ACCOUNT,
  type CreditNoteIssued,
  type CustomerOfferExpired,
  type CustomerOfferOpened,
  type CustomerOfferSessionReturned,
  type CustomerOfferSessionUsed,
  type DebitNoteIssued,
  type DebitNotePaymentReceived,
  type DepositCancelled,
  type DepositTaken,
  type ExpensePaid,
  type ExpenseRecorded,
  type GiftCardExpired,
  gatewayFeeIn,
  type GatewayPaymentPaid,
  PaymentMethod,
  type GiftCardIssued,
  type InvoiceCancelled,
  type InvoiceIssued,
  type InvoicePayment,
  type InvoicePaymentReceived,
  type PayrollChanged,
  type PayrollPaid,
  type PayrollRecorded,
  type PurchasePaid,
  type PurchaseRecorded,
  type StockMoved,
  StockOperationType,
  type LedgerLine,
  type LedgerSourceKind,
  type SaleItemKind,
  type SystemAccountKey,
  type VatMove,
  vatBoxOf,
  valueLeft,
  type WalletToppedUp,
} from '@rawnaq/contracts';

/**
 * The posting rules: which accounts each money event of the product moves (issue 25). Pure functions of
 * the event (and, for two of them, of what an earlier event left: the invoice's own entry, an offer's
 * price); the ledger projection stores what they return. Every entry balances; `null`: the event moves
 * no account of its own (a deposit counted on an invoice, a gift card spent on one, a wallet paying an
 * invoice: the invoice's entry posts those).
 */
export type EntryDraft = {
  source_kind: LedgerSourceKind;
  source_id: string;
  source_number: number | null;
  invoice_id: string | null;
  date: string;
  lines: LedgerLine[];
  /** the VAT return's boxes it moves (documents with VAT-able amounts), if any */
  vat?: VatMove[];
  /** the business date it was dated on, when the books were closed to then and it posts on the first open day */
  moved_from?: string;
};

/**
 * What a document's VAT subtotals put in the VAT return: as documents of the period (invoices,
 * expenses) or as adjustments (credit notes taking back, debit notes adding), signed.
 */
export const vatMoves = (
  side: 'sales' | 'purchases',
  column: 'amount' | 'adjustment',
  sign: 1 | -1,
  subtotals: ReadonlyArray<{ category: string; taxable: number; vat: number }>,
): VatMove[] => {
  const by = new Map<string, VatMove>();
  for (const s of subtotals) {
    const box = vatBoxOf(side, s.category);
    if (!box) continue;
    const m = by.get(box) ?? { box, amount: 0, adjustment: 0, vat: 0 };
    m[column] += sign * s.taxable;
    m.vat += sign * s.vat;
    by.set(box, m);
  }
  return [...by.values()].filter((m) => m.amount || m.adjustment || m.vat);
};

/** Lines to accounts by key, amounts signed: positive debits, negative credits; zeros dropped, same account merged. */
export const lines = (moves: ReadonlyArray<[SystemAccountKey | string, number]>): LedgerLine[] => {
  const by = new Map<string, number>();
  for (const [account, amount] of moves) {
    if (!amount) continue;
    const code = /^\d+$/.test(account) ? account : accountCode(account as SystemAccountKey);
    by.set(code, (by.get(code) ?? 0) + amount);
  }
  return [...by]
    .filter(([, amount]) => amount !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([account, amount]) =>
      amount > 0 ? { account, debit: amount, credit: 0 } : { account, debit: 0, credit: -amount },
    );
};

const methodAccount = (method: number): SystemAccountKey =>
  PAYMENT_METHOD_ACCOUNT[method as PaymentMethod] ?? 'cash';

/** Where a line's sale is credited: the menu's services and the shelf's products are income; what is sold now and served later is owed to the customer. */
const SALE_ACCOUNT: Record<SaleItemKind, SystemAccountKey> = {
  service: 'service_sales',
  product: 'product_sales',
  gift_card: 'active_gift_cards',
  offer: 'unused_offer_services',
  package: 'unused_offer_services',
};
/** Where a credit note's line is debited: income given back, or what the customer was owed and no longer is. */
const RETURN_ACCOUNT: Record<SaleItemKind, SystemAccountKey> = {
  service: 'sales_return',
  product: 'sales_return',
  gift_card: 'active_gift_cards',
  offer: 'unused_offer_services',
  package: 'unused_offer_services',
};

const paymentsIn = (payments: readonly InvoicePayment[]): Array<[SystemAccountKey, number]> =>
  payments.map((p) => [methodAccount(p.method), p.amount]);

/**
 * An invoice: the money taken by method, deposits and gift cards spent, what stays owed; against the
 * sales by kind (services and products at their price, their discounts apart), what is sold now and
 * served later (gift cards, offers and packages) owed to the customer, and the VAT.
 */
export const invoicePosting = (d: InvoiceIssued['data']): EntryDraft => {
  const moves: Array<[SystemAccountKey, number]> = [
    ...paymentsIn(d.payments),
    ['advance_payments', d.deposited ?? 0],
    ['active_gift_cards', d.redeemed ?? 0],
    ['unpaid_invoices', d.owed],
    ['vat_sales', -d.vat],
  ];
  for (const l of d.lines) {
    const income = l.kind === 'service' || l.kind === 'product';
    moves.push([SALE_ACCOUNT[l.kind], -(income ? l.net + l.discount : l.net)]);
    if (income) moves.push(['sales_discounts', l.discount]);
  }
  return {
    source_kind: 'invoice',
    source_id: d.invoice_id,
    source_number: d.number,
    invoice_id: d.invoice_id,
    date: d.business_date,
    lines: lines(moves),
    vat: vatMoves('sales', 'amount', 1, d.subtotals ?? []),
  };
};

/** What an invoice left owed, paid later. */
export const invoicePaymentPosting = (d: InvoicePaymentReceived['data']): EntryDraft => ({
  source_kind: 'invoice_payment',
  source_id: d.payment.payment_id,
  source_number: null,
  invoice_id: d.invoice_id,
  date: d.business_date,
  lines: lines([
    [methodAccount(d.payment.method), d.payment.amount],
    ['unpaid_invoices', -d.payment.amount],
  ]),
});

/**
 * An invoice cancelled: its sale's side of its own entry turned round, and every payment it had (those
 * at the till and those taken later) and what it still owed given back. Posted on the invoice's date.
 */
export const invoiceCancelPosting = (
  d: InvoiceCancelled['data'],
  issued: readonly LedgerLine[] | undefined,
  issuedVat: readonly VatMove[] = [],
): EntryDraft => {
  const moneyAccounts = new Set<string>([
    ...Object.values(PAYMENT_METHOD_ACCOUNT).map(accountCode),
    accountCode('unpaid_invoices'),
  ]);
  const moves: Array<[string, number]> = [];
  // the sale side (income, discounts, VAT, what the customer was to be owed) as the invoice posted it
  for (const l of issued ?? [])
    if (!moneyAccounts.has(l.account)) moves.push([l.account, l.credit - l.debit]);
  for (const p of d.payments) moves.push([methodAccount(p.method), -p.amount]);
  moves.push(['unpaid_invoices', -d.owed]);
  return {
    source_kind: 'invoice_cancelled',
    source_id: d.invoice_id,
    source_number: d.invoice_number,
    invoice_id: d.invoice_id,
    date: d.business_date,
    lines: lines(moves),
    // the cancelled invoice leaves the return as an adjustment of the period it is cancelled in
    vat: issuedVat.map((m) => ({
      box: m.box,
      amount: 0,
      adjustment: -(m.amount + m.adjustment),
      vat: -m.vat,
    })),
  };
};

/** A credit note: income given back (or what the customer held turned back), its VAT, and the refunds by method. */
export const creditNotePosting = (d: CreditNoteIssued['data']): EntryDraft => ({
  source_kind: 'credit_note',
  source_id: d.credit_note_id,
  source_number: d.number,
  invoice_id: d.invoice_id,
  date: d.business_date,
  lines: lines([
    ...d.lines.map((l): [SystemAccountKey, number] => [RETURN_ACCOUNT[l.kind] ?? 'sales_return', l.net]),
    ['vat_credit_note', d.vat],
    ...d.payments.map((p): [SystemAccountKey, number] => [methodAccount(p.method), -p.amount]),
  ]),
  vat: vatMoves('sales', 'adjustment', -1, d.subtotals ?? []),
});

/** A debit note: what was taken for it and what stays owed, against its income and VAT. */
export const debitNotePosting = (d: DebitNoteIssued['data']): EntryDraft => ({
  source_kind: 'debit_note',
  source_id: d.debit_note_id,
  source_number: d.number,
  invoice_id: d.invoice_id,
  date: d.business_date,
  lines: lines([
    ...paymentsIn(d.payments),
    ['unpaid_invoices', d.owed],
    ['debit_notes', -d.net],
    ['vat_debit_notes', -d.vat],
  ]),
  vat: vatMoves('sales', 'adjustment', 1, d.subtotals ?? []),
});

export const debitNotePaymentPosting = (d: DebitNotePaymentReceived['data']): EntryDraft => ({
  source_kind: 'debit_note_payment',
  source_id: d.payment.payment_id,
  source_number: d.debit_note_number,
  invoice_id: d.invoice_id,
  date: d.business_date,
  lines: lines([
    [methodAccount(d.payment.method), d.payment.amount],
    ['unpaid_invoices', -d.payment.amount],
  ]),
});

/** Money taken before a visit is the customer's until her invoice counts it. */
export const depositPosting = (d: DepositTaken['data']): EntryDraft => ({
  source_kind: 'deposit',
  source_id: d.deposit_id,
  source_number: null,
  invoice_id: null,
  date: d.business_date,
  lines: lines([
    [methodAccount(d.payment.method), d.payment.amount],
    ['advance_payments', -d.payment.amount],
  ]),
});

export const depositCancelPosting = (d: DepositCancelled['data']): EntryDraft => ({
  source_kind: 'deposit_cancelled',
  source_id: d.deposit_id,
  source_number: null,
  invoice_id: null,
  date: d.business_date,
  lines: lines([
    ['advance_payments', d.amount],
    [methodAccount(d.method), -d.amount],
  ]),
});

/**
 * A gift card given free (or earned with loyalty points): an expense of the salon and what it owes the
 * holder. A card sold on an invoice is posted by the invoice (`null` here).
 */
export const giftCardPosting = (d: GiftCardIssued['data']): EntryDraft | null =>
  d.invoice_id
    ? null
    : {
        source_kind: 'gift_card',
        source_id: d.gift_card_id,
        source_number: null,
        invoice_id: null,
        date: d.business_date,
        lines: lines([
          ['free_gift_cards', d.value],
          ['active_gift_cards', -d.value],
        ]),
      };

export const walletTopUpPosting = (d: WalletToppedUp['data']): EntryDraft => ({
  source_kind: 'wallet_top_up',
  source_id: d.payment.payment_id,
  source_number: null,
  invoice_id: null,
  date: d.business_date,
  lines: lines([
    [methodAccount(d.payment.method), d.amount],
    ['customer_wallets', -d.amount],
  ]),
});

/**
 * The platform's fee for a payment through the online gateway (1 AED, in the salon's currency): an
 * expense taken from the money the gateway collected, so it is credited to the account that money was
 * posted to: the card account for a visit's deposit (taken as a card payment), the payment-link account
 * for what was bought online (sold as paid by payment link).
 */
export const gatewayFeePosting = (d: GatewayPaymentPaid['data']): EntryDraft => {
  const fee =
    d.fee_in_currency ?? gatewayFeeIn(d.currency, { amount: d.fee_amount, currency: d.fee_currency });
  return {
    source_kind: 'gateway_fee',
    source_id: d.payment_id,
    source_number: null,
    invoice_id: null,
    date: d.business_date,
    lines: lines([
      ['gateway_fees', fee],
      [methodAccount(d.deposit_id ? PaymentMethod.credit_card : PaymentMethod.payment_link), -fee],
    ]),
  };
};

/**
 * What an offer or package sold for and how many sessions it gives: kept for its sessions' postings;
 * and whether it expired (what was left of it then taken as income).
 */
export type OfferTerms = Pick<CustomerOfferOpened['data'], 'price' | 'allowance'> & { expired?: boolean };

/**
 * The part of an offer's price its first `used` sessions earn: the price less what the sessions left are
 * worth, rounded as the customer's offers show it (`valueLeft`), so the liability is always the value
 * left of the purchases (the last session takes what rounding left).
 */
const earned = (terms: OfferTerms, used: number) =>
  terms.allowance > 0
    ? terms.price - valueLeft(terms.price, terms.allowance - Math.min(used, terms.allowance), terms.allowance)
    : 0;

/**
 * A session of a purchased offer used: its share of the price moves from what the salon owes the
 * customer to service sales. Given back: moved back.
 */
export const offerSessionPosting = (
  e: { id: string; type: 'CustomerOfferSessionUsed' | 'CustomerOfferSessionReturned' },
  d: CustomerOfferSessionUsed['data'] | CustomerOfferSessionReturned['data'],
  terms: OfferTerms | undefined,
): EntryDraft | null => {
  if (!terms) return null;
  const used = e.type === 'CustomerOfferSessionUsed';
  // sessions used once this one counts (used) or before it was given back (returned)
  const count = terms.allowance - d.left + (used ? 0 : 1);
  const amount = earned(terms, count) - earned(terms, count - 1);
  const sign = used ? 1 : -1;
  return {
    source_kind: used ? 'offer_session' : 'offer_session_returned',
    source_id: e.id,
    source_number: null,
    invoice_id: d.invoice_id,
    date: d.business_date,
    lines: lines([
      // a session given back to a purchase that has expired can never be used: its value is breakage
      [terms.expired ? 'breakage' : 'unused_offer_services', sign * amount],
      ['service_sales', -sign * amount],
    ]),
  };
};

/**
 * Breakage: a gift card expired with something left, or an offer or package with sessions left. What
 * the salon owed for it is owed no more: income, on the day after its last day.
 */
export const giftCardExpiryPosting = (d: GiftCardExpired['data']): EntryDraft => ({
  source_kind: 'gift_card_expired',
  source_id: d.gift_card_id,
  source_number: null,
  invoice_id: null,
  date: d.business_date,
  lines: lines([
    ['active_gift_cards', d.remaining],
    ['breakage', -d.remaining],
  ]),
});

export const offerExpiryPosting = (d: CustomerOfferExpired['data']): EntryDraft => ({
  source_kind: 'offer_expired',
  source_id: d.customer_offer_id,
  source_number: null,
  invoice_id: null,
  date: d.business_date,
  lines: lines([
    ['unused_offer_services', d.value_left],
    ['breakage', -d.value_left],
  ]),
});

/**
 * An expense: its account (the expense type's) before VAT, the input VAT recovered, against the money
 * paid now by method and what stays owed to the supplier.
 */
export const expensePosting = (d: ExpenseRecorded['data']): EntryDraft => ({
  source_kind: 'expense',
  source_id: d.expense_id,
  source_number: d.number,
  invoice_id: null,
  date: d.date,
  lines: lines([
    [d.account, d.net],
    ['purchases_paid_vat', d.vat],
    ...d.payments.map((p): [SystemAccountKey, number] => [methodAccount(p.method), -p.amount]),
    ['suppliers', -d.owed],
  ]),
  vat: vatMoves(
    'purchases',
    'amount',
    1,
    d.items.map((i) => ({ category: i.vat_category, taxable: i.net, vat: i.vat })),
  ),
});

/** A bill paid (an expense's or a purchase's): what is owed to the supplier, less the money paid. */
const billPaymentPosting = (
  kind: 'expense_payment' | 'purchase_payment',
  d: ExpensePaid['data'] | PurchasePaid['data'],
): EntryDraft => ({
  source_kind: kind,
  source_id: d.payment.payment_id,
  source_number: d.number,
  invoice_id: null,
  date: d.date,
  lines: lines([
    ['suppliers', d.payment.amount],
    [methodAccount(d.payment.method), -d.payment.amount],
  ]),
});
export const expensePaymentPosting = (d: ExpensePaid['data']): EntryDraft =>
  billPaymentPosting('expense_payment', d);
export const purchasePaymentPosting = (d: PurchasePaid['data']): EntryDraft =>
  billPaymentPosting('purchase_payment', d);

/**
 * A purchase: the goods into inventory at their cost before VAT, the input VAT recovered, against the
 * money paid now by method and what stays owed to the supplier.
 */
export const purchasePosting = (d: PurchaseRecorded['data']): EntryDraft => ({
  source_kind: 'purchase',
  source_id: d.purchase_id,
  source_number: d.number,
  invoice_id: null,
  date: d.date,
  lines: lines([
    ['inventory', d.net],
    ['purchases_paid_vat', d.vat],
    ...d.payments.map((p): [SystemAccountKey, number] => [methodAccount(p.method), -p.amount]),
    ['suppliers', -d.owed],
  ]),
  vat: vatMoves(
    'purchases',
    'amount',
    1,
    d.items.map((i) => ({ category: i.vat_category, taxable: i.net, vat: i.vat })),
  ),
});

/** What a product's stock is worth: what is on hand at its average cost. */
export const stockValue = (d: { balance: number; average_cost: number }): number =>
  d.balance * d.average_cost;

/** The other side of a stock movement's change of the inventory's value. */
const STOCK_COUNTER_ACCOUNT: Partial<Record<number, SystemAccountKey>> = {
  [StockOperationType.sold]: 'cost_of_goods_sold',
  [StockOperationType.invoice_return]: 'cost_of_goods_sold',
  [StockOperationType.internal_use]: 'salon_material_expense',
  [StockOperationType.initial_quantity]: 'opening_balance_equity',
};

/**
 * A stock movement: the inventory moves by what the product's stock is worth after it less what it was
 * worth before (`before`), so the inventory account is always the stock on hand at its average cost.
 * Sold or taken back: the cost of the goods sold; used in the salon: its materials expense; a product's
 * first quantity: the opening balance equity; lost, expired, counted or added by hand: stock
 * adjustments. A purchase's goods are in its own entry at their cost: a movement of a purchase posts only
 * what the average cost's rounding left over.
 */
export const stockMovementPosting = (
  eventId: string,
  d: StockMoved['data'],
  before: number,
  fallbackDate: string,
): EntryDraft => {
  let change = stockValue(d) - before;
  if (d.operation === StockOperationType.purchase) change -= d.quantity * (d.unit_cost ?? 0);
  return {
    source_kind: 'stock_movement',
    // the product, and the movement (a product moves many times)
    source_id: `${d.product_id}@${eventId}`,
    source_number: null,
    invoice_id: d.invoice_id ?? null,
    date: d.date ?? fallbackDate,
    lines: lines([
      ['inventory', change],
      [STOCK_COUNTER_ACCOUNT[d.operation] ?? 'stock_adjustments', -change],
    ]),
  };
};

/**
 * What the salon owed a supplier when its books started: owed to the supplier, against the opening
 * balance equity; a change of it posts the difference on the day it is changed.
 */
export const supplierOpeningPosting = (
  eventId: string,
  supplierId: string,
  date: string,
  difference: number,
): EntryDraft | null =>
  difference === 0
    ? null
    : {
        source_kind: 'supplier_opening',
        source_id: `${supplierId}@${eventId}`,
        source_number: null,
        invoice_id: null,
        date,
        lines: lines([
          ['opening_balance_equity', difference],
          ['suppliers', -difference],
        ]),
      };

/**
 * A month's payroll: the salaries expense (salary, commission and additions, less the deductions kept
 * back: the net), owed to the employee until paid; dated on the month's last day.
 */
export const payrollPosting = (d: PayrollRecorded['data']): EntryDraft => ({
  source_kind: 'payroll',
  source_id: d.payroll_id,
  source_number: null,
  invoice_id: null,
  date: d.date,
  lines: lines([
    ['salaries', d.net],
    ['salaries_payable', -d.net],
  ]),
});

/** A payroll changed: the difference of its net, on the month's last day (`payroll@event`). */
export const payrollChangePosting = (eventId: string, d: PayrollChanged['data']): EntryDraft | null => {
  const difference = d.net - d.previous_net;
  return difference === 0
    ? null
    : {
        source_kind: 'payroll_change',
        source_id: `${d.payroll_id}@${eventId}`,
        source_number: null,
        invoice_id: null,
        date: d.date,
        lines: lines([
          ['salaries', difference],
          ['salaries_payable', -difference],
        ]),
      };
};

/** A payroll paid: owed to the employee no more, against the money paid (`payroll@payment`). */
export const payrollPaymentPosting = (d: PayrollPaid['data']): EntryDraft => ({
  source_kind: 'payroll_payment',
  source_id: `${d.payroll_id}@${d.payment.payment_id}`,
  source_number: null,
  invoice_id: null,
  date: d.date,
  lines: lines([
    ['salaries_payable', d.payment.amount],
    [methodAccount(d.payment.method), -d.payment.amount],
  ]),
});
