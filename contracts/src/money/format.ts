import { CURRENCY_INFO } from '../coded-values/countries';
import type { Locale } from '../coded-values/locale';
import { toArabicDigits } from './digits';
import type { Money } from './money';
import { toDecimalString } from './parse';

export type FormatMoneyOptions = {
  locale: Locale;
  /** Arabic-Indic digits with Arabic separators (٬ thousands, ٫ decimal); Arabic locale only. */
  arabicDigits?: boolean;
  /** Defaults to true: the ISO code in English, the Arabic symbol (ر.س) in Arabic. */
  withSymbol?: boolean;
};

const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/*
 * Bidi marks copy what ICU prints for Arabic: without them a leading minus is shown on the wrong side of the
 * number inside right-to-left text. ALM suits Arabic-Indic digits, LRM Western digits.
 */
const ARABIC_LETTER_MARK = '\u061c';
const LEFT_TO_RIGHT_MARK = '\u200e';

/**
 * 'SAR 1,234.50' / '-SAR 1,234.50' in English; '1,234.50 ر.س' or '١٬٢٣٤٫٥٠ ر.س' in Arabic. Always the
 * currency's full decimals (KWD 1.500). Exact: formatted from the integer minor units, never from a float.
 */
export const formatMoney = (value: Money, options: FormatMoneyOptions): string => {
  const { locale, arabicDigits = false, withSymbol = true } = options;
  const negative = value.amount < 0;
  const [whole, fraction] = toDecimalString({ ...value, amount: Math.abs(value.amount) }).split('.');
  const latin = `${groupThousands(whole)}.${fraction}`;

  if (locale === 'en') {
    const sign = negative ? '-' : '';
    return withSymbol ? `${sign}${value.currency} ${latin}` : `${sign}${latin}`;
  }
  const number = arabicDigits ? toArabicDigits(latin).replace(/,/g, '\u066c').replace('.', '\u066b') : latin;
  const sign = negative ? `${arabicDigits ? ARABIC_LETTER_MARK : LEFT_TO_RIGHT_MARK}-` : '';
  return withSymbol ? `${sign}${number} ${CURRENCY_INFO[value.currency].arabicSymbol}` : `${sign}${number}`;
};
