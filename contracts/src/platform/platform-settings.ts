import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { integer } from '../validators/numbers';
import { withRule } from '../validators/zod';

/** The platform settings a manager changes (the manager console's platform setting screen). */
export const platformSettingsInput = z.preprocess(
  cleanPayload,
  z.object({
    // a day at most: longer is the manager's job (a block without end is not a setting)
    sign_in_block_minutes: z.preprocess(
      (v) => (typeof v === 'number' ? String(v) : v),
      withRule(z.string(), integer({ min: 1, max: 1440 })).transform(Number),
    ),
    // 5 minutes to a week idle; an hour to 90 days in all. Left out: unchanged
    session_idle_minutes: z
      .preprocess(
        (v) => (typeof v === 'number' ? String(v) : v),
        withRule(z.string(), integer({ min: 5, max: 10080 })).transform(Number),
      )
      .optional(),
    session_max_hours: z
      .preprocess(
        (v) => (typeof v === 'number' ? String(v) : v),
        withRule(z.string(), integer({ min: 1, max: 2160 })).transform(Number),
      )
      .optional(),
    // the payment gateway's defaults (platform-setting/payment-gateway-setting): left out, unchanged
    gateway_fee_fils: z
      .preprocess(
        (v) => (typeof v === 'number' ? String(v) : v),
        withRule(z.string(), integer({ min: 0, max: 10000 })).transform(Number),
      )
      .optional(),
    gateway_payment_minutes: z
      .preprocess(
        (v) => (typeof v === 'number' ? String(v) : v),
        withRule(z.string(), integer({ min: 5, max: 120 })).transform(Number),
      )
      .optional(),
  }),
);
export type PlatformSettingsInput = z.infer<typeof platformSettingsInput>;
