/**
 * The platform's own staff (issue 27, `platform-setting/employees`), in a real browser with the mail the
 * product writes (MAIL_DIR): on a desktop in English the manager adds a support agent whose mail is in
 * Arabic, typing no password for her; on her phone, in Arabic, the agent opens the mailed link, chooses
 * her password and signs in to the console; later she has forgotten it and asks the console's sign-in
 * page for a new link, which comes to the console's own reset page. Called by flows.e2e.spec.ts.
 */
import { DEMO, mailTo, noSideScroll, pathIn, shot, signIn } from './browser';
import type { SuiteContext } from './menu.e2e';

const PHONE = { width: 390, height: 844 };

export const platformStaffTests = ({ url, tab, mailbox }: SuiteContext) => {
  describe("the platform's staff choose their own passwords (issue 27)", () => {
    it('adds an agent on a desktop in English; she sets her password from the Arabic mail on her phone, and gets a new link when she forgets it', async () => {
      if (!mailbox)
        throw new Error(
          'this test reads the mail the product writes: start the suite with a mailbox (E2E_MAIL_DIR)',
        );
      const email = `agent.${Date.now()}@platform.example`;

      // 1. the manager adds her, with no password, her mail in Arabic, the salons area only
      const desk = await tab('en');
      await desk.page.setViewportSize({ width: 1366, height: 900 });
      await signIn(desk.page, url, DEMO.manager, { area: 'manager' });
      await desk.page.goto(`${url}/en/manager/platform-setting/employees/create`);
      await desk.page.fill('input[name=name]', 'Reem (support)');
      await desk.page.fill('input[name=email]', email);
      expect(await desk.page.$('input[type=password]')).toBeNull();
      await desk.page.getByRole('radio', { name: 'Arabic', exact: true }).check();
      await desk.page.getByRole('checkbox', { name: 'Salons', exact: true }).check();
      await shot(desk.page, 'platform-staff-add-en-desktop');
      await desk.page.click('button[type=submit]');
      await desk.page.waitForSelector('text=a link to choose her password was mailed to her');
      await desk.page.waitForSelector(`text=${email}`);
      await noSideScroll(desk.page);

      // 2. on her phone, in Arabic: the link of the mail, her password, the console
      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      const welcome = await mailTo(mailbox, email, /\/manager\/reset-password\//);
      expect(welcome).toContain('أضافك');
      await page.goto(`${url}${pathIn(welcome, /\/ar\/manager\/reset-password\/[\w-]+/)}`);
      await page.waitForSelector(`text=${email}`);
      const first = 'Reem@12345';
      await page.fill('input[autocomplete=new-password] >> nth=0', first);
      await page.fill('input[autocomplete=new-password] >> nth=1', first);
      await noSideScroll(page);
      await shot(page, 'platform-staff-set-password-ar-phone');
      await page.click('form button[type=submit]');
      await page.waitForSelector('[data-testid=reset-done]');
      await signIn(page, url, { email, password: first }, { area: 'manager', language: 'ar', form: true });
      expect(new URL(page.url()).pathname).toMatch(/^\/ar\/manager/);
      await page.waitForSelector('html[dir=rtl]');

      // 3. she forgot it: the console's sign-in page mails a link to the console's reset page
      const later = await tab('ar');
      await later.page.setViewportSize(PHONE);
      await later.page.goto(`${url}/ar/manager/sign-in`);
      await later.page.click('[data-testid=forgot-password-link]');
      await later.page.fill('[data-testid=forgot-email]', email);
      await later.page.click('[data-testid=forgot-submit]');
      await later.page.waitForSelector('[data-testid=forgot-outcome]');
      expect(await later.page.textContent('[data-testid=forgot-outcome]')).not.toMatch(/[A-Za-z]{3,}/);
      await noSideScroll(later.page);
      await shot(later.page, 'platform-staff-forgot-ar-phone');
      const reset = await mailTo(mailbox, email, /إعادة تعيين كلمة المرور/);
      await later.page.goto(`${url}${pathIn(reset, /\/ar\/manager\/reset-password\/[\w-]+/)}`);
      const second = 'Reem@67890';
      await later.page.fill('input[autocomplete=new-password] >> nth=0', second);
      await later.page.fill('input[autocomplete=new-password] >> nth=1', second);
      await later.page.click('form button[type=submit]');
      await later.page.waitForSelector('[data-testid=reset-done]');
      await signIn(
        later.page,
        url,
        { email, password: second },
        { area: 'manager', language: 'ar', form: true },
      );
      expect(new URL(later.page.url()).pathname).toMatch(/^\/ar\/manager/);
    });
  });
};
