/**
 * A menu label or a typed search as it is compared: lower case, and Arabic without what people type
 * one way or another (short vowels and tatweel, the forms of alef, alef maqsura for ya, ta marbuta for
 * ha, hamza on waw and ya), Arabic-Indic digits as Latin ones.
 */
export const searchText = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[’'`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Every word typed is in the text (in any order): "report vat" finds "VAT report". */
export const matchesSearch = (text: string, query: string): boolean => {
  const words = searchText(query).split(' ').filter(Boolean);
  const haystack = searchText(text);
  return words.every((word) => haystack.includes(word));
};
