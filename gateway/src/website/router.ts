import { PublicRateLimit } from '@rawnaq/command-api';
import {
  DomainError,
  fieldIssues,
  translate,
  WEBSITE_PAGE_ALIASES,
  WEBSITE_PAGE_PATHS,
  WEBSITE_PAGES,
  type WebsitePage,
  type WebsiteSettings,
} from '@rawnaq/contracts';
import { InvalidInput, type Clock, type Logger, type ReadModels } from '@rawnaq/platform';
import express, { type NextFunction, type Request, type Response } from 'express';
import { gzipSync } from 'node:zlib';
import { documentOf, pageBody, pathOf, type FormState, type Render } from './pages';
import { pricingPlans } from './pricing';
import type { WebsiteSubmit } from './submit';
import { TEXTS, type Lang } from './texts';

const BY_PATH = new Map<string, WebsitePage>([
  ...WEBSITE_PAGES.map((p) => [WEBSITE_PAGE_PATHS[p], p] as [string, WebsitePage]),
  ...Object.entries(WEBSITE_PAGE_ALIASES),
]);

/** `/en/business/pricing` → English, the pricing page; a path that is none of the website's: undefined. */
export const websitePageOf = (path: string): { lang: Lang; page: WebsitePage } | undefined => {
  const m = /^\/(?:(en|ar)(?:\/|$))?(.*?)\/?$/.exec(path);
  if (!m) return undefined;
  const page = BY_PATH.get(m[2]);
  return page ? { lang: m[1] === 'en' ? 'en' : 'ar', page } : undefined;
};

/** The site's address for canonical links: SITE_URL when set (behind a proxy), else the request's own. */
const originOf = (req: Request) =>
  (process.env.SITE_URL ?? '').replace(/\/$/, '') || `${req.protocol}://${req.get('host') ?? 'localhost'}`;

/** Form fields whose names the pages use, to label an error message. */
const LABELS: Record<string, Partial<Record<string, keyof (typeof TEXTS)['en']>>> = {
  trial: {
    name_en: 'name_en',
    name_ar: 'name_ar',
    owner_name: 'owner_name',
    email: 'email',
    country_id: 'country_id',
    mobile: 'mobile',
    city: 'city',
  },
  contact: {
    name: 'name',
    email: 'email',
    mobile: 'mobile_optional',
    subject: 'subject',
    message: 'message',
  },
};

/** The text fields a form keeps (anything else posted is dropped). */
const FIELDS = { trial: Object.keys(LABELS.trial), contact: Object.keys(LABELS.contact) };

/** A refused form's errors, each in the page's language and naming its field. */
const formErrors = (error: unknown, lang: Lang, form: 'trial' | 'contact'): FormState['errors'] | string => {
  const label = (field: string) => {
    const key = LABELS[form][field];
    return key ? TEXTS[lang][key].replace(/ \((optional|اختياري)\)$/, '') : field;
  };
  if (error instanceof InvalidInput) {
    const out: Record<string, string> = {};
    for (const [field, found] of Object.entries(fieldIssues(error.error, error.input)))
      out[field] = translate(lang, found.key, { ...found.params, field: label(field) });
    return out;
  }
  if (error instanceof DomainError) {
    const text = translate(lang, error.key, { ...(error.params ?? {}) });
    const fields = Object.keys(error.errors ?? {});
    return fields.length ? Object.fromEntries(fields.map((f) => [f, text])) : text;
  }
  throw error;
};

/**
 * The public website of Rawnaq (doc1 "Public website"): HTML written on the server from the manager's
 * settings on each request (nothing to regenerate when she changes them), readable with JavaScript
 * off; the forms are plain POSTs that run the commands (`submit`: here, or through command-api in the
 * scale-out topology) and redirect to their success pages. Also the manager's redirects, the sitemap
 * and robots.txt.
 */
