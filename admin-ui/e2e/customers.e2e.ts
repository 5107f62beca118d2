/**
 * Who a customer is (issue 24), in a real browser: an online booking with a mobile on file and
 * another name makes a likely duplicate, which the receptionist finds from the customers list and
 * merges from the customer screen on a phone in Arabic; the owner merges two customers from the
 * toolbar on a desktop in English and sees the wallet moved; the desk's duplicate mobile offers the
 * customer on file. Called by admin.e2e.spec.ts.
 */
import type { Page } from 'playwright-core';
import { DEMO, noSideScroll, ownerApi, shot, signIn, uniqueMobile } from './browser';
import type { SuiteContext } from './menu.e2e';

const PHONE = { width: 390, height: 844 };
const owner = { accountId: DEMO.accountId, username: DEMO.owner.username, password: DEMO.owner.password };
const reception = {
  accountId: DEMO.accountId,
  username: DEMO.receptionist.username,
  password: DEMO.receptionist.password,
};

type Api = Awaited<ReturnType<typeof ownerApi>>;

/** A customer registered at the desk: her id. */
const register = async (api: Api, name: string, mobile: string) => {
  const res = await api<{ id: string }>('POST', 'customers', { name, mobile });
  expect(res.status).toBe(201);
  return res.body.id;
};

/**
 * A booking on the salon's online pages, as a customer sends it: the salon takes online bookings (its
 * other settings as they are), the first service, the first free time from the day after tomorrow.
 */
