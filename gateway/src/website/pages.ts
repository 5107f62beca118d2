import {
  COUNTRIES,
  formatMoney,
  seoOf,
  WEBSITE_PAGE_PATHS,
  websiteOf,
  type WebsitePage,
  type WebsitePlan,
  type WebsiteSettings,
} from '@rawnaq/contracts';
import { CSS } from './style';
import { TEXTS, type Lang, type TextKey } from './texts';

/** Text made safe for HTML, in an element or a quoted attribute. */
export const esc = (text: unknown) =>
  String(text ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A page's address in a language: Arabic without a prefix (the spec's routing), English under /en. */
export const pathOf = (page: WebsitePage, lang: Lang) => {
  const own = WEBSITE_PAGE_PATHS[page];
  if (lang === 'ar') return `/${own}`;
  return own ? `/en/${own}` : '/en';
};

export type Render = {
  lang: Lang;
  page: WebsitePage;
  origin: string;
  saved: WebsiteSettings | undefined;
  plans: WebsitePlan[];
};

const t = (lang: Lang, key: TextKey) => TEXTS[lang][key];
const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

const LOGO = `<svg viewBox="0 0 40 40" aria-hidden="true"><rect width="40" height="40" rx="11" fill="#0f5257"/><path d="M20 8c5 4 8 8 8 12a8 8 0 0 1-16 0c0-4 3-8 8-12z" fill="#c29a4e"/><path d="M20 15c2.5 2 4 4 4 6a4 4 0 0 1-8 0c0-2 1.5-4 4-6z" fill="#fff"/></svg>`;

/** Small line icons drawn in SVG, one per feature (no image files). */
const ICONS = [
  '<rect x="3" y="5" width="18" height="16" rx="2"/><path d="M3 10h18M8 3v4M16 3v4"/>',
  '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18"/>',
  '<rect x="4" y="3" width="16" height="18" rx="2"/><path d="M8 8h8M8 12h8M8 16h5"/>',
  '<circle cx="9" cy="8" r="4"/><path d="M2 21a7 7 0 0 1 14 0M17 11a3 3 0 1 0 0-6M22 21a6 6 0 0 0-4-5.6"/>',
  '<circle cx="12" cy="8" r="4"/><path d="M4 21a8 8 0 0 1 16 0"/>',
  '<path d="M3 7l9-4 9 4-9 4-9-4zM3 12l9 4 9-4M3 17l9 4 9-4"/>',
  '<path d="M4 20V10M10 20V4M16 20v-7M22 20H2"/>',
  '<path d="M4 19h16M6 16V9M11 16V5M16 16v-4"/>',
];
const icon = (i: number) =>
  `<span class="icon"><svg viewBox="0 0 24 24" fill="none" stroke="#0f5257" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${ICONS[i % ICONS.length]}</svg></span>`;

/** "Title: what it does" lines as cards. */
const featureCards = (text: string) =>
  lines(text)
    .map((line, i) => {
      const at = line.indexOf(':');
      const [title, body] = at > 0 ? [line.slice(0, at), line.slice(at + 1).trim()] : [line, ''];
      return `<article class="card">${icon(i)}<h3>${esc(title)}</h3>${body ? `<p>${esc(body)}</p>` : ''}</article>`;
    })
    .join('');

