/**
 * The money screens of issue 24 in the browser: what a debit note leaves owed in the receivables and
 * paid from there, the debit notes' report (its menu entry, its rows and totals), the payments lists
 * saying what each payment was for (a deposit has no invoice: no `#null`), the audit log's words for a
 * credit note taken on an invoice, and every report read on a phone in Arabic as cards that show every
 * column. In Arabic on a phone (390×844) and in English on a desktop. Called by flows.e2e.spec.ts.
 */
import type { Page } from 'playwright-core';
import { addDays, formatMoney, instantAt, PaymentMethod, weekdayOf } from '@rawnaq/contracts';
import { DEMO, expandMenu, noSideScroll, openInApp, ownerApi, shot, signIn } from './browser';
import { call as postCall, uaeSalonWithAnInvoice } from './held.e2e';
import type { SuiteContext } from './menu.e2e';
import { settle } from './settle';

const owner = { accountId: DEMO.accountId, username: DEMO.owner.username, password: DEMO.owner.password };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 860 };
const money = (amount: number, locale: 'en' | 'ar', currency: 'SAR' | 'AED' = 'SAR') =>
  formatMoney({ amount, currency }, { locale });

/** A page's text without the marks that keep numbers left to right in Arabic. */
const text = async (page: Page, selector: string) =>
  ((await page.textContent(selector)) ?? '').replace(/[\u2066-\u2069\u200e\u200f\u061c]/g, '').trim();

/** What no screen may show: a value that was missing, or a key that was not translated. */
const RAW = /#null|\bnull\b|\bundefined\b|\bNaN\b|app\.[a-z_]+\.[a-z_.]+|resources\.[a-z/_-]+\.fields/;

type DebitNote = { id: string; number: number; invoice_number: number; total: number; owed: number };
type DebitReport = {
  rows: Array<{ id: string; number: number; total: number; owed: number }>;
  totals: { debit_notes: number; total: number; paid: number; owed: number };
};

