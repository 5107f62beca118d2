import { useContext, useMemo } from 'react';
import { DataProviderContext, useDataProvider, useLogoutIfAccessDenied } from 'ra-core';
import type { AppDataProvider } from './dataProvider';

/** react-admin's own methods: their calls keep react-admin's handling (cache, response checks). */
const STANDARD = new Set([
  'getList',
  'getOne',
  'getMany',
  'getManyReference',
  'create',
  'update',
  'updateMany',
  'delete',
  'deleteMany',
]);

/**
 * `wrapped` (react-admin's proxy) for react-admin's own methods; the app's own calls go straight to
 * `raw` and, refused, still let `logoutIfAccessDenied` redirect, then reject with the refusal.
 */
export const guardOwnCalls = <P extends object>(
  wrapped: P,
  raw: P,
  logoutIfAccessDenied: (error: unknown) => Promise<unknown>,
): P => {
  const own = raw as unknown as Record<string, unknown>;
  return new Proxy(wrapped, {
    get: (target, name, receiver) => {
      if (typeof name === 'symbol' || STANDARD.has(name) || typeof own[name] !== 'function')
        return Reflect.get(target, name, receiver) as unknown;
      const method = own[name] as (...args: unknown[]) => Promise<unknown>;
      return (...args: unknown[]) =>
        method.apply(raw, args).catch(async (error: unknown) => {
          await logoutIfAccessDenied(error);
          throw error;
        });
    },
  });
};

/**
 * The data provider with the app's own calls (`send`, the till's, the reports'...). react-admin's
 * `useDataProvider` answers a refused call (401, 403) that ends in a redirect with a made-up
 * `{ data: {} }`, which a report or a form would take for the server's reply and render half a
 * screen from (a receptionist opening the VAT report crashed it so). Here the app's own calls
 * still redirect on a refusal, but reject with the refusal.
 */
export const useAppDataProvider = (): AppDataProvider => {
  const wrapped = useDataProvider<AppDataProvider>();
  const raw = useContext(DataProviderContext) as AppDataProvider | null;
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useMemo(
    () => (raw ? guardOwnCalls(wrapped, raw, logoutIfAccessDenied) : wrapped),
    [wrapped, raw, logoutIfAccessDenied],
  );
};

/**
 * The data provider for what the app looks up on its own, in the background (the bell's counts, the
 * platform's popup): a refusal there changes nothing on screen. A session that ended elsewhere must
 * not take the user away from a form she is typing: her next save meets it, and she signs in again
 * over the form (`signInAgainOn401`).
 */
export const useBackgroundDataProvider = (): AppDataProvider => {
  const wrapped = useDataProvider<AppDataProvider>();
  const raw = useContext(DataProviderContext) as AppDataProvider | null;
  return raw ?? wrapped;
};
