import type { MessageName } from './messages';

/** What a failed rule gives back: a message key (under `validation.`) and the values it interpolates. */
export type ValidationIssue = { key: string; params?: Record<string, string | number> };

/** A field rule: `undefined` when the value is valid. Inputs are whatever a form or a JSON body holds. */
export type Validator = (value: unknown) => ValidationIssue | undefined;

export const issue = (name: MessageName, params?: Record<string, string | number>): ValidationIssue =>
  params ? { key: `validation.${name}`, params } : { key: `validation.${name}` };

/** Null, undefined, blank text or an empty list: what Required rejects and optional rules let through. */
export const isEmpty = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const EXPONENT_RE = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/;

/** JSON numbers such as 1e-7 or 1e21 print in exponent form; spell them out as plain digits. */
export const plainNumberText = (n: number): string => {
  const text = String(n);
  const m = EXPONENT_RE.exec(text);
  if (!m) return text;
  const [, sign, int, frac = '', exp] = m;
  const digits = int + frac;
  const point = int.length + Number(exp);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
};

/** Text of a string or a finite number; anything else has no text form. */
export const asText = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return plainNumberText(value);
  return undefined;
};

export const required: Validator = (value) => (isEmpty(value) ? issue('is_required') : undefined);

/** Runs the rules in order and reports the first failure, so a field shows one message at a time. */
export const compose =
  (...validators: Validator[]): Validator =>
  (value) => {
    for (const validate of validators) {
      const found = validate(value);
      if (found) return found;
    }
    return undefined;
  };
