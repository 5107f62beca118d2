/**
 * Which app a path belongs to and in which language (spec doc1 §1, §2). Pure: main.tsx and the
 * language switch use it, and the inline script of index.html repeats `documentLanguage` (it runs
 * before any bundle loads, so it cannot import this file).
 */
export type Language = 'en' | 'ar';
export type Area = 'merchant' | 'manager';

export const LANGUAGES: readonly Language[] = ['en', 'ar'];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'rawnaq.language';

export const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'ar';

export type Boot =
  | { kind: 'redirect'; to: string }
  | {
      kind: 'area';
      area: Area;
      language: Language;
      /** The path prefix of the area: '/en/merchant', '/ar/manager', or '/merchant' (Arabic). */
      basename: string;
      /** '/en', '/ar' or '' as written in the address. */
      prefix: string;
    }
  /** A page for the salon's customers, read without signing in (the e-invoice). */
  | { kind: 'public'; page: PublicPage; language: Language; prefix: string }
  | { kind: 'not-found'; language: Language; prefix: string };

/** The customers' pages the admin app serves without sign-in: `/{lang}/<page>/<id>`. */
export const PUBLIC_PAGES = [
  'e-invoice',
  'e-gift',
  'e-offer',
  'e-deposit',
  'e-survey',
  'invoice-rated-successfully',
] as const;
export type PublicPage = (typeof PUBLIC_PAGES)[number];
const isPublicPage = (value: unknown): value is PublicPage => PUBLIC_PAGES.includes(value as PublicPage);

const segmentsOf = (pathname: string): string[] => pathname.split('/').filter((s) => s !== '');

/** The 404 route, carrying the language prefix when the address had one. */
export const notFoundPath = (prefix: string): string => `${prefix}/404`;

/**
 * The language shown for a path: its prefix; an area path without prefix is Arabic (empty language
 * = Arabic); anything else (`/`, `/404`, unknown paths) has no language of its own, so the one the
 * user chose last, else English.
 */
export const documentLanguage = (pathname: string, remembered: Language | null): Language => {
  const [first] = segmentsOf(pathname);
  if (isLanguage(first)) return first;
  if (first === 'merchant' || first === 'manager') return 'ar';
  return remembered ?? DEFAULT_LANGUAGE;
};

/** What is stored when a path is opened or chosen: 'en' when it starts with /en, otherwise 'ar' (doc1 §1). */
export const storedLanguageOf = (pathname: string): Language =>
  segmentsOf(pathname)[0] === 'en' ? 'en' : 'ar';

export const resolveBoot = (pathname: string, remembered: Language | null): Boot => {
  const segments = segmentsOf(pathname);
  const [first] = segments;
  const hasPrefix = isLanguage(first);
  const prefix = hasPrefix ? `/${first}` : '';
  const rest = hasPrefix ? segments.slice(1) : segments;
  const language: Language = hasPrefix ? first : rest.length === 0 ? (remembered ?? DEFAULT_LANGUAGE) : 'ar';

  if (segments.length === 0) return { kind: 'redirect', to: `/${remembered ?? DEFAULT_LANGUAGE}/merchant` };
  if (rest.length === 0) return { kind: 'redirect', to: `${prefix}/merchant` };
  const [area] = rest;
  if (area === 'merchant' || area === 'manager')
    return { kind: 'area', area, language, basename: `${prefix}/${area}`, prefix };
  if (isPublicPage(area) && rest.length === 2)
    // a customer's link always names its language; one without it reads in Arabic, as area paths do
    return hasPrefix
      ? { kind: 'public', page: area, language, prefix }
      : { kind: 'redirect', to: `/ar/${rest.join('/')}` };
  const shownLanguage = hasPrefix ? language : (remembered ?? DEFAULT_LANGUAGE);
  if (area === '404' && rest.length === 1) return { kind: 'not-found', language: shownLanguage, prefix };
  return { kind: 'redirect', to: notFoundPath(prefix) };
};

/** An area's pages of their own before sign-in, besides the sign-in form (App.tsx). */
const PAGES_BEFORE_SIGN_IN = ['reset-password', 'verify-email', 'lock'];

/**
 * Whether a page starts with the sign-in texts alone (the rest of the catalogue comes with the back
 * office): a sign-in form's address, or an address of an area's back office when that area has no
 * session, which goes to the sign-in form (`/` and `/en` are the merchant area's). The inline script of
 * index.html repeats this rule to preload that form.
 */
export const startsOnSignIn = (pathname: string, signedIn: (area: Area) => boolean): boolean => {
  const segments = segmentsOf(pathname);
  const [area = 'merchant', page, ...more] = isLanguage(segments[0]) ? segments.slice(1) : segments;
  if (area !== 'merchant' && area !== 'manager') return false;
  if (page === 'sign-in' && more.length === 0) return true;
  return !signedIn(area) && !PAGES_BEFORE_SIGN_IN.includes(page);
};

/**
 * The same address in the other language: the prefix is replaced, or added when there was none.
 * Arabic gets the explicit '/ar' prefix so the address says which language it is.
 */
export const switchLanguagePath = (pathname: string, target: Language): string => {
  const segments = segmentsOf(pathname);
  const rest = isLanguage(segments[0]) ? segments.slice(1) : segments;
  return `/${[target, ...rest].join('/')}`;
};
