import { z } from 'zod';
import {
  COUNTRIES,
  CountryIdSchema,
  CURRENCY_INFO,
  CurrencySchema,
  TenantTimeZoneSchema,
  type CountryId,
  type Currency,
} from '../coded-values/countries';
import { cleanPayload } from '../customers/customer-input';
import { streamName } from '../events/envelope';
import { PLATFORM_TENANT } from '../identity/events';
import { issue, required } from '../validators/core';
import { integer, multipleOf } from '../validators/numbers';
import { email, maxLength } from '../validators/text';
import { withRule } from '../validators/zod';

/**
 * The lists the manager keeps for every salon (doc1 §2 `platform-setting/*`): the countries' details
 * (the coded Gulf list, its fields editable), their cities, the payment methods offered to salons as
 * defaults, and the suggested groups, services and products the setup wizard and the products screen
 * offer. An entry is added, changed, disabled (no longer offered) and enabled again; never deleted.
 */
export const PLATFORM_LISTS = [
  'countries',
  'cities',
  'payment-methods',
  'suggested-groups',
  'suggested-services',
  'suggested-products',
] as const;
export type PlatformList = (typeof PLATFORM_LISTS)[number];
export const isPlatformList = (v: unknown): v is PlatformList =>
  typeof v === 'string' && (PLATFORM_LISTS as readonly string[]).includes(v);

export const PLATFORM_LIST_CATEGORY = 'platformlist';
export const platformListStream = (list: PlatformList, entryId: string) =>
  streamName(PLATFORM_LIST_CATEGORY, PLATFORM_TENANT, `${list}.${entryId}`);
/** The read model's id of an entry (one collection holds every list). */
export const platformListDocId = (list: PlatformList, entryId: string) => `${list}:${entryId}`;

export type PlatformListEntryAdded = {
  type: 'PlatformListEntryAdded';
  data: { list: PlatformList; entry_id: string; fields: Record<string, unknown> };
};
export type PlatformListEntryChanged = {
  type: 'PlatformListEntryChanged';
  data: {
    list: PlatformList;
    entry_id: string;
    changed: Record<string, unknown>;
    previous: Record<string, unknown>;
  };
};
export type PlatformListEntryDisabled = {
  type: 'PlatformListEntryDisabled';
  data: { list: PlatformList; entry_id: string };
};
export type PlatformListEntryEnabled = {
  type: 'PlatformListEntryEnabled';
  data: { list: PlatformList; entry_id: string };
};
export type PlatformListEvent =
  PlatformListEntryAdded | PlatformListEntryChanged | PlatformListEntryDisabled | PlatformListEntryEnabled;

const name = withRule(z.string(), required, maxLength(100));
const code = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v), schema);
const whole = (min: number, max: number, step?: number) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    withRule(z.string(), required, integer({ min, max }), ...(step ? [multipleOf(step)] : [])).transform(
      Number,
    ),
  );

/** Prices per currency, each in its minor units (halalas, fils, baisa); a currency left out has none. */
const minor = () => code(z.number().int().min(0).max(100_000_000)).optional();
export const pricesInput = z
  .object({ SAR: minor(), AED: minor(), KWD: minor(), OMR: minor(), BHD: minor() })
  .default({});
export type Prices = Partial<Record<Currency, number>>;

/** A country's details as the manager may change them (the id and the ISO code stay the coded ones). */
export const countryEntryInput = z.preprocess(
  cleanPayload,
  z.object({
    name_en: name,
    name_ar: name,
    dialling_prefix: withRule(z.string(), required, (v) =>
      typeof v === 'string' && /^[1-9]\d{0,3}$/.test(v) ? undefined : issue('digits_only'),
    ),
    currency: CurrencySchema,
    currency_decimals: code(z.union([z.literal(2), z.literal(3)])),
    // basis points: 15% is 1500 (whole hundredths of a percent, no floats)
    vat_basis_points: whole(0, 10000),
    time_zone: TenantTimeZoneSchema,
  }),
);

export const cityEntryInput = z.preprocess(
  cleanPayload,
  z.object({ country_id: code(CountryIdSchema), name_en: name, name_ar: name }),
);

export const paymentMethodEntryInput = z.preprocess(cleanPayload, z.object({ name_en: name, name_ar: name }));

export const suggestedGroupEntryInput = paymentMethodEntryInput;

export const suggestedServiceEntryInput = z.preprocess(
  cleanPayload,
  z.object({
    group_id: z.uuid(),
    name_en: name,
    name_ar: name,
    // the menu's job time: 5 to 720 minutes, in steps of 5
    duration_minutes: whole(5, 720, 5),
    prices: pricesInput,
  }),
);

export const suggestedProductEntryInput = z.preprocess(
  cleanPayload,
  z.object({
    name_en: name,
    name_ar: name,
    prices: pricesInput,
  }),
);

/** The input each list's entries are written with. */
export const PLATFORM_LIST_INPUTS: Record<PlatformList, z.ZodType<Record<string, unknown>>> = {
  countries: countryEntryInput,
  cities: cityEntryInput,
  'payment-methods': paymentMethodEntryInput,
  'suggested-groups': suggestedGroupEntryInput,
  'suggested-services': suggestedServiceEntryInput,
  'suggested-products': suggestedProductEntryInput,
};

/** The coded Gulf countries as they are until the manager changes them (`countries` entries are keyed by id). */
export const defaultCountryEntry = (id: CountryId) => {
  const c = COUNTRIES[id];
  return {
    name_en: c.englishName,
    name_ar: c.arabicName,
    dialling_prefix: c.diallingPrefix,
    currency: c.currency,
    currency_decimals: CURRENCY_INFO[c.currency].decimals,
    vat_basis_points: c.currency === 'SAR' ? 1500 : 500,
    time_zone: c.timeZone,
    iso_code: c.isoCode,
    country_id: c.id,
  };
};

