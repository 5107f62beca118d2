/**
 * Deposits paid online (issue 12), in a real browser: the salon asks a deposit; a customer books on
 * her phone in Arabic (390×844), reviews the deposit, pays it on the local gateway simulator's hosted
 * page with the success card, and sees the success and e-booking pages; a declined card leaves no
 * booking (the time is offered again) and a clear message. Called by admin.e2e.spec.ts.
 */
import type { Page } from 'playwright-core';
import { DEMO, shot, signIn } from './browser';
import type { SuiteContext } from './menu.e2e';

const PHONE = { width: 390, height: 844 };
const owner = { accountId: DEMO.accountId, username: DEMO.owner.username, password: DEMO.owner.password };

/** A write with the page's own session. */
const pageSend = (page: Page, method: string, path: string, body: unknown) =>
  page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(`/api/merchant/${p}`, {
        method: m as string,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('rawnaq.merchant.token')}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(b),
      });
      return { status: res.status, body: await res.json() };
    },
    [method, path, body] as const,
  ) as Promise<{ status: number; body: Record<string, unknown> }>;

/** A public read from the page, as the booking site does. */
const publicGet = <T>(page: Page, path: string) =>
  page.evaluate(async (p) => (await fetch(`/api/public/${p}`)).json(), path) as Promise<T>;

/**
 * Books on the phone up to the review: two services (or one), the named employee or any, the first
 * day from tomorrow with free times, the first free time, her details. Answers the start chosen.
 */
const bookUpToReview = async (
  page: Page,
  url: string,
  customer: { name: string; mobile: string },
  options: { services: number; employee?: string; english?: boolean },
) => {
  await page.goto(`${url}${options.english ? '/en' : ''}/salon/demosalon/booking`);
  await page.waitForSelector('[data-testid=booking-step-1]');
  for (let i = 0; i < options.services; i++) await page.click(`[data-testid=service-option] >> nth=${i}`);
  await page.click('[data-testid=booking-next]');
  await page.waitForSelector('[data-testid=booking-step-2]');
  if (options.employee) await page.selectOption('[data-testid=booking-employee]', options.employee);
  let chosen: string | undefined;
  for (let day = 1; day < 10 && !chosen; day++) {
    await page.click(`.day-chips button >> nth=${day}`);
    const found = await page
      .waitForSelector('[data-testid=time-option], [data-testid=no-times]', { timeout: 10_000 })
      .then((el) => el.getAttribute('data-testid'));
    if (found === 'time-option') {
      const dayAttr = await page.getAttribute(`.day-chips button >> nth=${day}`, 'data-testid');
      chosen = dayAttr?.replace('day-', '');
    }
  }
  if (!chosen) throw new Error('no free time in the next days');
  await page.click('[data-testid=time-option] >> nth=0');
  await page.waitForSelector('[data-testid=booking-step-3]');
  await page.fill('[data-testid=booking-name]', customer.name);
  await page.fill('[data-testid=booking-mobile]', customer.mobile);
  await page.click('[data-testid=booking-next]');
  await page.waitForSelector('[data-testid=booking-step-4]');
  return chosen;
};

