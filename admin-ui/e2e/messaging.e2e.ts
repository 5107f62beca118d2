/**
 * WhatsApp in the browser (issue 26): a reminder arrives in the simulator's inbox in the customer's
 * language and a STOP reply there stops the next one, in Arabic on a phone; a reminder shows on the
 * customer's profile as it goes, in English on a desktop. The product runs its outbox's worker every
 * 5 s; outside the salon's send window (09:00-23:00 in Riyadh) the reminder waits, and the test says so.
 * Then the owner sends a campaign to her frequent customers and watches it go, the page left open:
 * launched on a desktop in English, followed on her phone in Arabic to the end, the product's test
 * clock moved to each message's time (and to the send window's opening at night).
 * Called by flows.e2e.spec.ts.
 */
import type { Page } from 'playwright-core';
import { clickMenu, DEMO, noSideScroll, shot, signIn } from './browser';
import type { SuiteContext } from './menu.e2e';

const owner = { accountId: DEMO.accountId, username: DEMO.owner.username, password: DEMO.owner.password };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 860 };

const api = <T>(page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(`/api/merchant/${p}`, {
        method: m as string,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('rawnaq.merchant.token')}`,
          'Content-Type': 'application/json',
        },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, body: await res.json() };
    },
    [method, path, body] as const,
  ) as Promise<{ status: number; body: T }>;

/**
 * The reminder of a visit once the worker has dealt with it: sent (or further), or deferred to the
 * salon's send window. The worker runs every 5 s; a loaded machine gets a minute.
 */
const reminderOf = async (page: Page, appointmentId: string) => {
  type Row = { kind: string; template: string; status: string; deferred?: string };
  let last: Row | undefined;
  for (let i = 0; i < 60; i++) {
    const rows = (await api<Row[]>(page, 'GET', `appointments/${appointmentId}/messages`)).body;
    last = rows.find((r) => /reminder/.test(r.template));
    if (last && (['sent', 'delivered', 'read'].includes(last.status) || last.deferred)) return last;
    await page.waitForTimeout(1000);
  }
  throw new Error(`the reminder was not dealt with in a minute: ${JSON.stringify(last)}`);
};

/** A day far ahead (its own for these tests) and a visit booked then for the customer named. */
const bookFor = async (page: Page, name: string, daysAhead: number, time: string) => {
  const day = new Date(Date.now() + daysAhead * 86_400_000);
  // a Sunday-to-Thursday, so the demo's stylists work
  while ([5, 6].includes(day.getUTCDay())) day.setUTCDate(day.getUTCDate() + 1);
  const date = day.toISOString().slice(0, 10);
  const [customer] = (
    await api<Array<{ id: string; mobile: string }>>(
      page,
      'GET',
      `customers?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`,
    )
  ).body;
  const services = (await api<Array<{ id: string; name_en: string }>>(page, 'GET', 'services?range=[0,99]'))
    .body;
  const staff = (await api<Array<{ id: string; name_en: string }>>(page, 'GET', 'employees?range=[0,99]'))
    .body;
  const booked = await api<{ id: string }>(page, 'POST', 'appointments', {
    customer_id: customer.id,
    lines: [
      {
        service_id: services.find((s) => s.name_en === 'Blow dry')!.id,
        employee_id: staff.find((e) => e.name_en === 'Reem Abdullah')!.id,
        start: `${date}T${time}:00+03:00`,
      },
    ],
  });
  expect(booked.status).toBe(201);
  return { id: booked.body.id, date, customer };
};

/** What an element says, without the direction marks around its numbers and names. */
const text = async (page: Page, selector: string) =>
  ((await page.textContent(selector)) ?? '').replace(/[\u2066-\u2069\u200e\u200f\u061c]/g, '').trim();

/**
 * The product's clock (RAWNAQ_TEST_CLOCK) moved forward by whole seconds to `instant`: a second short
 * of it (`short`: what falls due then leaves as the real second passes, and nothing after it yet), or
 * at it or just past it (`past`). Answers the product's new now.
 */
const moveClockTo = async (url: string, instant: number, side: 'short' | 'past') => {
  const move = async (seconds: number) => {
    const res = await fetch(`${url}/api/test/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ days: Math.floor(seconds / 86_400), seconds: seconds % 86_400 }),
    });
    expect(res.status).toBe(200);
    return Date.parse(((await res.json()) as { now: string }).now);
  };
  const now = await move(0);
  // 'short': a second before the instant (what falls due then is seen to go as the page shows it)
  const round = side === 'short' ? (s: number) => Math.floor(s) - 1 : Math.ceil;
  return move(Math.max(0, round((instant - now) / 1000)));
};

