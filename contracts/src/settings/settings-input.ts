import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { required } from '../validators/core';
import { maxLength } from '../validators/text';
import { percentage, price } from '../validators/numbers';
import { withFieldRule, withRule } from '../validators/zod';

const booleanish = z.preprocess(
  (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v),
  z.boolean(),
);

/** VAT: its name and percentage; a percentage is required when VAT is on and must be zero when off (spec doc2 §5.1). */
export const vatSettingsInput = z.preprocess(
  cleanPayload,
  withFieldRule(
    z.object({
      vat_enabled: booleanish.default(true),
      vat_name_en: withRule(z.string(), required, maxLength(50)).default('VAT'),
      vat_name_ar: withRule(z.string(), required, maxLength(50)).default('ضريبة القيمة المضافة'),
      vat_percentage: z.preprocess(
        (v) => (typeof v === 'number' ? String(v) : v),
        withRule(z.string(), required, price({ max: 100 })),
      ),
    }),
    'vat_percentage',
    (data) => percentage({ active: data.vat_enabled !== false }),
  ),
);
export type VatSettingsInput = z.infer<typeof vatSettingsInput>;

export type VatSettingsChanged = {
  type: 'VatSettingsChanged';
  data: { changed: Record<string, unknown>; previous: Record<string, unknown> };
};
