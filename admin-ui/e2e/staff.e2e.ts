/**
 * Employees, roles and attendance in the browser (issue 4 §7). Called by admin.e2e.spec.ts with its
 * server and tabs, like menu.e2e.ts (one `npm start` for the whole browser suite).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { chooseTime, clickMenu, DEMO, expandMenu, shot, signIn } from './browser';
import type { SuiteContext } from './menu.e2e';
import { settle } from './settle';

const owner = { accountId: DEMO.accountId, username: DEMO.owner.username, password: DEMO.owner.password };

// Names no other test uses, so the suite can run again on the same data.
const run = String(Date.now()).slice(-6);
const employee = {
  en: `Dana Stylist ${run}`,
  ar: `دانة المصففة ${run}`,
  username: `dana${run}`,
  email: `dana${run}@demosalon.example`,
  password: 'Dana@12345',
};
const role = `Stylist ${run}`;
// A real 1×1 PNG, so the browser can show it.
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

// The employee's own check-in place (a spot in Riyadh), and points north of it (about 111,195 m a degree).
const place = { latitude: 24.711667, longitude: 46.674167 };
const metresNorth = (m: number) => ({
  latitude: place.latitude + m / 111_194.93,
  longitude: place.longitude,
});

const withGeolocation = async (
  context: BrowserContext,
  url: string,
  at: { latitude: number; longitude: number },
) => {
  await context.grantPermissions(['geolocation'], { origin: url });
  await context.setGeolocation({ ...at, accuracy: 5 });
};

const chooseOption = async (page: Page, source: string, option: string) => {
  await page.click(`.ra-input-${source} [role=combobox]`);
  await page.click(`[role=option]:has-text("${option}")`);
};

/** The app's own texts (menu, buttons, headings, column titles) carry no English words. */
const expectNoEnglishChrome = async (page: Page, allowed: string[] = []) => {
  const chrome = await page.$$eval('[role=menuitem], button, h1, h2, th, label', (nodes) =>
    nodes.map((n) => (n.textContent ?? '').trim()).filter(Boolean),
  );
  const english = chrome.filter((text) => {
    let rest = text.replace(DEMO.owner.name, '').replace('English', '');
    for (const a of allowed) rest = rest.replace(a, '');
    return /[A-Za-z]{2,}/.test(rest);
  });
  expect(english).toEqual([]);
};

