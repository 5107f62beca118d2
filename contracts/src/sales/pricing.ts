import { VatType } from '../coded-values/enumerations';
import { allocate } from '../money/allocate';
import { assertMinorUnits } from '../money/money';
import { multiplyByRate } from '../money/rounding';

/**
 * ZATCA's VAT categories (UNCL5305): S standard rate, Z zero rated, E exempt, O not subject to VAT.
 * A salon that is not registered for VAT (VAT off in its settings) sells everything as O.
 */
export type VatCategory = 'S' | 'Z' | 'E' | 'O';

/** One line of a basket as the till prices it: before VAT, in the currency's minor units. */
export type BasketLine = {
  /** the price of one unit before VAT */
  unitPrice: number;
  /** how many (a whole number: services, products, gift cards are counted) */
  quantity: number;
  /** the line's own discount before VAT, at most its amount */
  discount?: number;
  /** the item's VAT type (doc1: 1 standard, 2 no_tax, 3 exempt, 4 zero_rated); services are standard */
  vatType: VatType;
};

export type PricingContext = {
  /** the salon charges VAT (settings/vat `vat_enabled`) */
  vatEnabled: boolean;
  /** the standard rate in hundredths of a percent (15% = 1500) */
  vatRateBp: number;
};

export type PricedLine = {
  /** unit price x quantity */
  gross: number;
  /** the line's discount and its share of the invoice's */
  discount: number;
  /** gross - discount: the line's amount before VAT (UBL LineExtensionAmount) */
  net: number;
  category: VatCategory;
  rateBp: number;
  /** the line's VAT, rounded half up on its own (UBL line TaxAmount) */
  vat: number;
  /** net + vat (UBL RoundingAmount) */
  total: number;
};

/** The VAT of one category and rate over the whole document (UBL TaxSubtotal). */
export type VatSubtotal = { category: VatCategory; rateBp: number; taxable: number; vat: number };

export type PricedBasket = {
  lines: PricedLine[];
  subtotals: VatSubtotal[];
  /** the sum of the lines' gross amounts */
  gross: number;
  /** every discount */
  discount: number;
  /** before VAT (UBL TaxExclusiveAmount) */
  net: number;
  /** the document's VAT: the sum of its categories', each rounded once (UBL TaxTotal/TaxAmount) */
  vat: number;
  /** net + vat (UBL TaxInclusiveAmount) */
  total: number;
};

export class PricingError extends Error {
  constructor(
    readonly key: 'sales.discount_above_amount' | 'sales.invalid_quantity' | 'sales.invalid_price',
    readonly line?: number,
  ) {
    super(key);
    this.name = 'PricingError';
  }
}

const categoryOf = (vatType: VatType, context: PricingContext): { category: VatCategory; rateBp: number } => {
  if (!context.vatEnabled) return { category: 'O', rateBp: 0 };
  switch (vatType) {
    case VatType.standard:
      return { category: 'S', rateBp: context.vatRateBp };
    case VatType.zero_rated:
      return { category: 'Z', rateBp: 0 };
    case VatType.exempt:
      return { category: 'E', rateBp: 0 };
    default:
      return { category: 'O', rateBp: 0 };
  }
};

const CATEGORY_ORDER: Record<VatCategory, number> = { S: 0, Z: 1, E: 2, O: 3 };

/**
 * Prices a basket the way ZATCA checks an invoice (BR-CO-10..17, BR-S-08, BR-KSA-50..51), so that
 * e-invoicing adds a signature without changing a number: each line's amount is exact in minor units;
 * the invoice's own discount is spread over the lines in proportion to their amounts (largest
 * remainders, so the parts add up exactly) and taken off before VAT; VAT is worked out once per
 * category and rate over the whole document, rounded half up; a line's own VAT is shown rounded on
 * its own and may differ from its share of the document's by rounding only.
 */
export const priceBasket = (
  lines: readonly BasketLine[],
  context: PricingContext,
  invoiceDiscount = 0,
): PricedBasket => {
  assertMinorUnits(invoiceDiscount, 'invoice discount');
  const afterOwn = lines.map((line, i) => {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
      throw new PricingError('sales.invalid_quantity', i);
    if (!Number.isSafeInteger(line.unitPrice) || line.unitPrice < 0)
      throw new PricingError('sales.invalid_price', i);
    const gross = assertMinorUnits(line.unitPrice * line.quantity, 'line amount');
    const own = line.discount ?? 0;
    if (!Number.isSafeInteger(own) || own < 0 || own > gross)
      throw new PricingError('sales.discount_above_amount', i);
    return { gross, own };
  });
  const netBeforeInvoiceDiscount = afterOwn.reduce((s, l) => s + (l.gross - l.own), 0);
  if (invoiceDiscount < 0 || invoiceDiscount > netBeforeInvoiceDiscount)
    throw new PricingError('sales.discount_above_amount');
  const shares =
    invoiceDiscount > 0
      ? allocate(
          invoiceDiscount,
          afterOwn.map((l) => l.gross - l.own),
        )
      : afterOwn.map(() => 0);

  const priced: PricedLine[] = lines.map((line, i) => {
    const { gross, own } = afterOwn[i];
    const discount = own + shares[i];
    const net = gross - discount;
    const { category, rateBp } = categoryOf(line.vatType, context);
    const vat = multiplyByRate(net, rateBp, 10_000);
    return { gross, discount, net, category, rateBp, vat, total: net + vat };
  });

  const byCategory = new Map<string, VatSubtotal>();
  for (const l of priced) {
    const key = `${l.category}|${l.rateBp}`;
    const subtotal = byCategory.get(key) ?? { category: l.category, rateBp: l.rateBp, taxable: 0, vat: 0 };
    subtotal.taxable += l.net;
    byCategory.set(key, subtotal);
  }
  const subtotals = [...byCategory.values()]
    .map((s) => ({ ...s, vat: multiplyByRate(s.taxable, s.rateBp, 10_000) }))
    .sort((a, b) => CATEGORY_ORDER[a.category] - CATEGORY_ORDER[b.category] || b.rateBp - a.rateBp);

  const gross = priced.reduce((s, l) => s + l.gross, 0);
  const discount = priced.reduce((s, l) => s + l.discount, 0);
  const net = gross - discount;
  const vat = subtotals.reduce((s, t) => s + t.vat, 0);
  return { lines: priced, subtotals, gross, discount, net, vat, total: assertMinorUnits(net + vat, 'total') };
};
