/**
 * A tiny publish/subscribe channel between code that is not React (the HTTP client, the auth
 * providers, window error handlers) and the dialogs and navigation that live in React.
 */
export type AppEvent =
  /** 501 'redirect_to_not_found': go to the 404 route. */
  | { type: 'not-found' }
  /** 501 with any other body: show it, translated, in a dialog. */
  | { type: 'server-message'; message: string }
  /**
   * A save was refused with 401 (the session ended: signed in elsewhere, expired): sign in again in a
   * dialog over the form, which keeps what was typed; `settle(true)` sends the save again.
   */
  | {
      type: 'signed-out-while-saving';
      message: string;
      /** who signed in elsewhere, when and from where (auth.session_replaced) */
      params?: Record<string, string | number>;
      settle: (signedIn: boolean) => void;
    }
  /** Anything nobody expected: the non-dismissable dialog that reports it and reloads. */
  | { type: 'unexpected'; error: unknown };

type Listener<T> = (event: T) => void;

export const createChannel = <T>() => {
  const listeners = new Set<Listener<T>>();
  return {
    emit(event: T) {
      listeners.forEach((listener) => listener(event));
    },
    subscribe(listener: Listener<T>): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

export const appEvents = createChannel<AppEvent>();
