/**
 * The till's screens in the browser (issue 11): two invoices issued through the API (cash; cash and
 * card with its authorization code), then read in English on a desktop (the invoices, one invoice,
 * the payments, the daily summary whose totals are the invoices' own) and in Arabic on a phone (the
 * lists, the summary, and the customer's e-invoice opened from its link, as its QR code leads to it).
 * Called by admin.e2e.spec.ts with its server and tabs.
 */
import type { Page } from 'playwright-core';
import {
  formatMoney,
  PaymentMethod,
  priceBasket,
  toDecimalString,
  VatType,
  type Money,
} from '@rawnaq/contracts';
import { DEMO, shot, signIn, ownerApi, noSideScroll } from './browser';
import type { SuiteContext } from './menu.e2e';

const owner = { accountId: DEMO.accountId, username: DEMO.owner.username, password: DEMO.owner.password };
const run = String(Date.now()).slice(-6);
const PHONE = { width: 390, height: 844 };

type Issued = { id: string; number: number; unique_id: string; total: number; vat: number };
type Summary = { from: string; totals: { invoices: number; total: number; vat: number; paid: number } };

const sar = (amount: number): Money => ({ amount, currency: 'SAR' });
const money = (amount: number, locale: 'en' | 'ar' = 'en') => formatMoney(sar(amount), { locale });

/** A page's text without the marks that keep numbers left to right in Arabic. */
const text = async (page: Page, selector: string) =>
  ((await page.textContent(selector)) ?? '').replace(/[\u2066-\u2069\u200e\u200f\u061c]/g, '').trim();

/** The element and everything around it up to its card are no wider than they show (nothing spills). */
const fitsItsCard = async (page: Page, selector: string) =>
  expect(
    await page.$eval(selector, (el) => {
      const spilling: string[] = [];
      for (let e: HTMLElement | null = el as HTMLElement; e; e = e.parentElement) {
        if (e.scrollWidth > e.clientWidth + 1) spilling.push(`${e.tagName}.${e.className}`);
        if (e.classList.contains('MuiCard-root')) break;
      }
      return spilling;
    }),
  ).toEqual([]);

