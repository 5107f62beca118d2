import { z } from 'zod';
import { ProductUsageTypeSchema, VatTypeSchema } from '../coded-values/enumerations';
import { cleanPayload } from '../customers/customer-input';
import { required } from '../validators/core';
import { integer, price } from '../validators/numbers';
import { digitsOnly, maxLength, serviceName } from '../validators/text';
import { withFieldRule, withRule } from '../validators/zod';
import { vatExemptionRule } from '../einvoicing/exemptions';

const numberText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), schema);
const code = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), schema);

/** A product (spec doc1 §3 Product): what the salon sells or uses. Prices are before VAT, in the account's currency. */
export const productInput = (context: { countryId: number }) =>
  z.preprocess(
    cleanPayload,
    withFieldRule(
      z.object({
        name_en: withRule(z.string(), required, serviceName, maxLength(100)),
        name_ar: withRule(z.string(), required, serviceName, maxLength(100)),
        barcode: withRule(z.string(), digitsOnly, maxLength(15)).optional(),
        price: numberText(withRule(z.string(), required, price({ countryId: context.countryId }))),
        usage_type: code(ProductUsageTypeSchema).default(1),
        vat_type: code(VatTypeSchema).default(1),
        warning_level: numberText(withRule(z.string(), integer({ min: 0, max: 1_000_000 }))).optional(),
        /** an uploaded image (`POST files?purpose=image`): the product's picture */
        image_file_id: withRule(z.string(), maxLength(60)).optional(),
        /**
         * why a Saudi salon's exempt or zero-rated product carries no VAT (a ZATCA VATEX code, see
         * einvoicing/exemptions); out of scope is VATEX-SA-OOS; ignored when standard-rated or elsewhere
         */
        vat_exemption_code: withRule(z.string(), maxLength(20)).optional(),
      }),
      'vat_exemption_code',
      (data) => (context.countryId === 1 ? vatExemptionRule(data.vat_type) : () => undefined),
    ),
  );
export type ProductInput = z.infer<ReturnType<typeof productInput>>;

/** A new product may come with what is on the shelf and what it cost (recorded as the initial quantity). */
export const newProductInput = (context: { countryId: number }) =>
  z.preprocess(
    cleanPayload,
    z.intersection(
      productInput(context),
      z.object({
        initial_quantity: numberText(withRule(z.string(), integer({ min: 0, max: 1_000_000 }))).optional(),
        cost_price: numberText(withRule(z.string(), price({ countryId: context.countryId }))).optional(),
      }),
    ),
  );

/** The stock screens (add quantity, adjust quantity, internal use, expired, lost). */
export const STOCK_OPERATIONS = [
  'add_quantity',
  'adjust_quantity',
  'internal_use',
  'expired',
  'lost',
] as const;
export type StockOperation = (typeof STOCK_OPERATIONS)[number];
export const stockOperationInput = (context: { countryId: number }) =>
  z.preprocess(
    cleanPayload,
    z.object({
      operation: z.enum(STOCK_OPERATIONS),
      quantity: numberText(withRule(z.string(), required, integer({ min: 0, max: 1_000_000 }))),
      unit_cost: numberText(withRule(z.string(), price({ countryId: context.countryId }))).optional(),
      notes: withRule(z.string(), maxLength(500)).optional(),
    }),
  );