/** The product drawn in CSS: a week of appointments, as the back office shows it. */
const screenshot = (lang: Lang) => {
  const names =
    lang === 'ar'
      ? ['قص وتصفيف', 'صبغة', 'مناكير', 'بروتين', 'حناء', 'تنظيف بشرة', 'مكياج', 'سشوار']
      : ['Cut & style', 'Colour', 'Manicure', 'Keratin', 'Henna', 'Facial', 'Make-up', 'Blow-dry'];
  const col = (cls: string[], n: number) =>
    `<div class="col"><b></b>${cls
      .map((c, i) =>
        c === 'gap' ? '<span class="gap"></span>' : `<span class="ap ${c}">${esc(names[(n + i) % 8])}</span>`,
      )
      .join('')}</div>`;
  return `<figure class="shot" role="img" aria-label="${esc(lang === 'ar' ? 'تقويم المواعيد في رونق' : 'The appointment calendar in Rawnaq')}" style="margin:0"><div class="chrome"><i></i><i></i><i></i></div><div class="app"><div class="side"><i></i><i></i><i></i><i></i><i></i></div><div class="cal">${col(['a1', 'a2', 'gap', 'a4'], 0)}${col(['gap', 'a3', 'a2'], 2)}${col(['a4', 'a1', 'gap', 'a2'], 4)}${col(['a2', 'gap', 'a3'], 6)}</div></div></figure>`;
};

const nav = (r: Render) => {
  const { lang, page } = r;
  const item = (p: WebsitePage, key: TextKey) =>
    `<a href="${pathOf(p, lang)}"${p === page ? ' aria-current="page"' : ''}>${esc(t(lang, key))}</a>`;
  return [
    item('features', 'nav_features'),
    item('beauty-center-software', 'nav_beauty'),
    item('pricing', 'nav_pricing'),
    item('frequently-asked-questions', 'nav_faq'),
    item('contact-us', 'nav_contact'),
  ].join('');
};

const header = (r: Render) => {
  const { lang, page } = r;
  const other: Lang = lang === 'ar' ? 'en' : 'ar';
  const signIn = lang === 'ar' ? '/merchant/sign-in' : '/en/merchant/sign-in';
  const links = `${nav(r)}<a class="lang" href="${pathOf(page, other)}" hreflang="${other}" lang="${other}">${esc(t(lang, 'other_language'))}</a><a href="${signIn}">${esc(t(lang, 'sign_in'))}</a>`;
  const trial = `<a class="btn" href="${pathOf('request-free-trial', lang)}">${esc(t(lang, 'start_trial'))}</a>`;
  return `<header class="top"><div class="wrap bar"><a class="logo" href="${pathOf('landing', lang)}">${LOGO}<span>${esc(t(lang, 'brand'))}</span></a><nav class="main" aria-label="${esc(t(lang, 'menu'))}">${links}${trial}</nav><details class="menu"><summary>${esc(t(lang, 'menu'))}</summary><div class="sheet">${links}${trial}</div></details></div></header>`;
};

const SOCIAL: Array<[keyof WebsiteSettings, string]> = [
  ['instagram', 'Instagram'],
  ['x', 'X'],
  ['snapchat', 'Snapchat'],
  ['tiktok', 'TikTok'],
  ['linkedin', 'LinkedIn'],
  ['youtube', 'YouTube'],
  ['whatsapp', 'WhatsApp'],
];

const footer = (r: Render) => {
  const { lang } = r;
  const site = websiteOf(r.saved);
  const link = (p: WebsitePage, text: string) => `<li><a href="${pathOf(p, lang)}">${esc(text)}</a></li>`;
  const social = SOCIAL.filter(([k]) => site[k])
    .map(([k, name]) => `<li><a href="${esc(site[k])}" rel="noopener" target="_blank">${esc(name)}</a></li>`)
    .join('');
  return `<footer><div class="wrap"><div class="cols">
<div><a class="logo" href="${pathOf('landing', lang)}" style="color:#fff">${LOGO}<span>${esc(t(lang, 'brand'))}</span></a><p style="margin-top:10px">${esc(site[`default_description_${lang}`])}</p></div>
<div><h3>${esc(t(lang, 'footer_product'))}</h3><ul>${link('features', t(lang, 'nav_features'))}${link('beauty-center-software', t(lang, 'nav_beauty'))}${link('pricing', t(lang, 'nav_pricing'))}${link('request-free-trial', t(lang, 'start_trial'))}</ul></div>
<div><h3>${esc(t(lang, 'footer_company'))}</h3><ul>${link('contact-us', t(lang, 'nav_contact'))}${link('frequently-asked-questions', t(lang, 'nav_faq'))}<li><a href="mailto:${esc(site.contact_email)}">${esc(site.contact_email)}</a></li><li dir="ltr" style="text-align:start">${esc(site.contact_phone)}</li></ul></div>
<div><h3>${esc(t(lang, 'footer_legal'))}</h3><ul>${link('terms-and-conditions', t(lang, 'terms_title'))}${link('privacy-policy', t(lang, 'privacy_title'))}</ul>${social ? `<h3 style="margin-top:16px">${esc(t(lang, 'footer_follow'))}</h3><ul>${social}</ul>` : ''}</div>
</div><p class="legal">© ${new Date().getUTCFullYear()} ${esc(site[`site_name_${lang}`])}. ${esc(t(lang, 'rights'))}</p></div></footer>`;
};

