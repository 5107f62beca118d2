import { isAbortError, isHttpError } from '../http/errors';
import { appEvents } from './events';

/** js_errors/add_js_error `type`: 1 merchant user, 2 platform manager (spec doc2 §7). */
export type ReporterType = 1 | 2;

export const describeError = (error: unknown): string => {
  if (error instanceof Error)
    return `${error.name}: ${error.message}${error.stack ? `\n${error.stack}` : ''}`.slice(0, 4000);
  try {
    return JSON.stringify(error).slice(0, 4000);
  } catch {
    return String(error);
  }
};

/** The screen, with ids folded so the same screen groups together in the manager's list. */
export const routeOf = (pathname: string, basename: string): string =>
  (pathname.startsWith(basename) ? pathname.slice(basename.length) : pathname)
    .split('/')
    .map((part) => (/^\d+$/.test(part) || /^[0-9a-f-]{16,}$/i.test(part) ? ':id' : part))
    .join('/') || '/';

export type ErrorReporter = (error: unknown) => Promise<void>;

/**
 * Reports with a plain fetch, not the app's HTTP client: a failing report must not retry, open a
 * dialog or report itself.
 */
export const createErrorReporter =
  (options: {
    apiBase: string;
    type: ReporterType;
    basename: string;
    token: () => string | null;
  }): ErrorReporter =>
  async (error) => {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
    };
    const token = options.token();
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      await fetch(`${options.apiBase}/js_errors/add_js_error`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          type: options.type,
          error: describeError(error),
          route: routeOf(window.location.pathname, options.basename),
          path: `${window.location.pathname}${window.location.search}`,
          userAgent: navigator.userAgent,
        }),
      });
    } catch {
      // Nothing more to do: the dialog already tells the user.
    }
  };

// Noise browsers raise that is not a fault of the page.
const IGNORED = [/ResizeObserver loop/i, /^Script error\.?$/];

const isWorthReporting = (error: unknown): boolean => {
  if (error === undefined || error === null) return false;
  // API answers are shown where they happen (forms, notifications, dialogs); aborted reads are normal.
  if (isHttpError(error) || isAbortError(error)) return false;
  const message = error instanceof Error ? error.message : String(error);
  return !IGNORED.some((re) => re.test(message));
};

/** Uncaught errors and rejections become the "sorry, there is an error" dialog (spec doc2 §8.1). */
export const installWindowErrorHandlers = () => {
  window.addEventListener('error', (event) => {
    const error = event.error ?? event.message;
    if (isWorthReporting(error)) appEvents.emit({ type: 'unexpected', error });
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isWorthReporting(event.reason)) appEvents.emit({ type: 'unexpected', error: event.reason });
  });
};

/**
 * React recovered from an error thrown while rendering (it rendered again, synchronously). Its own
 * report says only "error #520"; this one names what was thrown and where, so the error dialog, the
 * manager's JS-error list and the browser tests see the real fault. An API answer thrown by a read is
 * not a fault of the page: the screen that made the read shows it.
 */
export const onRecoverableError = (error: unknown, info: { componentStack?: string }) => {
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  if (!isWorthReporting(cause)) return;
  const where = (info.componentStack ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 6)
    .join(' < ');
  const described = cause instanceof Error ? cause : new Error(String(cause));
  const thrownAt = (described.stack ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('at '))
    .slice(0, 3)
    .join(' < ');
  const report = new Error(
    `Recovered render error: ${described.message}${thrownAt ? ` (thrown ${thrownAt})` : ''}${where ? ` (in ${where})` : ''}`,
    { cause: described },
  );
  report.stack = described.stack;
  window.reportError(report);
};
