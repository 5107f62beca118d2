import { z } from 'zod';
import { CountryId, CountryIdSchema } from '../coded-values/countries';
import { SalonTypeSchema } from '../coded-values/enumerations';
import { cleanPayload } from '../customers/customer-input';
import { required } from '../validators/core';
import { integer } from '../validators/numbers';
import { aliasName, email, maxLength, minLength } from '../validators/text';
import { withRule } from '../validators/zod';
import { passwordRule } from '../validators/password';

/** The VAT each country starts with (the salon changes it in its VAT settings). */
export const DEFAULT_VAT: Record<number, number> = {
  [CountryId.ksa]: 15,
  [CountryId.uae]: 5,
  [CountryId.kuwait]: 0,
  [CountryId.oman]: 5,
  [CountryId.bahrain]: 10,
};

const code = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), schema);

/** A platform manager opens a salon's account: its names, address, country, plan size and owner. */
export const openAccountInput = z.preprocess(
  cleanPayload,
  z.object({
    name_en: withRule(z.string(), required, maxLength(100)),
    name_ar: withRule(z.string(), required, maxLength(100)),
    alias: withRule(z.string(), required, aliasName, minLength(3), maxLength(40)),
    country_id: code(CountryIdSchema),
    salon_type: code(SalonTypeSchema).default(1),
    max_employees: z
      .preprocess(
        (v) => (typeof v === 'number' ? String(v) : v),
        withRule(z.string(), integer({ min: 1, max: 1000 })),
      )
      .default('10'),
    owner_name: withRule(z.string(), required, maxLength(100)),
    owner_username: withRule(z.string(), required, minLength(3), maxLength(50)),
    owner_email: withRule(z.string(), required, email, maxLength(100)),
    owner_password: passwordRule,
  }),
);
