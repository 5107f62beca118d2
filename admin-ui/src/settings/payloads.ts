import type { BusinessDay } from '@rawnaq/contracts';

/** Each settings screen's API record (docs/api.md "Settings") and the resource its labels live under. */
export const SETTINGS = 'settings';
export const BUSINESS_HOURS = 'business-hours';
export const CUSTOM_HOURS = 'custom-business-hours';

export const GENERAL_FIELDS = [
  'name_en',
  'name_ar',
  'country_id',
  'salon_type',
  'vat_number',
  'commercial_registration',
  'phone',
  'whatsapp',
  'email',
  'address_en',
  'address_ar',
  'city_id',
  'logo_file_id',
  'latitude',
  'longitude',
] as const;

export const SOCIAL_FIELDS = [
  'instagram',
  'snapchat',
  'tiktok',
  'facebook',
  'facebook_page_id',
  'google_maps',
  'google_review',
] as const;

const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const clean = (v: unknown) => (empty(v) ? null : typeof v === 'string' ? v.trim() : v);

/** The body of `PUT settings/general`: every field of the form (an empty one clears it), social channels nested. */
export const generalPayload = (values: Record<string, unknown>) => {
  const social = (values.social ?? {}) as Record<string, unknown>;
  return {
    ...Object.fromEntries(GENERAL_FIELDS.map((f) => [f, clean(values[f])])),
    social: Object.fromEntries(
      SOCIAL_FIELDS.filter((f) => !empty(social[f])).map((f) => [f, clean(social[f])]),
    ),
  };
};

/** The body of a section saved whole (invoice, notifications, online): its record without the id. */
export const sectionPayload = (values: Record<string, unknown>) => {
  const { id: _id, ...rest } = values;
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, clean(v)]));
};

/** 'HH:mm:ss' or 'HH:mm' as the API's 'HH:mm'. */
const hhmm = (v: unknown) => (typeof v === 'string' && v.length >= 5 ? v.slice(0, 5) : undefined);

/** The body of `PUT business-hours/week`: seven days, Sunday first; a closed day carries no times. */
export const weekPayload = (days: unknown): { days: BusinessDay[] } => ({
  days: [0, 1, 2, 3, 4, 5, 6].map((i) => {
    const day = ((Array.isArray(days) ? days[i] : undefined) ?? {}) as Record<string, unknown>;
    return day.is_open === false
      ? { is_open: false }
      : { is_open: true, from: hhmm(day.from) ?? '', to: hhmm(day.to) ?? '' };
  }),
});

/** The body of `POST custom-business-hours`: a closed period carries no times. */
export const customHoursPayload = (values: Record<string, unknown>) => {
  const open = values.is_open !== false;
  return {
    name: clean(values.name),
    from_date: clean(values.from_date),
    to_date: clean(values.to_date),
    is_open: open,
    ...(open ? { from: hhmm(values.from) ?? null, to: hhmm(values.to) ?? null } : {}),
  };
};

/** Alias characters as the spec allows them (a-z, A-Z, 0-9): what the salon's public address will be. */
export const publicAddress = (origin: string, language: 'en' | 'ar', alias: unknown) =>
  typeof alias === 'string' && /^[a-zA-Z0-9]{3,40}$/.test(alias)
    ? `${origin}/${language}/salon/${alias}/home`
    : undefined;
