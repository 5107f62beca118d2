import { z } from 'zod';
import { CountryIdSchema } from '../coded-values/countries';
import { SalonTypeSchema } from '../coded-values/enumerations';
import { cleanPayload } from '../customers/customer-input';
import { daysBetween } from '../dates/instants';
import { required } from '../validators/core';
import { date, time as timeOfDay } from '../validators/dates';
import { saudiTaxNumber, telephone, trn, whatsappNumber } from '../validators/identifiers';
import { integer, percentage, price } from '../validators/numbers';
import { aliasName, digitsOnly, email, maxLength, minLength } from '../validators/text';
import { withFieldRule, withRule, booleanish } from '../validators/zod';
import { closingTime, overlapsNextDay, type OpeningDay } from './opening-hours';
import type { Validator } from '../validators/core';
import { SEND_WINDOW_LIMITS } from '../engagement/messaging';
import {
  AUTOMATIC_MESSAGE_RULES,
  AUTOMATIC_MESSAGES,
  messageTextField,
  unknownPlaceholders,
  type AutomaticMessage,
} from '../engagement/messages';

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

const text = (max: number) => withRule(z.string(), maxLength(max));

/** General settings (doc1 "Merchant settings"): who the salon is, where, and how to reach it. */
export const generalSettingsInput = (context: { countryId: number }) =>
  z.preprocess(
    cleanPayload,
    z.object({
      name_en: withRule(z.string(), required, maxLength(100)),
      name_ar: withRule(z.string(), required, maxLength(100)),
      country_id: z.preprocess(
        (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
        CountryIdSchema,
      ),
      salon_type: z.preprocess(
        (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
        SalonTypeSchema,
      ),
      // the Saudi rule applies to Saudi accounts; the length of 15 to every TRN
      vat_number: withRule(
        z.string(),
        trn,
        saudiTaxNumber({ applicable: context.countryId === 1 }),
      ).optional(),
      commercial_registration: withRule(z.string(), digitsOnly, maxLength(20)).optional(),
      phone: withRule(z.string(), telephone, maxLength(20)).optional(),
      whatsapp: withRule(z.string(), whatsappNumber, digitsOnly, maxLength(20)).optional(),
      email: withRule(z.string(), email, maxLength(100)).optional(),
      address_en: text(300).optional(),
      address_ar: text(300).optional(),
      // the salon's city: one of the platform's cities of its country (`platform-lists/cities`)
      city_id: text(64).optional(),
      // the salon's logo (printed on invoices): an upload of purpose `logo` of the same salon
      logo_file_id: text(100).optional(),
      // where the salon is: attendance check-ins must be within 50 m of it
      latitude: z.number().min(-90).max(90).optional(),
      longitude: z.number().min(-180).max(180).optional(),
      social: z
        .object({
          instagram: text(200).optional(),
          snapchat: text(200).optional(),
          tiktok: text(200).optional(),
          facebook: text(200).optional(),
          facebook_page_id: text(100).optional(),
          google_maps: text(500).optional(),
          google_review: text(500).optional(),
        })
        .default({}),
    }),
  );
export type GeneralSettingsInput = z.infer<ReturnType<typeof generalSettingsInput>>;

/** The loyalty programme's defaults: 1 point per currency unit, a point worth 0.05, vouchers from 100 points. */
export const LOYALTY_DEFAULTS = { pointsPerUnit: 1, pointValue: '0.05', minPoints: 100 } as const;

/** The invoice's texts and the sales rules of spec doc2 §6 (price change, debt, free gift cards, selling without stock, overbooking). */
export const invoiceSettingsInput = z.preprocess(
  cleanPayload,
  z.object({
    invoice_notes_en: text(500).optional(),
    invoice_notes_ar: text(500).optional(),
    show_logo: booleanish.default(true),
    allow_price_change: booleanish.default(false),
    allow_debt: booleanish.default(false),
    allow_free_gift_cards: booleanish.default(false),
    allow_selling_without_stock: booleanish.default(false),
    allow_overbooking: booleanish.default(false),
    // one customer with two employees at once (a manicure and a pedicure together): off unless the salon says
    allow_parallel_services: booleanish.default(false),
    // loyalty points (doc1 §3): off until the salon switches them on; the defaults are one point per
    // currency unit paid, a point worth 0.05 (100 points = 5.00, 5 % back), at least 100 points a voucher
    loyalty_enabled: booleanish.default(false),
    loyalty_points_per_unit: z
      .preprocess(
        (v) => (typeof v === 'number' ? String(v) : v),
        withRule(z.string(), integer({ min: 1, max: 100 })),
      )
      .default(String(LOYALTY_DEFAULTS.pointsPerUnit)),
    loyalty_point_value: z
      .preprocess((v) => (typeof v === 'number' ? String(v) : v), withRule(z.string(), price({ max: 1000 })))
      .default(LOYALTY_DEFAULTS.pointValue),
    loyalty_min_points: z
      .preprocess(
        (v) => (typeof v === 'number' ? String(v) : v),
        withRule(z.string(), integer({ min: 1, max: 1_000_000 })),
      )
      .default(String(LOYALTY_DEFAULTS.minPoints)),
  }),
);

/** Which messages the salon sends its customers, and when. */
/** A time of the send window ('HH:mm'), inside the limits of doc2 (09:00 to 23:00). */
const sendTime: Validator = (value) => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^([01]\d|2[0-3]):[0-5]\d$/.test(value))
    return { key: 'validation.invalid_value' };
  return value < SEND_WINDOW_LIMITS.from || value > SEND_WINDOW_LIMITS.until
    ? { key: 'messaging.window_outside_limits' }
    : undefined;
};

