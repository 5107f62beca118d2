import { asText, isEmpty, issue, type Validator } from './core';
import type { MessageName } from './messages';

const ENGLISH = 'A-Za-z';
// Arabic letters (with the Persian/Urdu additions), harakat, superscript alef and tatweel.
const ARABIC = '\\u0621-\\u063A\\u0640-\\u065F\\u066E\\u066F\\u0670-\\u06D3\\u06D5\\u06FA-\\u06FC\\u06FF';
const DIGITS = '0-9';
// Arabic-Indic and Eastern Arabic-Indic digits, as typed on Arabic keyboards.
const ARABIC_DIGITS = '\\u0660-\\u0669\\u06F0-\\u06F9';
const SPACE = '\\s';

const onlyChars = (chars: string): RegExp => new RegExp(`^[${chars}]+$`);

/**
 * Format rules judge text (numbers by their digits); empty is left to Required and any other kind of
 * value fails the rule.
 */
const matching =
  (re: RegExp, name: MessageName): Validator =>
  (value) => {
    if (isEmpty(value)) return undefined;
    const text = asText(value);
    return text !== undefined && re.test(text) ? undefined : issue(name);
  };

export const digitsOnly = matching(onlyChars(DIGITS), 'digits_only');

/** Printable ASCII: what a ZATCA certificate request may carry. */
export const latinText = matching(/^[\x20-\x7e]+$/, 'latin_text');

/** English or Arabic letters and spaces. */
export const letters = matching(onlyChars(ENGLISH + ARABIC + SPACE), 'letters_only');

export const englishText = matching(onlyChars(ENGLISH + SPACE), 'english_text');
export const englishTextWithNumbers = matching(
  onlyChars(ENGLISH + DIGITS + SPACE),
  'english_text_with_numbers',
);
export const arabicText = matching(onlyChars(ARABIC + SPACE), 'arabic_text');
export const arabicTextWithNumbers = matching(
  onlyChars(ARABIC + DIGITS + ARABIC_DIGITS + SPACE),
  'arabic_text_with_numbers',
);
export const arabicOrEnglishText = matching(onlyChars(ENGLISH + ARABIC + SPACE), 'arabic_or_english_text');
export const arabicOrEnglishTextWithNumbers = matching(
  onlyChars(ENGLISH + ARABIC + DIGITS + ARABIC_DIGITS + SPACE),
  'arabic_or_english_text_with_numbers',
);

// Embeddings and overrides (U+202A-U+202E) and isolates (U+2066-U+2069) reorder how the text around
// them is shown: in a name printed on an invoice or a message they are a spoofing tool ("Trojan
// source", a file name 'gnp.exe' shown as 'exe.png'). The marks U+200E/U+200F/U+061C stay allowed.
const BIDI_CONTROL_RE = /[\u202A-\u202E\u2066-\u2069]/;
// a UTF-16 half with no other half: not a character at all (JSON can carry one as \ud800)
const LONE_SURROGATE_RE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True for text with a bidirectional control character or a lone surrogate. */
export const hasUnsafeCharacters = (text: string): boolean =>
  BIDI_CONTROL_RE.test(text) || LONE_SURROGATE_RE.test(text);

/**
 * Text without bidirectional control characters or lone surrogates. `withRule` applies it to every
 * text field, before the field's own rules.
 */
export const plainText: Validator = (value) =>
  typeof value === 'string' && hasUnsafeCharacters(value) ? issue('unsafe_characters') : undefined;

/**
 * The dotted path of every string anywhere in `input` (a request body, nested objects and lists,
 * their keys too) that `plainText` refuses: the server refuses those even in a field whose schema
 * has no rule of its own.
 */
export const unsafeTextPaths = (input: unknown): string[][] => {
  type Trail = { key: string; up: Trail } | undefined;
  const pathOf = (trail: Trail): string[] => {
    const path: string[] = [];
    for (let t = trail; t; t = t.up) path.push(t.key);
    return path.reverse();
  };
  const found: string[][] = [];
  // a loop with linked paths, not recursion: a 100 KB body can nest 50,000 levels deep
  const stack: Array<[unknown, Trail]> = [[input, undefined]];
  while (stack.length > 0) {
    const [node, trail] = stack.pop()!;
    if (typeof node === 'string') {
      if (hasUnsafeCharacters(node)) found.push(pathOf(trail));
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], { key: String(i), up: trail }]);
    } else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node).reverse()) {
        if (hasUnsafeCharacters(key)) found.push(pathOf({ key, up: trail }));
        else stack.push([value, { key, up: trail }]);
      }
    }
  }
  return found;
};

/** The account alias that forms the online booking address. */
export const aliasName = matching(/^[A-Za-z0-9]+$/, 'alias_name');

/** Service names: letters, digits, spaces and - ( ) | \ only, which also keeps emoji out. */
export const serviceName = matching(
  onlyChars(`${ENGLISH}${ARABIC}${DIGITS}${ARABIC_DIGITS} \\-()|\\\\`),
  'service_name',
);
export const noEmoji = serviceName;

const ANY_DIGIT_RE = new RegExp(`[${DIGITS}${ARABIC_DIGITS}]`);
const PHONE_LIKE_RE = new RegExp(`^\\+?[${DIGITS}${ARABIC_DIGITS}]+$`);

/** A customer search is a name (no digits) or a number (digits, optional leading +), never a mix. */
export const customerSearch: Validator = (value) => {
  if (isEmpty(value)) return undefined;
  const text = asText(value)?.trim();
  if (text === undefined) return issue('customer_search_mixed');
  return !ANY_DIGIT_RE.test(text) || PHONE_LIKE_RE.test(text) ? undefined : issue('customer_search_mixed');
};

const LINE_BREAK_OR_SURROGATE = /[\r\n\uD800-\uDFFF]/;

/**
 * Length as the server counts it: code points, with every line break counted as two characters
 * because browsers submit textarea line breaks as CRLF.
 */
export const textLength = (text: string): number =>
  // most texts have neither (a name, an id): their length is their UTF-16 length, with nothing copied
  LINE_BREAK_OR_SURROGATE.test(text) ? Array.from(text.replace(/\r\n|\r|\n/g, '\r\n')).length : text.length;

const lengthRule =
  (fits: (length: number) => boolean, name: MessageName, params: Record<string, number>): Validator =>
  (value) => {
    if (isEmpty(value)) return undefined;
    const text = asText(value);
    return text !== undefined && fits(textLength(text)) ? undefined : issue(name, { ...params });
  };

export const maxLength = (max: number): Validator => lengthRule((n) => n <= max, 'max_length', { max });
export const minLength = (min: number): Validator => lengthRule((n) => n >= min, 'min_length', { min });
export const exactLength = (length: number): Validator =>
  lengthRule((n) => n === length, 'exact_length', { length });

// The WHATWG (HTML input type=email) grammar, but with at least one dot in the domain.
const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export const email: Validator = (value) => {
  if (isEmpty(value)) return undefined;
  return typeof value === 'string' && EMAIL_RE.test(value) ? undefined : issue('is_email_field');
};
