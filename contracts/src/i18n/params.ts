/**
 * Values that exist in both languages travel as `<name>_en` and `<name>_ar` (an employee's name in a
 * booking conflict); the message uses `%{<name>}`, filled with the reader's language.
 *
 * A module of its own, apart from the catalogue: the admin's first screen reads API errors with it,
 * and importing it must not bring every message of the contracts along.
 */
export const localizeParams = (
  params: Record<string, string | number>,
  locale: 'en' | 'ar',
): Record<string, string | number> => {
  const out = { ...params };
  for (const [k, v] of Object.entries(params)) {
    const m = /^(.+)_(en|ar)$/.exec(k);
    if (m && m[2] === locale && !(m[1] in params)) out[m[1]] = v;
  }
  return out;
};
