import fc from 'fast-check';
import { addDays, today, toDecimalString, type Currency } from '@rawnaq/contracts';
import { rebuildAndRead } from './testing/rebuild.test-support';
import { bearer, MANAGER, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

/**
 * Issue 27, the platform's own money: for any sequence of subscription and add-on invoices to a Saudi
 * salon (15 % VAT: the platform is a Saudi seller) and to a UAE one (no VAT: an export of services),
 * payments by bank transfer of any part of what is due on any of the last three months' days, and
 * cancellations of unpaid invoices, every figure the manager and the salons read — each invoice's
 * amounts, paid and due, its payments' shares of net and VAT, the revenue by month per currency, each
 * salon's own list — equals what the documents themselves (the invoices as issued, the payments as
 * recorded) add up to; and so again after the billing projection is rebuilt from the first event.
 */
type Issued = {
  id: string;
  account_id: number;
  currency: Currency;
  net: number;
  vat: number;
  total: number;
  vat_percent: string;
  cancelled: boolean;
};
type Paid = { invoice_id: string; amount: number; paid_on: string; currency: Currency };

const PLANS = ['basic', 'advanced', 'premium'] as const;
/** Plan prices per country (monthly, yearly), as the manager types them. */
const PRICES: Record<(typeof PLANS)[number], Record<1 | 2, [string, string]>> = {
  basic: { 1: ['99.99', '999.90'], 2: ['95.50', '950'] },
  advanced: { 1: ['149.95', '1499.50'], 2: ['147.33', '1473.30'] },
  premium: { 1: ['299.01', '2990.10'], 2: ['292.07', '2920.70'] },
};

const op = fc.oneof(
  fc.record({
    kind: fc.constant('subscription' as const),
    salon: fc.constantFrom(0, 1),
    plan: fc.constantFrom(...PLANS),
    period: fc.constantFrom('monthly' as const, 'yearly' as const),
  }),
  fc.record({
    kind: fc.constant('addon' as const),
    salon: fc.constantFrom(0, 1),
    addon: fc.constantFrom('advanced_accounting' as const, 'whatsapp' as const, 'payment_gateway' as const),
    minor: fc.integer({ min: 1, max: 250_000 }),
  }),
  fc.record({
    kind: fc.constant('pay' as const),
    which: fc.nat(),
    // a share of what is due, in per mille (1000: all of it)
    share: fc.integer({ min: 1, max: 1000 }),
    daysAgo: fc.constantFrom(0, 1, 31, 62),
  }),
  fc.record({ kind: fc.constant('cancel' as const), which: fc.nat() }),
);

describe("the platform's invoices and payments add up (issue 27)", () => {
  let t: TestApp;
  let manager: string;
  const salons: Array<{ account_id: number; token: () => Promise<string> }> = [];
  const issued: Issued[] = [];
  const paid: Paid[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    manager = await t.signIn(MANAGER, 'manager');
    await t.openOtherSalon();
    salons.push(
      { account_id: 1, token: () => t.signIn(OWNER) },
      {
        account_id: 2,
        token: () => t.signIn({ accountId: 2, username: 'other-owner', password: 'Other@12345' }),
      },
    );
    const seller = await t.http.put('/api/manager/billing-seller/platform').set(bearer(manager)).send({
      country_id: 1,
      name_en: 'Rawnaq Co.',
      name_ar: 'شركة رونق',
      trn: '300000000000003',
      address_en: 'Riyadh',
      address_ar: 'الرياض',
    });
    expect(seller.status).toBe(200);
    for (const plan of PLANS) {
      const res = await t.http.put(`/api/manager/plans/${plan}`).set(bearer(manager)).send({
        name_en: plan,
        name_ar: plan,
        max_employees: 10,
        monthly_1: PRICES[plan][1][0],
        yearly_1: PRICES[plan][1][1],
        monthly_2: PRICES[plan][2][0],
        yearly_2: PRICES[plan][2][1],
      });
      expect(res.status).toBe(200);
    }
  }, 120_000);
  afterAll(() => t?.close());

  const fresh = async (token = manager) => ({
    ...bearer(token),
    'X-Min-Position': String(await t.eventCount()),
  });
  const get = async <T>(path: string, token = manager): Promise<T> => {
    const res = await t.http.get(path).set(await fresh(token));
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    if (res.headers['x-stale'] === 'true') throw new Error(`${path}: the projections did not catch up`);
    return res.body as T;
  };
  const post = (path: string, body: object) => t.http.post(path).set(bearer(manager)).send(body);

  /** What each report says, against the documents. */
  const check = async () => {
    type Row = Issued & { paid: number; due: number; status: string };
    const rows = await get<Row[]>('/api/manager/account-invoices?range=[0,9999]');
    expect(rows).toHaveLength(issued.length);
    const payments = await get<
      Array<{
        invoice_id: string;
        amount: number;
        net: number;
        vat: number;
        currency: string;
        paid_on: string;
      }>
    >('/api/manager/account-payments?range=[0,9999]');
    expect(payments).toHaveLength(paid.length);
    for (const doc of issued) {
      const row = rows.find((r) => r.id === doc.id)!;
      const sum = paid.filter((p) => p.invoice_id === doc.id).reduce((s, p) => s + p.amount, 0);
      expect({ net: row.net, vat: row.vat, total: row.total, paid: row.paid, due: row.due }).toEqual({
        net: doc.net,
        vat: doc.vat,
        total: doc.total,
        paid: sum,
        due: doc.total - sum,
      });
      expect(row.status).toBe(doc.cancelled ? 'cancelled' : sum === doc.total ? 'paid' : 'unpaid');
      // its payments' shares: each payment net + VAT, and all of them the invoice's once it is paid
      const mine = payments.filter((p) => p.invoice_id === doc.id);
      for (const p of mine) expect(p.net + p.vat).toBe(p.amount);
      if (sum === doc.total) {
        expect(mine.reduce((s, p) => s + p.net, 0)).toBe(doc.net);
        expect(mine.reduce((s, p) => s + p.vat, 0)).toBe(doc.vat);
      }
    }
    // the revenue by month, per currency: the payments made in it
    const revenue = await get<
      Array<{ month: string; currency: string; net: number; vat: number; total: number }>
    >('/api/manager/accounting/revenue-by-month?months=12');
    const expected = new Map<string, number>();
    for (const p of paid) {
      const id = `${p.paid_on.slice(0, 7)}|${p.currency}`;
      expected.set(id, (expected.get(id) ?? 0) + p.amount);
    }
    expect(Object.fromEntries(revenue.map((r) => [`${r.month}|${r.currency}`, r.total]))).toEqual(
      Object.fromEntries(expected),
    );
    for (const r of revenue) expect(r.net + r.vat).toBe(r.total);
    // each salon's own list: its invoices, the same amounts
    for (const salon of salons) {
      const own = await get<Array<{ id: string; total: number; paid: number }>>(
        '/api/merchant/account-invoices',
        await salon.token(),
      );
      const docs = issued.filter((d) => d.account_id === salon.account_id);
      expect(own.map((i) => i.id).sort()).toEqual(docs.map((d) => d.id).sort());
      for (const i of own) expect(i.total).toBe(docs.find((d) => d.id === i.id)!.total);
    }
  };

  it('for any sequence of invoices, payments and cancellations, every report equals the documents, and again after a rebuild', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        for (const o of ops) {
          if (o.kind === 'subscription' || o.kind === 'addon') {
            const salon = salons[o.salon];
            const currency: Currency = salon.account_id === 1 ? 'SAR' : 'AED';
            const res = await post(
              '/api/manager/account-invoices',
              o.kind === 'subscription'
                ? { account_id: salon.account_id, kind: 'subscription', plan: o.plan, period: o.period }
                : {
                    account_id: salon.account_id,
                    kind: 'addon',
                    addon: o.addon,
                    price: toDecimalString({ amount: o.minor, currency }),
                  },
            );
            expect(res.status).toBe(201);
            const doc = res.body as Issued;
            // the document as issued: its price, and the platform's VAT on it
            const price =
              o.kind === 'addon'
                ? o.minor
                : Math.round(
                    Number(PRICES[o.plan][salon.account_id as 1 | 2][o.period === 'yearly' ? 1 : 0]) * 100,
                  );
            expect(doc).toMatchObject({ account_id: salon.account_id, currency, net: price });
            expect(doc.total).toBe(doc.net + doc.vat);
            if (salon.account_id === 1) expect(Math.abs(doc.vat - doc.net * 0.15)).toBeLessThanOrEqual(0.5);
            else expect(doc.vat).toBe(0);
            issued.push({ ...doc, cancelled: false });
          } else if (issued.length > 0) {
            const doc = issued[o.which % issued.length];
            const sum = paid.filter((p) => p.invoice_id === doc.id).reduce((s, p) => s + p.amount, 0);
            const due = doc.total - sum;
            if (o.kind === 'cancel') {
              const res = await post(`/api/manager/account-invoices/${doc.id}/cancel`, { reason: 'test' });
              if (doc.cancelled) expect(res.body.message).toBe('billing.invoice_cancelled');
              else if (sum > 0) expect(res.body.message).toBe('billing.invoice_has_payments');
              else {
                expect(res.status).toBe(200);
                doc.cancelled = true;
              }
              continue;
            }
            const amount = Math.max(1, Math.floor((due * o.share) / 1000));
            const paidOn = addDays(today(new Date(), 'Asia/Riyadh'), -o.daysAgo);
            const res = await post(`/api/manager/account-invoices/${doc.id}/payments`, {
              amount: toDecimalString({ amount, currency: doc.currency }),
              reference: `TT-${paid.length + 1}`,
              paid_on: paidOn,
            });
            if (doc.cancelled) expect(res.body.message).toBe('billing.invoice_cancelled');
            else if (due === 0) expect(res.body.message).toBe('billing.invoice_paid');
            else {
              expect(res.status).toBe(201);
              expect(res.body).toMatchObject({ paid: sum + amount, due: due - amount });
              paid.push({ invoice_id: doc.id, amount, paid_on: paidOn, currency: doc.currency });
            }
          }
        }
        await check();
      }),
      { numRuns: 20 },
    );

    // rebuilt from the first event, blue-green, as `npm run projections:rebuild` does: the same reports
    await rebuildAndRead(t, [['billing', 'account_invoices']]);
    await check();
  }, 600_000);
});
