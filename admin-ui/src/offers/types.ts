import type { Currency } from '@rawnaq/contracts';

/** The offers and packages screens (spec doc1 §2 `menu/offers`, packages beside them) and their API paths. */
export const BUNDLE_RESOURCES = { offers: 'menu/offers', packages: 'menu/packages' } as const;
export type BundleResource = (typeof BUNDLE_RESOURCES)[keyof typeof BUNDLE_RESOURCES];

export const BUNDLE_API_PATHS: Record<BundleResource, string> = {
  'menu/offers': 'offers',
  'menu/packages': 'packages',
};

/** The stream category of each kind, which the audit log files its entries under. */
export const BUNDLE_ENTITY: Record<BundleResource, 'offer' | 'package'> = {
  'menu/offers': 'offer',
  'menu/packages': 'package',
};

/** As the API keeps it; `expired` is shown for an offer whose expiry date has passed. */
export type BundleStatus = 'active' | 'paused' | 'disabled';
export type ShownStatus = BundleStatus | 'expired';

type Priced = {
  id: string;
  name_en: string;
  name_ar: string;
  /** before VAT, decimal text */
  price: string;
  price_minor: number;
  price_with_vat: string;
  price_with_vat_minor: number;
  /** the services' total before VAT, decimal text */
  items_total: string;
  currency: Currency;
  vat_percentage: number;
  description_en?: string | null;
  description_ar?: string | null;
  status: BundleStatus;
  created_at: string;
};

export type Offer = Priced & {
  type: 'fixed' | 'variable';
  use_type: 1 | 2;
  service_ids: string[];
  max_services_to_use?: number | null;
  expiry_date: string;
};

export type Package = Priced & {
  items: Array<{ service_id: string; sessions: number }>;
  validity_days: number;
};

/** The lifecycle steps of docs/api.md, each an event (renew is an offer's only). */
export type BundleStep = 'pause' | 'resume' | 'renew' | 'disable' | 'remove';

/** Which steps a bundle in a status may take (the command API's own rule, so no button leads to a 409). */
export const stepsFor = (status: BundleStatus, kind: 'offer' | 'package'): BundleStep[] => {
  const steps: BundleStep[] = [];
  if (status === 'active') steps.push('pause');
  if (status === 'paused') steps.push('resume');
  if (kind === 'offer' && status !== 'disabled') steps.push('renew');
  if (status !== 'disabled') steps.push('disable');
  steps.push('remove');
  return steps;
};

/** The status a person reads: an active or paused offer past its expiry date is expired. */
export const shownStatus = (
  record: { status: BundleStatus; expiry_date?: string | null },
  today: string,
): ShownStatus =>
  record.status !== 'disabled' && record.expiry_date && record.expiry_date < today
    ? 'expired'
    : record.status;

const empty = (value: unknown) => value === undefined || value === null || value === '';
const orNull = (value: unknown) => (empty(value) ? null : value);

export const OFFER_TYPES = ['fixed', 'variable'] as const;
export const USE_TYPES = [1, 2] as const;

/** The body of POST/PUT offers: the whole form; a fixed-services offer has no maximum to send. */
export const offerPayload = (values: Record<string, unknown>) => ({
  name_en: orNull(values.name_en),
  name_ar: orNull(values.name_ar),
  type: orNull(values.type),
  use_type: orNull(values.use_type),
  service_ids: Array.isArray(values.service_ids) ? values.service_ids : [],
  max_services_to_use: Number(values.use_type) === 2 ? orNull(values.max_services_to_use) : null,
  price: orNull(values.price),
  expiry_date: orNull(values.expiry_date),
  description_en: orNull(values.description_en),
  description_ar: orNull(values.description_ar),
});

/** The body of POST/PUT packages. */
export const packagePayload = (values: Record<string, unknown>) => ({
  name_en: orNull(values.name_en),
  name_ar: orNull(values.name_ar),
  items: Array.isArray(values.items) ? values.items : [],
  price: orNull(values.price),
  validity_days: orNull(values.validity_days),
  description_en: orNull(values.description_en),
  description_ar: orNull(values.description_ar),
});
