/** The website settings screens' resources (doc1 §2 manager `website-setting/*`, `seo-setting/*`). */
export const WEBSITE = {
  texts: 'website-setting/website-setting',
  terms: 'website-setting/terms-and-conditions',
  privacy: 'website-setting/privacy-policy',
  faq: 'website-setting/frequent-asked-questions',
  social: 'website-setting/setting/social-media-setting',
  messages: 'website-setting/contact-messages',
  seoPages: 'seo-setting/seo-page-details',
  seoDefaults: 'seo-setting/default-seo-records',
  analytics: 'seo-setting/google-analytics',
  redirects: 'seo-setting/redirects',
  seoReport: 'seo-setting/seo-report',
} as const;

/** The API's record of each one-of-a-kind screen (the menu links to `<resource>/<id>`). */
export const WEBSITE_SECTION_IDS: ReadonlyArray<[string, string]> = [
  [WEBSITE.texts, 'texts'],
  [WEBSITE.terms, 'terms'],
  [WEBSITE.privacy, 'privacy'],
  [WEBSITE.faq, 'faq'],
  [WEBSITE.social, 'social'],
  [WEBSITE.seoDefaults, 'seo_defaults'],
  [WEBSITE.analytics, 'analytics'],
  [WEBSITE.redirects, 'redirects'],
];

/** The API paths of these screens (services.ts). */
export const WEBSITE_API_PATHS: Record<string, string> = {
  ...Object.fromEntries(WEBSITE_SECTION_IDS.map(([resource]) => [resource, 'website/settings'])),
  [WEBSITE.messages]: 'website/contact-messages',
  [WEBSITE.seoPages]: 'website/seo-pages',
  [WEBSITE.seoReport]: 'website/seo-report',
};
