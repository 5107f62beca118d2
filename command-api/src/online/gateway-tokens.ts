import type { GatewayName } from '@rawnaq/contracts';
import type { GatewaySimulator, PaymentGateway } from '@rawnaq/platform';

/** The payment gateway adapters by name: the simulator always, the bank's hosted page beside it. */
export type PaymentGateways = { simulator: GatewaySimulator } & Record<GatewayName, PaymentGateway>;

export const GATEWAY_TOKENS = {
  gateways: Symbol('PaymentGateways'),
  secrets: Symbol('SealedSecrets'),
} as const;
