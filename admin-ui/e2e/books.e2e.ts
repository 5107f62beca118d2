/**
 * The books in the browser (issue 25, first part): the accountant, in Arabic on a phone, opens the
 * profit and loss and drills down from service sales to the account's ledger, to a journal entry and
 * to its invoice; the owner, in English on a desktop, reads a balance sheet as of last month whose trial
 * balance is zero and the books as they stood at an instant (the auditor's right), which the accountant
 * is not offered; the receptionist has no books in her menu. Called by flows.e2e.spec.ts.
 */
import type { Page } from 'playwright-core';
import { addDays, toArabicDigits } from '@rawnaq/contracts';
import { DEMO, noSideScroll, openInApp, shot, signIn } from './browser';
import type { SuiteContext } from './menu.e2e';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 860 };
const owner = { accountId: DEMO.accountId, username: DEMO.owner.username, password: DEMO.owner.password };
const accountant = { accountId: DEMO.accountId, username: DEMO.accountant.username, password: 'Demo@12345' };
const reception = { accountId: DEMO.accountId, ...DEMO.receptionist };
const auditor = { accountId: DEMO.accountId, username: DEMO.auditor.username, password: 'Demo@12345' };

/** A page's text without the marks that keep numbers left to right in Arabic. */
const text = async (page: Page, selector: string) =>
  ((await page.textContent(selector)) ?? '').replace(/[\u2066-\u2069\u200e\u200f\u061c]/g, '').trim();
const RAW = /#null|\bnull\b|\bundefined\b|\bNaN\b|app\.[a-z_]+\.[a-z_.]+/;

