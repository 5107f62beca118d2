import { WEBSITE_PAGE_PATHS, WEBSITE_PAGES } from '@rawnaq/contracts';
import express from 'express';
import request from 'supertest';
import { silentLogger, systemClock } from '@rawnaq/platform';
import { bearer, MANAGER, startTestApp, type TestApp } from './testing/test-app.test-support';
import { websiteRouter } from './website/router';
import { remoteSubmit } from './website/submit';

/**
 * Issue 27, the public website over HTTP: every page in Arabic (at `/`) and English (at `/en`), its
 * SEO tags, the forms posted without any script (good input, each field's error in both languages, the
 * rate limit), the manager's settings shown on the pages and in the audit trail, redirects, the
 * sitemap and robots.txt.
 */
describe('the public website', () => {
  let t: TestApp;
  let manager: string;
  beforeAll(async () => {
    t = await startTestApp();
    manager = await t.signIn(MANAGER, 'manager');
  }, 120_000);
  afterAll(() => t.close());

  let ip = 0;
  const visitor = () => ({ 'X-Forwarded-For': `203.0.113.${++ip}` });
  const page = async (path: string) => {
    const res = await t.http.get(path).set(visitor());
    return { status: res.status, html: res.text, headers: res.headers };
  };
  const post = (path: string, body: Record<string, string>, from = visitor()) =>
    t.http.post(path).set(from).type('form').send(body);
  /** the manager saves, then reads it back waiting for the read model (the pages read it next) */
  const save = async (path: string, body: object) => {
    const res = await t.http.put(`/api/manager/website/${path}`).set(bearer(manager)).send(body);
    if (res.status === 200)
      await t.http
        .get(`/api/manager/website/seo-report`)
        .set({ ...bearer(manager), 'X-Min-Position': String(await t.eventCount()) });
    return res;
  };
  const meta = (html: string, attr: string) =>
    new RegExp(`<meta (?:name|property)="${attr}" content="([^"]*)"`).exec(html)?.[1];
  const link = (html: string, rel: string, lang?: string) =>
    new RegExp(`<link rel="${rel}"${lang ? ` hreflang="${lang}"` : ''} href="([^"]*)"`).exec(html)?.[1];

  it('answers every page in Arabic at / and /ar, in English at /en, the business/ copies too', async () => {
    for (const p of WEBSITE_PAGES) {
      const own = WEBSITE_PAGE_PATHS[p];
      for (const [path, lang] of [
        [`/${own}`, 'ar'],
        [`/ar/${own}`, 'ar'],
        [own ? `/en/${own}` : '/en', 'en'],
      ] as const) {
        const res = await page(path);
        expect([path, res.status]).toEqual([path, 200]);
        expect(res.html).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.headers['content-encoding']).toBe('gzip');
      }
    }
    for (const alias of [
      'business/features',
      'business/beauty-center-software',
      'business/request-free-trial',
    ]) {
      expect((await page(`/${alias}`)).status).toBe(200);
      expect((await page(`/en/${alias}`)).status).toBe(200);
    }
    // the admin app keeps its own paths
    for (const path of ['/merchant/sign-in', '/en/merchant/sign-in', '/manager/sign-in', '/en/404'])
      expect((await page(path)).html).not.toContain('<link rel="canonical"');
  });

  it('gives each page its title, description, canonical, hreflang alternates and Open Graph, with no script', async () => {
    const ar = await page('/ar/business/pricing');
    const origin = /href="(http:\/\/[^/"]+)\/business\/pricing"/.exec(ar.html)![1];
    expect(ar.html).toContain('<title>الأسعار — رونق</title>');
    expect(meta(ar.html, 'description')).toBe(
      'باقات شهرية بسيطة للصالونات بكل أحجامها، مع تجربة مجانية لمدة 7 أيام.',
    );
    expect(link(ar.html, 'canonical')).toBe(`${origin}/business/pricing`);
    expect(link(ar.html, 'alternate', 'ar')).toBe(`${origin}/business/pricing`);
    expect(link(ar.html, 'alternate', 'en')).toBe(`${origin}/en/business/pricing`);
    expect(link(ar.html, 'alternate', 'x-default')).toBe(`${origin}/business/pricing`);
    expect(meta(ar.html, 'og:title')).toBe('الأسعار — رونق');
    expect(meta(ar.html, 'og:url')).toBe(`${origin}/business/pricing`);
    expect(meta(ar.html, 'og:locale')).toBe('ar_SA');
    expect(ar.html).not.toContain('<script');
    // the plans, in the page's language and currency
    expect(ar.html).toContain('المتقدمة');
    expect(ar.html).toContain('349.00 ر.س');
    const en = await page('/en/business/features');
    expect(en.html).toContain('<title>Features — Rawnaq</title>');
    expect(link(en.html, 'canonical')).toBe(`${origin}/en/features`);
    expect(meta(en.html, 'og:locale')).toBe('en_US');
    expect((await page('/en/business/pricing')).html).toContain('SAR 349.00');
    // a success page is not for search engines
    expect((await page('/request-free-trial-success')).html).toContain(
      '<meta name="robots" content="noindex">',
    );
  });

  const trial = {
    owner_name: 'Hessa',
    email: 'hessa@salon.example',
    name_ar: 'صالون حصة',
    name_en: 'Hessa Salon',
    country_id: '1',
    mobile: '0501234599',
    city: 'Jeddah',
  };

  it('takes a free-trial request posted as a plain form and redirects to its success page', async () => {
    const res = await post('/request-free-trial', trial);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/request-free-trial-success');
    expect(await t.mailTo(trial.email)).toMatch(/free-trial\/verify\//);
    const en = await post('/en/business/request-free-trial', { ...trial, email: 'hessa2@salon.example' });
    expect([en.status, en.headers.location]).toEqual([303, '/en/request-free-trial-success']);
    const types = (await t.allEvents()).map((e) => e.type);
    expect(types.filter((x) => x === 'FreeTrialRequested')).toHaveLength(2);
  });

  it('takes one request of an address sent twice at once, and refuses the other on its field', async () => {
    const twice = { ...trial, email: 'Noura.Twice@salon.example', mobile: '0501234588' };
    const before = await t.eventCount();
    const answers = await Promise.all([
      post('/en/request-free-trial', twice),
      post('/en/request-free-trial', { ...twice, email: 'noura.twice@salon.example' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409]);
    expect(answers.find((a) => a.status === 409)!.text).toContain(
      'A salon or a pending request already uses this e-mail',
    );
    const requested = (await t.allEvents()).slice(before).filter((e) => e.type === 'FreeTrialRequested');
    expect(requested).toHaveLength(1);
  });

  it("shows each of the free-trial form's errors next to its field, in the page's language, keeping what was typed", async () => {
    const before = await t.eventCount();
    const empty = await post('/request-free-trial', { country_id: '1' });
    expect(empty.status).toBe(422);
    for (const label of [
      'اسمك',
      'البريد الإلكتروني',
      'اسم الصالون بالعربية',
      'اسم الصالون بالإنجليزية',
      'رقم الجوال',
    ])
      expect(empty.text).toContain(`حقل ${label} مطلوب`);
    expect(empty.text).toContain('يرجى تصحيح الحقول المشار إليها أدناه.');
    const enEmpty = await post('/en/request-free-trial', { country_id: '1' });
    for (const label of ['Your name', 'E-mail', 'Salon name in Arabic', 'Salon name in English', 'Mobile'])
      expect(enEmpty.text).toContain(`${label} is required`);
    const wrong = await post('/en/request-free-trial', { ...trial, email: 'not-mail', mobile: '12' });
    expect(wrong.status).toBe(422);
    expect(wrong.text).toContain('E-mail should be a valid email address');
    expect(wrong.text).toMatch(/id="e-mobile">[^<]+</);
    expect(wrong.text).toContain('value="Hessa Salon"');
    expect(wrong.text).toContain('aria-invalid="true" aria-describedby="e-email"');
    const arWrong = await post('/request-free-trial', { ...trial, email: 'not-mail' });
    expect(arWrong.text).toContain('يجب أن يكون حقل البريد الإلكتروني بريدًا إلكترونيًا صالحًا');
    // a pending request of the same address is refused on its field
    const again = await post('/en/request-free-trial', trial);
    expect(again.status).toBe(409);
    expect(again.text).toContain('A salon or a pending request already uses this e-mail');
    expect(await t.eventCount()).toBe(before);
  });

  it('takes a contact message, shows it in the manager’s list, and names its wrong fields in both languages', async () => {
    const good = await post('/en/contact-us', {
      name: 'Maryam',
      email: 'maryam@example.com',
      subject: 'Moving from another system',
      message: 'Can you import our customers?',
    });
    expect([good.status, good.headers.location]).toEqual([303, '/en/contact-us-success']);
    const list = await t.http
      .get('/api/manager/website/contact-messages')
      .set({ ...bearer(manager), 'X-Min-Position': String(await t.eventCount()) });
    expect(list.body).toEqual([
      expect.objectContaining({ name: 'Maryam', email: 'maryam@example.com', language: 'en' }),
    ]);
    expect(list.headers['content-range']).toBe('contact-messages 0-0/1');
    const bad = await post('/contact-us', { name: '', email: 'x', message: '' });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('حقل اسمك مطلوب');
    expect(bad.text).toContain('يجب أن يكون حقل البريد الإلكتروني بريدًا إلكترونيًا صالحًا');
    expect(bad.text).toContain('حقل رسالتك مطلوب');
    const enBad = await post('/en/contact-us', {
      name: 'M',
      email: 'm@example.com',
      message: 'x'.repeat(3001),
    });
    expect(enBad.text).toContain('Your message should not be more than 3000 characters');
    // the JSON route names the same fields
    const json = await t.http.post('/api/public/contact-messages').set(visitor()).send({ email: 'x' });
    expect(json.status).toBe(422);
    expect(Object.keys(json.body.errors).sort()).toEqual(['email', 'message', 'name']);
  });

  it('answers too many posts from one address with 429, in the page’s language', async () => {
    const from = visitor();
    for (let i = 0; i < 5; i++) expect((await post('/contact-us', { name: '' }, from)).status).toBe(422);
    const ar = await post('/contact-us', { name: '' }, from);
    expect(ar.status).toBe(429);
    expect(ar.text).toContain('طلبات كثيرة، يرجى الانتظار قليلًا');
    const en = await post('/en/request-free-trial', trial, from);
    expect(en.status).toBe(429);
    expect(en.text).toContain('Too many requests, please wait a moment');
  });

  it("shows the manager's texts, SEO and analytics on the pages; each change an event with what it was before", async () => {
    expect(
      (await save('settings/texts', { hero_title_en: 'Your salon, simply', contact_email: 'nope' })).body,
    ).toEqual(expect.objectContaining({ errors: { contact_email: 'validation.is_email_field' } }));
    expect((await save('settings/nothing', {})).status).toBe(404);
    const ok = await save('settings/texts', {
      hero_title_en: 'Your salon, simply',
      hero_title_ar: 'صالونك ببساطة',
      plans: [{ name_en: 'Solo', name_ar: 'فردية', price: '99.5', currency: 'SAR', highlighted: true }],
    });
    expect(ok.status).toBe(200);
    expect((await page('/en')).html).toContain('<h1>Your salon, simply</h1>');
    expect((await page('/')).html).toContain('<h1>صالونك ببساطة</h1>');
    expect((await page('/en/business/pricing')).html).toContain('SAR 99.50');
    const read = await t.http.get('/api/manager/website/settings/texts').set(bearer(manager));
    expect(read.body.plans).toEqual([expect.objectContaining({ name_en: 'Solo', price: '99.50' })]);

    expect(
      (await save('seo-pages/landing', { title_en: 'Rawnaq salon software', og_image: 'http://x' })).status,
    ).toBe(422);
    await save('seo-pages/landing', {
      title_en: 'Rawnaq salon software',
      og_image: 'https://cdn.example/og.png',
    });
    const en = await page('/en');
    expect(en.html).toContain('<title>Rawnaq salon software</title>');
    expect(meta(en.html, 'og:image')).toBe('https://cdn.example/og.png');
    expect((await page('/')).html).toContain('<title>رونق — برنامج إدارة الصالونات ومراكز التجميل</title>');

    expect((await save('settings/analytics', { google_analytics_id: "G-1'><script>" })).status).toBe(422);
    await save('settings/analytics', { google_analytics_id: 'G-ABC1234' });
    for (const path of ['/', '/en/contact-us', '/privacy-policy'])
      expect((await page(path)).html).toContain('googletagmanager.com/gtag/js?id=G-ABC1234');

    await save('settings/faq', {
      faq: [
        { question_en: 'Second?', question_ar: 'الثاني؟', answer_en: 'B', answer_ar: 'ب', order: 2 },
        { question_en: 'First?', question_ar: 'الأول؟', answer_en: 'A', answer_ar: 'أ', order: 1 },
      ],
    });
    const faq = (await page('/en/frequently-asked-questions')).html;
    expect(faq.indexOf('First?')).toBeLessThan(faq.indexOf('Second?'));
    await save('settings/terms', { terms_en: 'One.\n\nTwo <b>bold</b>.', terms_ar: 'واحد.' });
    expect((await page('/en/terms-and-conditions')).html).toContain(
      '<p>One.</p><p>Two &lt;b&gt;bold&lt;/b&gt;.</p>',
    );

    const changes = (await t.allEvents()).filter((e) => e.type === 'WebsiteSettingsChanged');
    expect(changes.map((e) => (e.data as { section: string }).section)).toEqual([
      'texts',
      'seo_page',
      'analytics',
      'faq',
      'terms',
    ]);
    expect(changes[0].data).toEqual(
      expect.objectContaining({ previous: expect.objectContaining({ hero_title_en: null }) }),
    );
    expect(changes[0].metadata.actor.kind).toBe('manager');
    // the report sees the page the manager set, and what is still missing elsewhere
    const report = (await t.http.get('/api/manager/website/seo-report?range=[0,99]').set(bearer(manager)))
      .body as Array<{
      id: string;
      problems: string[];
    }>;
    expect(report).toHaveLength(WEBSITE_PAGES.length * 2);
    expect(report.find((r) => r.id === 'landing.en')!.problems).not.toContain('og_image_missing');
    expect(report.find((r) => r.id === 'pricing.ar')!.problems).toEqual(
      expect.arrayContaining(['title_not_set', 'og_image_missing']),
    );
  });

  it("serves the manager's redirects, 301 or 302", async () => {
    const bad = await save('settings/redirects', {
      redirects: [{ from: 'no-slash', to: 'javascript:alert(1)' }],
    });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['redirects.0.from', 'redirects.0.to']);
    await save('settings/redirects', {
      redirects: [
        { from: '/old-pricing', to: '/business/pricing', status: 301 },
        { from: '/en/promo', to: 'https://example.com/promo', status: 302 },
      ],
    });
    const moved = await t.http.get('/old-pricing/');
    expect([moved.status, moved.headers.location]).toEqual([301, '/business/pricing']);
    const promo = await t.http.get('/en/promo');
    expect([promo.status, promo.headers.location]).toEqual([302, 'https://example.com/promo']);
  });

  it('lists every page in both languages in the sitemap, which robots.txt names', async () => {
    const robots = await t.http.get('/robots.txt');
    expect(robots.headers['content-type']).toMatch(/text\/plain/);
    const sitemapUrl = /Sitemap: (\S+)/.exec(robots.text)![1];
    expect(sitemapUrl).toMatch(/\/sitemap\.xml$/);
    expect(robots.text).toContain('Disallow: /api/');
    const sitemap = await t.http.get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toMatch(/application\/xml/);
    const locs = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    const listed = WEBSITE_PAGES.filter((p) => !p.endsWith('-success'));
    expect(locs).toHaveLength(listed.length * 2);
    expect(locs).toEqual(expect.arrayContaining(['/', '/en', '/business/pricing', '/en/business/pricing']));
    expect(sitemap.text).toContain('hreflang="x-default"');
    expect(sitemap.text.match(/hreflang="en"/g)).toHaveLength(listed.length * 2);
  });

  it('is served the same by the scale-out web service, whose forms go to command-api over HTTP as each visitor', async () => {
    // the `web` service's own router (static.ts), its commands run by the test app over HTTP
    const web = express();
    web.set('trust proxy', 1);
    web.use(
      websiteRouter({
        models: t.app.readModels,
        submit: remoteSubmit(t.url),
        clock: systemClock,
        logger: silentLogger,
      }),
    );
    const at = request(web);
    let visitorNo = 100;
    const as = () => ({ 'X-Forwarded-For': `198.51.100.${++visitorNo}` });
    const home = await at.get('/').set(as());
    expect(home.status).toBe(200);
    expect(home.text).toContain('<html lang="ar" dir="rtl"');

    // each field's message with its numbers, checked on the web service against the command's schema
    const before = await t.eventCount();
    const long = await at
      .post('/en/request-free-trial')
      .set(as())
      .type('form')
      .send({ ...trial, email: 'web@salon.example', owner_name: 'x'.repeat(101) });
    expect(long.status).toBe(422);
    expect(long.text).toMatch(/Your name[^<]*100/);
    expect(await t.eventCount()).toBe(before);

    // more requests than command-api takes from one address a minute: each visitor is limited, not the web service
    for (let i = 0; i < 6; i++) {
      const res = await at
        .post('/request-free-trial')
        .set(as())
        .type('form')
        .send({ ...trial, email: `web${i}@salon.example` });
      expect([res.status, res.headers.location]).toEqual([303, '/request-free-trial-success']);
    }
    const requested = (await t.allEvents()).filter((e) => e.type === 'FreeTrialRequested');
    expect(requested.map((e) => e.data.email)).toEqual(
      expect.arrayContaining(['web0@salon.example', 'web5@salon.example']),
    );

    // what command-api refuses (a pending request of that address) comes back on its field, in the page's language
    const again = await at
      .post('/en/request-free-trial')
      .set(as())
      .type('form')
      .send({ ...trial, email: 'web0@salon.example' });
    expect(again.status).toBe(409);
    expect(again.text).toContain('A salon or a pending request already uses this e-mail');
    const contact = await at
      .post('/en/contact-us')
      .set(as())
      .type('form')
      .send({ name: 'Amal', email: 'amal@salon.example', message: 'Do you have a demo?' });
    expect([contact.status, contact.headers.location]).toEqual([303, '/en/contact-us-success']);
  });
});
