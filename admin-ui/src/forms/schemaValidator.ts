import { fieldIssues } from '@rawnaq/contracts';
import type { TranslateFunction } from 'ra-core';

type SafeParser = {
  safeParse(input: unknown): { success: true } | { success: false; error: Parameters<typeof fieldIssues>[0] };
};

/**
 * A react-admin form-level `validate` from a contracts schema: each field's first issue, with its
 * translated label as %{field} (and %{other} for "same as" rules).
 */
export const schemaValidator =
  (schema: SafeParser, resource: string, translate: TranslateFunction, others: Record<string, string> = {}) =>
  (values: Record<string, unknown>) => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const label = (field: string) => translate(`resources.${resource}.fields.${field}`, { _: field });
    return Object.fromEntries(
      Object.entries(fieldIssues(result.error, values)).map(([field, found]) => [
        field,
        {
          message: found.key,
          args: {
            ...found.params,
            field: label(field),
            ...(others[field] ? { other: label(others[field]) } : {}),
          },
        },
      ]),
    );
  };