export const booksTests = ({ url, tab }: SuiteContext) => {
  describe('the books (issue 25)', () => {
    it('takes the accountant from the profit and loss to an invoice, in Arabic on a phone', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await signIn(page, url, accountant, { language: 'ar' });
      await openInApp(page, `${url}/ar/merchant/advanced-accounting/profit-and-loss`);
      // the last two months: the demo's weeks of sales
      await page.waitForSelector('[data-testid=summary-total-net_profit]');
      const today = await page.inputValue('[data-testid=period-to]');
      // typed as on an Arabic phone's number pad: Arabic-Indic digits, and no '-' key (an iPhone's)
      const from = addDays(today as never, -60);
      await page.fill('[data-testid=period-from]', '');
      await page
        .locator('[data-testid=period-from]')
        .pressSequentially(toArabicDigits(from.replace(/-/g, '')));
      expect(await page.inputValue('[data-testid=period-from]')).toBe(from);
      await page.waitForSelector('[data-testid=statement-account-4101] a');
      expect(await text(page, '[data-testid=summary-total-income]')).toMatch(/ر\.س/);
      const body = await text(page, 'main');
      expect(body).not.toMatch(RAW);
      expect(body).toContain('مبيعات الخدمات');
      await noSideScroll(page);
      await shot(page, 'books-profit-and-loss-ar-phone');

      // service sales → its ledger over the same period
      await page.click('[data-testid=statement-account-4101] a');
      await page.waitForSelector('[data-testid=general-ledger] [data-testid=summary-row]');
      expect(page.url()).toContain('account=4101');
      expect(await text(page, '[data-testid=report-subtitle]')).toContain('4101');
      await noSideScroll(page);
      await shot(page, 'books-ledger-ar-phone');
      // → the entry of its first line, debits equal to credits
      await page.click(
        '[data-testid=general-ledger] [data-testid=summary-row] >> nth=0 >> [data-testid=ledger-entry-link]',
      );
      await page.waitForSelector('[data-testid=journal-entry]');
      const totals = await page.$$eval('[data-testid=journal-entry-totals] th', (cells) =>
        cells.map((c) => c.textContent),
      );
      expect(totals[1]).toBe(totals[2]);
      await shot(page, 'books-entry-ar-phone');
      // → its invoice
      const link = await page.waitForSelector('[data-testid=entry-document-link]');
      expect(await link.textContent()).toMatch(/فاتورة #\d+/);
      await link.click();
      await page.waitForURL(/accounting\/total-sales\/[^/]+\/show/);
      await page.waitForSelector('[data-testid=invoice-show]');
      // the accountant reads the books but is not offered the auditor's "as known at"
      await openInApp(page, `${url}/ar/merchant/advanced-accounting/balance-sheet`);
      await page.waitForSelector('[data-testid=books-balanced]');
      expect(await page.$('[data-testid=known-at-date]')).toBeNull();
    });

    it('reads a balance sheet as of last month whose trial balance is zero, and the books as known at an instant, in English on a desktop', async () => {
      const { page } = await tab('en');
      await page.setViewportSize(DESKTOP);
      await signIn(page, url, owner);
      await openInApp(page, `${url}/en/merchant/advanced-accounting/balance-sheet`);
      await page.waitForSelector('[data-testid=books-balanced]');
      const today = await page.inputValue('[data-testid=as-of-date]');
      const lastMonth = addDays(`${today.slice(0, 7)}-01` as never, -1);
      await page.fill('[data-testid=as-of-date]', lastMonth);
      await page.waitForFunction(
        (d) =>
          document.querySelector('[data-testid=summary-totals]') !== null &&
          document.body.textContent!.includes(d),
        lastMonth,
      );
      await page.waitForSelector('[data-testid=books-balanced]:has-text("Debits equal credits")');
      expect(await text(page, 'main')).not.toMatch(RAW);
      await shot(page, 'books-balance-sheet-en');

      await openInApp(page, `${url}/en/merchant/advanced-accounting/trial-balance`);
      await page.waitForSelector('[data-testid=books-balanced]');
      await page.fill('[data-testid=as-of-date]', lastMonth);
      await page.waitForSelector('[data-testid=books-balanced]:has-text("Debits equal credits")');
      const foot = await page.$$eval('[data-testid=summary-totals-row] [data-column]', (cells) =>
        Object.fromEntries(cells.map((c) => [c.getAttribute('data-column'), c.textContent])),
      );
      expect(foot.debit).toBe(foot.credit);
      expect(foot.debit).toMatch(/SAR [1-9]/);
      await shot(page, 'books-trial-balance-en');

      // the owner holds the auditor's right: the books as known before anything was recorded are empty
      await page.fill('[data-testid=known-at-date]', '2020-01-01');
      await page.fill('[data-testid=known-at-time]', '09:00');
      await page.waitForSelector('[data-testid=known-at-shown]');
      await page.waitForSelector('[data-testid=summary-empty]');
      await shot(page, 'books-trial-balance-known-at-en');
    });

    it('posts a general journal as the accountant, in Arabic on a phone: an unbalanced one refused with its difference, then posted and reversed', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await signIn(page, url, accountant, { language: 'ar' });
      await openInApp(page, `${url}/ar/merchant/advanced-accounting/general-journals/create`);
      await page.waitForSelector('[data-testid=journal-form]');
      await page.fill('[data-testid=journal-memo]', 'مسحوبات المالكة');
      const account = async (i: number, code: string) => {
        await page.click(`[data-testid=journal-line] >> nth=${i} >> [role=combobox]`);
        await page.click(`[role=option][data-value="${code}"]`);
      };
      await account(0, '3103');
      await page.fill('[data-testid=journal-line-0-debit]', '100');
      await account(1, '1101');
      await page.fill('[data-testid=journal-line-1-credit]', '90');
      // the difference as it is typed, then the server's refusal naming it
      expect(await text(page, '[data-testid=journal-difference]')).toContain('10.00');
      await noSideScroll(page);
      await shot(page, 'books-journal-unbalanced-ar-phone');
      await page.click('[data-testid=journal-post]');
      await page.waitForSelector('[data-testid=journal-refused]');
      expect(await text(page, '[data-testid=journal-refused]')).toMatch(/10\.00/);
      await page.fill('[data-testid=journal-line-1-credit]', '100');
      await page.click('[data-testid=journal-post]');
      await page.waitForSelector('[data-testid=journal-show]');
      expect(await text(page, '[data-testid=journal-show]')).toContain('مسحوبات المالكة');
      expect(await text(page, '[data-testid=journal-show]')).not.toMatch(RAW);
      await shot(page, 'books-journal-ar-phone');
      // reversed the next day: the journal stays, marked reversed
      await page.click('[data-testid=journal-reverse]');
      await page.fill('[data-testid=reverse-reason]', 'قُيّد مرتين');
      await page.click('[data-testid=reverse-confirm]');
      await page.waitForSelector('[data-testid=journal-reversal]');
      await noSideScroll(page);
    });

    it('keeps the salon’s own accounts as the accountant, in Arabic on a phone: one added under a group and deleted, one with postings disabled instead', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await signIn(page, url, accountant, { language: 'ar' });
      await openInApp(page, `${url}/ar/merchant/advanced-accounting/chart-of-accounts`);
      // the demo salon's own account, beside the default chart's
      await page.waitForSelector('[data-testid=chart-account-6107]');
      // a code of its own each run (a run stopped half way leaves its account behind)
      const code = `6${50000 + (Date.now() % 49999)}`;
      await page.click('[data-testid=chart-new-account]');
      await page.waitForSelector('[data-testid=chart-code]');
      // the expenses' group by default; the code starts with its code
      expect(await text(page, 'main')).toContain('6 · المصروفات');
      await page.fill('[data-testid=chart-code]', code);
      await page.fill('input[name=name_en]', 'Staff training');
      await page.fill('input[name=name_ar]', 'تدريب الموظفات');
      await noSideScroll(page);
      await shot(page, 'books-chart-new-account-ar-phone');
      await page.click('button[type=submit]');
      await page.waitForSelector(`[data-testid=chart-account-${code}]`);
      const tree = await text(page, 'main');
      expect(tree).toContain('تدريب الموظفات');
      expect(tree).not.toMatch(RAW);
      await noSideScroll(page);
      await shot(page, 'books-chart-ar-phone');

      // nothing was posted to it: deleted, after a confirmation
      await openInApp(page, `${url}/ar/merchant/advanced-accounting/chart-of-accounts/${code}`);
      await page.click('[data-testid=chart-delete-button]');
      await page.waitForSelector('[role=dialog] .ra-confirm');
      await shot(page, 'books-chart-delete-ar-phone');
      await page.click('[role=dialog] .ra-confirm');
      await page.waitForSelector('[data-testid=chart-account-6107]');
      await page.waitForSelector(`[data-testid=chart-account-${code}]`, { state: 'detached' });

      // the demo's marketing account has postings: not deleted, disabled instead (and activated again)
      await openInApp(page, `${url}/ar/merchant/advanced-accounting/chart-of-accounts/6107`);
      await page.waitForSelector('[data-testid=chart-has-postings]');
      expect(await page.$('[data-testid=chart-delete-button]')).toBeNull();
      await page.click('[data-testid=chart-status-button]');
      await page.click('[role=dialog] .ra-confirm');
      await page.waitForSelector('[data-testid=chart-disabled-6107]');
      expect(await text(page, 'main')).not.toMatch(RAW);
      await noSideScroll(page);
      await shot(page, 'books-chart-disabled-ar-phone');
      await page.click('[data-testid=chart-status-button]');
      await page.click('[role=dialog] .ra-confirm');
      await page.waitForSelector('[data-testid=chart-disabled-6107]', { state: 'detached' });
    });

    it('shows the salon’s chart with its own account in English on a desktop, and its form', async () => {
      const { page } = await tab('en');
      await page.setViewportSize(DESKTOP);
      await signIn(page, url, owner);
      await openInApp(page, `${url}/en/merchant/advanced-accounting/chart-of-accounts`);
      await page.waitForSelector('[data-testid=chart-account-6107]');
      expect(await text(page, '[data-testid=chart-account-6107]')).toBe('6107 · Marketing and advertising');
      expect(await text(page, 'main')).not.toMatch(RAW);
      await shot(page, 'books-chart-en');
      await page.click('[data-testid=chart-new-account]');
      await page.waitForSelector('[data-testid=chart-code]');
      expect(await text(page, 'main')).not.toMatch(RAW);
      await shot(page, 'books-chart-new-account-en');
    });

    it('reads the VAT return in Arabic on a phone, tied to the books, and opens the invoices behind its first box', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await signIn(page, url, accountant, { language: 'ar' });
      await openInApp(page, `${url}/ar/merchant/advanced-accounting/vat-return`);
      // this quarter: the demo's weeks of sales and bills
      await page.waitForSelector('[data-testid=vat-return-ties]');
      expect(await page.getAttribute('[data-testid=vat-return-ties]', 'class')).toMatch(/Success/);
      expect(await text(page, '[data-testid=summary-total-output]')).toMatch(/ر\.س/);
      const body = await text(page, 'main');
      expect(body).not.toMatch(RAW);
      expect(body).toContain('المبيعات الخاضعة للنسبة الأساسية');
      expect(body).toContain('تُدخل في بوابة الهيئة');
      await noSideScroll(page);
      await shot(page, 'books-vat-return-ar-phone');
      // box 1 → its documents → an invoice
      await page.click('[data-testid=vat-box-sales_standard]');
      await page.waitForSelector('[data-testid=vat-box-documents] [data-testid=summary-row]');
      await shot(page, 'books-vat-box-ar-phone');
      const link = await page.waitForSelector(
        '[data-testid=vat-box-documents] [data-testid=entry-document-link] >> nth=0',
      );
      expect(await link.textContent()).toMatch(/فاتورة #\d+/);
      await link.click();
      await page.waitForURL(/accounting\/total-sales\/[^/]+\/show/);
      await page.waitForSelector('[data-testid=invoice-show]');
    });

    it('closes the books to last month on a desktop in English: a journal dated there is refused naming the lock date; opened again with a reason', async () => {
      const { page } = await tab('en');
      await page.setViewportSize(DESKTOP);
      await signIn(page, url, accountant);
      await openInApp(page, `${url}/en/merchant/advanced-accounting/lock-date`);
      await page.waitForSelector('[data-testid=lock-date-input]');
      expect(await text(page, '[data-testid=lock-date-now]')).toBe('No period is closed');
      // proposed: the end of last month
      const lockDate = await page.inputValue('[data-testid=lock-date-input]');
      expect(lockDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await page.click('[data-testid=lock-save]');
      await page.waitForSelector('[data-testid=lock-saved]');
      // read back once saved
      await page.waitForSelector('[data-testid=lock-date-now]:has-text("closed up to")');
      await shot(page, 'books-lock-date-en-desktop');

      await openInApp(page, `${url}/en/merchant/advanced-accounting/general-journals/create`);
      await page.waitForSelector('[data-testid=journal-form]');
      await page.fill('[data-testid=journal-date]', lockDate);
      await page.fill('[data-testid=journal-memo]', 'Late accrual');
      const account = async (i: number, code: string) => {
        await page.click(`[data-testid=journal-line] >> nth=${i} >> [role=combobox]`);
        await page.click(`[role=option][data-value="${code}"]`);
      };
      await account(0, '6101');
      await page.fill('[data-testid=journal-line-0-debit]', '50');
      await account(1, '1101');
      await page.fill('[data-testid=journal-line-1-credit]', '50');
      await page.click('[data-testid=journal-post]');
      await page.waitForSelector('text=The books are closed up to');
      await shot(page, 'books-journal-closed-period-en-desktop');

      // opening every period again needs a reason
      await openInApp(page, `${url}/en/merchant/advanced-accounting/lock-date`);
      await page.waitForSelector('[data-testid=lock-open-all]');
      await page.click('[data-testid=lock-open-all]');
      await page.waitForSelector('text=Say why a closed period is opened again');
      await page.fill('[data-testid=lock-reason]', 'A supplier bill came late');
      await page.click('[data-testid=lock-open-all]');
      await page.waitForSelector('[data-testid=lock-saved]');
      await page.waitForSelector('[data-testid=lock-date-now]:has-text("No period is closed")');
      expect(await text(page, 'main')).toContain('A supplier bill came late');
      await shot(page, 'books-lock-date-history-en-desktop');
    });

    it('lets the auditor read the books as they stood at an instant and the books’ audit log, in Arabic on a phone, and offers her no change', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await signIn(page, url, auditor, { language: 'ar' });
      await openInApp(page, `${url}/ar/merchant/advanced-accounting/balance-sheet`);
      await page.waitForSelector('[data-testid=books-balanced]');
      // the auditor's right: the books as known at an instant
      await page.waitForSelector('[data-testid=known-at-date]');
      await openInApp(page, `${url}/ar/merchant/advanced-accounting/general-journals`);
      // the demo's journal, and no way to post one
      await page.waitForSelector('text=#1');
      expect(await page.$('a[href$="general-journals/create"]')).toBeNull();
      await openInApp(page, `${url}/ar/merchant/advanced-accounting/lock-date`);
      await page.waitForSelector('[data-testid=lock-date-now]');
      expect(await page.$('[data-testid=lock-save]')).toBeNull();
      await openInApp(page, `${url}/ar/merchant/accounting/expenses`);
      // the list answered (this month's expenses, or none yet), and no way to record one
      await page.waitForSelector('[data-testid=expenses-empty], #main-content li');
      expect(await page.$('a[href$="accounting/expenses/create"]')).toBeNull();
      // the books' audit log: the accountant's records only, in words
      await openInApp(
        page,
        `${url}/ar/merchant/advanced-accounting/audit-log?filter=${encodeURIComponent(JSON.stringify({ category: 'accounting' }))}`,
      );
      await page.waitForSelector('text=قيد يدوي');
      const body = await text(page, 'main');
      expect(body).not.toMatch(RAW);
      expect(body).not.toContain('تسجيل الدخول');
      await noSideScroll(page);
      await shot(page, 'books-audit-log-auditor-ar-phone');
    });

    it('lets the auditor read the purchases and a purchase, with no way to add, change, pay or delete one, in Arabic on a phone and in English on a desktop', async () => {
      const readOnly = async (page: Page, language: 'ar' | 'en', size: 'phone' | 'desktop') => {
        await openInApp(page, `${url}/${language}/merchant/accounting/purchases`);
        // the demo's purchases from Gulf Beauty Supplies: listed, and nothing offered but reading them
        await page.waitForSelector('text=Gulf Beauty Supplies');
        const noChange = async () => {
          expect(await page.$('a[href*="accounting/purchases/create"], a[href*="purchases/add"]')).toBeNull();
          expect(await page.$('a[href*="/edit"], [data-testid=purchase-edit]')).toBeNull();
          expect(await page.$('[data-testid=purchases-pay], [data-testid=purchase-pay]')).toBeNull();
          expect(
            await page.$('.ra-delete-button, button[aria-label*="Delete"], button[aria-label*="حذف"]'),
          ).toBeNull();
        };
        await noChange();
        expect(await text(page, 'main')).not.toMatch(RAW);
        await noSideScroll(page);
        await shot(page, `books-purchases-auditor-${language}-${size}`);
        await page.click('text=Gulf Beauty Supplies >> nth=0');
        await page.waitForSelector('[data-testid=purchase-show]');
        await page.waitForSelector('[data-testid=purchase-show-item]');
        await page.waitForSelector('[data-testid=purchase-total-owed]');
        await noChange();
        expect(await text(page, 'main')).not.toMatch(RAW);
        await noSideScroll(page);
        await shot(page, `books-purchase-auditor-${language}-${size}`);
      };
      const phone = await tab('ar');
      await phone.page.setViewportSize(PHONE);
      await signIn(phone.page, url, auditor, { language: 'ar' });
      await readOnly(phone.page, 'ar', 'phone');
      const desktop = await tab('en');
      await desktop.page.setViewportSize(DESKTOP);
      await signIn(desktop.page, url, auditor);
      await readOnly(desktop.page, 'en', 'desktop');
    });

    it('pays a supplier’s owed bills from its statement, in Arabic on a phone: the statement shows the payment at once', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await signIn(page, url, accountant, { language: 'ar' });
      await openInApp(page, `${url}/ar/merchant/accounting/suppliers`);
      await page.click('text=Gulf Beauty Supplies');
      await page.waitForSelector('[data-testid=supplier-total-owed]');
      const owedBefore = await text(page, '[data-testid=supplier-total-owed]');
      await page.click('[data-testid=pay-bills]');
      await page.waitForSelector('[data-testid=pay-bill]');
      await page.fill('[data-testid=pay-bill-amount-0]', '50.00');
      // the supplier's other owed bills (its purchases too) left for another day
      const bills = await page.$$('[data-testid=pay-bill] input[type=checkbox]');
      for (const bill of bills.slice(1)) await bill.uncheck();
      expect(await text(page, '[data-testid=pay-bills-total]')).toContain('50.00');
      await shot(page, 'books-pay-bills-ar-phone');
      await page.click('[data-testid=pay-bills-confirm]');
      await page.waitForSelector('[data-testid=pay-bills-dialog]', { state: 'detached' });
      await page.waitForFunction(
        (before) =>
          (document.querySelector('[data-testid=supplier-total-owed]')?.textContent ?? before) !== before,
        owedBefore,
      );
      const amount = (s: string) => Number((s.match(/\d[\d,]*\.\d+/)?.[0] ?? '').replace(/,/g, ''));
      expect(amount(owedBefore) - amount(await text(page, '[data-testid=supplier-total-owed]'))).toBeCloseTo(
        50,
        2,
      );
      await noSideScroll(page);
    });

    it('plans an expected expense on a desktop in English, and moves the rent to the expenses in Arabic on a phone', async () => {
      const { page } = await tab('en');
      await page.setViewportSize(DESKTOP);
      await signIn(page, url, accountant);
      await openInApp(page, `${url}/en/merchant/accounting/expected-expenses/create`);
      await page.fill('input[name=name]', 'Booking app subscription');
      await page.fill('input[name=vendor_name]', 'Salon Apps Co');
      await page.click('#main-content [role=combobox] >> nth=1');
      await page.click('[role=option] >> text=Salon supplies');
      await page.fill('input[name=amount_text]', '99.00');
      await page.fill('input[name=due_date]', '2027-01-05');
      await page.click('#main-content [role=combobox] >> nth=3');
      await page.click('[role=option] >> text=Every month');
      await shot(page, 'books-expected-form-en-desktop');
      await page.click('button[type=submit]');
      await page.waitForSelector('[data-testid=expected-show]');
      expect(await text(page, '[data-testid=expected-show]')).toContain('Every month');
      expect(await text(page, '[data-testid=expected-show]')).toContain('SAR 99.00');

      const phone = await tab('ar');
      await phone.page.setViewportSize(PHONE);
      await signIn(phone.page, url, accountant, { language: 'ar' });
      await openInApp(phone.page, `${url}/ar/merchant/accounting/expected-expenses`);
      await phone.page.click('text=Shop rent');
      await phone.page.waitForSelector('[data-testid=expected-move]');
      await noSideScroll(phone.page);
      await shot(phone.page, 'books-expected-ar-phone');
      await phone.page.click('[data-testid=expected-move]');
      await phone.page.fill('[data-testid=expected-move-number]', 'R-2026-12');
      await phone.page.click('[data-testid=expected-move-confirm]');
      await phone.page.waitForSelector('[data-testid=expense-show]');
      expect(await text(phone.page, '[data-testid=expense-show]')).toContain('R-2026-12');
      expect(await text(phone.page, '[data-testid=expense-show]')).toContain('3,000.00');
      await shot(phone.page, 'books-expected-moved-ar-phone');
    });

    it('takes a new salon from the welcome page, through the platform switching the add-on on (English, desktop), to its accounting wizard in Arabic on a phone', async () => {
      const api = async <T>(method: string, path: string, token?: string, body?: object) => {
        const res = await fetch(`${url}/api/${path}`, {
          method,
          headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json().catch(() => null)) as T };
      };
      const run = Date.now().toString(36);
      const manager = (
        await api<{ api_token: string }>('POST', 'manager/login', undefined, { ...DEMO.manager, force: true })
      ).body.api_token;
      const salonOwner = { username: `books${run}`, password: 'Books@12345' };
      const opened = await api<{ account_id: number }>('POST', 'manager/accounts', manager, {
        name_en: 'Ledger Lounge',
        name_ar: 'صالون الدفاتر',
        alias: `books${run}`,
        country_id: 1,
        salon_type: 1,
        max_employees: 3,
        owner_name: 'Huda Al-Zahrani',
        owner_username: salonOwner.username,
        owner_email: `books${run}@books.example`,
        owner_password: salonOwner.password,
      });
      expect(opened.status).toBe(201);
      const accountId = opened.body.account_id;

      // off: the books' addresses open the welcome page
      const phone = await tab('ar');
      await phone.page.setViewportSize(PHONE);
      await signIn(phone.page, url, { accountId: String(accountId), ...salonOwner }, { language: 'ar' });
      await openInApp(phone.page, `${url}/ar/merchant/advanced-accounting/profit-and-loss`);
      await phone.page.waitForSelector('[data-testid=books-welcome-off]');
      expect(await text(phone.page, 'main')).not.toMatch(RAW);
      await noSideScroll(phone.page);
      await shot(phone.page, 'books-welcome-ar-phone');

      // the platform switches it on from the salon accounts list
      const desk = await tab('en');
      await desk.page.setViewportSize(DESKTOP);
      await signIn(desk.page, url, DEMO.manager, { area: 'manager' });
      await desk.page.goto(`${url}/en/manager/merchants/active-merchants`);
      await desk.page.click(`[data-testid=account-addon-${accountId}]`);
      await desk.page.waitForSelector('text=On: accounting wizard to do');
      await shot(desk.page, 'books-addon-manager-en-desktop');

      // on: the owner is taken to the wizard, opens the books with her cash and capital
      await phone.page.reload();
      await openInApp(phone.page, `${url}/ar/merchant/advanced-accounting/profit-and-loss`);
      await phone.page.waitForSelector('[data-testid=books-wizard]');
      await phone.page.fill('[data-testid=wizard-opening-0]', '1500');
      await phone.page.fill('[data-testid=wizard-opening-4]', '1000');
      // 1,500 of cash less 1,000 of capital: 500 to opening balance equity
      expect(await text(phone.page, '[data-testid=wizard-equity]')).toContain('500.00');
      await noSideScroll(phone.page);
      await shot(phone.page, 'books-wizard-ar-phone');
      await phone.page.click('[data-testid=wizard-open]');
      await phone.page.waitForSelector('[data-testid=books-balanced]');
      expect(await text(phone.page, 'main')).toContain('1,500.00');
      await shot(phone.page, 'books-opened-ar-phone');
    });

    it('records an expense with VAT from a supplier on a desktop in English, and pays it later on a phone in Arabic', async () => {
      const { page } = await tab('en');
      await page.setViewportSize(DESKTOP);
      await signIn(page, url, accountant);
      await openInApp(page, `${url}/en/merchant/accounting/expenses/create`);
      await page.waitForSelector('[data-testid=expense-form]');
      const pick = async (select: string, option: string) => {
        await page.click(`${select} >> xpath=.. >> [role=combobox]`);
        await page.click(`[role=option]:has-text("${option}")`);
      };
      await pick('[data-testid=expense-supplier]', 'Gulf Beauty Supplies');
      await pick('[data-testid=expense-type]', 'Salon supplies');
      await page.fill('[data-testid=expense-supplier_invoice_number]', 'GBS-2001');
      await page.fill('[data-testid=expense-item-0-description]', 'Shampoo, 12 bottles');
      await page.fill('[data-testid=expense-item-0-amount]', '120');
      // the supplier's invoice, scanned as a PDF, attached at once
      await page.setInputFiles('[data-testid=expense-attachment-file]', {
        name: 'GBS-2001.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(
          '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
        ),
      });
      await page.waitForSelector('[data-testid=expense-attachment-chip]:has-text("GBS-2001.pdf")');
      await shot(page, 'books-expense-new-en');
      await page.click('[data-testid=expense-save]');
      await page.waitForSelector('[data-testid=expense-show]');
      expect(await text(page, '[data-testid=expense-attachments]')).toContain('GBS-2001.pdf');
      // 120.00 + 15 % VAT from a supplier with a VAT number, nothing paid yet
      expect(await text(page, '[data-testid=expense-total-vat]')).toContain('18.00');
      expect(await text(page, '[data-testid=expense-total-owed]')).toContain('138.00');
      expect(await text(page, 'main')).not.toMatch(RAW);
      await shot(page, 'books-expense-en');
      const address = page.url().replace('/en/', '/ar/');

      const phone = await tab('ar');
      await phone.page.setViewportSize(PHONE);
      await signIn(phone.page, url, accountant, { language: 'ar' });
      await openInApp(phone.page, address);
      await phone.page.click('[data-testid=expense-pay]');
      await phone.page.fill('[data-testid=expense-pay-amount]', '200');
      await phone.page.click('[data-testid=expense-pay-confirm]');
      // more than is owed: refused, saying what is owed
      await phone.page.waitForSelector('text=138.00');
      await phone.page.fill('[data-testid=expense-pay-amount]', '138');
      await phone.page.click('[data-testid=expense-pay-confirm]');
      await phone.page.waitForSelector('[data-testid=expense-payments]');
      expect(await text(phone.page, '[data-testid=expense-total-owed]')).toContain('0.00');
      // its attachment, named and sized, its open button on screen
      expect(await text(phone.page, '[data-testid=expense-attachment]')).toContain('ملف بي دي إف');
      expect(await phone.page.isVisible('[data-testid=expense-attachment-open]')).toBe(true);
      await noSideScroll(phone.page);
      await shot(phone.page, 'books-expense-paid-ar-phone');
    });

    it('records a purchase of stock on a desktop in English, part paid, and pays the rest from the purchases to pay in Arabic on a phone', async () => {
      const { page } = await tab('en');
      await page.setViewportSize(DESKTOP);
      await signIn(page, url, accountant);
      await openInApp(page, `${url}/en/merchant/accounting/purchases/add`);
      await page.waitForSelector('[data-testid=purchase-form]');
      const pick = async (select: string, option: string) => {
        await page.click(`${select} >> xpath=.. >> [role=combobox]`);
        await page.click(`[role=option]:has-text("${option}")`);
      };
      await pick('[data-testid=purchase-supplier]', 'Gulf Beauty Supplies');
      await page.fill('[data-testid=purchase-supplier_invoice_number]', 'GBS-3001');
      // one product only: refused, a purchase has two at least
      await pick('[data-testid=purchase-item-0-product]', 'Hair serum');
      await page.fill('[data-testid=purchase-item-0-quantity]', '4');
      await page.fill('[data-testid=purchase-item-0-cost]', '44.00');
      await pick('[data-testid=purchase-item-1-product]', 'Hair serum');
      await page.click('[data-testid=purchase-save]');
      await page.waitForSelector('text=This product is already on the purchase');
      await pick('[data-testid=purchase-item-1-product]', 'Keratin shampoo');
      await page.fill('[data-testid=purchase-item-1-quantity]', '6');
      await page.fill('[data-testid=purchase-item-1-cost]', '30.00');
      // 4 × 44.00 + 6 × 30.00 = 356.00 before VAT
      expect(await text(page, '[data-testid=purchase-net]')).toContain('356.00');
      await page.click('[data-testid=purchase-add-payment]');
      await page.fill('[data-testid=purchase-payment-0-amount]', '100');
      await shot(page, 'books-purchase-new-en');
      await page.click('[data-testid=purchase-save]');
      await page.waitForSelector('[data-testid=purchase-show]');
      // 356.00 + 15 % VAT = 409.40, 100.00 paid
      expect(await text(page, '[data-testid=purchase-total-vat]')).toContain('53.40');
      expect(await text(page, '[data-testid=purchase-total-owed]')).toContain('309.40');
      expect(await text(page, 'main')).not.toMatch(RAW);
      await shot(page, 'books-purchase-en');

      const phone = await tab('ar');
      await phone.page.setViewportSize(PHONE);
      await signIn(phone.page, url, accountant, { language: 'ar' });
      await openInApp(phone.page, `${url}/ar/merchant/accounting/purchases`);
      await phone.page.waitForSelector('text=GBS-3001');
      await noSideScroll(phone.page);
      await shot(phone.page, 'books-purchases-ar-phone');
      await phone.page.click('[data-testid=purchases-pay]');
      await phone.page.waitForSelector('[data-testid=purchase-payments-supplier]');
      await shot(phone.page, 'books-purchase-payments-ar-phone');
      await phone.page.click('[data-testid=purchase-payments-supplier] [data-testid=pay-bills]');
      await phone.page.waitForSelector('[data-testid=pay-bill]');
      // only this purchase's 309.40
      const rows = await phone.page.$$('[data-testid=pay-bill]');
      for (const row of rows) {
        const mine = ((await row.textContent()) ?? '').includes('GBS-3001');
        const box = await row.$('input[type=checkbox]');
        if (mine) await box!.check();
        else await box!.uncheck();
      }
      expect(await text(phone.page, '[data-testid=pay-bills-total]')).toContain('309.40');
      await phone.page.click('[data-testid=pay-bills-confirm]');
      await phone.page.waitForSelector('[data-testid=pay-bills-dialog]', { state: 'detached' });
      await openInApp(phone.page, `${url}/ar/merchant/accounting/purchases`);
      await phone.page.click('text=GBS-3001');
      await phone.page.waitForSelector('[data-testid=purchase-show]');
      expect(await text(phone.page, '[data-testid=purchase-total-owed]')).toContain('0.00');
      expect(await text(phone.page, 'main')).not.toMatch(RAW);
      await noSideScroll(phone.page);
      await shot(phone.page, 'books-purchase-paid-ar-phone');
    });

    it('lists the accounting reports and the posted payments in Arabic on a phone, and the profit and loss without the books in English on a desktop', async () => {
      const phone = await tab('ar');
      await phone.page.setViewportSize(PHONE);
      await signIn(phone.page, url, accountant, { language: 'ar' });
      await openInApp(phone.page, `${url}/ar/merchant/advanced-accounting/accounting-reports`);
      await phone.page.waitForSelector('[data-testid=accounting-reports]');
      const index = await text(phone.page, '[data-testid=accounting-reports]');
      expect(index).toContain('ميزان المراجعة');
      expect(index).toContain('الدفعات المرحّلة');
      expect(index).not.toMatch(RAW);
      await noSideScroll(phone.page);
      await shot(phone.page, 'books-accounting-reports-ar-phone');
      await phone.page.click('[data-testid="accounting-report-advanced-accounting/post-payments"]');
      await phone.page.waitForSelector('[data-testid=post-payments-totals]');
      await phone.page.waitForSelector('#main-content li, [data-testid=post-payments-empty]');
      expect(await text(phone.page, 'main')).not.toMatch(RAW);
      expect(await phone.page.isVisible('[data-testid=post-payments-total-received]')).toBe(true);
      await noSideScroll(phone.page);
      await shot(phone.page, 'books-post-payments-ar-phone');

      const { page } = await tab('en');
      await page.setViewportSize(DESKTOP);
      await signIn(page, url, owner);
      await openInApp(page, `${url}/en/merchant/reports/profit-and-loss`);
      await page.waitForSelector('[data-testid=summary-total-net_profit]');
      const today = await page.inputValue('[data-testid=period-to]');
      await page.fill('[data-testid=period-from]', addDays(today as never, -60));
      await page.waitForSelector('[data-testid=profit-line-services] a');
      await page.check('[data-testid=compare-previous]');
      await page.waitForSelector('th:has-text("Previous period")');
      const body = await text(page, 'main');
      expect(body).toContain('Net income');
      expect(body).not.toMatch(RAW);
      await shot(page, 'reports-profit-and-loss-en');
      await phone.page.goto(`${url}/ar/merchant/reports/profit-and-loss`);
      await phone.page.waitForSelector('[data-testid=summary-total-net_profit]');
      expect(await text(phone.page, 'main')).toContain('صافي الربح');
      await noSideScroll(phone.page);
      await shot(phone.page, 'reports-profit-and-loss-ar-phone');
    });

    it('records a payroll month as the accountant in Arabic on a phone, and pays it on a desktop in English', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await signIn(page, url, accountant, { language: 'ar' });
      await openInApp(page, `${url}/ar/merchant/advanced-accounting/payrols`);
      // the demo's last month, paid
      await page.waitForSelector('text=مدفوع');
      expect(await text(page, 'main')).not.toMatch(RAW);
      await noSideScroll(page);
      await shot(page, 'books-payroll-list-ar-phone');
      await openInApp(page, `${url}/ar/merchant/advanced-accounting/payrols/create`);
      await page.waitForSelector('[data-testid=payroll-form]');
      await page.click('[data-testid=payroll-employee] >> xpath=.. >> [role=combobox]');
      await page.click('[role=option]:has-text("ريم عبدالله")');
      // the form starts on last month (the demo paid it): this month, or the latest one not yet
      // recorded for her (a second run of this test against the same server)
      const suggestionFor = async (month: string) => {
        const answer = page.waitForResponse(
          (r) => r.url().includes('/payrolls/suggest') && r.url().includes(`month=${month}`),
        );
        await page.fill('[data-testid=payroll-month]', month);
        return (await (await answer).json()) as { existing_payroll_id: string | null; commission: number };
      };
      const lastMonth = await page.inputValue('[data-testid=payroll-month]');
      let [y, m] = lastMonth.split('-').map(Number);
      [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
      const monthOf = () => `${y}-${String(m).padStart(2, '0')}`;
      let suggested = await suggestionFor(monthOf());
      while (suggested.existing_payroll_id) {
        [y, m] = m === 1 ? [y - 1, 12] : [y, m - 1];
        suggested = await suggestionFor(monthOf());
      }
      // her salary on file and the month's commission, prefilled
      const commission = suggested.commission / 100;
      await page.waitForFunction(
        (expected) =>
          (document.querySelector('[data-testid=payroll-salary]') as HTMLInputElement)?.value === '3800.00' &&
          (document.querySelector('[data-testid=payroll-commission]') as HTMLInputElement)?.value ===
            expected,
        commission.toFixed(2),
      );
      await page.click('[data-testid=payroll-add-additions]');
      await page.fill('[data-testid=payroll-additions-0-label]', 'مكافأة التقييمات');
      await page.fill('[data-testid=payroll-additions-0-amount]', '٢٠٠');
      await page.click('[data-testid=payroll-add-deductions]');
      await page.fill('[data-testid=payroll-deductions-0-label]', 'سلفة');
      await page.fill('[data-testid=payroll-deductions-0-amount]', '100');
      const net = (3800 + commission + 200 - 100).toFixed(2);
      // as money is shown: grouped thousands
      const shown = Number(net).toLocaleString('en-US', { minimumFractionDigits: 2 });
      expect(await text(page, '[data-testid=payroll-net]')).toContain(shown);
      expect(await text(page, 'main')).not.toMatch(RAW);
      await shot(page, 'books-payroll-new-ar-phone');
      await noSideScroll(page);
      await page.click('[data-testid=payroll-save]');
      await page.waitForSelector('[data-testid=payroll-show]');
      expect(await text(page, '[data-testid=payroll-total-owed]')).toContain(shown);
      expect(await text(page, '[data-testid=payroll-status]')).toBe('غير مدفوع');
      expect(await text(page, 'main')).not.toMatch(RAW);
      await noSideScroll(page);
      await shot(page, 'books-payroll-ar-phone');
      // changed while owed: the bonus is 250, not 200
      await page.click('[data-testid=payroll-edit]');
      await page.waitForSelector('[data-testid=payroll-form]');
      await page.fill('[data-testid=payroll-additions-0-amount]', '250');
      const changed = (Number(net) + 50).toFixed(2);
      const changedShown = Number(changed).toLocaleString('en-US', { minimumFractionDigits: 2 });
      expect(await text(page, '[data-testid=payroll-net]')).toContain(changedShown);
      await noSideScroll(page);
      await shot(page, 'books-payroll-edit-ar-phone');
      await page.click('[data-testid=payroll-save]');
      await page.waitForSelector('[data-testid=payroll-show]');
      await page.waitForFunction(
        (owed) => document.querySelector('[data-testid=payroll-total-owed]')?.textContent?.includes(owed),
        changedShown,
      );
      const address = page.url().replace('/ar/', '/en/');

      const desk = await tab('en');
      await desk.page.setViewportSize(DESKTOP);
      await signIn(desk.page, url, accountant);
      await openInApp(desk.page, address);
      await desk.page.click('[data-testid=payroll-pay]');
      await desk.page.fill('[data-testid=payroll-pay-amount]', (Number(changed) + 1).toFixed(2));
      await desk.page.click('[data-testid=payroll-pay-confirm]');
      // more than is owed: refused, saying what is owed
      await desk.page.waitForSelector(`text=more than what is owed`);
      await desk.page.fill('[data-testid=payroll-pay-amount]', changed);
      await desk.page.click('[data-testid=payroll-pay-confirm]');
      await desk.page.waitForSelector('[data-testid=payroll-payments]');
      expect(await text(desk.page, '[data-testid=payroll-total-owed]')).toContain('0.00');
      expect(await text(desk.page, '[data-testid=payroll-status]')).toBe('Paid');
      // paid: no longer changed
      expect(await desk.page.$('[data-testid=payroll-edit]')).toBeNull();
      expect(await text(desk.page, 'main')).not.toMatch(RAW);
      await shot(desk.page, 'books-payroll-paid-en');
      // the books: its payment's entry opens the payroll again
      await openInApp(
        desk.page,
        `${url}/en/merchant/advanced-accounting/journal-entries?filter=${encodeURIComponent(JSON.stringify({ source_kind: 'payroll_payment' }))}`,
      );
      await desk.page.click('main tbody tr >> nth=0');
      await desk.page.waitForSelector('[data-testid=journal-entry]');
      const totals = await desk.page.$$eval('[data-testid=journal-entry-totals] th', (cells) =>
        cells.map((c) => c.textContent),
      );
      expect(totals[1]).toBe(totals[2]);
      await desk.page.click('[data-testid=entry-document-link]');
      await desk.page.waitForSelector('[data-testid=payroll-show]');
    });

    it('shows no books in the receptionist’s menu', async () => {
      const { page } = await tab('en');
      await page.setViewportSize(DESKTOP);
      await signIn(page, url, reception);
      await openInApp(page, `${url}/en/merchant/advanced-accounting/trial-balance`);
      await page.waitForURL(/no-permission/);
      expect(await page.$('text=Trial balance')).toBeNull();
    });
  });
};
