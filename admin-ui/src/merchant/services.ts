import type { GlobalInformation } from '@rawnaq/contracts';
import { decideAccess } from '../auth/access';
import { createAuthProvider } from '../auth/authProvider';
import { createGlobalInformationStore } from '../auth/globalInformation';
import { leaveSignInNotice } from '../auth/session';
import { createDataProvider } from '../http/dataProvider';
import { MENU_API_PATHS } from '../menu/types';
import type { AreaConfig } from '../shell/area';

/** Screens whose API path differs from their address (spec doc1 §2 routes vs docs/api.md). */
export const MERCHANT_API_PATHS: Record<string, string> = {
  'advanced-accounting/audit-log': 'audit-log',
  ...MENU_API_PATHS,
};

export const createMerchantServices = (area: AreaConfig) => {
  const dataProvider = createDataProvider({
    apiBase: area.apiBase,
    http: area.http,
    translate: area.i18nProvider.translate,
    apiPaths: MERCHANT_API_PATHS,
    // A service's command answer has no prices with VAT; the list and the form need them.
    readAfterWrite: ['menu/services'],
  });
  const global = createGlobalInformationStore<GlobalInformation>({
    load: () => dataProvider.getGlobalInformations<GlobalInformation>(),
    // Spec doc1 §4: sign out and forget user, information, token and stored data; a full load of the
    // sign-in page also drops every cached query.
    onUnauthorized: () => {
      leaveSignInNotice('auth.session_expired');
      area.session.clear();
      window.location.replace(area.paths.signIn);
    },
  });
  const authProvider = createAuthProvider<GlobalInformation>({
    area,
    global,
    decide: (information, resource, action) => decideAccess(information.auth.permissions, resource, action),
    permissions: (information) => information.auth.permissions,
  });
  return { global, authProvider, dataProvider };
};

export type MerchantServices = ReturnType<typeof createMerchantServices>;
