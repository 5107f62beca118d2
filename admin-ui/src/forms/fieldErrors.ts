import type { TranslateFunction } from 'ra-core';

/**
 * The label of a field for messages: `resources.<resource>.fields.<path>`, else the label of its last
 * part (`days.0.to` is "Closes at"), else the path itself.
 */
export const fieldLabel = (translate: TranslateFunction, resource: string, field: string): string => {
  const last = field.split('.').pop() ?? field;
  return translate(`resources.${resource}.fields.${field}`, {
    _: translate(`resources.${resource}.fields.${last}`, { _: field }),
  });
};

/**
 * `{ 'days.0.to': e }` → `{ days: { 0: { to: e } } }`: react-hook-form looks errors up by path, so
 * errors of nested inputs (the week's days, social channels) must be nested to show on their input.
 */
export const nestErrors = <T>(flat: Record<string, T>): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [path, error] of Object.entries(flat)) {
    const parts = path.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      node = (typeof next === 'object' && next !== null ? next : (node[part] = {})) as Record<
        string,
        unknown
      >;
    }
    node[parts[parts.length - 1]] = error;
  }
  return out;
};
