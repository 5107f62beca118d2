import type { Locale } from '@rawnaq/contracts';

/** Where the chosen language is kept in the browser (spec doc1 §1: stored locally, the page reloads). */
export const LOCALE_STORAGE_KEY = 'locale';

export const rememberLocale = (locale: Locale): void => {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage can be blocked (private mode, cookies off); the path still carries the language.
  }
};

/** `<html lang dir>` for the page's language. */
export const applyDocumentLocale = (locale: Locale): void => {
  document.documentElement.lang = locale;
  document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
};
