import { codeLabelKey, codedValueMessages, type Locale } from '@rawnaq/contracts';
import type { PublicSalon } from './api';
import { nameIn } from './format';

/** A coded value's label from the contracts catalogue (`codes.<enumeration>.<name>`), or "Unknown". */
const codeLabel = (locale: Locale, enumName: 'country' | 'salonType', value: number): string => {
  const [, , name] = codeLabelKey(enumName, value).split('.');
  const labels = codedValueMessages[locale].codes;
  const group: Record<string, string> = labels[enumName];
  return (name !== undefined && group[name]) || labels.unknown;
};

export const countryLabel = (locale: Locale, countryId: number): string =>
  codeLabel(locale, 'country', countryId);

export const salonTypeLabel = (locale: Locale, salonType: number): string =>
  codeLabel(locale, 'salonType', salonType);

/** The salon's name in the page's language, or its other name when that one was left empty. */
export const salonName = (locale: Locale, salon: Pick<PublicSalon, 'name_en' | 'name_ar'>): string =>
  nameIn(locale, salon);

/** "Saudi riyal" / "ريال سعودي"; the ISO code itself where the browser has no name for it. */
export const currencyLabel = (locale: Locale, currency: string): string => {
  try {
    return new Intl.DisplayNames([locale], { type: 'currency' }).of(currency) ?? currency;
  } catch {
    return currency;
  }
};
