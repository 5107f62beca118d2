/**
 * The management reports and pages of issue 11 in the browser: what each employee did (the activities
 * report and its summary), the products the salon used itself, the customer types month by month, the
 * customers' penalties (one added from a customer's page) and today's invoices to ask a rating for —
 * in English on a desktop and in Arabic on a phone, right to left.
 * Called by admin.e2e.spec.ts with its server and tabs.
 */
import type { Page } from 'playwright-core';
import { formatMoney, PaymentMethod, toDecimalString } from '@rawnaq/contracts';
import { DEMO, shot, signIn, uniqueMobile, ownerApi, noSideScroll } from './browser';
import type { SuiteContext } from './menu.e2e';

const owner = { accountId: DEMO.accountId, username: DEMO.owner.username, password: DEMO.owner.password };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 860 };

const money = (amount: number, locale: 'en' | 'ar' = 'en') =>
  formatMoney({ amount, currency: 'SAR' }, { locale });

type Totals = { lines: number; net_sales: number };

const text = async (page: Page, selector: string) =>
  ((await page.textContent(selector)) ?? '').replace(/[\u2066-\u2069\u200e\u200f\u061c]/g, '').trim();

const cells = (page: Page, selector: string) =>
  page.$$eval(selector, (found) =>
    found.map((c) => (c.textContent ?? '').replace(/[\u2066-\u2069\u200e\u200f\u061c]/g, '').trim()),
  );

const SCREENS = [
  'reports/acitivities-report',
  'reports/activities-report-summary',
  'reports/most-used-products',
  'reports/historical-data-for-customers-types',
  'pos/rate-us-for-issued-invoices',
  'accounting/customers-penalties',
];

