import { z } from 'zod';
import { DiscountCodeCategory, DiscountCodeCategorySchema } from '../coded-values/enumerations';
import { cleanPayload } from '../customers/customer-input';
import { allocate } from '../money/allocate';
import { multiplyByRate, percentToBasisPoints } from '../money/rounding';
import { required } from '../validators/core';
import { date } from '../validators/dates';
import { price } from '../validators/numbers';
import { maxLength } from '../validators/text';
import { perCountry, withRule } from '../validators/zod';

export const DISCOUNT_CODE_CATEGORY = 'discountcode';

/** A code as typed: upper case, letters and digits (and dashes), 3 to 20 of them; undefined otherwise. */
export const normalizeDiscountCode = (typed: string): string | undefined => {
  const code = typed.trim().toUpperCase();
  return /^[A-Z0-9][A-Z0-9-]{1,18}[A-Z0-9]$/.test(code) ? code : undefined;
};

const numberText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), schema);
const code = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), schema);
const ids = z
  .array(withRule(z.string(), required, maxLength(60)))
  .max(500)
  .default([]);

const codeRule = (v: unknown) =>
  typeof v === 'string' && v.trim() !== '' && !normalizeDiscountCode(v)
    ? { key: 'discount_codes.code_format' }
    : undefined;

/** Which lines a category reaches: services, products, and whether only the selected ones. */
export const categoryReach = (category: DiscountCodeCategory) => ({
  services: category === 1 || category === 2 || category === 4 || category === 5,
  products: category === 1 || category === 3 || category === 4 || category === 6,
  selected: category >= 4,
});

/**
 * A discount code (doc1 §3, §4): its code (unique in the salon), which lines it reaches (the six
 * categories), a percentage or an amount off, the days it is valid, and whether it is used once or
 * any number of times.
 */
export const discountCodeInput = perCountry((context) =>
  z
    .preprocess(
      cleanPayload,
      z.object({
        code: withRule(z.string(), required, maxLength(20), codeRule),
        name: withRule(z.string(), maxLength(100)).optional(),
        category: code(DiscountCodeCategorySchema),
        service_ids: ids,
        product_ids: ids,
        kind: z.enum(['percent', 'amount']),
        value: numberText(
          withRule(z.string(), required, price({ countryId: context.countryId, max: 100_000_000 })),
        ),
        valid_from: withRule(z.string(), required, date),
        valid_to: withRule(z.string(), required, date),
        single_use: z
          .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean())
          .default(false),
        active: z
          .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean())
          .default(true),
      }),
    )
    .superRefine((v, ctx) => {
      const reach = categoryReach(v.category);
      if (reach.selected && reach.services && !reach.products && v.service_ids.length === 0)
        ctx.addIssue({ code: 'custom', path: ['service_ids'], message: 'discount_codes.choose_services' });
      if (reach.selected && reach.products && !reach.services && v.product_ids.length === 0)
        ctx.addIssue({ code: 'custom', path: ['product_ids'], message: 'discount_codes.choose_products' });
      if (
        reach.selected &&
        reach.services &&
        reach.products &&
        v.service_ids.length + v.product_ids.length === 0
      )
        ctx.addIssue({ code: 'custom', path: ['service_ids'], message: 'discount_codes.choose_items' });
      if (v.kind === 'percent') {
        const n = Number(v.value);
        if (!(n > 0 && n <= 100))
          ctx.addIssue({ code: 'custom', path: ['value'], message: 'discount_codes.percent_range' });
        else if (!/^\d+(\.\d{1,2})?$/.test(v.value))
          ctx.addIssue({ code: 'custom', path: ['value'], message: 'discount_codes.percent_range' });
      } else if (Number(v.value) <= 0)
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'discount_codes.amount_positive' });
      if (v.valid_to < v.valid_from)
        ctx.addIssue({ code: 'custom', path: ['valid_to'], message: 'discount_codes.ends_before_start' });
    }),
);
export type DiscountCodeInput = z.infer<ReturnType<typeof discountCodeInput>>;

/** A code as kept: the amount in minor units, a percentage in basis points (10 % = 1000). */
export type DiscountCodeDetails = {
  code: string;
  name?: string;
  category: DiscountCodeCategory;
  service_ids: string[];
  product_ids: string[];
  kind: 'percent' | 'amount';
  /** basis points for a percentage, minor units for an amount */
  value: number;
  valid_from: string;
  valid_to: string;
  single_use: boolean;
  active: boolean;
};

/** A percentage as typed ('12.5') in basis points (1250). */
export const codePercent = (text: string) => percentToBasisPoints(text);

export type DiscountCodeEvent =
  | { type: 'DiscountCodeDefined'; data: { discount_code_id: string } & DiscountCodeDetails }
  | {
      type: 'DiscountCodeChanged';
      data: {
        discount_code_id: string;
        changed: Partial<DiscountCodeDetails>;
        previous: Partial<DiscountCodeDetails>;
      };
    }
  | {
      type: 'DiscountCodeUsed';
      data: {
        discount_code_id: string;
        code: string;
        invoice_id: string;
        invoice_number: number;
        customer_id: string | null;
        amount: number;
        business_date: string;
      };
    };

/** A line of the basket as a code sees it: what it is and its amount after its own discount. */
export type CodeLine = {
  kind: 'service' | 'product' | 'gift_card' | 'offer' | 'package';
  itemId: string;
  amount: number;
};

/**
 * What a code takes off each line (minor units, before VAT): a percentage of each line it reaches,
 * rounded half up per line; an amount spread over the lines it reaches in proportion to them (never
 * more than they come to). Lines it does not reach get 0. Gift cards, offers and packages (already
 * priced below their services) are never discounted.
 */
export const codeDiscounts = (details: DiscountCodeDetails, lines: readonly CodeLine[]): number[] => {
  const reach = categoryReach(details.category);
  const reached = lines.map((l) => {
    if ((l.kind !== 'service' && l.kind !== 'product') || l.amount <= 0) return false;
    if (l.kind === 'service')
      return reach.services && (!reach.selected || details.service_ids.includes(l.itemId));
    return reach.products && (!reach.selected || details.product_ids.includes(l.itemId));
  });
  if (details.kind === 'percent')
    return lines.map((l, i) => (reached[i] ? multiplyByRate(l.amount, details.value, 10_000) : 0));
  const base = lines.reduce((sum, l, i) => (reached[i] ? sum + l.amount : sum), 0);
  if (base === 0) return lines.map(() => 0);
  const off = Math.min(details.value, base);
  const shares = allocate(
    off,
    lines.map((l, i) => (reached[i] ? l.amount : 0)),
  );
  return shares;
};

/** Why a code cannot be used today (doc2 §8.2), if it cannot. */
export const codeRefusal = (
  code: { details: DiscountCodeDetails; uses: number } | undefined,
  today: string,
): string | undefined => {
  if (!code) return 'discount_codes.not_found';
  if (!code.details.active) return 'discount_codes.inactive';
  if (today < code.details.valid_from) return 'discount_codes.not_yet_valid';
  if (today > code.details.valid_to) return 'discount_codes.expired';
  if (code.details.single_use && code.uses > 0) return 'discount_codes.used';
  return undefined;
};
