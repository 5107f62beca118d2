/**
 * Support from the manager's console (issue 27): on a desktop in English the manager signs in as the
 * demo salon's owner, with a reason, from the active salons' list; the salon's back office opens in a
 * new tab signed in with the support session, while the console stays where it was; the owner's audit
 * log then names the manager and the reason. Called by flows.e2e.spec.ts.
 */
import { DEMO, shot, signIn } from './browser';
import type { SuiteContext } from './menu.e2e';

export const supportTests = ({ url, tab }: SuiteContext) => {
  describe('support from the console (issue 27)', () => {
    it('signs in as the owner with a reason, in a tab of its own, on a desktop in English', async () => {
      const { page } = await tab();
      await page.setViewportSize({ width: 1366, height: 900 });
      await signIn(page, url, DEMO.manager, { area: 'manager' });
      await page.goto(`${url}/en/manager/merchants/active-merchants`);
      await page.click(`[data-testid=support-${DEMO.accountId}]`);
      await page.click('[data-testid=support-sign-in]');
      await page.fill('[data-testid=support-reason]', 'She asked for help with her VAT settings');
      const [popup] = await Promise.all([
        page.context().waitForEvent('page'),
        page.click('[data-testid=support-confirm]'),
      ]);
      await popup.waitForLoadState('domcontentloaded');
      expect(popup.url()).toContain('/en/merchant');
      // the salon's back office, as its owner
      await popup.waitForSelector('[data-testid=welcome-greeting], [data-testid=wizard-step]', {
        timeout: 30_000,
      });
      await shot(popup, 'support-owner-tab-en');
      // the console is still on its list
      await page.waitForSelector(`[data-testid=support-${DEMO.accountId}]`);
      expect(new URL(page.url()).pathname).toBe('/en/manager/merchants/active-merchants');
      await shot(page, 'support-console-en');
      // the owner's audit log names the support session and its reason (with the sign-ins: security)
      await popup.goto(
        `${url}/en/merchant/advanced-accounting/audit-log?filter=${encodeURIComponent(JSON.stringify({ category: 'security' }))}`,
      );
      await popup.waitForSelector('text=She asked for help with her VAT settings', { timeout: 30_000 });
      await shot(popup, 'support-audit-log-en');
      await popup.close();
    });
  });
};