/** The manager's analytics (a measurement id checked by its pattern when saved: nothing else is written). */
const analytics = (id: string | undefined | null) => {
  if (!id) return '';
  const safe = esc(id);
  if (id.startsWith('GTM-'))
    return `<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','${safe}');</script>`;
  return `<script async src="https://www.googletagmanager.com/gtag/js?id=${safe}"></script><script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config','${safe}');</script>`;
};

/** The whole document: head with SEO (title, description, canonical, hreflang, Open Graph), header, body, footer. */
export const documentOf = (r: Render, body: string, options: { noindex?: boolean; status?: string } = {}) => {
  const { lang, page, origin } = r;
  const seo = seoOf(r.saved, page, lang);
  const url = (l: Lang) => `${origin}${pathOf(page, l)}`;
  const ogImage = seo.og_image
    ? `<meta property="og:image" content="${esc(seo.og_image)}"><meta name="twitter:card" content="summary_large_image">`
    : '<meta name="twitter:card" content="summary">';
  return `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(seo.title)}</title>
<meta name="description" content="${esc(seo.description)}">
${options.noindex ? '<meta name="robots" content="noindex">' : ''}
<link rel="canonical" href="${esc(url(lang))}">
<link rel="alternate" hreflang="ar" href="${esc(url('ar'))}">
<link rel="alternate" hreflang="en" href="${esc(url('en'))}">
<link rel="alternate" hreflang="x-default" href="${esc(url('ar'))}">
<meta property="og:type" content="website">
<meta property="og:site_name" content="${esc(seo.site_name)}">
<meta property="og:title" content="${esc(seo.og_title)}">
<meta property="og:description" content="${esc(seo.og_description)}">
<meta property="og:url" content="${esc(url(lang))}">
<meta property="og:locale" content="${lang === 'ar' ? 'ar_SA' : 'en_US'}">
${ogImage}
<meta name="theme-color" content="#0f5257">
<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(LOGO.replace(' aria-hidden="true"', ' xmlns="http://www.w3.org/2000/svg"'))}">
<style>${CSS}</style>
${analytics(r.saved?.google_analytics_id)}
</head>
<body>
<a class="skip" href="#main">${lang === 'ar' ? 'انتقلي إلى المحتوى' : 'Skip to content'}</a>
${header(r)}
<main id="main">${body}</main>
${footer(r)}
</body>
</html>`;
};

const ctaBand = (lang: Lang) =>
  `<section class="band"><div class="wrap" style="text-align:center"><h2>${esc(t(lang, 'cta_title'))}</h2><p>${esc(t(lang, 'cta_lead'))}</p><a class="btn gold" href="${pathOf('request-free-trial', lang)}">${esc(t(lang, 'start_trial'))}</a></div></section>`;

