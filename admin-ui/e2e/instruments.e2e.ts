/**
 * Wallets, gift cards and receivables in the browser (issue 11): a wallet topped up from the
 * customer's page, a gift card sold at the till and spent on the next invoice, its e-gift page, the
 * active cards report, in English on a desktop; an invoice paid from the wallet, and what an invoice
 * left owed paid from the receivables list, in Arabic on a phone. Called by admin.e2e.spec.ts.
 */
import type { Page } from 'playwright-core';
import { DiscountCodeCategory } from '@rawnaq/contracts';
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

/** A write with the page's own session. */
const pageSend = <T>(page: Page, method: string, path: string, body: unknown) =>
  page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(`/api/merchant/${p}`, {
        method: m as string,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('rawnaq.merchant.token')}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(b),
      });
      return { status: res.status, body: await res.json() };
    },
    [method, path, body] as const,
  ) as Promise<{ status: number; body: T }>;

const chooseCustomer = async (page: Page, name: string) => {
  await page.fill('[data-testid=billing] input[role=combobox] >> nth=0', name);
  await page.click(`[role=option]:has-text("${name}") >> nth=0`);
};

const addItem = async (page: Page, typed: string, name: string) => {
  await page.fill('[data-testid=billing-item-search]', typed);
  await page.waitForSelector(`[data-testid=billing-item-option]:has-text("${name}")`);
  await page.press('[data-testid=billing-item-search]', 'Enter');
  await page.waitForSelector(`[data-testid=billing-line]:has-text("${name}")`);
};