export const websiteRouter = (o: {
  models: ReadModels;
  submit: WebsiteSubmit;
  clock: Clock;
  logger: Logger;
}) => {
  const router = express.Router();
  // the forms of the website: a few a minute per address, as the JSON routes
  const limit = new PublicRateLimit(5);
  const saved = async () =>
    (await o.models.get('website_settings', 'website').catch(() => undefined)) as WebsiteSettings | undefined;

  // the manager's redirects (seo-setting/redirects): before any page, on any path but the API's and the assets'
  router.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || /^\/(api|admin|booking)\//.test(req.path))
      return next();
    saved().then((s) => {
      const from = req.path.length > 1 ? req.path.replace(/\/$/, '') : req.path;
      const hit = s?.redirects?.find((r) => r.from === from);
      if (!hit) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.redirect(hit.status, hit.to);
    }, next);
  });

  const render = async (req: Request, lang: Lang, page: WebsitePage): Promise<Render> => {
    const s = await saved();
    return { lang, page, origin: originOf(req), saved: s, plans: await pricingPlans(o.models, s) };
  };

  // written per request (the settings may have changed): compressed here when the browser takes gzip
  const send = (req: Request, res: Response, html: string, status = 200) => {
    res.status(status);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Accept-Encoding');
    res.type('html');
    if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return void res.send(html);
    res.setHeader('Content-Encoding', 'gzip');
    res.send(gzipSync(html, { level: 6 }));
  };

  router.get('/robots.txt', (req, res) => {
    res
      .type('text/plain')
      .send(
        `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /merchant/\nDisallow: /manager/\nDisallow: /en/merchant/\nDisallow: /en/manager/\nDisallow: /ar/merchant/\nDisallow: /ar/manager/\nSitemap: ${originOf(req)}/sitemap.xml\n`,
      );
  });

  router.get('/sitemap.xml', (req, res) => {
    const origin = originOf(req);
    const listed = WEBSITE_PAGES.filter((p) => !p.endsWith('-success'));
    const entry = (page: WebsitePage, lang: Lang) =>
      `<url><loc>${origin}${pathOf(page, lang)}</loc>${(['ar', 'en'] as const)
        .map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${origin}${pathOf(page, l)}"/>`)
        .join(
          '',
        )}<xhtml:link rel="alternate" hreflang="x-default" href="${origin}${pathOf(page, 'ar')}"/></url>`;
    res
      .type('application/xml')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${listed
          .flatMap((p) => [entry(p, 'ar'), entry(p, 'en')])
          .join('\n')}\n</urlset>\n`,
      );
  });

  router.get(/.*/, (req, res, next) => {
    const at = websitePageOf(req.path);
    if (!at) return next();
    render(req, at.lang, at.page).then((r) => {
      const success = at.page.endsWith('-success');
      send(req, res, documentOf(r, pageBody(r), { noindex: success }));
    }, next);
  });

  const form = (page: 'request-free-trial' | 'contact-us') => {
    const kind = page === 'contact-us' ? 'contact' : 'trial';
    return async (req: Request, res: Response, lang: Lang) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const values: Record<string, string> = {};
      for (const f of FIELDS[kind])
        if (typeof body[f] === 'string') values[f] = (body[f] as string).slice(0, 5000);
      const r = await render(req, lang, page);
      const now = o.clock.now();
      try {
        limit.check(req.ip || 'unknown', now.getTime());
        await o.submit(kind, values, lang, now, req.ip || 'unknown');
      } catch (error) {
        const found = formErrors(error, lang, kind);
        const state: FormState =
          typeof found === 'string' ? { values, errors: {}, alert: found } : { values, errors: found };
        const status = error instanceof DomainError ? error.status : 422;
        return send(req, res, documentOf(r, pageBody(r, state), { noindex: true }), status);
      }
      res.redirect(303, pathOf(kind === 'trial' ? 'request-free-trial-success' : 'contact-us-success', lang));
    };
  };
  const forms = { 'request-free-trial': form('request-free-trial'), 'contact-us': form('contact-us') };
  router.post(
    /.*/,
    (req, _res, next) => {
      const at = websitePageOf(req.path);
      if (!at || !(at.page in forms)) return next('router');
      next();
    },
    express.urlencoded({ extended: false, limit: '20kb', parameterLimit: 50 }),
    (req, res, next) => {
      const at = websitePageOf(req.path)!;
      forms[at.page as keyof typeof forms](req, res, at.lang).catch(next);
    },
  );
  return router;
};
