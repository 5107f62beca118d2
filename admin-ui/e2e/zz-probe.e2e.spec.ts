import { chromium } from 'playwright-core';
import { signIn, DEMO } from './browser';
it('probe', async () => {
  const ctx = await chromium.launchPersistentContext('/tmp/pw/profile-' + Date.now(), { executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
  const page = await ctx.newPage();
  await page.setViewportSize({ width: 1366, height: 860 });
  await signIn(page, 'http://127.0.0.1:3555', { accountId: DEMO.accountId, username: DEMO.accountant.username, password: 'Demo@12345' });
  for (const path of (process.env.PROBE ?? '').split(',')) {
    await page.goto('http://127.0.0.1:3555' + path);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: '/tmp/pw/' + path.replace(/\W+/g, '_') + '.png' });
    console.log(path, page.url());
  }
  await ctx.close();
}, 60000);