const planCards = (lang: Lang, plans: WebsitePlan[]) =>
  `<div class="plans">${plans
    .map((p) => {
      const features = lines(lang === 'ar' ? p.features_ar : p.features_en);
      return `<article class="plan${p.highlighted ? ' hi' : ''}">${p.highlighted ? `<span class="tag">${esc(t(lang, 'most_popular'))}</span>` : ''}<h3>${esc(lang === 'ar' ? p.name_ar : p.name_en)}</h3><div class="price"><bdi>${esc(formatMoney({ amount: p.price, currency: p.currency }, { locale: lang }))}</bdi> <small>${esc(t(lang, 'per_month'))}</small></div><ul>${features.map((f) => `<li>${esc(f)}</li>`).join('')}</ul><a class="btn${p.highlighted ? '' : ' ghost'}" href="${pathOf('request-free-trial', lang)}">${esc(t(lang, 'choose_plan'))}</a></article>`;
    })
    .join('')}</div>`;

const faqList = (r: Render, limit?: number) => {
  const site = websiteOf(r.saved);
  const items = [...site.faq].sort((a, b) => a.order - b.order).slice(0, limit);
  return `<div class="faq">${items
    .map(
      (q) =>
        `<details><summary>${esc(r.lang === 'ar' ? q.question_ar : q.question_en)}</summary><p>${esc(r.lang === 'ar' ? q.answer_ar : q.answer_en)}</p></details>`,
    )
    .join('')}</div>`;
};

const whyBand = (lang: Lang) =>
  `<section class="band"><div class="wrap"><h2>${esc(t(lang, 'why_title'))}</h2><div class="grid3" style="margin-top:20px">${(
    [
      ['why_1_title', 'why_1'],
      ['why_2_title', 'why_2'],
      ['why_3_title', 'why_3'],
    ] as Array<[TextKey, TextKey]>
  )
    .map(([h, p]) => `<article class="card"><h3>${esc(t(lang, h))}</h3><p>${esc(t(lang, p))}</p></article>`)
    .join('')}</div></div></section>`;

const landing = (r: Render) => {
  const { lang } = r;
  const site = websiteOf(r.saved);
  return `<section class="hero"><div class="wrap grid"><div><h1>${esc(site[`hero_title_${lang}`])}</h1><p class="lead">${esc(site[`hero_subtitle_${lang}`])}</p><div class="cta"><a class="btn" href="${pathOf('request-free-trial', lang)}">${esc(t(lang, 'start_trial'))}</a><a class="btn ghost" href="${pathOf('features', lang)}">${esc(t(lang, 'see_features'))}</a></div><ul class="trust"><li>${esc(t(lang, 'trust_trial'))}</li><li>${esc(t(lang, 'trust_zatca'))}</li><li>${esc(t(lang, 'trust_arabic'))}</li><li>${esc(t(lang, 'trust_gulf'))}</li></ul></div>${screenshot(lang)}</div></section>
<section class="features"><div class="wrap"><h2>${esc(t(lang, 'features_title'))}</h2><p class="lead" style="color:var(--muted)">${esc(t(lang, 'features_lead'))}</p><div class="grid3">${featureCards(site[`features_${lang}`])}</div></div></section>
${whyBand(lang)}
<section class="features"><div class="wrap"><h2>${esc(t(lang, 'pricing_title'))}</h2><p style="color:var(--muted)">${esc(t(lang, 'pricing_lead'))}</p>${planCards(lang, r.plans)}</div></section>
<section class="features" style="padding-top:0"><div class="wrap"><h2>${esc(t(lang, 'faq_title'))}</h2>${faqList(r, 4)}</div></section>
${ctaBand(lang)}`;
};

const simplePage = (title: string, inner: string) =>
  `<section class="page"><div class="wrap"><h1>${esc(title)}</h1>${inner}</div></section>`;

