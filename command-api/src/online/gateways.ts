import {
  ArbHostedGateway,
  ARB_ENDPOINTS,
  GatewaySimulator,
  SealedSecrets,
  type LinkTokens,
} from '@rawnaq/platform';
import type { PaymentGateways } from './gateway-tokens';

/**
 * The adapters behind the PaymentGateway port, and the key that seals the salons' gateway secrets,
 * both derived from the platform's link key (kept outside the event log, shared by every replica).
 */
export const paymentGatewaysFor = (
  linkTokens: LinkTokens,
  arbEndpoint: string = process.env.ARB_GATEWAY_URL ?? ARB_ENDPOINTS.test,
): { gateways: PaymentGateways; secrets: SealedSecrets } => {
  const derived = (purpose: string) => Buffer.from(linkTokens.tokenFor(purpose), 'base64url');
  return {
    gateways: {
      simulator: new GatewaySimulator(derived('payment-gateway-simulator')),
      arb: new ArbHostedGateway(arbEndpoint),
    },
    secrets: new SealedSecrets(derived('payment-gateway-secrets')),
  };
};
