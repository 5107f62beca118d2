import {
  CODED_VALUE_NAMES,
  codedValues,
  codeLabelKey,
  codeOptions,
  COUNTRY_LIST,
  UNKNOWN_CODE_LABEL_KEY,
} from './index';
import { codedValueMessages } from './messages';

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.entries(tree).reduce<Record<string, string>>((acc, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? { ...acc, [path]: value } : { ...acc, ...flatten(value, path) };
  }, {});

const en = flatten(codedValueMessages.en as unknown as Tree);
const ar = flatten(codedValueMessages.ar as unknown as Tree);

describe('coded value messages', () => {
  it('have exactly the same keys in English and Arabic', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
  });

  it('label every value of every enumeration in both languages', () => {
    const missing: string[] = [];
    for (const name of CODED_VALUE_NAMES) {
      for (const value of Object.values(codedValues[name])) {
        const key = codeLabelKey(name, value);
        if (!en[key]?.trim()) missing.push(`en ${key}`);
        if (!ar[key]?.trim()) missing.push(`ar ${key}`);
      }
    }
    expect(missing).toEqual([]);
    expect(en[UNKNOWN_CODE_LABEL_KEY]).toBe('Unknown');
    expect(ar[UNKNOWN_CODE_LABEL_KEY]).toBe('غير معروف');
  });

  it('have no labels for values that do not exist', () => {
    const expected = new Set([
      UNKNOWN_CODE_LABEL_KEY,
      ...CODED_VALUE_NAMES.flatMap((name) => codeOptions(name).map((o) => o.name)),
    ]);
    expect(Object.keys(en).filter((k) => !expected.has(k))).toEqual([]);
  });

  it('write every Arabic label in Arabic script', () => {
    const arabicLetter = /[\u0600-\u06FF]/;
    const notArabic = Object.entries(ar).filter(([, text]) => !arabicLetter.test(text));
    expect(notArabic).toEqual([]);
  });

  it('use the salon wording of the brief', () => {
    expect(ar['codes.paymentMethod.cash']).toBe('نقدي');
    expect(ar['codes.paymentMethod.credit_card']).toBe('بطاقة ائتمان');
    expect(ar['codes.paymentMethod.tabby']).toBe('تابي');
    expect(ar['codes.paymentMethod.tamara']).toBe('تمارا');
    expect(ar['codes.appointmentStatus.scheduled']).toBe('مجدول');
    expect(ar['codes.appointmentStatus.check_in']).toBe('تم الحضور');
    expect(ar['codes.appointmentStatus.cancelled']).toBe('ملغي');
    expect(ar['codes.eInvoiceReferenceType.invoice']).toBe('فاتورة');
  });

  it('name countries as the country table does', () => {
    for (const c of COUNTRY_LIST) {
      expect(en[`codes.country.${c.key}`]).toBe(c.englishName);
      expect(ar[`codes.country.${c.key}`]).toBe(c.arabicName);
    }
  });
});