/** A message's own text: its placeholders must be the message's (an unknown one names itself and the allowed). */
const placeholdersOf =
  (message: AutomaticMessage): Validator =>
  (value) => {
    if (typeof value !== 'string') return undefined;
    const [unknown] = unknownPlaceholders(value, message);
    if (unknown === undefined) return undefined;
    return {
      key: 'messaging.unknown_placeholder',
      params: {
        placeholder: `%{${unknown}}`,
        allowed: AUTOMATIC_MESSAGE_RULES[message].placeholders.map((p) => `%{${p}}`).join(' '),
      },
    };
  };

/** The salon's own texts of its automatic messages, in both languages (left empty: the default text). */
const messageTexts = Object.fromEntries(
  AUTOMATIC_MESSAGES.flatMap((m) =>
    (['en', 'ar'] as const).map((language) => [
      messageTextField(m, language),
      withRule(z.string(), maxLength(1000), placeholdersOf(m)).optional(),
    ]),
  ),
) as Record<`text_${AutomaticMessage}_${'en' | 'ar'}`, z.ZodOptional<z.ZodString>>;

export const notificationSettingsInput = z.preprocess(
  cleanPayload,
  withFieldRule(
    z.object({
      appointment_reminder: booleanish.default(true),
      reminder_hours_before: z
        .preprocess(
          (v) => (typeof v === 'number' ? String(v) : v),
          withRule(z.string(), integer({ min: 1, max: 72 })),
        )
        .default('24'),
      booking_confirmation: booleanish.default(true),
      birthday_greetings: booleanish.default(false),
      thank_you_after_invoice: booleanish.default(true),
      survey_after_invoice: booleanish.default(false),
      wallet_reminder: booleanish.default(false),
      gift_card_received: booleanish.default(true),
      no_show_follow_up: booleanish.default(false),
      ...messageTexts,
      // WhatsApp messages leave only inside this window on the salon's clock, within 09:00-23:00 (doc2)
      send_from: withRule(z.string(), sendTime).default(SEND_WINDOW_LIMITS.from),
      send_until: withRule(z.string(), sendTime).default(SEND_WINDOW_LIMITS.until),
      mute_friday_prayer: booleanish.default(false),
    }),
    'send_until',
    (data) => (until) =>
      typeof data.send_from === 'string' && typeof until === 'string' && until <= data.send_from
        ? { key: 'messaging.window_empty' }
        : undefined,
  ),
);

/**
 * What the platform's manager turns on for a salon's online pages (doc1 §3 tenant account: the google
 * index flag, the payment gateway package 0 cancelled / 1 active); each field left out is unchanged.
 */
