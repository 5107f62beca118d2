import { z } from 'zod';
import * as rules from './index';
import { VALIDATION_KEYS, validationMessages, type ValidationIssue } from './index';

const { en, ar } = { en: validationMessages.en.validation, ar: validationMessages.ar.validation };
const placeholders = (message: string): string[] =>
  [...message.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

/** One failing call per issue any rule in this folder can report. */
const reported = (): ValidationIssue[] => {
  const zodError = z.object({ n: z.number() }).safeParse({ n: 'x' }).error!;
  return [
    rules.required(''),
    rules.integer()('x'),
    rules.date('2026-02-30'),
    rules.time('25:00'),
    rules.notAfter('2026-01-01')('2026-01-02'),
    rules.integer()('1.5'),
    rules.integer()('007'),
    rules.integer({ min: 1 })('0'),
    rules.integer({ max: 1 })('2'),
    rules.quantity(1)('2'),
    rules.price()('1.123'),
    rules.multipleOf(2)('3'),
    rules.percentage({ active: true })('0'),
    rules.percentage({ active: false })('1'),
    rules.digitsOnly('a'),
    rules.latinText('صالون'),
    rules.letters('1'),
    rules.englishText('ع'),
    rules.englishTextWithNumbers('ع'),
    rules.arabicText('a'),
    rules.arabicTextWithNumbers('a'),
    rules.arabicOrEnglishText('1'),
    rules.arabicOrEnglishTextWithNumbers('!'),
    rules.aliasName('a b'),
    rules.serviceName('😀'),
    rules.plainText('\u202Egnp.exe'),
    rules.customerSearch('a1'),
    rules.sameAs('a', 'password')('b'),
    rules.after('2', 'from')('1'),
    rules.afterOrEqual('2', 'from')('1'),
    rules.beforeOrEqual('1', 'to')('2'),
    rules.maxLength(1)('ab'),
    rules.minLength(2)('a'),
    rules.exactLength(2)('a'),
    rules.email('a'),
    rules.saudiTaxNumber()('123'),
    rules.trn('1'),
    rules.telephone('966'),
    rules.whatsappNumber('+966'),
    rules.validateMobile('0501234567'),
    rules.validateMobile('96650'),
    rules.validateMobile('9665012345678', { maxLengthMode: true }),
    rules.fieldIssues(zodError, { n: 'x' }).n,
  ].map((found) => {
    if (!found) throw new Error('every call above must fail');
    return found;
  });
};

describe('validationMessages', () => {
  it('has exactly the same keys in English and Arabic', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
  });

  it('lists its keys with the validation. prefix', () => {
    expect([...VALIDATION_KEYS].sort()).toEqual(
      Object.keys(en)
        .map((name) => `validation.${name}`)
        .sort(),
    );
  });

  it.each(Object.keys(en))('%s names the field and uses the same placeholders in both languages', (name) => {
    const english = en[name as keyof typeof en];
    const arabic = ar[name as keyof typeof ar];
    expect(english).toContain('%{field}');
    expect(placeholders(arabic)).toEqual(placeholders(english));
  });

  it.each(Object.keys(ar))('%s is written in Arabic script', (name) => {
    const arabic = ar[name as keyof typeof ar].replace(/%\{\w+\}/g, '');
    expect(arabic).toMatch(/^[^A-Za-z]*(\(a-z, A-Z\)[^A-Za-z]*)?$/);
    expect(arabic).toMatch(/[\u0621-\u064A]{3}/);
  });

  it('has both languages for every key a rule can report, and no message no rule reports', () => {
    const issues = reported();
    const keys = new Set(issues.map((found) => found.key));
    for (const key of keys) {
      expect(key).toMatch(/^validation\./);
      const name = key.slice('validation.'.length);
      expect(en).toHaveProperty([name]);
      expect(ar).toHaveProperty([name]);
    }
    expect([...keys].sort()).toEqual([...VALIDATION_KEYS].sort());
  });

  it('interpolates every param a rule reports', () => {
    for (const found of reported()) {
      const name = found.key.slice('validation.'.length) as keyof typeof en;
      for (const param of Object.keys(found.params ?? {})) {
        expect(placeholders(en[name])).toContain(param);
        expect(placeholders(ar[name])).toContain(param);
      }
    }
  });
});
