import type { Language } from '../boot/routes';

/**
 * A record's name in the screen's language (the other language's when it has none in this one), read
 * from a pair of fields: what react-admin shows for a record of the resource (its representation: a
 * picker's options and chosen chips, a delete's confirmation), so an Arabic screen never carries the
 * English name on file, nor an English one the Arabic.
 */
export const nameInLanguage =
  (language: Language, en = 'name_en', ar = 'name_ar') =>
  (record: Record<string, unknown>): string =>
    String((language === 'ar' ? record[ar] || record[en] : record[en] || record[ar]) ?? '');
