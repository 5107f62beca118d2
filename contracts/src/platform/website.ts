import { z } from 'zod';
import { CURRENCIES, type Currency } from '../coded-values/countries';
import { cleanPayload } from '../customers/customer-input';
import { streamName } from '../events/envelope';
import { PLATFORM_TENANT } from '../identity/events';
import { parseMoney } from '../money/parse';
import { issue, isEmpty, required, type Validator } from '../validators/core';
import { email, maxLength } from '../validators/text';
import { booleanish, withRule } from '../validators/zod';

/**
 * The public website of Rawnaq itself (doc1 "Public website"), as the manager sets it up
 * (`website-setting/*`, `seo-setting/*`): its texts, plans shown on the pricing page, legal pages,
 * questions and answers, social links, each page's SEO, analytics and redirects. One stream holds them;
 * every change names its section and what it was before (the audit log shows both).
 */
export const websiteSettingsStream = streamName('website', PLATFORM_TENANT, 'website');
export const contactMessageStream = (id: string) => streamName('contactmessage', PLATFORM_TENANT, id);

/** The website's pages (their keys; `WEBSITE_PAGE_PATHS` says where each is). */
export const WEBSITE_PAGES = [
  'landing',
  'features',
  'beauty-center-software',
  'pricing',
  'request-free-trial',
  'request-free-trial-success',
  'contact-us',
  'contact-us-success',
  'terms-and-conditions',
  'privacy-policy',
  'frequently-asked-questions',
] as const;
export type WebsitePage = (typeof WEBSITE_PAGES)[number];
export const isWebsitePage = (v: unknown): v is WebsitePage => WEBSITE_PAGES.includes(v as WebsitePage);

/** Each page's own path (after the language prefix); the `business/` copies name the same page. */
export const WEBSITE_PAGE_PATHS: Readonly<Record<WebsitePage, string>> = {
  landing: '',
  features: 'features',
  'beauty-center-software': 'beauty-center-software',
  pricing: 'business/pricing',
  'request-free-trial': 'request-free-trial',
  'request-free-trial-success': 'request-free-trial-success',
  'contact-us': 'contact-us',
  'contact-us-success': 'contact-us-success',
  'terms-and-conditions': 'terms-and-conditions',
  'privacy-policy': 'privacy-policy',
  'frequently-asked-questions': 'frequently-asked-questions',
};
/** Other paths of the same pages (doc1: features and business/features...). */
export const WEBSITE_PAGE_ALIASES: Readonly<Record<string, WebsitePage>> = {
  'business/features': 'features',
  'business/beauty-center-software': 'beauty-center-software',
  'business/request-free-trial': 'request-free-trial',
};

export type WebsitePlan = {
  name_en: string;
  name_ar: string;
  /** minor units of `currency` a month */
  price: number;
  currency: Currency;
  /** one feature a line */
  features_en: string;
  features_ar: string;
  highlighted: boolean;
};
export type WebsiteFaq = {
  question_en: string;
  question_ar: string;
  answer_en: string;
  answer_ar: string;
  order: number;
};
export type WebsiteRedirect = { from: string; to: string; status: 301 | 302 };
export type WebsiteSeoPage = {
  title_en?: string;
  title_ar?: string;
  description_en?: string;
  description_ar?: string;
  og_title_en?: string;
  og_title_ar?: string;
  og_description_en?: string;
  og_description_ar?: string;
  og_image?: string;
};

export type WebsiteSettings = {
  // website-setting/website-setting
  hero_title_en?: string;
  hero_title_ar?: string;
  hero_subtitle_en?: string;
  hero_subtitle_ar?: string;
  /** one feature a line: "Title: what it does" */
  features_en?: string;
  features_ar?: string;
  contact_email?: string;
  contact_phone?: string;
  address_en?: string;
  address_ar?: string;
  plans?: WebsitePlan[];
  // terms-and-conditions, privacy-policy (paragraphs split by blank lines)
  terms_en?: string;
  terms_ar?: string;
  privacy_en?: string;
  privacy_ar?: string;
  // frequent-asked-questions
  faq?: WebsiteFaq[];
  // setting/social-media-setting
  instagram?: string;
  x?: string;
  snapchat?: string;
  tiktok?: string;
  linkedin?: string;
  youtube?: string;
  whatsapp?: string;
  // seo-setting/default-seo-records
  site_name_en?: string;
  site_name_ar?: string;
  default_description_en?: string;
  default_description_ar?: string;
  default_og_image?: string;
  // seo-setting/google-analytics
  google_analytics_id?: string;
  // seo-setting/redirects
  redirects?: WebsiteRedirect[];
  // seo-setting/seo-page-details/{page}
  seo_pages?: Partial<Record<WebsitePage, WebsiteSeoPage>>;
};

