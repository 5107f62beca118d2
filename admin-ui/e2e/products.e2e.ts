/**
 * Products, stock and inventory reports in the browser (issue 4 §7). Called by admin.e2e.spec.ts with its server and tabs, like
 * menu.e2e.ts (one `npm start` for the whole browser suite).
 */
import type { Page } from 'playwright-core';
import { inclusiveFromExclusive, toDecimalString } from '@rawnaq/contracts';
import { clickMenu, DEMO, expandMenu, ownerApi, shot, signIn } from './browser';
import type { SuiteContext } from './menu.e2e';

const owner = { accountId: DEMO.accountId, username: DEMO.owner.username, password: DEMO.owner.password };

// Names and a barcode no other test uses, so the suite can run again on the same data.
const run = String(Date.now()).slice(-6);
const product = { en: `Argan oil ${run}`, ar: `زيت الأرجان ${run}`, barcode: `628${run}0017` };
const rowOf = (name: string) => `tr:has-text("${name}")`;

/** A real 2×2 PNG (the server judges uploads by their bytes). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM40WUDRAwQCgAtxgY5lY7mHQAAAABJRU5ErkJggg==',
  'base64',
);

/** '1,234.50' out of 'SAR 1,234.50' or '1,234.50 ر.س', in minor units of a two-decimal currency. */
const minorOf = (text: string | null) => {
  const digits = /[\d,]+\.\d+/.exec(text ?? '')?.[0];
  if (!digits) throw new Error(`no amount in "${text}"`);
  return Number(digits.replace(/[,.]/g, ''));
};

/** The salon's VAT setting, as the product form states it (the menu tests change it and put it back). */
const salonVat = async (page: Page) => {
  const hint = await page.textContent('[data-testid=vat-hint]');
  const found = /([\d.]+)%/.exec(hint ?? '');
  if (!found) throw new Error(`no VAT in "${hint}"`);
  return Number(found[1]);
};

/** Picks a product in a stock screen's autocomplete by typing part of its name. */
const pickProduct = async (page: Page, name: string) => {
  await page.fill('.ra-input-product_id input', name.slice(0, 9));
  await page.click(`[role=option]:has-text("${name}")`);
  await page.waitForSelector('[data-testid=current-quantity]');
};

const chooseOption = async (page: Page, source: string, option: string) => {
  await page.click(`.ra-input-${source} [role=combobox]`);
  await page.click(`[role=option]:has-text("${option}")`);
};

