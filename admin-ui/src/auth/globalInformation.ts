import { isHttpError } from '../http/errors';

export type GlobalInformationState = { retrying: boolean };

export type GlobalInformationStore<T> = {
  /** Loads once per page (and again after `refresh`); every caller waits for the same load. */
  get(): Promise<T>;
  peek(): T | undefined;
  refresh(): Promise<T>;
  clear(): void;
  state(): GlobalInformationState;
  subscribe(listener: () => void): () => void;
};

/** Waits before each new attempt: 1 s, 2 s, 4 s... at most 10 s. */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 10_000);

/**
 * The global information every merchant screen needs before it shows (spec doc1 §2, §4): a 401
 * signs the user out (the caller clears token, user and stored data); any other error retries.
 */
export const createGlobalInformationStore = <T>(options: {
  load: () => Promise<T>;
  /** the 401 (its message says why the session ended) */
  onUnauthorized: (error: unknown) => void;
  sleep?: (ms: number) => Promise<void>;
}): GlobalInformationStore<T> => {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  let state: GlobalInformationState = { retrying: false };
  let generation = 0;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  const setState = (next: GlobalInformationState) => {
    if (next.retrying !== state.retrying) {
      state = next;
      notify();
    }
  };

  const loadUntilDone = async (mine: number): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      try {
        const loaded = await options.load();
        if (mine === generation) {
          value = loaded;
          setState({ retrying: false });
          notify();
        }
        return loaded;
      } catch (error) {
        if (isHttpError(error) && error.status === 401) {
          options.onUnauthorized(error);
          // The page is leaving for the sign-in screen; nothing waiting on this should go on.
          return new Promise<T>(() => {});
        }
        setState({ retrying: true });
        await sleep(retryDelay(attempt));
      }
    }
  };

  const store: GlobalInformationStore<T> = {
    get() {
      if (value !== undefined) return Promise.resolve(value);
      pending ??= loadUntilDone(generation);
      return pending;
    },
    peek: () => value,
    refresh() {
      generation++;
      pending = loadUntilDone(generation);
      return pending;
    },
    clear() {
      generation++;
      value = undefined;
      pending = undefined;
      notify();
    },
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
};
