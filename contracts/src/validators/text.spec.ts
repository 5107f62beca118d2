import {
  aliasName,
  arabicOrEnglishText,
  arabicOrEnglishTextWithNumbers,
  arabicText,
  arabicTextWithNumbers,
  customerSearch,
  digitsOnly,
  email,
  englishText,
  englishTextWithNumbers,
  exactLength,
  letters,
  maxLength,
  minLength,
  noEmoji,
  plainText,
  serviceName,
  textLength,
  unsafeTextPaths,
} from './text';
import { z } from 'zod';
import { required, type Validator } from './core';
import { fieldErrors, withRule } from './zod';

const key = (found: { key: string } | undefined) => found?.key;

/** Each format rule passes the `ok` values, fails the `bad` ones with its key, and ignores empties. */
const formatCases: Array<[string, Validator, string, unknown[], unknown[]]> = [
  [
    'digitsOnly',
    digitsOnly,
    'digits_only',
    ['0123', '9', 42],
    ['12a', '1.5', '-1', '+966', '١٢٣', ' 12', {}],
  ],
  [
    'letters',
    letters,
    'letters_only',
    ['Sara', 'Sara Ali', 'سارة', 'سارة Ali', 'مُحَمَّد'],
    ['Sara1', 'سارة٣', 'Al-Saud', 'Sara!', 'Sara 😀', 42],
  ],
  ['englishText', englishText, 'english_text', ['Hair cut', 'SPA'], ['Hair cut 2', 'قص', 'Café', 'a_b']],
  [
    'englishTextWithNumbers',
    englishTextWithNumbers,
    'english_text_with_numbers',
    ['Room 12', 'B2', 12],
    ['غرفة 12', 'Room #12', 'Room ١٢'],
  ],
  [
    'arabicText',
    arabicText,
    'arabic_text',
    ['قص الشعر', 'صالون رونق', 'حِنّاء'],
    ['قص 2', 'Hair', 'قص، شعر', 'قص؟'],
  ],
  [
    'arabicTextWithNumbers',
    arabicTextWithNumbers,
    'arabic_text_with_numbers',
    ['غرفة 12', 'غرفة ١٢', 'فرع ۳'],
    ['Room 12', 'غرفة-12', 'غرفة 😀'],
  ],
  [
    'arabicOrEnglishText',
    arabicOrEnglishText,
    'arabic_or_english_text',
    ['Spa سبا', 'Nails', 'أظافر'],
    ['Spa 1', 'سبا ١', 'Spa!'],
  ],
  [
    'arabicOrEnglishTextWithNumbers',
    arabicOrEnglishTextWithNumbers,
    'arabic_or_english_text_with_numbers',
    ['Spa 1 سبا ١', 'Room 2'],
    ['Spa-1', 'Spa 😀', 'a@b'],
  ],
  [
    'aliasName',
    aliasName,
    'alias_name',
    ['rawnaq', 'Salon24', 'ABC'],
    ['my salon', 'my-salon', 'صالون', 'salon_1', 'café'],
  ],
  [
    'serviceName',
    serviceName,
    'service_name',
    ['Hair cut (long) | قص الشعر', 'Wax - legs', 'A\\B', 'Nails 2', 'مانيكير ٢'],
    ['Hair cut 💇', 'Nails ✨', 'Facial ❤️', 'Cut & wash', 'Cut, wash', 'Cut/wash', 'Cut_wash'],
  ],
];

describe.each(formatCases)('%s', (_name, rule, name, ok, bad) => {
  it.each(ok)('accepts %p', (value) => {
    expect(rule(value)).toBeUndefined();
  });

  it.each(bad)('refuses %p', (value) => {
    expect(rule(value)).toEqual({ key: `validation.${name}` });
  });

  it.each([null, undefined, '', []])('leaves %p to Required', (value) => {
    expect(rule(value)).toBeUndefined();
  });
});

describe('noEmoji', () => {
  it('is the service-name rule', () => {
    expect(noEmoji).toBe(serviceName);
  });
});

describe('customerSearch', () => {
  it.each(['Sara', 'سارة أحمد', '0501234567', '+966501234567', '٠٥٠١٢٣', ' 0501 ', 'sara@mail.com'])(
    'accepts text or digits alone: %p',
    (value) => {
      expect(customerSearch(value)).toBeUndefined();
    },
  );

  it.each(['Sara 050', 'sara1', '050-123', '0501 234', '966+50', 'سارة ٠٥٠'])(
    'refuses a mix: %p',
    (value) => {
      expect(key(customerSearch(value))).toBe('validation.customer_search_mixed');
    },
  );

  it('accepts a number typed into the search as digits', () => {
    expect(customerSearch(501234567)).toBeUndefined();
    expect(customerSearch('')).toBeUndefined();
  });
});

