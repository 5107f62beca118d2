/** The offers screens' texts in English (merged into the catalogue by i18n/messages.en.ts). */
export const en = {};
