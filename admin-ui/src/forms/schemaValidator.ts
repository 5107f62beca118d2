import { fieldIssues } from '@rawnaq/contracts';
import type { TranslateFunction } from 'ra-core';
import { fieldLabel, nestErrors } from './fieldErrors';

type SafeParser = {
  safeParse(input: unknown): { success: true } | { success: false; error: Parameters<typeof fieldIssues>[0] };
};

/**
 * A react-admin form-level `validate` from a contracts schema: each field's first issue, with its
 * translated label as %{field} (and %{other} for "same as" and "after" rules), nested by path.
 */
export const schemaValidator =
  (schema: SafeParser, resource: string, translate: TranslateFunction, others: Record<string, string> = {}) =>
  (values: Record<string, unknown>) => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const label = (field: string) => fieldLabel(translate, resource, field);
    return nestErrors(
      Object.fromEntries(
        Object.entries(fieldIssues(result.error, values)).map(([field, found]) => {
          const last = field.split('.').pop() ?? field;
          const other = others[field] ?? others[last];
          return [
            field,
            {
              message: found.key,
              args: {
                ...found.params,
                field: label(field),
                ...(typeof found.params?.other === 'string'
                  ? { other: label(found.params.other as string) }
                  : {}),
                ...(other ? { other: label(other) } : {}),
              },
            },
          ];
        }),
      ),
    );
  };