describe('textLength', () => {
  it('counts every line break as two characters', () => {
    expect(textLength('ab')).toBe(2);
    expect(textLength('a\nb')).toBe(4);
    expect(textLength('a\r\nb')).toBe(4);
    expect(textLength('a\rb')).toBe(4);
    expect(textLength('\n\n')).toBe(4);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(textLength('😀')).toBe(1);
    expect(textLength('سارة')).toBe(4);
  });
});

describe('length rules', () => {
  it('maxLength counts newlines as two', () => {
    expect(maxLength(4)('abcd')).toBeUndefined();
    expect(maxLength(4)('ab\nc')).toEqual({ key: 'validation.max_length', params: { max: 4 } });
    expect(maxLength(5)('ab\nc')).toBeUndefined();
  });

  it('minLength counts newlines as two', () => {
    expect(minLength(4)('ab\nc')).toBeUndefined();
    expect(minLength(4)('abc')).toEqual({ key: 'validation.min_length', params: { min: 4 } });
  });

  it('exactLength counts newlines as two', () => {
    expect(exactLength(4)('a\nb')).toBeUndefined();
    expect(exactLength(3)('a\nb')).toEqual({ key: 'validation.exact_length', params: { length: 3 } });
    expect(exactLength(3)('abcd')).toEqual({ key: 'validation.exact_length', params: { length: 3 } });
  });

  it('reads numbers by their digits and leaves empties to Required', () => {
    expect(maxLength(3)(1234)).toEqual({ key: 'validation.max_length', params: { max: 3 } });
    expect(exactLength(3)(123)).toBeUndefined();
    expect(minLength(3)('')).toBeUndefined();
    expect(minLength(3)(null)).toBeUndefined();
  });

  it('fails values that have no text form', () => {
    expect(key(maxLength(3)({}))).toBe('validation.max_length');
  });
});

describe('email', () => {
  it.each(['sara@example.com', 'sara.ali+spa@mail.example.sa', 'a_b-c@x-y.co'])('accepts %p', (value) => {
    expect(email(value)).toBeUndefined();
  });

  it.each([
    'sara',
    'sara@',
    '@example.com',
    'sara@example',
    'sara @example.com',
    'sara@exa mple.com',
    'a@b@c.com',
    5,
  ])('refuses %p', (value) => {
    expect(email(value)).toEqual({ key: 'validation.is_email_field' });
  });

  it('leaves empty values to Required', () => {
    expect(email('')).toBeUndefined();
    expect(email(null)).toBeUndefined();
  });
});

describe('plainText: no bidirectional controls, no lone surrogates (Trojan source, issue 9)', () => {
  const refused = [
    ...[0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069].map(
      (c) => `invoice${String.fromCharCode(c)}gnp.exe`,
    ),
    'a\ud800b',
    'end\udfff',
    '\udc00start',
    '\ude00\ud83d',
  ];
  it.each(refused)('refuses %j', (text) => {
    expect(plainText(text)).toEqual({ key: 'validation.unsafe_characters' });
  });

  it.each([
    'Noura',
    'نورة العتيبي',
    'مرحبا\u200F world\u200E',
    'ليلى\u061C',
    'emoji 😀 and 👩🏽‍🦱',
    'line\r\nbreak',
    '',
  ])('accepts %j', (text) => {
    expect(plainText(text)).toBeUndefined();
  });

  it('leaves other kinds of value to their own rules', () => {
    expect(plainText(12)).toBeUndefined();
    expect(plainText(null)).toBeUndefined();
  });

  it('finds such text anywhere in a body, keys too, by dotted path', () => {
    expect(
      unsafeTextPaths({
        name: 'ok',
        notes: 'x\u202Ey',
        lines: [{ id: 'a' }, { id: '\ud800' }],
        tags: ['fine', '\u2066x'],
        ['k\u202Ee']: 1,
        deep: { n: 1, b: true, z: null },
      })
        .map((p) => p.join('.'))
        .sort(),
    ).toEqual(['k\u202Ee', 'lines.1.id', 'notes', 'tags.1']);
    expect(unsafeTextPaths('\u202E')).toEqual([[]]);
  });

  it('walks a body nested far deeper than the call stack goes, in linear time', () => {
    let deep: unknown = ['\u202E'];
    for (let i = 0; i < 50_000; i++) deep = [deep];
    const started = Date.now();
    const [path] = unsafeTextPaths(deep);
    expect(path).toHaveLength(50_001);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('every text field with rules refuses them (withRule)', () => {
  it("reports unsafe characters before the field's own rules", () => {
    const schema = z.object({ name: withRule(z.string(), required, maxLength(3)) });
    const result = schema.safeParse({ name: 'abcdef\u202E' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!, {})).toEqual({ name: 'validation.unsafe_characters' });
  });
});
