import { paymentGatewaysFor } from '@rawnaq/command-api';
import type { GatewayNotice } from '@rawnaq/platform';
import type { TestApp } from './test-app.test-support';

/**
 * The payment gateway simulator's callback of a payment, as the gateway sends it: signed with the
 * simulator's key unless the test gives another signature (a forged one).
 */
export const simulatorCallback = (t: TestApp, notice: GatewayNotice, signature?: string) =>
  t.http
    .post('/api/public/payment-gateway/callback/simulator')
    .set(
      'X-Simulator-Signature',
      signature ?? paymentGatewaysFor(t.platform.linkTokens).gateways.simulator.sign(notice),
    )
    .send({
      tenant_id: notice.tenantId,
      payment_id: notice.paymentId,
      status: notice.status,
      reference: notice.reference,
      amount: notice.amount,
    });
