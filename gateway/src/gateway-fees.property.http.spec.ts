import fc from 'fast-check';
import { accountCode, addDays, type GatewayPaymentPaid, type RecordedEvent } from '@rawnaq/contracts';
import { SIMULATOR_CARDS, SIMULATOR_CHALLENGE_CODE } from '@rawnaq/platform';
import { expectSameAfterRebuild } from './testing/rebuild.test-support';
import {
  bearer,
  readUpToDate,
  MANAGER,
  OWNER,
  startTestApp,
  type TestApp,
} from './testing/test-app.test-support';
import { workday } from './testing/dates.test-support';

/**
 * The money of online payments, from outside (the gap the till's money property left): for any sequence
 * of deposits asked by the salon's online booking and paid through the payment gateway — by a plain
 * card, through the 3-D Secure challenge, declined, failed at the challenge, or never paid (expired) —
 * what the salon's gateway report counts and adds up, the platform's fees the manager reads, and the
 * salon's books (the fee an expense taken from the card money, the deposits a liability, the trial
 * balance zero) each equal what the payments themselves add up to (the deposits as asked, each paid
 * payment's fee as its event recorded it); and so again after the gateway's projection and the ledger
 * are rebuilt from the first event. The demo salon: Saudi, its fee (1 AED) posted in riyals.
 */

const OUTCOMES = ['paid', 'challenged', 'declined', 'wrong_code', 'expired'] as const;
type Outcome = (typeof OUTCOMES)[number];
const PAID: ReadonlySet<Outcome> = new Set(['paid', 'challenged']);

type Service = { id: string; price_with_vat_minor: number };
type Booked = {
  booking: { id: string };
  payment: { unique_id: string; pay_url: string; amount_minor: number };
};
type Row = { code: string; debit: number; credit: number };

