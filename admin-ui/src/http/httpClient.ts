import { HttpError, isAbortError, messageParams, type ApiErrorBody } from './errors';
import type { PositionTracker } from './positions';

// The header names are the contracts' (identity/auth.ts); repeated here so this module and its tests
// stay free of the contracts' runtime dependencies.
export const POSITION_HEADER = 'X-Position';
export const MIN_POSITION_HEADER = 'X-Min-Position';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export type HttpReply = { status: number; headers: Headers; body: string; json: unknown };

export type RequestOptions = Omit<RequestInit, 'headers'> & {
  headers?: HeadersInit;
  /** The key of the user action this call belongs to; a new one is made when absent. */
  idempotencyKey?: string;
  /** Sent without the stored token (sign-in, password reset): an old token must not matter there. */
  anonymous?: boolean;
  /**
   * A save the user typed: on a 401 (the session ended meanwhile) sign in again over the form rather
   * than leave it (see `onSignedOutWhileSaving`).
   */
  signInAgainOn401?: boolean;
};

export type HttpClient = (url: string, options?: RequestOptions) => Promise<HttpReply>;

export type HttpClientDeps = {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  token: () => string | null;
  positions: PositionTracker;
  newKey: () => string;
  sleep?: (ms: number) => Promise<void>;
  /** Spec doc2 §9: 2 retries, 1000 ms apart. */
  retries?: number;
  retryDelayMs?: number;
  /** 501 'redirect_to_not_found'. */
  onNotFound?: () => void;
  /** 501 with a body other than 'ignore' / 'redirect_to_not_found'. */
  onServerMessage?: (message: string) => void;
  /**
   * A save sent with a token got 401: the session ended meanwhile (signed in elsewhere, expired). The
   * save waits, the form under it untouched, while the user signs in again; true: it is sent again with
   * the new token (same idempotency key); false (the user left): it fails as handled, nobody redirects.
   */
  signInAgain?: (message: string, params: Record<string, string | number>) => Promise<boolean>;
  /** A reply outside the API's error contract (spec doc2 §8.1 "any other error"). */
  onUnexpected?: (error: HttpError) => void;
};

/** Statuses the API answers with `{ message, errors }` (docs/api.md); callers deal with them. */
const EXPECTED_STATUSES = new Set([400, 401, 403, 404, 409, 413, 415, 422, 429]);

/**
 * Every 4xx has `errors`, `{}` when no one field is at fault; the screens read `body.errors` as "the
 * form has field errors", so an empty one is left out and the message is shown instead.
 */
const errorBody = (json: unknown): ApiErrorBody => {
  const body = json as ApiErrorBody;
  if (!body.errors || Object.keys(body.errors).length > 0) return body;
  const { errors: _none, ...rest } = body;
  return rest;
};

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

const parseJson = (text: string): unknown => {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const messageOf = (json: unknown): string | undefined =>
  typeof json === 'object' && json !== null && typeof (json as ApiErrorBody).message === 'string'
    ? (json as ApiErrorBody).message
    : undefined;

/** The body of a 501: plain text, a JSON string, or `{ message }`. */
const body501 = (text: string, json: unknown): string =>
  (typeof json === 'string' ? json : (messageOf(json) ?? text)).trim();

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * fetch with the API's conventions: bearer token, JSON, read-your-writes positions, idempotency keys,
 * retries of network failures and 5xx (not 501), and the 501 protocol of spec doc2 §8.1.
 */
export const createHttpClient = (deps: HttpClientDeps): HttpClient => {
  const sleep = deps.sleep ?? defaultSleep;
  const retries = deps.retries ?? 2;
  const retryDelayMs = deps.retryDelayMs ?? 1000;

  const client: HttpClient = async (url, options = {}) => {
    const { idempotencyKey, anonymous, signInAgainOn401, headers: given, ...init } = options;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(given);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    if (
      init.body !== undefined &&
      init.body !== null &&
      !(init.body instanceof FormData) &&
      !headers.has('Content-Type')
    )
      headers.set('Content-Type', 'application/json');
    const token = anonymous ? null : deps.token();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (isRead(method)) {
      const position = deps.positions.current();
      if (position !== undefined) headers.set(MIN_POSITION_HEADER, String(position));
    } else {
      // One key per user action, made once here so every automatic retry below repeats it.
      headers.set(IDEMPOTENCY_HEADER, idempotencyKey ?? deps.newKey());
    }

    let response: Response | undefined;
    for (let attempt = 0; ; attempt++) {
      try {
        response = await deps.fetch(url, { ...init, method, headers });
      } catch (error) {
        if (isAbortError(error)) throw error;
        if (attempt >= retries) throw new HttpError('app.errors.network', 0, null);
        await sleep(retryDelayMs);
        continue;
      }
      if (response.status >= 500 && response.status !== 501 && attempt < retries) {
        await sleep(retryDelayMs);
        continue;
      }
      break;
    }

    const text = await response.text();
    const json = parseJson(text);
    const position = response.headers.get(POSITION_HEADER);
    if (position !== null && /^\d+$/.test(position.trim())) deps.positions.observe(Number(position));

    const { status } = response;
    if (status >= 200 && status < 300) return { status, headers: response.headers, body: text, json };

    if (status === 501) {
      const message = body501(text, json);
      if (message === 'redirect_to_not_found') deps.onNotFound?.();
      else if (message !== 'ignore') deps.onServerMessage?.(message);
      throw new HttpError(message, status, null, true);
    }
    if (status >= 500)
      throw new HttpError(messageOf(json) ?? 'app.errors.server', status, (json as ApiErrorBody) ?? null);
    const message = messageOf(json);
    if (status === 401 && token && signInAgainOn401 && deps.signInAgain && message !== undefined) {
      if (await deps.signInAgain(message, messageParams(new HttpError(message, status, errorBody(json)))))
        return client(url, { ...options, idempotencyKey: headers.get(IDEMPOTENCY_HEADER) ?? undefined });
      throw new HttpError(message, status, errorBody(json), true);
    }
    if (EXPECTED_STATUSES.has(status) && message !== undefined)
      throw new HttpError(message, status, errorBody(json));

    const unexpected = new HttpError(
      `HTTP ${status} ${method} ${url}: ${text.slice(0, 500)}`,
      status,
      null,
      true,
    );
    deps.onUnexpected?.(unexpected);
    throw unexpected;
  };
  return client;
};