export const WEBSITE_SECTIONS = [
  'texts',
  'terms',
  'privacy',
  'faq',
  'social',
  'seo_defaults',
  'analytics',
  'redirects',
] as const;
export type WebsiteSection = (typeof WEBSITE_SECTIONS)[number];

export type WebsiteSettingsChanged = {
  type: 'WebsiteSettingsChanged';
  data: {
    /** what the manager saved: a section, or one page's SEO (`seo_page`, with `page`) */
    section: WebsiteSection | 'seo_page';
    page?: WebsitePage;
    changed: Record<string, unknown>;
    previous: Record<string, unknown>;
  };
};

/** A visitor's message from the contact-us form. */
export type ContactMessageReceived = {
  type: 'ContactMessageReceived';
  data: {
    message_id: string;
    name: string;
    email: string;
    mobile?: string;
    subject?: string;
    message: string;
    language: 'en' | 'ar';
    received_at: string;
  };
};

/** The settings after a change (the aggregate and the read model both apply it). */
export const applyWebsiteChange = (s: WebsiteSettings, e: WebsiteSettingsChanged['data']): WebsiteSettings =>
  e.section === 'seo_page' && e.page
    ? { ...s, seo_pages: { ...s.seo_pages, [e.page]: { ...s.seo_pages?.[e.page], ...e.changed } } }
    : { ...s, ...e.changed };

// ---- inputs ----

const text = (max: number, ...more: Validator[]) => withRule(z.string(), maxLength(max), ...more).optional();
const requiredText = (max: number) => withRule(z.string(), required, maxLength(max));

