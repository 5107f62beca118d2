import { onlinePageText, onlinePageTitle, type Locale, type OnlinePageName } from '@rawnaq/contracts';
import type { Doc, ReadModels } from '@rawnaq/platform';
import { giftCardsOnline, publicSalonCard, salonOfAlias } from '@rawnaq/projections';

const PAGES: readonly OnlinePageName[] = [
  'home',
  'booking',
  'price-list',
  'terms-and-conditions',
  'refund-policy',
  'offers',
  'buy-gift-card',
];

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** `/en/salon/demosalon/booking` → its language, salon alias and page (undefined: a page of one booking). */
export const salonPageOf = (path: string) => {
  const match = /^\/(?:(en|ar)\/)?salon\/([A-Za-z0-9]{1,64})(?:\/([a-z-]+))?(?:\/[^/]*)?\/?$/.exec(path);
  if (!match) return undefined;
  const locale: Locale = match[1] === 'en' ? 'en' : 'ar';
  const page = (PAGES as readonly string[]).includes(match[3] ?? 'home')
    ? ((match[3] ?? 'home') as OnlinePageName)
    : undefined;
  return { locale, alias: match[2], page };
};

const nameOf = (locale: Locale, salon: Doc) => {
  const [first, second] = locale === 'ar' ? [salon.name_ar, salon.name_en] : [salon.name_en, salon.name_ar];
  return String(first ?? '').trim() || String(second ?? '').trim();
};

/**
 * The booking site's index.html for one of a salon's pages, written on the server: the page's language
 * and direction, its title, description and social preview (Open Graph) in that language, whether
 * search engines may index it (the tenant's `google_index` flag, off unless the platform turns it on),
 * and for the home page its content, useful before any script runs (the app then renders over it).
 */
export const salonIndexHtml = async (models: ReadModels, html: string, path: string): Promise<string> => {
  const at = salonPageOf(path);
  if (!at) return html;
  const salon = await salonOfAlias(models, at.alias).catch(() => undefined);
  const { locale, page } = at;
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  let out = html.replace(/<html[^>]*>/, `<html lang="${locale}" dir="${dir}">`);
  const robots = salon?.google_index === true && page ? 'index, follow' : 'noindex, nofollow';
  if (!salon) return out.replace('</head>', `<meta name="robots" content="${robots}" />\n</head>`);
  const name = nameOf(locale, salon);
  const title = onlinePageTitle(locale, page, name);
  const description = onlinePageText(locale, 'description', name);
  const head = [
    `<meta name="description" content="${escape(description)}" />`,
    `<meta name="robots" content="${robots}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escape(onlinePageText(locale, 'brand'))}" />`,
    `<meta property="og:title" content="${escape(title)}" />`,
    `<meta property="og:description" content="${escape(description)}" />`,
    `<meta property="og:locale" content="${locale === 'ar' ? 'ar_SA' : 'en_US'}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<link rel="alternate" hreflang="ar" href="/salon/${salon.alias}/${page ?? 'home'}" />`,
    `<link rel="alternate" hreflang="en" href="/en/salon/${salon.alias}/${page ?? 'home'}" />`,
  ].join('\n    ');
  // the card the pages would fetch first, given with the page: they render at once
  const card = JSON.stringify(publicSalonCard(salon)).replace(/</g, '\\u003c');
  out = out.replace(
    /<title>[^<]*<\/title>/,
    `<title>${escape(title)}</title>\n    ${head}\n    <script type="application/json" id="salon-card">${card}</script>`,
  );
  if (page !== 'home') return out;
  const prefix = locale === 'en' ? '/en' : '';
  const book =
    salon.online_booking === true
      ? `<a class="button" href="${prefix}/salon/${salon.alias}/booking">${escape(onlinePageText(locale, 'book'))}</a>`
      : '';
  const body =
    `<div class="shell"><main class="content"><section class="hero"><p class="eyebrow">${escape(onlinePageText(locale, 'welcome'))}</p>` +
    `<h1>${escape(name)}</h1></section><nav class="card actions">${book}` +
    `<a class="button secondary" href="${prefix}/salon/${salon.alias}/price-list">${escape(onlinePageText(locale, 'prices'))}</a>` +
    (giftCardsOnline(salon).enabled
      ? `<a class="button secondary" href="${prefix}/salon/${salon.alias}/buy-gift-card">${escape(onlinePageText(locale, 'gift_card'))}</a>`
      : '') +
    `</nav></main></div>`;
  return out.replace('<div id="root"></div>', `<div id="root">${body}</div>`);
};
