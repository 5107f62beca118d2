import { aliasName, type Locale } from '@rawnaq/contracts';

/**
 * The booking site's routes (spec doc1 §2): `/{en|ar}/salon/{aliasName}/{page}`, where an empty prefix means
 * Arabic: home, booking, booking-success/{id}, price-list, offers, buy-gift-card, terms-and-conditions,
 * refund-policy, e-booking/{uniqueId}, payment-gateway-status/{uniqueId}, e-gift-card/{uniqueId} and
 * e-offer/{uniqueId} (these two are the customer documents of the admin app, `/{lang}/e-gift|e-offer/{id}`,
 * where they are sent on). Every other path is the 404 page.
 */
export type SalonPage =
  | 'salon-home'
  | 'booking'
  | 'price-list'
  | 'terms-and-conditions'
  | 'refund-policy'
  | 'booking-success'
  | 'e-booking'
  | 'payment-gateway-status'
  | 'offers'
  | 'buy-gift-card'
  | 'e-gift-card'
  | 'e-offer';

export type Route =
  | {
      page: SalonPage;
      locale: Locale;
      alias: string;
      /** the booking's link for booking-success and e-booking, the payment's for payment-gateway-status */
      id?: string;
      /** Set for `salon/{alias}` without a page: the address to show instead (`.../home`). */
      redirectTo?: string;
    }
  /** the public customer document `report-to-zatca` (doc1 §2): how to report an invoice to ZATCA */
  | { page: 'report-to-zatca'; locale: Locale }
  /** the platform's contract signing page `account-contract/{uniqueId}` (doc1 §2, issue 27) */
  | { page: 'account-contract'; locale: Locale; id: string }
  /** an invoice of the platform to a salon (doc1 §2 public `account-invoice/{uniqueId}`), with "Pay" */
  | { page: 'account-invoice'; locale: Locale; id: string }
  | { page: 'not-found'; locale: Locale };

/** The salon's pages without a parameter, by the last segment of their address. */
const PAGES: Record<string, SalonPage> = {
  home: 'salon-home',
  booking: 'booking',
  'price-list': 'price-list',
  'terms-and-conditions': 'terms-and-conditions',
  'refund-policy': 'refund-policy',
  offers: 'offers',
  'buy-gift-card': 'buy-gift-card',
};
/** The pages of one booking, by the segment before its link. */
const WITH_ID: Record<string, SalonPage> = {
  'booking-success': 'booking-success',
  'e-booking': 'e-booking',
  'payment-gateway-status': 'payment-gateway-status',
  'e-gift-card': 'e-gift-card',
  'e-offer': 'e-offer',
};

/** The address of one of a salon's pages in a language. */
export const salonPath = (locale: Locale, alias: string, page: string): string =>
  `${localePrefix(locale)}/salon/${encodeURIComponent(alias)}/${page}`;

const PREFIXES: Record<string, Locale> = { en: 'en', ar: 'ar' };

/** The path prefix of a language: `/en` for English; Arabic has the empty prefix. */
export const localePrefix = (locale: Locale): string => (locale === 'en' ? '/en' : '');

const splitLocale = (pathname: string): { locale: Locale; prefix: string; segments: string[] } => {
  const segments = pathname.split('/').filter((s) => s !== '');
  const locale = PREFIXES[segments[0] ?? ''];
  return locale === undefined
    ? { locale: 'ar', prefix: '', segments }
    : { locale, prefix: `/${segments[0]}`, segments: segments.slice(1) };
};

const decode = (segment: string): string | undefined => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

export const parseRoute = (pathname: string): Route => {
  const { locale, prefix, segments } = splitLocale(pathname);
  if (segments.length === 1 && segments[0] === 'report-to-zatca') return { page: 'report-to-zatca', locale };
  if (segments.length === 2 && segments[0] === 'account-contract')
    // a contract's link: 22 characters of a URL-safe random id
    return /^[A-Za-z0-9_-]{22}$/.test(segments[1])
      ? { page: 'account-contract', locale, id: segments[1] }
      : { page: 'not-found', locale };
  if (segments.length === 2 && segments[0] === 'account-invoice' && /^[A-Za-z0-9_-]{22}$/.test(segments[1]))
    return { page: 'account-invoice', locale, id: segments[1] };
  const [first, rawAlias, page, id, ...rest] = segments;
  const alias = rawAlias === undefined ? undefined : decode(rawAlias);
  // The alias rule of the settings screen (a-z, A-Z, 0-9): anything else cannot be a salon.
  if (first !== 'salon' || alias === undefined || aliasName(alias) !== undefined || rest.length > 0)
    return { page: 'not-found', locale };
  // Keeps the prefix as written: `/ar/salon/x` goes to `/ar/salon/x/home`, `/salon/x` to `/salon/x/home`.
  if (page === undefined)
    return { page: 'salon-home', locale, alias, redirectTo: `${prefix}/salon/${alias}/home` };
  if (id === undefined) {
    const known = PAGES[page];
    return known ? { page: known, locale, alias } : { page: 'not-found', locale };
  }
  const withId = WITH_ID[page];
  // a booking's link: 22 characters of a URL-safe hash
  return withId && /^[A-Za-z0-9_-]{22}$/.test(id)
    ? { page: withId, locale, alias, id }
    : { page: 'not-found', locale };
};

/**
 * Where a salon's `e-gift-card/{id}` and `e-offer/{id}` are shown: the customer documents of the admin
 * app, which always name their language (`/ar/e-gift/{id}`, `/en/e-offer/{id}`).
 */
export const documentPath = (locale: Locale, page: 'e-gift-card' | 'e-offer', id: string): string =>
  `/${locale}/${page === 'e-gift-card' ? 'e-gift' : 'e-offer'}/${encodeURIComponent(id)}`;

/** The same page in the other language, keeping the query and the hash. */
export const pathInLocale = (pathname: string, search: string, hash: string, target: Locale): string => {
  const { segments } = splitLocale(pathname);
  const rest = segments.map((s) => `/${s}`).join('');
  return `${localePrefix(target)}${rest || '/'}${search}${hash}`;
};
