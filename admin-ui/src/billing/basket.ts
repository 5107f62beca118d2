import {
  checkPayments,
  codeDiscounts,
  type DiscountCodeDetails,
  parseMoney,
  PaymentMethod,
  percentToBasisPoints,
  priceBasket,
  PricingError,
  toDecimalString,
  VatType,
  type Currency,
  type PricedBasket,
  type SaleItemKind,
} from '@rawnaq/contracts';

/** One line of the till as the cashier sees it: amounts as typed (decimal text), the list price in minor units. */
export type TillLine = {
  /** the screen's own key for the row (React, focus) */
  key: string;
  kind: SaleItemKind;
  itemId: string;
  nameEn: string;
  nameAr: string;
  employeeId: string;
  quantity: string;
  /** one unit before VAT, as typed; the list's price unless the user may change it */
  price: string;
  listPrice: number;
  discount: string;
  vatType: VatType;
  /** a gift card's message to its holder */
  message?: string;
  /** a service paid by a session of the customer's purchased offer or package (0 on this invoice) */
  customerOfferId?: string;
  /** that purchase's name, shown on the line */
  fromOffer?: { nameEn: string; nameAr: string };
};

/** A gift card spent on the invoice, as typed: its code and how much of it. */
export type TillGiftCardRow = { key: string; code: string; amount: string };

/** A gift card line: its price is the card's value (no list price), not subject to VAT. */
export const giftCardLine = (key: string): TillLine => ({
  key,
  kind: 'gift_card',
  itemId: '',
  nameEn: 'Gift card',
  nameAr: 'بطاقة إهداء',
  employeeId: '',
  quantity: '1',
  price: '',
  listPrice: -1,
  discount: '',
  vatType: VatType.no_tax,
});

export type TillPaymentRow = {
  key: string;
  method: PaymentMethod;
  amount: string;
  authorizationCode: string;
};

/** A problem of the basket on a field the screen shows (`lines.0.discount`, `payments.1.amount`, `payments`). */
export type TillProblem = { field?: string; key: string; params?: Record<string, string | number> };

export type TillSettings = {
  currency: Currency;
  vatEnabled: boolean;
  /** the salon's rate as settings/vat gives it (15, '12.5') */
  vatPercentage: number | string;
  /** the user's "debit in invoice" right and the salon's allow_debt, for a known customer */
  mayOwe: boolean;
  /** the chosen customer's wallet balance, minor units (0 for a walk-in) */
  walletBalance?: number;
  /** what the visit's deposits paid before it (minor units) */
  deposited?: number;
  /** a discount code the customer brought (looked up), whose amounts join the lines' own discounts */
  discountCode?: DiscountCodeDetails;
};

const AMOUNT_PROBLEM = 'app.billing.errors.amount';

/** A typed amount in minor units; an empty optional one is zero. */
export const amountOf = (text: string, currency: Currency, optional = false): number | undefined => {
  if (optional && text.trim() === '') return 0;
  const parsed = parseMoney(text, currency);
  return parsed.ok && parsed.money.amount >= 0 ? parsed.money.amount : undefined;
};

export const amountText = (minor: number, currency: Currency) => toDecimalString({ amount: minor, currency });

const quantityOf = (text: string) => {
  const digits = text.trim().replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  return /^\d{1,4}$/.test(digits) && Number(digits) >= 1 ? Number(digits) : undefined;
};

export type TillTotals = {
  /** the basket priced by the contracts' `priceBasket`: the invoice's numbers, to the minor unit */
  priced?: PricedBasket;
  /** what the discount code takes off (already in the lines' discounts) */
  codeDiscount: number;
  /** gift cards spent on it: part of the total, not a payment */
  redeemed: number;
  paid: number;
  /** what the payments still leave to pay (never below zero) */
  remaining: number;
  owed: number;
  problems: TillProblem[];
};

/**
 * The till's live numbers: the same pricing and payment rules the server runs (contracts/src/sales),
 * over what is typed so far. Problems name their fields as the server's 422 does.
 */