type Campaign = {
  id: string;
  state: string;
  starts_at: string;
  ends_at: string;
  recipients_count: number;
  progress: { total: number; done: number } | null;
};

const DETAILS = '[data-testid=campaign-details]';
const BAR = `${DETAILS} [data-testid=campaign-progress]`;

/** The campaign's progress bar as the page shows it now, 0 to 100. */
const barValue = async (page: Page) => Number(await page.getAttribute(BAR, 'aria-valuenow'));

/**
 * Until the page's progress bar shows more than `above`, by itself: the page is only looked at (the
 * outbox's worker sends every 5 s and the page reads the campaign again every 5 s; a loaded machine
 * gets two minutes).
 */
const barAbove = (page: Page, above: number) =>
  page.waitForFunction(
    ([bar, value]) => Number(document.querySelector(bar)?.getAttribute('aria-valuenow') ?? -1) > value,
    [BAR, above] as const,
    { polling: 500, timeout: 120_000 },
  );

/** Marks the page as loaded now: `stillLoaded` says later whether it is the same page (nothing reloaded it). */
const markLoaded = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { e2eLoaded?: boolean }).e2eLoaded = true;
  });
const stillLoaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { e2eLoaded?: boolean }).e2eLoaded === true);

export const messagingTests = ({ url, tab }: SuiteContext) => {
  describe('WhatsApp reminders and the simulator', () => {
    it('a reminder arrives in the simulator in Arabic, and a STOP reply there stops the next one, on a phone', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, url, owner, { language: 'ar' });
      // at two times: when the 45th day ahead is a Friday or a Saturday, both days move to the Sunday
      // (on a Tuesday or a Wednesday the same hour was refused as Reem's second visit at once)
      const first = await bookFor(page, 'نورة القحطاني', 45, '12:00');
      const second = await bookFor(page, 'نورة القحطاني', 46, '15:00');
      const reminded = await api<{ reminder: { queued: boolean } }>(
        page,
        'POST',
        `appointments/${first.id}/remind`,
      );
      expect(reminded.body.reminder.queued).toBe(true);

      const reminder = await reminderOf(page, first.id);
      if (reminder.deferred) {
        // night in Riyadh: the reminder waits for the salon's send window, as the customer's profile says
        await page.goto(`${url}/ar/merchant/customers/${first.customer.id}/show/messages`);
        await page.waitForSelector('[data-testid=message-status]:has-text("بانتظار فترة الإرسال")');
        return;
      }
      // sent: her phone in the simulator shows it
      await page.goto(`${url}/ar/merchant/setting/whatsapp-simulator`);
      await page.waitForSelector('[data-testid=simulator-hint]');
      const digits = first.customer.mobile.replace(/\D/g, '');
      await page.click(`text=${digits}`);
      await page.waitForSelector('[data-testid=phone-dialog]');
      // the reminder (its booking's confirmation went to the same phone too)
      const message = page.locator(`[data-testid=inbox-message]:has-text("${first.date}"):has-text("نذكّرك")`);
      await message.waitFor();
      const text = (await message.textContent()) ?? '';
      expect(text).toContain('نورة القحطاني');
      expect(text).toContain('صالون العرض التجريبي');
      await shot(page, 'whatsapp-simulator-ar-phone');

      // she replies STOP: her consent is off, and the next visit's reminder is not sent
      await page.click('[data-testid=reply-stop]');
      await page.waitForSelector('[data-testid=inbox-reply]:has-text("STOP")');
      const next = await api<{ reminder: { queued: boolean; reason?: string } }>(
        page,
        'POST',
        `appointments/${second.id}/remind`,
      );
      expect(next.body.reminder).toEqual({ queued: false, reason: 'messaging.not_allowed' });
      const customer = await api<{ whatsapp_allowed: boolean }>(
        page,
        'GET',
        `customers/${first.customer.id}`,
      );
      expect(customer.body.whatsapp_allowed).toBe(false);
      // "ابدأ" (START in Arabic) turns it on again: the demo's customer is as she was for the other tests
      await page.fill('[data-testid=reply-text]', 'ابدأ');
      await page.click('[data-testid=reply-send]');
      await page.waitForSelector('[data-testid=inbox-reply]:has-text("ابدأ")');
      expect(
        (await api<{ whatsapp_allowed: boolean }>(page, 'GET', `customers/${first.customer.id}`)).body,
      ).toMatchObject({
        whatsapp_allowed: true,
      });
    });

    it('shows the reminder on the customer’s profile as it goes, in English on a desktop', async () => {
      const { page } = await tab();
      await page.setViewportSize({ width: 1366, height: 900 });
      await signIn(page, url, owner);
      const visit = await bookFor(page, 'Huda Salem', 47, '13:00');
      await api(page, 'POST', `appointments/${visit.id}/remind`);
      const reminder = await reminderOf(page, visit.id);
      await page.goto(`${url}/en/merchant/customers/${visit.customer.id}/show/messages`);
      await page.waitForSelector('[data-testid=messages-panel]');
      const expected = reminder.deferred ? /Waiting for the sending window/ : /Sent|Delivered|Read/;
      const row = page.locator(`[data-testid=message]:has-text("${visit.date}")`).first();
      expect((await row.textContent()) ?? '').toMatch(expected);
      expect((await row.textContent()) ?? '').toContain('Huda Salem');
      await shot(page, 'customer-messages-en');
    });
  });

  describe('a campaign to frequent customers, watched as it goes (issue 26)', () => {
    const name = `Spring glow ${Date.now() % 100000}`;
    // the campaign launched on the desktop, followed on the phone
    let campaign: Campaign | undefined;

    it('the owner launches a campaign to her frequent customers in English on a desktop and sees its first messages leave, the page left open', async () => {
      const { page } = await tab();
      await page.setViewportSize(DESKTOP);
      await signIn(page, url, owner);
      await clickMenu(page, '/en/merchant/ads-campaigns');
      await page.click('a[href="/en/merchant/ads-campaigns/create"]');
      await page.fill('input[name=name]', name);
      await page.fill(
        'textarea[name=message]',
        'Hello {name}, spring is here: 15% off every facial at {salon} this week. Reply to book.',
      );
      await page.click('[class*="ra-input-filters.customer_type"] [role=combobox]');
      await page.click('li[role=option][data-value=frequent]');
      await page.fill('input[name=hold_out_percent]', '0');
      await page.waitForFunction(() =>
        /\d/.test(document.querySelector('[data-testid=campaign-audience]')?.textContent ?? ''),
      );
      const audience = Number(/(\d+)/.exec(await text(page, '[data-testid=campaign-audience]'))?.[1]);
      // enough of them that some messages have gone while others wait (30 to 90 s apart)
      expect(audience).toBeGreaterThanOrEqual(3);
      await page.click('button[type=submit]');
      await page.waitForSelector(`${DETAILS} [data-testid=campaign-state-temporary_saved]`);
      expect(await text(page, '[data-testid=campaign-name]')).toBe(name);
      const id = /\/ads-campaigns\/([\w-]+)\/show/.exec(page.url())?.[1] ?? '';
      // from here on the page is never loaded again: all it shows comes by itself
      await markLoaded(page);
      await page.click('[data-testid=campaign-launch]');
      await page.waitForSelector(`${DETAILS} [data-testid=campaign-state-pending]`);
      await page.waitForSelector(BAR);
      expect(await barValue(page)).toBe(0);
      expect(await text(page, '[data-testid=campaign-progress-text]')).toBe(`0 of ${audience} messages gone`);
      campaign = (await api<Campaign>(page, 'GET', `campaigns/${id}`)).body;
      expect(campaign).toMatchObject({
        state: 'pending',
        recipients_count: audience,
        progress: { total: audience, done: 0 },
      });
      await shot(page, 'campaign-launched-en-desktop');

      // its first message is due about ten minutes on (at night, at the send window's opening): the
      // product's clock is moved to just before it, and the page shows it gone as the worker sends it
      await moveClockTo(url, Date.parse(campaign.starts_at), 'short');
      await barAbove(page, 0);
      await page.waitForSelector(`${DETAILS} [data-testid=campaign-state-sending]`);
      const value = await barValue(page);
      expect(value).toBeGreaterThan(0);
      expect(value).toBeLessThan(100);
      const [, done, total] =
        /^(\d+) of (\d+) messages gone$/.exec(await text(page, '[data-testid=campaign-progress-text]')) ?? [];
      expect(Number(done)).toBeGreaterThan(0);
      expect(Number(done)).toBeLessThan(audience);
      expect(Number(total)).toBe(audience);
      expect(await stillLoaded(page)).toBe(true);
      await shot(page, 'campaign-sending-en-desktop');
    });

    it('she follows it on her phone in Arabic until every message has gone: the bar fills and it ends in success, the page left open', async () => {
      expect(campaign).toBeDefined();
      const { id, ends_at, recipients_count: recipients } = campaign!;
      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await signIn(page, url, owner, { language: 'ar' });
      await page.goto(`${url}/ar/merchant/ads-campaigns/${id}/show`);
      // still sending: some of its messages gone, the others waiting for their time
      await page.waitForSelector(`${DETAILS} [data-testid=campaign-state-sending]`);
      await page.waitForSelector(BAR);
      expect(await text(page, '[data-testid=campaign-name]')).toBe(name);
      const before = await barValue(page);
      expect(before).toBeGreaterThan(0);
      expect(before).toBeLessThan(100);
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      await markLoaded(page);
      await noSideScroll(page);
      await shot(page, 'campaign-sending-ar-phone');

      // the product's clock past its last message: the others leave, and the page shows them gone
      await moveClockTo(url, Date.parse(ends_at), 'past');
      await barAbove(page, 99);
      await page.waitForSelector(`${DETAILS} [data-testid=campaign-state-success]`);
      expect(await barValue(page)).toBe(100);
      expect(await text(page, '[data-testid=campaign-progress-text]')).toBe(
        `أُرسلت ${recipients} من ${recipients} رسالة`,
      );
      const figures = await text(page, '[data-testid=campaign-figures]');
      expect(figures).toContain(`المستلمون${recipients}`);
      expect(figures).toContain('المستبعدون0');
      expect(await stillLoaded(page)).toBe(true);
      // its progress said in Arabic only: the state, the plan, the bar, the counts
      const said = [
        await text(page, `${DETAILS} [data-testid=campaign-state-success]`),
        await text(page, '[data-testid=campaign-planned]'),
        (await page.getAttribute(BAR, 'aria-label')) ?? '',
        await text(page, '[data-testid=campaign-progress-text]'),
        figures,
      ];
      expect(said.filter((s) => /[A-Za-z]/.test(s))).toEqual([]);
      expect(said[0]).toBe('ناجحة');
      expect(said[2]).toBe('التقدم');
      await noSideScroll(page);
      await shot(page, 'campaign-success-ar-phone');
    });
  });
};
