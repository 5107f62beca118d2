import { toDecimalString, type Currency, type HeldInvoiceLine } from '@rawnaq/contracts';
import type { TillLine } from '../billing/basket';

/** A price of the menu or the shelf as it is now, for telling whether the held price was changed. */
export type ListPrice = (line: Pick<HeldInvoiceLine, 'kind' | 'item_id'>) => number | undefined;

/**
 * The till's lines of a resumed basket: as they were held (employee, quantity, price, discount), the
 * list price as it is now (a held price other than the list's is sent as a changed price, which the
 * rights then judge), amounts as the currency's decimal text.
 */
export const tillLinesOf = (
  lines: readonly HeldInvoiceLine[],
  listPrice: ListPrice,
  currency: Currency,
  newKey: () => string,
): TillLine[] =>
  lines.map((l) => ({
    key: newKey(),
    kind: l.kind,
    itemId: l.item_id,
    nameEn: l.name_en,
    nameAr: l.name_ar,
    employeeId: l.employee_id ?? '',
    quantity: String(l.quantity),
    price: toDecimalString({ amount: l.unit_price, currency }),
    listPrice: listPrice(l) ?? l.unit_price,
    discount: l.discount > 0 ? toDecimalString({ amount: l.discount, currency }) : '',
    vatType: l.vat_type,
  }));

/** The body of `POST held-invoices`: the till's invoice body without its payments. */
export const holdBody = <B extends { payments?: unknown }>(invoice: B, notes?: string) => {
  const { payments: _payments, ...basket } = invoice;
  return { ...basket, ...(notes && { notes }) };
};
