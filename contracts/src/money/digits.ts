const ARABIC_INDIC_ZERO = 0x0660;
const EXTENDED_ARABIC_INDIC_ZERO = 0x06f0;

/** Western digits to Arabic-Indic digits (٠١٢٣٤٥٦٧٨٩); everything else is left as it is. */
export const toArabicDigits = (text: string): string =>
  text.replace(/[0-9]/g, (d) => String.fromCharCode(ARABIC_INDIC_ZERO + Number(d)));

/**
 * Normalises what users type on Arabic and Persian/Urdu keyboards to ASCII: Arabic-Indic (U+0660-0669) and
 * extended Arabic-Indic (U+06F0-06F9) digits, the Arabic decimal separator ٫ to '.' and thousands separator
 * ٬ to ','.
 */
export const fromArabicDigits = (text: string): string =>
  text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - ARABIC_INDIC_ZERO))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - EXTENDED_ARABIC_INDIC_ZERO))
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, ',');
