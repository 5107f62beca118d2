import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { CURRENCY_INFO, type Currency } from '../coded-values/countries';
import type { PaymentGatewayStatus, PaymentGatewayType } from '../coded-values/enumerations';
import { maxLength } from '../validators/text';
import { withRule } from '../validators/zod';
import type { GatewayPurchaseDelivered, GatewayPurchaseNotDelivered, OnlinePurchase } from './online-shop';

/**
 * Payments through the online payment gateway (doc1 §4): one stream per payment, so its callbacks,
 * however many and in whatever order they come, are decided against everything it already knows.
 */
export const GATEWAY_PAYMENT_CATEGORY = 'gateway-payment';

/** Which adapter carries a payment: the local simulator (the default) or the bank's hosted page. */
export type GatewayName = 'simulator' | 'arb';
export const GATEWAY_NAMES: readonly GatewayName[] = ['simulator', 'arb'];

/** The platform's fee per successful gateway transaction (doc2 §9): 1 AED, in fils. */
export const GATEWAY_FEE = { amount: 100, currency: 'AED' } as const;

/**
 * Units of each currency to one US dollar, times 10,000: the Gulf's pegs (the dirham, the riyal, the
 * Omani rial and the Bahraini dinar are pegged to the dollar), and for the Kuwaiti dinar, pegged to a
 * basket, a fixed reference. Fixed, so a fee converted today and in a rebuild years later is the same.
 */
const PER_USD_E4: Readonly<Record<Currency, number>> = {
  AED: 36_725,
  SAR: 37_500,
  OMR: 3_845,
  BHD: 3_760,
  KWD: 3_070,
};

/**
 * The platform's fee in the salon's own currency, in its minor units (rounded half up): what its books
 * post as the gateway's fee (1 AED is 102 halalas, 84 Kuwaiti fils). The same currency: the fee itself.
 */
export const gatewayFeeIn = (currency: string, fee: { amount: number; currency: string } = GATEWAY_FEE) => {
  if (currency === fee.currency) return fee.amount;
  const from = CURRENCY_INFO[fee.currency as Currency];
  const to = CURRENCY_INFO[currency as Currency];
  if (!from || !to) throw new Error(`no rate from ${fee.currency} to ${currency}`);
  const numerator = fee.amount * 10 ** to.decimals * PER_USD_E4[to.code];
  const denominator = 10 ** from.decimals * PER_USD_E4[from.code];
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
};

/** How long a customer has to pay before the time her booking holds is given back. */
export const GATEWAY_PAYMENT_MINUTES = 20;

/** A customer sent to the gateway's hosted page: status 1 (pending). */
export type GatewayPaymentStarted = {
  type: 'GatewayPaymentStarted';
  data: {
    payment_id: string;
    /** the customer's `payment-gateway-status/{uniqueId}` link */
    unique_id: string;
    gateway_type: PaymentGatewayType;
    gateway: GatewayName;
    /** the hosted payment page the customer was sent to */
    pay_url: string;
    /** where her browser comes back: the salon's `payment-gateway-status/{uniqueId}` page */
    return_path: string;
    amount: number;
    currency: string;
    /** the visit the deposit is for (gateway type 1) */
    appointment_id?: string;
    /** the visit's e-booking link, shown once paid */
    booking_unique_id?: string;
    customer_id: string;
    customer_name: string;
    mobile: string;
    business_date: string;
    expires_at: string;
    /** what a gift card (type 2) or offer (type 3) payment buys, delivered once paid */
    purchase?: OnlinePurchase;
  };
};
/** The gateway says the payment is still under way, now awaiting its confirmation (status 2). */
export type GatewayPaymentAwaitingConfirmation = {
  type: 'GatewayPaymentAwaitingConfirmation';
  data: { payment_id: string; reference?: string };
};
/** The money was taken (status 5); the platform's fee is owed for it. */
export type GatewayPaymentPaid = {
  type: 'GatewayPaymentPaid';
  data: {
    payment_id: string;
    reference: string;
    amount: number;
    currency: string;
    /** the deposit written on the visit (payment source 1), when there was still a visit to hold it */
    deposit_id?: string;
    /** true when a failure or the expiry was recorded first: the money came anyway and must be given back or used */
    after_failure: boolean;
    fee_amount: number;
    fee_currency: string;
    /** the fee in the payment's (the salon's) currency, as its books post it (absent before: `gatewayFeeIn`) */
    fee_in_currency?: number;
    business_date: string;
  };
};
/** Declined (4), failed (3) or cancelled / expired (6): nothing was taken, the visit it held is cancelled. */
export type GatewayPaymentFailed = {
  type: 'GatewayPaymentFailed';
  data: { payment_id: string; status: 3 | 4 | 6; reason: string; reference?: string; business_date: string };
};
/** A callback that would have moved a settled payment backwards (a failure after paid): kept, not applied. */
export type GatewayCallbackIgnored = {
  type: 'GatewayCallbackIgnored';
  data: {
    payment_id: string;
    status: PaymentGatewayStatus;
    current_status: PaymentGatewayStatus;
    reference?: string;
  };
};
export type GatewayPaymentEvent =
  | GatewayPaymentStarted
  | GatewayPaymentAwaitingConfirmation
  | GatewayPaymentPaid
  | GatewayPaymentFailed
  | GatewayCallbackIgnored
  | GatewayPurchaseDelivered
  | GatewayPurchaseNotDelivered;

/** The salon's deposit policy for online bookings. */
export const DEPOSIT_TYPES = ['none', 'amount', 'percentage'] as const;
export type DepositType = (typeof DEPOSIT_TYPES)[number];

/**
 * The salon's payment gateway settings (doc1 §3: key, secret, tranportal id, terminal resource key).
 * The secret and the terminal resource key are write-only: an empty or missing one keeps what is set.
 */
export const paymentGatewaySettingsInput = z.preprocess(
  cleanPayload,
  z.object({
    gateway: z.enum(GATEWAY_NAMES as [GatewayName, ...GatewayName[]]).default('simulator'),
    key: withRule(z.string(), maxLength(200)).optional(),
    tranportal_id: withRule(z.string(), maxLength(100)).optional(),
    secret: withRule(z.string(), maxLength(200)).optional(),
    terminal_resource_key: withRule(z.string(), maxLength(200)).optional(),
  }),
);
export type PaymentGatewaySettingsInput = z.infer<typeof paymentGatewaySettingsInput>;

/**
 * What changed in the gateway settings. The secret fields are never in an event as text: only sealed
 * (AES-GCM under the platform's key, kept outside the log), and their `*_set` flags.
 */
export type PaymentGatewaySettingsChanged = {
  type: 'PaymentGatewaySettingsChanged';
  data: {
    gateway: GatewayName;
    key: string;
    tranportal_id: string;
    secret_set: boolean;
    terminal_resource_key_set: boolean;
    secret_sealed?: string;
    terminal_resource_key_sealed?: string;
  };
};
