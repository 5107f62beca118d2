import { addDays, addMonths, PLATFORM_TENANT, today } from '@rawnaq/contracts';
import { paymentGatewaysFor } from '@rawnaq/command-api';
import type { GatewayNotice } from '@rawnaq/platform';
import { bearer, MANAGER, startTestApp, type TestApp } from './testing/test-app.test-support';

const DAY = 86_400_000;

/**
 * Issue 27, the platform's own billing over HTTP: the manager prices the plans and sets the platform
 * as a Saudi seller, invoices an expired salon for a plan, mails its owner a payment request; the owner
 * pays through the gateway simulator and the salon is renewed (once, however often the gateway calls
 * back) and sells again; a bank transfer is recorded by hand; the revenue by month follows.
 */
describe("the platform's invoices, payment requests, payments and renewal", () => {
  let t: TestApp;
  let manager: string;
  let owner: string;
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset) };
  const accountId = 2;
  beforeAll(async () => {
    t = await startTestApp({ clock });
    manager = await t.signIn(MANAGER, 'manager');
  }, 120_000);
  afterAll(() => t.close());

  const fresh = async (token?: string) => ({
    ...(token ? bearer(token) : {}),
    'X-Min-Position': String(await t.eventCount()),
  });
  const asManager = () => bearer(manager);
  const riyadhToday = () => today(clock.now(), 'Asia/Riyadh');
  let invoice: Record<string, unknown>;

  it('prices the plans, refusing a price with too many decimals; the public pricing reads them', async () => {
    const bad = await t.http.put('/api/manager/plans/advanced').set(asManager()).send({
      name_en: 'Advanced',
      name_ar: 'المتقدمة',
      max_employees: 8,
      monthly_1: '99.999',
      yearly_2: '10',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      monthly_1: 'validation.max_decimals',
      monthly_2: 'validation.is_required',
    });
    const ok = await t.http.put('/api/manager/plans/advanced').set(asManager()).send({
      name_en: 'Advanced',
      name_ar: 'المتقدمة',
      max_employees: '8',
      features_en: 'Online booking\nWhatsApp reminders',
      features_ar: 'الحجز الإلكتروني\nتذكيرات واتساب',
      monthly_1: '100',
      yearly_1: '1000',
      monthly_3: '9.500',
      yearly_3: '95',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.prices).toEqual([
      { country_id: 1, currency: 'SAR', monthly: 10000, yearly: 100000 },
      { country_id: 3, currency: 'KWD', monthly: 9500, yearly: 95000 },
    ]);
    const pub = await t.http.get('/api/public/plans').set(await fresh());
    expect(pub.body).toEqual([
      expect.objectContaining({
        id: 'advanced',
        max_employees: 8,
        features_ar: ['الحجز الإلكتروني', 'تذكيرات واتساب'],
      }),
    ]);
    // and the website's pricing page shows the plan as priced, in Saudi riyals a month
    await t.http.get('/api/public/plans').set(await fresh());
    const pricing = await t.http.get('/en/business/pricing');
    expect(pricing.status).toBe(200);
    expect(pricing.text).toContain('Advanced');
    expect(pricing.text).toContain('WhatsApp reminders');
    expect(pricing.text).toMatch(/100(\.00)?/);
  });

  it('sets the platform as a Saudi seller, then invoices an expired salon its plan with 15% VAT, numbered in sequence', async () => {
    const account = await t.http.post('/api/manager/accounts').set(asManager()).send({
      name_en: 'Lulu Salon',
      name_ar: 'صالون لولو',
      alias: 'lulusalon',
      country_id: 1,
      salon_type: 1,
      max_employees: 2,
      owner_name: 'Lulu',
      owner_username: 'lulu',
      owner_email: 'lulu@lulu.example',
      owner_password: 'Lulu12345',
    });
    expect(account.body.account_id).toBe(accountId);
    // on a basic plan that ends tomorrow, then the clock moves on: expired
    const renewed = await t.http
      .post(`/api/manager/accounts/${accountId}/renew`)
      .set(asManager())
      .send({ plan: 'basic', valid_till: addDays(riyadhToday(), 1), max_employees: 2 });
    expect(renewed.status).toBe(200);
    offset = 3 * DAY;
    manager = await t.signIn(MANAGER, 'manager');
    owner = await t.signIn({ accountId, username: 'lulu', password: 'Lulu12345' });
    const refused = await t.http
      .post('/api/merchant/customers')
      .set(bearer(owner))
      .send({ name: 'Amal', mobile: '0501230011' });
    expect(refused.body.message).toBe('account.expired');

    const noSeller = await t.http
      .post('/api/manager/account-invoices')
      .set(asManager())
      .send({ account_id: accountId, kind: 'subscription', plan: 'advanced', period: 'monthly' });
    expect(noSeller.body.message).toBe('billing.seller_not_set');
    const badSeller = await t.http.put('/api/manager/billing-seller/platform').set(asManager()).send({
      country_id: 2,
      name_en: 'Rawnaq',
      name_ar: 'رونق',
      trn: '123',
      address_en: 'Dubai',
      address_ar: 'دبي',
    });
    expect(badSeller.body.errors).toEqual({ trn: 'billing.trn_15_digits' });
    const seller = await t.http.put('/api/manager/billing-seller/platform').set(asManager()).send({
      country_id: 1,
      name_en: 'Rawnaq Co.',
      name_ar: 'شركة رونق',
      trn: '300000000000003',
      address_en: 'Riyadh',
      address_ar: 'الرياض',
    });
    expect(seller.status).toBe(200);

    const missing = await t.http
      .post('/api/manager/account-invoices')
      .set(asManager())
      .send({ account_id: accountId, kind: 'subscription' });
    expect(missing.body.errors).toEqual({ plan: 'validation.is_required', period: 'validation.is_required' });
    const notPriced = await t.http
      .post('/api/manager/account-invoices')
      .set(asManager())
      .send({ account_id: accountId, kind: 'subscription', plan: 'premium', period: 'monthly' });
    expect(notPriced.body.errors).toEqual({ plan: 'billing.plan_not_priced' });

    const res = await t.http
      .post('/api/manager/account-invoices')
      .set(asManager())
      .send({ account_id: accountId, kind: 'subscription', plan: 'advanced', period: 'monthly' });
    expect(res.status).toBe(201);
    invoice = res.body;
    expect(invoice).toMatchObject({
      number: 1,
      currency: 'SAR',
      vat_percent: '15',
      net: 10000,
      vat: 1500,
      total: 11500,
      plan: 'advanced',
      months: 1,
      max_employees: 8,
      seller: { trn: '300000000000003' },
    });
    const addon = await t.http
      .post('/api/manager/account-invoices')
      .set(asManager())
      .send({ account_id: accountId, kind: 'addon', addon: 'whatsapp', price: '50' });
    expect(addon.body).toMatchObject({ number: 2, net: 5000, vat: 750, total: 5750 });
    // a Saudi salon's price has halalas, not fils: the number is not taken by a refusal
    const threeDecimals = await t.http
      .post('/api/manager/account-invoices')
      .set(asManager())
      .send({ account_id: accountId, kind: 'addon', addon: 'whatsapp', price: '50.125' });
    expect(threeDecimals.body.errors).toEqual({ price: 'validation.max_decimals' });
    const list = await t.http.get('/api/manager/account-invoices').set(await fresh(manager));
    expect(list.body.map((i: { number: number }) => i.number)).toEqual([2, 1]);
    // the salon sees its invoices in its settings; another salon does not
    const mine = await t.http.get('/api/merchant/account-invoices').set(await fresh(owner));
    expect(mine.body).toHaveLength(2);
    const demo = await t.signIn({ accountId: 1, username: 'owner', password: 'Demo@12345' });
    expect((await t.http.get('/api/merchant/account-invoices').set(await fresh(demo))).body).toEqual([]);
    expect(
      (await t.http.get(`/api/merchant/account-invoices/${String(invoice.unique_id)}`).set(await fresh(demo)))
        .status,
    ).toBe(404);
  });

  it('mails the owner a payment request; she pays on the gateway simulator and the salon is renewed once and sells again', async () => {
    const req = await t.http
      .post('/api/manager/payment-requests')
      .set(asManager())
      .send({ invoice_id: invoice.id });
    expect(req.status).toBe(201);
    expect(req.body).toMatchObject({ number: 1, amount: 11500, email: 'lulu@lulu.example' });
    const mail = (await t.mailTo('lulu@lulu.example')) ?? '';
    expect(mail).toContain(`/account-invoice/${String(invoice.unique_id)}`);

    const page = await t.http
      .get(`/api/public/account-invoices/${String(invoice.unique_id)}`)
      .set(await fresh());
    expect(page.body).toMatchObject({
      number: 1,
      due: 11500,
      status: 'unpaid',
      account_name_ar: 'صالون لولو',
    });
    const start = await t.http
      .post(`/api/public/account-invoices/${String(invoice.unique_id)}/pay`)
      .send({ language: 'ar' });
    expect(start.status).toBe(201);
    const before = await t.eventCount();
    const paid = await t.http
      .post(start.body.pay_url as string)
      .type('form')
      .send({ card: '4000 0000 0000 0002', expiry: '12/30', cvv: '123', action: 'pay' });
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(`/account-invoice/${String(invoice.unique_id)}`);
    const after = await t.http
      .get(`/api/public/account-invoices/${String(invoice.unique_id)}`)
      .set(await fresh());
    expect(after.body).toMatchObject({ status: 'paid', due: 0 });
    const renewedTill = addMonths(riyadhToday(), 1);
    const events = (await t.allEvents()).slice(before);
    expect(events.filter((e) => e.type === 'SubscriptionRenewed').map((e) => e.data)).toEqual([
      expect.objectContaining({
        plan: 'advanced',
        valid_till: renewedTill,
        max_employees: 8,
        invoice_id: invoice.id,
      }),
    ]);
    // the gateway calling back again renews nothing more
    const notice: GatewayNotice = {
      tenantId: PLATFORM_TENANT,
      paymentId: start.body.payment_id as string,
      status: 5,
      reference: 'again',
      amount: 11500,
    };
    const count = await t.eventCount();
    const replay = await t.http
      .post('/api/public/payment-gateway/callback/simulator')
      .set('X-Simulator-Signature', paymentGatewaysFor(t.platform.linkTokens).gateways.simulator.sign(notice))
      .send({
        tenant_id: notice.tenantId,
        payment_id: notice.paymentId,
        status: 5,
        reference: 'again',
        amount: 11500,
      });
    expect(replay.status).toBe(200);
    expect(await t.eventCount()).toBe(count);
    // paying again is refused: nothing is due
    const twice = await t.http.post(`/api/public/account-invoices/${String(invoice.unique_id)}/pay`).send({});
    expect(twice.body.message).toBe('billing.invoice_paid');

    // active again, within the new plan's employees
    owner = await t.signIn({ accountId, username: 'lulu', password: 'Lulu12345' });
    const sell = await t.http
      .post('/api/merchant/customers')
      .set(bearer(owner))
      .send({ name: 'Amal', mobile: '0501230011' });
    expect(sell.status).toBe(201);
    for (const n of [1, 2]) {
      const added = await t.http
        .post('/api/merchant/employees')
        .set(bearer(owner))
        .send({ name_en: `Stylist ${n}`, name_ar: `مصففة ${n}` });
      expect(added.status).toBe(201);
      await t.http.get('/api/merchant/employees').set(await fresh(owner));
    }
    const accounts = await t.http.get('/api/manager/merchants/active-merchants').set(await fresh(manager));
    expect(accounts.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ account_id: accountId, plan: 'advanced', valid_till: renewedTill }),
      ]),
    );
    const requests = await t.http.get('/api/manager/payment-requests').set(await fresh(manager));
    expect(requests.body).toEqual([expect.objectContaining({ number: 1, status: 'paid' })]);
  });

  it('records a bank transfer by hand, refusing more than is due and a cancelled invoice; revenue by month follows', async () => {
    const addon = (await t.http.get('/api/manager/account-invoices').set(await fresh(manager))).body.find(
      (i: { number: number }) => i.number === 2,
    );
    const tooMuch = await t.http
      .post(`/api/manager/account-invoices/${String(addon.id)}/payments`)
      .set(asManager())
      .send({ amount: '57.51', reference: 'TT-1' });
    expect(tooMuch.body.errors).toEqual({ amount: 'billing.payment_exceeds_due' });
    const part = await t.http
      .post(`/api/manager/account-invoices/${String(addon.id)}/payments`)
      .set(asManager())
      .send({ amount: '20', reference: 'TT-1' });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({ paid: 2000, due: 3750 });
    const cancel = await t.http
      .post(`/api/manager/account-invoices/${String(addon.id)}/cancel`)
      .set(asManager())
      .send({ reason: 'wrong' });
    expect(cancel.body.message).toBe('billing.invoice_has_payments');

    const third = await t.http
      .post('/api/manager/account-invoices')
      .set(asManager())
      .send({ account_id: accountId, kind: 'addon', addon: 'advanced_accounting', price: '10' });
    expect(third.body.number).toBe(3);
    expect(
      (
        await t.http
          .post(`/api/manager/account-invoices/${String(third.body.id)}/cancel`)
          .set(asManager())
          .send({ reason: 'by mistake' })
      ).status,
    ).toBe(200);
    const onCancelled = await t.http
      .post(`/api/manager/account-invoices/${String(third.body.id)}/payments`)
      .set(asManager())
      .send({ amount: '1', reference: 'TT-2' });
    expect(onCancelled.body.message).toBe('billing.invoice_cancelled');

    // the manager's advanced-accounting list: the salons with the add-on, and their last add-on invoice
    const switched = await t.http
      .put(`/api/manager/accounts/${accountId}/advanced-accounting`)
      .set(asManager())
      .send({ status: 1 });
    expect(switched.status).toBe(200);
    const addonSalons = await t.http.get('/api/manager/advanced-accounting').set(await fresh(manager));
    expect(addonSalons.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          account_id: accountId,
          last_invoice: expect.objectContaining({ number: 3, status: 'cancelled' }),
        }),
      ]),
    );

    const payments = await t.http.get('/api/manager/account-payments').set(await fresh(manager));
    expect(payments.body.map((p: { method: string }) => p.method).sort()).toEqual([
      'bank_transfer',
      'gateway',
    ]);
    const revenue = await t.http.get('/api/manager/accounting/revenue-by-month').set(await fresh(manager));
    const month = riyadhToday().slice(0, 7);
    expect(revenue.body).toEqual([
      expect.objectContaining({ month, currency: 'SAR', total: 13500, net: 13500 - revenue.body[0].vat }),
    ]);
    expect(revenue.body[0].vat).toBe(1500 + Math.round((2000 * 750) / 5750));
  });

  it('prices an add-on invoice left without a price from the salon’s package, and names the price when there is none', async () => {
    const pkg = await t.http.post('/api/manager/whatsapp-packages').set(asManager()).send({
      name_en: 'Starter',
      name_ar: 'الأساسية',
      messages_per_month: 1000,
      currency: 'SAR',
      monthly_price: 4900,
      status: 1,
    });
    expect(pkg.status).toBe(201);
    const invoiceOf = (addon: string) =>
      t.http
        .post('/api/manager/account-invoices')
        .set(asManager())
        .send({ account_id: accountId, kind: 'addon', addon });
    // no package yet: the price is asked for, on its field
    const none = await invoiceOf('whatsapp');
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ price: 'billing.addon_not_priced' });
    const put = await t.http
      .put(`/api/manager/whatsapp-accounts/${accountId}/package`)
      .set(asManager())
      .send({ package_id: pkg.body.id, starts_on: riyadhToday(), status: 1 });
    expect(put.status).toBe(200);
    const priced = await invoiceOf('whatsapp');
    expect(priced.status).toBe(201);
    expect(priced.body).toMatchObject({
      addon: 'whatsapp',
      net: 4900,
      vat: 735,
      total: 5635,
      currency: 'SAR',
    });
    // a price typed still wins
    const typed = await t.http
      .post('/api/manager/account-invoices')
      .set(asManager())
      .send({ account_id: accountId, kind: 'addon', addon: 'whatsapp', price: '40' });
    expect(typed.body).toMatchObject({ net: 4000 });
    // advanced accounting has no packages; a Saudi salon's payment gateway package is priced in dirhams
    expect((await invoiceOf('advanced_accounting')).body.errors).toEqual({ price: 'validation.is_required' });
    expect((await invoiceOf('payment_gateway')).body.errors).toEqual({ price: 'billing.addon_not_priced' });
  });
});
