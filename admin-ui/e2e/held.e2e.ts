/**
 * Held invoices and notes in the browser (issue 11): a basket held at the till and resumed from the
 * on-hold report, then issued, on a desktop in English; a basket held and cancelled (after
 * confirming) on a tablet in Arabic, and the on-hold report on a phone. Called by admin.e2e.spec.ts
 * with its server and tabs.
 */
import type { Page } from 'playwright-core';
import { BUSINESS_BUYER } from '../../gateway/src/testing/buyer.test-support';
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

/**
 * The latest invoices no one has rated yet, newest first: the tests before these (the feedback's) rate
 * invoices of their own, which the ones made since may have moved into the first ten.
 */
const unrated = async (page: Page) => {
  const invoices = await pageGet<Array<{ id: string; number: number; unique_id: string }>>(
    page,
    'invoices?range=[0,19]',
  );
  const open: typeof invoices = [];
  for (const invoice of invoices) {
    const survey = (await page.evaluate(
      async (id) => (await fetch(`/api/public/e-survey/${id}`)).json(),
      invoice.unique_id,
    )) as { rated: boolean };
    if (!survey.rated) open.push(invoice);
  }
  return open;
};

const run = String(Date.now()).slice(-6);
const baseRun = run;
let salonsOpened = 0;

