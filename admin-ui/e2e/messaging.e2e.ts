/**
 * WhatsApp in the browser (issue 26): a reminder arrives in the simulator's inbox in the customer's
 * language and a STOP reply there stops the next one, in Arabic on a phone; a reminder shows on the
 * customer's profile as it goes, in English on a desktop. The product runs its outbox's worker every
 * 5 s; outside the salon's send window (09:00-23:00 in Riyadh) the reminder waits, and the test says so.
 * Called by flows.e2e.spec.ts.
 */
import type { Page } from 'playwright-core';
import { DEMO, shot, signIn } from './browser';
import type { SuiteContext } from './menu.e2e';

const owner = { accountId: DEMO.accountId, username: DEMO.owner.username, password: DEMO.owner.password };

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

export const messagingTests = ({ url, tab }: SuiteContext) => {
  describe('WhatsApp reminders and the simulator', () => {
    it('a reminder arrives in the simulator in Arabic, and a STOP reply there stops the next one, on a phone', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, url, owner, { language: 'ar' });
      const first = await bookFor(page, 'نورة القحطاني', 45, '12:00');
      const second = await bookFor(page, 'نورة القحطاني', 46, '12:00');
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
};