describe('online payments: the gateway report, the fees and the books add up (property)', () => {
  let t: TestApp;
  let owner: string;
  let manager: string;
  let services: Service[];
  let bookings = 0;
  const ok = (path: string, token: string, query: Record<string, string> = {}) =>
    readUpToDate(t, path, token, query);
  /** far enough ahead to hold every deposit's day and every visit's */
  const asOf = () => addDays(workday(0), 60);

  /** What the salon, the manager and the books say now. */
  const figures = async () => {
    const today = workday(0);
    const report = await ok('/api/merchant/reports/payment-gateway-payments', owner, {
      from: addDays(today, -1),
      to: addDays(today, 1),
    });
    const fees = await ok('/api/manager/payment-gateway-fees', manager, {
      from: addDays(today, -1),
      to: addDays(today, 1),
    });
    const trial = await ok('/api/merchant/advanced-accounting/trial-balance', owner, { as_of: asOf() });
    const net = (key: 'gateway_fees' | 'credit_card' | 'advance_payments') => {
      const row = (trial.rows as Row[]).find((r) => r.code === accountCode(key));
      return (row?.debit ?? 0) - (row?.credit ?? 0);
    };
    return {
      totals: report.totals as Record<string, number | string>,
      managerFees: fees.rows.find((r: { account_id: number }) => r.account_id === 1) ?? {
        transactions: 0,
        fees: 0,
      },
      difference: trial.totals.difference as number,
      gatewayFees: net('gateway_fees'),
      card: net('credit_card'),
      deposits: net('advance_payments'),
    };
  };

  /** Books a visit that asks a deposit and takes its payment the way `outcome` says. */
  const deposit = async (outcome: Outcome): Promise<Booked> => {
    const n = ++bookings;
    const service = services[n % 2];
    const date = workday(10 + (n % 15));
    const free = await t.http
      .get('/api/public/salons/demosalon/availability')
      .query({ service_ids: JSON.stringify([service.id]), date })
      .set({ 'X-Min-Position': String(await t.eventCount()) });
    expect(free.status).toBe(200);
    const [first] = free.body.visit as Array<{ start: string }>;
    expect(first).toBeDefined();
    const booked = await t.http
      .post('/api/public/salons/demosalon/bookings')
      // each from an address of its own: the public booking's per-address limit is not what is tested
      .set('X-Forwarded-For', `10.77.${Math.floor(n / 250)}.${n % 250}`)
      .send({
        service_ids: [service.id],
        start: first.start,
        name: 'Online Deposit',
        mobile: `0557${String(n).padStart(6, '0')}`,
        language: 'en',
      });
    expect(booked.status).toBe(202);
    const { payment } = booked.body as Booked;
    const pay = (form: Record<string, string>) =>
      t.http
        .post(payment.pay_url)
        .type('form')
        .send({ expiry: '12/30', cvv: '123', action: 'pay', ...form });
    if (outcome === 'paid') expect((await pay({ card: SIMULATOR_CARDS.success })).status).toBe(303);
    if (outcome === 'declined') expect((await pay({ card: SIMULATOR_CARDS.declined })).status).toBe(303);
    if (outcome === 'challenged' || outcome === 'wrong_code') {
      expect((await pay({ card: SIMULATOR_CARDS.challenge })).status).toBe(200);
      const code = outcome === 'challenged' ? SIMULATOR_CHALLENGE_CODE : '000000';
      expect((await pay({ card: SIMULATOR_CARDS.challenge, challenge: '1', code })).status).toBe(303);
    }
    return booked.body as Booked;
  };

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    manager = await t.signIn(MANAGER, 'manager');
    const put = await t.http.put('/api/merchant/settings/online').set(bearer(owner)).send({
      alias: 'demosalon',
      online_booking: true,
      deposit_type: 'percentage',
      deposit_percentage: '35',
    });
    expect(put.status).toBe(200);
    const menu = await t.http
      .get('/api/public/salons/demosalon/services')
      .set({ 'X-Min-Position': String(await t.eventCount()) });
    services = menu.body.groups.flatMap((g: { services: Service[] }) => g.services);
    expect(services.length).toBeGreaterThan(1);
  }, 60_000);
  afterAll(async () => t?.close());

  it('every figure of the payments, their fees and their postings equals what the payments add up to, before and after a rebuild', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...OUTCOMES), { minLength: 1, maxLength: 6 }),
        async (outcomes) => {
          const before = await figures();
          const since = await t.eventCount();
          const made: Array<{ outcome: Outcome; booked: Booked }> = [];
          for (const outcome of outcomes) made.push({ outcome, booked: await deposit(outcome) });
          // the ones never paid expire (the sweep a server runs every minute, run at once here)
          if (outcomes.includes('expired'))
            expect(await t.app.payments.expire(new Date(Date.now() + 30 * 60_000))).toBeGreaterThan(0);

          // the documents: the deposits asked, and each paid payment's event with its fee
          const paidEvents = ((await t.allEvents()) as RecordedEvent[])
            .slice(since)
            .filter((e) => e.type === 'GatewayPaymentPaid')
            .map((e) => e.data as GatewayPaymentPaid['data']);
          const paid = made.filter((m) => PAID.has(m.outcome));
          expect(paidEvents).toHaveLength(paid.length);
          const paidAmount = paid.reduce((s, m) => s + m.booked.payment.amount_minor, 0);
          expect(paidEvents.reduce((s, e) => s + e.amount, 0)).toBe(paidAmount);
          const feesAed = paidEvents.reduce((s, e) => s + e.fee_amount, 0);
          const feesSar = paidEvents.reduce((s, e) => s + e.fee_in_currency!, 0);
          expect(paidEvents.every((e) => e.fee_currency === 'AED' && e.fee_in_currency! > 0)).toBe(true);

          const after = await figures();
          const delta = (key: string) => Number(after.totals[key]) - Number(before.totals[key]);
          // the salon's report: every payment started, by outcome, the money and the fees
          expect({
            payments: delta('payments'),
            paid: delta('paid'),
            paid_amount: delta('paid_amount'),
            pending: delta('pending'),
            failed: delta('failed'),
            fees: delta('fees'),
          }).toEqual({
            payments: outcomes.length,
            paid: paid.length,
            paid_amount: paidAmount,
            pending: 0,
            failed: outcomes.length - paid.length,
            fees: feesAed,
          });
          // the manager's: one fee per successful transaction
          expect({
            transactions: after.managerFees.transactions - before.managerFees.transactions,
            fees: after.managerFees.fees - before.managerFees.fees,
          }).toEqual({ transactions: paid.length, fees: feesAed });
          // the books: the card money in less the fees, the deposits owed, the fees spent; balanced
          expect({
            gatewayFees: after.gatewayFees - before.gatewayFees,
            card: after.card - before.card,
            deposits: after.deposits - before.deposits,
            difference: after.difference,
          }).toEqual({
            gatewayFees: feesSar,
            card: paidAmount - feesSar,
            deposits: 0 - paidAmount,
            difference: 0,
          });
        },
      ),
      { numRuns: 8 },
    );

    await expectSameAfterRebuild(t, figures, [
      ['gateway-payments', 'gateway_payments'],
      ['ledger', 'ledger_lines'],
    ]);
  }, 240_000);
});
