/** The wizard screens' texts in Arabic (merged into the catalogue by i18n/messages.ar.ts). */
export const ar = {};
