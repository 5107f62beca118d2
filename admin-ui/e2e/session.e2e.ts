/**
 * Sessions in the browser (issue 8, sign-in): a save refused because the session ended elsewhere keeps
 * the form and signs in again in place; an empty browser is not told that a session ended. Called by
 * admin.e2e.spec.ts with its server and tabs (one `npm start` per run).
 */
import { DEMO, signIn } from './browser';
import type { SuiteContext } from './menu.e2e';
import { settle } from './settle';

const owner = { accountId: DEMO.accountId, username: DEMO.owner.username, password: DEMO.owner.password };

export const sessionTests = ({ url, tab }: SuiteContext) => {
  it('a first visit with an empty browser shows the sign-in page without "your session expired"', async () => {
    // (before the fix, these two showed it: a refused global-information load reloaded the sign-in page)
    for (const path of ['/merchant', '/en/merchant/customers/create', '/en/merchant', '/en/manager']) {
      const { page } = await tab(path.startsWith('/en') ? 'en' : 'ar');
      await page.goto(`${url}${path}`);
      await page.waitForURL(/\/sign-in$/);
      await page.waitForSelector('[data-testid=sign-in-submit]');
      // whatever else the app tried first has settled (a reload of the sign-in page included)
      await page.waitForLoadState('networkidle');
      await settle(page);
      await page.waitForSelector('[data-testid=sign-in-submit]');
      expect([path, await page.$('[data-testid=sign-in-notice]')]).toEqual([path, null]);
    }
  });

  it('keeps the typed form when another device signed in with the same user, signs in again in place and saves', async () => {
    const desk = await tab();
    await signIn(desk.page, url, owner);
    await desk.page.waitForSelector('[data-testid=welcome-greeting]');
    const id = await desk.page.evaluate(async () => {
      const token = localStorage.getItem('rawnaq.merchant.token');
      const res = await fetch('/api/merchant/customers?filter={"q":"Amal Saeed"}', {
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await res.json()) as Array<{ id: string }>)[0].id;
    });
    await desk.page.goto(`${url}/en/merchant/customers/${id}`);
    await desk.page.waitForSelector('input[name=name]');
    const typed = `Amal Saeed ${Date.now() % 100000}`;
    await desk.page.fill('input[name=name]', typed);

    // the same shared login, signed in on another device: the desk's session ends
    const other = await tab();
    await signIn(other.page, url, { email: DEMO.owner.email, password: DEMO.owner.password });
    await other.page.waitForSelector('[data-testid=welcome-greeting]');

    await desk.page.click('button[type=submit]');
    await desk.page.waitForSelector('[data-testid=sign-in-again-dialog]');
    // still on the form, with what was typed
    expect(new URL(desk.page.url()).pathname).toBe(`/en/merchant/customers/${id}`);
    expect(await desk.page.inputValue('input[name=name]')).toBe(typed);

    await desk.page.fill('[data-testid=sign-in-again-password]', 'wrong-password-1');
    await desk.page.click('[data-testid=sign-in-again-submit]');
    await desk.page.waitForSelector('[data-testid=sign-in-again-error]');
    await desk.page.fill('[data-testid=sign-in-again-password]', DEMO.owner.password);
    await desk.page.click('[data-testid=sign-in-again-submit]');
    // the other device still holds the session: continuing here ends it, and the save goes through
    await desk.page.click('[data-testid=sign-in-again-continue-here]');
    await desk.page.waitForURL(new RegExp(`/customers/${id}/show$`));
    const saved = await desk.page.evaluate(async (customerId) => {
      const token = localStorage.getItem('rawnaq.merchant.token');
      const res = await fetch(`/api/merchant/customers/${customerId}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await res.json()) as { name: string }).name;
    }, id);
    expect(saved).toBe(typed);
  });
};

export const platformSettingsTests = ({ url, tab }: SuiteContext) => {
  it('lets the platform team set how long a sign-in pause lasts', async () => {
    const { page } = await tab('ar');
    await signIn(page, url, DEMO.manager, { area: 'manager', language: 'ar' });
    await page.click('a[href="/ar/manager/platform-setting/platform-setting/platform"]');
    await page.waitForSelector('input[name=sign_in_block_minutes]');
    expect(await page.inputValue('input[name=sign_in_block_minutes]')).toBe('15');
    expect(await page.textContent('body')).toContain('مدة إيقاف الدخول (بالدقائق)');
    await page.fill('input[name=sign_in_block_minutes]', '30');
    await page.click('button[type=submit]');
    await page.waitForSelector('.MuiSnackbar-root');
    await page.reload();
    await page.waitForSelector('input[name=sign_in_block_minutes]');
    await page.waitForFunction(
      () => (document.querySelector('input[name=sign_in_block_minutes]') as HTMLInputElement)?.value === '30',
    );
    // back to the default, for the other tests of this run
    await page.fill('input[name=sign_in_block_minutes]', '15');
    await page.click('button[type=submit]');
    await page.waitForSelector('.MuiSnackbar-root');
  });
};
