/**
 * What every API answers on a rejected request: `message` is a message key for the whole request,
 * `errors` maps each offending field (dotted path) to a message key, shown next to that field.
 */
export type ApiError = {
  message: string;
  errors?: Record<string, string>;
  /** values for the message's %{placeholders} (a distance, a limit...) */
  params?: Record<string, string | number>;
  /** every problem found, each with its own message and values (the conflicts of a booking) */
  details?: ErrorDetail[];
};

/** One problem of a rejected request: where (a dotted field), which message, and its values. */
export type ErrorDetail = { field?: string; key: string; params?: Record<string, string | number> };

/** A business rule said no. `status` is the HTTP status the API answers with. */
export class DomainError extends Error {
  constructor(
    readonly key: string,
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 = 422,
    readonly errors?: Record<string, string>,
    readonly params?: Record<string, string | number>,
    readonly details?: ErrorDetail[],
  ) {
    super(key);
    this.name = 'DomainError';
  }
}

export const notFound = (key: string) => new DomainError(key, 404);
export const conflict = (key: string, field?: string) =>
  new DomainError(key, 409, field ? { [field]: key } : undefined);
export const rejected = (key: string, field?: string) =>
  new DomainError(key, 422, field ? { [field]: key } : undefined);

/**
 * A request refused for one or more problems: the one problem's key and values as the message, or
 * `manyKey` with their count; each field named in `errors`; every problem in `details`.
 */
export const refusalOf = (problems: ErrorDetail[], manyKey: string, status: 409 | 422 = 422) =>
  new DomainError(
    problems.length === 1 ? problems[0].key : manyKey,
    status,
    Object.fromEntries(problems.filter((p) => p.field).map((p) => [p.field!, p.key])),
    problems.length === 1 ? problems[0].params : { count: problems.length },
    problems,
  );
