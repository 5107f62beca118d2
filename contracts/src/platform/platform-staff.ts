import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { required } from '../validators/core';
import { email, maxLength } from '../validators/text';
import { withRule } from '../validators/zod';

/**
 * The platform's own staff (doc1 §2 `platform-setting/employees`): each manager user opens only the
 * areas of the console her role gives her. A manager without areas (the platform's first, seeded
 * one) opens them all.
 */
export const MANAGER_AREAS = [
  'merchants',
  'accounting',
  'settings',
  'trackers',
  'technical',
  'marketing',
  'website',
] as const;
export type ManagerArea = (typeof MANAGER_AREAS)[number];

/**
 * The area of a manager API path (after `api/manager/`), first match wins; a path of none (the
 * signed-in manager's own information, sign-out, her password) is open to every staff member.
 */
const AREA_RULES: Array<[RegExp, ManagerArea]> = [
  [/^(marketing(\/|$)|platform-records\/marketing-setting)/, 'marketing'],
  [
    /^(accounting|payment-gateway-fees|reports\/payment-gateway-payments|contracts|contract-templates|total-sales|payments|payment-requests|platform-invoices|account-invoices|account-payments|advanced-accounting)(\/|$)/,
    'accounting',
  ],
  [
    /^(platform-lists|platform-records|platform-settings|platform-updates|platform-staff|payment-gateway-packages|whatsapp-packages|whatsapp-settings|plans|billing-seller)(\/|$)/,
    'settings',
  ],
  [
    /^(failed-login-attempts|blocked-ips|mail-outbox|whatsapp-tracker|whatsapp-failures|system-connections|trackers)(\/|$)/,
    'trackers',
  ],
  [/^(js-errors|development-suggestions|technical)(\/|$)/, 'technical'],
  [/^(website|seo)/, 'website'],
  [
    /^(merchants|accounts|trial-requests|global-aliases|payment-gateway-accounts|whatsapp-accounts|whatsapp-unreachable|campaigns|zatca-setting|einvoices|einvoicing|dashboard|employees-merchants|customers-merchants|check-entries|database-management)(\/|$)/,
    'merchants',
  ],
];

/** `/api/manager/accounting/payments?x=1` -> 'accounting'; undefined when the path needs no area. */
export const managerAreaOfPath = (path: string): ManagerArea | undefined => {
  const m = /^\/?api\/manager\/([^?#]*)/.exec(path);
  if (!m) return undefined;
  return AREA_RULES.find(([re]) => re.test(m[1]))?.[1];
};

export const canOpenArea = (areas: readonly string[] | undefined, area: ManagerArea | undefined) =>
  area === undefined || areas === undefined || areas.includes(area);

const areasField = z.array(z.enum(MANAGER_AREAS)).max(MANAGER_AREAS.length);

export const platformStaffInput = z.preprocess(
  cleanPayload,
  z.object({
    name: withRule(z.string(), required, maxLength(100)),
    email: withRule(z.string(), required, email, maxLength(100)),
    // she chooses her password from the link mailed to her, in this language
    locale: z.enum(['en', 'ar']).default('ar'),
    areas: areasField,
  }),
);

export const platformStaffChangeInput = z.preprocess(
  cleanPayload,
  z.object({ name: withRule(z.string(), required, maxLength(100)), areas: areasField }),
);

export type PlatformStaffChanged = {
  type: 'PlatformStaffChanged';
  data: {
    manager_id: string;
    changed: { name?: string; areas?: string[] };
    previous: { name?: string; areas?: string[] | null };
  };
};
export type PlatformStaffDisabled = { type: 'PlatformStaffDisabled'; data: { manager_id: string } };
export type PlatformStaffEnabled = { type: 'PlatformStaffEnabled'; data: { manager_id: string } };
export type PlatformStaffEvent = PlatformStaffChanged | PlatformStaffDisabled | PlatformStaffEnabled;

export const platformStaffMessages = {
  en: {
    platform_staff: {
      email_in_use: 'A platform staff member already signs in with this e-mail',
      not_yourself: 'You cannot disable yourself or take the settings area from yourself',
      no_area: 'This area of the console is not open to your role',
    },
  },
  ar: {
    platform_staff: {
      email_in_use: 'يوجد موظف في المنصة يسجّل الدخول بهذا البريد الإلكتروني',
      not_yourself: 'لا يمكنك تعطيل نفسك أو سحب قسم الإعدادات من نفسك',
      no_area: 'هذا القسم من لوحة التحكم غير متاح لدورك',
    },
  },
};
