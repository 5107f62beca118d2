/**
 * Offers, packages and Excel imports in the browser (issue 4 §7). Called by admin.e2e.spec.ts with its server and tabs, like
 * menu.e2e.ts (one `npm start` for the whole browser suite).
 */
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { clickMenu, DEMO, shot, signIn, uniqueMobile } from './browser';
import type { SuiteContext } from './menu.e2e';

const owner = { accountId: DEMO.accountId, username: DEMO.owner.username, password: DEMO.owner.password };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A real one-pixel PNG, so the browser can show it. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** '1,234.50' out of 'SAR 1,234.50' or '1,234.50 ر.س', in minor units of a two-decimal currency. */
const minorOf = (text: string) => {
  const digits = /[\d,]+\.\d+/.exec(text)?.[0];
  if (!digits) throw new Error(`no amount in "${text}"`);
  return Number(digits.replace(/[,.]/g, ''));
};
const decimal = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** A workbook as a person saves it: the header row, then one row per record. */
const workbook = async (rows: unknown[][]) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
};

const chooseWorkbook = (page: Page, name: string, buffer: Buffer) =>
  page.setInputFiles('[data-testid=import-file]', { name, mimeType: XLSX, buffer });

/** Fills the offer form with two services; the price is left to the caller. */
const fillOffer = async (page: Page, names: { en: string; ar: string }) => {
  await page.waitForSelector('input[name=name_en]');
  await page.fill('input[name=name_en]', names.en);
  await page.fill('input[name=name_ar]', names.ar);
  const rows = page.locator('[data-testid=pick-service]');
  await rows.first().waitFor();
  await rows.nth(0).locator('input[type=checkbox]').check();
  await rows.nth(1).locator('input[type=checkbox]').check();
  await page.fill('input[name=expiry_date]', '2031-06-30');
  const total = minorOf((await page.textContent('[data-testid=items-total]')) ?? '');
  expect(total).toBeGreaterThan(0);
  return total;
};

