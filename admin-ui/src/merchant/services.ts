import type { GlobalInformation } from '@rawnaq/contracts';
import { decideAccess } from '../auth/access';
import { createAuthProvider } from '../auth/authProvider';
import { createGlobalInformationStore } from '../auth/globalInformation';
import { leaveSignInNotice } from '../auth/session';
import { createDataProvider } from '../http/dataProvider';
import { isHttpError, messageParams } from '../http/errors';
import { APPOINTMENTS_API_PATHS } from '../appointments';
import { SALES_API_PATHS } from '../sales';
import { INSTRUMENTS_API_PATHS } from '../instruments/types';
import { HELD_API_PATHS } from '../held';
import { NOTES_API_PATHS } from '../notes/paths';
import { MENU_API_PATHS } from '../menu/types';
import { BUNDLE_API_PATHS } from '../offers/types';
import { PRODUCTS_API_PATHS } from '../products/types';
import { STAFF_API_PATHS } from '../staff/types';
import { BOOKS_API_PATHS } from '../books';
import { MESSAGING_API_PATHS } from '../messaging/types';
import type { AreaConfig } from '../shell/area';

/** Screens whose API path differs from their address (spec doc1 §2 routes vs docs/api.md). */
export const MERCHANT_API_PATHS: Record<string, string> = {
  // the salon's e-invoicing devices (ZATCA phase 2)
  'setting/einvoicing-setting': 'einvoicing/devices',
  'advanced-accounting/audit-log': 'audit-log',
  ...MENU_API_PATHS,
  // the setup wizard's employees step adds people with the essentials
  'wizard/employees': 'employees',
  ...BUNDLE_API_PATHS,
  ...PRODUCTS_API_PATHS,
  ...STAFF_API_PATHS,
  ...APPOINTMENTS_API_PATHS,
  ...SALES_API_PATHS,
  ...INSTRUMENTS_API_PATHS,
  ...HELD_API_PATHS,
  ...NOTES_API_PATHS,
  ...BOOKS_API_PATHS,
  ...MESSAGING_API_PATHS,
  // the penalties list is the customers' (doc1 §2 files it under accounting)
  'accounting/customers-penalties': 'customers-penalties',
  // the complaints screen (doc1 §2 files it under reports) reads and opens `complaints`
  'reports/complaints': 'complaints',
  // doc1 §2 marketing-tools: the campaigns (`ads-campaigns`, `ads-campaign/{id}`)
  'ads-campaigns': 'campaigns',
};

export const createMerchantServices = (area: AreaConfig) => {
  const dataProvider = createDataProvider({
    apiBase: area.apiBase,
    http: area.http,
    translate: area.i18nProvider.translate,
    apiPaths: MERCHANT_API_PATHS,
    // A service's command answer has no prices with VAT; the list and the form need them. An
    // employee's has the salary in minor units and no login or role.
    readAfterWrite: [
      'menu/services',
      'menu/offers',
      'menu/packages',
      'products/define-product',
      'employees/employees',
      'reports/complaints',
      'ads-campaigns',
    ],
  });
  const global = createGlobalInformationStore<GlobalInformation>({
    load: () => dataProvider.getGlobalInformations<GlobalInformation>(),
    // Spec doc1 §4: sign out and forget user, information, token and stored data; a full load of the
    // sign-in page also drops every cached query.
    onUnauthorized: (error) => {
      // only a session that ended is worth a word: a first visit with an empty browser is not one
      if (area.session.token())
        leaveSignInNotice(
          area.area,
          isHttpError(error) && error.message ? error.message : 'auth.session_expired',
          messageParams(error),
        );
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
