import {
  formatMoney,
  onlinePageText,
  onlinePageTitle,
  parseMoney,
  publicPageText,
  type Currency,
  type Locale,
  type OnlinePageName,
  type PublicPageTextKey,
} from '@rawnaq/contracts';
import type { Doc, ReadModels } from '@rawnaq/platform';
import { giftCardsOnline, publicSalonCard, salonOfAlias } from '@rawnaq/projections';
import { publicMenu, publicShop, type PublicMenu, type PublicShop } from '@rawnaq/query-api';

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
  if (page === 'price-list' || page === 'offers') {
    // the page's content and the data it was written from: the app renders from the same data at once
    const data = page === 'price-list' ? await publicMenu(models, salon) : await publicShop(models, salon);
    const json = JSON.stringify({ page, alias: salon.alias, data }).replace(/</g, '\\u003c');
    const content =
      page === 'price-list'
        ? priceListHtml(locale, salon, data as PublicMenu)
        : offersHtml(locale, salon, data as PublicShop);
    return out
      .replace('</head>', `<script type="application/json" id="page-data">${json}</script>\n</head>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root"><div class="shell"><main class="content">${content}</main></div></div>`,
      );
  }
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

const nameIn = (locale: Locale, named: { name_en?: unknown; name_ar?: unknown }) => {
  const [first, second] = locale === 'ar' ? [named.name_ar, named.name_en] : [named.name_en, named.name_ar];
  return String(first ?? '').trim() || String(second ?? '').trim();
};

/** An amount as the API gives it ('85.50') written as the booking site writes it. */
const moneyText = (locale: Locale, amount: string, currency: string) => {
  const parsed = parseMoney(amount, currency as Currency);
  return parsed.ok ? formatMoney(parsed.money, { locale }) : `${amount} ${currency}`;
};

const pathOf = (locale: Locale, alias: string, page: OnlinePageName) =>
  `${locale === 'en' ? '/en' : ''}/salon/${alias}/${page}`;

/** `price-list`: the markup the booking site's PriceListPage draws, from the same menu. */
const priceListHtml = (locale: Locale, salon: Doc, menu: PublicMenu) => {
  const t = (key: PublicPageTextKey, params?: Record<string, string>) =>
    escape(publicPageText(locale, key, params));
  const groups = menu.groups
    .map(
      (group) =>
        `<div class="price-group"><h2>${escape(nameIn(locale, group))}</h2><ul class="price-rows">` +
        group.services
          .map(
            (s) =>
              `<li><span class="price-name">${escape(nameIn(locale, s))}<small>${t('duration.minutes', {
                n: String(s.duration),
              })}</small></span><span class="price-value">${escape(
                moneyText(locale, String(s.price_with_vat), menu.currency),
              )}</span></li>`,
          )
          .join('') +
        `</ul></div>`,
    )
    .join('');
  return (
    `<section class="card" aria-labelledby="price-list-title" data-testid="price-list">` +
    `<h1 id="price-list-title">${t('price_list.title')}</h1><p class="muted">${t('price_list.vat_included')}</p>` +
    (menu.groups.length === 0 ? `<p class="muted">${t('price_list.empty')}</p>` : groups) +
    (salon.online_booking === true
      ? `<a class="button" href="${pathOf(locale, String(salon.alias), 'booking')}">${escape(onlinePageText(locale, 'book'))}</a>`
      : '') +
    `</section>`
  );
};

/** `offers`: the markup the booking site's OffersPage draws (before anything is chosen), from the same shop. */
const offersHtml = (locale: Locale, salon: Doc, shop: PublicShop) => {
  const t = (key: PublicPageTextKey, params?: Record<string, string>) =>
    escape(publicPageText(locale, key, params));
  const longDate = (date: string) =>
    new Intl.DateTimeFormat(locale === 'ar' ? 'ar-u-nu-latn' : 'en', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${date}T12:00:00Z`));
  const items = shop.items
    .map((item) => {
      const description = String((locale === 'ar' ? item.description_ar : item.description_en) ?? '').trim();
      return (
        `<article class="card shop-item" data-testid="shop-item">` +
        `<p class="eyebrow">${t(item.kind === 'offer' ? 'offers.kind_offer' : 'offers.kind_package')}</p>` +
        `<h2>${escape(nameIn(locale, item))}</h2>` +
        (description ? `<p class="muted">${escape(description)}</p>` : '') +
        `<p class="field-label">${item.choose ? t('offers.choose', { n: String(item.choose) }) : t('offers.includes')}</p>` +
        `<ul class="price-rows">` +
        item.services
          .map(
            (s) =>
              `<li><span class="price-name">${escape(nameIn(locale, s))}</span>` +
              (item.kind === 'package'
                ? `<small class="muted">${t('offers.sessions', { n: String(s.sessions) })}</small>`
                : '') +
              `</li>`,
          )
          .join('') +
        `</ul><p class="muted">${
          item.valid_until
            ? t('offers.valid_until', { date: longDate(item.valid_until) })
            : t('offers.valid_days', { n: String(item.validity_days ?? '') })
        }</p>` +
        `<p class="shop-price"><strong data-testid="shop-price">${escape(
          moneyText(locale, item.price_with_vat, shop.currency),
        )}</strong>` +
        ('worth_with_vat' in item && item.worth_with_vat
          ? `<span class="muted worth">${t('offers.worth')} <s>${escape(
              moneyText(locale, item.worth_with_vat, shop.currency),
            )}</s></span>`
          : '') +
        `</p></article>`
      );
    })
    .join('');
  return (
    `<section class="shop" aria-labelledby="offers-title" data-testid="offers">` +
    `<h1 id="offers-title" class="page-title">${t('offers.title')}</h1><p class="muted">${t('price_list.vat_included')}</p>` +
    (shop.items.length === 0
      ? `<p class="card muted" data-testid="offers-empty">${t('offers.empty')}</p>`
      : items) +
    `</section>`
  );
};
