import { z } from 'zod';
import { CURRENCIES, type Currency } from '../coded-values/countries';
import { cleanPayload } from '../customers/customer-input';
import { streamName } from '../events/envelope';
import { PLATFORM_TENANT } from '../identity/events';
import { isUuid } from '../ids';
import { issue, isEmpty, required } from '../validators/core';
import { date, time } from '../validators/dates';
import { SEND_WINDOW_LIMITS } from '../engagement/messaging';
import { integer } from '../validators/numbers';
import { maxLength } from '../validators/text';
import { withFieldRule, withRule } from '../validators/zod';

/**
 * The manager's side of WhatsApp (issue 26; doc1 §2 `platform-setting/whatsapp-packages`,
 * `addon-services/merchant-with-wa-package`, `merchant-whatsapp-meta`,
 * `merchant-with-wa-disconnected-package`, `platform-setting/whatsapp-setting`; doc1 §3 tenant
 * account's WhatsApp fields: mobile number id, access token, instance id; doc1 §4 package status
 * 0 disabled / 1 active / 2 paused, messaging connection 0 disconnected / 1 connected / 2 server
 * disconnected).
 */

// ---- packages the platform offers ----

export const WHATSAPP_PACKAGE_CATEGORY = 'whatsapppackage';
export const whatsappPackageStream = (id: string) =>
  streamName(WHATSAPP_PACKAGE_CATEGORY, PLATFORM_TENANT, id);

export type WhatsAppPackage = {
  package_id: string;
  name_en: string;
  name_ar: string;
  /** messages a salon on it may send in a calendar month (its own time zone) */
  messages_per_month: number;
  currency: Currency;
  /** minor units of `currency` (halalas, fils: 2 or 3 decimals) a month */
  monthly_price: number;
  /** 1 offered, 0 withdrawn (the salons on it keep it) */
  status: 0 | 1;
};
export type WhatsAppPackageDefined = { type: 'WhatsAppPackageDefined'; data: WhatsAppPackage };
export type WhatsAppPackageChanged = {
  type: 'WhatsAppPackageChanged';
  data: Partial<Omit<WhatsAppPackage, 'package_id'>> & {
    package_id: string;
    previous: Partial<Omit<WhatsAppPackage, 'package_id'>>;
  };
};
export type WhatsAppPackageEvent = WhatsAppPackageDefined | WhatsAppPackageChanged;

const numberText = (rule: ReturnType<typeof integer>) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), withRule(z.string(), rule).transform(Number));
const flag01 = z.preprocess(
  (v) => (typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v === true ? 1 : v === false ? 0 : v),
  z.union([z.literal(0), z.literal(1)]),
);
const packageName = withRule(z.string(), required, maxLength(60));

/** A package as the manager types it: its price already in minor units of its currency. */
export const whatsappPackageInput = z.preprocess(
  cleanPayload,
  z.object({
    name_en: packageName,
    name_ar: packageName,
    messages_per_month: numberText(integer({ min: 1, max: 10_000_000 })),
    currency: z.enum(CURRENCIES),
    monthly_price: numberText(integer({ min: 0, max: 1_000_000_000 })),
    status: flag01,
  }),
);
export type WhatsAppPackageInput = z.infer<typeof whatsappPackageInput>;

// ---- one salon's WhatsApp: its package and its connection ----

export const SALON_WHATSAPP_CATEGORY = 'salonwhatsapp';
export const salonWhatsAppStream = (tenantId: string) =>
  streamName(SALON_WHATSAPP_CATEGORY, tenantId, tenantId);

export const WHATSAPP_PROVIDERS = ['simulator', 'cloud_api', 'instance'] as const;
export type WhatsAppProvider = (typeof WHATSAPP_PROVIDERS)[number];
/** doc1 §4 package status */
export const WA_PACKAGE_STATUSES = [0, 1, 2] as const;
export type WaPackageStatus = (typeof WA_PACKAGE_STATUSES)[number];
/** doc1 §4 messaging connection */
export type WaConnectionState = 0 | 1 | 2;

export type WhatsAppPackageAssigned = {
  type: 'WhatsAppPackageAssigned';
  data: {
    package_id: string;
    starts_on: string;
    status: WaPackageStatus;
    previous?: { package_id: string; starts_on: string; status: WaPackageStatus };
  };
};
/**
 * The salon's sender: the token only sealed (AES-GCM, key outside the log) and its last 4 characters
 * for the screens. A recorded connection is disconnected until a test passes (the simulator's at once).
 */
export type WhatsAppConnectionRecorded = {
  type: 'WhatsAppConnectionRecorded';
  data: {
    provider: WhatsAppProvider;
    /** the Cloud API's phone number id */
    phone_number_id?: string;
    /** the instance gateway's sender (doc1 §3 mobile number id) */
    mobile_number_id?: string;
    instance_id?: string;
    access_token_sealed?: string;
    token_last4?: string;
    previous_provider?: WhatsAppProvider;
  };
};
export type WhatsAppConnectionTested = {
  type: 'WhatsAppConnectionTested';
  data: { ok: boolean; at: string; detail?: string; connection: WaConnectionState };
};
export type SalonWhatsAppEvent =
  WhatsAppPackageAssigned | WhatsAppConnectionRecorded | WhatsAppConnectionTested;

const uuidField = withRule(z.string(), required, (v) =>
  typeof v === 'string' && !isUuid(v) ? issue('invalid_value') : undefined,
);

/** Putting a salon on a package (or pausing, disabling it): from a date. */
export const salonWhatsAppPackageInput = z.preprocess(
  cleanPayload,
  z.object({
    package_id: uuidField,
    starts_on: withRule(z.string(), required, date),
    status: z.preprocess(
      (v) => (typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v),
      z.union([z.literal(0), z.literal(1), z.literal(2)]),
    ),
  }),
);
export type SalonWhatsAppPackageInput = z.infer<typeof salonWhatsAppPackageInput>;

