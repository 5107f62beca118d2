import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { GlobalInformationStore } from '../auth/globalInformation';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const GlobalInformationContext = createContext<GlobalInformationStore<any> | null>(null);

export const GlobalInformationProvider = <T,>({
  store,
  children,
}: {
  store: GlobalInformationStore<T>;
  children: ReactNode;
}) => <GlobalInformationContext.Provider value={store}>{children}</GlobalInformationContext.Provider>;

export const useGlobalInformationStore = <T,>(): GlobalInformationStore<T> => {
  const store = useContext(GlobalInformationContext);
  if (!store) throw new Error('useGlobalInformationStore outside GlobalInformationProvider');
  return store as GlobalInformationStore<T>;
};

/** The loaded global information, or undefined while it loads. */
export const useGlobalInformation = <T,>(): T | undefined => {
  const store = useGlobalInformationStore<T>();
  return useSyncExternalStore(store.subscribe, store.peek);
};

const noStore = () => () => undefined;
const nothing = () => undefined;

/** Like useGlobalInformation, but undefined outside the merchant area (the manager area has none). */
export const useOptionalGlobalInformation = <T,>(): T | undefined => {
  const store = useContext(GlobalInformationContext) as GlobalInformationStore<T> | null;
  return useSyncExternalStore(store ? store.subscribe : noStore, store ? store.peek : nothing);
};

export const useGlobalInformationRetrying = (): boolean => {
  const store = useGlobalInformationStore();
  return useSyncExternalStore(store.subscribe, () => store.state().retrying);
};