export const offersImportsTests = ({ url, tab }: SuiteContext) => {
  describe('offers and imports', () => {
    it('lets the owner add an offer below its services’ total, then pause and resume it, each in its history', async () => {
      const { page } = await tab();
      await signIn(page, url, owner);
      await page.waitForSelector('[data-testid=welcome-greeting]');
      await clickMenu(page, '/en/merchant/menu/offers');
      await page.waitForSelector('[data-testid=list-empty], table');
      await page.click('a[href="/en/merchant/menu/offers/create"]');

      const stamp = Date.now() % 100000;
      const name = `Nails duo ${stamp}`;
      const total = await fillOffer(page, { en: name, ar: `ثنائي الأظافر ${stamp}` });

      // The price must be below the two services' total: the same amount is refused on the field.
      await page.fill('input[name=price]', decimal(total));
      await page.waitForSelector('[data-testid=saving]:has-text("must be less than")');
      await page.click('button[type=submit]');
      await page.waitForSelector('text=The price must be less than the total of its services');
      await shot(page, 'offers-en-form-price-error');
      expect(new URL(page.url()).pathname).toBe('/en/merchant/menu/offers/create');

      await page.fill('input[name=price]', decimal(total - 2000));
      await page.waitForSelector('[data-testid=saving]:has-text("The customer saves")');
      await page.click('button[type=submit]');
      await page.waitForURL(`${url}/en/merchant/menu/offers`);
      const row = `tr:has-text("${name}")`;
      await page.waitForSelector(row);
      expect(minorOf((await page.textContent(`${row} [data-testid=bundle-price]`)) ?? '')).toBe(total - 2000);
      expect(minorOf((await page.textContent(`${row} [data-testid=bundle-total]`)) ?? '')).toBe(total);
      expect(await page.getAttribute(`${row} [data-testid=bundle-status]`, 'data-status')).toBe('active');
      await shot(page, 'offers-en-list');

      // Pause, after a confirmation: an event, shown in the status and the history.
      await page.click(row);
      await page.waitForSelector('[data-testid=step-pause]');
      await page.click('[data-testid=step-pause]');
      await page.click('[role=dialog] button:has-text("Confirm")');
      await page.waitForSelector('[data-testid=bundle-status][data-status=paused]');
      await page.waitForSelector('[data-testid=bundle-history] >> text=Offer paused');

      await page.click('[data-testid=step-resume]');
      await page.click('[role=dialog] button:has-text("Confirm")');
      await page.waitForSelector('[data-testid=bundle-status][data-status=active]');
      await page.waitForSelector('[data-testid=bundle-history] >> text=Offer resumed');
      await page.waitForSelector('[data-testid=bundle-history] >> text=Offer added');

      // Renew: a new expiry date after the current one; an earlier one is refused on the field.
      await page.click('[data-testid=step-renew]');
      await page.fill('[data-testid=renew-date]', '2030-01-01');
      await page.click('[data-testid=renew-confirm]');
      await page.waitForSelector(
        '[data-testid=renew-dialog] >> text=Renew to a date after the current expiry date',
      );
      await page.fill('[data-testid=renew-date]', '2032-01-31');
      await page.click('[data-testid=renew-confirm]');
      await page.waitForSelector('[data-testid=bundle-history] >> text=Offer renewed');
      await shot(page, 'offers-en-edit-history');

      await page.goto(`${url}/en/merchant/menu/offers?filter=${encodeURIComponent('{"status":"active"}')}`);
      await page.waitForSelector(`${row} [data-testid=bundle-status][data-status=active]`);
    });

    it('adds a package of sessions priced below the sessions’ total, on the second tab', async () => {
      const { page } = await tab();
      await signIn(page, url, owner);
      await page.waitForSelector('[data-testid=welcome-greeting]');
      await page.goto(`${url}/en/merchant/menu/offers`);
      await page.click('[data-testid=tab-packages]');
      await page.waitForURL(`${url}/en/merchant/menu/packages`);
      await page.click('a[href="/en/merchant/menu/packages/create"]');
      await page.waitForSelector('input[name=name_en]');
      const name = `Five blow dries ${Date.now() % 100000}`;
      await page.fill('input[name=name_en]', name);
      await page.fill('input[name=name_ar]', 'خمس جلسات سشوار');
      const row = page.locator('[data-testid=pick-service]').nth(1);
      await row.locator('input[type=checkbox]').check();
      const price = minorOf((await row.locator('td').nth(2).textContent()) ?? '');
      await row.locator('[data-testid=sessions]').fill('5');
      expect(minorOf((await page.textContent('[data-testid=items-total]')) ?? '')).toBe(price * 5);
      await page.fill('input[name=price]', decimal(price * 4));
      await page.click('button[type=submit]');
      await page.waitForURL(`${url}/en/merchant/menu/packages`);
      await page.waitForSelector(`tr:has-text("${name}"):has-text("5 sessions")`);
      await shot(page, 'packages-en-list');
    });

    it('shows the offers in Arabic, right to left, with the price error in Arabic', async () => {
      const { page } = await tab('ar');
      await signIn(page, url, owner, { language: 'ar' });
      await page.waitForSelector('[data-testid=welcome-greeting]');
      await page.goto(`${url}/ar/merchant/menu/offers`);
      await page.waitForSelector('table');
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      await shot(page, 'offers-ar-list');
      await page.goto(`${url}/ar/merchant/menu/offers/create`);
      const total = await fillOffer(page, { en: 'Arabic test offer', ar: 'عرض تجريبي' });
      await page.fill('input[name=price]', decimal(total + 100));
      await page.click('button[type=submit]');
      await page.waitForSelector('text=يجب أن يكون السعر أقل من مجموع أسعار خدماته');
      await shot(page, 'offers-ar-form-price-error');
    });

    it('imports customers from Excel: a bad row is shown in red and blocks the import, a good file runs to completion', async () => {
      const { page } = await tab();
      await signIn(page, url, owner);
      await page.waitForSelector('[data-testid=welcome-greeting]');
      await clickMenu(page, '/en/merchant/customers');
      await page.click('[data-testid=import-button]');
      await page.waitForURL(`${url}/en/merchant/imports/customers`);

      // The template, in the page's language.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.click('[data-testid=download-template]'),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const template = new ExcelJS.Workbook();
      await template.xlsx.readFile((await download.path())!);
      const header = (template.worksheets[0].getRow(1).values as unknown[]).filter(Boolean).map(String);
      expect(header).toEqual(expect.arrayContaining(['Name']));

      const stamp = Date.now() % 100000;
      const bad = await workbook([
        ['Name', 'Mobile', 'Gender'],
        [`Import ok ${stamp}`, uniqueMobile(), 'female'],
        [`Import bad ${stamp}`, '12', 'female'],
      ]);
      await chooseWorkbook(page, 'bad.xlsx', bad);
      await page.waitForSelector('[data-testid=import-preview]');
      expect(await page.textContent('[data-testid=count-invalid]')).toBe('One row with errors');
      await page.waitForSelector('[data-testid=import-error][data-row="3"][data-field=mobile]');
      await page.waitForSelector(
        '[data-testid=preview-row][data-row="3"] [data-invalid=true] [data-testid=cell-error]',
      );
      expect(await page.isDisabled('[data-testid=run-import]')).toBe(true);
      await shot(page, 'imports-en-customers-errors');

      const names = Array.from({ length: 25 }, (_, i) => `Imported ${stamp} ${String(i).padStart(2, '0')}`);
      const good = await workbook([
        ['Name', 'Mobile', 'Gender'],
        ...names.map((n) => [n, uniqueMobile(), 'female']),
      ]);
      await chooseWorkbook(page, 'good.xlsx', good);
      await page.waitForSelector('[data-testid=count-valid]:has-text("25 rows ready")');
      expect(await page.$$('[data-testid=import-error]')).toHaveLength(0);
      await page.click('[data-testid=run-import]');
      await page.waitForSelector('[data-testid=import-progress-bar], [data-testid=import-done]');
      await page.waitForSelector('[data-testid=import-done]', { timeout: 60_000 });
      expect(await page.textContent('[data-testid=import-done]')).toContain('25 records were imported');
      await shot(page, 'imports-en-customers-done');

      await page.click('[data-testid=open-list]');
      await page.waitForURL(`${url}/en/merchant/customers`);
      await page.fill('input[name=q]', `Imported ${stamp}`);
      await page.waitForSelector(`tr:has-text("${names[0]}")`);
      await page.waitForSelector(`tr:has-text("${names[24]}")`);
      expect(await page.$$(`tr:has-text("Import bad ${stamp}")`)).toHaveLength(0);
    });

    it('shows the import screen and its errors in Arabic', async () => {
      const { page } = await tab('ar');
      await signIn(page, url, owner, { language: 'ar' });
      await page.waitForSelector('[data-testid=welcome-greeting]');
      await page.goto(`${url}/ar/merchant/imports/customers`);
      await page.waitForSelector('[data-testid=download-template]');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.click('[data-testid=download-template]'),
      ]);
      const template = new ExcelJS.Workbook();
      await template.xlsx.readFile((await download.path())!);
      const header = (template.worksheets[0].getRow(1).values as unknown[]).filter(Boolean).map(String);
      expect(header.join(' ')).toMatch(/[\u0600-\u06FF]/);
      await chooseWorkbook(
        page,
        'عملاء.xlsx',
        await workbook([header.slice(0, 2), ['', '0551234567'], ['ريم', '12']]),
      );
      await page.waitForSelector('[data-testid=import-error]');
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      await shot(page, 'imports-ar-customers-errors');
    });

    it('gives a service a picture: a file of another type gets the allowed types, an image is kept', async () => {
      const { page } = await tab();
      await signIn(page, url, owner);
      await page.goto(`${url}/en/merchant/menu/services`);
      const manicure = 'tr[data-testid=service-row]:has-text("Manicure")';
      await page.click(`${manicure} [data-testid=edit-service]`);
      await page.waitForSelector('[data-testid=service-image]');
      await page.setInputFiles('[data-testid=service-image-file]', {
        name: 'price-list.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not a picture'),
      });
      await page.waitForSelector(
        '[data-testid=service-image-message]:has-text("The uploaded file must be one of these types: jpg")',
      );
      await page.setInputFiles('[data-testid=service-image-file]', {
        name: 'manicure.png',
        mimeType: 'image/png',
        buffer: Buffer.from(PNG_1X1, 'base64'),
      });
      await page.waitForSelector('[data-testid=service-image] img');
      await shot(page, 'services-en-image');
      await page.click('button[type=submit]');
      await page.waitForURL(`${url}/en/merchant/menu/services`);
      await page.click(`${manicure} [data-testid=edit-service]`);
      await page.waitForSelector('[data-testid=service-image] img');
    });

    it('keeps an import from whoever may not add that record by hand, and unknown imports are not found', async () => {
      const { page } = await tab();
      await signIn(page, url, { accountId: DEMO.accountId, ...DEMO.receptionist });
      await page.waitForSelector('[data-testid=welcome-greeting]');
      await page.goto(`${url}/en/merchant/imports/services`);
      await page.waitForURL(`${url}/en/merchant/no-permission`);
      await page.goto(`${url}/en/merchant/imports/invoices`);
      await page.waitForURL(`${url}/en/404`);
    });
  });
};
