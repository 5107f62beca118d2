/**
 * The settings screens and the setup wizard in the browser (issue 4 §7). Called by admin.e2e.spec.ts
 * with its server and tabs, like menu.e2e.ts (one `npm start` for the whole browser suite).
 */
import type { Page } from 'playwright-core';
import { chooseTime, clickMenu, DEMO, expandMenu, shot, signIn } from './browser';
import type { SuiteContext } from './menu.e2e';
// a whole PNG that decodes: the server decodes uploaded images
import { png } from '../../gateway/src/testing/images.test-support';

const owner = { accountId: DEMO.accountId, username: DEMO.owner.username, password: DEMO.owner.password };

/** The screen's own texts (menu, buttons, headings, labels) carry no English words. */
const expectNoEnglish = async (page: Page, allowed: string[] = []) => {
  const texts = await page.$$eval('[role=menuitem], button, h1, h2, h3, label, th, [role=tab]', (nodes) =>
    nodes.map((n) => (n.textContent ?? '').trim()).filter(Boolean),
  );
  // names are data; 'IP' is how Arabic writes it too
  const english = texts.filter((text) =>
    /[A-Za-z]{2,}/.test([...allowed, 'IP', 'English'].reduce((t, a) => t.split(a).join(''), text)),
  );
  expect(english).toEqual([]);
};

const stamp = Date.now() % 100000;
const salon = {
  alias: `wizardsalon${stamp}`,
  name_en: `Wizard Salon ${stamp}`,
  name_ar: 'صالون المعالج',
  owner_name: 'Noura Al-Harbi',
  owner_username: 'noura',
  owner_email: `noura${stamp}@wizard.example`,
  owner_password: 'Wizard@12345',
};
let accountId = '';

const saveStep = async (page: Page, next: string) => {
  await page.click('[data-testid=settings-save]');
  await page.waitForSelector(`[data-testid=wizard-form-${next}]`);
};

