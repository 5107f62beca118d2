/**
 * The manager's platform lists, one-record settings and marketing screens (doc1 §2 routes) and the
 * API paths they read and write (kept apart from the screens so the data provider needs no chunk).
 */
export const PLATFORM_LISTS_API_PATHS: Record<string, string> = {
  'platform-setting/countries-list': 'platform-lists/countries',
  'platform-setting/cities-list': 'platform-lists/cities',
  'platform-setting/payments-methods': 'platform-lists/payment-methods',
  'platform-setting/suggested-groups': 'platform-lists/suggested-groups',
  'platform-setting/suggested-services': 'platform-lists/suggested-services',
  'platform-setting/suggested-products': 'platform-lists/suggested-products',
  'platform-setting/email-setting': 'platform-records',
  'platform-setting/allowed-countries': 'platform-records',
  'marketing/marketing-setting': 'platform-records',
  'marketing/marketing-merchants-requests': 'marketing/merchants-requests',
  'marketing/marketing-active-merchants': 'marketing/active-merchants',
  // the platform's staff and their roles' areas
  'platform-setting/employees': 'platform-staff',
};

/** The screens of one record (opened by its id): its id, part of the API path its area is judged by. */
export const RECORD_IDS: Record<string, string> = {
  'platform-setting/email-setting': 'email-setting',
  'platform-setting/allowed-countries': 'allowed-countries',
  'marketing/marketing-setting': 'marketing-setting',
};
