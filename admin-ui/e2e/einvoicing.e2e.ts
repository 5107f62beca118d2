/**
 * ZATCA e-invoicing (issue 13) in a real browser, against the local Fatoora simulator (XSD, both
 * Schematron files, hash and signature checked as the authority does): the salon's own e-invoicing
 * screen in Arabic on a phone; a signed invoice's XML and PDF downloads; the manager connecting a new device for the demo salon from the old
 * one's details in Arabic on a phone (a wrong OTP refused on its field, then connected, the old device
 * cancelled); the authority's warnings on the demo's back-dated invoices, explained, in English on a
 * desktop. Called by admin.e2e.spec.ts, after the sales tests (the new device starts a new chain).
 */
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { DEMO, shot, signIn } from './browser';
import type { SuiteContext } from './menu.e2e';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const owner = { accountId: DEMO.accountId, username: DEMO.owner.username, password: DEMO.owner.password };

const text = async (page: Page, selector: string) => (await page.textContent(selector))?.trim() ?? '';

/** The file a PDF carries (its one embedded file stream, inflated), read without a PDF library. */
const embeddedFile = (pdf: Buffer) => {
  const raw = pdf.toString('latin1');
  const start = raw.indexOf('stream\n', raw.indexOf('/Type /EmbeddedFile')) + 'stream\n'.length;
  return inflateSync(pdf.subarray(start, raw.indexOf('\nendstream', start)));
};

/** The salon's API with the page's own session. */
const merchantGet = <T>(page: Page, path: string) =>
  page.evaluate(async (p) => {
    const res = await fetch(`/api/merchant/${p}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('rawnaq.merchant.token')}` },
    });
    return (await res.json()) as unknown;
  }, path) as Promise<T>;

/** The manager API with the page's own session. */
const managerGet = <T>(page: Page, path: string) =>
  page.evaluate(async (p) => {
    const res = await fetch(`/api/manager/${p}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('rawnaq.manager.token')}` },
    });
    return (await res.json()) as unknown;
  }, path) as Promise<T>;

export const einvoicingTests = ({ url, tab }: SuiteContext) => {
  describe('ZATCA e-invoicing', () => {
    it('shows the salon its device connected to ZATCA, in Arabic on a phone', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await signIn(page, url, owner, { language: 'ar' });
      await page.goto(`${url}/ar/merchant/setting/einvoicing-setting`);
      await page.waitForSelector('[data-testid=device-status-2]');
      expect(await text(page, '[data-testid=device-status-2]')).toBe('متصل');
      expect(await page.textContent('body')).toContain('اجتاز 6 من 6 من فحوص الامتثال');
      await shot(page, 'einvoicing-salon-ar-phone');
    });

    it('offers a signed invoice’s XML and its PDF (that XML inside) under the same name, in Arabic on a phone', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await signIn(page, url, owner, { language: 'ar' });
      const documents = await merchantGet<Array<{ document_id: string; reference_type: number }>>(
        page,
        'einvoicing/documents?range=[0,49]',
      );
      const invoice = documents.find((d) => d.reference_type === 1)!;
      await page.goto(`${url}/ar/merchant/accounting/total-sales/${invoice.document_id}/show`);
      await page.waitForSelector('[data-testid=einvoice-panel]');
      expect(await text(page, '[data-testid=einvoice-pdf]')).toBe('تنزيل نسخة الفاتورة للطباعة');
      const download = async (format: 'xml' | 'pdf') => {
        const [file] = await Promise.all([
          page.waitForEvent('download'),
          page.click(`[data-testid=einvoice-${format}]`),
        ]);
        return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
      };
      const xml = await download('xml');
      const pdf = await download('pdf');
      expect(xml.name).toMatch(/^300000000000003_\d{8}T\d{6}_\d+\.xml$/);
      expect(pdf.name).toBe(xml.name.replace(/\.xml$/, '.pdf'));
      expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const raw = pdf.bytes.toString('latin1');
      expect(raw).toContain(`/F (${xml.name})`);
      expect(raw).toContain('/AFRelationship /Data');
      expect(embeddedFile(pdf.bytes).equals(xml.bytes)).toBe(true);
      await shot(page, 'einvoicing-invoice-downloads-ar-phone');
    });

    it('lets the manager connect a new device from the old one’s details: a wrong OTP is refused on its field, a good one connects it (Arabic phone)', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await signIn(page, url, DEMO.manager, { language: 'ar', area: 'manager' });
      await page.goto(`${url}/ar/manager/zatca-setting`);
      await page.waitForSelector('[data-testid=device-clone]');
      await shot(page, 'einvoicing-manager-list-ar-phone');
      await page.click('[data-testid=device-clone]');
      await page.waitForURL(/\/zatca-setting\/form-clone\//);
      await page.waitForSelector('input[name=seller_name]');
      expect(await page.inputValue('input[name=seller_name]')).toBe('Demo Salon');
      expect(await page.inputValue('input[name=vat_number]')).toBe('300000000000003');
      await page.fill('input[name=otp]', '000000');
      await page.click('button[type=submit]');
      // the simulator refuses this OTP as the authority refuses a used one: said on the field, in Arabic
      await page.waitForSelector('text=رفضت هيئة الزكاة والضريبة والجمارك رمز التحقق');
      await shot(page, 'einvoicing-manager-otp-refused-ar-phone');
      await page.fill('input[name=otp]', '654321');
      await page.click('button[type=submit]');
      await page.waitForURL(`${url}/ar/manager/zatca-setting`);
      await page.waitForSelector('[data-testid=device-status-0]');
      const devices = await managerGet<Array<{ status: number; active: boolean }>>(page, 'zatca-setting');
      expect(devices.map((d) => d.status).sort()).toEqual([0, 2]);
      expect(devices.find((d) => d.status === 2)?.active).toBe(true);
      await shot(page, 'einvoicing-manager-connected-ar-phone');
    }, 240_000);

    it('shows the manager the authority’s warnings on the demo’s back-dated invoices, explained (English desktop)', async () => {
      const { page } = await tab('en');
      await page.setViewportSize(DESKTOP);
      await signIn(page, url, DEMO.manager, { area: 'manager' });
      // the worker reports the demo's history in the background: wait for its first answers
      const deadline = Date.now() + 150_000;
      let warned: unknown[] = [];
      while (Date.now() < deadline) {
        warned = await managerGet<unknown[]>(page, 'dashboard/zatca-warning-transactions');
        if (Array.isArray(warned) && warned.length) break;
        await page.waitForTimeout(3_000);
      }
      expect(warned.length).toBeGreaterThan(0);
      await page.goto(`${url}/en/manager/dashboard/zatca-warning-transactions`);
      await page.waitForSelector('[data-testid=einvoice-warnings]');
      const first = await text(page, '[data-testid=einvoice-warnings]');
      expect(first).toContain('BR-KSA-98');
      expect(first).toMatch(/24 hours/);
      await page.goto(`${url}/en/manager/dashboard/zatca-failed-transactions`);
      await page.waitForSelector('[data-testid=list-empty], .RaDataTable-tbody');
      await shot(page, 'einvoicing-manager-warnings-en');
    }, 240_000);
  });
};
