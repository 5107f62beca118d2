import { createContext, useContext, type ReactNode } from 'react';
import type { I18nProvider } from 'ra-core';
import { type Area, type Language, notFoundPath } from '../boot/routes';
import { createSession, type Session } from '../auth/session';
import { createHttpClient, type HttpClient } from '../http/httpClient';
import { createPositionTracker } from '../http/positions';
import { appEvents } from './events';
import { createErrorReporter, type ErrorReporter } from './errorReporting';
import { newKey } from './newKey';

/** Everything one area (merchant or manager) of this page load runs on. */
export type AreaConfig = {
  area: Area;
  language: Language;
  /** '/en/merchant', '/merchant'... */
  basename: string;
  apiBase: string;
  session: Session;
  http: HttpClient;
  reportError: ErrorReporter;
  i18nProvider: I18nProvider;
  paths: { home: string; signIn: string; lock: string; noPermission: string; notFound: string };
};

export const createAreaConfig = (options: {
  area: Area;
  language: Language;
  prefix: string;
  i18nProvider: I18nProvider;
}): AreaConfig => {
  const { area, language, prefix, i18nProvider } = options;
  const basename = `${prefix}/${area}`;
  const apiBase = `/api/${area}`;
  const session = createSession(area, window.localStorage);
  const http = createHttpClient({
    fetch: (url, init) => window.fetch(url, init),
    token: session.token,
    positions: createPositionTracker(),
    newKey,
    onNotFound: () => appEvents.emit({ type: 'not-found' }),
    onServerMessage: (message) => appEvents.emit({ type: 'server-message', message }),
    signInAgain: (message, params) =>
      new Promise<boolean>((settle) =>
        appEvents.emit({ type: 'signed-out-while-saving', message, params, settle }),
      ),
    onUnexpected: (error) => appEvents.emit({ type: 'unexpected', error }),
  });
  return {
    area,
    language,
    basename,
    apiBase,
    session,
    http,
    reportError: createErrorReporter({
      apiBase,
      type: area === 'merchant' ? 1 : 2,
      basename,
      token: session.token,
    }),
    i18nProvider,
    paths: {
      home: basename,
      signIn: `${basename}/sign-in`,
      lock: `${basename}/lock`,
      noPermission: `${basename}/no-permission`,
      notFound: notFoundPath(prefix),
    },
  };
};

const AreaContext = createContext<AreaConfig | null>(null);

export const AreaProvider = ({ value, children }: { value: AreaConfig; children: ReactNode }) => (
  <AreaContext.Provider value={value}>{children}</AreaContext.Provider>
);

export const useArea = (): AreaConfig => {
  const area = useContext(AreaContext);
  if (!area) throw new Error('useArea outside AreaProvider');
  return area;
};