// ---- the platform's one-record settings: e-mail, allowed countries, marketing ----

export const PLATFORM_RECORDS = ['email-setting', 'allowed-countries', 'marketing-setting'] as const;
export type PlatformRecord = (typeof PLATFORM_RECORDS)[number];
export const isPlatformRecord = (v: unknown): v is PlatformRecord =>
  typeof v === 'string' && (PLATFORM_RECORDS as readonly string[]).includes(v);
export const platformRecordStream = (record: PlatformRecord) =>
  streamName('platformrecord', PLATFORM_TENANT, record);

/** One setting record changed: what changed and what it was (a secret: only whether one was set). */
export type PlatformRecordChanged = {
  type: 'PlatformRecordChanged';
  data: { record: PlatformRecord; changed: Record<string, unknown>; previous: Record<string, unknown> };
};

const optionalEmail = withRule(z.string(), email, maxLength(100)).optional();
const text = (max: number) => withRule(z.string(), maxLength(max)).optional();

/**
 * The platform's e-mail (`platform-setting/email-setting`): who the mails are from, where replies go,
 * the footer under every mail, and the mail server. The password is write-only (sealed when stored).
 */
export const emailSettingInput = z.preprocess(
  cleanPayload,
  z.object({
    sender_name: withRule(z.string(), required, maxLength(100)),
    sender_address: withRule(z.string(), required, email, maxLength(100)),
    reply_to: optionalEmail,
    footer_en: text(1000),
    footer_ar: text(1000),
    smtp_host: withRule(z.string(), maxLength(200), (v) =>
      typeof v !== 'string' || v === '' || /^[a-zA-Z0-9.-]+$/.test(v) ? undefined : issue('invalid_value'),
    ).optional(),
    smtp_port: code(z.number().int().min(1).max(65535)).optional(),
    smtp_username: text(200),
    smtp_password: text(500),
  }),
);
export type EmailSettingInput = z.infer<typeof emailSettingInput>;
export type EmailSetting = Omit<EmailSettingInput, 'smtp_password'> & { smtp_password_sealed?: string };
export const DEFAULT_EMAIL_SETTING: EmailSetting = {
  sender_name: 'Rawnaq',
  sender_address: 'no-reply@rawnaq.app',
};

/** Which countries may ask for a free trial (`platform-setting/allowed-countries`); all of them by default. */
export const allowedCountriesInput = z.preprocess(
  cleanPayload,
  z.object({ country_ids: z.array(code(CountryIdSchema)).max(10) }),
);
export const DEFAULT_ALLOWED_COUNTRIES = Object.values(COUNTRIES).map((c) => c.id) as number[];

/** What marketing works with (`marketing/marketing-setting`): its contact e-mail and the campaign sources. */
export const marketingSettingInput = z.preprocess(
  cleanPayload,
  z.object({
    contact_email: optionalEmail,
    campaign_sources: z
      .array(
        withRule(z.string(), required, maxLength(60), (v) =>
          typeof v === 'string' && /^[a-z0-9_.-]+$/i.test(v) ? undefined : issue('invalid_value'),
        ),
      )
      .max(50)
      .default([]),
  }),
);

export const PLATFORM_RECORD_INPUTS: Record<PlatformRecord, z.ZodType<Record<string, unknown>>> = {
  'email-setting': emailSettingInput,
  'allowed-countries': allowedCountriesInput,
  'marketing-setting': marketingSettingInput,
};

export const PLATFORM_RECORD_DEFAULTS: Record<PlatformRecord, Record<string, unknown>> = {
  'email-setting': DEFAULT_EMAIL_SETTING,
  'allowed-countries': { country_ids: DEFAULT_ALLOWED_COUNTRIES },
  'marketing-setting': { campaign_sources: [] },
};

/** What a screen may see of a setting record: no secret, only whether one is set. */
export const platformRecordView = (record: PlatformRecord, doc: Record<string, unknown> | undefined) => {
  const { smtp_password_sealed, id: _id, ...rest } = { ...PLATFORM_RECORD_DEFAULTS[record], ...doc };
  return {
    id: record,
    ...rest,
    ...(record === 'email-setting' && { smtp_password_set: smtp_password_sealed !== undefined }),
  };
};

export const platformListMessages = {
  en: {
    platform_lists: {
      country_not_allowed: 'Free trials are not open in this country yet',
      countries_fixed:
        'The countries are the platform’s own: change their details, they cannot be added or disabled',
      unknown_group: 'Choose a suggested group the platform keeps',
      entry_disabled: 'This entry is disabled: enable it first',
      unknown_suggestion: 'One of these suggestions is no longer offered: reload the list and pick again',
    },
  },
  ar: {
    platform_lists: {
      country_not_allowed: 'التجربة المجانية غير متاحة في هذه الدولة بعد',
      countries_fixed: 'الدول ثابتة في المنصة: يمكن تعديل بياناتها ولا يمكن إضافتها أو تعطيلها',
      unknown_group: 'اختر مجموعة مقترحة من مجموعات المنصة',
      entry_disabled: 'هذا العنصر معطّل: فعّله أولًا',
      unknown_suggestion: 'أحد هذه الاقتراحات لم يعد متاحًا: أعد تحميل القائمة واختر من جديد',
    },
  },
};

/** The setup wizard's pick of the platform's suggested services, added to the salon's menu in one go. */
export const suggestedServicesPickInput = z.preprocess(
  cleanPayload,
  z.object({ service_ids: z.array(z.uuid()).min(1).max(200) }),
);
