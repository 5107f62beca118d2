/**
 * The input props of a field whose text is in one language whatever the page's: English typed left to
 * right on an Arabic page (a question mark at its end, not its start), Arabic right to left on an
 * English one. `lang` also picks the keyboard's and the spell checker's language where they follow it.
 */
export const inEnglish = { htmlInput: { dir: 'ltr', lang: 'en' } } as const;
export const inArabic = { htmlInput: { dir: 'rtl', lang: 'ar' } } as const;
