/**
 * The platform's check of what salons add (issue 27, `check-entries/*`): the salon adds a service; on
 * a phone in Arabic the manager finds it in "added services", hides it from the online pages with a
 * reason, and the salon's online menu no longer has it while its owner is told in her notification
 * menu, which takes her to the service; on a desktop in English she approves every group the list shows
 * at once. Called by flows.e2e.spec.ts.
 */
import { managerApi, noSideScroll, ownerApi, shot, signIn, DEMO } from './browser';
import type { SuiteContext } from './menu.e2e';

type Entry = { id: string; target_id: string; review: string; held: boolean };

export const checkEntriesTests = ({ url, tab }: SuiteContext) => {
  describe('checking what salons add (issue 27)', () => {
    it('hides a service a salon added from its online pages, with a reason, on a phone in Arabic', async () => {
      const owner = await ownerApi(url);
      const groups = await owner<Array<{ id: string }>>('GET', 'service-groups');
      const run = String(Date.now()).slice(-5);
      const added = await owner<{ id: string }>('POST', 'services', {
        name_en: `Brand cut ${run}`,
        name_ar: `قصة الماركة ${run}`,
        group_id: groups.body[0].id,
        price: '80',
        job_time: 30,
      });
      expect(added.status).toBe(201);

      const { page } = await tab('ar');
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, url, DEMO.manager, { language: 'ar', area: 'manager' });
      await page.goto(`${url}/ar/manager/check-entries/added-services`);
      const row = page.locator(`.MuiListItem-root:has-text("قصة الماركة ${run}")`);
      await row.waitFor();
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      await noSideScroll(page);
      await shot(page, 'check-entries-ar-phone');

      await row.locator('[data-testid=check-reject]').click();
      await page.waitForSelector('[data-testid=check-reject-explain]');
      // no reason: refused on its field, in Arabic
      await page.click('[role=dialog] button[type=submit]');
      await page.waitForSelector('[role=dialog] .ra-input-reason .Mui-error');
      await page.fill('[role=dialog] textarea[name=reason]', 'اسم علامة تجارية مسجلة');
      await page.click('[role=dialog] button[type=submit]');
      await page.waitForSelector('text=أُخفي من صفحات الصالون، وأُرسل السبب إلى المالكة');
      // the list waits for pending ones: the decided one is shown under "rejected"
      await page.goto(
        `${url}/ar/manager/check-entries/added-services?filter=${encodeURIComponent(JSON.stringify({ review: 'rejected' }))}`,
      );
      const decided = page.locator(`.MuiListItem-root:has-text("قصة الماركة ${run}")`);
      await decided.locator('[data-testid=check-held]').waitFor();
      expect(await decided.textContent()).toContain('اسم علامة تجارية مسجلة');
      await shot(page, 'check-entries-ar-phone-hidden');

      const menu = (await (await fetch(`${url}/api/public/salons/demosalon/services`)).json()) as {
        groups: Array<{ services: Array<{ id: string }> }>;
      };
      expect(menu.groups.flatMap((g) => g.services).some((s) => s.id === added.body.id)).toBe(false);

      // the owner is told in her notification menu, in Arabic, and it takes her to the service
      const salon = await tab('ar');
      await salon.page.setViewportSize({ width: 390, height: 844 });
      await signIn(salon.page, url, DEMO.owner, { language: 'ar' });
      await salon.page.click('[data-testid=notification-bell]');
      const notice = salon.page.locator('[data-testid=notification-checks][data-read=false]', {
        hasText: 'اسم علامة تجارية مسجلة',
      });
      await notice.waitFor();
      expect(await notice.textContent()).toContain('أخفت المنصة من صفحاتك على الإنترنت');
      expect(await notice.textContent()).not.toMatch(/[A-Za-z]{3,}/);
      await noSideScroll(salon.page);
      await shot(salon.page, 'check-entries-notice-ar-phone');
      await notice.click();
      await salon.page.waitForURL(`**/ar/merchant/menu/services/${added.body.id}`);
    });

    it('approves every group shown at once on a desktop in English', async () => {
      // a group of the salon's own, so something waits whatever ran before
      const owner = await ownerApi(url);
      const run = String(Date.now()).slice(-5);
      const group = await owner('POST', 'service-groups', {
        name_en: `Lashes ${run}`,
        name_ar: `رموش ${run}`,
      });
      expect(group.status).toBe(201);
      const { page } = await tab();
      await page.setViewportSize({ width: 1366, height: 900 });
      await signIn(page, url, DEMO.manager, { area: 'manager' });
      await page.goto(`${url}/en/manager/check-entries/added-groups`);
      await page.waitForSelector('.RaDataTable-table tbody tr');
      await shot(page, 'check-entries-en-desktop');
      const shown = await page.locator('.RaDataTable-table tbody tr').count();
      await page.click('[data-testid=check-approve-shown]');
      await page.waitForSelector(`text=${shown} approved`);
      // the list waits for what is still pending: none of those is left
      await page.waitForSelector('[data-testid=list-empty]');
      const manager = await managerApi(url, page);
      const approved = await manager<Entry[]>(
        'GET',
        `check-entries/added-groups?filter=${encodeURIComponent(JSON.stringify({ review: 'approved' }))}`,
      );
      expect(approved.length).toBeGreaterThanOrEqual(shown);
      expect(approved.every((e) => e.review === 'approved')).toBe(true);
    });
  });
};