const features = (r: Render) => {
  const { lang } = r;
  const site = websiteOf(r.saved);
  return `${simplePage(t(lang, 'features_title'), `<p class="lead" style="color:var(--muted)">${esc(t(lang, 'features_lead'))}</p><div class="grid3">${featureCards(site[`features_${lang}`])}</div>`)}${whyBand(lang)}${ctaBand(lang)}`;
};

const beauty = (r: Render) => {
  const { lang } = r;
  return `<section class="hero"><div class="wrap grid"><div><h1>${esc(t(lang, 'beauty_title'))}</h1><p class="lead">${esc(t(lang, 'beauty_lead'))}</p><ul class="ticks">${lines(
    t(lang, 'beauty_points'),
  )
    .map((l) => `<li>${esc(l)}</li>`)
    .join(
      '',
    )}</ul><div class="cta"><a class="btn" href="${pathOf('request-free-trial', lang)}">${esc(t(lang, 'start_trial'))}</a></div></div>${screenshot(lang)}</div></section>${whyBand(lang)}${ctaBand(lang)}`;
};

const pricing = (r: Render) =>
  `${simplePage(t(r.lang, 'pricing_title'), `<p style="color:var(--muted)">${esc(t(r.lang, 'pricing_lead'))}</p>${planCards(r.lang, r.plans)}`)}<section class="features" style="padding-top:0"><div class="wrap"><h2>${esc(t(r.lang, 'faq_title'))}</h2>${faqList(r)}</div></section>`;

export type FormState = { values: Record<string, string>; errors: Record<string, string>; alert?: string };

const field = (
  lang: Lang,
  state: FormState,
  name: string,
  label: string,
  options: { type?: string; full?: boolean; required?: boolean; dir?: string; autocomplete?: string } = {},
  control?: string,
) => {
  const error = state.errors[name];
  const attrs = `id="f-${name}" name="${name}"${error ? ` aria-invalid="true" aria-describedby="e-${name}"` : ''}${options.required ? ' required' : ''}${options.dir ? ` dir="${options.dir}"` : ''}${options.autocomplete ? ` autocomplete="${options.autocomplete}"` : ''}`;
  const input =
    control?.replace('ATTRS', attrs) ??
    `<input ${attrs} type="${options.type ?? 'text'}" value="${esc(state.values[name] ?? '')}">`;
  return `<div${options.full ? ' class="full"' : ''}><label for="f-${name}">${esc(label)}</label>${input}${error ? `<div class="err" id="e-${name}">${esc(error)}</div>` : ''}</div>`;
};

const alertOf = (lang: Lang, state: FormState) =>
  state.alert || Object.keys(state.errors).length
    ? `<div class="alert" role="alert">${esc(state.alert ?? t(lang, 'form_has_errors'))}</div>`
    : '';

/** The free-trial form: a plain POST to this same address, read without any script. */
export const trialForm = (r: Render, state: FormState) => {
  const { lang } = r;
  const country = state.values.country_id ?? '1';
  const countries = Object.values(COUNTRIES)
    .map(
      (c) =>
        `<option value="${c.id}"${String(c.id) === country ? ' selected' : ''}>${esc(lang === 'ar' ? c.arabicName : c.englishName)} (+${c.diallingPrefix})</option>`,
    )
    .join('');
  return simplePage(
    t(lang, 'trial_title'),
    `<p class="lead" style="color:var(--muted)">${esc(t(lang, 'trial_lead'))}</p>${alertOf(lang, state)}<form class="f" method="post" action="${pathOf('request-free-trial', lang)}" novalidate>
${field(lang, state, 'owner_name', t(lang, 'owner_name'), { required: true, autocomplete: 'name' })}
${field(lang, state, 'email', t(lang, 'email'), { type: 'email', required: true, dir: 'ltr', autocomplete: 'email' })}
${field(lang, state, 'name_ar', t(lang, 'name_ar'), { required: true, dir: 'rtl' })}
${field(lang, state, 'name_en', t(lang, 'name_en'), { required: true, dir: 'ltr' })}
${field(lang, state, 'country_id', t(lang, 'country_id'), { required: true }, `<select ATTRS>${countries}</select>`)}
${field(lang, state, 'mobile', t(lang, 'mobile'), { type: 'tel', required: true, dir: 'ltr', autocomplete: 'tel' })}
${field(lang, state, 'city', t(lang, 'city'), { full: true })}
<div class="full"><button class="btn" type="submit">${esc(t(lang, 'send_request'))}</button></div>
</form>`,
  );
};

