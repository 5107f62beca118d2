import fc from 'fast-check';
import {
  accountCode,
  addDays,
  PaymentMethod,
  type GatewayPaymentPaid,
  type GiftCardIssued,
  type InvoiceIssued,
  type RecordedEvent,
} from '@rawnaq/contracts';
import { SIMULATOR_CARDS, type GatewayNotice } from '@rawnaq/platform';
import { expectSameAfterRebuild } from './testing/rebuild.test-support';
import { simulatorCallback } from './testing/gateway.test-support';
import {
  bearer,
  readUpToDate,
  MANAGER,
  OWNER,
  startTestApp,
  type TestApp,
} from './testing/test-app.test-support';

/**
 * The money of the salon's online shop, from outside (the deposits have their own property): for any
 * sequence of offers, packages and gift cards bought on the salon's pages and paid through the payment
 * gateway — by card, with the gateway's callback repeated after it, declined, or never paid (expired) —
 * the salon's gateway report, the manager's fees, the day's general summary and the books (the money in
 * the payment-link account less the fees, the fees an expense, the cards and the offers' sessions owed,
 * the VAT owed, the trial balance zero) each equal what the sales' own documents add up to: the invoices
 * issued, the cards issued and the payments' fees as their events recorded them; a purchase is sold
 * once however often its payment is confirmed; and so again after the reports and the books are
 * rebuilt from the first event.
 */

const KINDS = ['offer', 'package', 'gift_card'] as const;
const OUTCOMES = ['paid', 'paid_twice', 'declined', 'expired'] as const;
type Kind = (typeof KINDS)[number];
type Outcome = (typeof OUTCOMES)[number];
type Purchase = { kind: Kind; outcome: Outcome; value: number };
type Opened = { payment: { unique_id: string; pay_url: string; amount_minor: number } };
type Row = { code: string; debit: number; credit: number };
type ByMethod = Record<string, number>;

const ACCOUNTS = [
  'payment_link',
  'gateway_fees',
  'active_gift_cards',
  'unused_offer_services',
  'vat_sales',
] as const;