/** The simulator's hosted page: the card, its expiry and code, then pay. */
const payWith = async (page: Page, card: string) => {
  await page.waitForURL(/\/pay\/sim\//);
  await page.fill('input[name=card]', card);
  await page.fill('input[name=expiry]', '12/30');
  await page.fill('input[name=cvv]', '123');
  await page.click('button[value=pay]');
  await page.waitForURL(/\/payment-gateway-status\//);
};

export const onlinePaymentsTests = ({ url, tab }: SuiteContext) => {
  describe('deposits paid online', () => {
    it('asks the deposit, takes it with the success card, and shows the success and e-booking pages (Arabic phone)', async () => {
      const desk = await tab('en');
      await signIn(desk.page, url, owner);
      const set = await pageSend(desk.page, 'PUT', 'settings/online', {
        alias: 'demosalon',
        online_booking: true,
        deposit_type: 'percentage',
        deposit_percentage: '30',
      });
      expect(set.status).toBe(200);
      await desk.page.goto(`${url}/en/merchant/setting/online-setting`);
      await desk.page.waitForSelector('[data-testid=payment-gateway-settings]');
      await shot(desk.page, 'online-payments-settings-en-desktop');

      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await bookUpToReview(page, url, { name: 'Noura Deposit', mobile: '0551239001' }, { services: 2 });
      const deposit = await page.textContent('[data-testid=review-deposit]');
      expect(deposit).toContain('العربون المطلوب الآن');
      expect(await page.textContent('[data-testid=booking-confirm]')).toBe('ادفعي العربون');
      await shot(page, 'online-payments-review-ar-phone');
      await page.click('[data-testid=booking-confirm]');
      await page.waitForURL(/\/pay\/sim\//);
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      await shot(page, 'online-payments-simulator-ar-phone');
      await payWith(page, '4000 0000 0000 0002');
      await page.waitForSelector('[data-testid=payment-paid]');
      expect(await page.textContent('[data-testid=payment-paid] h1')).toBe('تم دفع العربون وحجز موعدك');
      await shot(page, 'online-payments-paid-ar-phone');
      // the same status page in English on a desktop
      const status = new URL(page.url()).pathname;
      await desk.page.goto(`${url}/en${status}`);
      await desk.page.waitForSelector('[data-testid=payment-paid]');
      expect(await desk.page.textContent('[data-testid=payment-paid] h1')).toBe(
        'Your deposit is paid and your appointment is booked',
      );
      await shot(desk.page, 'online-payments-paid-en-desktop');
      await page.click('[data-testid=open-booking-success]');
      await page.waitForSelector('[data-testid=booking-success]');
      await shot(page, 'online-payments-success-ar-phone');
      await page.click('[data-testid=open-e-booking]');
      await page.waitForSelector('[data-testid=e-booking]');
      expect(await page.textContent('[data-testid=booking-status]')).toBe('محجوز');
      await shot(page, 'online-payments-e-booking-ar-phone');

      // the salon's report lists it, paid, with the platform's fee
      await desk.page.goto(`${url}/en/merchant/reports/payment-gateway-payments`);
      await desk.page.waitForSelector(
        '[data-testid=payment-gateway-payments-report] tbody tr:has-text("Noura")',
      );
      const row = await desk.page.textContent(
        '[data-testid=payment-gateway-payments-report] tbody tr:has-text("Noura")',
      );
      expect(row).toContain('Paid');
      expect(row).toContain('AED 1.00');
      await shot(desk.page, 'online-payments-report-en-desktop');
    });

    it('a declined card leaves no booking, frees the time and says so clearly; she pays again with every choice kept (Arabic phone)', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await page.goto(`${url}/salon/demosalon/home`);
      const employees = await publicGet<Array<{ id: string; service_ids?: string[] }>>(
        page,
        'salons/demosalon/employees',
      );
      const menu = await publicGet<{ groups: Array<{ services: Array<{ id: string }> }> }>(
        page,
        'salons/demosalon/services',
      );
      const service = menu.groups[0].services[0].id;
      // one who does that service (the page offers no one else)
      const employee = employees.find((e) => !e.service_ids || e.service_ids.includes(service))!;
      const date = await bookUpToReview(
        page,
        url,
        { name: 'سارة مرفوضة', mobile: '0551239002' },
        { services: 1, employee: employee.id },
      );
      const startsOf = async () =>
        (
          await publicGet<{ employees: Array<{ employee_id: string; starts: string[] }> }>(
            page,
            `salons/demosalon/availability?service_ids=${encodeURIComponent(JSON.stringify([service]))}&date=${date}&employee_id=${employee.id}`,
          )
        ).employees.find((e) => e.employee_id === employee.id)?.starts ?? [];
      const before = await startsOf();
      await page.click('[data-testid=booking-confirm]');
      await page.waitForURL(/\/pay\/sim\//);
      // while she pays, the time she chose (the employee's first free one) is held for her
      expect(before.length).toBeGreaterThan(0);
      expect(await startsOf()).not.toContain(before[0]);
      await payWith(page, '4000 0000 0000 0010');
      await page.waitForSelector('[data-testid=payment-failed]');
      expect(await page.textContent('[data-testid=payment-failed-reason]')).toBe(
        'رُفضت البطاقة. لم يُخصم أي مبلغ ولم يُحجز الموعد.',
      );
      await shot(page, 'online-payments-declined-ar-phone');
      // no booking: the time is offered again
      expect(await startsOf()).toEqual(before);
      // "pay again": back at the review with her services, employee, time and details as she left them
      const review = await page.textContent('[data-testid=choose-time-again]');
      expect(review).toBe('الدفع من جديد');
      await page.click('[data-testid=choose-time-again]');
      await page.waitForSelector('[data-testid=booking-step-4]');
      expect(await page.textContent('[data-testid=booking-notice]')).toBe(
        'احتفظنا باختياراتك. يُرجى مراجعتها ثم الدفع من جديد.',
      );
      const details = await page.textContent('.booking .details');
      expect(details).toContain('سارة مرفوضة');
      expect(details).toContain('0551239002');
      await shot(page, 'online-payments-pay-again-ar-phone');
      // paid this time, without typing anything again: the same time is hers
      await page.click('[data-testid=booking-confirm]');
      await payWith(page, '4000 0000 0000 0002');
      await page.waitForSelector('[data-testid=payment-paid]');
      expect(await startsOf()).not.toContain(before[0]);
      // once paid, the choices kept in the tab are gone: a new booking starts afresh
      await page.goto(`${url}/salon/demosalon/booking?again=1`);
      await page.waitForSelector('[data-testid=booking-step-1]');
    });

    it('waits for a late callback: the status page polls while pending, then shows paid (English desktop)', async () => {
      const { page } = await tab('en');
      await bookUpToReview(
        page,
        url,
        { name: 'Late Lina', mobile: '0551239003' },
        { services: 1, english: true },
      );
      await page.click('[data-testid=booking-confirm]');
      await payWith(page, '4000 0000 0000 0036');
      // back before the gateway told the product: pending, and the page asks again by itself
      await page.waitForSelector('[data-testid=payment-pending]');
      await shot(page, 'online-payments-pending-en-desktop');
      await page.waitForSelector('[data-testid=payment-paid]', { timeout: 15_000 });
      expect(await page.textContent('[data-testid=payment-paid] h1')).toBe(
        'Your deposit is paid and your appointment is booked',
      );
    });
  });
};
