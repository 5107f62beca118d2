import {
  accountClosure,
  countryOf,
  isCountryId,
  notFound,
  ONLINE_DEFAULTS,
  ONLINE_GIFT_CARD_DEFAULTS,
} from '@rawnaq/contracts';
import type { Doc, ReadModels } from '@rawnaq/platform';

/** The salon of an online address (any case), open on the platform; `404 not_found.account` for any other. */
export const salonOfAlias = async (models: ReadModels, alias: string): Promise<Doc> => {
  if (!/^[A-Za-z0-9]{1,64}$/.test(alias)) throw notFound('not_found.account');
  const [salon] = await models.find('accounts', {
    filter: { alias_lc: alias.toLowerCase(), status: 1 },
    limit: 1,
  });
  if (!salon) throw notFound('not_found.account');
  return salon;
};

/** What a visitor may see of a salon: its card on the online pages (`GET public/salons/{alias}`). */
export const publicSalonCard = (a: Doc, now: Date = new Date()) => {
  const country = isCountryId(a.country_id) ? countryOf(a.country_id as number) : undefined;
  return {
    alias: a.alias as string,
    name_en: a.name_en as string,
    name_ar: a.name_ar as string,
    country_id: a.country_id as number,
    salon_type: a.salon_type as number,
    currency: country?.currency ?? 'SAR',
    time_zone: country?.timeZone ?? 'Asia/Riyadh',
    online_booking: a.online_booking === true,
    require_email: a.require_email === true,
    cancel_cutoff_hours: (a.cancel_cutoff_hours as number | undefined) ?? ONLINE_DEFAULTS.cancelCutoffHours,
    vat_percentage: (a.vat_percentage as number | undefined) ?? 0,
    address_en: typeof a.address_en === 'string' ? a.address_en : null,
    address_ar: typeof a.address_ar === 'string' ? a.address_ar : null,
    city_en: typeof a.city_en === 'string' ? a.city_en : null,
    city_ar: typeof a.city_ar === 'string' ? a.city_ar : null,
    phone: typeof a.phone === 'string' ? a.phone : null,
    map_url: mapUrl(a),
    // the deposit an online booking pays first: none, an amount (decimal text) or a percentage of the visit
    deposit_type: (a.deposit_type as string | undefined) ?? 'none',
    deposit_amount: a.deposit_type === 'amount' ? ((a.deposit_amount as string | undefined) ?? null) : null,
    deposit_percentage:
      a.deposit_type === 'percentage' && a.deposit_percentage ? Number(a.deposit_percentage) : null,
    gift_cards: giftCardsOnline(a),
    // an expired or disabled salon's pages say it is closed (they book and sell nothing)
    closed: accountClosure(a, now) ?? null,
  };
};

/**
 * Whether the salon sells gift cards on its pages, and within which values (major units, decimal
 * text): its own setting, else on while its payment-gateway package is active (doc1 §3, §4).
 */
export const giftCardsOnline = (a: Doc) => {
  const text = (v: unknown, fallback: string) => (typeof v === 'string' && v !== '' ? v : fallback);
  const min = text(a.gift_card_min_value, ONLINE_GIFT_CARD_DEFAULTS.min);
  const max = text(a.gift_card_max_value, ONLINE_GIFT_CARD_DEFAULTS.max);
  const within = (v: string) => Number(v) >= Number(min) && Number(v) <= Number(max);
  return {
    enabled: typeof a.online_gift_cards === 'boolean' ? a.online_gift_cards : a.payment_gateway_package === 1,
    min,
    max: Number(max) < Number(min) ? min : max,
    presets: ONLINE_GIFT_CARD_DEFAULTS.presets.filter(within),
  };
};

/** Directions to the salon: its own map link, else a map search at its coordinates, else none. */
const mapUrl = (a: Doc): string | null => {
  const own = (a.social as { google_maps?: unknown } | undefined)?.google_maps;
  if (typeof own === 'string' && /^https:\/\//.test(own)) return own;
  return typeof a.latitude === 'number' && typeof a.longitude === 'number'
    ? `https://www.google.com/maps/search/?api=1&query=${a.latitude},${a.longitude}`
    : null;
};
