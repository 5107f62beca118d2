/**
 * Each job's day in the browser (issue 24): the standard roles (owner, manager, receptionist, cashier,
 * stylist, accountant) each sign in to the demo salon, see in the menu what they may open and nothing
 * else, walk the screens of their day, and every link on those screens leads somewhere they may go.
 * Then the menu by job (folding, searching in both languages, the phone's drawer), the index pages of
 * the point of sale and the report groups (what the menu offers, nothing more), the wizard of a new
 * salon whose only employee is its owner, the owner lifting her receptionist's sign-in pause, the
 * session ended by a sign-in elsewhere saying who and where, and "forgot account ID". Called by
 * flows.e2e.spec.ts with its server and tabs.
 */
import type { Page } from 'playwright-core';
import { DEMO, expandMenu, noSideScroll, openInApp, shot, signIn } from './browser';
import type { SuiteContext } from './menu.e2e';

const PASSWORD = 'Demo@12345';
const as = (username: string) => ({ accountId: DEMO.accountId, username, password: PASSWORD });
const run = String(Date.now()).slice(-6);

/** A call of the API (set-up and checks from outside the browser). */
const api = async <T>(url: string, method: string, path: string, token?: string, body?: object) => {
  const res = await fetch(`${url}/api/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
};
const apiToken = async (url: string, realm: 'merchant' | 'manager', credentials: object) =>
  (
    await api<{ api_token: string }>(url, 'POST', `${realm}/login`, undefined, {
      ...credentials,
      force: true,
    })
  ).body.api_token;

/** The merchant screens the side menu offers this user, as paths under `/en/merchant/` (every group opened). */
const menuPaths = async (page: Page, language: 'en' | 'ar' = 'en') => {
  await expandMenu(page);
  const prefix = `/${language}/merchant/`;
  return (
    await page.$$eval('[data-testid=merchant-menu] a[href]', (links) =>
      links.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
    )
  )
    .filter((path) => path.startsWith(prefix))
    .map((path) => path.slice(prefix.length));
};

/** The page has settled: it went to "no permission", or shows its content with nothing loading any more. */
const settled = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => {
    if (location.pathname.endsWith('/no-permission') || location.pathname.endsWith('/access-denied'))
      return true;
    const main = document.querySelector('#main-content');
    return (
      main !== null &&
      (main.textContent ?? '').trim().length > 0 &&
      main.querySelector('[role=progressbar]') === null
    );
  });
};

/** A path with its record ids as placeholders: one record of a kind is enough to follow. */
const kindOf = (path: string) =>
  path
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ':id')
    .replace(/\/\d+(?=\/|$)/g, '/:n');

/**
 * Every link of the screens walked leads somewhere this user may go: each kind of address the
 * screens' content links to is opened in the same session (another page of the browser) and must not
 * end on "no permission". Answers the addresses followed.
 */
const followEveryLink = async (page: Page, screens: string[], language: 'en' | 'ar' = 'en') => {
  const base = new URL(page.url()).origin;
  const prefix = `/${language}/merchant/`;
  const links = new Map<string, string>();
  for (const screen of screens) {
    await openInApp(page, `${base}${prefix}${screen}`);
    await settled(page);
    expect([screen, new URL(page.url()).pathname]).not.toEqual([screen, `${prefix}no-permission`]);
    for (const href of await page.$$eval('#main-content a[href]', (as) =>
      as.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
    ))
      if (href.startsWith(prefix) && !links.has(kindOf(href))) links.set(kindOf(href), href);
  }
  const other = await page.context().newPage();
  try {
    for (const href of links.values()) {
      await openInApp(other, `${base}${href}`);
      await settled(other);
      expect([href, new URL(other.url()).pathname]).not.toEqual([href, `${prefix}no-permission`]);
    }
  } finally {
    await other.close();
  }
  return [...links.keys()];
};

/** The spec's index pages: `pos` and the report groups (doc1 §2). */
const INDEXES = ['pos', 'reports/general', 'reports/inventory', 'reports/management', 'reports/accounting'];

/**
 * Each index page lists exactly the screens of its group that the menu offers this user (the group's
 * screens and no other), or sends her to "no permission" when the menu offers none of them. Answers
 * what each page listed.
 */
const indexesMatchMenu = async (page: Page, menu: string[], language: 'en' | 'ar' = 'en') => {
  const base = new URL(page.url()).origin;
  const prefix = `/${language}/merchant/`;
  const listed: Record<string, string[]> = {};
  for (const index of INDEXES) {
    // walked in the app (the router moves, nothing reloads), and read once the new page is still
    await openInApp(page, `${base}${prefix}${index}`);
    await page.waitForSelector('[data-testid=index-page], [data-testid=no-permission]');
    listed[index] = (
      await page.$$eval('[data-testid=index-page] a[href]', (links) =>
        links.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
      )
    ).map((path) => path.slice(prefix.length));
    for (const path of listed[index]) expect([index, path, menu.includes(path)]).toEqual([index, path, true]);
    if (listed[index].length === 0) expect(new URL(page.url()).pathname).toBe(`${prefix}no-permission`);
  }
  return listed;
};

/** The first record's id of a list, read with the page's own session. */
const firstId = (page: Page, path: string) =>
  page.evaluate(async (p) => {
    const res = await fetch(`/api/merchant/${p}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('rawnaq.merchant.token')}` },
    });
    return ((await res.json()) as Array<{ id: string }>)[0]?.id ?? '';
  }, path);

const calendarReady = async (page: Page) => {
  await page.waitForSelector('.rbc-time-view, [data-testid=calendar-no-employees]');
  await page.waitForLoadState('networkidle');
};

const openDrawer = async (page: Page) => {
  await page.click('button:has(.RaSidebarToggleButton-menuButtonIconClosed)');
  await page.waitForSelector('[data-testid=menu-search]');
};

export const rolesTests = ({ url, tab }: SuiteContext) => {
  describe("each role's day, the menu by job, and signing in", () => {
    it('the receptionist runs the front desk: everyone’s book, the till, an invoice reprinted; no staff, settings or reports', async () => {
      const owner = await apiToken(url, 'merchant', as(DEMO.owner.username));
      const today = (
        await api<{ global_informations: { today: string } }>(
          url,
          'POST',
          'merchant/get_global_informations',
          owner,
        )
      ).body.global_informations.today;
      const visits = await api<Array<{ state: string }>>(
        url,
        'GET',
        `merchant/appointments?filter=${encodeURIComponent(JSON.stringify({ date: today }))}&range=[0,19]`,
        owner,
      );
      const todays = visits.body.filter((v) => v.state !== 'cancelled').length;

      const { page } = await tab();
      await signIn(page, url, as(DEMO.receptionist.username));
      await page.waitForSelector('[data-testid=welcome-greeting]');
      // today's appointments: everyone's, as the owner sees them
      await page.waitForSelector('[data-testid=today-visits]');
      await page.waitForLoadState('networkidle');
      expect(await page.$$('[data-testid=today-visit]')).toHaveLength(Math.min(todays, 8));
      const menu = await menuPaths(page);
      for (const path of ['appointments', 'billing', 'accounting/total-sales', 'customers', 'on-hold-report'])
        expect([path, menu.includes(path)]).toEqual([path, true]);
      for (const path of [
        'employees/employees',
        'employees/roles',
        'setting/general-setting',
        'reports/vat-report',
        'advanced-accounting/audit-log',
        'menu/services',
      ])
        expect([path, menu.includes(path)]).toEqual([path, false]);
      expect(
        await page.$$('[data-testid=menu-group-settings], [data-testid=menu-group-money_reports]'),
      ).toHaveLength(0);

      // the book: every stylist's column, no "no employee takes appointments"
      await page.goto(`${url}/en/merchant/appointments`);
      await calendarReady(page);
      expect(await page.$('[data-testid=calendar-no-employees]')).toBeNull();
      await page.waitForSelector('[data-testid=calendar-new]');
      const columns = (
        await page.$$eval('.rbc-time-header .rbc-header', (hs) => hs.map((h) => h.textContent))
      ).join(' ');
      expect(columns).toContain('Noura Al-Qahtani');
      expect(columns).toContain('Reem Abdullah');
      await shot(page, 'roles-receptionist-book');

      // an invoice opened from the list, its customer's e-invoice there to print again
      await page.goto(`${url}/en/merchant/accounting/total-sales`);
      await page.click('tbody tr >> nth=0');
      await page.waitForURL(/\/accounting\/total-sales\/[^/]+\/show$/);
      await page.waitForSelector('[data-testid=invoice-show]');
      await page.waitForSelector('[data-testid=customer-einvoice]');
      await shot(page, 'roles-receptionist-invoice');

      const invoice = await firstId(page, 'invoices?range=[0,0]');
      const customer = await firstId(page, 'customers?range=[0,0]&sort=["name","ASC"]');
      await followEveryLink(page, [
        '',
        'dashboard',
        'appointments',
        'accounting/total-sales',
        `accounting/total-sales/${invoice}/show`,
        'customers',
        `customers/${customer}/show`,
        'billing',
        'accounting/payments',
      ]);
      await page.goto(`${url}/en/merchant/employees/employees`);
      await page.waitForURL(`${url}/en/merchant/no-permission`);
    });

    it('the cashier takes the money: the till, her day, invoices; the book to read, not to book', async () => {
      const { page } = await tab();
      await signIn(page, url, as(DEMO.cashier.username));
      await page.waitForSelector('[data-testid=welcome-greeting]');
      const menu = await menuPaths(page);
      for (const path of [
        'billing',
        'pos/current-cashier-employee',
        'accounting/total-sales',
        'appointments',
      ])
        expect([path, menu.includes(path)]).toEqual([path, true]);
      for (const path of [
        'employees/employees',
        'reports/vat-report',
        'setting/general-setting',
        'menu/services',
      ])
        expect([path, menu.includes(path)]).toEqual([path, false]);
      await page.goto(`${url}/en/merchant/appointments`);
      await calendarReady(page);
      expect(await page.$('[data-testid=calendar-no-employees]')).toBeNull();
      // nothing to book with: no "new appointment" (the receptionist's book has it)
      expect(await page.$('[data-testid=calendar-new]')).toBeNull();
      const invoice = await firstId(page, 'invoices?range=[0,0]');
      await followEveryLink(page, [
        '',
        'billing',
        'pos/current-cashier-employee',
        'accounting/total-sales',
        `accounting/total-sales/${invoice}/show`,
        'appointments',
      ]);
      await shot(page, 'roles-cashier-invoice');
    });

    it('the stylist, in Arabic on a phone, sees her own column and her customers; no till, no invoices', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, url, as(DEMO.stylist.username), { language: 'ar' });
      await page.waitForSelector('[data-testid=welcome-greeting]');
      await openDrawer(page);
      const menu = await menuPaths(page, 'ar');
      for (const path of ['appointments', 'customers', 'employees/attendence-system'])
        expect([path, menu.includes(path)]).toEqual([path, true]);
      for (const path of ['billing', 'accounting/total-sales', 'accounting/payments', 'employees/employees'])
        expect([path, menu.includes(path)]).toEqual([path, false]);
      await shot(page, 'roles-stylist-ar-phone-menu');
      await page.goto(`${url}/ar/merchant/appointments`);
      await calendarReady(page);
      const columns = (
        await page.$$eval('.rbc-time-header .rbc-header', (hs) => hs.map((h) => h.textContent))
      ).join(' ');
      expect(columns).toContain('نورة القحطاني');
      expect(columns).not.toContain('ريم');
      expect(await page.$('[data-testid=calendar-employee]')).toBeNull();
      await shot(page, 'roles-stylist-ar-phone-book');
      // a customer's page: her wallet's and offers' invoices are words, not links to "no permission"
      const customers = await page.evaluate(async () => {
        const res = await fetch('/api/merchant/customers?range=[0,9]', {
          headers: { Authorization: `Bearer ${localStorage.getItem('rawnaq.merchant.token')}` },
        });
        return ((await res.json()) as Array<{ id: string }>).map((c) => c.id);
      });
      await followEveryLink(
        page,
        [
          '',
          'appointments',
          'customers',
          ...customers.flatMap((id) => [
            `customers/${id}/show`,
            `customers/${id}/show/wallet`,
            `customers/${id}/show/offers`,
          ]),
        ],
        'ar',
      );
      await page.goto(`${url}/ar/merchant/billing`);
      await page.waitForURL(`${url}/ar/merchant/no-permission`);
    });

    it('the accountant reads invoices, what is owed, payments and the reports, and keeps the books; sells, books visits and sees customers nothing', async () => {
      const { page } = await tab();
      await signIn(page, url, as(DEMO.accountant.username));
      await page.waitForSelector('[data-testid=welcome-greeting]');
      const menu = await menuPaths(page);
      for (const path of [
        'accounting/total-sales',
        'accounting/receivable',
        'accounting/payments',
        'reports/vat-report',
        'reports/daily-general-summary',
        'reports/inventory-movements',
        'dashboard',
        // the books: hers to keep (issue 25)
        'accounting/expenses',
        'advanced-accounting/payrols',
        'advanced-accounting/general-journals',
        'advanced-accounting/trial-balance',
      ])
        expect([path, menu.includes(path)]).toEqual([path, true]);
      for (const path of [
        'billing',
        'customers',
        'appointments',
        'employees/employees',
        'setting/general-setting',
      ])
        expect([path, menu.includes(path)]).toEqual([path, false]);
      const invoice = await firstId(page, 'invoices?range=[0,0]');
      await followEveryLink(page, [
        '',
        'dashboard',
        'accounting/total-sales',
        `accounting/total-sales/${invoice}/show`,
        'accounting/receivable',
        'accounting/payments',
        'reports/vat-report',
        'reports/daily-general-summary',
        'reports/unused-customers-offers-report',
        'reports/active-gifts-cards',
      ]);
      // read only: no till, no note, no payment taken from the invoice
      await page.goto(`${url}/en/merchant/accounting/total-sales/${invoice}/show`);
      await page.waitForSelector('[data-testid=invoice-show]');
      expect(
        await page.$(
          '[data-testid=invoice-credit-note], [data-testid=invoice-debit-note], [data-testid=receive-payment], #main-content a[href*="total-sales/credit-note"], #main-content a[href*="total-sales/debit-note"]',
        ),
      ).toBeNull();
      await shot(page, 'roles-accountant-invoice');
      await page.goto(`${url}/en/merchant/billing`);
      await page.waitForURL(`${url}/en/merchant/no-permission`);
    });

    it('the manager runs the salon: staff, reports, settings; roles and logins stay the owner’s', async () => {
      const { page } = await tab();
      await signIn(page, url, as(DEMO.salonManager.username));
      await page.waitForSelector('[data-testid=welcome-greeting]');
      const menu = await menuPaths(page);
      for (const path of [
        'employees/employees',
        'employees/roles',
        'reports/vat-report',
        'setting/general-setting',
      ])
        expect([path, menu.includes(path)]).toEqual([path, true]);
      await page.goto(`${url}/en/merchant/employees/roles`);
      await page.waitForSelector('[data-testid=role-name]');
      expect(
        await page.$$('[data-testid=new-role], [data-testid=edit-role], [data-testid=delete-role]'),
      ).toHaveLength(0);
      const employee = await firstId(page, 'employees?range=[0,0]');
      await page.goto(`${url}/en/merchant/employees/employees/${employee}`);
      await page.click('[data-testid=tab-login]');
      await page.waitForSelector('text=Your role does not allow giving logins or changing roles.');
      await followEveryLink(page, ['', 'employees/employees', 'employees/roles', 'reports/vat-report']);
    });

    it('the owner has every group; they fold and stay so, and the search finds a screen in English', async () => {
      const { page } = await tab();
      await signIn(page, url, as(DEMO.owner.username));
      await page.waitForSelector('[data-testid=welcome-greeting]');
      const groups = await page.$$eval('[data-testid^=menu-group-]', (hs) =>
        hs.map((h) => h.getAttribute('data-testid')),
      );
      expect(groups).toEqual(
        [
          'front_desk',
          'till',
          'customers',
          'staff',
          'menu_stock',
          'money_reports',
          'other_reports',
          'books',
          'settings',
        ].map((key) => `menu-group-${key}`),
      );
      // folded on the welcome page: a short menu; a group opens on a click and stays open
      expect(await page.$$('[data-testid=merchant-menu] a.RaMenuItemLink-root')).toHaveLength(3);
      await page.click('[data-testid=menu-group-till]');
      await page.waitForSelector('a.RaMenuItemLink-root[href="/en/merchant/accounting/total-sales"]');
      await page.reload();
      await page.waitForSelector('a.RaMenuItemLink-root[href="/en/merchant/accounting/total-sales"]');
      expect(await page.getAttribute('[data-testid=menu-group-till]', 'aria-expanded')).toBe('true');
      await page.click('[data-testid=menu-group-till]');
      await page.waitForSelector('a.RaMenuItemLink-root[href="/en/merchant/accounting/total-sales"]', {
        state: 'detached',
      });
      // the owner's ~75 entries
      expect((await menuPaths(page)).length).toBeGreaterThan(60);
      await shot(page, 'roles-owner-menu-open');
      await page.reload();
      await page.waitForSelector('[data-testid=menu-search]');
      await page.fill('[data-testid=menu-search]', 'vat report');
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid=merchant-menu] a.RaMenuItemLink-root').length === 1,
      );
      expect(await page.textContent('[data-testid=merchant-menu] a.RaMenuItemLink-root')).toContain(
        'VAT report',
      );
      await shot(page, 'roles-owner-menu-search');
      await page.press('[data-testid=menu-search]', 'Enter');
      await page.waitForURL(`${url}/en/merchant/reports/vat-report`);
      expect(await page.inputValue('[data-testid=menu-search]')).toBe('');
      // its group opened by itself, on the screen it holds
      expect(await page.getAttribute('[data-testid=menu-group-money_reports]', 'aria-expanded')).toBe('true');
      await page.fill('[data-testid=menu-search]', 'no such screen');
      await page.waitForSelector('[data-testid=menu-nothing-found]');
    });

    it('the menu in Arabic on a phone: the drawer, a search typed as people type it, the drawer closing on a choice', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, url, as(DEMO.owner.username), { language: 'ar' });
      await page.waitForSelector('[data-testid=welcome-greeting]');
      await openDrawer(page);
      await shot(page, 'roles-owner-ar-phone-menu');
      // "ضريبه" with a plain ha, as typed on a phone, finds "تقرير ضريبة القيمة المضافة"
      await page.fill('[data-testid=menu-search]', 'ضريبه');
      await page.waitForSelector(
        '[data-testid=merchant-menu] a.RaMenuItemLink-root[href="/ar/merchant/reports/vat-report"]',
      );
      const found = await page.$$eval('[data-testid=merchant-menu] a.RaMenuItemLink-root', (as) =>
        as.map((a) => a.textContent ?? ''),
      );
      expect(found.every((text) => /ضريب/.test(text))).toBe(true);
      await shot(page, 'roles-owner-ar-phone-search');
      await page.click('a.RaMenuItemLink-root[href="/ar/merchant/reports/vat-report"]');
      await page.waitForURL(`${url}/ar/merchant/reports/vat-report`);
      await page.waitForSelector('[data-testid=menu-search]', { state: 'detached' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });

    it('opens the point of sale and each report group at its own address, listing only what the user may open', async () => {
      // the owner, in Arabic on a phone: every group's screens, one tap each
      const { page } = await tab('ar');
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, url, as(DEMO.owner.username), { language: 'ar' });
      await page.waitForSelector('[data-testid=welcome-greeting]');
      await openDrawer(page);
      const listed = await indexesMatchMenu(page, await menuPaths(page, 'ar'), 'ar');
      expect(listed.pos).toEqual(
        expect.arrayContaining(['billing', 'pos/sell-gift-card', 'pos/daily-payments']),
      );
      expect(listed['reports/general']).toContain('reports/appointments-report');
      expect(listed['reports/inventory']).toContain('reports/inventory-status');
      expect(listed['reports/management']).toContain('reports/services-report');
      expect(listed['reports/accounting']).toEqual(
        expect.arrayContaining(['reports/daily-general-summary', 'reports/vat-report']),
      );
      // no group's screen leaks into another's page
      expect(listed['reports/accounting']).not.toContain('reports/services-report');
      await page.goto(`${url}/ar/merchant/reports/accounting`);
      await page.waitForSelector('[data-testid="index-entry-reports/vat-report"]');
      expect(await page.textContent('[data-testid=index-page] h1')).toBe('التقارير المحاسبية');
      await noSideScroll(page);
      await shot(page, 'index-reports-accounting-ar-phone');
      await page.click('[data-testid="index-entry-reports/vat-report"]');
      await page.waitForURL(`${url}/ar/merchant/reports/vat-report`);
      await page.goto(`${url}/ar/merchant/pos`);
      await page.waitForSelector('[data-testid=index-page]');
      await noSideScroll(page);
      await shot(page, 'index-pos-ar-phone');

      // the cashier, in English on a desktop: the till's screens, and no money report
      const cashier = await tab();
      await signIn(cashier.page, url, as(DEMO.cashier.username));
      await cashier.page.waitForSelector('[data-testid=welcome-greeting]');
      const hers = await indexesMatchMenu(cashier.page, await menuPaths(cashier.page));
      expect(hers.pos).toEqual(expect.arrayContaining(['billing', 'pos/current-cashier-employee']));
      expect(hers['reports/accounting']).not.toContain('reports/vat-report');
      await cashier.page.goto(`${url}/en/merchant/pos`);
      await cashier.page.waitForSelector('[data-testid=index-page]');
      await shot(cashier.page, 'index-pos-en-cashier');
      await followEveryLink(cashier.page, ['pos']);

      // the accountant reads the accounting reports, and the point of sale has nothing for her
      const accountant = await tab();
      await signIn(accountant.page, url, as(DEMO.accountant.username));
      await accountant.page.waitForSelector('[data-testid=welcome-greeting]');
      const its = await indexesMatchMenu(accountant.page, await menuPaths(accountant.page));
      expect(its.pos).toEqual([]);
      expect(its['reports/accounting']).toContain('reports/vat-report');
      await accountant.page.goto(`${url}/en/merchant/reports/accounting`);
      await accountant.page.waitForSelector('[data-testid=index-page]');
      await shot(accountant.page, 'index-reports-accounting-en-accountant');
    });

    it('takes a new salon whose only employee is its owner through the wizard to a book with her column', async () => {
      const manager = await apiToken(url, 'manager', DEMO.manager);
      const owner = { username: `solo${run}`, password: 'Solo@12345' };
      const opened = await api<{ account_id: number }>(url, 'POST', 'manager/accounts', manager, {
        name_en: 'Solo Studio',
        name_ar: 'استوديو سولو',
        alias: `solo${run}`,
        country_id: 2,
        salon_type: 1,
        max_employees: 3,
        owner_name: 'Dana Al-Saud',
        owner_username: owner.username,
        owner_email: `solo${run}@solo.example`,
        owner_password: owner.password,
      });
      expect(opened.status).toBe(201);
      const { page } = await tab();
      await signIn(page, url, { accountId: String(opened.body.account_id), ...owner });
      await page.goto(`${url}/en/merchant/wizard`);
      // the first steps as they come (general information, VAT, business hours)
      for (const next of ['vat', 'business-hours', 'employees']) {
        await page.waitForSelector('[data-testid=settings-save]');
        await page.click('[data-testid=settings-save]');
        await page.waitForSelector(`[data-testid=wizard-form-${next}], [data-testid=wizard-employees]`);
      }
      await page.waitForSelector('[data-testid=wizard-employee]');
      expect(await page.$$('[data-testid=wizard-employee]')).toHaveLength(1);
      // nobody takes appointments yet: the wizard says so and waits
      await page.waitForSelector('[data-testid=wizard-nobody-bookable]');
      expect(await page.isDisabled('[data-testid=wizard-employees-next]')).toBe(true);
      await shot(page, 'roles-wizard-nobody-bookable');
      await page.click('[data-testid=wizard-takes-appointments]');
      await page.waitForSelector('[data-testid=wizard-nobody-bookable]', { state: 'detached' });
      expect(await page.isChecked('[data-testid=wizard-takes-appointments]')).toBe(true);
      await shot(page, 'roles-wizard-owner-bookable');
      await page.click('[data-testid=wizard-employees-next]');
      await page.waitForSelector('[data-testid=wizard-form-invoice-setting]');
      await page.goto(`${url}/en/merchant/appointments`);
      await calendarReady(page);
      expect(await page.$('[data-testid=calendar-no-employees]')).toBeNull();
      expect(await page.textContent('.rbc-time-header')).toContain('Dana Al-Saud');
    });

    it("lets the owner lift her receptionist's sign-in pause from the staff screen, in Arabic on a phone", async () => {
      // the receptionist mistypes her password until sign-in with her name is paused here
      let paused = false;
      for (let i = 0; i < 6 && !paused; i++) {
        const res = await api<{ message: string }>(url, 'POST', 'merchant/login', undefined, {
          ...as(DEMO.receptionist.username),
          password: `not-hers-${i}`,
        });
        paused = res.body.message === 'auth.sign_in_paused';
      }
      expect(paused).toBe(true);
      const desk = await tab();
      await desk.page.goto(`${url}/en/merchant/sign-in`);
      await desk.page.click('[data-testid=method-account]');
      await desk.page.fill('[data-testid=account-id]', DEMO.accountId);
      await desk.page.fill('[data-testid=username]', DEMO.receptionist.username);
      await desk.page.fill('[data-testid=password]', PASSWORD);
      await desk.page.click('[data-testid=sign-in-submit]');
      await desk.page.waitForSelector('[data-testid=sign-in-error]');
      expect(await desk.page.textContent('[data-testid=sign-in-error]')).toContain('The salon’s owner');

      // the manager may not lift it (logins are the owner's): the login section says so
      const staff = await api<Array<{ id: string; name_en: string }>>(
        url,
        'GET',
        'merchant/employees?range=[0,99]',
        await apiToken(url, 'merchant', as(DEMO.owner.username)),
      );
      const maha = staff.body.find((e) => e.name_en === 'Maha Al-Harbi')!.id;
      const { page } = await tab('ar');
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, url, as(DEMO.owner.username), { language: 'ar' });
      await page.goto(`${url}/ar/merchant/employees/employees/${maha}`);
      await page.click('[data-testid=tab-login]');
      await page.waitForSelector('[data-testid=sign-in-paused]');
      expect(await page.textContent('[data-testid=sign-in-paused]')).toContain('أُوقف تسجيل دخول هذا الموظف');
      expect(await page.textContent('[data-testid=sign-in-paused]')).toContain('127.0.0.1');
      await shot(page, 'roles-lift-pause-ar-phone');
      await page.click('[data-testid=lift-sign-in-pause]');
      await page.waitForSelector('text=تم رفع الإيقاف: يمكنه تسجيل الدخول مجددًا');
      await page.waitForSelector('[data-testid=sign-in-paused]', { state: 'detached' });

      // she signs in again from where she was paused
      await desk.page.click('[data-testid=sign-in-submit]');
      await desk.page.waitForFunction(
        () =>
          !location.pathname.endsWith('/sign-in') ||
          document.querySelector('[data-testid=another-session-dialog]') !== null,
      );
      if (await desk.page.$('[data-testid=another-session-dialog]'))
        await desk.page.click('[data-testid=continue-here]');
      await desk.page.waitForSelector('[data-testid=welcome-greeting]');
    });

    it('tells a session ended by a sign-in elsewhere who signed in, on what, when and from where', async () => {
      const desk = await tab('ar');
      await desk.page.setViewportSize({ width: 390, height: 844 });
      await signIn(desk.page, url, as(DEMO.cashier.username), { language: 'ar' });
      await desk.page.waitForSelector('[data-testid=welcome-greeting]');
      const other = await tab();
      await signIn(other.page, url, as(DEMO.cashier.username));
      await other.page.waitForSelector('[data-testid=welcome-greeting]');
      // the desk's next screen finds its session ended, and the sign-in screen says by whom
      await desk.page.goto(`${url}/ar/merchant/accounting/total-sales`);
      await desk.page.waitForURL(`${url}/ar/merchant/sign-in`);
      await desk.page.waitForSelector('[data-testid=session-replaced]');
      const notice = await desk.page.textContent('[data-testid=sign-in-notice]');
      // (names, the time and the address are isolated in the right-to-left text)
      const words = (notice ?? '').replace(/[\u2066-\u2069]/g, '');
      expect(words).toContain('Hind Al-Shehri (cashier)');
      expect(words).not.toContain('::ffff:');
      expect(words).toContain('الدخول من متصفح كروم على لينكس في');
      expect(words).toContain('من العنوان 127.0.0.1.');
      expect(words).toContain('إن لم يكن ذلك أنت');
      await shot(desk.page, 'roles-session-replaced-ar-phone');
      // the same in English
      const third = await tab();
      await signIn(third.page, url, as(DEMO.cashier.username));
      await third.page.waitForSelector('[data-testid=welcome-greeting]');
      await other.page.reload();
      await other.page.waitForURL(`${url}/en/merchant/sign-in`);
      expect(
        ((await other.page.textContent('[data-testid=sign-in-notice]')) ?? '').replace(
          /[\u2066-\u2069]/g,
          '',
        ),
      ).toMatch(
        /^You were signed out here: Hind Al-Shehri \(cashier\) signed in on Chrome on Linux at .+\. From the address 127\.0\.0\.1\. If it was not you, sign in and change your password\.$/,
      );
    });

    it('mails a forgotten account ID, saying the same for any address (Arabic, phone)', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${url}/ar/merchant/sign-in`);
      await page.click('[data-testid=forgot-account-id-link]');
      await page.waitForSelector('[data-testid=forgot-account-id]');
      await page.fill('[data-testid=forgot-email]', 'not-an-address');
      await page.click('[data-testid=forgot-submit]');
      await page.waitForSelector('[data-testid=forgot-account-id] .Mui-error');
      await page.fill('[data-testid=forgot-email]', DEMO.receptionistEmail);
      await page.click('[data-testid=forgot-submit]');
      await page.waitForSelector('[data-testid=forgot-outcome]');
      const said = await page.textContent('[data-testid=forgot-outcome]');
      expect(said).toContain('فستصله رسالة فيها رقم الحساب واسم المستخدم');
      await shot(page, 'roles-forgot-account-id-ar-phone');
      await page.fill('[data-testid=forgot-email]', `nobody${run}@example.com`);
      await page.click('[data-testid=forgot-submit]');
      await page.waitForFunction(
        (before) => document.querySelector('[data-testid=forgot-outcome]')?.textContent === before,
        said,
      );
      // the message is in the outbox (no mail server here), with the account ID and the username
      const manager = await apiToken(url, 'manager', DEMO.manager);
      const outbox = await api<Array<{ to: string; body: string }>>(
        url,
        'GET',
        'manager/mail-outbox?range=[0,49]',
        manager,
      );
      const mail = outbox.body.find((m) => m.to === DEMO.receptionistEmail && m.body.includes('رقم الحساب'));
      expect(mail?.body).toContain('رقم الحساب: 1');
      expect(mail?.body).toContain(`اسم المستخدم: ${DEMO.receptionist.username}`);
      expect(outbox.body.filter((m) => m.to === `nobody${run}@example.com`)).toEqual([]);
    });
  });
};