export const productsTests = ({ url, tab }: SuiteContext) => {
  describe('products and stock', () => {
    it('defines a product with its price with VAT, moves its stock, refuses going below zero, and rings the bell', async () => {
      const { page } = await tab();
      await signIn(page, url, owner);
      await clickMenu(page, '/en/merchant/products/define-product');
      await page.waitForSelector('a[href="/en/merchant/products/define-product/create"]');
      await page.click('a[href="/en/merchant/products/define-product/create"]');
      await page.waitForSelector('input[name=name_en]');
      const vat = await salonVat(page);
      expect(vat).toBeGreaterThan(0);

      // Either price computes the other with the salon's VAT, exactly; a VAT type without VAT makes them equal.
      await page.fill('input[name=price]', '45.50');
      const expected = toDecimalString({ amount: inclusiveFromExclusive(4550, vat), currency: 'SAR' });
      expect(await page.inputValue('input[name=price_with_vat]')).toBe(expected);
      await chooseOption(page, 'vat_type', 'Exempt');
      await page.waitForSelector('[data-testid=vat-hint]:has-text("carries no VAT")');
      expect(await page.inputValue('input[name=price_with_vat]')).toBe('45.50');
      await chooseOption(page, 'vat_type', 'Standard rate');
      expect(await page.inputValue('input[name=price_with_vat]')).toBe(expected);
      await page.fill('input[name=price_with_vat]', expected);
      expect(await page.inputValue('input[name=price]')).toBe('45.50');

      // The contracts' rules before anything is sent.
      await page.fill('input[name=barcode]', '62A');
      await page.click('button[type=submit]');
      await page.waitForSelector('text=English name is required');
      await page.waitForSelector('.ra-input-barcode >> text=Barcode should contain digits only');

      await page.fill('input[name=name_en]', product.en);
      await page.fill('input[name=name_ar]', product.ar);
      await page.fill('input[name=barcode]', product.barcode);
      await page.fill('input[name=initial_quantity]', '5');
      await page.fill('input[name=cost_price]', '20');
      await page.fill('input[name=warning_level]', '3');
      // The image goes up at once: a file that is not an image is refused by the server, on the field.
      await page.setInputFiles('[data-testid=product-image-file]', {
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not an image'),
      });
      await page.waitForSelector('[data-testid=product-image-message]:has-text("jpg")');
      await page.setInputFiles('[data-testid=product-image-file]', {
        name: 'argan.png',
        mimeType: 'image/png',
        buffer: PNG,
      });
      await page.waitForSelector('[data-testid=product-image] img[src^="blob:"]');
      await shot(page, 'admin-en-product-form');
      await page.click('button[type=submit]');
      await page.waitForURL(/\/en\/merchant\/products\/define-product(\?.*)?$/);
      // At once: the list read carries the save's position.
      const row = rowOf(product.en);
      await page.waitForSelector(row);
      expect(minorOf(await page.textContent(`${row} [data-testid=price]`))).toBe(4550);
      expect(minorOf(await page.textContent(`${row} [data-testid=price-with-vat]`))).toBe(
        inclusiveFromExclusive(4550, vat),
      );
      expect(await page.textContent(`${row} [data-testid=quantity]`)).toBe('5');

      // The same barcode again: the server's refusal, on its field.
      await page.click('a[href="/en/merchant/products/define-product/create"]');
      await page.fill('input[name=name_en]', `Other ${run}`);
      await page.fill('input[name=name_ar]', `آخر ${run}`);
      await page.fill('input[name=price]', '10');
      await page.fill('input[name=barcode]', product.barcode);
      await page.click('button[type=submit]');
      await page.waitForSelector('.ra-input-barcode >> text=Another product has this barcode');

      // Four more at 26.00: the average cost becomes (5 × 20 + 4 × 26) / 9 = 22.67.
      await page.goto(`${url}/en/merchant/products/add-quantity`);
      await pickProduct(page, product.en);
      expect(await page.textContent('[data-testid=current-quantity]')).toBe('5');
      await page.fill('input[name=quantity]', '4');
      await page.fill('input[name=unit_cost]', '26');
      await page.click('button[type=submit]');
      await page.waitForSelector(`[data-testid=stock-saved]:has-text("9 on the shelf now")`);
      await page.waitForSelector('[data-testid=current-stock]:has-text("SAR 22.67")');
      await shot(page, 'admin-en-add-quantity');

      // Taking more than the shelf holds: refused by the server, with its message on the quantity.
      await page.goto(`${url}/en/merchant/products/internal-use`);
      await pickProduct(page, product.en);
      await page.fill('input[name=quantity]', '20');
      await page.click('button[type=submit]');
      await page.waitForSelector(
        '.ra-input-quantity >> text=Quantity should be less than or equal to the current quantity (9)',
      );
      await shot(page, 'admin-en-internal-use-refused');
      await page.fill('input[name=quantity]', '6');
      await page.click('button[type=submit]');
      await page.waitForSelector(`[data-testid=stock-saved]:has-text("3 on the shelf now")`);

      // 3 reached the warning level: the bell counts it, and opening it goes to the product.
      await page.waitForSelector(
        '[data-testid=notification-bell-count] .MuiBadge-badge:not(.MuiBadge-invisible)',
      );
      await page.click('[data-testid=notification-bell]');
      const note = `[data-testid=stock-notification][data-read=false]:has-text("${product.en}")`;
      await page.waitForSelector(note);
      expect(await page.textContent(note)).toContain('3 left (warning at 3)');
      await shot(page, 'admin-en-stock-bell');
      await page.click(note);
      await page.waitForURL(/\/en\/merchant\/products\/define-product\/[0-9a-f-]+$/);
      await page.waitForSelector('[data-testid=stock-summary]:has-text("On the shelf: 3")');
      await page.click('[data-testid=notification-bell]');
      await page.waitForSelector(
        `[data-testid=stock-notification][data-read=true]:has-text("${product.en}")`,
      );
      await page.keyboard.press('Escape');

      // Every movement, newest first.
      await page.goto(`${url}/en/merchant/products/stock-operations`);
      await page.waitForSelector(rowOf(product.en));
      const moved = await page.locator(`${rowOf(product.en)} [data-testid=moved]`).allTextContents();
      expect(moved.slice(0, 3)).toEqual(['-6', '+4', '+5']);
      await shot(page, 'admin-en-stock-operations');

      // The reports.
      await page.goto(`${url}/en/merchant/reports/inventory-status`);
      await page.waitForSelector(`[data-testid=low-stock-list]:has-text("${product.en}")`);
      await page.waitForSelector(`[data-testid=inventory-table] ${rowOf(product.en)}:has-text("SAR 68.01")`);
      await shot(page, 'admin-en-inventory-status');
      await page.goto(`${url}/en/merchant/reports/internal-use-report`);
      await page.waitForSelector(`[data-testid=internal-use-table] ${rowOf(product.en)}`);
      expect(await page.textContent(`${rowOf(product.en)} [data-testid=used-quantity]`)).toBe('6');

      // A count of the shelf: the difference is recorded as an adjustment.
      await page.goto(`${url}/en/merchant/products/adjust-quantity`);
      await pickProduct(page, product.en);
      await page.fill('input[name=quantity]', '2');
      await page.click('button[type=submit]');
      await page.waitForSelector(`[data-testid=stock-saved]:has-text("2 on the shelf now")`);
      await page.goto(`${url}/en/merchant/reports/inventory-movements`);
      await page.waitForSelector(`${rowOf(product.en)}:has-text("Stock count adjustment")`);

      // Disabled, the product leaves the list of active products; activated, it is back.
      await page.goto(`${url}/en/merchant/products/active-products`);
      const toggle = `[data-testid=activation-row]:has-text("${product.en}") input`;
      await page.click(toggle);
      await page.waitForSelector(`text=${product.en} was disabled`);
      const search = encodeURIComponent(JSON.stringify({ q: product.en, status: 1 }));
      await page.goto(`${url}/en/merchant/products/define-product?filter=${search}`);
      await page.waitForSelector('text=No product matches these filters.');
      await page.goto(`${url}/en/merchant/products/active-products`);
      await page.click(toggle);
      await page.waitForSelector(`text=${product.en} was activated`);
    });

    it('shows the product screens in Arabic, right to left, with no English of their own', async () => {
      const { page } = await tab('ar');
      await signIn(page, url, owner, { language: 'ar' });
      const at = (path: string) => `${url}/ar/merchant/${path}`;
      const chrome = async () =>
        (
          await page.$$eval('[role=menuitem], button, h1, h2, th, label', (nodes) =>
            nodes.map((n) => (n.textContent ?? '').trim()).filter(Boolean),
          )
        ).filter((text) => /[A-Za-z]{2,}/.test(text.replace(DEMO.owner.name, '').replace('English', '')));

      await page.goto(at('products/define-product'));
      await page.waitForSelector(rowOf(product.ar));
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      expect(await page.textContent(`${rowOf(product.ar)} [data-testid=price]`)).toContain('ر.س');
      expect(await chrome()).toEqual([]);
      await shot(page, 'admin-ar-products');

      await page.click(rowOf(product.ar));
      await page.waitForSelector('input[name=name_ar]');
      expect(await page.inputValue('input[name=name_ar]')).toBe(product.ar);
      expect(await chrome()).toEqual([]);
      await shot(page, 'admin-ar-product-form');

      // A zero-rated product says why (ZATCA's reason): asked only then, refused without it, in Arabic.
      await page.goto(at('products/define-product/create'));
      await page.waitForSelector('input[name=name_en]');
      await page.fill('input[name=name_en]', `Medicated shampoo ${run}`);
      await page.fill('input[name=name_ar]', `شامبو طبي ${run}`);
      await page.fill('input[name=price]', '30');
      expect(await page.$('.ra-input-vat_exemption_code')).toBeNull();
      await chooseOption(page, 'vat_type', 'خاضع لنسبة الصفر');
      await page.waitForSelector('.ra-input-vat_exemption_code');
      await page.click('button[type=submit]');
      await page.waitForSelector('.ra-input-vat_exemption_code >> text=حقل سبب الإعفاء من الضريبة مطلوب');
      expect(await chrome()).toEqual([]);
      await chooseOption(page, 'vat_exemption_code', 'الأدوية والمعدات الطبية');
      expect(await chrome()).toEqual([]);
      await shot(page, 'admin-ar-product-exemption');
      await page.click('button[type=submit]');
      await page.waitForURL(/\/ar\/merchant\/products\/define-product(\?.*)?$/);
      await page.waitForSelector(rowOf(`شامبو طبي ${run}`));

      await page.goto(at('products/internal-use'));
      await pickProduct(page, product.ar);
      await page.fill('input[name=quantity]', '٥٠');
      await page.click('button[type=submit]');
      await page.waitForSelector('.ra-input-quantity >> text=أقل من أو يساوي الكمية الحالية (2)');
      expect(await chrome()).toEqual([]);
      await shot(page, 'admin-ar-internal-use-refused');

      await page.goto(at('products/stock-operations'));
      await page.waitForSelector(rowOf(product.ar));
      expect(await chrome()).toEqual([]);
      await shot(page, 'admin-ar-stock-operations');

      await page.goto(at('reports/inventory-status'));
      await page.waitForSelector(`[data-testid=low-stock-list]:has-text("${product.ar}")`);
      expect(await chrome()).toEqual([]);
      await shot(page, 'admin-ar-inventory-status');

      await page.goto(at('reports/internal-use-report'));
      await page.waitForSelector(`[data-testid=internal-use-table] ${rowOf(product.ar)}`);
      await shot(page, 'admin-ar-internal-use-report');

      await page.click('[data-testid=notification-bell]');
      await page.waitForSelector(`[data-testid=stock-notification]:has-text("${product.ar}")`);
      await shot(page, 'admin-ar-stock-bell');
    });

    it("lists products in the order of their names in the screen's language: Arabic on a phone, English on a desktop", async () => {
      // two products whose English and Arabic names sort the other way round (A before Z; أ before ي)
      const api = await ownerApi(url);
      const aloe = { en: `Aloe gel (order ${run})`, ar: `ياسمين ${run}` };
      const zinc = { en: `Zinc cream (order ${run})`, ar: `أملا ${run}` };
      for (const p of [aloe, zinc]) {
        const { status } = await api('POST', 'products', { name_en: p.en, name_ar: p.ar, price: '12.00' });
        expect(status).toBe(201);
      }
      // just these two (a search of digits alone looks for barcodes)
      const search = `?filter=${encodeURIComponent(JSON.stringify({ q: `order ${run}`, status: 1 }))}`;
      const order = async (page: Page, first: string, second: string) => {
        await page.waitForSelector(`text=${first}`);
        await page.waitForSelector(`text=${second}`);
        const text = await page.innerText('#main-content');
        return text.indexOf(first) < text.indexOf(second);
      };

      const { page } = await tab('ar');
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, url, owner, { language: 'ar' });
      await page.goto(`${url}/ar/merchant/products/define-product${search}`);
      expect(await order(page, zinc.ar, aloe.ar)).toBe(true);
      await shot(page, 'products-by-arabic-name-phone');

      const { page: desktop } = await tab('en');
      await signIn(desktop, url, owner);
      await desktop.goto(`${url}/en/merchant/products/define-product${search}`);
      expect(await order(desktop, aloe.en, zinc.en)).toBe(true);
      await shot(desktop, 'products-by-english-name-desktop');
    });

    it('keeps products, stock and the bell from a receptionist without those rights', async () => {
      const { page } = await tab();
      await signIn(page, url, { accountId: DEMO.accountId, ...DEMO.receptionist });
      await expandMenu(page);
      await page.waitForSelector('a.RaMenuItemLink-root[href="/en/merchant/customers"]');
      expect(await page.$$('a[href^="/en/merchant/products/"]')).toHaveLength(0);
      expect(await page.$$('a[href^="/en/merchant/reports/inventory"]')).toHaveLength(0);
      // her bell (she may hold invoices: their notices) tells nothing of the stock
      if ((await page.$$('[data-testid=notification-bell]')).length) {
        await page.click('[data-testid=notification-bell]');
        await page.waitForSelector('[role=menu]');
        expect(await page.$$('[data-testid=stock-notification]')).toHaveLength(0);
        await page.keyboard.press('Escape');
      }
      for (const path of [
        'products/define-product',
        'products/add-quantity',
        'products/stock-operations',
        'reports/inventory-status',
      ]) {
        await page.goto(`${url}/en/merchant/${path}`);
        await page.waitForURL(`${url}/en/merchant/no-permission`);
        await page.waitForSelector('[data-testid=no-permission]');
      }
    });
  });
};