const idText = (max: number) =>
  withRule(z.string(), maxLength(max), (v) =>
    typeof v === 'string' && v !== '' && !/^[A-Za-z0-9_.-]+$/.test(v) ? issue('invalid_value') : undefined,
  ).optional();
const neededFor =
  (...providers: WhatsAppProvider[]) =>
  (d: { provider: WhatsAppProvider }) =>
  (v: unknown) =>
    providers.includes(d.provider) && isEmpty(v) ? issue('is_required') : undefined;

/**
 * A salon's connection as the manager records it. The token is write-only: left empty, the one kept
 * stays (the handler asks for one when there is none for that provider).
 */
export const salonWhatsAppConnectionInput = z.preprocess(
  cleanPayload,
  withFieldRule(
    withFieldRule(
      withFieldRule(
        z.object({
          provider: z.enum(WHATSAPP_PROVIDERS),
          phone_number_id: idText(64),
          mobile_number_id: idText(64),
          instance_id: idText(64),
          access_token: withRule(z.string(), maxLength(1024), (v) =>
            typeof v === 'string' && v !== '' && !/^[\x21-\x7e]{8,}$/.test(v)
              ? issue('invalid_value')
              : undefined,
          ).optional(),
        }),
        'phone_number_id',
        neededFor('cloud_api'),
      ),
      'mobile_number_id',
      neededFor('instance'),
    ),
    'instance_id',
    neededFor('instance'),
  ),
);
export type SalonWhatsAppConnectionInput = z.infer<typeof salonWhatsAppConnectionInput>;

// ---- the platform's WhatsApp settings ----

export const whatsappSettingsStream = streamName('whatsappsettings', PLATFORM_TENANT, 'platform');

/** What the code uses: the platform's bounds on the salons' send windows, the instance gateway's address, the webhook's secrets. */
export type WhatsAppSettings = {
  /** no salon sends before this, on its own clock (doc2: 09:00 at the earliest) */
  send_from: string;
  /** nor after this (doc2: 23:00 at the latest) */
  send_until: string;
  /** the instance-based gateway's API root (the instance id follows it) */
  instance_base_url: string;
  /** Meta's webhook handshake token, only its SHA-256 (write-only: compared, never shown) */
  verify_token_hash?: string;
  /** the Meta app's secret that signs webhooks (X-Hub-Signature-256), sealed (write-only) */
  app_secret_sealed?: string;
};
export const DEFAULT_WHATSAPP_SETTINGS: WhatsAppSettings = {
  send_from: '09:00',
  send_until: '23:00',
  instance_base_url: 'https://api.ultramsg.com',
};
export type WhatsAppSettingsChanged = {
  type: 'WhatsAppSettingsChanged';
  data: {
    changed: Partial<WhatsAppSettings>;
    /** old values; of a secret only that one was set before */
    previous: Partial<Omit<WhatsAppSettings, 'verify_token_hash' | 'app_secret_sealed'>> & {
      verify_token_set?: boolean;
      app_secret_set?: boolean;
    };
  };
};

const withinDoc2 = (v: unknown) =>
  typeof v === 'string' && (v < SEND_WINDOW_LIMITS.from || v > SEND_WINDOW_LIMITS.until)
    ? { key: 'messaging.window_outside_limits' }
    : undefined;
const clock = withRule(z.string(), required, time, withinDoc2);

export const whatsappSettingsInput = z.preprocess(
  cleanPayload,
  withFieldRule(
    z.object({
      send_from: clock,
      send_until: clock,
      instance_base_url: withRule(z.string(), required, maxLength(200), (v) =>
        typeof v === 'string' && !/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[\w./-]*)?$/.test(v)
          ? issue('invalid_value')
          : undefined,
      ),
      verify_token: withRule(z.string(), maxLength(200), (v) =>
        typeof v === 'string' && v !== '' && !/^[\w-]{8,}$/.test(v) ? issue('invalid_value') : undefined,
      ).optional(),
      app_secret: withRule(z.string(), maxLength(200), (v) =>
        typeof v === 'string' && v !== '' && !/^[\x21-\x7e]{16,}$/.test(v)
          ? issue('invalid_value')
          : undefined,
      ).optional(),
    }),
    'send_until',
    (d) => (v) => (typeof v === 'string' && v <= d.send_from ? { key: 'messaging.window_empty' } : undefined),
  ),
);
export type WhatsAppSettingsInput = z.infer<typeof whatsappSettingsInput>;

export const whatsappManagerMessages = {
  en: {
    whatsapp: {
      package_withdrawn: 'This WhatsApp package is withdrawn: choose one the platform offers now',
      token_required: 'Enter the access token',
      no_connection: 'Record the salon’s WhatsApp connection first',
      connection_ok: 'The connection works',
      connection_failed: 'The connection does not work: %{detail}',
      allowance_used_up: 'This month’s messages are used up',
      package_paused: 'The salon’s WhatsApp package is paused or disabled',
    },
  },
  ar: {
    whatsapp: {
      package_withdrawn: 'باقة واتساب هذه موقوفة: اختر باقة تقدمها المنصة الآن',
      token_required: 'أدخل رمز الوصول',
      no_connection: 'سجّل ربط واتساب للصالون أولًا',
      connection_ok: 'الربط يعمل',
      connection_failed: 'الربط لا يعمل: %{detail}',
      allowance_used_up: 'نفدت رسائل هذا الشهر',
      package_paused: 'باقة واتساب للصالون متوقفة مؤقتًا أو معطّلة',
    },
  },
};
