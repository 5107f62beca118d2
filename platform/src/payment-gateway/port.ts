import type { GatewayName, PaymentGatewayStatus } from '@rawnaq/contracts';

/** What the product asks a gateway to collect: one payment, from one customer, for one salon. */
export type GatewayCheckout = {
  tenantId: string;
  paymentId: string;
  /** integer minor units of `currency` */
  amount: number;
  currency: string;
  /** the currency's decimals (2 or 3) */
  decimals: 2 | 3;
  language: 'en' | 'ar';
  /** what the customer pays for, shown on the hosted page */
  description: string;
  /** the salon's name, shown on the hosted page */
  merchantName: string;
  /** where the customer's browser comes back: `salon/{alias}/payment-gateway-status/{uniqueId}` */
  returnPath: string;
  /** the product's absolute origin, for gateways that call back over the internet */
  origin: string;
};

/** The salon's own credentials at the gateway (doc1 §3), secrets unsealed only for the call. */
export type GatewayCredentials = {
  key?: string;
  tranportal_id?: string;
  secret?: string;
  terminal_resource_key?: string;
};

/** A callback as it came: its form or JSON fields and its headers. */
export type GatewayCallback = {
  body: Record<string, unknown>;
  headers: Record<string, string | undefined>;
  /** the salon the callback's address names, when the gateway's protocol needs it to find the key */
  tenantId?: string;
};

/** What a genuine callback says about a payment. */
export type GatewayNotice = {
  tenantId: string;
  paymentId: string;
  status: PaymentGatewayStatus;
  /** the gateway's transaction reference */
  reference?: string;
  /** the amount the gateway says it handled, in minor units, when it says */
  amount?: number;
  /** or as the decimal text of its protocol ("12.50") */
  amountDecimal?: string;
};

/** A callback that is not the gateway's (bad signature, undecipherable, for another payment): refused. */
export class GatewayCallbackRefused extends Error {
  constructor(readonly reason: string) {
    super(`payment gateway callback refused: ${reason}`);
  }
}

/**
 * A payment gateway with a hosted payment page: the customer is sent to `start`'s page, pays there,
 * and the gateway tells the product the outcome in a callback that `verify` authenticates.
 */
export interface PaymentGateway {
  readonly name: GatewayName;
  /** Opens a payment at the gateway: where to send the customer's browser. */
  start(
    checkout: GatewayCheckout,
    credentials: GatewayCredentials,
  ): Promise<{ url: string; reference?: string }>;
  /** Reads a callback; throws GatewayCallbackRefused unless it is genuinely the gateway's. */
  verify(
    callback: GatewayCallback,
    credentialsOf: (tenantId: string) => Promise<GatewayCredentials>,
  ): Promise<GatewayNotice>;
}

/** Minor units as the decimal text gateways expect (1250, 2 → "12.50"). */
export const decimalText = (amount: number, decimals: 2 | 3): string => {
  const scale = 10 ** decimals;
  const whole = Math.floor(amount / scale);
  return `${whole}.${String(amount % scale).padStart(decimals, '0')}`;
};
