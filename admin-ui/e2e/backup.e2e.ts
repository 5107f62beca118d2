/**
 * A salon's backup in the browser: the owner downloads hers in Arabic on a phone (Settings → General
 * information), the platform's manager downloads a salon's from the accounts list in English on a desktop;
 * each file is the archive (gzip of JSON lines, its manifest last) of that salon.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { DEMO, noSideScroll, signIn } from './browser';
import type { SuiteContext } from './menu.e2e';

const archiveOf = async (page: Page, click: () => Promise<void>) => {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const lines = gunzipSync(readFileSync((await download.path())!))
    .toString('utf8')
    .trimEnd()
    .split('\n');
  return {
    name: download.suggestedFilename(),
    header: JSON.parse(lines[0]),
    manifest: JSON.parse(lines.at(-1)!).manifest,
  };
};

export const backupTests = ({ url, tab }: SuiteContext) => {
  describe('a salon backup (issue 27)', () => {
    it('the owner downloads her salon’s backup in Arabic on a phone', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(
        page,
        url,
        { accountId: DEMO.accountId, username: DEMO.owner.username, password: DEMO.owner.password },
        { language: 'ar' },
      );
      await page.goto(`${url}/ar/merchant/setting/general-setting`);
      await page.waitForSelector('[data-testid=download-backup]');
      expect(await page.textContent('[data-testid=salon-backup]')).toContain('النسخة الاحتياطية');
      await noSideScroll(page);
      const archive = await archiveOf(page, () => page.click('[data-testid=download-backup]'));
      expect(archive.name).toMatch(/^rawnaq-backup-1-\d{4}-\d{2}-\d{2}\.jsonl\.gz$/);
      expect(archive.header).toMatchObject({ format: 'rawnaq-backup', tenant: '1' });
      expect(archive.manifest.counts.events).toBeGreaterThan(100);
    });

    it('the manager downloads a salon’s backup from the accounts list in English', async () => {
      const { page } = await tab('en');
      await signIn(page, url, DEMO.manager, { language: 'en', area: 'manager' });
      await page.goto(`${url}/en/manager/merchants/active-merchants`);
      await page.waitForSelector('[data-testid=account-backup-1]');
      const archive = await archiveOf(page, () =>
        page.locator('[data-testid=account-backup-1]').first().click(),
      );
      expect(archive.manifest).toMatchObject({ tenant: '1', account_id: 1 });
    });
  });
};
