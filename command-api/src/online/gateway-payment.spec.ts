import type { GatewayPaymentEvent, GatewayPaymentStarted } from '@rawnaq/contracts';
import {
  decideGatewayPayment,
  evolveGatewayPayment,
  initialGatewayPayment,
  type GatewayPaymentCommand,
  type GatewayPaymentState,
} from './gateway-payment';

const TODAY = '2026-11-25';
const started: GatewayPaymentStarted['data'] = {
  payment_id: 'p1',
  unique_id: 'u'.repeat(22),
  gateway_type: 1,
  gateway: 'simulator',
  pay_url: '/pay/sim/x',
  return_path: '/salon/demosalon/payment-gateway-status/uuuu',
  amount: 5_000,
  currency: 'SAR',
  appointment_id: 'visit',
  booking_unique_id: 'b'.repeat(22),
  customer_id: 'c',
  customer_name: 'Noura',
  mobile: '+966551234567',
  business_date: TODAY,
  expires_at: '2026-11-25T10:20:00.000Z',
};

/** given past events, when a command: the new events (or the refusal) */
const given = (...events: GatewayPaymentEvent[]) => {
  const state = events.reduce<GatewayPaymentState>(evolveGatewayPayment, initialGatewayPayment);
  return { when: (command: GatewayPaymentCommand) => decideGatewayPayment(command, state), state };
};
const report = (status: 1 | 2 | 3 | 4 | 5 | 6, extra: Partial<GatewayPaymentCommand> = {}) =>
  ({ type: 'Report', status, reference: 'R1', today: TODAY, ...extra }) as GatewayPaymentCommand;
const START: GatewayPaymentEvent = { type: 'GatewayPaymentStarted', data: started };
const PAID: GatewayPaymentEvent = {
  type: 'GatewayPaymentPaid',
  data: {
    payment_id: 'p1',
    reference: 'R1',
    amount: 5_000,
    currency: 'SAR',
    deposit_id: 'd1',
    after_failure: false,
    fee_amount: 100,
    fee_currency: 'AED',
    // and in the salon's riyals, as its books post it (1 AED at the pegs)
    fee_in_currency: 102,
    business_date: TODAY,
  },
};
const DECLINED: GatewayPaymentEvent = {
  type: 'GatewayPaymentFailed',
  data: { payment_id: 'p1', status: 4, reason: 'declined', reference: 'R1', business_date: TODAY },
};

describe('a payment through the online payment gateway', () => {
  it('given nothing, when started: it is pending (status 1); started again (a retried request): nothing new', () => {
    const events = given().when({ type: 'Start', started });
    expect(events).toEqual([START]);
    const { state } = given(START);
    expect(state.exists && state.status).toBe(1);
    expect(given(START).when({ type: 'Start', started })).toEqual([]);
  });

  it('given a pending payment, when the gateway says paid: paid (5) with the deposit and the platform’s 1 AED fee', () => {
    expect(given(START).when(report(5, { depositId: 'd1' }))).toEqual([PAID]);
    const { state } = given(START, PAID);
    expect(state.exists && state.status).toBe(5);
  });

  it('given a pending payment, when awaiting confirmation (2): still pending; a late "1" does not move it back', () => {
    const awaiting = given(START).when(report(2));
    expect(awaiting).toEqual([
      { type: 'GatewayPaymentAwaitingConfirmation', data: { payment_id: 'p1', reference: 'R1' } },
    ]);
    expect(given(START, ...awaiting).when(report(1))).toEqual([]);
    expect(given(START, ...awaiting).when(report(2))).toEqual([]);
  });

  it.each([
    [3, 'failed'],
    [4, 'declined'],
    [6, 'cancelled'],
  ] as const)('given a pending payment, when the gateway says %s: failed (%s)', (status, reason) => {
    expect(given(START).when(report(status))).toEqual([
      {
        type: 'GatewayPaymentFailed',
        data: { payment_id: 'p1', status, reason, reference: 'R1', business_date: TODAY },
      },
    ]);
  });

  it('given a paid payment, when the same callback comes again: nothing (idempotent)', () => {
    expect(given(START, PAID).when(report(5, { depositId: 'd1' }))).toEqual([]);
  });

  it('given a paid payment, when a failure comes after it: it stays paid, the failure is kept as ignored, once', () => {
    const ignored = given(START, PAID).when(report(4));
    expect(ignored).toEqual([
      {
        type: 'GatewayCallbackIgnored',
        data: { payment_id: 'p1', status: 4, current_status: 5, reference: 'R1' },
      },
    ]);
    const { state, when } = given(START, PAID, ...ignored);
    expect(state.exists && state.status).toBe(5);
    expect(when(report(4))).toEqual([]);
    // a pending that arrives out of order after paid: kept, not applied
    expect(when(report(1))[0]).toMatchObject({ type: 'GatewayCallbackIgnored', data: { status: 1 } });
  });

  it('given a declined payment, when declined again or cancelled: nothing; when a late "paid" comes: paid, marked after a failure', () => {
    expect(given(START, DECLINED).when(report(4))).toEqual([]);
    expect(given(START, DECLINED).when(report(6))).toEqual([]);
    const { deposit_id: _none, ...withoutDeposit } = PAID.data;
    expect(given(START, DECLINED).when(report(5))).toEqual([
      { type: 'GatewayPaymentPaid', data: { ...withoutDeposit, after_failure: true } },
    ]);
    expect(given(START, DECLINED).when(report(2))[0]).toMatchObject({ type: 'GatewayCallbackIgnored' });
  });

  it('refuses a callback for another amount than the one asked, and one for a payment it does not know', () => {
    expect(() => given(START).when(report(5, { amount: 1 }))).toThrow(
      expect.objectContaining({ key: 'payments.gateway_amount_mismatch', status: 409 }),
    );
    expect(() => given().when(report(5))).toThrow(expect.objectContaining({ key: 'not_found.payment' }));
  });

  it('given a pending payment, when its time runs out: cancelled (6, expired); not before, and never once paid', () => {
    const before = new Date('2026-11-25T10:19:59.000Z');
    const after = new Date('2026-11-25T10:20:00.000Z');
    expect(given(START).when({ type: 'Expire', now: before, today: TODAY })).toEqual([]);
    expect(given(START).when({ type: 'Expire', now: after, today: TODAY })).toEqual([
      {
        type: 'GatewayPaymentFailed',
        data: { payment_id: 'p1', status: 6, reason: 'expired', business_date: TODAY },
      },
    ]);
    expect(given(START, PAID).when({ type: 'Expire', now: after, today: TODAY })).toEqual([]);
  });
});
