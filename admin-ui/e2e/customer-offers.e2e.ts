/**
 * Packages bought by a customer in the browser (issue 11): the demo's package sold at the till, a
 * session of it used on a later invoice (0 on it, "from the package" on the line and the e-invoice),
 * what she has left on her card, in the unused offers report and on her e-offer page, in English on a
 * desktop; a service line paid by her session, the report and her card in Arabic on a tablet and a
 * phone. Called by admin.e2e.spec.ts.
 */
import type { Page } from 'playwright-core';
import { DEMO, shot, signIn } from './browser';
import type { SuiteContext } from './menu.e2e';

const owner = { accountId: DEMO.accountId, username: DEMO.owner.username, password: DEMO.owner.password };

/** A read with the page's own session (signing in elsewhere would end it). */
const pageGet = <T>(page: Page, path: string) =>
  page.evaluate(async (p) => {
    const res = await fetch(`/api/merchant/${p}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('rawnaq.merchant.token')}` },
    });
    return res.json();
  }, path) as Promise<T>;

type Purchase = {
  id: string;
  name_en: string;
  sessions_left: number;
  status: string;
  unique_id: string;
  source_id: string;
};

const customerNamed = async (page: Page, name: string) => {
  const [customer] = await pageGet<Array<{ id: string }>>(
    page,
    `customers?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`,
  );
  expect(customer).toBeDefined();
  return customer.id;
};