export const staffTests = ({ url, tab }: SuiteContext) => {
  describe('employees, roles and attendance', () => {
    let employeeId = '';

    it('lets the owner define a role, add an employee with hours, preferred artists and a check-in place, and give her a login', async () => {
      const { page, context } = await tab();
      await withGeolocation(context, url, place);
      await signIn(page, url, owner);
      await page.waitForSelector('[data-testid=welcome-greeting]');

      // A role, from the permission matrix: customers to view only.
      await clickMenu(page, '/en/merchant/employees/roles');
      await page.waitForSelector('[data-testid=role-name]:has-text("Receptionist")');
      await page.click('[data-testid=new-role]');
      await page.waitForURL(`${url}/en/merchant/employees/roles/role`);
      await page.waitForSelector('[data-testid=select-all]');
      await page.fill('input[name=name]', role);
      await page.click('[data-testid=level-customers-view] input');
      expect(await page.isChecked('[data-testid=permission-20] input')).toBe(true);
      expect(await page.isChecked('[data-testid=permission-21] input')).toBe(false);
      await shot(page, 'admin-en-role-create');
      await page.click('button[type=submit]');
      await page.waitForURL(`${url}/en/merchant/employees/roles`);
      await page.waitForSelector(`tr:has-text("${role}")`);
      expect(await page.textContent(`tr:has-text("${role}")`)).toContain('0 employees');

      // The employee: the contracts' rules first, then every section.
      await clickMenu(page, '/en/merchant/employees/employees');
      await page.waitForSelector('[data-testid=employee-name]:has-text("Sara Al-Otaibi")');
      await shot(page, 'admin-en-employees');
      await page.click('a[href="/en/merchant/employees/employees/create"]');
      await page.waitForSelector('input[name=name_en]');
      await page.fill('input[name=commission_percentage]', '120');
      await page.click('button[type=submit]');
      await page.waitForSelector('text=Name in English is required');
      await page.waitForSelector('text=Commission % should be less than or equal to 100');
      await page.fill('input[name=name_en]', employee.en);
      await page.fill('input[name=name_ar]', employee.ar);
      // A picture: uploaded at once, shown as the avatar; a text file is refused under it.
      await page.setInputFiles('[data-testid=picture-file]', {
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not an image'),
      });
      await page.waitForSelector('[data-testid=picture-error]');
      await page.setInputFiles('[data-testid=picture-file]', {
        name: 'dana.png',
        mimeType: 'image/png',
        buffer: Buffer.from(ONE_PIXEL_PNG, 'base64'),
      });
      await page.waitForSelector('[data-testid=employee-avatar] img');
      await page.fill('input[name=job_title]', 'Hair stylist');
      await page.fill('input[name=mobile]', '966501234567');
      await page.fill('input[name=salary]', '4200.50');
      await page.fill('input[name=commission_percentage]', '12.5');
      // The week: Friday off, Saturday from noon.
      // Friday off, whatever the salon's week (another test may have changed it)
      await page.setChecked('input[name="working_hours.5.is_open"]', false);
      await chooseTime(page, 'body', 'working_hours.6.from', '12:00 PM');
      await chooseTime(page, 'body', 'working_hours.6.to', '09:00 PM');
      await page.click('.ra-input-holidays label:has-text("Friday")');
      await page.click('.ra-input-rights label:has-text("Hold invoices")');
      // The check-in place: where this browser is now.
      await page.click('[data-testid=use-current-location]');
      await page.waitForSelector('[data-testid=location-found]');
      expect(await page.inputValue('input[name=check_in_latitude]')).toBe('24.711667');
      // Preferred artists: other active employees.
      for (const artist of ['Maha Al-Harbi', 'Noura Al-Qahtani']) {
        await page.fill('.ra-input-preferred_artist_ids input', artist.slice(0, 4));
        await page.click(`[role=option]:has-text("${artist}")`);
      }
      await shot(page, 'admin-en-employee-create');
      await page.click('button[type=submit]');
      await page.waitForURL(
        (address) =>
          /\/employees\/employees\/[^/]+$/.test(address.pathname) && !address.pathname.endsWith('/create'),
      );
      employeeId = page.url().split('/').pop()!;
      await page.waitForSelector('input[name=name_en]');
      // Read back from the server: salary as exact text, the week and the artists as saved.
      expect(await page.inputValue('input[name=salary]')).toBe('4200.50');
      expect(await page.isChecked('input[name="working_hours.5.is_open"]')).toBe(false);
      expect(await page.inputValue('input[name="working_hours.6.from"]')).toBe('12:00');
      const chips = await page.$$eval('.ra-input-preferred_artist_ids .MuiChip-label', (n) =>
        n.map((c) => c.textContent),
      );
      expect(chips.sort()).toEqual(['Maha Al-Harbi', 'Noura Al-Qahtani']);
      await shot(page, 'admin-en-employee-edit');

      // Login access with the new role.
      await page.click('[data-testid=tab-login]');
      await page.fill('input[name=username]', employee.username);
      await page.fill('input[name=email]', employee.email);
      await page.fill('input[name=password]', employee.password);
      await chooseOption(page, 'role_id', role);
      await page.click('[data-testid=give-login]');
      await page.waitForSelector(`[data-testid=login-current]:has-text("${employee.username}")`);
      expect(await page.textContent('[data-testid=login-current]')).toContain(role);
      await shot(page, 'admin-en-employee-login');

      // A blocked period, and one that overlaps it: refused on its field.
      await page.click('[data-testid=tab-periods]');
      await page.waitForSelector('[data-testid=periods-empty]');
      await chooseOption(page, 'kind', 'Blocked (no work)');
      await page.fill('input[name=reason]', 'Annual leave');
      await page.fill('input[name=from_date]', '2027-03-01');
      await page.fill('input[name=to_date]', '2027-03-10');
      await page.click('[data-testid=add-period]');
      await page.waitForSelector('[data-testid=period-row]:has-text("Annual leave")');
      await page.fill('input[name=from_date]', '2027-03-05');
      await page.fill('input[name=to_date]', '2027-03-06');
      await page.click('[data-testid=add-period]');
      await page.waitForSelector('.ra-input-from_date >> text=This period overlaps another one');
      await page.fill('input[name=from_date]', '2027-04-01');
      await page.fill('input[name=to_date]', '2027-05-15');
      await page.click('[data-testid=add-period]');
      await page.waitForSelector('.ra-input-to_date >> text=A period can be at most 30 days');
      await shot(page, 'admin-en-employee-periods');

      // The owner's record cannot be disabled: the server's own words.
      await page.goto(`${url}/en/merchant/employees/employees`);
      await page.click('tr:has([data-testid=employee-name]:has-text("Sara Al-Otaibi"))');
      await page.waitForSelector('input[name=name_en]');
      await page.click('[data-testid=employee-status-button]');
      await page.click('.MuiDialog-root button:has-text("Confirm")');
      await page.waitForSelector("text=The owner's record cannot be changed from the employee screens");
    });

    it("edits the role's permissions: the page levels and single rights are kept", async () => {
      const { page } = await tab();
      await signIn(page, url, owner);
      await page.goto(`${url}/en/merchant/employees/roles`);
      await page.click(`tr:has-text("${role}") [data-testid=edit-role]`);
      await page.waitForURL(/\/employees\/roles\/role\/[^/]+$/);
      await page.waitForSelector('input[name=name]');
      await page.click('[data-testid=level-menu-view] input');
      await page.click('[data-testid=permission-21] input');
      await shot(page, 'admin-en-role-edit');
      await page.click('button[type=submit]');
      await page.waitForURL(`${url}/en/merchant/employees/roles`);
      await page.waitForSelector(`tr:has-text("${role}"):has-text("1 employee")`);
      await page.click(`tr:has-text("${role}") [data-testid=edit-role]`);
      await page.waitForSelector('[data-testid=permission-50] input');
      for (const [p, on] of [
        [20, true],
        [21, true],
        [22, false],
        [50, true],
        [51, false],
      ] as const)
        expect([p, await page.isChecked(`[data-testid=permission-${p}] input`)]).toEqual([p, on]);
      // A role that employees hold cannot be deleted.
      await page.goto(`${url}/en/merchant/employees/roles`);
      await page.click(`tr:has-text("${role}") [data-testid=delete-role]`);
      await page.click('.MuiDialog-root button:has-text("Confirm")');
      await page.waitForSelector('text=Employees hold this role: give them another role first');
    });

    it('lets the new employee check in within 50 m and refuses her farther, saying how far', async () => {
      const { page, context } = await tab();
      await withGeolocation(context, url, metresNorth(120));
      await signIn(page, url, {
        accountId: DEMO.accountId,
        username: employee.username,
        password: employee.password,
      });
      await page.waitForSelector('[data-testid=welcome-greeting]');
      // Her role opens the menu (given in the edit) but not the staff screens; attendance is everyone's.
      await expandMenu(page);
      expect(await page.$$('a.RaMenuItemLink-root[href="/en/merchant/employees/employees"]')).toHaveLength(0);
      await page.click('a[href="/en/merchant/employees/attendence-system"]');
      await page.waitForSelector(
        '[data-testid=attendance-state]:has-text("You have not checked in yet today")',
      );
      await page.click('[data-testid=check-in]');
      await page.waitForSelector('[data-testid=attendance-error]');
      expect(await page.textContent('[data-testid=attendance-error]')).toBe(
        'You are 120 m from your check-in place; check in within 50 m',
      );
      await shot(page, 'admin-en-attendance-too-far');
      await context.setGeolocation({ ...metresNorth(20), accuracy: 5 });
      await page.click('[data-testid=check-in]');
      await page.waitForSelector('[data-testid=attendance-success]');
      expect(await page.textContent('[data-testid=attendance-success]')).toBe(
        'Checked in, 20 m from your check-in place',
      );
      await page.waitForSelector('[data-testid=attendance-state]:has-text("You are checked in since")');
      await shot(page, 'admin-en-attendance');
      await page.click('[data-testid=check-in]');
      await page.waitForSelector('[data-testid=attendance-error]:has-text("You are already checked in")');

      // The browser refusing the location is said as such.
      await context.clearPermissions();
      await page.reload();
      await page.click('[data-testid=check-out]');
      await page.waitForSelector('[data-testid=attendance-error]');
      expect(await page.textContent('[data-testid=attendance-error]')).toContain(
        'Location permission was denied',
      );
    });

    it("shows the shift in the owner's reports: detailed, per employee and cumulative", async () => {
      const { page } = await tab();
      await signIn(page, url, owner);
      await clickMenu(page, '/en/merchant/reports/detailed-attendence-report');
      await page.waitForSelector(`tr:has-text("${employee.en}")`);
      expect(await page.textContent(`tr:has-text("${employee.en}")`)).toContain('Still checked in');
      expect(await page.textContent(`tr:has-text("${employee.en}")`)).toContain('20 m');
      await shot(page, 'admin-en-attendance-detailed');
      await page.click(`tr:has-text("${employee.en}") a:has-text("${employee.en}")`);
      await page.waitForURL(`${url}/en/merchant/reports/employee-attendence-report/${employeeId}`);
      await page.waitForSelector(
        `[data-testid=employee-report-title]:has-text("Attendance of ${employee.en}")`,
      );
      await page.waitForSelector('tr:has-text("Still checked in")');
      await shot(page, 'admin-en-attendance-employee');
      await clickMenu(page, '/en/merchant/reports/commulative-attendence-report');
      await page.waitForSelector(`[data-testid=cumulative-row]:has-text("${employee.en}")`);
      await shot(page, 'admin-en-attendance-cumulative');
    });

    it('gives the role the "profile and activities" level: she then reads her own attendance, and no one else\'s', async () => {
      const { page } = await tab();
      await signIn(page, url, owner);
      await page.goto(`${url}/en/merchant/employees/roles`);
      await page.click(`tr:has-text("${role}") [data-testid=edit-role]`);
      await page.waitForSelector('[data-testid=level-employees-profile] input');
      await page.click('[data-testid=level-employees-profile] input');
      expect(await page.isChecked('[data-testid=permission-43] input')).toBe(true);
      expect(await page.isChecked('[data-testid=permission-40] input')).toBe(false);
      await page.click('button[type=submit]');
      await page.waitForURL(`${url}/en/merchant/employees/roles`);

      const mine = await tab();
      await signIn(mine.page, url, {
        accountId: DEMO.accountId,
        username: employee.username,
        password: employee.password,
      });
      await mine.page.waitForSelector('[data-testid=welcome-greeting]');
      await expandMenu(mine.page);
      expect(
        await mine.page.$$('a.RaMenuItemLink-root[href="/en/merchant/reports/detailed-attendence-report"]'),
      ).toHaveLength(0);
      await mine.page.click('[data-testid=menu-my-attendance]');
      await mine.page.waitForURL(`${url}/en/merchant/reports/employee-attendence-report/${employeeId}`);
      await mine.page.waitForSelector(
        `[data-testid=employee-report-title]:has-text("Attendance of ${employee.en}")`,
      );
      await mine.page.waitForSelector('tr:has-text("Still checked in")');
      // and she stays there (nothing sends her to the no-permission page once the list has loaded)
      await settle(mine.page);
      expect(mine.page.url()).toBe(`${url}/en/merchant/reports/employee-attendence-report/${employeeId}`);
      await shot(mine.page, 'admin-en-my-attendance');
    });

    it('sends the receptionist, who has no menu rights, to the no-permission page for menu/services', async () => {
      const { page } = await tab();
      await signIn(page, url, { accountId: DEMO.accountId, ...DEMO.receptionist });
      await page.waitForSelector('[data-testid=welcome-greeting]');
      await expandMenu(page);
      expect(await page.$$('a.RaMenuItemLink-root[href="/en/merchant/menu/services"]')).toHaveLength(0);
      expect(await page.$$('a.RaMenuItemLink-root[href="/en/merchant/employees/employees"]')).toHaveLength(0);
      await page.goto(`${url}/en/merchant/menu/services`);
      await page.waitForURL(`${url}/en/merchant/no-permission`);
      await page.waitForSelector('[data-testid=no-permission]');
      await page.goto(`${url}/en/merchant/employees/roles/role`);
      await page.waitForURL(`${url}/en/merchant/no-permission`);
    });

    it('shows the staff screens in Arabic, right to left, with no English of their own', async () => {
      const { page, context } = await tab('ar');
      await withGeolocation(context, url, metresNorth(20));
      await signIn(page, url, owner, { language: 'ar' });
      await page.waitForSelector('[data-testid=welcome-greeting]');
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      await clickMenu(page, '/ar/merchant/employees/employees');
      await page.waitForSelector(`[data-testid=employee-name]:has-text("${employee.ar}")`);
      await page.waitForSelector(`tr:has-text("${employee.ar}") [data-testid=employee-avatar] img`);
      await expectNoEnglishChrome(page);
      await shot(page, 'admin-ar-employees');
      await page.goto(`${url}/ar/merchant/employees/employees/${employeeId}`);
      await page.waitForSelector('input[name=name_ar]');
      await page.waitForSelector('.ra-input-preferred_artist_ids .MuiChip-label');
      await expectNoEnglishChrome(page, ['Maha Al-Harbi', 'Noura Al-Qahtani']);
      await shot(page, 'admin-ar-employee-edit');
      await page.click('[data-testid=tab-login]');
      await page.waitForSelector('[data-testid=login-current]');
      await shot(page, 'admin-ar-employee-login');
      await page.click('[data-testid=tab-periods]');
      await page.waitForSelector('[data-testid=period-row]');
      await shot(page, 'admin-ar-employee-periods');
      await page.goto(`${url}/ar/merchant/employees/roles`);
      await page.waitForSelector(`tr:has-text("${role}")`);
      await shot(page, 'admin-ar-roles');
      await page.click(`tr:has-text("${role}") [data-testid=edit-role]`);
      await page.waitForSelector('[data-testid=permission-50] input');
      await expectNoEnglishChrome(page);
      await shot(page, 'admin-ar-role-edit');
      // The owner is not linked to an employee check-in place of her own: the salon's, not set here.
      await page.goto(`${url}/ar/merchant/employees/attendence-system`);
      await page.waitForSelector('[data-testid=attendance-state]');
      await page.click('[data-testid=check-in]');
      await page.waitForSelector('[data-testid=attendance-error], [data-testid=attendance-success]');
      await expectNoEnglishChrome(page);
      await shot(page, 'admin-ar-attendance');
      await page.goto(`${url}/ar/merchant/reports/detailed-attendence-report`);
      await page.waitForSelector(`tr:has-text("${employee.ar}")`);
      await expectNoEnglishChrome(page);
      await shot(page, 'admin-ar-attendance-detailed');
      await page.goto(`${url}/ar/merchant/reports/commulative-attendence-report`);
      await page.waitForSelector(`[data-testid=cumulative-row]:has-text("${employee.ar}")`);
      await shot(page, 'admin-ar-attendance-cumulative');
      await page.goto(`${url}/ar/merchant/reports/employee-attendence-report/${employeeId}`);
      await page.waitForSelector(`[data-testid=employee-report-title]:has-text("${employee.ar}")`);
      await shot(page, 'admin-ar-attendance-employee');
    });
  });
};