const bookOnline = async (url: string, api: Api, name: string, mobile: string) => {
  const settings = await api<Record<string, unknown>>('GET', 'settings/online');
  expect(
    (await api('PUT', 'settings/online', { ...settings.body, alias: 'demosalon', online_booking: true }))
      .status,
  ).toBe(200);
  const menu = (await (await fetch(`${url}/api/public/salons/demosalon/services`)).json()) as {
    groups: Array<{ services: Array<{ id: string }> }>;
  };
  const service = menu.groups[0].services[0].id;
  for (let day = 2; day < 12; day++) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    const free = (await (
      await fetch(
        `${url}/api/public/salons/demosalon/availability?service_ids=${encodeURIComponent(JSON.stringify([service]))}&date=${date}`,
      )
    ).json()) as { visit?: Array<{ start: string }> };
    const start = free.visit?.[0]?.start;
    if (!start) continue;
    const res = await fetch(`${url}/api/public/salons/demosalon/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ service_ids: [service], start, name, mobile, language: 'ar' }),
    });
    // booked, or held while a deposit is paid: either way she is registered
    expect([201, 202]).toContain(res.status);
    return;
  }
  throw new Error('no free time in the next days');
};

/** The customer's screen has loaded (its tabs are drawn). */
const onCustomer = async (page: Page) => page.waitForSelector('[role=tab]');

export const customerIdentityTests = ({ url, tab }: SuiteContext) => {
  describe('likely duplicates and merging customers (issue 24)', () => {
    it('a receptionist finds a likely duplicate from the list and merges it into the customer on file (Arabic phone)', async () => {
      const api = await ownerApi(url);
      const mobile = uniqueMobile();
      // names of this run only (a server of an earlier run may still have its customers)
      const run = Date.now() % 100000;
      const mother = `فاطمة الحربي ${run}`;
      const daughter = `ريم الحربي ${run}`;
      const onFile = await register(api, mother, `+${mobile}`);
      // her daughter books online with the family's number
      await bookOnline(url, api, daughter, `+${mobile}`);

      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await signIn(page, url, reception, { language: 'ar' });
      await page.goto(`${url}/ar/merchant/customers`);
      await page.waitForSelector('[data-testid=duplicates-to-review]');
      await shot(page, 'customers-duplicates-to-review-ar-phone');
      await page.click('[data-testid=review-duplicates]');
      await page.waitForSelector('[data-testid=likely-duplicate-badge]');
      await noSideScroll(page);
      await shot(page, 'customers-likely-duplicates-ar-phone');
      await page.click(`text=${daughter}`);
      await onCustomer(page);
      await page.waitForSelector('[data-testid=likely-duplicates]');
      expect(await page.textContent('[data-testid=likely-duplicates]')).toContain(mother);
      await noSideScroll(page);
      await shot(page, 'customers-likely-duplicate-card-ar-phone');

      await page.click('[data-testid=compare-and-merge]');
      await page.waitForSelector('[data-testid=merge-moves]');
      // the customer on file is kept; what moves is said before anything happens
      expect(await page.textContent('[data-testid=merge-kept]')).toContain(mother);
      expect(await page.textContent('[data-testid=merge-merged]')).toContain(daughter);
      expect(await page.textContent('[data-testid=merge-moves]')).toContain('زيارة واحدة (القادمة منها 1)');
      expect(await page.textContent('[data-testid=merge-confirm]')).toBe(`دمج في ${mother}`);
      await shot(page, 'customers-merge-dialog-ar-phone');
      await page.click('[data-testid=merge-confirm]');
      await page.waitForURL(new RegExp(`/customers/${onFile}/show`));
      await onCustomer(page);
      // no banner is left on the kept card (her visits tab reads Reem's visit too: gateway spec)
      await page.waitForSelector(`text=${mother}`);
      expect(await page.$('[data-testid=likely-duplicates]')).toBeNull();
      await noSideScroll(page);
      await shot(page, 'customers-merged-kept-ar-phone');
      // the list no longer has Reem; no English left on these screens
      await page.goto(
        `${url}/ar/merchant/customers?filter=${encodeURIComponent(JSON.stringify({ q: mobile.slice(3) }))}`,
      );
      await page.waitForSelector(`text=${mother}`);
      expect(await page.$(`text=${daughter}`)).toBeNull();
      expect(await page.textContent('body')).not.toMatch(/Likely|Merge|duplicate/);
    });

    it('the owner merges two customers from the toolbar, sees the wallet move, and a duplicate mobile opens the customer on file (English desktop)', async () => {
      const api = await ownerApi(url);
      // names of this run only, so the picker offers exactly these two
      const run = Date.now() % 100000;
      const keptName = `Huda Nasser ${run}`;
      const otherName = `Huda N. ${run} (second card)`;
      const kept = await register(api, keptName, `+${uniqueMobile()}`);
      const otherMobile = uniqueMobile();
      const other = await register(api, otherName, `+${otherMobile}`);
      const topUp = await api('POST', `customers/${other}/wallet/top-ups`, { method: 1, amount: '75.50' });
      expect(topUp.status).toBe(201);

      const { page } = await tab('en');
      await signIn(page, url, owner);
      // the desk types a mobile on file: the refusal offers the customer who has it
      await page.goto(`${url}/en/merchant/customers/create`);
      await page.waitForSelector('input[name=name]');
      await page.fill('input[name=name]', 'Typed Twice');
      await page.fill('input[name=mobile]', `0${otherMobile.slice(3)}`);
      await page.waitForSelector('[data-testid=mobile-valid]');
      await page.click('button[type=submit]');
      await page.waitForSelector('[data-testid=existing-customer]');
      expect(await page.textContent('[data-testid=existing-customer]')).toContain(otherName);
      await shot(page, 'customers-duplicate-mobile-en-desktop');
      await page.click('[data-testid=open-existing-customer]');
      await page.waitForURL(new RegExp(`/customers/${other}/show`));
      await onCustomer(page);

      // from the second card: merge, pick the first, keep it (the older one is kept by default)
      await page.click('[data-testid=customer-merge]');
      await page.fill('[data-testid=merge-pick] input', keptName);
      await page.click(`[role=option]:has-text("${keptName}")`);
      await page.waitForSelector('[data-testid=merge-moves]');
      expect(await page.textContent('[data-testid=merge-kept]')).toContain(keptName);
      expect(await page.textContent('[data-testid=merge-moves]')).toContain('Wallet balance SAR 75.50');
      await shot(page, 'customers-merge-dialog-en-desktop');
      // swapping and back: the kept one follows the desk's choice
      await page.click('[data-testid=merge-swap]');
      await page.waitForFunction(() =>
        document.querySelector('[data-testid=merge-kept]')?.textContent?.includes('second card'),
      );
      await page.click('[data-testid=merge-swap]');
      // the moves of this direction again (the kept one's wallet would move the other way)
      await page.waitForFunction(
        (name) =>
          document.querySelector('[data-testid=merge-kept]')?.textContent?.includes(name) &&
          document.querySelector('[data-testid=merge-moves]')?.textContent?.includes('75.50'),
        keptName,
      );
      await page.click('[data-testid=merge-confirm]');
      await page.waitForURL(new RegExp(`/customers/${kept}/show`));
      await onCustomer(page);
      await page.click('[role=tab]:has-text("Wallet")');
      await page.waitForSelector('[data-testid=wallet-movement]');
      // the card opened from before the merge may show first; its balance follows the merge
      await page.waitForFunction(() =>
        document.querySelector('[data-testid=wallet-balance]')?.textContent?.includes('75.50'),
      );
      expect(await page.textContent('[data-testid=wallet]')).toContain(
        'Balance of a customer merged into this one',
      );
      await shot(page, 'customers-merged-wallet-en-desktop');
      // the merged card stays readable, says into whom, and opens her
      await page.goto(`${url}/en/merchant/customers/${other}/show`);
      await page.waitForSelector('[data-testid=customer-merged-notice]');
      expect(await page.$('[data-testid=customer-merge]')).toBeNull();
      await shot(page, 'customers-merged-notice-en-desktop');
      await page.click('[data-testid=open-kept-customer]');
      await page.waitForURL(new RegExp(`/customers/${kept}/show`));
    });
  });
};