export const salesTests = ({ url, tab }: SuiteContext) => {
  describe('the sales screens', () => {
    // as long as a gateway's transaction reference, kept as the authorization code: one 50-letter word
    const code = `AUTH${run}`.padEnd(50, '0123456789ABCDEF');
    let cash: Issued;
    let split: Issued;
    let summary: Summary;
    let vatPercentage = 15;

    beforeAll(async () => {
      const call = await ownerApi(url);
      type Item = { id: string; name_en: string; price_minor: number; vat_type?: number };
      const services = (await call<Item[]>('GET', 'services?range=[0,99]')).body;
      const products = (await call<Item[]>('GET', 'products?range=[0,99]')).body;
      const employees = (await call<Array<{ id: string; name_en: string }>>('GET', 'employees?range=[0,99]'))
        .body;
      const customers = (await call<Array<{ id: string; name: string }>>('GET', 'customers?range=[0,99]'))
        .body;
      const vat = (await call<{ vat_enabled: boolean; vat_percentage: number }>('GET', 'settings/vat')).body;
      // the salon's VAT number: the e-invoice then carries ZATCA's QR code
      const general = await call<Record<string, unknown>>('GET', 'settings/general');
      if (!general.body.vat_number)
        expect(
          (await call('PUT', 'settings/general', { ...general.body, vat_number: '300000000000003' })).status,
        ).toBe(200);
      const by = <T extends { name_en: string }>(list: T[], name: string) =>
        list.find((x) => x.name_en === name)!;
      const haircut = by(services, 'Haircut');
      const blowDry = by(services, 'Blow dry');
      const serum = by(products, 'Hair serum');
      vatPercentage = vat.vat_percentage;
      const context = { vatEnabled: vat.vat_enabled, vatRateBp: Math.round(vat.vat_percentage * 100) };
      const totalOf = (items: Item[]) =>
        priceBasket(
          items.map((i) => ({
            unitPrice: i.price_minor,
            quantity: 1,
            vatType: (i.vat_type ?? VatType.standard) as VatType,
          })),
          context,
        ).total;
      const text = (minor: number) => toDecimalString(sar(minor));
      // (an earlier test may have added a number to her name)
      const amal = customers.find((c) => c.name.startsWith('Amal Saeed'))!;

      const first = await call<Issued>('POST', 'invoices', {
        customer_id: amal.id,
        lines: [{ kind: 'service', item_id: haircut.id, employee_id: by(employees, 'Noura Al-Qahtani').id }],
        payments: [{ method: PaymentMethod.cash, amount: text(totalOf([haircut])) }],
      });
      expect(first.status).toBe(201);
      cash = first.body;
      const total = totalOf([blowDry, serum]);
      const second = await call<Issued>('POST', 'invoices', {
        customer_id: amal.id,
        lines: [
          { kind: 'service', item_id: blowDry.id, employee_id: by(employees, 'Reem Abdullah').id },
          { kind: 'product', item_id: serum.id },
        ],
        payments: [
          { method: PaymentMethod.cash, amount: '50.00' },
          { method: PaymentMethod.credit_card, amount: text(total - 5000), authorization_code: code },
        ],
      });
      expect(second.status).toBe(201);
      split = second.body;
      summary = (await call<Summary>('GET', 'reports/daily-general-summary')).body;
      // the day's totals are the day's invoices, to the minor unit
      const today = (
        await call<Array<{ total: number; vat: number }>>(
          'GET',
          `invoices?range=[0,999]&filter=${encodeURIComponent(JSON.stringify({ date: summary.from }))}`,
        )
      ).body;
      expect(summary.totals.invoices).toBe(today.length);
      expect(summary.totals.total).toBe(today.reduce((n, i) => n + i.total, 0));
      expect(summary.totals.vat).toBe(today.reduce((n, i) => n + i.vat, 0));
      expect(today.length).toBeGreaterThanOrEqual(2);
    });

    it('reads the invoices, an invoice split over cash and card, the payments and the daily summary in English on a desktop', async () => {
      const { page } = await tab('en');
      await signIn(page, url, owner);

      await page.goto(`${url}/en/merchant/accounting/total-sales`);
      const row = (n: number) => `.RaDataTable-tbody tr:has(td:text-is("${n}"))`;
      await page.waitForSelector(row(split.number));
      await page.waitForSelector(row(cash.number));
      expect(await text(page, row(split.number))).toContain(money(split.total));
      expect(await text(page, row(split.number))).toContain('Amal Saeed');
      expect(await text(page, row(split.number))).toContain('Paid');
      await shot(page, 'sales-invoices-en');

      await page.click(row(split.number));
      await page.waitForSelector('[data-testid=invoice-show]');
      await page.waitForSelector(`text=Invoice no. ${split.number}`);
      expect(await page.$$('[data-testid=invoice-line]')).toHaveLength(2);
      const lines = await text(page, '[data-testid=invoice-lines]');
      expect(lines).toContain('Blow dry');
      expect(lines).toContain('Hair serum');
      await page.waitForSelector('[data-testid=invoice-lines] >> text=Reem Abdullah');
      expect(await text(page, '[data-testid=total-total]')).toContain(money(split.total));
      const payments = await text(page, '[data-testid=invoice-payments]');
      expect(payments).toContain('Cash');
      expect(payments).toContain('Credit card');
      expect(payments).toContain(code);
      expect(await text(page, '[data-testid=vat-by-category]')).toContain(`Standard rate ${vatPercentage}%`);
      // ZATCA phase 2: the invoice was signed as it was issued; its QR, read back, names the salon and
      // its total, and "report now" sends it to the authority (the local Fatoora) at once
      await page.waitForSelector('[data-testid=einvoice-panel]');
      const tlv = Buffer.from(
        (await page.getAttribute('[data-testid=einvoice-qr]', 'data-qr')) ?? '',
        'base64',
      );
      const tags = new Map<number, string>();
      for (let i = 0; i < tlv.length; i += 2 + tlv[i + 1])
        tags.set(tlv[i], tlv.subarray(i + 2, i + 2 + tlv[i + 1]).toString('utf8'));
      expect([...tags.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(tags.get(1)).toBe('Demo Salon');
      expect(tags.get(2)).toBe('300000000000003');
      expect(tags.get(4)).toBe((split.total / 100).toFixed(2));
      if (await page.$('[data-testid=einvoice-state-pending]'))
        await page.click('[data-testid=einvoice-report-now]');
      // the simulator checks each document with the XSD and both Schematron files, one at a time: on a
      // first start it may still be going through the demo's history when this one is sent
      const answered = await page.waitForSelector(
        '[data-testid^=einvoice-state-]:not([data-testid=einvoice-state-pending])',
        { timeout: 90_000 },
      );
      // whatever the authority answered is on the screen; a refusal names its reasons
      expect([
        await answered.getAttribute('data-testid'),
        await text(page, '[data-testid=einvoice-panel]'),
      ]).toEqual(['einvoice-state-reported', expect.any(String)]);
      expect(await text(page, '[data-testid=einvoicing-status]')).toMatch(
        /Reported to ZATCA|Waiting to be reported/,
      );
      expect(await page.getAttribute('[data-testid=customer-einvoice]', 'href')).toBe(
        `/en/e-invoice/${split.unique_id}`,
      );
      await shot(page, 'sales-invoice-en');

      // the payments list's old address (a bookmark) leads to the spec's, accounting/payments
      await page.goto(`${url}/en/merchant/payments`);
      await page.waitForURL(`${url}/en/merchant/accounting/payments`);
      await page.waitForSelector(`.RaDataTable-tbody tr:has-text("${code}")`);
      expect(await text(page, `.RaDataTable-tbody tr:has-text("${code}")`)).toContain('Credit card');
      await shot(page, 'sales-payments-en');
      // what the payment was for opens the invoice
      expect(
        await text(page, `.RaDataTable-tbody tr:has-text("${code}") [data-testid=payment-paid-for]`),
      ).toBe(`Invoice ${split.number}`);
      await page.click(`.RaDataTable-tbody tr:has-text("${code}") [data-testid=payment-paid-for]`);
      await page.waitForSelector(`text=Invoice no. ${split.number}`);

      await page.goto(`${url}/en/merchant/reports/daily-general-summary`);
      await page.waitForSelector('[data-testid=summary-totals-row]');
      const totals = await page.$$eval('[data-testid=summary-totals-row] th', (cells) =>
        cells.map((c) => (c.textContent ?? '').replace(/[\u2066-\u2069]/g, '').trim()),
      );
      // Totals, invoices, gross, discount, net, VAT, total, paid, owed, then each method
      expect(totals[1]).toBe(String(summary.totals.invoices));
      expect(totals[5]).toBe(money(summary.totals.vat));
      expect(totals[6]).toBe(money(summary.totals.total));
      expect(totals[7]).toBe(money(summary.totals.paid));
      expect(await text(page, '[data-testid=summary-total-total]')).toContain(money(summary.totals.total));
      const header = await text(page, '.summary-table thead');
      expect(header).toContain('Cash');
      expect(header).toContain('Credit card');
      await shot(page, 'sales-daily-summary-en');
      // on paper: the report alone, no app bar, menu or buttons
      await page.emulateMedia({ media: 'print' });
      expect(await page.isVisible('header')).toBe(false);
      expect(await page.isVisible('[data-testid=period-preset]')).toBe(false);
      expect(await page.isVisible('[data-testid=summary-totals-row]')).toBe(true);
      await shot(page, 'sales-daily-summary-print-en');
      await page.emulateMedia({ media: 'screen' });

      await page.goto(`${url}/en/merchant/reports/monthly-general-summary`);
      await page.waitForSelector('[data-testid=summary-totals-row]');
      await shot(page, 'sales-monthly-summary-en');
    });

    it('opens the e-invoice from its link in Arabic on a phone, with its total and QR code, and reads the lists and the summary there', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await signIn(page, url, owner, { language: 'ar' });

      await page.goto(`${url}/ar/merchant/accounting/total-sales`);
      const item = `main li:has(bdi:text-is("#${split.number}"))`;
      await page.waitForSelector(item);
      expect(await text(page, item)).toContain(money(split.total, 'ar'));
      await noSideScroll(page);
      await shot(page, 'sales-invoices-ar-phone');

      await page.click(item);
      await page.waitForSelector('[data-testid=invoice-show]');
      await page.waitForSelector(`text=فاتورة رقم ${split.number}`);
      await noSideScroll(page);
      await fitsItsCard(page, '[data-testid=invoice-payments]');
      await shot(page, 'sales-invoice-ar-phone');
      const link = await page.getAttribute('[data-testid=customer-einvoice]', 'href');
      expect(link).toBe(`/ar/e-invoice/${split.unique_id}`);

      // what the customer's link and QR code open: no sign-in needed
      const customer = await tab('ar');
      await customer.page.setViewportSize(PHONE);
      await customer.page.goto(`${url}${link}`);
      await customer.page.waitForSelector('[data-testid=einvoice]');
      expect(await customer.page.getAttribute('html', 'dir')).toBe('rtl');
      expect(await text(customer.page, '[data-testid=einvoice-salon]')).toBe('صالون العرض التجريبي');
      expect(await text(customer.page, '[data-testid=einvoice-number]')).toBe(String(split.number));
      expect(await text(customer.page, '[data-testid=total-total]')).toContain(money(split.total, 'ar'));
      expect(await text(customer.page, '[data-testid=invoice-payments]')).toContain(code);
      await fitsItsCard(customer.page, '[data-testid=invoice-payments]');
      await customer.page.waitForSelector('[data-testid=einvoice-qr]');
      await noSideScroll(customer.page);
      await shot(customer.page, 'sales-einvoice-ar-phone');
      // printed on the till's 80 mm roll, or on A4 once chosen (PDF points: 80 mm = 227, A4 = 595)
      const pageWidth = async () => {
        const pdf = (await customer.page.pdf({ preferCSSPageSize: true })).toString('latin1');
        return Math.round(Number(/MediaBox \[0 0 ([\d.]+)/.exec(pdf)?.[1]));
      };
      expect(await pageWidth()).toBe(227);
      await customer.page.click('[data-testid=paper-a4]');
      expect(await pageWidth()).toBe(595);
      await customer.page.click('[data-testid=paper-receipt]');

      // the same invoice in English, from the page's language switch
      await customer.page.click('[data-testid=language-switch]');
      await customer.page.waitForURL(`${url}/en/e-invoice/${split.unique_id}`);
      await customer.page.waitForSelector('[data-testid=einvoice] >> text=Simplified tax invoice');
      expect(await customer.page.getAttribute('html', 'dir')).toBe('ltr');
      expect(await text(customer.page, '[data-testid=total-total]')).toContain(money(split.total));
      await shot(customer.page, 'sales-einvoice-en-phone');
      await customer.page.click('[data-testid=paper-a4]');
      await customer.page.setViewportSize({ width: 1366, height: 860 });
      await shot(customer.page, 'sales-einvoice-en-a4');

      // a link that opens nothing says so
      await customer.page.setViewportSize(PHONE);
      await customer.page.goto(`${url}/ar/e-invoice/NoSuchInvoice0000000000`);
      await customer.page.waitForSelector('[data-testid=einvoice-not-found]');
      expect(await text(customer.page, '[data-testid=einvoice-not-found]')).toContain('الفاتورة غير موجودة');
      await shot(customer.page, 'sales-einvoice-not-found-ar-phone');

      await page.goto(`${url}/ar/merchant/accounting/payments`);
      // each payment says what it paid for: this one, the invoice, in Arabic words
      await page.waitForSelector(
        `main li [data-testid=payment-paid-for] bdi:text-is("فاتورة ${split.number}")`,
      );
      await noSideScroll(page);
      await shot(page, 'sales-payments-ar-phone');

      await page.goto(`${url}/ar/merchant/reports/daily-general-summary`);
      await page.waitForSelector('[data-testid=summary-totals-row]');
      expect(await text(page, '[data-testid=summary-total-total]')).toContain(
        money(summary.totals.total, 'ar'),
      );
      await noSideScroll(page);
      await shot(page, 'sales-daily-summary-ar-phone');
    });
  });
};
