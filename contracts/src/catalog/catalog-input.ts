import { z } from 'zod';
import { countryOf, isCountryId } from '../coded-values/countries';
import { cleanPayload } from '../customers/customer-input';
import { parseMoney } from '../money/parse';
import { required } from '../validators/core';
import { date } from '../validators/dates';
import { integer, multipleOf, price } from '../validators/numbers';
import { maxLength, serviceName } from '../validators/text';
import { withRule, booleanish } from '../validators/zod';

const name = withRule(z.string(), required, serviceName, maxLength(100));
/** Prices arrive as typed text ('120.50') or a form's number; both are read exactly, never as floats. */
const priceText = (countryId: number) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    withRule(z.string(), required, price({ countryId })),
  );
const optionalPriceText = (countryId: number) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    withRule(z.string(), price({ countryId })).optional(),
  );

export const currencyOfCountryId = (countryId: number) =>
  isCountryId(countryId) ? countryOf(countryId).currency : 'SAR';

/** A decimal price in the account's currency, as integer minor units. */
export const toMinor = (text: string, countryId: number): number => {
  const parsed = parseMoney(text, currencyOfCountryId(countryId));
  if (!parsed.ok) throw new Error(`unparseable price ${text}`);
  return parsed.money.amount;
};

export const nameInput = z.preprocess(cleanPayload, z.object({ name_en: name, name_ar: name }));
export type NameInput = z.infer<typeof nameInput>;

/** A service of the menu (spec doc1 §3 Service). Its price is before VAT; the price with VAT follows the VAT setting. */
export const serviceInput = (context: { countryId: number }) =>
  z.preprocess(
    cleanPayload,
    z.object({
      name_en: name,
      name_ar: name,
      group_id: withRule(z.string(), required),
      category_id: z.string().optional(),
      price: priceText(context.countryId),
      offer_price: optionalPriceText(context.countryId),
      job_time: z.preprocess(
        (v) => (typeof v === 'number' ? String(v) : v),
        withRule(z.string(), integer({ min: 5, max: 720 }), multipleOf(5)),
      ),
      show_to_customer: booleanish.default(true),
      home_service: booleanish.default(false),
      expiry_date: withRule(z.string(), date).optional(),
      /** an uploaded image (`POST files?purpose=image`): the service's picture */
      image_file_id: withRule(z.string(), maxLength(60)).optional(),
      /**
       * the employees who do it (employees of the salon; the command checks which), kept on each
       * employee as her skills; absent: unchanged (a new service: everyone whose skills are not limited)
       */
      employee_ids: withRule(z.array(z.string().max(60)).max(500), (v) =>
        Array.isArray(v) && new Set(v).size !== v.length ? { key: 'catalog.employee_twice' } : undefined,
      ).optional(),
    }),
  );
export type ServiceInput = z.infer<ReturnType<typeof serviceInput>>;

/** The activate-services screen sends what it switched on and off in one go. */
export const serviceActivationInput = z.object({
  activate: z.array(z.string()).default([]),
  deactivate: z.array(z.string()).default([]),
});
export const serviceOrderInput = z.object({ group_id: z.string(), service_ids: z.array(z.string()).min(1) });