export const wizardTests = ({ url, tab }: SuiteContext) => {
  describe('settings and the setup wizard', () => {
    it('lets a platform manager open a salon account, with every rule and a taken alias on its field', async () => {
      const { page } = await tab();
      await signIn(page, url, DEMO.manager, { area: 'manager' });
      await page.waitForURL(`${url}/en/manager/dashboard`);
      await page.click('a.RaMenuItemLink-root[href="/en/manager/merchants/active-merchants"]');
      await page.waitForSelector('tr:has-text("demosalon")');
      await shot(page, 'manager-en-accounts');
      await page.click('[data-testid=open-account]');
      await page.waitForSelector('input[name=name_en]');

      // The contracts' rules, before anything is sent.
      await page.fill('input[name=alias]', 'no spaces');
      await page.fill('input[name=owner_email]', 'not-an-email');
      await page.click('button[type=submit]');
      await page.waitForSelector('text=English name is required');
      await page.waitForSelector('.ra-input-owner_email .Mui-error');
      await page.waitForSelector('.ra-input-alias .Mui-error');
      await shot(page, 'manager-en-account-create-errors');

      await page.fill('input[name=name_en]', salon.name_en);
      await page.fill('input[name=name_ar]', salon.name_ar);
      await page.fill('input[name=alias]', 'demosalon');
      await page.fill('input[name=owner_name]', salon.owner_name);
      await page.fill('input[name=owner_username]', salon.owner_username);
      await page.fill('input[name=owner_email]', salon.owner_email);
      await page.fill('input[name=owner_password]', salon.owner_password);
      // The server's 409: another salon has this address.
      await page.click('button[type=submit]');
      await page.waitForSelector('.ra-input-alias >> text=Another salon already uses this address');

      await page.fill('input[name=alias]', salon.alias);
      await page.click('button[type=submit]');
      await page.waitForURL(`${url}/en/manager/merchants/active-merchants`);
      const row = `tr:has-text("${salon.alias}")`;
      await page.waitForSelector(row);
      expect(await page.textContent(row)).toContain(salon.name_en);
      expect(await page.textContent(`${row} [data-testid=account-wizard]`)).toContain('0%');
      accountId = ((await page.textContent(`${row} td`)) ?? '').trim();
      expect(accountId).toMatch(/^\d+$/);

      // The same list in Arabic: the names in the page's language, right to left.
      await page.goto(`${url}/ar/manager/merchants/active-merchants`);
      await page.waitForSelector(`tr:has-text("${salon.name_ar}")`);
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      await expectNoEnglish(page, [salon.alias, 'Platform Admin']);
      await shot(page, 'manager-ar-accounts');
      await page.goto(`${url}/ar/manager/merchants/active-merchants/create`);
      await page.waitForSelector('input[name=name_en]');
      await page.fill('input[name=alias]', 'a b');
      await page.click('button[type=submit]');
      await page.waitForSelector('text=حقل الاسم بالإنجليزية مطلوب');
      await shot(page, 'manager-ar-account-create-errors');
    });

    it('takes the new owner, in Arabic on a phone, through every wizard step from the empty account to 100 %', async () => {
      expect(accountId).not.toBe('');
      const { page } = await tab('ar');
      // An owner sets the salon up on a phone first (issue 8): every button of every step must take
      // a tap there, none under another form's bar fixed to the bottom of the screen.
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(
        page,
        url,
        { accountId, username: salon.owner_username, password: salon.owner_password },
        { language: 'ar' },
      );
      // a new salon's owner lands in the wizard from her first welcome page; back there, the page
      // calls her to carry on
      await page.waitForURL(`${url}/ar/merchant/wizard`);
      await page.waitForSelector('[data-testid=wizard-form-general-informations]');
      await page.goto(`${url}/ar/merchant`);
      await page.waitForSelector('[data-testid=wizard-call]');
      expect(await page.textContent('[data-testid=wizard-call]')).toContain('0%');
      await shot(page, 'wizard-ar-welcome-call');
      await page.click('[data-testid=continue-setup]');
      await page.waitForURL(`${url}/ar/merchant/wizard`);

      // 1. General information: the Saudi rule for the tax number, in Arabic, on its field.
      await page.waitForSelector('[data-testid=wizard-form-general-informations] input[name=name_ar]');
      expect(await page.getAttribute('[data-testid=wizard-step-general-informations]', 'data-status')).toBe(
        'current',
      );
      expect(await page.getAttribute('[data-testid=wizard-step-vat]', 'data-status')).toBe('pending');
      expect(await page.textContent('[data-testid=wizard-progress]')).toContain('0%');
      expect(await page.inputValue('input[name=name_ar]')).toBe(salon.name_ar);
      await page.fill('input[name=vat_number]', '123456789012345');
      await page.click('[data-testid=settings-save]');
      await page.waitForSelector('.ra-input-vat_number .Mui-error');
      await expectNoEnglish(page, [salon.name_en, salon.owner_name]);
      await shot(page, 'wizard-ar-1-general-errors');
      await page.fill('input[name=vat_number]', '300000000000003');
      await page.fill('input[name=phone]', '+966112345678');
      await saveStep(page, 'vat');

      // 2. VAT (the country's 15 %), 3. business hours, as they are.
      expect(await page.textContent('[data-testid=wizard-progress]')).toContain('20%');
      expect(await page.getAttribute('[data-testid=wizard-step-general-informations]', 'data-status')).toBe(
        'completed',
      );
      await page.waitForSelector('input[name=vat_percentage]');
      expect(await page.inputValue('input[name=vat_percentage]')).toBe('15');
      await shot(page, 'wizard-ar-2-vat');
      await saveStep(page, 'business-hours');
      expect(await page.textContent('[data-testid=wizard-progress]')).toContain('30%');
      await page.waitForSelector('[data-testid=day-6]');
      await shot(page, 'wizard-ar-3-business-hours');
      await saveStep(page, 'employees');

      // 4. Employees: the owner is there; one more with the essentials.
      expect(await page.textContent('[data-testid=wizard-progress]')).toContain('45%');
      await page.waitForSelector('[data-testid=wizard-employee]');
      expect(await page.$$('[data-testid=wizard-employee]')).toHaveLength(1);
      await page.fill('input[name=name_ar]', 'ريم العتيبي');
      await page.fill('input[name=name_en]', 'Reem Al-Otaibi');
      await page.fill('input[name=job_title]', 'مصففة شعر');
      await page.click('[data-testid=wizard-add-employee]');
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid=wizard-employee]').length === 2,
      );
      await shot(page, 'wizard-ar-4-employees');
      await page.click('[data-testid=wizard-employees-next]');
      await page.waitForSelector('[data-testid=wizard-form-invoice-setting]');

      // 5. Invoice settings.
      expect(await page.textContent('[data-testid=wizard-progress]')).toContain('65%');
      await page.waitForSelector('textarea[name=invoice_notes_ar]');
      await page.fill('textarea[name=invoice_notes_ar]', 'شكرًا لزيارتكم');
      await shot(page, 'wizard-ar-5-invoice');
      await saveStep(page, 'einvoicing');

      // A Saudi salon's e-invoicing: skipped here, once told what that means (einvoicing.e2e.ts connects one).
      await page.click('[data-testid=wizard-einvoicing-skip]');
      await page.click('[data-testid=wizard-einvoicing-skip-confirm]');
      await page.waitForSelector('[data-testid=wizard-form-activate-services]');

      // 6. Activate services: the empty menu gets a group and a service right here.
      expect(await page.textContent('[data-testid=wizard-progress]')).toContain('80%');
      await page.waitForSelector('[data-testid=wizard-services-empty]');
      await page.click('[data-testid=wizard-services-finish]');
      await page.waitForSelector('[data-testid=wizard-services-refusal]');
      await page.fill('input[name=name_ar]', 'الشعر');
      await page.fill('input[name=name_en]', 'Hair');
      await page.click('[data-testid=wizard-add-group]');
      await page.waitForSelector('input[name=price]');
      await page.fill('input[name=name_ar]', 'قص الشعر');
      await page.fill('input[name=name_en]', 'Haircut');
      await page.fill('input[name=price]', '100');
      expect(await page.inputValue('input[name=price_with_vat]')).toBe('115.00');
      await page.fill('input[name=job_time]', '30');
      await page.click('[data-testid=wizard-add-service]');
      await page.waitForSelector('[data-testid=wizard-service]:has-text("قص الشعر")');
      expect(await page.textContent('[data-testid=wizard-service] [data-testid=amount]')).toBe('115.00 ر.س');
      // one of the platform's suggested services, picked, joins the menu (with its group) in one go
      await page.click('[data-testid=wizard-suggestions] label:has-text("مانيكير")');
      await page.click('[data-testid=wizard-add-suggestions]');
      await page.waitForSelector('[data-testid=wizard-service]:has-text("مانيكير")');
      await expectNoEnglish(page, ['Haircut', salon.owner_name]);
      await shot(page, 'wizard-ar-6-services');
      await page.click('[data-testid=wizard-services-finish]');

      // Done: the welcome page, with no call to continue any more.
      await page.waitForURL(/\/ar\/merchant\/?$/);
      await page.waitForSelector('[data-testid=welcome-greeting]');
      expect(await page.$$('[data-testid=wizard-call]')).toHaveLength(0);
      await shot(page, 'wizard-ar-done-welcome');
      await page.goto(`${url}/ar/merchant/wizard`);
      await page.waitForSelector('[data-testid=wizard-done]');
      expect(await page.textContent('[data-testid=wizard-progress]')).toContain('100%');
      for (const step of [
        'general-informations',
        'vat',
        'business-hours',
        'employees',
        'invoice-setting',
        'einvoicing',
        'activate-services',
      ])
        expect(await page.getAttribute(`[data-testid=wizard-step-${step}]`, 'data-status')).toBe('completed');
      await shot(page, 'wizard-ar-complete');
    });

    it('shows the wizard in English too', async () => {
      const { page } = await tab();
      await signIn(page, url, { accountId, username: salon.owner_username, password: salon.owner_password });
      await page.goto(`${url}/en/merchant/wizard`);
      await page.waitForSelector('[data-testid=wizard-done]');
      await page.click('[data-testid=wizard-step-business-hours] button');
      await page.waitForSelector('[data-testid=wizard-form-business-hours] [data-testid=day-0]');
      expect(await page.textContent('[data-testid=day-0]')).toContain('Sunday');
      await shot(page, 'wizard-en-business-hours');
    });

    it('saves the general settings, uploads a square logo and shows the server errors on their fields', async () => {
      const { page } = await tab();
      await signIn(page, url, owner);
      await page.goto(`${url}/en/merchant/setting/general-setting`);
      await page.waitForSelector('[data-testid=general-settings] input[name=name_en]');

      // The menu has prices in riyals: the server refuses another country, on the field.
      await page.click('.ra-input-country_id [role=combobox]');
      await page.click('[role=option]:has-text("Kuwait")');
      await page.click('[data-testid=settings-save]');
      await page.waitForSelector(
        '.ra-input-country_id >> text=The country cannot change once the menu or products have prices in its currency',
      );
      await shot(page, 'settings-en-general-country-locked');
      await page.click('.ra-input-country_id [role=combobox]');
      await page.click('[role=option]:has-text("Saudi Arabia")');

      // A logo that is not square: the server's message under the input; then a square one.
      await page.setInputFiles('[data-testid=logo-file]', {
        name: 'wide.png',
        mimeType: 'image/png',
        buffer: png(300, 100),
      });
      await page.waitForSelector('[data-testid=logo-error]:has-text("A logo must be a square image")');
      await page.setInputFiles('[data-testid=logo-file]', {
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: png(256, 256),
      });
      await page.waitForSelector('[data-testid=logo-input]:has-text("logo.png uploaded")');
      await page.fill('input[name="social.instagram"]', '@demosalon');
      // its city, among the platform's cities of Saudi Arabia (Dubai is not offered)
      await page.click('[class*="ra-input-city_id"] [role=combobox]');
      await page.waitForSelector('[role=option]:has-text("Jeddah")');
      expect(await page.locator('[role=option]:has-text("Dubai")').count()).toBe(0);
      await page.click('[role=option]:has-text("Riyadh")');
      await page.click('[data-testid=settings-save]');
      await page.waitForSelector('text=The settings were saved');
      await page.reload();
      await page.waitForSelector('[data-testid=logo-input]:has-text("Your logo is printed on invoices")');
      expect(await page.inputValue('input[name="social.instagram"]')).toBe('@demosalon');
      expect(await page.textContent('[class*="ra-input-city_id"] [role=combobox]')).toContain('Riyadh');
      await shot(page, 'settings-en-general');

      // Business hours: the week, then custom periods (at most 30 days, no overlap: the server's 409).
      await page.click('[data-testid=tab-hours]');
      await page.waitForSelector('[data-testid=day-5]');
      await page.click('[data-testid=day-5] input[type=checkbox]');
      await page.click('[data-testid=business-hours] [data-testid=settings-save]');
      await page.waitForSelector('text=The settings were saved');
      const addPeriod = async (name: string, from: string, to: string) => {
        await page.fill('[data-testid=custom-hours] input[name=name]', name);
        await page.fill('[data-testid=custom-hours] input[name=from_date]', from);
        await page.fill('[data-testid=custom-hours] input[name=to_date]', to);
        await chooseTime(page, '[data-testid=custom-hours]', 'from', '01:00 PM');
        await chooseTime(page, '[data-testid=custom-hours]', 'to', '08:00 PM');
        await page.click('[data-testid=custom-hours-add]');
      };
      await addPeriod('Ramadan', '2027-02-08', '2027-03-20');
      await page.waitForSelector('.ra-input-to_date >> text=A period can be at most 30 days');
      await addPeriod('Ramadan', '2027-02-08', '2027-03-08');
      await page.waitForSelector('[data-testid=custom-hours-row]:has-text("Ramadan")');
      await addPeriod('Eid', '2027-03-08', '2027-03-10');
      await page.waitForSelector('.ra-input-from_date >> text=This period overlaps another one');
      await shot(page, 'settings-en-hours');
      await page.click('[data-testid=custom-hours-delete]');
      await page.click('.MuiDialog-root button:has-text("Confirm")');
      await page.waitForSelector('[data-testid=custom-hours-empty]');
      // the demo's week as it was, Friday open again with its hours (the appointment book's tests book
      // on Fridays, after this one)
      await page.click('[data-testid=day-5] input[type=checkbox]');
      await page.click('[data-testid=business-hours] [data-testid=settings-save]');
      await page.waitForSelector('text=The settings were saved');
      const week = await page.evaluate(async () => {
        const res = await fetch('/api/merchant/business-hours/week', {
          headers: { Authorization: `Bearer ${localStorage.getItem('rawnaq.merchant.token')}` },
        });
        return ((await res.json()) as { days?: unknown[] }).days;
      });
      expect(week?.[5]).toEqual({ is_open: true, from: '16:00', to: '23:00' });
    });

    it('saves invoice, notification and online settings, with a taken alias on its field', async () => {
      const { page } = await tab();
      await signIn(page, url, owner);
      await clickMenu(page, '/en/merchant/setting/invoice-setting');
      await page.waitForSelector('[data-testid=invoice-settings] textarea[name=invoice_notes_en]');
      await page.fill('textarea[name=invoice_notes_en]', 'Thank you for visiting');
      await page.click('[data-testid=settings-save]');
      await page.waitForSelector('text=The settings were saved');
      await shot(page, 'settings-en-invoice');

      await clickMenu(page, '/en/merchant/setting/notifications-setting');
      await page.waitForSelector('input[name=reminder_hours_before]');
      await page.fill('input[name=reminder_hours_before]', '100');
      await page.click('[data-testid=settings-save]');
      await page.waitForSelector('.ra-input-reminder_hours_before .Mui-error');
      await page.fill('input[name=reminder_hours_before]', '12');
      await page.click('[data-testid=settings-save]');
      await page.waitForSelector('text=The settings were saved');
      await shot(page, 'settings-en-notifications');

      await clickMenu(page, '/en/merchant/setting/online-setting');
      await page.waitForSelector('input[name=alias]');
      expect(await page.inputValue('input[name=alias]')).toBe('demosalon');
      await page.fill('input[name=alias]', salon.alias);
      await page.click('[data-testid=settings-save]');
      await page.waitForSelector('.ra-input-alias >> text=Another salon already uses this address');
      await shot(page, 'settings-en-online-alias-taken');
      await page.fill('input[name=alias]', 'demosalon');

      await page.click('[data-testid=edit-terms]');
      await page.waitForSelector('textarea[name=terms_ar]');
      await page.fill('textarea[name=terms_ar]', 'يُرجى الحضور قبل الموعد بعشر دقائق.');
      await page.fill('textarea[name=terms_en]', 'Please arrive ten minutes early.');
      await page.click('[data-testid=settings-save]');
      await page.waitForSelector('text=The settings were saved');
      await shot(page, 'settings-en-terms');
    });

    it('shows every settings screen in Arabic, right to left', async () => {
      const { page } = await tab('ar');
      await signIn(page, url, owner, { language: 'ar' });
      const screens: [string, string, string][] = [
        ['/setting/general-setting', '[data-testid=general-settings] input[name=name_ar]', 'general'],
        ['/setting/general-setting?tab=vat', 'input[name=vat_percentage]', 'vat'],
        ['/setting/general-setting?tab=hours', '[data-testid=day-6]', 'hours'],
        ['/setting/invoice-setting', 'textarea[name=invoice_notes_ar]', 'invoice'],
        ['/setting/notifications-setting', 'input[name=reminder_hours_before]', 'notifications'],
        ['/setting/online-setting', 'input[name=alias]', 'online'],
        ['/setting/online-setting/terms-and-conditions', 'textarea[name=terms_ar]', 'terms'],
        ['/setting/online-setting/refund-policy', 'textarea[name=refund_policy_ar]', 'refund-policy'],
      ];
      for (const [path, ready, name] of screens) {
        await page.goto(`${url}/ar/merchant${path}`);
        await page.waitForSelector(ready).catch(async (error: unknown) => {
          await shot(page, `settings-ar-${name}-failed`);
          throw error;
        });
        expect(await page.getAttribute('html', 'dir')).toBe('rtl');
        await expectNoEnglish(page, [DEMO.owner.name]);
        await shot(page, `settings-ar-${name}`);
      }
      // A server error in Arabic, on its field.
      await page.goto(`${url}/ar/merchant/setting/online-setting`);
      await page.waitForSelector('input[name=alias]');
      await page.fill('input[name=alias]', salon.alias);
      await page.click('[data-testid=settings-save]');
      await page.waitForSelector('.ra-input-alias >> text=يستخدم صالون آخر هذا العنوان');
      await shot(page, 'settings-ar-online-alias-taken');
    });

    it('keeps the settings and the wizard from a receptionist without the settings rights', async () => {
      const { page } = await tab();
      await signIn(page, url, { accountId: DEMO.accountId, ...DEMO.receptionist });
      await page.waitForSelector('[data-testid=welcome-greeting]');
      expect(await page.$$('[data-testid=wizard-call]')).toHaveLength(0);
      await expandMenu(page);
      expect(await page.$$('a.RaMenuItemLink-root[href="/en/merchant/setting/online-setting"]')).toHaveLength(
        0,
      );
      await page.goto(`${url}/en/merchant/wizard`);
      await page.waitForURL(`${url}/en/merchant/no-permission`);
      await page.goto(`${url}/en/merchant/setting/invoice-setting`);
      await page.waitForURL(`${url}/en/merchant/no-permission`);
    });
  });
};
