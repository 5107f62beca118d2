import {
  conflict,
  notFound,
  rejected,
  type OfferDetails,
  type OfferEvent,
  type OfferStatus,
  type PackageDetails,
  type PackageEvent,
} from '@rawnaq/contracts';

/** Offers and packages share a life: active, paused and resumed, disabled for good, removed from the lists. */
export type BundleState<D> =
  { exists: false } | { exists: true; id: string; details: D; status: OfferStatus };

const diff = (before: Record<string, unknown>, after: Record<string, unknown>) => {
  const changed: Record<string, unknown> = {};
  const previous: Record<string, unknown> = {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)]))
    if (JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null)) {
      changed[k] = after[k] ?? null;
      previous[k] = before[k] ?? null;
    }
  return Object.keys(changed).length ? { changed, previous } : undefined;
};

const apply = <D>(details: D, changed: Record<string, unknown>): D => {
  const next = { ...details } as Record<string, unknown>;
  for (const [k, v] of Object.entries(changed)) {
    if (v === null) delete next[k];
    else next[k] = v;
  }
  return next as D;
};

const STATUS_OF: Record<string, OfferStatus> = {
  Paused: 'paused',
  Resumed: 'active',
  Disabled: 'disabled',
  Removed: 'removed',
};

export const evolveOffer = (state: BundleState<OfferDetails>, e: OfferEvent): BundleState<OfferDetails> => {
  if (e.type === 'OfferCreated') {
    const { offer_id, ...details } = e.data;
    return { exists: true, id: offer_id, details, status: 'active' };
  }
  if (!state.exists) return state;
  if (e.type === 'OfferChanged') return { ...state, details: apply(state.details, e.data.changed) };
  if (e.type === 'OfferRenewed')
    return { ...state, details: { ...state.details, expiry_date: e.data.expiry_date } };
  return { ...state, status: STATUS_OF[e.type.replace('Offer', '')] };
};

export const evolvePackage = (
  state: BundleState<PackageDetails>,
  e: PackageEvent,
): BundleState<PackageDetails> => {
  if (e.type === 'PackageCreated') {
    const { package_id, ...details } = e.data;
    return { exists: true, id: package_id, details, status: 'active' };
  }
  if (!state.exists) return state;
  if (e.type === 'PackageChanged') return { ...state, details: apply(state.details, e.data.changed) };
  return { ...state, status: STATUS_OF[e.type.replace('Package', '')] };
};

export type Lifecycle = 'pause' | 'resume' | 'disable' | 'remove';

/** Which lifecycle steps are allowed from which status; a disabled or removed bundle stays so. */
const allowed = (status: OfferStatus, step: Lifecycle) =>
  (step === 'pause' && status === 'active') ||
  (step === 'resume' && status === 'paused') ||
  (step === 'disable' && (status === 'active' || status === 'paused')) ||
  (step === 'remove' && status !== 'removed');

const EVENT: Record<Lifecycle, string> = {
  pause: 'Paused',
  resume: 'Resumed',
  disable: 'Disabled',
  remove: 'Removed',
};

/** The rules of spec doc2 §5.5: the price below the items' total; a variable offer's max below the count. */
export const checkOffer = (d: OfferDetails, today: string) => {
  if (d.price >= d.items_total) throw rejected('catalog.price_not_below_items_total', 'price');
  if (
    d.use_type === 2 &&
    (d.max_services_to_use === undefined || d.max_services_to_use >= d.service_ids.length)
  )
    throw rejected('catalog.max_services_not_below_count', 'max_services_to_use');
  if (d.expiry_date < today) throw rejected('catalog.expiry_in_past', 'expiry_date');
};

export type OfferCommand =
  | { type: 'CreateOffer'; offerId: string; details: OfferDetails; today: string }
  | { type: 'ChangeOffer'; details: OfferDetails; today: string }
  | { type: 'RenewOffer'; expiryDate: string; today: string }
  | { type: 'OfferLifecycle'; step: Lifecycle };

export const decideOffer = (c: OfferCommand, s: BundleState<OfferDetails>): OfferEvent[] => {
  if (c.type === 'CreateOffer') {
    if (s.exists) return [];
    checkOffer(c.details, c.today);
    return [{ type: 'OfferCreated', data: { offer_id: c.offerId, ...c.details } }];
  }
  if (!s.exists || s.status === 'removed') throw notFound('not_found.offer');
  const offer_id = s.id;
  switch (c.type) {
    case 'ChangeOffer': {
      checkOffer(c.details, c.today);
      const d = diff(s.details as Record<string, unknown>, c.details as Record<string, unknown>);
      return d ? [{ type: 'OfferChanged', data: { offer_id, ...d } }] : [];
    }
    case 'RenewOffer':
      if (s.status === 'disabled') throw conflict('catalog.bundle_disabled');
      if (c.expiryDate < c.today || c.expiryDate <= s.details.expiry_date)
        throw rejected('catalog.renewal_not_later', 'expiry_date');
      return [
        {
          type: 'OfferRenewed',
          data: { offer_id, expiry_date: c.expiryDate, previous_expiry_date: s.details.expiry_date },
        },
      ];
    case 'OfferLifecycle':
      if (!allowed(s.status, c.step)) throw conflict(`catalog.cannot_${c.step}`);
      return [{ type: `Offer${EVENT[c.step]}` as 'OfferPaused', data: { offer_id } }];
  }
};

export type PackageCommand =
  | { type: 'CreatePackage'; packageId: string; details: PackageDetails }
  | { type: 'ChangePackage'; details: PackageDetails }
  | { type: 'PackageLifecycle'; step: Lifecycle };

export const decidePackage = (c: PackageCommand, s: BundleState<PackageDetails>): PackageEvent[] => {
  const check = (d: PackageDetails) => {
    if (d.price >= d.items_total) throw rejected('catalog.price_not_below_items_total', 'price');
  };
  if (c.type === 'CreatePackage') {
    if (s.exists) return [];
    check(c.details);
    return [{ type: 'PackageCreated', data: { package_id: c.packageId, ...c.details } }];
  }
  if (!s.exists || s.status === 'removed') throw notFound('not_found.package');
  const package_id = s.id;
  if (c.type === 'ChangePackage') {
    check(c.details);
    const d = diff(s.details as Record<string, unknown>, c.details as Record<string, unknown>);
    return d ? [{ type: 'PackageChanged', data: { package_id, ...d } }] : [];
  }
  if (!allowed(s.status, c.step)) throw conflict(`catalog.cannot_${c.step}`);
  return [{ type: `Package${EVENT[c.step]}` as 'PackagePaused', data: { package_id } }];
};