export const onlineServicesInput = z.preprocess(
  // null is a value here: the package chosen goes, and the platform's default fee applies again
  (v) => {
    const cleaned = cleanPayload(v);
    return v !== null &&
      typeof v === 'object' &&
      (v as Record<string, unknown>).payment_gateway_package_id === null
      ? { ...(cleaned as object), payment_gateway_package_id: null }
      : cleaned;
  },
  z.object({
    google_index: booleanish.optional(),
    payment_gateway_package: z
      .preprocess(
        (v) => (typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v),
        z.union([z.literal(0), z.literal(1)]),
      )
      .optional(),
    /**
     * which of the platform's payment gateway packages (its fee per transaction) the salon is on; null:
     * none, the platform's default fee
     */
    payment_gateway_package_id: withRule(z.string(), maxLength(60)).nullable().optional(),
  }),
);
/** A deposit policy names its amount or percentage (a positive amount, at most 2 decimals). */
const depositRules = <T extends z.ZodType<Record<string, unknown>>>(schema: T): T =>
  withFieldRule(
    withFieldRule(schema, 'deposit_amount', (d) =>
      d.deposit_type === 'amount'
        ? (v) => required(v) ?? price({ min: 0.01, max: 100000 })(v)
        : () => undefined,
    ),
    'deposit_percentage',
    (d) => (d.deposit_type === 'percentage' ? required : () => undefined),
  );

/** What the online pages do until the salon says otherwise. */
export const ONLINE_DEFAULTS = { cancelCutoffHours: 24 } as const;

/** The salon's online pages: its address (alias, unique on the platform), booking on/off, terms and refund policy. */
export const onlineSettingsInput = z.preprocess(
  cleanPayload,
  depositRules(
    z.object({
      alias: withRule(z.string(), required, aliasName, minLength(3), maxLength(40)),
      online_booking: booleanish.default(false),
      /** whether a customer booking online must give her e-mail */
      require_email: booleanish.default(false),
      /** until how many hours before her visit a customer may cancel or move it online (0: until it starts) */
      cancel_cutoff_hours: z
        .preprocess(
          (v) => (typeof v === 'number' ? String(v) : v),
          withRule(z.string(), integer({ min: 0, max: 168 })),
        )
        .default(String(ONLINE_DEFAULTS.cancelCutoffHours)),
      terms_en: text(5000).optional(),
      terms_ar: text(5000).optional(),
      refund_policy_en: text(5000).optional(),
      refund_policy_ar: text(5000).optional(),
      /** whether an online booking is paid a deposit first: none, a fixed amount, or a percentage of the visit */
      deposit_type: z.enum(['none', 'amount', 'percentage']).default('none'),
      deposit_amount: z
        .preprocess(
          (v) => (typeof v === 'number' ? String(v) : v),
          withRule(z.string(), price({ max: 100000 })),
        )
        .optional(),
      deposit_percentage: z
        .preprocess(
          (v) => (typeof v === 'number' ? String(v) : v),
          withRule(z.string(), integer({ min: 1, max: 100 })),
        )
        .optional(),
      /** gift cards sold on the salon's pages; left unset: sold while the salon has an active payment-gateway package */
      online_gift_cards: booleanish.optional(),
      /** the smallest and the largest gift card sold online (major units, decimal text) */
      gift_card_min_value: z
        .preprocess(
          (v) => (typeof v === 'number' ? String(v) : v),
          withRule(z.string(), price({ min: 1, max: 100000 })),
        )
        .optional(),
      gift_card_max_value: z
        .preprocess(
          (v) => (typeof v === 'number' ? String(v) : v),
          withRule(z.string(), price({ min: 1, max: 100000 })),
        )
        .optional(),
    }),
  ),
);
const time = withRule(z.string(), timeOfDay);

/** An open day or period needs its opening time (open without hours was taken, and then read as closed). */
const openingTime = (isOpen: unknown) => (isOpen === false ? () => undefined : required);

/**
 * One weekday's opening hours (0 Sunday ... 6 Saturday); a closed day needs no times, an open one both.
 * A closing time earlier than the opening one closes the next day (16:00-02:00).
 */
