import type { GatewayPaymentEvent, GatewayPaymentStarted, GatewayPurchaseDelivered } from '@rawnaq/contracts';
import {
  decideGatewayPayment,
  evolveGatewayPayment,
  initialGatewayPayment,
  type GatewayPaymentCommand,
  type GatewayPaymentState,
} from './gateway-payment';

const TODAY = '2026-11-25';
const giftCard: GatewayPaymentStarted['data'] = {
  payment_id: 'p2',
  unique_id: 'u'.repeat(22),
  gateway_type: 2,
  gateway: 'simulator',
  pay_url: '/pay/sim/x',
  return_path: '/salon/demosalon/payment-gateway-status/uuuu',
  amount: 20_000,
  currency: 'SAR',
  customer_id: '',
  customer_name: 'Layla',
  mobile: '+966551239002',
  business_date: TODAY,
  expires_at: '2026-11-25T10:20:00.000Z',
  purchase: {
    kind: 'gift_card',
    value: 20_000,
    beneficiary: { name: 'Sara', mobile: '+966551239001' },
    buyer: { name: 'Layla', mobile: '+966551239002' },
    message: 'عيد سعيد',
  },
};
const deposit: GatewayPaymentStarted['data'] = { ...giftCard, gateway_type: 1, purchase: undefined };

const given = (...events: GatewayPaymentEvent[]) => {
  const state = events.reduce<GatewayPaymentState>(evolveGatewayPayment, initialGatewayPayment);
  return { when: (command: GatewayPaymentCommand) => decideGatewayPayment(command, state), state };
};
const START: GatewayPaymentEvent = { type: 'GatewayPaymentStarted', data: giftCard };
const PAID: GatewayPaymentEvent = {
  type: 'GatewayPaymentPaid',
  data: {
    payment_id: 'p2',
    reference: 'R1',
    amount: 20_000,
    currency: 'SAR',
    after_failure: false,
    fee_amount: 100,
    fee_currency: 'AED',
    business_date: TODAY,
  },
};
const sale: GatewayPurchaseDelivered['data'] = {
  payment_id: 'p2',
  kind: 'gift_card',
  invoice_id: 'i1',
  invoice_number: 7,
  customer_id: 'c1',
  gift_card_id: 'g1',
  document_unique_id: 'd'.repeat(22),
};
const DELIVER: GatewayPaymentCommand = { type: 'Deliver', delivered: sale };

describe('a gift card or an offer bought online, handed over once paid', () => {
  it('given a paid purchase, when delivered: the sale is recorded on the payment', () => {
    expect(given(START, PAID).when(DELIVER)).toEqual([{ type: 'GatewayPurchaseDelivered', data: sale }]);
  });

  it('given a purchase already delivered, when delivered again (a repeated callback): nothing new', () => {
    const delivered: GatewayPaymentEvent = { type: 'GatewayPurchaseDelivered', data: sale };
    expect(given(START, PAID, delivered).when(DELIVER)).toEqual([]);
    expect(given(START, PAID, delivered).state).toMatchObject({ delivered: sale });
  });

  it('given a purchase still pending or declined, when delivered: refused, nothing is sold', () => {
    expect(() => given(START).when(DELIVER)).toThrow('payments.gateway_not_paid');
    const declined: GatewayPaymentEvent = {
      type: 'GatewayPaymentFailed',
      data: { payment_id: 'p2', status: 4, reason: 'declined', business_date: TODAY },
    };
    expect(() => given(START, declined).when(DELIVER)).toThrow('payments.gateway_not_paid');
  });

  it('given a deposit (nothing to hand over), when delivered: nothing', () => {
    expect(given({ type: 'GatewayPaymentStarted', data: deposit }, PAID).when(DELIVER)).toEqual([]);
  });

  it('given a purchase that expired then was paid after all, when delivered: she gets what she paid for', () => {
    const expired: GatewayPaymentEvent = {
      type: 'GatewayPaymentFailed',
      data: { payment_id: 'p2', status: 6, reason: 'expired', business_date: TODAY },
    };
    const late = given(START, expired).when({ type: 'Report', status: 5, reference: 'R1', today: TODAY });
    expect(late[0]).toMatchObject({ type: 'GatewayPaymentPaid', data: { after_failure: true } });
    expect(given(START, expired, ...late).when(DELIVER)).toHaveLength(1);
  });
});
