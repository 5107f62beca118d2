/** The manager's WhatsApp screens (doc1 §2) and the API lists they read. */
export const WA_PACKAGES = 'platform-setting/whatsapp-packages';
export const WA_SALONS = 'addon-services/merchant-with-wa-package';
export const WA_DISCONNECTED = 'addon-services/merchant-with-wa-disconnected-package';
export const WA_META = 'addon-services/merchant-whatsapp-meta';
export const WA_UNREACHABLE = 'customers-merchants/customers-inactive-wa';
export const WA_TRACKER = 'trackers/qbot-tracker';
export const WA_FAILURES = 'trackers/qbot-tracker-failures';
export const WA_SETTING = 'platform-setting/whatsapp-setting';
export const WA_CAMPAIGNS = 'addon-services/ads-campaigns';

export const WHATSAPP_API_PATHS: Record<string, string> = {
  [WA_PACKAGES]: 'whatsapp-packages',
  [WA_SALONS]: 'whatsapp-accounts',
  [WA_DISCONNECTED]: 'whatsapp-accounts',
  [WA_META]: 'whatsapp-accounts',
  [WA_UNREACHABLE]: 'whatsapp-unreachable',
  [WA_TRACKER]: 'whatsapp-tracker',
  [WA_FAILURES]: 'whatsapp-failures',
  [WA_SETTING]: 'whatsapp-settings',
  [WA_CAMPAIGNS]: 'campaigns',
};