export const businessDayInput = withFieldRule(
  withFieldRule(z.object({ is_open: booleanish, from: time.optional(), to: time.optional() }), 'from', (d) =>
    openingTime(d.is_open),
  ),
  'to',
  (d) => (d.is_open ? closingTime(d.from) : () => undefined),
);

/** A week of hours, Sunday first: a day that runs past midnight must close before the next day opens. */
export const weekInput = z
  .array(businessDayInput)
  .length(7)
  .superRefine((days, ctx) => {
    // the week is judged only once every day passed its own checks (a time that is not HH:mm threw)
    if (ctx.issues.length > 0) return;
    for (const weekday of overlapsNextDay(days))
      ctx.addIssue({
        code: 'custom',
        message: 'settings.closes_after_next_day_opens',
        params: {},
        path: [weekday, 'to'],
      });
  });

export const businessHoursInput = z.preprocess(cleanPayload, z.object({ days: weekInput }));

/** Hours for a period (Ramadan, Eid, a holiday): at most 30 days, never overlapping another period (spec doc2 §5.5). */
export const customBusinessHoursInput = z.preprocess(
  cleanPayload,
  withFieldRule(
    withFieldRule(
      withFieldRule(
        z.object({
          name: text(100).optional(),
          from_date: withRule(z.string(), required, date),
          to_date: withRule(z.string(), required, date),
          is_open: booleanish.default(true),
          from: time.optional(),
          to: time.optional(),
        }),
        'to_date',
        (d) => (value) =>
          typeof value !== 'string' || typeof d.from_date !== 'string'
            ? undefined
            : value < d.from_date
              ? { key: 'validation.after_or_equal', params: { other: 'from_date' } }
              : daysBetween(d.from_date, value) >= 30
                ? { key: 'settings.period_too_long' }
                : undefined,
      ),
      'from',
      (d) => openingTime(d.is_open),
    ),
    'to',
    (d) => (d.is_open ? closingTime(d.from) : () => undefined),
  ),
);

/** The setup wizard, doc1 §2 and doc2 §9: steps in order, and what each weighs in the progress. */
export const WIZARD_STEPS = [
  'general-informations',
  'vat',
  'business-hours',
  'employees',
  'invoice-setting',
  'activate-services',
] as const;
/**
 * A Saudi salon's own step (issue 24), before its services and so its first sale: connecting to
 * ZATCA e-invoicing, or skipping it knowingly. It weighs nothing in doc2 §9's progress.
 */
export const WIZARD_EINVOICING = 'einvoicing';
export type WizardStep = (typeof WIZARD_STEPS)[number] | typeof WIZARD_EINVOICING;
export const WIZARD_WEIGHTS: Record<WizardStep, number> = {
  'general-informations': 20,
  vat: 10,
  'business-hours': 15,
  employees: 20,
  'invoice-setting': 15,
  einvoicing: 0,
  'activate-services': 20,
};
/** The steps of a salon's wizard, in order: a Saudi salon's connects to ZATCA before its services. */
export const wizardStepsOf = (countryId: number | undefined): readonly WizardStep[] =>
  countryId === 1
    ? [...WIZARD_STEPS.slice(0, -1), WIZARD_EINVOICING, ...WIZARD_STEPS.slice(-1)]
    : WIZARD_STEPS;
export const wizardProgress = (done: readonly string[]): number =>
  WIZARD_STEPS.reduce((sum, step) => sum + (done.includes(step) ? WIZARD_WEIGHTS[step] : 0), 0);
export const wizardStepInput = z.object({ step: z.enum([...WIZARD_STEPS, WIZARD_EINVOICING]) });

/** One day's hours in the settings (an employee's week too); see opening-hours.ts for reading them. */
export type BusinessDay = OpeningDay;
/** A new account opens Saturday to Thursday 10:00-22:00 and Friday 16:00-23:00: a Gulf salon's usual week. */
export const DEFAULT_WEEK: BusinessDay[] = [0, 1, 2, 3, 4, 5, 6].map((d) =>
  d === 5 ? { is_open: true, from: '16:00', to: '23:00' } : { is_open: true, from: '10:00', to: '22:00' },
);
