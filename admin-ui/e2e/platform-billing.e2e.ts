/**
 * The platform's own invoices in a real browser (issue 27): the manager invoices the demo salon an
 * add-on and mails its owner a payment request (through the API, then the invoice's screen in English
 * on a desktop); the owner opens the invoice's link on her phone in Arabic, pays it on the gateway
 * simulator with the success card, and is back on the invoice, paid. Called by flows.e2e.spec.ts.
 */
import type { Page } from 'playwright-core';
import { DEMO, shot, signIn } from './browser';
import type { SuiteContext } from './menu.e2e';

const PHONE = { width: 390, height: 844 };

/** A manager's write with the page's own session. */
const managerSend = (page: Page, method: string, path: string, body: unknown) =>
  page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(`/api/manager/${p}`, {
        method: m as string,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('rawnaq.manager.token')}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(b),
      });
      return { status: res.status, body: await res.json() };
    },
    [method, path, body] as const,
  ) as Promise<{ status: number; body: Record<string, unknown> }>;

export const platformBillingTests = ({ url, tab }: SuiteContext) => {
  describe("the platform's invoices", () => {
    it('the owner pays the platform’s invoice from its link on her phone in Arabic, and sees it paid', async () => {
      const desk = await tab('en');
      await signIn(desk.page, url, DEMO.manager, { area: 'manager' });
      const seller = await managerSend(desk.page, 'PUT', 'billing-seller/platform', {
        country_id: 1,
        name_en: 'Rawnaq Co.',
        name_ar: 'شركة رونق',
        trn: '300000000000003',
        address_en: 'Riyadh',
        address_ar: 'الرياض',
      });
      expect(seller.status).toBe(200);
      const invoice = await managerSend(desk.page, 'POST', 'account-invoices', {
        account_id: DEMO.accountId,
        kind: 'addon',
        addon: 'whatsapp',
        price: '50',
      });
      expect(invoice.status).toBe(201);
      const request = await managerSend(desk.page, 'POST', 'payment-requests', {
        invoice_id: invoice.body.id,
      });
      expect(request.status).toBe(201);
      await desk.page.goto(`${url}/en/manager/accounting/total-sales/invoice/${String(invoice.body.id)}`);
      await desk.page.waitForSelector('[data-testid=account-invoice] [data-testid=billing-status-unpaid]');
      await shot(desk.page, 'platform-invoice-en-desktop');

      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await page.goto(`${url}/account-invoice/${String(invoice.body.unique_id)}`);
      await page.waitForSelector('[data-testid=account-invoice-pay]');
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      expect(await page.textContent('[data-testid=account-invoice-pay]')).toContain('ادفعي');
      await shot(page, 'platform-invoice-ar-phone');
      await page.click('[data-testid=account-invoice-pay]');
      await page.waitForURL(/\/pay\/sim\//);
      await page.fill('input[name=card]', '4000 0000 0000 0002');
      await page.fill('input[name=expiry]', '12/30');
      await page.fill('input[name=cvv]', '123');
      await page.click('button[value=pay]');
      await page.waitForURL(/\/account-invoice\//);
      await page.waitForSelector('[data-testid=account-invoice-paid]');
      expect(await page.textContent('[data-testid=account-invoice-paid]')).toContain('مدفوعة');
      await shot(page, 'platform-invoice-paid-ar-phone');
    });
  });
};