describe('the online shop: its reports, fees and books add up to its sales (property)', () => {
  let t: TestApp;
  let owner: string;
  let manager: string;
  let today: string;
  let offerId: string;
  let packageId: string;
  let buyers = 0;

  const ok = (path: string, token: string, query: Record<string, string> = {}) =>
    readUpToDate(t, path, token, query);

  /** What the gateway report, the manager, the day's summary and the books say now. */
  const figures = async () => {
    const around = { from: addDays(today as never, -1), to: addDays(today as never, 1) };
    const report = await ok('/api/merchant/reports/payment-gateway-payments', owner, around);
    const fees = await ok('/api/manager/payment-gateway-fees', manager, around);
    const daily = await ok('/api/merchant/reports/daily-general-summary', owner, {
      from: today,
      to: today,
    });
    const day = (daily.rows as Array<Record<string, unknown>>).find((r) => r.date === today) ?? {};
    const trial = await ok('/api/merchant/advanced-accounting/trial-balance', owner, {
      as_of: addDays(today as never, 1),
    });
    const net = (key: (typeof ACCOUNTS)[number]) => {
      const row = (trial.rows as Row[]).find((r) => r.code === accountCode(key));
      return (row?.debit ?? 0) - (row?.credit ?? 0);
    };
    const totals = report.totals as Record<string, number>;
    return {
      gateway: Object.fromEntries(
        ['payments', 'paid', 'paid_amount', 'pending', 'failed', 'fees', 'not_delivered'].map((k) => [
          k,
          Number(totals[k] ?? 0),
        ]),
      ),
      manager: (fees.rows as Array<{ account_id: number; transactions: number; fees: number }>).find(
        (r) => r.account_id === 1,
      ) ?? { transactions: 0, fees: 0 },
      day: {
        invoices: Number(day.invoices ?? 0),
        net: Number(day.net ?? 0),
        vat: Number(day.vat ?? 0),
        total: Number(day.total ?? 0),
        paid: Number(day.paid ?? 0),
        online: Number((day.by_method as ByMethod | undefined)?.[PaymentMethod.payment_link] ?? 0),
      },
      books: Object.fromEntries(ACCOUNTS.map((key) => [key, net(key)])) as Record<
        (typeof ACCOUNTS)[number],
        number
      >,
      difference: trial.totals.difference as number,
    };
  };
  type Figures = Awaited<ReturnType<typeof figures>>;
  const change = (after: Figures, before: Figures) => ({
    gateway: Object.fromEntries(Object.entries(after.gateway).map(([k, v]) => [k, v - before.gateway[k]])),
    manager: {
      transactions: after.manager.transactions - before.manager.transactions,
      fees: after.manager.fees - before.manager.fees,
    },
    day: Object.fromEntries(
      Object.entries(after.day).map(([k, v]) => [k, v - before.day[k as keyof Figures['day']]]),
    ),
    books: Object.fromEntries(ACCOUNTS.map((key) => [key, after.books[key] - before.books[key]])),
    difference: after.difference,
  });

  /** Opens the purchase on the salon's pages and pays it (or not) the way `outcome` says. */
  const buy = async ({ kind, outcome, value }: Purchase) => {
    const n = ++buyers;
    const mobile = `0558${String(n).padStart(6, '0')}`;
    // each from an address of its own: the public pages' per-address limit is not what is tested
    const from = `10.78.${Math.floor(n / 250)}.${n % 250}`;
    const opened =
      kind === 'gift_card'
        ? await t.http
            .post('/api/public/salons/demosalon/gift-card-purchases')
            .set('X-Forwarded-For', from)
            .send({
              value: String(value),
              beneficiary_name: `Gift Friend ${n}`,
              beneficiary_mobile: `0559${String(n).padStart(6, '0')}`,
              buyer_name: `Gift Buyer ${n}`,
              buyer_mobile: mobile,
              language: 'en',
            })
        : await t.http
            .post('/api/public/salons/demosalon/offer-purchases')
            .set('X-Forwarded-For', from)
            .send({
              kind,
              item_id: kind === 'offer' ? offerId : packageId,
              name: `Online Buyer ${n}`,
              mobile,
              language: 'en',
            });
    expect(opened.status).toBe(202);
    const { payment } = opened.body as Opened;
    const pay = (card: string) =>
      t.http.post(payment.pay_url).type('form').send({ expiry: '12/30', cvv: '123', action: 'pay', card });
    if (outcome === 'declined') expect((await pay(SIMULATOR_CARDS.declined)).status).toBe(303);
    if (outcome === 'paid' || outcome === 'paid_twice')
      expect((await pay(SIMULATOR_CARDS.success)).status).toBe(303);
    if (outcome === 'paid_twice') {
      // the gateway tells of the same payment again, as gateways do: nothing is sold twice
      const started = (await t.allEvents()).find(
        (e) =>
          e.type === 'GatewayPaymentStarted' &&
          (e.data as { unique_id: string }).unique_id === payment.unique_id,
      )!;
      const notice: GatewayNotice = {
        tenantId: started.metadata.tenantId as string,
        paymentId: (started.data as { payment_id: string }).payment_id,
        status: 5,
        reference: `SIM-AGAIN-${n}`,
        amount: payment.amount_minor,
      };
      const again = await simulatorCallback(t, notice);
      expect(again.status).toBe(200);
    }
    return payment;
  };

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    manager = await t.signIn(MANAGER, 'manager');
    const online = await t.http.put('/api/merchant/settings/online').set(bearer(owner)).send({
      alias: 'demosalon',
      online_booking: true,
      deposit_type: 'none',
      online_gift_cards: true,
      gift_card_min_value: '50',
    });
    expect(online.status).toBe(200);
    const info = await t.http.post('/api/merchant/get_global_informations').set(bearer(owner));
    today = info.body.global_informations.today as string;
    const menu = await t.http
      .get('/api/public/salons/demosalon/services')
      .set({ 'X-Min-Position': String(await t.eventCount()) });
    const [wash, cut] = menu.body.groups.flatMap((g: { services: Array<{ id: string }> }) => g.services);
    const create = async (path: string, body: object) => {
      const res = await t.http.post(`/api/merchant/${path}`).set(bearer(owner)).send(body);
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.id as string;
    };
    offerId = await create('offers', {
      name_en: 'Online glow',
      name_ar: 'إشراقة أونلاين',
      type: 'fixed',
      use_type: 1,
      service_ids: [wash.id, cut.id],
      // a price whose VAT and per-session shares do not come out round
      price: '133.33',
      expiry_date: addDays(today as never, 30),
    });
    packageId = await create('packages', {
      name_en: 'Five washes online',
      name_ar: 'خمس جلسات غسيل أونلاين',
      // three sessions' shares of it do not come out round either
      items: [{ service_id: wash.id, sessions: 5 }],
      price: '99.99',
      validity_days: 60,
    });
  }, 60_000);
  afterAll(async () => t?.close());

  it('every figure equals what the invoices, the cards and the payments add up to, before and after a rebuild', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            kind: fc.constantFrom(...KINDS),
            outcome: fc.constantFrom(...OUTCOMES),
            value: fc.integer({ min: 50, max: 900 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        async (purchases) => {
          const before = await figures();
          const since = await t.eventCount();
          for (const purchase of purchases) await buy(purchase);
          // the ones never paid expire (the sweep a server runs every minute, run at once here)
          if (purchases.some((p) => p.outcome === 'expired'))
            expect(await t.app.payments.expire(new Date(Date.now() + 30 * 60_000))).toBeGreaterThan(0);

          // the documents
          const events = ((await t.allEvents()) as RecordedEvent[]).slice(since);
          const of = <T>(type: string) => events.filter((e) => e.type === type).map((e) => e.data as T);
          const paidEvents = of<GatewayPaymentPaid['data']>('GatewayPaymentPaid');
          const invoices = of<InvoiceIssued['data']>('InvoiceIssued');
          const cards = of<GiftCardIssued['data']>('GiftCardIssued');
          const paid = purchases.filter((p) => p.outcome === 'paid' || p.outcome === 'paid_twice');
          // each paid purchase sold once, on one invoice paid online in full
          expect(paidEvents).toHaveLength(paid.length);
          expect(invoices).toHaveLength(paid.length);
          expect(cards).toHaveLength(paid.filter((p) => p.kind === 'gift_card').length);
          expect(cards.map((c) => c.value).sort()).toEqual(
            paid
              .filter((p) => p.kind === 'gift_card')
              .map((p) => p.value * 100)
              .sort(),
          );
          for (const invoice of invoices)
            expect({
              payments: invoice.payments.map((p) => [p.method, p.amount]),
              owed: invoice.owed,
            }).toEqual({ payments: [[PaymentMethod.payment_link, invoice.total]], owed: 0 });
          const sum = <T>(rows: T[], f: (row: T) => number) => rows.reduce((s, r) => s + f(r), 0);
          const paidAmount = sum(paidEvents, (e) => e.amount);
          expect(sum(invoices, (i) => i.total)).toBe(paidAmount);
          const feesAed = sum(paidEvents, (e) => e.fee_amount);
          const feesSar = sum(paidEvents, (e) => e.fee_in_currency!);
          const offerLines = invoices.flatMap((i) => i.lines).filter((l) => l.customer_offer_id);
          expect(offerLines).toHaveLength(paid.filter((p) => p.kind !== 'gift_card').length);

          const moved = change(await figures(), before);
          expect(moved).toEqual({
            // the salon's gateway report: every payment started, by outcome, the money and the fees
            gateway: {
              payments: purchases.length,
              paid: paid.length,
              paid_amount: paidAmount,
              pending: 0,
              failed: purchases.length - paid.length,
              fees: feesAed,
              not_delivered: 0,
            },
            // the manager's: one fee per successful transaction
            manager: { transactions: paid.length, fees: feesAed },
            // the day's general summary: the invoices as issued, all paid online
            day: {
              invoices: invoices.length,
              net: sum(invoices, (i) => i.net),
              vat: sum(invoices, (i) => i.vat),
              total: paidAmount,
              paid: paidAmount,
              online: paidAmount,
            },
            // the books: the money in less the fees, the fees spent, the cards, the sessions and the
            // VAT owed; balanced
            books: {
              payment_link: paidAmount - feesSar,
              gateway_fees: feesSar,
              active_gift_cards: 0 - sum(cards, (c) => c.value),
              unused_offer_services: 0 - sum(offerLines, (l) => l.net),
              vat_sales: 0 - sum(invoices, (i) => i.vat),
            },
            difference: 0,
          });
        },
      ),
      { numRuns: 15 },
    );

    await expectSameAfterRebuild(t, figures, [
      ['gateway-payments', 'gateway_payments'],
      ['sales-reports', 'sales_report_days'],
      ['ledger', 'ledger_lines'],
    ]);
  }, 240_000);
});
