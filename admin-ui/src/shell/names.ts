import { useMemo } from 'react';
import type { Language } from '../boot/routes';
import { useArea } from './area';

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

/** The field of a bilingual record's name in the screen's language: what its lists sort by. */
export const nameField = (language: Language): 'name_en' | 'name_ar' =>
  language === 'ar' ? 'name_ar' : 'name_en';

/** The screen's language's name field (a name column's `source`, so a click sorts by what it shows). */
export const useNameField = () => nameField(useArea().language);

/**
 * A list's or a picker's order by the records' names in the screen's language: on an Arabic screen by
 * their Arabic names, as read, not in the order of the English names on file.
 */
export const useNameSort = () => {
  const field = useNameField();
  return useMemo(() => ({ field, order: 'ASC' as const }), [field]);
};
