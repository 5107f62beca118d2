/**
 * The salon's menu and its VAT in the browser (issue 4 §7). Not a spec file of its own: jest would
 * start a second `npm start` for it, and two starts race on the UI build. admin.e2e.spec.ts calls
 * `menuTests` with its server and browser tabs.
 */
import type { Page } from 'playwright-core';
import { inclusiveFromExclusive, toDecimalString } from '@rawnaq/contracts';
import { clickMenu, DEMO, expandMenu, shot, signIn, type Tab, type TabOptions } from './browser';

export type SuiteContext = {
  url: string;
  tab: (language?: 'en' | 'ar', options?: TabOptions) => Promise<Tab>;
  /** the folder the product writes its mail into (MAIL_DIR), when the suite asked for one */
  mailbox?: string;
};

const owner = { accountId: DEMO.accountId, username: DEMO.owner.username, password: DEMO.owner.password };

const ROW = 'tr[data-testid=service-row]';
const rowOf = (name: string) => `${ROW}:has-text("${name}")`;
const amountText = (row: string, column: 'price' | 'price-with-vat') =>
  `${row} [data-testid=${column}] [data-testid=amount]`;

/** '1,234.50' out of 'SAR 1,234.50' or '1,234.50 ر.س', in minor units of a two-decimal currency. */
const minorOf = (text: string) => {
  const digits = /[\d,]+\.\d+/.exec(text)?.[0];
  if (!digits) throw new Error(`no amount in "${text}"`);
  return Number(digits.replace(/[,.]/g, ''));
};

/** Every service of the list: its name in the page language, price before and with VAT, in minor units. */
const listedPrices = (page: Page) =>
  page.$$eval(ROW, (rows) =>
    rows.map((row) => ({
      name: row.querySelector('[data-testid=name-main]')?.textContent ?? '',
      price: row.querySelector('[data-testid=price] [data-testid=amount]')?.textContent ?? '',
      withVat: row.querySelector('[data-testid=price-with-vat] [data-testid=amount]')?.textContent ?? '',
    })),
  );

const expectPricesWithVat = async (page: Page, percentage: number) => {
  const rows = await listedPrices(page);
  expect(rows.length).toBeGreaterThanOrEqual(7);
  for (const row of rows)
    expect([row.name, minorOf(row.withVat)]).toEqual([
      row.name,
      inclusiveFromExclusive(minorOf(row.price), percentage),
    ]);
};

/** The demo salon's products (all at the standard VAT): their prices with VAT follow the setting too. */
const expectProductPricesWithVat = async (page: Page, language: 'en' | 'ar', percentage: number) => {
  await page.goto(`${page.url().split('/merchant/')[0]}/merchant/products/define-product`);
  const names =
    language === 'ar'
      ? ['شامبو الكيراتين', 'سيروم الشعر', 'مناشف للاستعمال مرة واحدة']
      : ['Keratin shampoo', 'Hair serum', 'Disposable towels'];
  for (const name of names) {
    const row = `[data-testid=products-table] tr:has-text("${name}")`;
    await page.waitForSelector(row);
    const price = minorOf((await page.textContent(`${row} [data-testid=price]`)) ?? '');
    const withVat = minorOf((await page.textContent(`${row} [data-testid=price-with-vat]`)) ?? '');
    expect([name, withVat]).toEqual([name, inclusiveFromExclusive(price, percentage)]);
  }
};

/** The block of one service group in the services list, found by its name in the page language. */
const groupBlock = (page: Page, group: string) =>
  page
    .locator('tbody[data-testid=service-group]')
    .filter({ has: page.locator('h2').getByText(group, { exact: true }) });

const namesInGroup = (page: Page, group: string) =>
  groupBlock(page, group).locator(`${ROW} [data-testid=name-main]`).allTextContents();

const saveVat = async (page: Page, percentage: string) => {
  await page.fill('input[name=vat_percentage]', percentage);
  await page.click('[data-testid=vat-settings] button[type=submit]');
  await page.waitForSelector('[data-testid=vat-repriced]');
};

