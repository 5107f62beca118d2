import { PaymentMethod } from '@rawnaq/contracts';
import { bearer, startTestApp, type TestApp } from './testing/test-app.test-support';

/** The second salon (UAE, 5 % VAT, no reporting step): no sales of its own, so every figure is ours. */
const UAE_OWNER = { accountId: 2, username: 'other-owner', password: 'Other@12345' };

type MethodRow = { method: number; payments: number; paid: number; refunds: number; refunded: number };

const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);

/**
 * Issue 24, items 10 and 11: every amount of money taken in a day — an invoice's payments, what an
 * invoice or a debit note left owed paid later, a debit note's payments, a wallet topped up — is in
 * its method's row and the totals of every report that shows money by method; a credit note's
 * refunds are money going back out, by method, on the note's day. A debit note is in the VAT report.
 */
describe('money taken, by method, in every report (issue 24)', () => {
  let t: TestApp;
  let uae: string;
  let today: string;

  const get = async (path: string, query: Record<string, string> = {}) =>
    (
      await t.http
        .get(`/api/merchant/${path}`)
        .query(query)
        .set({ ...bearer(uae), 'X-Min-Position': String(await t.eventCount()) })
    ).body;
  const post = async (path: string, body: object) => {
    const res = await t.http.post(`/api/merchant/${path}`).set(bearer(uae)).send(body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  beforeAll(async () => {
    t = await startTestApp();
    await t.openOtherSalon();
    uae = await t.signIn(UAE_OWNER);
    const group = (await post('service-groups', { name_en: 'Hair', name_ar: 'الشعر' })).id;
    const service = (
      await post('services', {
        name_en: 'Blow dry',
        name_ar: 'تجفيف',
        group_id: group,
        price: '100.00',
        job_time: '30',
      })
    ).id;
    const customer = (await post('customers', { name: 'Mariam Ali', mobile: '+971501234567' })).id;
    const settings = await t.http.get('/api/merchant/settings/invoice').set(bearer(uae));
    await t.http
      .put('/api/merchant/settings/invoice')
      .set(bearer(uae))
      .send({ ...settings.body, allow_debt: true });
    // 100.00 + 5 %: 105.00, 40.00 in cash now, 65.00 owed
    const invoice = await post('invoices', {
      customer_id: customer,
      lines: [{ kind: 'service', item_id: service }],
      payments: [{ method: PaymentMethod.cash, amount: '40.00' }],
    });
    // 65.00 paid later: 25.00 by card, 40.00 from a wallet topped up by transfer
    await post(`invoices/${invoice.id}/payments`, {
      method: PaymentMethod.credit_card,
      amount: '25.00',
      authorization_code: 'R1',
    });
    await post(`customers/${customer}/wallet/top-ups`, { method: PaymentMethod.transfer, amount: '50.00' });
    await post(`invoices/${invoice.id}/payments`, { method: PaymentMethod.wallet, amount: '40.00' });
    // a debit note of 20.00 + 1.00 VAT: 5.00 in cash now, the 16.00 it leaves later in cash
    const debit = await post(`invoices/${invoice.id}/debit-notes`, {
      reason: 'Longer hair',
      lines: [{ description: 'Extra time', amount: '20.00' }],
      payments: [{ method: PaymentMethod.cash, amount: '5.00' }],
    });
    expect(debit).toMatchObject({ net: 2000, vat: 100, total: 2100, owed: 1600 });
    await post(`debit-notes/${debit.id}/payments`, { method: PaymentMethod.cash, amount: '16.00' });
    // the invoice credited in full: 105.00 back, 100.00 in cash and 5.00 to the wallet
    await post(`invoices/${invoice.id}/credit-notes`, {
      reason: 'Unhappy',
      payments: [
        { method: PaymentMethod.cash, amount: '100.00' },
        { method: PaymentMethod.wallet, amount: '5.00' },
      ],
    });
    today = (await get(`invoices/${invoice.id}`)).business_date;
  }, 90_000);
  afterAll(async () => t?.close());

  // taken: cash 40 + 5 + 16 = 61.00; card 25.00; transfer (the top-up) 50.00; the wallet 40.00
  const paid = { '1': 6100, '2': 2500, '4': 5000, '10': 4000 };
  // given back: cash 100.00, the wallet 5.00
  const refunded = { '1': 10000, '10': 500 };
  const totals = { payments: 6, paid: 17600, refunds: 2, refunded: 10500, net: 7100 };

  it('pos/daily-payments: every payment of the day in its method and the totals, the listed rows adding up to them', async () => {
    const day = await get('pos/daily-payments');
    expect(day.totals).toEqual(totals);
    const rows = Object.fromEntries((day.rows as MethodRow[]).map((r) => [String(r.method), r]));
    for (const [m, amount] of Object.entries(paid)) expect(rows[m].paid).toBe(amount);
    for (const [m, amount] of Object.entries(refunded)) expect(rows[m].refunded).toBe(amount);
    const listed = day.payments as Array<{ amount: number; method: number }>;
    expect(listed).toHaveLength(8);
    expect(sum(listed, (p) => p.amount)).toBe(totals.net);
    for (const m of Object.keys(paid))
      expect(
        sum(
          listed.filter((p) => String(p.method) === m && p.amount > 0),
          (p) => p.amount,
        ),
      ).toBe(paid[m as keyof typeof paid]);
  });

  it('the daily and monthly payments summaries, the payments details and the dashboard say the same', async () => {
    const daily = await get('reports/daily-payments-summary', { from: today, to: today });
    expect(daily.rows).toEqual([{ date: today, ...totals, by_method: paid, refunds_by_method: refunded }]);
    const monthly = await get('reports/monthly-payments-summary', { from: today.slice(0, 7) });
    expect(monthly.totals).toEqual({ ...totals, by_method: paid, refunds_by_method: refunded });
    const details = await get('dashboard/payments-details', { from: today, to: today });
    expect(details.totals).toEqual(totals);
    const dashboard = await get('dashboard');
    expect(dashboard.payments.today.totals).toEqual(totals);
  });

  it("the cashier's day and the per-cashier summary: by method, with what was taken besides the invoices", async () => {
    const mine = await get('pos/current-cashier-employee');
    expect(mine.figures).toMatchObject({
      paid: 4000,
      // 25 + 50 + 40 + 5 + 16
      received: 13600,
      refunded: 10500,
      by_method: paid,
      refunds_by_method: refunded,
    });
    const summary = await get('reports/general-summary-per-cashier-employees', { from: today, to: today });
    expect(summary.totals).toMatchObject({ paid: 4000, received: 13600, by_method: paid });
    expect(summary.totals.paid + summary.totals.received).toBe(totals.paid);
  });

  it('vat-report: the debit note is taxed beside the sales, the credit note taken off', async () => {
    const report = await get('reports/vat-report', { from: today, to: today });
    expect(report.rows).toEqual([
      {
        category: 'S',
        rate_bp: 500,
        taxable: 10000,
        vat: 500,
        debited_taxable: 2000,
        debited_vat: 100,
        credited_taxable: 10000,
        credited_vat: 500,
        net_taxable: 2000,
        net_vat: 100,
      },
    ]);
    expect(report.totals).toMatchObject({ net_taxable: 2000, net_vat: 100 });
  });

  it("reports/debit-notes: the period's debit notes with their invoice, what they charged, paid and still owe", async () => {
    const report = await get('reports/debit-notes', { from: today, to: today });
    expect(report.rows).toEqual([
      expect.objectContaining({
        number: 1,
        business_date: today,
        customer_name: 'Mariam Ali',
        reason: 'Longer hair',
        net: 2000,
        vat: 100,
        total: 2100,
        paid: 2100,
        owed: 0,
      }),
    ]);
    expect(report.totals).toEqual({ debit_notes: 1, net: 2000, vat: 100, total: 2100, paid: 2100, owed: 0 });
    const before = await get('reports/debit-notes', { from: '2020-01-01', to: '2020-01-31' });
    expect(before).toMatchObject({ rows: [], totals: { debit_notes: 0, total: 0 } });
  });
});
