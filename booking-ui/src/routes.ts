import { aliasName, type Locale } from '@rawnaq/contracts';

/**
 * The booking site's routes (spec doc1 §2): `/{en|ar}/salon/{aliasName}/home`, where an empty prefix means
 * Arabic. Only the salon's home page is built; every other path, including the salon pages still to come
 * (booking, price-list...), is the 404 page.
 */
export type Route =
  | {
      page: 'salon-home';
      locale: Locale;
      alias: string;
      /** Set for `salon/{alias}` without a page: the address to show instead (`.../home`). */
      redirectTo?: string;
    }
  | { page: 'not-found'; locale: Locale };

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
  const [first, rawAlias, page, ...rest] = segments;
  const alias = rawAlias === undefined ? undefined : decode(rawAlias);
  // The alias rule of the settings screen (a-z, A-Z, 0-9): anything else cannot be a salon.
  if (first !== 'salon' || alias === undefined || aliasName(alias) !== undefined || rest.length > 0)
    return { page: 'not-found', locale };
  // Keeps the prefix as written: `/ar/salon/x` goes to `/ar/salon/x/home`, `/salon/x` to `/salon/x/home`.
  if (page === undefined)
    return { page: 'salon-home', locale, alias, redirectTo: `${prefix}/salon/${alias}/home` };
  return page === 'home' ? { page: 'salon-home', locale, alias } : { page: 'not-found', locale };
};

/** The same page in the other language, keeping the query and the hash. */
export const pathInLocale = (pathname: string, search: string, hash: string, target: Locale): string => {
  const { segments } = splitLocale(pathname);
  const rest = segments.map((s) => `/${s}`).join('');
  return `${localePrefix(target)}${rest || '/'}${search}${hash}`;
};