/** An absolute https address (a social profile, an image). */
const httpsUrl: Validator = (v) =>
  isEmpty(v) || (typeof v === 'string' && /^https:\/\/[^\s<>"']+$/.test(v))
    ? undefined
    : issue('invalid_value');
/** A Google Analytics measurement id (G-XXXXXXX) or a Tag Manager container (GTM-XXXXXX). */
const measurementId: Validator = (v) =>
  isEmpty(v) || (typeof v === 'string' && /^(G|GTM|UA)-[A-Z0-9-]{4,20}$/.test(v))
    ? undefined
    : issue('invalid_value');
/** A path of this site: `/old-page` (no scheme, no host, no spaces). */
const sitePath: Validator = (v) =>
  isEmpty(v) || (typeof v === 'string' && /^\/[^\s<>"'?#]*$/.test(v)) ? undefined : issue('invalid_value');
/** Where a redirect goes: a path of this site or an https address. */
const target: Validator = (v) =>
  isEmpty(v) || (typeof v === 'string' && /^(\/|https:\/\/)[^\s<>"']*$/.test(v))
    ? undefined
    : issue('invalid_value');

/** A list as forms send it: an array, or nothing for an empty one. */
const list = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess((v) => (v === undefined || v === null ? [] : v), z.array(item).max(max));

const planInput = z
  .preprocess(
    cleanPayload,
    z.object({
      name_en: requiredText(60),
      name_ar: requiredText(60),
      currency: z.enum(CURRENCIES).default('SAR'),
      price: z.union([z.string(), z.number()]).transform((v) => String(v)),
      features_en: text(2000),
      features_ar: text(2000),
      highlighted: booleanish.default(false),
    }),
  )
  .transform((p, ctx): WebsitePlan => {
    const parsed = parseMoney(p.price, p.currency);
    if (!parsed.ok || parsed.money.amount < 0) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'validation.invalid_value' });
      return z.NEVER;
    }
    return {
      name_en: p.name_en,
      name_ar: p.name_ar,
      price: parsed.money.amount,
      currency: p.currency,
      features_en: p.features_en ?? '',
      features_ar: p.features_ar ?? '',
      highlighted: p.highlighted,
    };
  });

export const websiteSectionInputs = {
  texts: z.preprocess(
    cleanPayload,
    z.object({
      hero_title_en: text(120),
      hero_title_ar: text(120),
      hero_subtitle_en: text(300),
      hero_subtitle_ar: text(300),
      features_en: text(4000),
      features_ar: text(4000),
      contact_email: text(100, email),
      contact_phone: text(30),
      address_en: text(200),
      address_ar: text(200),
      plans: list(planInput, 6).optional(),
    }),
  ),
  terms: z.preprocess(cleanPayload, z.object({ terms_en: text(40000), terms_ar: text(40000) })),
  privacy: z.preprocess(cleanPayload, z.object({ privacy_en: text(40000), privacy_ar: text(40000) })),
  faq: z.preprocess(
    cleanPayload,
    z.object({
      faq: list(
        z.preprocess(
          cleanPayload,
          z.object({
            question_en: requiredText(300),
            question_ar: requiredText(300),
            answer_en: requiredText(3000),
            answer_ar: requiredText(3000),
            order: z.coerce.number().int().min(0).max(1000).default(0),
          }),
        ),
        100,
      ).transform((items) => [...items].sort((a, b) => a.order - b.order)),
    }),
  ),
  social: z.preprocess(
    cleanPayload,
    z.object({
      instagram: text(300, httpsUrl),
      x: text(300, httpsUrl),
      snapchat: text(300, httpsUrl),
      tiktok: text(300, httpsUrl),
      linkedin: text(300, httpsUrl),
      youtube: text(300, httpsUrl),
      whatsapp: text(300, httpsUrl),
    }),
  ),
  seo_defaults: z.preprocess(
    cleanPayload,
    z.object({
      site_name_en: text(60),
      site_name_ar: text(60),
      default_description_en: text(300),
      default_description_ar: text(300),
      default_og_image: text(500, httpsUrl),
    }),
  ),
  analytics: z.preprocess(cleanPayload, z.object({ google_analytics_id: text(30, measurementId) })),
  redirects: z.preprocess(
    cleanPayload,
    z.object({
      redirects: list(
        z.preprocess(
          cleanPayload,
          z.object({
            from: withRule(z.string(), required, maxLength(300), sitePath),
            to: withRule(z.string(), required, maxLength(500), target),
            status: z.coerce
              .number()
              .pipe(z.union([z.literal(301), z.literal(302)]))
              .default(301),
          }),
        ),
        200,
      ),
    }),
  ),
} as const;

/** One page's SEO (`seo-setting/seo-page-details/{page}`). */
export const seoPageInput = z.preprocess(
  cleanPayload,
  z.object({
    title_en: text(120),
    title_ar: text(120),
    description_en: text(320),
    description_ar: text(320),
    og_title_en: text(120),
    og_title_ar: text(120),
    og_description_en: text(320),
    og_description_ar: text(320),
    og_image: text(500, httpsUrl),
  }),
);

/** The contact-us form. */
export const contactMessageInput = z.preprocess(
  cleanPayload,
  z.object({
    name: requiredText(100),
    email: withRule(z.string(), required, email, maxLength(100)),
    mobile: text(30),
    subject: text(150),
    message: withRule(z.string(), required, maxLength(3000)),
  }),
);
export type ContactMessageInput = z.infer<typeof contactMessageInput>;

/** What a section's inputs may write: the keys of its schema (a left-out key is cleared). */
export const websiteSectionKeys = (section: WebsiteSection): string[] => {
  const schema = websiteSectionInputs[section] as unknown as { def: { out: { shape: object } } };
  return Object.keys(schema.def.out.shape);
};

/** SEO lengths a search engine shows in full (seo-report). */
export const SEO_LIMITS = { title: 60, description: 160 } as const;
