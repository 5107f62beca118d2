/**
 * The money reports in the browser (issue 11): an invoice issued through the API, then the dashboard
 * (today's and this month's figures as the API adds them up, its charts) and the services report (its
 * totals row, its CSV), in English on a desktop and in Arabic on a phone, right to left.
 * Called by admin.e2e.spec.ts with its server and tabs.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { formatMoney, PaymentMethod, toDecimalString, type Money } from '@rawnaq/contracts';
import { DEMO, expandMenu, noSideScroll, openInApp, ownerApi, shot, signIn } from './browser';
import type { SuiteContext } from './menu.e2e';

const owner = { accountId: DEMO.accountId, username: DEMO.owner.username, password: DEMO.owner.password };
const PHONE = { width: 390, height: 844 };

const sar = (amount: number): Money => ({ amount, currency: 'SAR' });
const money = (amount: number, locale: 'en' | 'ar' = 'en') => formatMoney(sar(amount), { locale });

type Figures = { invoices: number; net: number; vat: number; total: number; paid: number; owed: number };
type Dashboard = {
  today: string;
  sales: { today: Figures; month: Figures };
  visits: { today: { visits: number } };
  top_services: Array<{ name_en: string; name_ar: string; net_sales: number }>;
};
type ItemsReport = {
  rows: Array<{ name_en: string; net_sales: number }>;
  totals: { quantity: number; sales: number; net_sales: number };
};

/** A page's text without the marks that keep numbers left to right in Arabic. */
const text = async (page: Page, selector: string) =>
  ((await page.textContent(selector)) ?? '').replace(/[\u2066-\u2069\u200e\u200f\u061c]/g, '').trim();

const cells = (page: Page, selector: string) =>
  page.$$eval(selector, (found) =>
    found.map((c) => (c.textContent ?? '').replace(/[\u2066-\u2069\u200e\u200f\u061c]/g, '').trim()),
  );

