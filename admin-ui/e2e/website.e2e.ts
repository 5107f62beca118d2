/**
 * The public website (issue 27) in a browser: every page in Arabic on a phone (390×844) and in English
 * on a desktop (1280×800) is no wider than its window and loads (next to) no JavaScript; with JavaScript
 * off the pages still read, and the free-trial form still shows its errors and sends a request.
 */
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { shot } from './browser';
import type { SuiteContext } from './menu.e2e';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** Every page's own path (after the language prefix), and the `business/` copies. */
const PAGES = [
  '',
  'features',
  'business/features',
  'beauty-center-software',
  'business/beauty-center-software',
  'business/pricing',
  'request-free-trial',
  'business/request-free-trial',
  'request-free-trial-success',
  'contact-us',
  'contact-us-success',
  'terms-and-conditions',
  'privacy-policy',
  'frequently-asked-questions',
];
const pathOf = (page: string, lang: 'ar' | 'en') =>
  lang === 'ar' ? `/${page}` : page ? `/en/${page}` : '/en';

/** The page's JavaScript, gzip bytes: scripts it fetched and scripts written in the page. */
const scriptBytes = async (page: Page) => {
  const { fetched, inline } = await page.evaluate(() => ({
    fetched: performance
      .getEntriesByType('resource')
      .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script')
      .reduce((sum, e) => sum + (e as PerformanceResourceTiming).encodedBodySize, 0),
    inline: [...document.querySelectorAll('script:not([src])')].map((s) => s.textContent ?? '').join(''),
  }));
  return fetched + (inline ? gzipSync(inline).length : 0);
};

export const websiteTests = ({ url, tab }: SuiteContext) => {
  describe('the public website (issue 27)', () => {
    it('opens every page in Arabic on a phone and in English on a desktop: never wider than the window, no script', async () => {
      const { page } = await tab('ar');
      const problems: string[] = [];
      for (const [lang, viewport] of [
        ['ar', PHONE],
        ['en', DESKTOP],
      ] as const) {
        await page.setViewportSize(viewport);
        for (const p of PAGES) {
          const path = pathOf(p, lang);
          const res = await page.goto(`${url}${path}`);
          if (res?.status() !== 200) problems.push(`${path}: ${res?.status()}`);
          const { wide, dir } = await page.evaluate(() => ({
            wide: document.scrollingElement!.scrollWidth - window.innerWidth,
            dir: document.documentElement.dir,
          }));
          if (wide > 0) problems.push(`${path} at ${viewport.width}: ${wide}px wider than the window`);
          if (dir !== (lang === 'ar' ? 'rtl' : 'ltr')) problems.push(`${path}: dir ${dir}`);
          const js = await scriptBytes(page);
          if (js > 100_000) problems.push(`${path}: ${js} bytes of JavaScript`);
          if (js > 0) problems.push(`${path}: loads JavaScript (${js} bytes) though no analytics is set`);
        }
        await page.goto(`${url}${pathOf('', lang)}`);
        await shot(page, `website-landing-${lang}-${lang === 'ar' ? 'phone' : 'desktop'}`);
        await page.goto(`${url}${pathOf('business/pricing', lang)}`);
        await shot(page, `website-pricing-${lang}-${lang === 'ar' ? 'phone' : 'desktop'}`);
      }
      expect(problems).toEqual([]);
    });

    it('works with JavaScript off: the menu opens, the free-trial form shows its errors and sends the request', async () => {
      const { page } = await tab('ar', { javaScriptEnabled: false });
      await page.setViewportSize(PHONE);
      await page.goto(`${url}/`);
      // the phone's menu is a <details>: it opens without a script
      await page.click('details.menu summary');
      await page.click('details.menu .sheet a[href="/request-free-trial"]');
      await page.waitForURL(`${url}/request-free-trial`);
      await page.click('form.f button[type=submit]');
      await page.waitForSelector('#e-owner_name');
      expect(await page.textContent('#e-owner_name')).toBe('حقل اسمك مطلوب');
      const stamp = Date.now() % 1_000_000;
      await page.fill('#f-owner_name', 'نورة');
      await page.fill('#f-email', `noura${stamp}@salon.example`);
      await page.fill('#f-name_ar', 'صالون نورة');
      await page.fill('#f-name_en', 'Noura Salon');
      await page.selectOption('#f-country_id', '2');
      await page.fill('#f-mobile', `050${String(stamp).padStart(7, '0')}`);
      await page.click('form.f button[type=submit]');
      await page.waitForURL(`${url}/request-free-trial-success`);
      await page.waitForSelector('h1:has-text("طلبك في الطريق")');
      // and in English, on a desktop
      await page.setViewportSize(DESKTOP);
      await page.goto(`${url}/en/contact-us`);
      await page.fill('#f-name', 'Noura');
      await page.fill('#f-email', 'not-mail');
      await page.click('form.f button[type=submit]');
      expect(await page.textContent('#e-email')).toBe('E-mail should be a valid email address');
      expect(await page.inputValue('#f-name')).toBe('Noura');
    });
  });
};
