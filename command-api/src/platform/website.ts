import {
  applyWebsiteChange,
  websiteSectionKeys,
  type ContactMessageReceived,
  type WebsitePage,
  type WebsiteSection,
  type WebsiteSettings,
  type WebsiteSettingsChanged,
} from '@rawnaq/contracts';

/** The website's settings: what the manager saved so far (a platform that never did runs on the defaults). */
export const initialWebsite: WebsiteSettings = {};

export const evolveWebsite = (s: WebsiteSettings, e: WebsiteSettingsChanged): WebsiteSettings =>
  applyWebsiteChange(s, e.data);

/** The keys of one page's SEO. */
export const SEO_PAGE_KEYS = [
  'title_en',
  'title_ar',
  'description_en',
  'description_ar',
  'og_title_en',
  'og_title_ar',
  'og_description_en',
  'og_description_ar',
  'og_image',
] as const;

export type WebsiteCommand =
  | { type: 'ChangeSection'; section: WebsiteSection; input: Record<string, unknown> }
  | { type: 'ChangeSeoPage'; page: WebsitePage; input: Record<string, unknown> };

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * A section is saved whole: each of its keys takes the value sent, a key left out is cleared (null).
 * Only what differs is written, with its old value; nothing different, nothing written.
 */
export const decideWebsite = (c: WebsiteCommand, s: WebsiteSettings): WebsiteSettingsChanged[] => {
  const keys: readonly string[] = c.type === 'ChangeSection' ? websiteSectionKeys(c.section) : SEO_PAGE_KEYS;
  const before = (c.type === 'ChangeSection' ? s : (s.seo_pages?.[c.page] ?? {})) as Record<string, unknown>;
  const changed: Record<string, unknown> = {};
  const previous: Record<string, unknown> = {};
  for (const key of keys)
    if (!same(before[key], c.input[key])) {
      changed[key] = c.input[key] ?? null;
      previous[key] = before[key] ?? null;
    }
  if (!Object.keys(changed).length) return [];
  return [
    {
      type: 'WebsiteSettingsChanged',
      data:
        c.type === 'ChangeSection'
          ? { section: c.section, changed, previous }
          : { section: 'seo_page', page: c.page, changed, previous },
    },
  ];
};

/** A message from the contact-us form: received once (its id is new each time). */
export const decideContactMessage = (
  message: ContactMessageReceived['data'],
  received: boolean,
): ContactMessageReceived[] => (received ? [] : [{ type: 'ContactMessageReceived', data: message }]);
