/**
 * A person's name as two spellings of it are compared (issue 24): case, spaces and punctuation
 * aside, Latin accents and Arabic diacritics (tashkeel, tatweel) dropped, and the Arabic letter forms
 * people type interchangeably made one: أ إ آ ٱ → ا, ة → ه, ى → ي, ؤ → و, ئ → ي. "Fatima  Ali" and
 * "fatima ali", "فاطمة" and "فاطمه", "آمنة" and "امنه" are one name; "Fatima" and "Fatima Ali" are not.
 */
export const personNameKey = (name: string): string =>
  name
    .normalize('NFKD')
    // Latin accents and Arabic diacritics are combining marks; tatweel is a letter-spacing stroke
    .replace(/[\p{M}\u0640]/gu, '')
    .toLowerCase()
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Two names that are one person's, as far as a name can say (`personNameKey`). */
export const samePersonName = (a: string, b: string): boolean => {
  const key = personNameKey(a);
  return key !== '' && key === personNameKey(b);
};
