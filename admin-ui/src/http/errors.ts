import { localizeParams } from '@rawnaq/contracts';
/**
 * The error every call rejects with. It has `status` and `body` like react-admin's HttpError, which
 * react-admin recognises by shape: a 422 body's `errors` become field errors in forms, and `message`
 * (a message key from the API) is what notifications translate.
 */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: ApiErrorBody | null = null,
    /** Already dealt with (dialog shown, redirected, or deliberately ignored): callers show nothing more. */
    readonly handled = false,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** What the API answers on a rejected request (docs/api.md). */
export type ApiErrorBody = {
  message?: string;
  errors?: Record<string, string>;
  /** Values for the message's %{placeholders} (`{ distance: 120 }`, docs/api.md); per field in older answers. */
  params?: Record<string, string | number | Record<string, string | number>>;
};

export const isHttpError = (error: unknown): error is HttpError =>
  error instanceof HttpError ||
  (typeof error === 'object' && error !== null && 'status' in error && 'body' in error && 'message' in error);

/** The message key a failure is told with: the API's own, or "unknown" for anything that is not its answer. */
export const failureKey = (error: unknown): string =>
  isHttpError(error) ? error.message : 'app.errors.unknown';

export const isHandled = (error: unknown): boolean =>
  isHttpError(error) && (error as HttpError).handled === true;

export const isAbortError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';

const pageLanguage = (): 'en' | 'ar' =>
  typeof document !== 'undefined' && document.documentElement.lang === 'ar' ? 'ar' : 'en';

/**
 * The top-level values of an error's message (`attendance.too_far` → `{ distance: 120 }`), with the
 * values given in both languages (`employee_en`, `employee_ar`) read in the page's language.
 */
export const messageParams = (error: unknown, locale = pageLanguage()): Record<string, string | number> =>
  localizeParams(
    Object.fromEntries(
      Object.entries((isHttpError(error) && error.body?.params) || {}).filter(
        ([, value]) => typeof value === 'string' || typeof value === 'number',
      ),
    ) as Record<string, string | number>,
    locale,
  );
