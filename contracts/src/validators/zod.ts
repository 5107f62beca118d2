import { z } from 'zod';
import { compose, isEmpty, issue, type ValidationIssue, type Validator } from './core';

const report = (ctx: z.core.$RefinementCtx, found: ValidationIssue, path?: PropertyKey[]): void =>
  ctx.addIssue({ code: 'custom', message: found.key, params: { ...found.params }, ...(path && { path }) });

/**
 * Adds rules to a schema as one refinement: the first failing rule becomes a zod `custom` issue whose
 * message is the rule's key and whose `params` are its params. Rules run only once the schema's own
 * type check has passed.
 */
export const withRule = <T extends z.ZodType>(schema: T, ...validators: Validator[]): T => {
  const validate = compose(...validators);
  return schema.superRefine((value, ctx) => {
    const found = validate(value);
    if (found) report(ctx, found);
  });
};

/** A field judged by rules alone: any input type reaches them, so Required (not zod) reports a missing value. */
export const ruleField = (...validators: Validator[]): z.ZodUnknown => withRule(z.unknown(), ...validators);

/**
 * A rule that needs other fields (end after start, confirmation same as password), reported on `field`.
 * It runs whenever the input is an object, even if other fields failed, so a form gets all its errors
 * at once; the rules take `unknown`, so half-valid data is safe to hand them.
 */
export const withFieldRule = <T extends z.ZodType<Record<string, unknown>>>(
  schema: T,
  field: string,
  rule: (data: z.output<T>) => Validator,
): T =>
  schema.superRefine(
    (data, ctx) => {
      const found = rule(data)((data as Record<string, unknown>)[field]);
      if (found) report(ctx, found, [field]);
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );

const valueAt = (input: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (node, key) =>
      node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined,
    input,
  );

const toValidationIssue = (zodIssue: z.core.$ZodIssue, input: unknown): ValidationIssue => {
  if (zodIssue.code === 'custom') {
    const params = zodIssue.params as ValidationIssue['params'];
    return params && Object.keys(params).length > 0
      ? { key: zodIssue.message, params }
      : { key: zodIssue.message };
  }
  // zod's own checks (wrong type, unknown enum value...) have no key; a missing value reads as Required.
  return isEmpty(valueAt(input, zodIssue.path)) ? issue('is_required') : issue('invalid_value');
};

/**
 * The first issue of each field, keyed by its dotted path ('items.0.price'). `input` is what was parsed:
 * zod's issues do not carry the value, and it tells a missing value (`validation.is_required`) from a
 * wrong one (`validation.invalid_value`) when zod's own type checks fail.
 */
export const fieldIssues = (error: z.ZodError, input: unknown): Record<string, ValidationIssue> => {
  const byField: Record<string, ValidationIssue> = {};
  for (const zodIssue of error.issues) {
    const field = zodIssue.path.map(String).join('.');
    if (!(field in byField)) byField[field] = toValidationIssue(zodIssue, input);
  }
  return byField;
};

/** `{ field: key }`, the shape of the HTTP layer's `errors` object. */
export const fieldErrors = (error: z.ZodError, input: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(fieldIssues(error, input)).map(([field, found]) => [field, found.key]));

/** A yes/no as forms and query strings send it: true/false, 1/0, '1'/'0', 'true'/'false'. */
export const booleanish = z.preprocess(
  (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v),
  z.boolean(),
);

/**
 * A schema that depends on the salon's country, built once per country and kept: building a zod
 * schema costs far more than using it, and commands parse with it on every request.
 */
export const perCountry = <T>(build: (context: { countryId: number }) => T) => {
  const built = new Map<number, T>();
  return (context: { countryId: number }): T => {
    let schema = built.get(context.countryId);
    if (schema === undefined) built.set(context.countryId, (schema = build(context)));
    return schema;
  };
};