export const customerOffersTests = ({ url, tab }: SuiteContext) => {
  describe('offers and packages bought by a customer', () => {
    it('sells a package at the till, uses a session of it on a later invoice and reports it, in English on a desktop', async () => {
      const { page } = await tab();
      await page.setViewportSize({ width: 1366, height: 900 });
      await signIn(page, url, owner);
      const lama = await customerNamed(page, 'Lama Fahad');
      const before = (await pageGet<{ offers: Purchase[] }>(page, `customers/${lama}/offers`)).offers;

      // a sale to a walk-in is refused: a package is a customer's
      await page.goto(`${url}/en/merchant/billing`);
      await page.waitForSelector('[data-testid=billing-empty]');
      await page.fill('[data-testid=billing-item-search]', 'Blow dry mon');
      await page.waitForSelector('[data-testid=billing-item-option]:has-text("Blow dry month")');
      await page.press('[data-testid=billing-item-search]', 'Enter');
      await page.waitForSelector('[data-testid=billing-line]:has-text("Blow dry month")');
      // 280.00 + 15 % VAT
      await page.waitForSelector('[data-testid=billing-total]:has-text("SAR 322.00")');
      await page.click('[data-testid=billing-rest-cash]');
      await page.click('[data-testid=billing-issue]');
      await page.waitForSelector('[data-testid=billing-problems]:has-text("choose the customer first")');

      await page.fill('[data-testid=billing] input[role=combobox] >> nth=0', 'Lama Fahad');
      await page.click('[role=option]:has-text("Lama Fahad") >> nth=0');
      await shot(page, 'package-sale-en');
      await page.click('[data-testid=billing-issue]');
      await page.waitForSelector('[data-testid=invoice-issued]');
      const after = (await pageGet<{ offers: Purchase[] }>(page, `customers/${lama}/offers`)).offers;
      const bought = after.find((o) => !before.some((b) => b.id === o.id))!;
      expect(bought).toMatchObject({ name_en: 'Blow dry month', sessions_left: 5, status: 'active' });

      // the next visit: her package on the till, a blow dry paid by one of its sessions
      await page.click('[data-testid=billing-new]');
      await page.waitForSelector('[data-testid=billing-empty]');
      await page.fill('[data-testid=billing] input[role=combobox] >> nth=0', 'Lama Fahad');
      await page.click('[role=option]:has-text("Lama Fahad") >> nth=0');
      await page.waitForSelector('[data-testid=billing-customer-offer]:has-text("Blow dry month")');
      await page.click('[data-testid=billing-use-session]:has-text("Blow dry") >> nth=0');
      await page.waitForSelector('[data-testid=billing-line-from-offer]:has-text("Blow dry month")');
      await page.waitForSelector('[data-testid=billing-total]:has-text("SAR 0.00")');
      await shot(page, 'package-session-till-en');
      await page.click('[data-testid=billing-issue]');
      await page.waitForSelector('[data-testid=invoice-issued]');
      const used = await pageGet<Purchase>(page, `customer-offers/${bought.id}`);
      expect(used.sessions_left).toBe(4);

      // the unused offers report: her row, 4 sessions left worth 4/5 of 280.00
      await page.goto(`${url}/en/merchant/reports/unused-customers-offers-report`);
      const row = `[data-testid=summary-row]:has-text("Lama Fahad"):has-text("Blow dry month")`;
      await page.waitForSelector(row);
      const cells = (await page.textContent(row)) ?? '';
      expect(cells).toContain('SAR 224.00');
      await page.waitForSelector('[data-testid=summary-total-value_left]');
      await shot(page, 'unused-offers-report-en');
      // filtered to a customer who bought none: nothing
      await page.fill('[data-testid=unused-offers-report] input[role=combobox]', 'Amal Saeed');
      await page.click('[role=option]:has-text("Amal Saeed") >> nth=0');
      await page.waitForSelector('[data-testid=summary-empty]');

      // her card: what she has left, and her page
      await page.goto(`${url}/en/merchant/customers/${lama}/show/offers`);
      const card = `[data-testid=customer-offer]:has-text("Blow dry month")`;
      await page.waitForSelector(
        `${card} [data-testid=customer-offer-left]:has-text("4 of 5 sessions left")`,
      );
      await shot(page, 'customer-offers-en');
      const href = await page.getAttribute(`${card} [data-testid=customer-offer-link] >> nth=0`, 'href');
      expect(href).toMatch(/^\/en\/e-offer\/[A-Za-z0-9_-]{22}$/);
      await page.goto(`${url}${href}`);
      await page.waitForSelector('[data-testid=e-offer-left]:has-text("4")');
      await page.waitForSelector('[data-testid=e-offer-use]');
      await shot(page, 'e-offer-en');
    });

    it('pays a service line by her session, and shows the report and her card, in Arabic on a phone and a tablet', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, url, owner, { language: 'ar' });
      const lama = await customerNamed(page, 'Lama Fahad');
      const [open] = (await pageGet<{ offers: Purchase[] }>(page, `customers/${lama}/offers`)).offers.filter(
        (o) => o.status === 'active' && o.name_en === 'Blow dry month',
      );
      expect(open).toBeDefined();

      // a haircut added as usual, then paid by her package's haircut session
      await page.goto(`${url}/ar/merchant/billing?customer_id=${lama}`);
      await page.waitForSelector('[data-testid=billing-customer-offers]');
      await page.fill('[data-testid=billing-item-search]', 'قص');
      await page.waitForSelector('[data-testid=billing-item-option] >> nth=0');
      await page.press('[data-testid=billing-item-search]', 'Enter');
      await page.waitForSelector('[data-testid=billing-line]');
      await page.click('[data-testid=billing-line-use-session]');
      await page.waitForSelector('[data-testid=billing-line-from-offer]:has-text("باقة السشوار الشهرية")');
      await page.waitForSelector('[data-testid=billing-total]:has-text("0.00")');
      await shot(page, 'package-session-till-ar-phone');
      await page.click('[data-testid=billing-issue-phone]');
      await page.waitForSelector('[data-testid=invoice-issued]');
      const left = await pageGet<Purchase>(page, `customer-offers/${open.id}`);
      expect(left.sessions_left).toBe(open.sessions_left - 1);

      // none of the haircut is left: the same line again is refused on the line, in Arabic
      await page.click('[data-testid=billing-new]');
      await page.waitForSelector('[data-testid=billing-customer-offers]');
      await page.waitForSelector('[data-testid=billing-use-session]:has-text("قص الشعر"):disabled');

      await shot(page, 'package-session-used-ar-phone');

      await page.goto(`${url}/ar/merchant/reports/unused-customers-offers-report`);
      await page.waitForSelector('[data-testid=summary-row]:has-text("Lama Fahad")');
      await shot(page, 'unused-offers-report-ar-phone');
      await page.goto(`${url}/ar/merchant/customers/${lama}/show/offers`);
      await page.waitForSelector('[data-testid=customer-offer]:has-text("باقة السشوار الشهرية")');
      await shot(page, 'customer-offers-ar-phone');

      // on a tablet held sideways: the report and the till with her offers beside the basket
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.goto(`${url}/ar/merchant/reports/unused-customers-offers-report`);
      await page.waitForSelector('[data-testid=summary-row]:has-text("Lama Fahad")');
      await shot(page, 'unused-offers-report-ar-tablet');
      await page.goto(`${url}/ar/merchant/billing?customer_id=${lama}`);
      await page.waitForSelector('[data-testid=billing-customer-offer]:has-text("باقة السشوار الشهرية")');
      await page.click('[data-testid=billing-use-session] >> nth=0');
      await page.waitForSelector('[data-testid=billing-line-from-offer]');
      await shot(page, 'package-session-till-ar-tablet');
    });
  });
};