export const reportsTests = ({ url, tab }: SuiteContext) => {
  describe('the money reports', () => {
    let dashboard: Dashboard;
    let services: ItemsReport;
    let mine: { figures: { invoices: number; total: number } };

    beforeAll(async () => {
      const call = await ownerApi(url);
      type Item = { id: string; name_en: string; price_minor: number };
      const list = (await call<Item[]>('GET', 'services?range=[0,99]')).body;
      const employees = (await call<Array<{ id: string; name_en: string }>>('GET', 'employees?range=[0,99]'))
        .body;
      const manicure = list.find((s) => s.name_en === 'Manicure') ?? list[0];
      // priced by the server: the payment is what the invoice asks for
      const vat = (await call<{ vat_enabled: boolean; vat_percentage: number }>('GET', 'settings/vat')).body;
      const rate = vat.vat_enabled ? Math.round(vat.vat_percentage * 100) : 0;
      const total = manicure.price_minor + Math.floor((manicure.price_minor * rate + 5_000) / 10_000);
      const issued = await call('POST', 'invoices', {
        lines: [{ kind: 'service', item_id: manicure.id, employee_id: employees[employees.length - 1].id }],
        payments: [{ method: PaymentMethod.cash, amount: toDecimalString(sar(total)) }],
      });
      expect(issued.status).toBe(201);
      dashboard = (await call<Dashboard>('GET', 'dashboard')).body;
      const month = `${dashboard.today.slice(0, 8)}01`;
      services = (
        await call<ItemsReport>('GET', `reports/services-report?from=${month}&to=${dashboard.today}`)
      ).body;
      expect(dashboard.sales.today.invoices).toBeGreaterThanOrEqual(1);
      mine = (await call<typeof mine>('GET', 'pos/current-cashier-employee')).body;
      // the report's totals are its rows', the rows the invoices' lines
      expect(services.totals.net_sales).toBe(services.rows.reduce((n, r) => n + r.net_sales, 0));
    });

    it('reads the dashboard and the services report in English on a desktop, with a CSV', async () => {
      const { page } = await tab('en');
      await signIn(page, url, owner);
      await page.goto(`${url}/en/merchant/dashboard`);
      await page.waitForSelector('[data-testid=dashboard-today]');
      expect(await text(page, '[data-testid=today-invoices]')).toContain(
        String(dashboard.sales.today.invoices),
      );
      expect(await text(page, '[data-testid=today-total]')).toContain(money(dashboard.sales.today.total));
      expect(await text(page, '[data-testid=month-total]')).toContain(money(dashboard.sales.month.total));
      expect(await text(page, '[data-testid=month-paid]')).toContain(money(dashboard.sales.month.paid));
      expect(await text(page, '[data-testid=today-visits]')).toContain(String(dashboard.visits.today.visits));
      // the charts: a bar per day of the month with sales, a slice per method
      await page.waitForSelector('[data-testid=dashboard-days] svg');
      await page.waitForSelector('[data-testid=dashboard-methods] svg');
      const top = await cells(page, '[data-testid=top-services-row]');
      expect(top[0]).toContain(dashboard.top_services[0].name_en);
      expect(top[0]).toContain(money(dashboard.top_services[0].net_sales));
      await shot(page, 'reports-dashboard-en');

      await page.click('[data-testid=payments-details-link]');
      await page.waitForSelector('[data-testid=payments-details] [data-testid=summary-totals-row]');
      await shot(page, 'reports-payments-details-en');

      await page.goto(`${url}/en/merchant/reports/services-report`);
      await page.waitForSelector('[data-testid=summary-totals-row]');
      const totals = await cells(page, '[data-testid=summary-totals-row] th');
      // Totals, sold, sales, returned (qty), returned, net quantity, net sales
      expect(totals[0]).toBe('Totals');
      expect(totals[1]).toBe(String(services.totals.quantity));
      expect(totals[2]).toBe(money(services.totals.sales));
      expect(totals[6]).toBe(money(services.totals.net_sales));
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.click('button:has-text("Export")'),
      ]);
      const csv = readFileSync((await download.path()) as string, 'utf8');
      const lines = csv.trim().split('\r\n');
      expect(lines[0]).toContain('Service,Sold,Sales');
      expect(lines.at(-1)).toContain(`Totals,${services.totals.quantity}`);
      expect(lines).toHaveLength(services.rows.length + 2);
      await shot(page, 'reports-services-en');
    });

    it('reads the dashboard and the services report in Arabic on a phone, right to left', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await signIn(page, url, owner, { language: 'ar' });
      await page.goto(`${url}/ar/merchant/dashboard`);
      await page.waitForSelector('[data-testid=dashboard-month]');
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      expect(await text(page, '[data-testid=month-total]')).toContain(
        money(dashboard.sales.month.total, 'ar'),
      );
      expect(await text(page, '[data-testid=dashboard-today] h2')).toBe('اليوم');
      await page.waitForSelector('[data-testid=dashboard-days] svg');
      // the chart follows the page: its first day is on the right
      const [first, last] = await page.$$eval(
        '[data-testid=dashboard-days] .MuiBarElement-root, [data-testid=dashboard-days] rect[class*=Bar]',
        (bars) =>
          bars.length
            ? [bars[0].getBoundingClientRect().left, bars[bars.length - 1].getBoundingClientRect().left]
            : [0, 0],
      );
      if (first !== last) expect(first).toBeGreaterThan(last);
      await noSideScroll(page);
      await shot(page, 'reports-dashboard-ar-phone');

      await page.goto(`${url}/ar/merchant/reports/services-report`);
      await page.waitForSelector('[data-testid=summary-totals-row]');
      expect(await text(page, '[data-testid=summary-total-net_sales]')).toContain(
        money(services.totals.net_sales, 'ar'),
      );
      // on a phone each row is a card: the totals' card names itself and shows every column
      expect(await text(page, '[data-testid=summary-totals-row] [data-column=name]')).toBe('الإجمالي');
      expect(await text(page, '[data-testid=summary-totals-row] [data-column=net_sales]')).toBe(
        money(services.totals.net_sales, 'ar'),
      );
      await noSideScroll(page);
      await shot(page, 'reports-services-ar-phone');
    });

    it("opens the cashier's day and every money report, in Arabic on a phone and in English on a desktop", async () => {
      const pages = [
        'pos/current-cashier-employee',
        'pos/daily-payments',
        'pos/employees-activities',
        'reports/general-summary-per-cashier-employees',
        'reports/daily-payments-summary',
        'reports/monthly-payments-summary',
        'reports/vat-report',
        'reports/credit-notes',
        'reports/refunded-invoices',
        'reports/employees-commissions-report',
        'reports/most-sold-products',
      ];
      for (const [language, viewport] of [
        ['ar', PHONE],
        ['en', { width: 1366, height: 860 }],
      ] as const) {
        const { page } = await tab(language);
        await page.setViewportSize(viewport);
        await signIn(page, url, owner, { language });
        for (const path of pages) {
          await openInApp(page, `${url}/${language}/merchant/${path}`);
          await page.waitForSelector('[data-testid=summary-totals-row], [data-testid=summary-empty]');
          expect([path, await page.$$('[data-testid=summary-error]')]).toEqual([path, []]);
          if (language === 'ar') await noSideScroll(page);
          await shot(page, `reports-${path.replace(/\//g, '_')}-${language}`);
        }
        // the signed-in cashier's day: what she issued today, as the API adds it up
        await page.goto(`${url}/${language}/merchant/pos/current-cashier-employee`);
        await page.waitForSelector('[data-testid=summary-total-total]');
        expect(await text(page, '[data-testid=summary-total-invoices]')).toContain(
          String(mine.figures.invoices),
        );
        expect(await text(page, '[data-testid=summary-total-total]')).toContain(
          money(mine.figures.total, language),
        );
      }
    });

    it('shows a receptionist, who sells but may not read the money reports, her day at the till and no report', async () => {
      const { page } = await tab('en');
      await signIn(page, url, { accountId: DEMO.accountId, ...DEMO.receptionist });
      await expandMenu(page);
      await page.waitForSelector('a.RaMenuItemLink-root[href="/en/merchant/pos/current-cashier-employee"]');
      await page.waitForSelector('a.RaMenuItemLink-root[href="/en/merchant/dashboard"]');
      for (const path of [
        'reports/vat-report',
        'reports/employees-commissions-report',
        'reports/services-report',
      ])
        expect([path, await page.$$(`a[href="/en/merchant/${path}"]`)]).toEqual([path, []]);
      await page.goto(`${url}/en/merchant/reports/vat-report`);
      await page.waitForURL(`${url}/en/merchant/no-permission`);
      await page.goto(`${url}/en/merchant/pos/current-cashier-employee`);
      await page.waitForSelector('[data-testid=summary-total-invoices]');
      expect(await text(page, '[data-testid=cashier-name]')).toBe('Maha Al-Harbi');
    });
  });
};
