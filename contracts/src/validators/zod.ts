import { z } from 'zod';
import { compose, isEmpty, issue, type ValidationIssue, type Validator } from './core';
import { plainText } from './text';

const report = (ctx: z.core.$RefinementCtx, found: ValidationIssue, path?: PropertyKey[]): void =>
  ctx.addIssue({ code: 'custom', message: found.key, params: { ...found.params }, ...(path && { path }) });

/**
 * Adds rules to a schema as one refinement: the first failing rule becomes a zod `custom` issue whose
 * message is the rule's key and whose `params` are its params. Rules run only once the schema's own
 * type check has passed. Text is first checked to be `plainText` (no bidirectional controls, no lone
 * surrogates), so every text field refuses them.
 */
export const withRule = <T extends z.ZodType>(schema: T, ...validators: Validator[]): T => {
  const validate = compose(plainText, ...validators);
  return schema.superRefine((value, ctx) => {
    const found = validate(value);
    if (found) report(ctx, found);
  });
};

/** A field judged by rules alone: any input type reaches them, so Required (not zod) reports a missing value. */
export const ruleField = (...validators: Validator[]): z.ZodUnknown => withRule(z.unknown(), ...validators);

/**
 * Reads `data` through a proxy that notes each top-level field the rule looks at (`'*'` when it
 * lists them all), so the rule can be judged only on fields that passed their own checks.
 */
const watching = (data: Record<string, unknown>, read: Set<string>) =>
  new Proxy(data, {
    get: (target, key, receiver) => {
      if (typeof key === 'string') read.add(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
    has: (target, key) => {
      if (typeof key === 'string') read.add(key);
      return Reflect.has(target, key);
    },
    ownKeys: (target) => {
      read.add('*');
      return Reflect.ownKeys(target);
    },
  });

/**
 * A rule that needs other fields (end after start, confirmation same as password), reported on `field`.
 * It runs whenever the input is an object, even if other fields failed, so a form gets all its errors
 * at once; but it only counts when every field it read (and `field` itself) passed its own checks:
 * a field that failed already has its message, and the rule may assume well-formed values (a date
 * rule may parse its dates). A rule that throws on a field that failed is ignored for that reason;
 * one that throws on valid fields is a bug and still throws.
 */
export const withFieldRule = <T extends z.ZodType<Record<string, unknown>>>(
  schema: T,
  field: string,
  rule: (data: z.output<T>) => Validator,
): T =>
  schema.superRefine(
    (data, ctx) => {
      const failed = new Set(ctx.issues.map((i) => String(i.path?.[0])));
      if (failed.has(field)) return;
      const read = new Set<string>();
      const readFailed = () => (read.has('*') && failed.size > 0) || [...read].some((k) => failed.has(k));
      let found: ValidationIssue | undefined;
      try {
        found = rule(watching(data as Record<string, unknown>, read) as z.output<T>)(
          (data as Record<string, unknown>)[field],
        );
      } catch (error) {
        if (readFailed()) return;
        throw error;
      }
      if (found && !readFailed()) report(ctx, found, [field]);
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