/** The contact-us form and the platform's contact details. */
export const contactForm = (r: Render, state: FormState) => {
  const { lang } = r;
  const site = websiteOf(r.saved);
  return simplePage(
    t(lang, 'contact_title'),
    `<p class="lead" style="color:var(--muted)">${esc(t(lang, 'contact_lead'))}</p><div class="split"><div>${alertOf(lang, state)}<form class="f" method="post" action="${pathOf('contact-us', lang)}" novalidate>
${field(lang, state, 'name', t(lang, 'name'), { required: true, autocomplete: 'name' })}
${field(lang, state, 'email', t(lang, 'email'), { type: 'email', required: true, dir: 'ltr', autocomplete: 'email' })}
${field(lang, state, 'mobile', t(lang, 'mobile_optional'), { type: 'tel', dir: 'ltr', autocomplete: 'tel' })}
${field(lang, state, 'subject', t(lang, 'subject'))}
${field(lang, state, 'message', t(lang, 'message'), { full: true, required: true }, `<textarea ATTRS rows="6">${esc(state.values.message ?? '')}</textarea>`)}
<div class="full"><button class="btn" type="submit">${esc(t(lang, 'send_message'))}</button></div>
</form></div><dl class="contact-card"><dt>${esc(t(lang, 'email'))}</dt><dd><a href="mailto:${esc(site.contact_email)}">${esc(site.contact_email)}</a></dd><dt>${esc(lang === 'ar' ? 'الهاتف' : 'Phone')}</dt><dd dir="ltr" style="text-align:start">${esc(site.contact_phone)}</dd><dt>${esc(lang === 'ar' ? 'العنوان' : 'Address')}</dt><dd>${esc(site[`address_${lang}`])}</dd></dl></div>`,
  );
};

const done = (lang: Lang, title: TextKey, text: TextKey) =>
  `<section class="page"><div class="wrap"><div class="done"><div class="mark" aria-hidden="true">✓</div><h1>${esc(t(lang, title))}</h1><p>${esc(t(lang, text))}</p><a class="btn" href="${pathOf('landing', lang)}">${esc(t(lang, 'back_home'))}</a></div></div></section>`;

const legal = (r: Render, title: TextKey, key: 'terms' | 'privacy') => {
  const site = websiteOf(r.saved);
  return simplePage(t(r.lang, title), `<div class="prose">${paragraphs(site[`${key}_${r.lang}`])}</div>`);
};

/** A page's main content (the forms take their state: empty on GET, the values and errors after a POST). */
export const pageBody = (r: Render, state: FormState = { values: {}, errors: {} }): string => {
  switch (r.page) {
    case 'landing':
      return landing(r);
    case 'features':
      return features(r);
    case 'beauty-center-software':
      return beauty(r);
    case 'pricing':
      return pricing(r);
    case 'request-free-trial':
      return trialForm(r, state);
    case 'request-free-trial-success':
      return done(r.lang, 'trial_done_title', 'trial_done');
    case 'contact-us':
      return contactForm(r, state);
    case 'contact-us-success':
      return done(r.lang, 'contact_done_title', 'contact_done');
    case 'terms-and-conditions':
      return legal(r, 'terms_title', 'terms');
    case 'privacy-policy':
      return legal(r, 'privacy_title', 'privacy');
    case 'frequently-asked-questions':
      return simplePage(t(r.lang, 'faq_title'), faqList(r));
  }
};