/** A call of the API with a token (set-up: a second salon, its menu and a sale). */
export const call = async <T>(url: string, path: string, token: string | undefined, body: object) => {
  const res = await fetch(`${url}/api/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
};

/**
 * A salon in the UAE (no reporting step to a tax authority, so its invoices take credit notes at
 * once), opened by the platform manager, with a service, a product and an invoice of both.
 */
export const uaeSalonWithAnInvoice = async (url: string) => {
  // a salon of its own at each call (the money screens' test opens one too)
  const run = `${baseRun}${(salonsOpened++).toString(36)}`;
  const manager = await call<{ api_token: string }>(url, 'manager/login', undefined, {
    ...DEMO.manager,
    force: true,
  });
  const owner = { username: `hessa${run}`, password: 'Lamsa12345' };
  const account = await call<{ account_id: number }>(url, 'manager/accounts', manager.api_token, {
    name_en: 'Lamsa Spa',
    name_ar: 'لمسة سبا',
    alias: `lamsa${run}`,
    country_id: 2,
    salon_type: 1,
    max_employees: 3,
    owner_name: 'Hessa',
    owner_username: owner.username,
    owner_email: `hessa${run}@lamsa.example`,
    owner_password: owner.password,
  });
  const credentials = { accountId: String(account.account_id), ...owner };
  const { api_token: token } = await call<{ api_token: string }>(url, 'merchant/login', undefined, {
    ...credentials,
    accountId: account.account_id,
    force: true,
  });
  const id = async (path: string, body: object) =>
    (await call<{ id: string }>(url, `merchant/${path}`, token, body)).id;
  const group = await id('service-groups', { name_en: 'Nails', name_ar: 'الأظافر' });
  const service = await id('services', {
    name_en: 'Gel manicure',
    name_ar: 'مانيكير جل',
    group_id: group,
    price: '120.00',
    job_time: '60',
  });
  const product = await id('products', {
    name_en: 'Cuticle oil',
    name_ar: 'زيت الأظافر',
    price: '33.33',
    initial_quantity: 5,
    warning_level: 1,
  });
  // 120.00 + 3 x 33.33 = 219.99 before VAT; 5 % = 11.00: 230.99
  const invoice = await id('invoices', {
    lines: [
      { kind: 'service', item_id: service },
      { kind: 'product', item_id: product, quantity: 3 },
    ],
    payments: [{ method: 1, amount: '230.99' }],
  });
  return { credentials, invoice, token };
};

type Held = {
  buyer?: Record<string, string>;
  id: string;
  status: string;
  customer_name: string | null;
  invoice_number?: number;
  total: number;
};

const noWiderThan = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/** The till with a customer and one service, held: the till starts a new sale. */
const holdABasket = async (
  page: Page,
  customer: string,
  search: string,
  service: string,
  button = 'billing-hold',
) => {
  await page.waitForSelector('[data-testid=billing-empty]');
  await page.fill('[data-testid=billing] input[role=combobox] >> nth=0', customer);
  await page.click(`[role=option]:has-text("${customer}")`);
  await page.fill('[data-testid=billing-item-search]', search);
  await page.click(`[data-testid=billing-item-option]:has-text("${service}")`);
  await page.waitForSelector(`[data-testid=billing-line]:has-text("${service}")`);
  await page.click(`[data-testid=${button}]`);
  await page.waitForSelector('[data-testid=billing-empty]');
};

export const heldTests = ({ url, tab }: SuiteContext) => {
  describe('held invoices and notes', () => {
    it('holds a basket at the till, resumes it from the on-hold report and issues it, which closes it', async () => {
      const { page } = await tab();
      await signIn(page, url, owner);
      await page.goto(`${url}/en/merchant/billing`);
      await holdABasket(page, 'Amal Saeed', 'Hairc', 'Haircut');

      await page.goto(`${url}/en/merchant/on-hold-report`);
      const row = 'tr:has-text("Amal Saeed"):has([data-testid=held-resume])';
      await page.waitForSelector(row);
      // 100.00 and 15 % VAT
      expect(await page.textContent(`${row} >> nth=0`)).toContain('SAR 115.00');
      expect(await page.textContent(`${row} >> nth=0`)).toContain('On hold');
      await shot(page, 'held-list-en');
      await page.click(`${row} >> nth=0 >> [data-testid=held-resume]`);

      // the till has the held basket again, and says where it came from
      await page.waitForSelector('[data-testid=billing-resumed]');
      expect(page.url()).toMatch(/\/en\/merchant\/billing\?held_id=[0-9a-f-]{36}$/);
      const heldId = new URL(page.url()).searchParams.get('held_id')!;
      await page.waitForSelector('[data-testid=billing-line]:has-text("Haircut")');
      await page.waitForSelector('[data-testid=billing-total]:has-text("SAR 115.00")');
      expect(await page.$('[data-testid=billing-hold]')).toBeNull();
      await page.click('[data-testid=billing-rest-cash]');
      await page.waitForSelector('[data-testid=billing-remaining]:has-text("SAR 0.00")');
      await shot(page, 'held-resumed-en');
      await page.click('[data-testid=billing-issue]');
      await page.waitForSelector('[data-testid=invoice-issued]');
      const number = Number(/\d+/.exec((await page.textContent('[data-testid=invoice-number]')) ?? '')![0]);

      const held = await pageGet<Held>(page, `held-invoices/${heldId}`);
      expect(held).toMatchObject({ status: 'issued', invoice_number: number });
      // issued baskets leave the list of those on hold, and stay readable under "Issued"
      await page.goto(`${url}/en/merchant/on-hold-report`);
      await page.waitForSelector('[data-testid=held-status], [data-testid=held-empty]');
      expect(await page.$(`tr:has-text("Invoice no. ${number}")`)).toBeNull();
      await page.goto(
        `${url}/en/merchant/on-hold-report?filter=${encodeURIComponent('{"status":"issued"}')}`,
      );
      await page.waitForSelector(`tr:has-text("Invoice no. ${number}"):has-text("Issued")`);
    });

    it("keeps a held basket's business buyer: resumed, the till has it again for the standard invoice", async () => {
      const { page } = await tab();
      await signIn(page, url, owner);
      await page.goto(`${url}/en/merchant/billing`);
      await page.waitForSelector('[data-testid=billing-empty]');
      await page.fill('[data-testid=billing-item-search]', 'Hairc');
      await page.click('[data-testid=billing-item-option]:has-text("Haircut")');
      await page.waitForSelector('[data-testid=billing-line]:has-text("Haircut")');
      await page.check('[data-testid=billing-buyer-switch]');
      const buyer = BUSINESS_BUYER;
      for (const [field, value] of Object.entries(buyer))
        await page.fill(`[data-testid=billing-buyer-${field}]`, value);
      // a malformed VAT number is refused on its field by the till itself, as for issuing: nothing sent
      const holds: string[] = [];
      const onRequest = (r: { method: () => string; url: () => string }) => {
        if (r.method() === 'POST' && r.url().includes('/held-invoices')) holds.push(r.url());
      };
      page.on('request', onRequest);
      await page.fill('[data-testid=billing-buyer-vat_number]', '123');
      await page.click('[data-testid=billing-hold]');
      await page.waitForSelector('[data-testid=billing-buyer] .Mui-error');
      page.off('request', onRequest);
      expect(holds).toEqual([]);
      expect(await page.$('[data-testid=billing-empty]')).toBeNull();
      await page.fill('[data-testid=billing-buyer-vat_number]', buyer.vat_number);
      await page.click('[data-testid=billing-hold]');
      await page.waitForSelector('[data-testid=billing-empty]');

      const [latest] = await pageGet<Held[]>(page, 'held-invoices?sort=["held_at","DESC"]&range=[0,0]');
      expect(latest).toMatchObject({ status: 'on_hold', buyer });
      await page.goto(`${url}/en/merchant/billing?held_id=${latest.id}`);
      await page.waitForSelector('[data-testid=billing-resumed]');
      await page.waitForSelector('[data-testid=billing-line]:has-text("Haircut")');
      for (const [field, value] of Object.entries(buyer))
        expect(await page.inputValue(`[data-testid=billing-buyer-${field}]`)).toBe(value);
      await shot(page, 'held-resumed-buyer-en');
    });

    it('cancels a held basket after confirming, in Arabic on a tablet, and lists them on a phone', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize({ width: 768, height: 1024 });
      await signIn(page, url, owner, { language: 'ar' });
      await page.goto(`${url}/ar/merchant/billing`);
      // below the desktop's width the hold button sits in the bar at the bottom, beside the issue button
      await holdABasket(page, 'Amal Saeed', 'قص', 'قص الشعر', 'billing-hold-phone');
      const [latest] = await pageGet<Held[]>(page, 'held-invoices?sort=["held_at","DESC"]&range=[0,0]');
      expect(latest.status).toBe('on_hold');

      await page.goto(`${url}/ar/merchant/on-hold-report`);
      await page.waitForSelector('[data-testid=held-cancel]');
      await noWiderThan(page, 768);
      await shot(page, 'held-list-ar-tablet');
      const count = (await page.$$('[data-testid=held-cancel]')).length;
      // the newest first: the basket just held
      await page.click('[data-testid=held-cancel] >> nth=0');
      await page.waitForSelector('[role=dialog]:has-text("إلغاء هذه الفاتورة المعلّقة؟")');
      await shot(page, 'held-cancel-ar-tablet');
      // "keep it" changes nothing
      await page.click('[role=dialog] button:has-text("إبقاؤها")');
      await page.waitForSelector('[role=dialog]', { state: 'detached' });
      expect((await pageGet<Held>(page, `held-invoices/${latest.id}`)).status).toBe('on_hold');
      await page.click('[data-testid=held-cancel] >> nth=0');
      await page.click('[role=dialog] button:has-text("إلغاء") >> nth=-1');
      await page.waitForSelector('text=أُلغيت الفاتورة المعلّقة');
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid=held-cancel]').length === n - 1,
        count,
      );
      expect((await pageGet<Held>(page, `held-invoices/${latest.id}`)).status).toBe('cancelled');

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${url}/ar/merchant/billing`);
      // on a phone the hold button sits in the bar at the bottom, beside the issue button
      await holdABasket(page, 'Amal Saeed', 'قص', 'قص الشعر', 'billing-hold-phone');
      await page.goto(`${url}/ar/merchant/on-hold-report`);
      // a list of rows, not a table wider than the phone
      await page.waitForSelector('li [data-testid=held-resume]');
      expect(await page.$('table')).toBeNull();
      await noWiderThan(page, 390);
      await shot(page, 'held-list-ar-phone');
    });

    it('says why an invoice with VAT cannot be cancelled, instead of a form that cannot succeed', async () => {
      const { page } = await tab();
      await signIn(page, url, owner);
      const [invoice] = await pageGet<Array<{ id: string; number: number }>>(page, 'invoices?range=[0,0]');
      await page.goto(`${url}/en/merchant/accounting/total-sales/${invoice.id}/show`);
      await page.click('[data-testid=invoice-cancel]');
      await page.waitForSelector(
        '[data-testid=invoice-cancel-refused]:has-text("cannot be cancelled because it has VAT, products or a gift card sale: issue a credit note instead")',
      );
      expect(await page.$('[data-testid=invoice-cancel-confirm]')).toBeNull();
      await shot(page, 'invoice-cancel-refused-en');
    });

    it('refunds one of three bottles with a credit note in a UAE salon, charges extra with a debit note, and lists both', async () => {
      const { credentials, invoice } = await uaeSalonWithAnInvoice(url);
      const { page } = await tab();
      await signIn(page, url, credentials);
      await page.goto(`${url}/en/merchant/accounting/total-sales/${invoice}/show`);
      await page.click('[data-testid=invoice-credit-note]');
      await page.waitForSelector('[data-testid=credit-note-form]');
      // the bottles: 3 sold, 3 can come back; one comes back: 33.33 + 1.67 VAT
      await page.waitForSelector('[data-testid=credit-note-line]:has-text("3 sold, 3 can come back")');
      await page.fill('[data-testid=credit-note-quantity] >> nth=1', '4');
      await page.click('[data-testid=credit-note-issue]');
      await page.waitForSelector('[data-testid=credit-note-line]:has-text("At most 3 can be credited")');
      await page.fill('[data-testid=credit-note-quantity] >> nth=1', '1');
      await page.waitForSelector('[data-testid=credit-note-total]:has-text("AED 35.00")');
      await page.fill('[data-testid=credit-note-amount]', '30');
      await page.waitForSelector(
        '[data-testid=credit-note-money-problem]:has-text("The refunds must add up")',
      );
      await page.click('[data-testid=credit-note-refund-all]');
      expect(await page.inputValue('[data-testid=credit-note-amount]')).toBe('35.00');
      await page.fill('[data-testid=credit-note-reason]', 'Returned unopened');
      await shot(page, 'credit-note-form-en');
      await page.click('[data-testid=credit-note-issue]');
      await page.waitForSelector('[data-testid=credit-note-show]');
      expect(await page.textContent('[data-testid=credit-note-shown-totals]')).toContain('AED 35.00');
      expect(await page.textContent('[data-testid=credit-note-show]')).toContain('Returned unopened');
      await shot(page, 'credit-note-show-en');

      await page.goto(`${url}/en/merchant/accounting/credit-note`);
      await page.waitForSelector('tr:has-text("Returned unopened"):has-text("AED 35.00")');
      // what remains: two bottles (opened from the form's old address, which leads to the spec's)
      await page.goto(`${url}/en/merchant/total-sales/credit-note?invoice_id=${invoice}`);
      await page.waitForURL(`${url}/en/merchant/accounting/total-sales/credit-note?invoice_id=${invoice}`);
      await page.waitForSelector('[data-testid=credit-note-line]:has-text("3 sold, 2 can come back")');

      // a debit note on the same invoice: an extra 10.00 with 5 % VAT, owed
      await page.goto(`${url}/en/merchant/accounting/total-sales/${invoice}/show`);
      await page.click('[data-testid=invoice-debit-note]');
      await page.waitForSelector('[data-testid=debit-note-form]');
      await page.fill('[data-testid=debit-note-description]', 'Extra care');
      await page.fill('[data-testid=debit-note-amount]', '10');
      await page.waitForSelector('[data-testid=debit-note-total]:has-text("AED 10.50")');
      await page.waitForSelector('[data-testid=debit-note-owed]:has-text("AED 10.50")');
      await page.fill('[data-testid=debit-note-reason]', 'Extra care asked for');
      await shot(page, 'debit-note-form-en');
      await page.click('[data-testid=debit-note-issue]');
      await page.waitForSelector('[data-testid=debit-note-show]');
      expect(await page.textContent('[data-testid=debit-note-shown-totals]')).toContain('AED 10.50');
      // on a phone each line reads as two (what and its total, then its VAT), nothing wider than it
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForSelector(
        '[data-testid=debit-note-shown-line]:has-text("Extra care"):has-text("AED 10.50")',
      );
      await noWiderThan(page, 390);
      await shot(page, 'debit-note-show-en-phone');
      await page.setViewportSize({ width: 1366, height: 860 });
      await page.goto(`${url}/en/merchant/accounting/debit-note`);
      await page.waitForSelector('tr:has-text("Extra care asked for"):has-text("AED 10.50")');
    });

    it("shows a Saudi invoice's credit note blocked until it is reported to ZATCA, in Arabic on a tablet", async () => {
      const { page } = await tab('ar');
      await page.setViewportSize({ width: 768, height: 1024 });
      await signIn(page, url, owner, { language: 'ar' });
      // the demo's sale of last year, issued before the salon was connected: never signed nor reported
      const [invoice] = await pageGet<Array<{ id: string }>>(
        page,
        `invoices?range=[0,0]&filter=${encodeURIComponent('{"einvoicing":"not_reported"}')}`,
      );
      await page.goto(`${url}/ar/merchant/accounting/total-sales/${invoice.id}/show`);
      await page.click('[data-testid=invoice-credit-note]');
      await page.waitForSelector(
        '[data-testid=credit-note-refused-reason]:has-text("لم تُبلّغ هذه الفاتورة إلى الهيئة بعد")',
      );
      expect(await page.$('[data-testid=credit-note-form]')).toBeNull();
      await noWiderThan(page, 768);
      await shot(page, 'credit-note-refused-ar-tablet');
    });

    it('rates an invoice on its e-survey page in English on a desktop, once, and shows it on the invoice', async () => {
      const { page } = await tab();
      await signIn(page, url, owner);
      const [, invoice] = await unrated(page);
      // from the customer's e-invoice, as its link and QR code lead there
      await page.goto(`${url}/en/e-invoice/${invoice.unique_id}`);
      await page.click('[data-testid=einvoice-rate]');
      await page.waitForSelector(`[data-testid=survey]:has-text("Invoice no. ${invoice.number}")`);
      expect(page.url()).toBe(`${url}/en/e-survey/${invoice.unique_id}`);
      await page.click('[data-testid=survey-send]');
      await page.waitForSelector('[data-testid=survey-choose]');
      await page.hover('[data-testid=survey-rating] label:has(+ input[value="2"])');
      await page.waitForSelector('[data-testid=survey-label]:has-text("Weak")');
      await page.click('[data-testid=survey-rating] label:has(+ input[value="4"])');
      await page.mouse.move(0, 0);
      await page.waitForSelector('[data-testid=survey-label]:has-text("Good")');
      await page.fill('[data-testid=survey-comment]', 'Quick and friendly');
      await shot(page, 'survey-en');
      await page.click('[data-testid=survey-send]');
      await page.waitForSelector('[data-testid=survey-thanks]:has-text("Thank you!")');
      expect(page.url()).toBe(`${url}/en/invoice-rated-successfully/${invoice.unique_id}`);
      await shot(page, 'survey-thanks-en');
      // once: the link now says it is rated
      await page.goto(`${url}/en/e-survey/${invoice.unique_id}`);
      await page.waitForSelector('[data-testid=survey-thanks]:has-text("already been rated")');

      await page.goto(`${url}/en/merchant/accounting/total-sales/${invoice.id}/show`);
      await page.waitForSelector('[data-testid=invoice-rating]:has-text("Good")');
      expect(await page.textContent('[data-testid=invoice-rating]')).toContain('Quick and friendly');
    });

    it('rates an invoice on its e-survey page in Arabic on a tablet', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize({ width: 768, height: 1024 });
      await signIn(page, url, owner, { language: 'ar' });
      const [, , invoice] = await unrated(page);
      await page.goto(`${url}/ar/e-survey/${invoice.unique_id}`);
      await page.waitForSelector(`[data-testid=survey]:has-text("الفاتورة رقم ${invoice.number}")`);
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      await page.click('[data-testid=survey-rating] label:has(+ input[value="5"])');
      await page.mouse.move(0, 0);
      await page.waitForSelector('[data-testid=survey-label]:has-text("ممتاز")');
      await noWiderThan(page, 768);
      await shot(page, 'survey-ar-tablet');
      await page.click('[data-testid=survey-send]');
      await page.waitForSelector('[data-testid=survey-thanks]:has-text("شكرًا لك!")');
      expect(page.url()).toBe(`${url}/ar/invoice-rated-successfully/${invoice.unique_id}`);
      const rating = await pageGet<{ rating: number }>(page, `invoice-ratings/${invoice.id}`);
      expect(rating.rating).toBe(5);
    });
  });
};
