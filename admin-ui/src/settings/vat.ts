import { priceMinor, withVatText } from '../menu/pricing';
import type { Currency } from '@rawnaq/contracts';

/** The VAT setting as `GET settings/vat` answers it (docs/api.md). */
export type VatSettings = {
  id: 'vat';
  vat_enabled: boolean;
  vat_name_en: string;
  vat_name_ar: string;
  vat_percentage: number | string;
};

/** The body of `PUT settings/vat`: VAT off means a percentage of zero (spec doc2 §5.1). */
export const vatPayload = (values: Record<string, unknown>) => {
  const enabled = values.vat_enabled !== false;
  return {
    vat_enabled: enabled,
    vat_name_en: typeof values.vat_name_en === 'string' ? values.vat_name_en.trim() : '',
    vat_name_ar: typeof values.vat_name_ar === 'string' ? values.vat_name_ar.trim() : '',
    vat_percentage: enabled ? String(values.vat_percentage ?? '').trim() : '0',
  };
};

/** A percentage as text when it is one a salon may type (0-100, up to two decimals), else undefined. */
export const percentageText = (value: unknown): string | undefined => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text) || Number(text) > 100) return undefined;
  return text;
};

/** The example under the form: 100 of the currency before VAT, and with the VAT being typed (minor units). */
export const vatExample = (percentage: unknown, currency: Currency) => {
  const rate = percentageText(percentage);
  const before = priceMinor('100', currency);
  const after = rate === undefined ? undefined : priceMinor(withVatText('100', rate, currency), currency);
  return before === undefined || after === undefined ? undefined : { before, after };
};
