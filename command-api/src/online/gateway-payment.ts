import {
  conflict,
  GATEWAY_FEE,
  gatewayFeeIn,
  notFound,
  paymentGatewayOutcome,
  PaymentGatewayStatus,
  type GatewayPaymentEvent,
  type GatewayPaymentStarted,
  type GatewayPurchaseDelivered,
} from '@rawnaq/contracts';

/** One gateway payment as its callbacks see it. */
export type GatewayPaymentState =
  | { exists: false }
  | {
      exists: true;
      started: GatewayPaymentStarted['data'];
      status: PaymentGatewayStatus;
      /** the callbacks already kept without being applied, so a repeat is not kept twice */
      ignored: string[];
      /** what a paid purchase (gift card, offer) became, once delivered */
      delivered?: GatewayPurchaseDelivered['data'];
      /** why the till refused to sell a paid purchase, until it is delivered */
      notDelivered?: string;
    };
export const initialGatewayPayment: GatewayPaymentState = { exists: false };

export const evolveGatewayPayment = (
  state: GatewayPaymentState,
  event: GatewayPaymentEvent,
): GatewayPaymentState => {
  if (event.type === 'GatewayPaymentStarted')
    return { exists: true, started: event.data, status: PaymentGatewayStatus.pending, ignored: [] };
  if (!state.exists) return state;
  switch (event.type) {
    case 'GatewayPaymentAwaitingConfirmation':
      return { ...state, status: PaymentGatewayStatus.awaiting_confirmation };
    case 'GatewayPaymentPaid':
      return { ...state, status: PaymentGatewayStatus.paid };
    case 'GatewayPaymentFailed':
      return { ...state, status: event.data.status };
    case 'GatewayCallbackIgnored':
      return { ...state, ignored: [...state.ignored, ignoredKey(event.data.status, event.data.reference)] };
    case 'GatewayPurchaseDelivered':
      return { ...state, delivered: event.data, notDelivered: undefined };
    case 'GatewayPurchaseNotDelivered':
      return { ...state, notDelivered: event.data.refusal };
  }
};

const ignoredKey = (status: number, reference?: string) => `${status}|${reference ?? ''}`;

export type GatewayNoticeCommand = {
  type: 'Report';
  status: PaymentGatewayStatus;
  reference?: string;
  /** the amount the gateway handled, when it says (minor units) */
  amount?: number;
  /** the deposit to write on the visit if this notice pays it, when the visit can still take one */
  depositId?: string;
  /** the platform's fee if it is paid now, AED fils (the platform's setting; 1 AED unless changed) */
  feeFils?: number;
  today: string;
};
export type GatewayPaymentCommand =
  | { type: 'Start'; started: GatewayPaymentStarted['data'] }
  | GatewayNoticeCommand
  | { type: 'Expire'; now: Date; today: string }
  | { type: 'Deliver'; delivered: GatewayPurchaseDelivered['data'] }
  | { type: 'RefuseDelivery'; reason: string; params?: Record<string, string | number> };

const FAILED = new Set<number>([
  PaymentGatewayStatus.failed,
  PaymentGatewayStatus.declined,
  PaymentGatewayStatus.cancelled,
]);
const REASONS: Record<number, string> = { 3: 'failed', 4: 'declined', 6: 'cancelled' };

/**
 * The gateway's statuses (doc1 §4: 1 and 2 pending; 3, 4 and 6 failed; 5 paid), followed so that a
 * payment never moves backwards whatever order its callbacks come in, and any repeat changes nothing:
 * - pending moves to awaiting confirmation (2), paid (5) or failed (3, 4, 6);
 * - paid stays paid: a failure (or a pending) reported after it is kept as ignored, once;
 * - failed stays failed for any other failure; a payment reported paid after a failure or the expiry
 *   is paid all the same (the money was taken) and marked so, for the salon to use or give back;
 * - the time runs out only while still pending (status 6, "expired").
 */
export const decideGatewayPayment = (
  command: GatewayPaymentCommand,
  state: GatewayPaymentState,
): GatewayPaymentEvent[] => {
  if (command.type === 'Start')
    return state.exists ? [] : [{ type: 'GatewayPaymentStarted', data: command.started }];
  if (!state.exists) throw notFound('not_found.payment');
  const { started, status: current } = state;
  const id = started.payment_id;
  if (command.type === 'Deliver') {
    // a purchase is the customer's once, only after it is paid
    if (state.delivered || !started.purchase) return [];
    if (current !== PaymentGatewayStatus.paid) throw conflict('payments.gateway_not_paid');
    return [{ type: 'GatewayPurchaseDelivered', data: { ...command.delivered, payment_id: id } }];
  }
  if (command.type === 'RefuseDelivery') {
    // kept once per reason, and only for a paid purchase still not handed over
    if (state.delivered || !started.purchase || current !== PaymentGatewayStatus.paid) return [];
    if (state.notDelivered === command.reason) return [];
    return [
      {
        type: 'GatewayPurchaseNotDelivered',
        data: {
          payment_id: id,
          refusal: command.reason,
          ...(command.params && { refusal_params: command.params }),
        },
      },
    ];
  }
  if (command.type === 'Expire') {
    if (
      paymentGatewayOutcome(current) !== 'pending' ||
      command.now.getTime() < Date.parse(started.expires_at)
    )
      return [];
    return [
      {
        type: 'GatewayPaymentFailed',
        data: {
          payment_id: id,
          status: PaymentGatewayStatus.cancelled,
          reason: 'expired',
          business_date: command.today,
        },
      },
    ];
  }
  const { status, reference } = command;
  if (command.amount !== undefined && command.amount !== started.amount)
    throw conflict('payments.gateway_amount_mismatch');
  const ignore = (): GatewayPaymentEvent[] =>
    state.ignored.includes(ignoredKey(status, reference))
      ? []
      : [
          {
            type: 'GatewayCallbackIgnored',
            data: { payment_id: id, status, current_status: current, ...(reference && { reference }) },
          },
        ];
  const paid = (afterFailure: boolean): GatewayPaymentEvent[] => [
    {
      type: 'GatewayPaymentPaid',
      data: {
        payment_id: id,
        reference: reference ?? '',
        amount: started.amount,
        currency: started.currency,
        ...(command.depositId && { deposit_id: command.depositId }),
        after_failure: afterFailure,
        fee_amount: command.feeFils ?? GATEWAY_FEE.amount,
        fee_currency: GATEWAY_FEE.currency,
        fee_in_currency: gatewayFeeIn(started.currency, {
          amount: command.feeFils ?? GATEWAY_FEE.amount,
          currency: GATEWAY_FEE.currency,
        }),
        business_date: command.today,
      },
    },
  ];
  if (current === PaymentGatewayStatus.paid) return status === PaymentGatewayStatus.paid ? [] : ignore();
  if (FAILED.has(current)) {
    if (status === PaymentGatewayStatus.paid) return paid(true);
    return FAILED.has(status) ? [] : ignore();
  }
  // still pending
  if (status === PaymentGatewayStatus.paid) return paid(false);
  if (FAILED.has(status))
    return [
      {
        type: 'GatewayPaymentFailed',
        data: {
          payment_id: id,
          status: status as 3 | 4 | 6,
          reason: REASONS[status],
          ...(reference && { reference }),
          business_date: command.today,
        },
      },
    ];
  if (status === PaymentGatewayStatus.awaiting_confirmation && current === PaymentGatewayStatus.pending)
    return [
      {
        type: 'GatewayPaymentAwaitingConfirmation',
        data: { payment_id: id, ...(reference && { reference }) },
      },
    ];
  return [];
};
