import type { Area } from '../boot/routes';

/** Minimal Storage, so tests can hand in a Map-backed one. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & {
  readonly length: number;
  key(index: number): string | null;
};

/**
 * What one realm (merchant or manager) keeps in the browser: its token, the signed-in user and the
 * lock flag, under its own keys (spec doc2 §6: two sessions with different token keys).
 */
export type Session = {
  readonly area: Area;
  token(): string | null;
  user<T>(): T | null;
  signIn(token: string, user: unknown): void;
  setUser(user: unknown): void;
  isLocked(): boolean;
  setLocked(locked: boolean): void;
  /** Signs out: token, user, lock and the realm's stored data (react-admin's store under the same prefix). */
  clear(): void;
};

export const storagePrefix = (area: Area) => `rawnaq.${area}`;

/**
 * Why the user was sent to sign in to a realm (a message key), shown by its sign-in screen: the screen that
 * noticed (inside react-admin) is gone by the time the sign-in screen shows. It stays until the next
 * sign-in succeeds, not until it is first read: two parts of the app can notice the same ended session,
 * and the sign-in screen the first one shows may be replaced by a full reload the second one started
 * (the reloaded screen must still say why).
 */
const noticeKey = (area: Area) => `rawnaq.sign-in-notice.${area}`; // outside the realm's keys: it outlives clear()
/** Why a session ended: a message key and its values (who signed in elsewhere, when, from where). */
export type SignInNotice = { key: string; params: Record<string, string | number> };
export const leaveSignInNotice = (area: Area, messageKey: string, params: SignInNotice['params'] = {}) =>
  window.sessionStorage.setItem(noticeKey(area), JSON.stringify({ key: messageKey, params }));
export const readSignInNotice = (area: Area): SignInNotice | null => {
  const stored = window.sessionStorage.getItem(noticeKey(area));
  if (stored === null) return null;
  try {
    const notice = JSON.parse(stored) as SignInNotice;
    if (typeof notice?.key === 'string') return { key: notice.key, params: notice.params ?? {} };
  } catch {
    // a bare key, as left before notices had values
  }
  return { key: stored, params: {} };
};
export const forgetSignInNotice = (area: Area) => window.sessionStorage.removeItem(noticeKey(area));
/** react-admin's localStorageStore app key: its keys become `RaStore.rawnaq.<area>.…`. */
export const raStoreAppKey = (area: Area) => `.${storagePrefix(area)}`;

export const createSession = (area: Area, storage: KeyValueStore): Session => {
  const prefix = storagePrefix(area);
  const key = (name: string) => `${prefix}.${name}`;
  return {
    area,
    token: () => storage.getItem(key('token')),
    user<T>() {
      const raw = storage.getItem(key('user'));
      if (!raw) return null;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return null;
      }
    },
    signIn(token, user) {
      storage.setItem(key('token'), token);
      storage.setItem(key('user'), JSON.stringify(user));
      storage.removeItem(key('locked'));
    },
    setUser: (user) => storage.setItem(key('user'), JSON.stringify(user)),
    isLocked: () => storage.getItem(key('locked')) === '1',
    setLocked: (locked) => (locked ? storage.setItem(key('locked'), '1') : storage.removeItem(key('locked'))),
    clear() {
      const doomed: string[] = [];
      for (let i = 0; i < storage.length; i++) {
        const k = storage.key(i);
        if (k !== null && (k.startsWith(`${prefix}.`) || k.startsWith(`RaStore${raStoreAppKey(area)}.`)))
          doomed.push(k);
      }
      doomed.forEach((k) => storage.removeItem(k));
    },
  };
};