export const managementTests = ({ url, tab }: SuiteContext) => {
  describe('the management reports and pages of issue 11', () => {
    let activities: { totals: Totals; from: string; to: string; days: Array<Totals & { date: string }> };
    let customer: { id: string; name: string };
    let invoice: { id: string; number: number; unique_id: string };
    let used: { rows: Array<{ name_en: string; quantity: number; cost: number }>; totals: { cost: number } };

    beforeAll(async () => {
      const call = await ownerApi(url);
      type Item = { id: string; name_en: string; price_minor: number };
      const services = (await call<Item[]>('GET', 'services?range=[0,99]')).body;
      const employees = (await call<Array<{ id: string }>>('GET', 'employees?range=[0,99]')).body;
      const products = (await call<Item[]>('GET', 'products?range=[0,99]')).body;
      const service = services[0];
      const name = `Noor ${Date.now() % 100000}`;
      const registered = await call<{ id: string }>('POST', 'customers', {
        name,
        mobile: `+${uniqueMobile()}`,
        preferred_language: 'ar',
      });
      expect(registered.status).toBe(201);
      customer = { id: registered.body.id, name };
      const vat = (await call<{ vat_enabled: boolean; vat_percentage: number }>('GET', 'settings/vat')).body;
      const rate = vat.vat_enabled ? Math.round(vat.vat_percentage * 100) : 0;
      const total = service.price_minor + Math.floor((service.price_minor * rate + 5_000) / 10_000);
      const issued = await call<typeof invoice>('POST', 'invoices', {
        customer_id: customer.id,
        lines: [{ kind: 'service', item_id: service.id, employee_id: employees[0].id }],
        payments: [
          { method: PaymentMethod.cash, amount: toDecimalString({ amount: total, currency: 'SAR' }) },
        ],
      });
      expect(issued.status).toBe(201);
      invoice = issued.body;
      const internal = await call('POST', `products/${products[0].id}/stock`, {
        operation: 'add_quantity',
        quantity: 3,
        unit_cost: '7.25',
      });
      expect(internal.status).toBeLessThan(300);
      expect(
        (await call('POST', `products/${products[0].id}/stock`, { operation: 'internal_use', quantity: 2 }))
          .status,
      ).toBeLessThan(300);
      const dashboard = (await call<{ today: string }>('GET', 'dashboard')).body;
      const month = `${dashboard.today.slice(0, 8)}01`;
      activities = (
        await call<typeof activities>('GET', `reports/acitivities-report?from=${month}&to=${dashboard.today}`)
      ).body;
      used = (
        await call<typeof used>('GET', `reports/most-used-products?from=${month}&to=${dashboard.today}`)
      ).body;
      expect(activities.totals.lines).toBeGreaterThanOrEqual(1);
      expect(used.rows.length).toBeGreaterThanOrEqual(1);
    });

    it('reads the activities report, the most used products and the customer types in English on a desktop', async () => {
      const { page } = await tab('en');
      await page.setViewportSize(DESKTOP);
      await signIn(page, url, owner);
      await page.goto(`${url}/en/merchant/reports/acitivities-report`);
      await page.waitForSelector('[data-testid=activities-report] [data-testid=summary-totals-row]');
      const totals = await cells(page, '[data-testid=summary-totals-row] th');
      expect(totals[0]).toBe('Totals');
      expect(totals.at(-1)).toBe(money(activities.totals.net_sales));
      expect(await text(page, '[data-testid=summary-total-lines]')).toContain(
        String(activities.totals.lines),
      );
      // our invoice's line is there, with its customer
      expect((await cells(page, '[data-testid=summary-row]')).join(' ')).toContain(customer.name);
      // day by day, each day's sales as the API adds them up
      if (activities.days.length > 1) {
        const days = await cells(
          page,
          '[data-testid=activities-by-day] [data-testid=summary-row] td:last-child',
        );
        expect(days).toEqual(activities.days.map((d) => money(d.net_sales)));
      }
      await shot(page, 'management-activities-en');

      await page.goto(`${url}/en/merchant/reports/activities-report-summary`);
      await page.waitForSelector('[data-testid=activities-summary] [data-testid=summary-totals-row]');
      expect((await cells(page, '[data-testid=summary-totals-row] th')).at(-1)).toBe(
        money(activities.totals.net_sales),
      );
      await shot(page, 'management-activities-summary-en');

      await page.goto(`${url}/en/merchant/reports/most-used-products`);
      await page.waitForSelector('[data-testid=most-used-products] [data-testid=summary-totals-row]');
      const first = await cells(page, '[data-testid=summary-row]:first-child td');
      expect(first[1]).toBe(used.rows[0].name_en);
      expect(first[3]).toBe(String(used.rows[0].quantity));
      expect((await cells(page, '[data-testid=summary-totals-row] th')).at(-1)).toBe(money(used.totals.cost));
      await shot(page, 'management-most-used-en');

      await page.goto(`${url}/en/merchant/reports/historical-data-for-customers-types`);
      await page.waitForSelector('[data-testid=customer-types-chart] svg');
      await page.waitForSelector('[data-testid=customer-types-history] [data-testid=summary-row]');
      await shot(page, 'management-customer-types-en');
    });

    it("adds a penalty from the customer's page, lists it, and asks today's customer for a rating", async () => {
      const { page } = await tab('en');
      await page.setViewportSize(DESKTOP);
      await signIn(page, url, owner);
      await page.goto(`${url}/en/merchant/customers/${customer.id}/show`);
      await page.click('[data-testid=customer-add-penalty]');
      await page.click('[data-testid=penalty-save]');
      // without notes the server says why, beside the field
      await page.waitForSelector('.MuiDialog-root .MuiFormHelperText-root.Mui-error');
      expect(await text(page, '.MuiDialog-root .MuiFormHelperText-root.Mui-error')).not.toBe('');
      await page.fill('[data-testid=penalty-notes]', 'Came forty minutes late and left angry');
      await page.click('[data-testid=penalty-save]');
      await page.waitForSelector('[data-testid=penalty-notes]', { state: 'detached' });
      // the card counts it, and opens her penalties
      await page.waitForSelector('[data-testid=customer-penalties-link]:has-text("1 (no-shows: 0)")');
      await page.click('[data-testid=customer-penalties-link]');
      await page.waitForSelector(`[data-testid=penalty-customer]:has-text("${customer.name}")`);
      const rows = await cells(page, 'table tbody tr');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toContain('Came forty minutes late and left angry');
      expect(rows[0]).toContain('Other');

      await page.goto(`${url}/en/merchant/accounting/customers-penalties`);
      await page.waitForSelector(`[data-testid=penalty-customer]:has-text("${customer.name}")`);
      expect((await cells(page, 'table tbody tr')).join(' ')).toContain(
        'Came forty minutes late and left angry',
      );
      await shot(page, 'management-penalties-en');

      await page.goto(`${url}/en/merchant/pos/rate-us-for-issued-invoices`);
      await page.waitForSelector('[data-testid=rate-us] [data-testid=summary-row]');
      const row = page.locator(`[data-testid=summary-row]:has-text("${customer.name}")`);
      const href = (await row.locator('[data-testid=rate-us-send]').getAttribute('href')) ?? '';
      const message = decodeURIComponent(href.split('text=')[1] ?? '');
      // the customer reads Arabic: the message and its link are in Arabic
      expect(href).toMatch(/^https:\/\/wa\.me\/9665\d{8}\?text=/);
      expect(message).toContain(`/ar/e-survey/${invoice.unique_id}`);
      expect(message).toContain('قيّمنا');
      await shot(page, 'management-rate-us-en');
    });

    it('opens every new screen in Arabic on a phone, right to left, without sideways scrolling', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await signIn(page, url, owner, { language: 'ar' });
      for (const path of SCREENS) {
        await page.goto(`${url}/ar/merchant/${path}`);
        await page.waitForSelector(
          '[data-testid=summary-totals-row], [data-testid=summary-row], [data-testid=summary-empty], .RaList-main',
        );
        expect(await page.getAttribute('html', 'dir')).toBe('rtl');
        expect([path, await page.$$('[data-testid=summary-error]')]).toEqual([path, []]);
        await noSideScroll(page);
        await shot(page, `management-${path.replace(/\//g, '_')}-ar-phone`);
      }
      await page.goto(`${url}/ar/merchant/reports/acitivities-report`);
      await page.waitForSelector('[data-testid=summary-totals-row]');
      expect(await text(page, '[data-testid=summary-total-net_sales]')).toContain(
        money(activities.totals.net_sales, 'ar'),
      );
    });
  });
};
