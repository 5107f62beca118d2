import { splitDialCode, withDialCode } from '@rawnaq/contracts';

/**
 * What the field keeps: a mobile or a telephone with its '+' (the rules accept the national zero
 * and the server keeps the canonical form), a WhatsApp number bare, country code first (spec doc2
 * §5.1: no '+' nor '00').
 */
export type PhoneKind = 'mobile' | 'telephone' | 'whatsapp';

/**
 * The value a number field keeps from what was typed beside its country code. A number typed with
 * '+' or '00' (another country, or pasted whole) is kept as typed; digits that already carry a whole
 * number with its code (what a spreadsheet keeps) too; otherwise the local part follows the selected
 * code. A telephone or WhatsApp number loses its national trunk zero ('011…' is '+96611…').
 */
export const composePhone = (typed: string, dialCode: string, kind: PhoneKind): string => {
  const joined = withDialCode(typed, dialCode);
  if (joined === '' || joined.startsWith('00') || !/^\d+$/.test(joined)) return joined;
  const international =
    kind === 'mobile' || !joined.startsWith(`${dialCode}0`)
      ? joined
      : `${dialCode}${joined.slice(dialCode.length + 1)}`;
  return kind === 'whatsapp' ? international : `+${international}`;
};

/** A kept value split back for the field: its code, when one is recognised, and the rest. */
export const decompose = (value: unknown, fallbackCode: string): { dialCode: string; rest: string } => {
  if (typeof value !== 'string' || value === '') return { dialCode: fallbackCode, rest: '' };
  const { dialCode, rest } = splitDialCode(value);
  return dialCode ? { dialCode, rest } : { dialCode: fallbackCode, rest: value };
};