export const moneyTests = ({ url, tab }: SuiteContext) => {
  describe('the money screens (issue 24)', () => {
    let note: DebitNote;
    let uaeOwner: { accountId: string; username: string; password: string };
    let uaeToken: string;
    let today: string;

    beforeAll(async () => {
      const call = await ownerApi(url);
      const get = async <T>(path: string) => (await call<T>('GET', path)).body;
      const services =
        await get<Array<{ id: string; name_en: string; price_with_vat_minor: number }>>(
          'services?range=[0,99]',
        );
      const haircut = services.find((s) => s.name_en === 'Haircut') ?? services[0];
      const info = await call<{ global_informations: { today: string } }>('POST', 'get_global_informations');
      today = info.body.global_informations.today;
      // a debit note of 20.00 + 5 % paid 10.00, in a UAE salon (a Saudi invoice takes a note only once
      // ZATCA has it, which the demo's reporting worker may be minutes away from)
      const uae = await uaeSalonWithAnInvoice(url);
      uaeOwner = uae.credentials;
      note = await postCall<DebitNote>(url, `merchant/invoices/${uae.invoice}/debit-notes`, uae.token, {
        reason: 'Longer hair',
        lines: [{ description: 'Extra time', amount: '20.00' }],
        payments: [{ method: PaymentMethod.cash, amount: '10.00' }],
      });
      // 20.00 + 5 % = 21.00, 10.00 paid now: 11.00 owed
      expect(note).toMatchObject({ total: 2100, owed: 1100 });
      uaeToken = uae.token;
      // a deposit before a visit of the demo's (payment source 1, no invoice yet)
      const customers = await get<Array<{ id: string }>>('customers?range=[0,9]');
      const stylists = (
        await get<Array<{ id: string; is_owner?: boolean }>>('employees?range=[0,99]')
      ).filter((e) => !e.is_owner);
      let day = addDays(today as never, 3);
      if (weekdayOf(day) === 5) day = addDays(day, 1);
      let visit: string | undefined;
      for (const time of ['10:00', '12:00', '14:00', '16:00', '18:00'])
        for (const stylist of stylists) {
          if (visit) break;
          const booked = await call<{ id: string }>('POST', 'appointments', {
            customer_id: customers[1].id,
            lines: [
              {
                service_id: haircut.id,
                employee_id: stylist.id,
                start: instantAt(day, `${time}:00`, 'Asia/Riyadh'),
              },
            ],
          });
          if (booked.status === 201) visit = booked.body.id;
        }
      expect(visit).toBeDefined();
      const deposit = await call('POST', `appointments/${visit}/deposits`, {
        method: PaymentMethod.cash,
        amount: '25.00',
      });
      expect(deposit.status).toBe(201);
    }, 150_000);

    /** Every report screen that shows rows through the shared report table, by its address. */
    const REPORTS = [
      'dashboard/payments-details',
      'pos/current-cashier-employee',
      'pos/daily-payments',
      'pos/employees-activities',
      'reports/daily-general-summary',
      'reports/monthly-general-summary',
      'reports/general-summary-per-cashier-employees',
      'reports/daily-payments-summary',
      'reports/monthly-payments-summary',
      'reports/vat-report',
      'reports/credit-notes',
      'reports/debit-notes',
      'reports/refunded-invoices',
      'reports/employees-commissions-report',
      'reports/services-report',
      'reports/most-sold-products',
      'reports/acitivities-report',
      'reports/activities-report-summary',
      'reports/most-used-products',
    ];

    /**
     * The period of a report widened to the last two months (the demo's weeks of sales), when it has one,
     * up to `until`: the salon's today when it is not the demo's (the UAE salon's day starts an hour
     * earlier: from 20:00 to 21:00 UTC the two salons are on different dates)
     */
    const widen = async (page: Page, monthly: boolean, until = today) => {
      if (!(await page.$('[data-testid=period-from]'))) return;
      const since = addDays(until as never, -60);
      const start = monthly ? since.slice(0, 7) : since;
      // the rows on show are the previous period's until the report has read the new one (read too
      // soon, a report looked empty)
      const read = page.waitForResponse(
        (r) => r.url().includes('/api/') && r.url().includes(`from=${start}`),
      );
      await page.fill('[data-testid=period-from]', start);
      await page.fill('[data-testid=period-to]', monthly ? until.slice(0, 7) : until);
      await read;
      await settle(page);
    };

    it('reads every report on a phone in Arabic as cards: each row with every column, no side scroll', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await signIn(page, url, owner, { language: 'ar' });
      for (const path of REPORTS) {
        await openInApp(page, `${url}/ar/merchant/${path}`);
        await page.waitForSelector('[data-testid=summary-cards], [data-testid=summary-empty]');
        await widen(page, path.includes('monthly'));
        await page.waitForSelector('[data-testid=summary-row] dd, [data-testid=summary-empty]');
        const cards = await page.$$eval('[data-testid=summary-cards] > li', (found) =>
          found.map((card) => {
            const box = (e: Element) => e.getBoundingClientRect();
            return {
              labels: card.querySelectorAll('dt').length,
              values: [...card.querySelectorAll('dd')].map((dd) => ({
                text: (dd.textContent ?? '').trim(),
                left: box(dd).left,
                right: box(dd).right,
                width: box(dd).width,
                height: box(dd).height,
              })),
            };
          }),
        );
        // every page here has rows in the demo's last two months
        expect([path, cards.length > 0]).toEqual([path, true]);
        for (const card of cards) {
          expect([path, card.values.length]).toEqual([path, card.labels]);
          for (const v of card.values) {
            // on screen, inside the phone's width, never clipped
            expect([path, v.left >= 0, v.right <= PHONE.width + 1, v.width > 0, v.height > 0]).toEqual([
              path,
              true,
              true,
              true,
              true,
            ]);
          }
        }
        // the columns of a table: one per label of a card (the first is the card's title)
        expect([path, (await text(page, '[data-testid=summary-cards]')).match(RAW)]).toEqual([path, null]);
        await noSideScroll(page);
        if (path === 'reports/vat-report' || path === 'pos/daily-payments' || path === 'reports/debit-notes')
          await shot(page, `money-${path.replace(/\//g, '_')}-ar-phone`);
      }
    });

    it('lists the debit notes in their report and its menu entry, on a desktop in English and a phone in Arabic', async () => {
      // the report as the API gives it, once it has the note (the read side follows the write)
      // on the UAE salon's own day (an hour ahead of the demo's Riyadh: past 23:00 there it is tomorrow)
      const uaeToday = (
        await postCall<{ global_informations: { today: string } }>(
          url,
          'merchant/get_global_informations',
          uaeToken,
          {},
        )
      ).global_informations.today;
      let report: DebitReport | undefined;
      for (let i = 0; i < 100 && !report?.rows?.some((r) => r.id === note.id); i++) {
        if (i) await new Promise((resolve) => setTimeout(resolve, 200));
        const res = await fetch(
          `${url}/api/merchant/reports/debit-notes?from=${addDays(uaeToday as never, -60)}&to=${uaeToday}`,
          { headers: { Authorization: `Bearer ${uaeToken}` } },
        );
        report = (await res.json()) as DebitReport;
      }
      expect(report?.rows?.map((r) => r.id)).toContain(note.id);
      for (const [language, viewport] of [
        ['en', DESKTOP],
        ['ar', PHONE],
      ] as const) {
        const { page } = await tab(language);
        await page.setViewportSize(viewport);
        await signIn(page, url, uaeOwner, { language });
        // its entry in the menu, with the other accounting reports (the desktop's menu is open)
        if (language === 'en') {
          await expandMenu(page);
          await page.waitForSelector(
            'a.RaMenuItemLink-root[href="/en/merchant/reports/debit-notes"]:has-text("Debit notes")',
          );
        }
        await page.goto(`${url}/${language}/merchant/reports/debit-notes`);
        await page.waitForSelector(
          '[data-testid=debit-notes-report] [data-testid=summary-row], [data-testid=summary-empty]',
        );
        await widen(page, false, uaeToday);
        await page.waitForSelector('[data-testid=debit-notes-report] [data-testid=summary-totals-row]');
        expect(await text(page, '[data-testid=summary-total-debit_notes]')).toContain(
          String(report!.totals.debit_notes),
        );
        expect(await text(page, '[data-testid=summary-total-owed]')).toContain(
          money(report!.totals.owed, language, 'AED'),
        );
        expect(await text(page, '[data-testid=summary-totals-row] [data-column=total]')).toBe(
          money(report!.totals.total, language, 'AED'),
        );
        const rows = await page.$$eval('[data-testid=summary-row] [data-column=number]', (cells) =>
          cells.map((c) => (c.textContent ?? '').trim()),
        );
        expect(rows).toContain(String(note.number));
        await noSideScroll(page);
        await shot(page, `money-debit-notes-${language}`);
      }
    });

    it("settles what a debit note left owed from the receivables, and says what each payment was for (no '#null')", async () => {
      for (const [language, viewport] of [
        ['ar', PHONE],
        ['en', DESKTOP],
      ] as const) {
        const { page } = await tab(language);
        await page.setViewportSize(viewport);
        await signIn(page, url, owner, { language });
        await page.goto(`${url}/${language}/merchant/accounting/payments`);
        await page.waitForSelector('[data-testid=payment-paid-for]');
        const paidFor = await page.$$eval('[data-testid=payment-paid-for]', (found) =>
          found.map((f) => (f.textContent ?? '').trim()),
        );
        // the deposit says what it is; nothing reads #null
        expect(paidFor).toContain(language === 'ar' ? 'عربون قبل الزيارة' : 'Deposit before a visit');
        expect(paidFor.some((p) => RAW.test(p))).toBe(false);
        expect((await text(page, 'main')).match(RAW)).toBeNull();
        await shot(page, `money-payments-${language}`);

        await page.goto(`${url}/${language}/merchant/pos/daily-payments`);
        await page.waitForSelector('[data-testid=daily-payments] [data-testid=summary-totals-row]');
        expect((await text(page, '[data-testid=daily-payments]')).match(RAW)).toBeNull();
        expect(await text(page, '[data-testid=daily-payments]')).toContain(
          language === 'ar' ? 'عربون قبل الزيارة' : 'Deposit before a visit',
        );
      }
      // the receivables list the debit note's balance: paid from its row, then gone
      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await signIn(page, url, uaeOwner, { language: 'ar' });
      await page.goto(`${url}/ar/merchant/accounting/receivable`);
      const words = `إشعار مدين ${note.number} على الفاتورة ${note.invoice_number}`;
      const row = `li:has([data-testid=receivable-owed-on]:has-text("${words}"))`;
      await page.waitForSelector(row);
      expect(await text(page, row)).toContain(money(note.owed, 'ar', 'AED'));
      await shot(page, 'money-receivables-ar-phone');
      await page.click(`${row} [data-testid=receive-payment]`);
      await page.waitForSelector(`[data-testid=receive] >> text=دفعة للإشعار المدين رقم ${note.number}`);
      // what it owes is the amount offered
      expect(await page.inputValue('[data-testid=receive-amount]')).toBe((note.owed / 100).toFixed(2));
      await page.click('[data-testid=receive-save]');
      await page.waitForSelector(`text=الإشعار المدين رقم ${note.number} مدفوع بالكامل`);
      await page.waitForSelector(row, { state: 'detached' });
    });

    it('words a credit note taken on an invoice in the audit log: its line and amount, no "Rows" nor "1 × : —"', async () => {
      for (const [language, viewport] of [
        ['en', DESKTOP],
        ['ar', PHONE],
      ] as const) {
        const { page } = await tab(language);
        await page.setViewportSize(viewport);
        await signIn(page, url, owner, { language });
        const filter = encodeURIComponent(JSON.stringify({ type: 'InvoiceCredited' }));
        await page.goto(`${url}/${language}/merchant/advanced-accounting/audit-log?filter=${filter}`);
        await page.waitForSelector('[data-testid=audit-changes]');
        const changes = await text(page, '[data-testid=audit-changes] >> nth=0');
        expect(changes).not.toMatch(/Rows|عدد الصفوف|× :|: —/);
        expect(changes).toMatch(language === 'en' ? /Lines\s*1 × \S+/ : /البنود\s*1 × \S+/);
        expect(changes.match(RAW)).toBeNull();
        await shot(page, `money-audit-credited-${language}`);
      }
    });
  });
};