export const tillTotals = (
  lines: readonly TillLine[],
  invoiceDiscount: string,
  payments: readonly TillPaymentRow[],
  settings: TillSettings,
  giftCards: readonly TillGiftCardRow[] = [],
): TillTotals => {
  const { currency } = settings;
  const problems: TillProblem[] = [];
  const basket = lines.map((line, i) => {
    const quantity = quantityOf(line.quantity);
    const unitPrice = amountOf(line.price, currency);
    const discount = amountOf(line.discount, currency, true);
    if (quantity === undefined)
      problems.push({ field: `lines.${i}.quantity`, key: 'sales.invalid_quantity' });
    if (unitPrice === undefined) problems.push({ field: `lines.${i}.price`, key: AMOUNT_PROBLEM });
    if (discount === undefined) problems.push({ field: `lines.${i}.discount`, key: AMOUNT_PROBLEM });
    return {
      quantity: quantity ?? 1,
      unitPrice: unitPrice ?? 0,
      discount: discount ?? 0,
      vatType: line.vatType,
    };
  });
  // a code's amounts go into the lines' own discounts, as the server prices them
  const codeOff = settings.discountCode
    ? codeDiscounts(
        settings.discountCode,
        lines.map((l, i) => ({
          kind: l.kind,
          itemId: l.itemId,
          amount: Math.max(0, basket[i].unitPrice * basket[i].quantity - basket[i].discount),
        })),
      )
    : lines.map(() => 0);
  codeOff.forEach((off, i) => (basket[i].discount += off));
  const codeDiscount = codeOff.reduce((a, b) => a + b, 0);
  const discount = amountOf(invoiceDiscount, currency, true);
  if (discount === undefined) problems.push({ field: 'discount', key: AMOUNT_PROBLEM });
  let priced: PricedBasket | undefined;
  try {
    priced = priceBasket(
      basket,
      {
        vatEnabled: settings.vatEnabled,
        vatRateBp: settings.vatEnabled ? percentToBasisPoints(settings.vatPercentage) : 0,
      },
      discount ?? 0,
    );
  } catch (error) {
    if (!(error instanceof PricingError)) throw error;
    problems.push({
      field: error.line === undefined ? 'discount' : `lines.${error.line}.discount`,
      key: error.key,
    });
  }
  const redeemed = giftCards.reduce((sum, g, i) => {
    const amount = amountOf(g.amount, currency);
    if (amount === undefined || amount === 0)
      problems.push({ field: `gift_cards.${i}.amount`, key: AMOUNT_PROBLEM });
    return sum + (amount ?? 0);
  }, 0);
  if (redeemed > (priced?.total ?? 0)) problems.push({ field: 'gift_cards', key: 'gift_cards.above_total' });
  const deposited = settings.deposited ?? 0;
  const due = Math.max(0, (priced?.total ?? 0) - redeemed - deposited);
  const typed = payments.map((p, i) => {
    const amount = amountOf(p.amount, currency);
    if (amount === undefined) problems.push({ field: `payments.${i}.amount`, key: AMOUNT_PROBLEM });
    return {
      method: p.method,
      amount: amount ?? 0,
      ...(p.authorizationCode.trim() && { authorization_code: p.authorizationCode.trim() }),
    };
  });
  const check = checkPayments(typed, {
    due,
    walletBalance: settings.walletBalance ?? 0,
    mayOwe: settings.mayOwe,
    formatMoney: (minor) => amountText(minor, currency),
  });
  if (lines.length === 0) problems.push({ field: 'lines', key: 'sales.at_least_one_line' });
  return {
    priced,
    codeDiscount,
    redeemed,
    paid: check.paid,
    remaining: Math.max(0, due - check.paid),
    owed: check.owed,
    problems: [...problems, ...check.problems.filter((p) => !problems.some((q) => q.field === p.field))],
  };
};

/** The body of `POST invoices` (docs/api.md): money as the currency's decimal text, defaults left out. */
export const invoiceBody = (
  input: {
    customerId?: string;
    appointmentId?: string;
    lines: readonly TillLine[];
    discount: string;
    payments: readonly TillPaymentRow[];
    giftCards?: readonly TillGiftCardRow[];
    discountCode?: string;
  },
  currency: Currency,
) => {
  const text = (typed: string) => {
    const minor = amountOf(typed, currency, true);
    return minor === undefined ? typed.trim() : amountText(minor, currency);
  };
  return {
    ...(input.customerId && { customer_id: input.customerId }),
    ...(input.appointmentId && { appointment_id: input.appointmentId }),
    lines: input.lines.map((l) => ({
      kind: l.kind,
      ...(l.kind !== 'gift_card' && { item_id: l.itemId }),
      ...(l.kind === 'gift_card' && l.message?.trim() && { message: l.message.trim() }),
      ...(l.customerOfferId && { customer_offer_id: l.customerOfferId }),
      ...(l.employeeId && { employee_id: l.employeeId }),
      ...(quantityOf(l.quantity) !== 1 && { quantity: quantityOf(l.quantity) ?? l.quantity }),
      ...(amountOf(l.price, currency) !== l.listPrice && { price: text(l.price) }),
      ...(amountOf(l.discount, currency, true) !== 0 && { discount: text(l.discount) }),
    })),
    ...(amountOf(input.discount, currency, true) !== 0 && { discount: text(input.discount) }),
    payments: input.payments.map((p) => ({
      method: p.method,
      amount: text(p.amount),
      ...(p.authorizationCode.trim() && { authorization_code: p.authorizationCode.trim() }),
    })),
    ...(input.discountCode?.trim() && { discount_code: input.discountCode.trim() }),
    ...(input.giftCards?.length && {
      gift_cards: input.giftCards.map((g) => ({ code: g.code.trim(), amount: text(g.amount) })),
    }),
  };
};

/** The methods whose payment needs the card terminal's authorization code (doc2 §5.5). */
export const needsAuthorizationCode = (method: PaymentMethod) =>
  method === PaymentMethod.credit_card || method === PaymentMethod.debit_card;

/** The ten methods of doc2 §9, in their order. */
export const PAYMENT_METHODS = Object.values(PaymentMethod) as PaymentMethod[];

/** "Rest in cash": the cash row takes what remains (added when there is none). */
export const restInCash = (
  payments: readonly TillPaymentRow[],
  remaining: number,
  currency: Currency,
  newKey: () => string,
): TillPaymentRow[] => {
  if (remaining <= 0) return [...payments];
  const cash = payments.findIndex((p) => p.method === PaymentMethod.cash);
  if (cash < 0)
    return [
      ...payments,
      {
        key: newKey(),
        method: PaymentMethod.cash,
        amount: amountText(remaining, currency),
        authorizationCode: '',
      },
    ];
  return payments.map((p, i) =>
    i === cash ? { ...p, amount: amountText((amountOf(p.amount, currency) ?? 0) + remaining, currency) } : p,
  );
};
