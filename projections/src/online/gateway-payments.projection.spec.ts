import { givenEvents } from '../testing/given-events.test-support';
import { gatewayPaymentsProjection } from './gateway-payments.projection';

const stream = 'gateway-payment-t1.p1';
const started = {
  type: 'GatewayPaymentStarted',
  stream,
  data: {
    payment_id: 'p1',
    unique_id: 'u'.repeat(22),
    gateway_type: 1,
    gateway: 'simulator',
    pay_url: '/pay/sim/x',
    return_path: '/salon/demosalon/payment-gateway-status/uuuu',
    amount: 5_000,
    currency: 'SAR',
    appointment_id: 'v1',
    booking_unique_id: 'b'.repeat(22),
    customer_id: 'c1',
    customer_name: 'Noura',
    mobile: '+966551234567',
    business_date: '2026-11-25',
    expires_at: '2026-11-25T10:20:00.000Z',
  },
};
const paid = {
  type: 'GatewayPaymentPaid',
  stream,
  data: {
    payment_id: 'p1',
    reference: 'R1',
    amount: 5_000,
    currency: 'SAR',
    deposit_id: 'd1',
    after_failure: false,
    fee_amount: 100,
    fee_currency: 'AED',
    business_date: '2026-11-25',
  },
};

describe('gateway payments projection', () => {
  it('given a payment started, it is pending for the status page and the sweep', async () => {
    const then = await givenEvents(gatewayPaymentsProjection, [started]);
    expect(await then.get('gateway_payments', 'p1')).toMatchObject({
      status: 1,
      outcome: 'pending',
      unique_id: 'u'.repeat(22),
      amount: 5_000,
    });
    expect(await then.get('payment_gateway_fees', 'p1')).toBeUndefined();
  });

  it('given it paid, it is paid with its deposit, and the platform’s fee is listed once', async () => {
    const then = await givenEvents(gatewayPaymentsProjection, [started, paid]);
    expect(await then.get('gateway_payments', 'p1')).toMatchObject({
      status: 5,
      outcome: 'paid',
      deposit_id: 'd1',
      reference: 'R1',
      fee_amount: 100,
    });
    expect(await then.get('payment_gateway_fees', 'p1')).toMatchObject({
      tenantId: 't1',
      amount: 100,
      currency: 'AED',
      payment_amount: 5_000,
    });
  });

  it('given a failure after paid was ignored, it stays paid and counts the ignored callback', async () => {
    const ignored = {
      type: 'GatewayCallbackIgnored',
      stream,
      data: { payment_id: 'p1', status: 4, current_status: 5, reference: 'R1' },
    };
    const then = await givenEvents(gatewayPaymentsProjection, [started, paid, ignored]);
    expect(await then.get('gateway_payments', 'p1')).toMatchObject({
      status: 5,
      outcome: 'paid',
      ignored_callbacks: 1,
      last_ignored_status: 4,
    });
  });

  it('given a decline, it is failed with its reason', async () => {
    const declined = {
      type: 'GatewayPaymentFailed',
      stream,
      data: { payment_id: 'p1', status: 4, reason: 'declined', business_date: '2026-11-25' },
    };
    const then = await givenEvents(gatewayPaymentsProjection, [started, declined]);
    expect(await then.get('gateway_payments', 'p1')).toMatchObject({
      status: 4,
      outcome: 'failed',
      failed_reason: 'declined',
    });
  });
});
