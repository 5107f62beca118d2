import { z } from 'zod';
import { GenderSchema } from '../coded-values/enumerations';
import { LocaleSchema } from '../coded-values/locale';
import { CountryId } from '../coded-values/countries';
import { date } from '../validators/dates';
import { required } from '../validators/core';
import { email, maxLength } from '../validators/text';
import { saudiTaxNumber, trn } from '../validators/identifiers';
import { canonicalMobile, mobile, mobileWithCountryCode, normalizeMobile } from '../validators/mobile';
import { withRule, booleanish } from '../validators/zod';

/** How the customer proved who they are at the desk. */
export const IdentificationMethod = { national_id: 1, iqama: 2, passport: 3, gcc_id: 4, other: 5 } as const;
export type IdentificationMethod = (typeof IdentificationMethod)[keyof typeof IdentificationMethod];
export const IdentificationMethodSchema = z.enum(IdentificationMethod);

/** Forms and generic payloads send '' or null for an empty field; both mean "not given". Strings are trimmed. */
export const cleanPayload = (value: unknown): unknown => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const t = typeof v === 'string' ? v.trim() : v;
    if (t !== '' && t !== null && t !== undefined) out[k] = t;
  }
  return out;
};

const text = (max: number) => withRule(z.string(), maxLength(max));
const numberish = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), schema);

/**
 * A mobile field (doc2 §5.2): a number written the local way takes the salon's country code, the rules
 * judge it, and it is kept in the canonical form (E.164 with the plus), however it was written.
 */
export const mobileField = (countryId?: number) =>
  z
    .preprocess((v) => mobileWithCountryCode(v, countryId), withRule(z.string(), mobile()))
    .transform((v) => canonicalMobile(v) ?? v);

/** The fields of a customer as the API takes them (snake_case, spec doc1 §3 Customer). */
export const customerFieldShapes = (context: { countryId?: number }) => ({
  name: withRule(z.string(), required, maxLength(100)),
  // as people type it (the local way takes the salon's code), kept in one canonical form: '+9665XXXXXXXX'
  mobile: mobileField(context.countryId),
  email: withRule(z.string(), email, maxLength(100)).optional(),
  gender: numberish(GenderSchema).optional(),
  birth_date: withRule(z.string(), date).optional(),
  tax_number: withRule(
    z.string(),
    trn,
    saudiTaxNumber({ applicable: context.countryId === undefined || context.countryId === CountryId.ksa }),
  ).optional(),
  nationality_id: numberish(z.number().int().positive()).optional(),
  country_of_residency_id: numberish(z.number().int().positive()).optional(),
  address: text(255).optional(),
  notes: text(1000).optional(),
  preferred_language: LocaleSchema.optional(),
  // consent to be contacted on WhatsApp is opt-in (Saudi PDPL): not given is no
  whatsapp_allowed: booleanish.default(false),
  identification_method: numberish(IdentificationMethodSchema).optional(),
});

export const registerCustomerInput = (context: { countryId?: number } = {}) =>
  z.preprocess(cleanPayload, z.object(customerFieldShapes(context)));
export type RegisterCustomerInput = z.infer<ReturnType<typeof registerCustomerInput>>;

/** An edit sends the whole form; fields left empty are cleared (except the required ones). */
export const changeCustomerInput = registerCustomerInput;
export type ChangeCustomerInput = RegisterCustomerInput;

/** The mobile as the duplicate check sees it: '+966 05...' and '9665...' are one customer. */
export const customerMobileKey = (raw: string): string => normalizeMobile(raw) ?? raw;

const customerIdField = withRule(z.string(), required, maxLength(60));

/** The front desk merges the customer of the route into `into_customer_id`, the one kept. */
export const mergeCustomerInput = z.preprocess(cleanPayload, z.object({ into_customer_id: customerIdField }));
export type MergeCustomerInput = z.infer<typeof mergeCustomerInput>;

/** "Not the same person": the customer of the route and `customer_id` are no longer a likely duplicate. */
export const dismissDuplicateInput = z.preprocess(cleanPayload, z.object({ customer_id: customerIdField }));
export type DismissDuplicateInput = z.infer<typeof dismissDuplicateInput>;
