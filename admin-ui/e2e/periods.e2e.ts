/**
 * The earliest date of the period pickers (issue 24; spec doc 2 section 9: a date range picker reaches
 * 400 days back, with an archive toggle for older dates), in a real browser: the invoices list's date
 * filter on an English desktop and the daily summary's period on an Arabic phone refuse an earlier
 * date with its reason and keep their period, until the archive is opened. Called by admin.e2e.spec.ts.
 */
import { addDays, type BusinessDate } from '@rawnaq/contracts';
import { DEMO, noSideScroll, ownerApi, shot, signIn } from './browser';
import type { SuiteContext } from './menu.e2e';

const PHONE = { width: 390, height: 844 };
const owner = { accountId: DEMO.accountId, username: DEMO.owner.username, password: DEMO.owner.password };

/** The salon's today, as the back office has it. */
const salonToday = async (url: string) => {
  const api = await ownerApi(url);
  const info = await api<{ global_informations: { today: BusinessDate } }>('POST', 'get_global_informations');
  expect(info.status).toBe(200);
  return info.body.global_informations.today;
};

export const periodLimitTests = ({ url, tab }: SuiteContext) => {
  describe("the period pickers' earliest date", () => {
    it('the invoices list refuses a date more than 400 days back with its reason until the archive is opened (English desktop)', async () => {
      const today = await salonToday(url);
      const earliest = addDays(today, -400);
      const older = addDays(earliest, -1);
      const { page } = await tab('en');
      await signIn(page, url, owner);
      // every request of the list, to see when the older date is first asked
      const asked: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/') && decodeURIComponent(r.url()).includes(older)) asked.push(r.url());
      });
      await page.goto(`${url}/en/merchant/accounting/total-sales`);
      const from = 'input[name=from]';
      await page.waitForSelector(from);
      // the browser's calendar stops at the earliest day
      expect(await page.getAttribute(from, 'min')).toBe(earliest);
      expect(await page.getAttribute('input[name=to]', 'min')).toBe(earliest);

      await page.fill(from, older);
      // the reason is on screen (a list's filters hide helper texts), and the field is marked
      await page.waitForSelector('[data-testid=earliest-reason] [data-testid=open-archive]', {
        state: 'visible',
      });
      const reason = await page.textContent('[data-testid=earliest-reason]');
      expect(reason).toContain('Choose a date from');
      expect(reason).toContain('(the last 400 days). Older dates are in the archive.');
      expect(await page.getAttribute(from, 'aria-invalid')).toBe('true');
      // the refused field stays in line with the others
      const top = async (selector: string) =>
        Math.round((await page.locator(selector).boundingBox())?.y ?? -1);
      expect(await top(from)).toBe(await top('input[name=to]'));
      await shot(page, 'period-earliest-refused-en-desktop');
      // refused: the list kept its period
      expect(asked).toEqual([]);
      expect(decodeURIComponent(page.url())).not.toContain(older);

      const applied = page.waitForRequest((r) => decodeURIComponent(r.url()).includes(older));
      await page.click('[data-testid=open-archive]');
      // the archive is open: the typed date is applied at once, the refusal and the calendar's stop go
      await applied;
      await page.waitForFunction((d) => decodeURIComponent(location.href).includes(d), older);
      await page.waitForFunction(() => document.querySelector('[data-testid=open-archive]') === null);
      expect(await page.$('[data-testid=earliest-reason]')).toBeNull();
      expect(await page.getAttribute(from, 'aria-invalid')).toBe('false');
      expect(await page.getAttribute(from, 'min')).toBeNull();
      await shot(page, 'period-earliest-archive-en-desktop');
    });

    it('the daily summary refuses a period starting more than 400 days back, in Arabic, until the archive is opened (Arabic phone)', async () => {
      const today = await salonToday(url);
      const older = addDays(today, -401);
      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await signIn(page, url, owner, { language: 'ar' });
      await page.goto(`${url}/ar/merchant/reports/daily-general-summary`);
      // today's summary is drawn (its figures, whether or not there were sales)
      await page.waitForSelector('[data-testid=summary-totals]');
      const asked: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/') && decodeURIComponent(r.url()).includes(older)) asked.push(r.url());
      });

      // a month from 401 days back (a report covers at most 400 days)
      await page.fill('[data-testid=period-from]', older);
      await page.waitForSelector('[data-testid=open-archive]');
      await page.fill('[data-testid=period-to]', addDays(older, 30));
      const reason = (await page.$$eval('.MuiFormHelperText-root', (e) => e.map((n) => n.textContent))).join(
        ' ',
      );
      expect(reason).toContain('اختر تاريخًا من');
      expect(reason).toContain('(آخر 400 يوم). التواريخ الأقدم في الأرشيف.');
      expect(await page.isVisible('text=التواريخ الأقدم في الأرشيف')).toBe(true);
      expect(reason).not.toMatch(/[A-Za-z]/);
      expect(await page.textContent('[data-testid=open-archive]')).toBe('فتح الأرشيف');
      await noSideScroll(page);
      await shot(page, 'period-earliest-refused-ar-phone');
      expect(asked).toEqual([]);

      // the period from the older day is asked once the archive is open, and the report shows it
      const applied = page.waitForResponse((r) => decodeURIComponent(r.url()).includes(older));
      await page.click('[data-testid=open-archive]');
      expect((await applied).status()).toBe(200);
      await page.waitForFunction(() => document.querySelector('[data-testid=open-archive]') === null);
      await page.waitForSelector('[data-testid=summary-totals]');
      expect(await page.$('[data-testid=summary-error]')).toBeNull();
      expect(await page.textContent('main')).not.toContain('اختر تاريخًا من');
      await shot(page, 'period-earliest-archive-ar-phone');
    });
  });
};
