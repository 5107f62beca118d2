import { createAuthProvider } from '../auth/authProvider';
import { createGlobalInformationStore } from '../auth/globalInformation';
import { leaveSignInNotice } from '../auth/session';
import { createDataProvider } from '../http/dataProvider';
import type { AreaConfig } from '../shell/area';
import { isHttpError, messageParams } from '../http/errors';
import { WHATSAPP_API_PATHS } from './whatsappPaths';
import { WEBSITE_API_PATHS } from './websitePaths';
import { canOpenArea, managerAreaOfPath } from '@rawnaq/contracts';
import { PLATFORM_LISTS_API_PATHS, RECORD_IDS } from './platformListsPaths';
import { CONSOLE_API_PATHS } from './consolePaths';

/** areas: the console's areas her role opens (platform-setting/employees); null: every area */
export type Manager = { id: string; name: string; email: string; areas?: string[] | null };
export type ManagerInformation = { auth: Manager };

/** Screens of the manager area (spec doc1 §2 paths) and the API lists they read (docs/api.md). */
export const MANAGER_API_PATHS: Record<string, string> = {
  'trackers/failed-login-attempts': 'failed-login-attempts',
  'trackers/blocked-ips': 'blocked-ips',
  'trackers/mail-tracker': 'mail-outbox',
  'technical/js-errors': 'js-errors',
  'platform-setting/platform-setting': 'platform-settings',
  // the same record: the platform's payment gateway defaults
  'platform-setting/payment-gateway-setting': 'platform-settings',
  // the packages the platform offers salons for their online payments (and their fee per payment)
  'platform-setting/payment-gateway-packages': 'payment-gateway-packages',
  // what the platform tells every salon (its notification menu, a popup after sign-in)
  'platform-setting/platform-updates': 'platform-updates',
  // the salon accounts (doc1 §2 manager route merchants/active-merchants)
  'merchants/active-merchants': 'accounts',
  // the salons by state and the free-trial requests (the account's life, issue 27)
  'merchants/trial-merchants': 'merchants/trial-merchants',
  'merchants/expired-merchants': 'merchants/expired-merchants',
  'merchants/disabled-merchants': 'merchants/disabled-merchants',
  'merchants/trial-requests': 'merchants/trial-requests',
  'merchants/rejected-merchants': 'merchants/rejected-merchants',
  'merchants/all-merchants-requests': 'merchants/all-merchants-requests',
  'addon-services/global-aliases': 'global-aliases',
  'addon-services/merchant-with-payment-gateway-package': 'payment-gateway-accounts',
  // the salons' e-invoicing devices (doc1 §2 zatca-setting, zatca-setting/form, form-clone/{id})
  'zatca-setting': 'zatca-setting',
  'dashboard/zatca-failed-transactions': 'dashboard/zatca-failed-transactions',
  'dashboard/zatca-warning-transactions': 'dashboard/zatca-warning-transactions',
  // the platform's fee of each successful gateway transaction, per salon (doc2 §9)
  'payment-gateway-fees': 'payment-gateway-fees',
  // the contracts salons sign (issue 27) and the templates they are made from
  'accounting/contracts': 'contracts',
  'accounting/contract-templates': 'contract-templates',
  // WhatsApp (issue 26): packages, the salons' packages and connections, the tracker, the settings
  // the platform's billing (issue 27): plans, the platform as a seller, invoices, requests, payments
  'platform-setting/plans': 'plans',
  'platform-setting/billing-seller': 'billing-seller',
  'accounting/total-sales': 'account-invoices',
  'accounting/payments-requests': 'payment-requests',
  'accounting/payments': 'account-payments',
  'advanced-accounting': 'advanced-accounting',
  ...WHATSAPP_API_PATHS,
  // the public website's settings, its pages' SEO and the visitors' messages (issue 27)
  ...WEBSITE_API_PATHS,
  // the platform's lists (platform-setting/*), its one-record settings, and marketing's lists
  ...PLATFORM_LISTS_API_PATHS,
  // the cross-salon lists and the signed-in sessions (issue 27, the manager's console)
  ...CONSOLE_API_PATHS,
};

export const createManagerServices = (area: AreaConfig) => {
  const dataProvider = createDataProvider({
    apiBase: area.apiBase,
    http: area.http,
    translate: area.i18nProvider.translate,
    apiPaths: MANAGER_API_PATHS,
  });
  const global = createGlobalInformationStore<ManagerInformation>({
    load: () => dataProvider.getGlobalInformations<ManagerInformation>(),
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
  const authProvider = createAuthProvider<ManagerInformation>({
    area,
    global,
    // A platform staff member opens the screens of her role's areas (the API answers 403 on the others)
    decide: (information, resource) =>
      resource in MANAGER_API_PATHS &&
      canOpenArea(
        information.auth.areas ?? undefined,
        managerAreaOfPath(`api/manager/${MANAGER_API_PATHS[resource]}/${RECORD_IDS[resource] ?? ''}`),
      ),
    permissions: () => ({}),
  });
  return { global, authProvider, dataProvider };
};