export const menuTests = ({ url, tab }: SuiteContext) => {
  describe('the menu and the VAT', () => {
    it('lets an owner add a service in Arabic, typing its price with VAT, and shows that price in the list', async () => {
      const { page } = await tab('ar');
      await signIn(page, url, owner, { language: 'ar' });
      await page.waitForSelector('[data-testid=shortcut-services]');
      await clickMenu(page, '/ar/merchant/menu/services');
      await page.waitForSelector(rowOf('قص الشعر'));
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      await page.click('a[href="/ar/merchant/menu/services/create"]');
      await page.waitForSelector('input[name=name_ar]');

      // The price with VAT typed, the price before VAT follows (15%), and the other way round.
      await page.fill('input[name=price_with_vat]', '115');
      expect(await page.inputValue('input[name=price]')).toBe('100.00');
      await page.fill('input[name=price_with_vat]', '١٠٠');
      expect(await page.inputValue('input[name=price]')).toBe('86.96');
      await page.fill('input[name=price]', '120.50');
      expect(await page.inputValue('input[name=price_with_vat]')).toBe('138.58');

      // The contracts' rules, in Arabic, before anything is sent.
      await page.fill('input[name=job_time]', '7');
      await page.click('button[type=submit]');
      await page.waitForSelector('text=حقل الاسم بالعربية مطلوب');
      await page.waitForSelector('text=يجب أن يكون حقل مدة الخدمة من مضاعفات 5');

      await page.fill('input[name=name_ar]', 'قص أطراف الشعر');
      // A name the menu already has: the server's 409, shown on its field.
      await page.fill('input[name=name_en]', 'haircut');
      await page.click('.ra-input-group_id [role=combobox]');
      await page.click('[role=option]:has-text("الشعر")');
      await page.fill('input[name=job_time]', '30');
      await page.click('button[type=submit]');
      await page.waitForSelector('.ra-input-name_en >> text=يوجد عنصر آخر في هذه القائمة بالاسم نفسه');

      await page.fill('input[name=name_en]', 'Hair trim');
      await page.click('button[type=submit]');
      await page.waitForURL(`${url}/ar/merchant/menu/services`);
      // At once: the list read carries the save's position.
      const row = rowOf('قص أطراف الشعر');
      await page.waitForSelector(row);
      expect(await page.textContent(amountText(row, 'price'))).toBe('120.50 ر.س');
      expect(await page.textContent(amountText(row, 'price-with-vat'))).toBe('138.58 ر.س');
      expect(await page.textContent(`${row} [data-testid=name-other]`)).toBe('Hair trim');
      await expectPricesWithVat(page, 15);
      // No English in the screen's own texts (the English names are data).
      const chrome = await page.$$eval('[role=menuitem], button, h1, h2, th', (nodes) =>
        nodes.map((n) => (n.textContent ?? '').trim()).filter(Boolean),
      );
      expect(
        chrome.filter((text) =>
          /[A-Za-z]{2,}/.test(text.replace(DEMO.owner.name, '').replace('English', '')),
        ),
      ).toEqual([]);
      await shot(page, 'admin-ar-services-after-create');
    });

    it('reprices every service and product when the VAT changes to 5%, and back when it returns to 15%', async () => {
      const { page } = await tab('ar');
      await signIn(page, url, owner, { language: 'ar' });
      await page.goto(`${url}/ar/merchant/setting/general-setting?tab=vat`);
      await page.waitForSelector('input[name=vat_percentage]');
      expect(await page.inputValue('input[name=vat_percentage]')).toBe('15');
      await page.fill('input[name=vat_percentage]', '5');
      await page.waitForSelector('[data-testid=vat-example]:has-text("105.00 ر.س")');
      await saveVat(page, '5');
      expect(await page.textContent('[data-testid=vat-repriced]')).toContain('من 15% إلى 5%');
      await shot(page, 'admin-ar-vat-repriced');

      await page.click('[data-testid=vat-repriced] a');
      await page.waitForSelector(`[data-testid=vat-note]:has-text("5%")`);
      expect(await page.textContent(amountText(rowOf('قص الشعر'), 'price-with-vat'))).toBe('105.00 ر.س');
      await expectPricesWithVat(page, 5);
      // The service form computes with the new VAT too (the global information was refreshed).
      await page.click('a[href="/ar/merchant/menu/services/create"]');
      await page.fill('input[name=price]', '100');
      expect(await page.inputValue('input[name=price_with_vat]')).toBe('105.00');
      // and so do the products' (one command repriced both)
      await expectProductPricesWithVat(page, 'ar', 5);

      // Back to 15%, from the English screen this time.
      const english = await tab('en');
      await signIn(english.page, url, { email: DEMO.owner.email, password: DEMO.owner.password });
      await english.page.goto(`${url}/en/merchant/setting/general-setting?tab=vat`);
      await english.page.waitForSelector('input[name=vat_percentage]');
      expect(await english.page.inputValue('input[name=vat_percentage]')).toBe('5');
      await saveVat(english.page, '15');
      expect(await english.page.textContent('[data-testid=vat-repriced]')).toContain('from 5% to 15%');
      await shot(english.page, 'admin-en-vat-repriced');
      await english.page.click('[data-testid=vat-repriced] a');
      await english.page.waitForSelector(`[data-testid=vat-note]:has-text("15%")`);
      expect(await english.page.textContent(amountText(rowOf('Haircut'), 'price-with-vat'))).toBe(
        'SAR 115.00',
      );
      await expectPricesWithVat(english.page, 15);
      await expectProductPricesWithVat(english.page, 'en', 15);
      expect(toDecimalString({ amount: inclusiveFromExclusive(12050, 15), currency: 'SAR' })).toBe('138.58');
    });

    it('reorders a group with the arrows and by dragging, and keeps it after a reload', async () => {
      const { page } = await tab();
      await signIn(page, url, owner);
      await page.goto(`${url}/en/merchant/menu/services`);
      await page.waitForSelector(rowOf('Haircut'));
      const before = await namesInGroup(page, 'Hair');
      expect(before.slice(0, 3)).toEqual(['Haircut', 'Blow dry', 'Hair colour']);
      const swapped = [before[1], before[0], ...before.slice(2)];

      await page.click(`${rowOf('Haircut')} [data-testid=move-down]`);
      await page.waitForSelector('text=The new order was saved');
      await page.waitForFunction(
        (first) =>
          document.querySelector(
            'tbody[data-testid=service-group] tr[data-testid=service-row] [data-testid=name-main]',
          )?.textContent === first,
        swapped[0],
      );
      expect(await namesInGroup(page, 'Hair')).toEqual(swapped);
      await page.reload();
      await page.waitForSelector(rowOf('Haircut'));
      expect(await namesInGroup(page, 'Hair')).toEqual(swapped);

      // Dragging Haircut back above Blow dry.
      await page.dragAndDrop(rowOf('Haircut'), rowOf('Blow dry'));
      await page.waitForFunction(
        () =>
          document.querySelector(
            'tbody[data-testid=service-group] tr[data-testid=service-row] [data-testid=name-main]',
          )?.textContent === 'Haircut',
      );
      await page.reload();
      await page.waitForSelector(rowOf('Haircut'));
      expect(await namesInGroup(page, 'Hair')).toEqual(before);

      // A search hides part of a group: no reordering then.
      await page.fill('input[name=q]', 'Hair');
      await page.waitForSelector('[data-testid=reorder-hint]:has-text("Clear the search")');
      expect(await page.$$('[data-testid=move-down]')).toHaveLength(0);
    });

    it('keeps one service active on the activate-services screen, and saves what was switched in one go', async () => {
      const { page } = await tab();
      await signIn(page, url, owner);
      await page.goto(`${url}/en/merchant/menu/services`);
      await page.click('[data-testid=activate-services-button]');
      await page.waitForURL(`${url}/en/merchant/menu/services/activate-services`);
      await page.waitForSelector('[data-testid=activation-item]');
      const total = (await page.$$('[data-testid=activation-item]')).length;

      // Everything off: the server refuses, and its message is shown.
      for (const group of await page.$$('input[aria-label^="All of"]')) await group.click();
      await page.waitForSelector(`[data-testid=change-count]:has-text("${total} changes to save")`);
      const sent = page.waitForRequest((r) => r.url().endsWith('/api/merchant/services/activation'));
      await page.click('[data-testid=activation-save]');
      expect(JSON.parse((await sent).postData() ?? '{}').deactivate).toHaveLength(total);
      await page.waitForSelector(
        '[data-testid=activation-refusal]:has-text("At least one service must stay active")',
      );
      await shot(page, 'admin-en-activate-services-refused');

      await page.click('button:has-text("Undo the changes")');
      await page.click('[data-testid=activation-item]:has-text("Facial") input');
      await page.waitForSelector('[data-testid=change-count]:has-text("1 change to save")');
      await page.click('[data-testid=activation-save]');
      await page.waitForSelector('text=The changes were saved');
      await page.waitForSelector(`[data-testid=active-count]:has-text("${total - 1} of ${total} active")`);

      await page.goto(`${url}/en/merchant/menu/services`);
      await page.waitForSelector(`${rowOf('Facial')} >> text=Disabled`);
      // And on again, as the other screens expect it.
      await page.click('[data-testid=activate-services-button]');
      await page.click('[data-testid=activation-item]:has-text("Facial") input');
      await page.click('[data-testid=activation-save]');
      await page.waitForSelector(`[data-testid=active-count]:has-text("${total} of ${total} active")`);
    });

    it('adds, renames and disables groups and categories', async () => {
      const { page } = await tab();
      await signIn(page, url, owner);
      await page.goto(`${url}/en/merchant/menu/groups`);
      await page.waitForSelector('tr:has-text("Skin care")');
      expect(await page.textContent('tr:has-text("Hair")')).toContain('services');
      await page.click('a[href="/en/merchant/menu/groups/create"]');
      await page.fill('input[name=name_en]', 'Makeup');
      await page.fill('input[name=name_ar]', 'المكياج');
      await page.click('button[type=submit]');
      await page.waitForSelector('tr:has-text("Makeup")');
      await page.click('tr:has-text("Makeup")');
      await page.waitForSelector('input[name=name_en]');
      await page.fill('input[name=name_en]', 'Make-up');
      await page.click('button[type=submit]');
      await page.waitForSelector('tr:has-text("Make-up")');
      // The services list shows the new, still empty group.
      await page.goto(`${url}/en/merchant/menu/services`);
      await groupBlock(page, 'Make-up').getByText('No services in this group yet.').waitFor();

      // the demo's two categories (its services are in them), and one more
      await page.goto(`${url}/en/merchant/menu/categories`);
      await page.waitForSelector('tr:has-text("Everyday care")');
      await page.click('a[href="/en/merchant/menu/categories/create"]');
      await page.fill('input[name=name_en]', 'Bridal');
      await page.fill('input[name=name_ar]', 'العرائس');
      await page.click('button[type=submit]');
      await page.waitForSelector('tr:has-text("Bridal")');
      await page.click('[data-testid=activate-button]');
      await page.waitForURL(`${url}/en/merchant/menu/categories/activate`);
      await page.click('[data-testid=activation-item]:has-text("Bridal") input');
      await page.click('[data-testid=activation-save]');
      await page.waitForSelector('[data-testid=active-count]:has-text("2 of 3 active")');
      await page.click('text=Back to the list');
      await page.waitForSelector('tr:has-text("Bridal") >> text=Disabled');
    });

    it('keeps the menu and the settings from a receptionist without those rights', async () => {
      const { page } = await tab();
      await signIn(page, url, { accountId: DEMO.accountId, ...DEMO.receptionist });
      await page.waitForSelector('[data-testid=welcome-greeting]');
      await expandMenu(page);
      await page.waitForSelector('a.RaMenuItemLink-root[href="/en/merchant/customers"]');
      for (const path of ['menu/services', 'menu/groups', 'menu/categories', 'setting/general-setting'])
        expect([path, await page.$$(`a[href="/en/merchant/${path}"]`)]).toEqual([path, []]);
      expect(await page.$$('[data-testid=shortcut-services]')).toHaveLength(0);
      for (const path of ['menu/services', 'menu/services/activate-services', 'setting/general-setting']) {
        await page.goto(`${url}/en/merchant/${path}`);
        await page.waitForURL(`${url}/en/merchant/no-permission`);
        await page.waitForSelector('[data-testid=no-permission]');
      }
    });

    describe('screenshots of the menu and VAT screens', () => {
      for (const language of ['en', 'ar'] as const) {
        it(`in ${language === 'en' ? 'English' : 'Arabic'}`, async () => {
          const { page } = await tab(language);
          const at = (path: string) => `${url}/${language}/merchant${path}`;
          const name = (screen: string) => `admin-${language}-${screen}`;
          await signIn(page, url, owner, { language });
          await page.waitForSelector('[data-testid=welcome-greeting]');
          await shot(page, name('welcome-with-menu'));

          await page.goto(at('/menu/services'));
          await page.waitForSelector(ROW);
          await shot(page, name('services'));

          await page.goto(at('/menu/services/create'));
          await page.waitForSelector('input[name=price_with_vat]');
          await page.fill('input[name=price_with_vat]', '100');
          await page.fill('input[name=offer_price]', '80');
          await page.fill('input[name=job_time]', '12');
          await page.click('button[type=submit]');
          await page.waitForSelector('.ra-input-name_en .Mui-error');
          await shot(page, name('service-create-errors'));

          await page.goto(at('/menu/services'));
          await page.click(`${ROW} >> nth=2`);
          await page.waitForURL(/\/menu\/services\/[^/]+$/);
          await page.waitForSelector('input[name=price_with_vat]');
          await shot(page, name('service-edit'));

          await page.goto(at('/menu/services/activate-services'));
          await page.waitForSelector('[data-testid=activation-item]');
          await shot(page, name('activate-services'));

          await page.goto(at('/menu/groups'));
          await page.waitForSelector('table');
          await shot(page, name('service-groups'));

          await page.goto(at('/menu/groups/create'));
          await page.waitForSelector('input[name=name_en]');
          await shot(page, name('service-group-create'));

          await page.goto(at('/menu/categories'));
          await page.waitForSelector('table, [data-testid=list-empty]');
          await shot(page, name('categories'));

          await page.goto(at('/menu/categories/activate'));
          await page.waitForSelector('[data-testid=activation-page]');
          await page.waitForFunction(() => !document.querySelector('.MuiSkeleton-root'));
          await shot(page, name('categories-activate'));

          await page.goto(at('/setting/general-setting?tab=vat'));
          await page.waitForSelector('input[name=vat_percentage]');
          await shot(page, name('vat-settings'));
        });
      }
    });
  });
};
