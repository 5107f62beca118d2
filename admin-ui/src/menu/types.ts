import type { Currency } from '@rawnaq/contracts';

/** The screens of the salon's menu (spec doc1 §2 `menu/...`) and the API path each one reads. */
export const MENU_RESOURCES = {
  services: 'menu/services',
  groups: 'menu/groups',
  categories: 'menu/categories',
} as const;
export type MenuResource = (typeof MENU_RESOURCES)[keyof typeof MENU_RESOURCES];
export type NamedResource = typeof MENU_RESOURCES.groups | typeof MENU_RESOURCES.categories;

export const MENU_API_PATHS: Record<MenuResource, string> = {
  'menu/services': 'services',
  'menu/groups': 'service-groups',
  'menu/categories': 'categories',
};

export const MENU_STATUS = { active: 1, disabled: 0 } as const;

/** A group or a category as `GET service-groups` / `GET categories` answers it (docs/api.md). */
export type NamedItem = { id: string; name_en: string; name_ar: string; status: 0 | 1 };

/** A service as `GET services` answers it: prices as exact decimal text and in minor units. */
export type Service = NamedItem & {
  group_id: string;
  category_id?: string | null;
  price: string;
  price_minor: number;
  price_with_vat: string;
  price_with_vat_minor: number;
  offer_price?: string | null;
  offer_price_with_vat?: string | null;
  currency: Currency;
  vat_percentage: number;
  job_time: number;
  show_to_customer: boolean;
  home_service: boolean;
  expiry_date?: string | null;
  /** an image uploaded with `POST files?purpose=image` */
  image_file_id?: string | null;
  order: number;
};

/** What a person types on the service form; the price with VAT only helps to find the price before it. */
export const SERVICE_FORM_FIELDS = [
  'name_en',
  'name_ar',
  'group_id',
  'category_id',
  'price',
  'offer_price',
  'job_time',
  'show_to_customer',
  'home_service',
  'expiry_date',
  'image_file_id',
  'employee_ids',
] as const;
export type ServiceFormField = (typeof SERVICE_FORM_FIELDS)[number];

const empty = (value: unknown) => value === undefined || value === '' || value === null;

/** The body of POST/PUT services: the whole form, empty fields as null (an edit clears them). */
export const servicePayload = (values: Record<string, unknown>): Record<ServiceFormField, unknown> =>
  Object.fromEntries(
    SERVICE_FORM_FIELDS.map((field) => [field, empty(values[field]) ? null : values[field]]),
  ) as Record<ServiceFormField, unknown>;

/** The body of POST/PUT service-groups and categories. */
export const namePayload = (values: Record<string, unknown>) => ({
  name_en: empty(values.name_en) ? null : values.name_en,
  name_ar: empty(values.name_ar) ? null : values.name_ar,
});

/** The name in the page's language first, the other one beside it. */
export const namesOf = (item: Pick<NamedItem, 'name_en' | 'name_ar'>, language: 'en' | 'ar') =>
  language === 'ar'
    ? { main: item.name_ar, other: item.name_en }
    : { main: item.name_en, other: item.name_ar };

export const statusChoices = [
  { id: MENU_STATUS.active, name: 'app.menu_items.status.active' },
  { id: MENU_STATUS.disabled, name: 'app.menu_items.status.disabled' },
];