export const instrumentsTests = ({ url, tab }: SuiteContext) => {
  describe('wallets, gift cards and receivables', () => {
    it('tops up a wallet, sells a gift card and spends it on the next invoice, in English on a desktop', async () => {
      const { page } = await tab();
      await page.setViewportSize({ width: 1366, height: 900 });
      await signIn(page, url, owner);
      const [amal] = await pageGet<Array<{ id: string; name: string }>>(
        page,
        `customers?filter=${encodeURIComponent(JSON.stringify({ q: 'Amal Saeed' }))}`,
      );
      expect(amal).toBeDefined();

      // the wallet on the customer's page: topped up in cash
      await page.goto(`${url}/en/merchant/customers/${amal.id}/show/wallet`);
      await page.waitForSelector('[data-testid=wallet-balance]');
      const before = await pageGet<{ balance: number }>(page, `customers/${amal.id}/wallet`);
      await page.click('[data-testid=wallet-top-up]');
      await page.fill('[data-testid=top-up-amount]', '0');
      await page.click('[data-testid=top-up-save]');
      await page.waitForSelector('[data-testid=top-up] >> text=A payment is an amount above zero');
      await page.fill('[data-testid=top-up-amount]', '100');
      await page.fill('[data-testid=top-up-notes]', 'Paid ahead');
      await page.click('[data-testid=top-up-save]');
      await page.waitForSelector('[data-testid=top-up]', { state: 'detached' });
      const balance = before.balance + 10000;
      await page.waitForSelector(`[data-testid=wallet-balance]:has-text("${(balance / 100).toFixed(2)}")`);
      await page.waitForSelector('[data-testid=wallet-movement]:has-text("Paid ahead")');
      await shot(page, 'wallet-en');

      // a gift card sold at the till, for Amal: its code comes back with the invoice
      await page.goto(`${url}/en/merchant/pos/sell-gift-card`);
      await page.waitForSelector('[data-testid=billing-line]:has-text("Gift card")');
      await chooseCustomer(page, 'Amal Saeed');
      await page.fill('[data-testid=billing-line-price]', '150');
      await page.fill('[data-testid=billing-line-message]', 'Happy birthday');
      await page.waitForSelector('[data-testid=billing-total]:has-text("SAR 150.00")');
      await page.click('[data-testid=billing-rest-cash]');
      await page.click('[data-testid=billing-issue]');
      await page.waitForSelector('[data-testid=invoice-gift-cards]');
      const code = ((await page.textContent('[data-testid=invoice-gift-card-code]')) ?? '').trim();
      expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      await shot(page, 'gift-card-sold-en');

      // the next invoice: a haircut (100.00 + 15 % VAT) paid by the card, typed in lower case
      await page.click('[data-testid=billing-new]');
      await page.waitForSelector('[data-testid=billing-empty]');
      await chooseCustomer(page, 'Amal Saeed');
      await addItem(page, 'Hairc', 'Haircut');
      await page.waitForSelector('[data-testid=billing-total]:has-text("SAR 115.00")');
      await page.click('[data-testid=billing-add-gift-card]');
      await page.fill('[data-testid=billing-gift-card-code]', code.toLowerCase());
      await page.press('[data-testid=billing-gift-card-code]', 'Enter');
      await page.waitForSelector('[data-testid=billing-gift-card-note]:has-text("SAR 150.00 left")');
      expect(await page.inputValue('[data-testid=billing-gift-card-amount]')).toBe('115.00');
      await page.waitForSelector('[data-testid=billing-remaining]:has-text("SAR 0.00")');
      await page.waitForSelector('[data-testid=billing-wallet]');
      await shot(page, 'gift-card-spent-en');
      await page.click('[data-testid=billing-issue]');
      await page.waitForSelector('[data-testid=invoice-issued]');

      // the active cards report: 35.00 left on it; its page and its e-gift page say so
      await page.goto(`${url}/en/merchant/reports/active-gifts-cards`);
      await page.click(`tr:has-text("${code}")`);
      await page.waitForSelector('[data-testid=gift-card-remaining]:has-text("SAR 35.00")');
      await shot(page, 'gift-card-show-en');
      const href = await page.getAttribute('[data-testid=gift-card-e-gift]', 'href');
      expect(href).toMatch(/^\/en\/e-gift\/[A-Za-z0-9_-]{22}$/);
      await page.goto(`${url}${href}`);
      await page.waitForSelector(`[data-testid=e-gift-code]:has-text("${code}")`);
      await page.waitForSelector('[data-testid=e-gift-remaining]:has-text("SAR 35.00")');
      await shot(page, 'e-gift-en');
    });

    it('pays from the wallet and settles what an invoice left owed from the receivables, in Arabic on a phone', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, url, owner, { language: 'ar' });
      const [amal] = await pageGet<Array<{ id: string }>>(
        page,
        `customers?filter=${encodeURIComponent(JSON.stringify({ q: 'Amal Saeed' }))}`,
      );
      const services = await pageGet<Array<{ id: string; name_en: string }>>(page, 'services?range=[0,99]');
      const service = services.find((s) => s.name_en === 'Haircut')!;
      const wallet = await pageGet<{ balance: number }>(page, `customers/${amal.id}/wallet`);
      if (wallet.balance < 11500)
        await pageSend(page, 'POST', `customers/${amal.id}/wallet/top-ups`, { method: 1, amount: '115' });

      // the till on a phone: a haircut paid from the wallet
      await page.goto(`${url}/ar/merchant/billing?customer_id=${amal.id}`);
      await page.waitForSelector('[data-testid=billing-wallet]');
      await page.fill('[data-testid=billing-item-search]', 'قص');
      await page.waitForSelector('[data-testid=billing-item-option] >> nth=0');
      await page.press('[data-testid=billing-item-search]', 'Enter');
      await page.waitForSelector('[data-testid=billing-line]');
      await page.click('[data-testid=billing-add-payment]');
      await page.click('[data-testid=billing-payment-method]');
      await page.click('[role=option]:has-text("المحفظة")');
      await shot(page, 'billing-wallet-ar-phone');
      await page.click('[data-testid=billing-issue-phone]');
      await page.waitForSelector('[data-testid=invoice-issued]');

      // an invoice that left 65.00 owed (the salon allows debt for this test)
      const settings = await pageGet<Record<string, unknown>>(page, 'settings/invoice');
      await pageSend(page, 'PUT', 'settings/invoice', { ...settings, allow_debt: true });
      const owed = await pageSend<{ id: string; number: number; owed: number }>(page, 'POST', 'invoices', {
        customer_id: amal.id,
        lines: [{ kind: 'service', item_id: service.id }],
        payments: [{ method: 1, amount: '50' }],
      });
      expect(owed.status).toBe(201);
      await pageSend(page, 'PUT', 'settings/invoice', { ...settings, allow_debt: false });

      await page.goto(`${url}/ar/merchant/accounting/receivable`);
      // the demo's own receivable owes more, so it comes first: this invoice's row by its number
      const row = `li:has-text("#${owed.body.number} ") [data-testid=receive-payment]`;
      await page.waitForSelector(row);
      await shot(page, 'receivables-ar-phone');
      await page.click(row);
      await page.waitForSelector('[data-testid=receive]');
      await page.fill('[data-testid=receive-amount]', '999');
      await page.click('[data-testid=receive-save]');
      await page.waitForSelector('[data-testid=receive] >> text=المبلغ أكبر من المستحق');
      await page.fill('[data-testid=receive-amount]', String((owed.body.owed / 100).toFixed(2)));
      await page.click('[data-testid=receive-save]');
      await page.waitForSelector('[data-testid=receive]', { state: 'detached' });
      const after = await pageGet<{ owed: number; state: string }>(page, `invoices/${owed.body.id}`);
      expect(after).toMatchObject({ owed: 0, state: 'paid' });

      // who has money left in the wallet, with a WhatsApp reminder in one tap
      await page.goto(`${url}/ar/merchant/pos/customer-wallet-reminder`);
      await page.waitForSelector('[data-testid=wallet-remind] >> nth=0');
      const link = await page.getAttribute('[data-testid=wallet-remind] >> nth=0', 'href');
      expect(link).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
      await shot(page, 'wallet-reminder-ar-phone');

      // loyalty points: on for a moment, a haircut earns 115 of them, 100 become a voucher
      const withLoyalty = await pageGet<Record<string, unknown>>(page, 'settings/invoice');
      await pageSend(page, 'PUT', 'settings/invoice', { ...withLoyalty, loyalty_enabled: true });
      const before = await pageGet<{ points: number }>(page, `customers/${amal.id}/loyalty`);
      const earned = await pageSend<{ loyalty_points: number }>(page, 'POST', 'invoices', {
        customer_id: amal.id,
        lines: [{ kind: 'service', item_id: service.id }],
        payments: [{ method: 1, amount: '115' }],
      });
      expect(earned.body.loyalty_points).toBe(115);
      await page.goto(`${url}/ar/merchant/customers/${amal.id}/show/wallet`);
      await page.waitForSelector(`[data-testid=loyalty-points]:has-text("${before.points + 115}")`);
      await page.click('[data-testid=loyalty-redeem]');
      await page.fill('[data-testid=redeem-points]', '100');
      await page.click('[data-testid=redeem-save]');
      await page.waitForSelector('[data-testid=redeem]', { state: 'detached' });
      await page.waitForSelector(`[data-testid=loyalty-points]:has-text("${before.points + 15}")`);
      await shot(page, 'loyalty-ar-phone');
      await pageSend(page, 'PUT', 'settings/invoice', { ...withLoyalty, loyalty_enabled: false });
    });

    /**
     * A new discount code's form, in Arabic at the given size, with its code typed in, what it applies to
     * chosen and its value: the form's other defaults are a percentage, valid from today.
     */
    const newCode = async (
      viewport: { width: number; height: number },
      prefix: string,
      category: DiscountCodeCategory,
      value: string,
    ) => {
      const { page } = await tab('ar');
      await page.setViewportSize(viewport);
      await signIn(page, url, owner, { language: 'ar' });
      const code = `${prefix}${String(Date.now()).slice(-5)}`;
      await page.goto(`${url}/ar/merchant/menu/discount-codes/create`);
      await page.waitForSelector('input[name=code]');
      await page.fill('input[name=code]', code);
      await page.click('text=جميع الخدمات والمنتجات');
      await page.click(`[role=option][data-value="${category}"]`);
      await page.fill('input[name=value]', value);
      return { page, code };
    };

    it('adds a discount code and takes it off at the till, in Arabic on a tablet', async () => {
      // all services, 20 % off
      const { page, code } = await newCode(
        { width: 768, height: 1024 },
        'EID',
        DiscountCodeCategory.all_services,
        '20',
      );
      const today = await page.inputValue('input[name=valid_from]');
      await page.fill('input[name=valid_to]', today);
      await shot(page, 'discount-code-form-ar-tablet');
      await page.click('button[type=submit]');
      await page.waitForSelector(`tr:has-text("${code}"), li:has-text("${code}")`);
      await page.waitForSelector('[data-testid=discount-code-state]:has-text("صالح")');

      // the till: a haircut, 20 % off before VAT: 80.00 + 12.00 VAT
      await page.goto(`${url}/ar/merchant/billing`);
      await page.fill('[data-testid=billing-item-search]', 'قص');
      await page.waitForSelector('[data-testid=billing-item-option] >> nth=0');
      await page.press('[data-testid=billing-item-search]', 'Enter');
      await page.waitForSelector('[data-testid=billing-line]');
      await page.fill('[data-testid=billing-code]', 'nosuch');
      await page.click('[data-testid=billing-code-apply]');
      await page.waitForSelector('text=لا يوجد كود خصم بهذا الرمز');
      await page.fill('[data-testid=billing-code]', code.toLowerCase());
      await page.click('[data-testid=billing-code-apply]');
      await page.waitForSelector('[data-testid=billing-code-applied]');
      await page.waitForSelector('[data-testid=billing-total]:has-text("92.00")');
      await page.click('[data-testid=billing-rest-cash]');
      await shot(page, 'discount-code-till-ar-tablet');
      // below the desktop width the issue button stays at the screen's foot
      await page.click('[data-testid=billing-issue-phone]');
      await page.waitForSelector('[data-testid=invoice-issued]');
      const [issued] = await pageGet<
        Array<{ total: number; discount_code?: { code: string; amount: number } }>
      >(page, 'invoices?range=[0,0]');
      expect(issued).toMatchObject({ total: 9200, discount_code: { code, amount: 2000 } });

      // the discounts per customer include it
      await page.goto(`${url}/ar/merchant/reports/customers-discount-report`);
      await page.waitForSelector('[data-testid=customers-discount-report]');
      await page.waitForSelector('[data-testid=customers-discount-report] >> text=20.00');
      await shot(page, 'customers-discount-report-ar-tablet');
    });

    it("names a discount code's services in the screen's language: Arabic on a phone, English on a desktop", async () => {
      const { page, code } = await newCode(
        { width: 390, height: 844 },
        'HAIR',
        DiscountCodeCategory.selected_services,
        '10',
      );
      await page.fill('input[name=valid_to]', await page.inputValue('input[name=valid_from]'));
      // the picker offers the salon's services by their Arabic names, and the chosen one stays so (not
      // 'Haircut', nor both names)
      const picker = page.locator('.MuiAutocomplete-root input');
      await picker.fill('قص');
      await page.click('[role=option]:has-text("قص الشعر")');
      const chip = page.locator('.MuiChip-root:has-text("قص الشعر")');
      await chip.waitFor();
      expect(await page.locator('.MuiAutocomplete-root').first().innerText()).not.toMatch(/Haircut/);
      await shot(page, 'discount-code-services-ar-phone');
      await page.click('button[type=submit]');
      await page.waitForSelector(`li:has-text("${code}"), tr:has-text("${code}")`);
      const [saved] = await pageGet<Array<{ id: string; code: string; service_ids: string[] }>>(
        page,
        `discount-codes?filter=${encodeURIComponent(JSON.stringify({ q: code }))}`,
      );
      expect(saved).toMatchObject({ code, service_ids: [expect.any(String)] });

      // the same code in English: the chip reads the English name
      const { page: en } = await tab();
      await signIn(en, url, owner);
      await en.goto(`${url}/en/merchant/menu/discount-codes/${saved.id}`);
      await en.locator('.MuiChip-root:has-text("Haircut")').waitFor();
      expect(await en.locator('.MuiAutocomplete-root').first().innerText()).not.toMatch(/قص الشعر/);
      await shot(en, 'discount-code-services-en-desktop');
    });
  });
};
