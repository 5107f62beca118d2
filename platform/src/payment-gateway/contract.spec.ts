/**
 * The PaymentGateway port's contract, passed by every adapter: a checkout opens a page to send the
 * customer to; the gateway's own callback is read back as the payment's status; a callback changed
 * on the way, or meant for another salon, is refused. Each adapter says how its gateway calls back.
 */
import { randomBytes } from 'node:crypto';
import type { PaymentGatewayStatus } from '@rawnaq/contracts';
import {
  ArbHostedGateway,
  arbInitRequest,
  encryptTrandata,
  GatewayCallbackRefused,
  GatewaySimulator,
  type GatewayCallback,
  type GatewayCheckout,
  type GatewayCredentials,
  type PaymentGateway,
} from './index';

const checkout: GatewayCheckout = {
  tenantId: 'salon-a',
  paymentId: 'pay-1',
  amount: 2_500,
  currency: 'KWD',
  decimals: 3,
  language: 'en',
  description: 'Booking deposit',
  merchantName: 'Salon A',
  returnPath: '/en/salon/a/payment-gateway-status/x',
  origin: 'https://book.example',
};

type Harness = {
  gateway: PaymentGateway;
  credentials: GatewayCredentials;
  /** what the gateway itself sends for this checkout's payment ending in `status` */
  callback: (status: PaymentGatewayStatus) => GatewayCallback;
  /** the same callback, changed on the way (another status) */
  tampered: (status: PaymentGatewayStatus) => GatewayCallback;
  /** the gateway's callback for this payment, but posted for another salon */
  otherSalon: (status: PaymentGatewayStatus) => GatewayCallback;
};

const simulatorHarness = (): Harness => {
  const gateway = new GatewaySimulator(randomBytes(32));
  const body = (status: number) => ({
    tenant_id: checkout.tenantId,
    payment_id: checkout.paymentId,
    status,
    reference: 'R',
    amount: checkout.amount,
  });
  const signature = (status: PaymentGatewayStatus) =>
    gateway.sign({
      tenantId: checkout.tenantId,
      paymentId: checkout.paymentId,
      status,
      reference: 'R',
      amount: checkout.amount,
    });
  return {
    gateway,
    credentials: {},
    callback: (status) => ({ body: body(status), headers: { 'x-simulator-signature': signature(status) } }),
    tampered: (status) => ({
      body: body(status === 5 ? 4 : 5),
      headers: { 'x-simulator-signature': signature(status) },
    }),
    otherSalon: (status) => ({
      body: { ...body(status), tenant_id: 'salon-b' },
      headers: { 'x-simulator-signature': signature(status) },
    }),
  };
};

const arbHarness = (): Harness => {
  const key = 'k'.repeat(32);
  const credentials = { tranportal_id: 'TP', secret: 'pw', terminal_resource_key: key };
  const gateway = new ArbHostedGateway('https://pg.example/hosted.htm', async (_url, init) => {
    // the bank opens the payment only for a request it can decipher with the salon's key
    const [outer] = JSON.parse(init.body) as Array<{ trandata: string }>;
    expect(outer.trandata).toBe(arbInitRequest(checkout, credentials).body[0].trandata);
    return {
      ok: true,
      status: 200,
      json: async () => [{ status: '1', result: '77:https://pg.example/pay.htm' }],
    };
  });
  const words: Record<number, string> = {
    2: 'INITIALIZED',
    3: '',
    4: 'NOT CAPTURED',
    5: 'CAPTURED',
    6: 'CANCELED',
  };
  const trandata = (status: number, salon = checkout.tenantId, withKey = key) =>
    encryptTrandata(
      JSON.stringify([
        {
          paymentId: '77',
          trackId: checkout.paymentId,
          result: words[status],
          amt: '2.500',
          udf1: salon,
          ...(status === 3 && { errorText: 'IPAY0100 failed' }),
        },
      ]),
      withKey,
    );
  return {
    gateway,
    credentials,
    callback: (status) => ({
      body: { trandata: trandata(status) },
      headers: {},
      tenantId: checkout.tenantId,
    }),
    tampered: (status) => ({
      body: { trandata: trandata(status, checkout.tenantId, 'x'.repeat(32)) },
      headers: {},
      tenantId: checkout.tenantId,
    }),
    otherSalon: (status) => ({
      body: { trandata: trandata(status, 'salon-b') },
      headers: {},
      tenantId: checkout.tenantId,
    }),
  };
};

describe.each([
  ['the local gateway simulator', simulatorHarness],
  ['the ARB / NeoLeap hosted page', arbHarness],
])('PaymentGateway contract: %s', (_name, make) => {
  const h = make();
  const credentialsOf = async () => h.credentials;

  it('opens a page to send the customer to', async () => {
    const { url } = await h.gateway.start(checkout, h.credentials);
    expect(url).toMatch(/^(https:\/\/|\/)/);
  });

  it.each([2, 3, 4, 5, 6] as const)(
    'reads its own callback of status %s as that status, for that payment',
    async (status) => {
      await expect(h.gateway.verify(h.callback(status), credentialsOf)).resolves.toMatchObject({
        tenantId: checkout.tenantId,
        paymentId: checkout.paymentId,
        status,
      });
    },
  );

  it('refuses a callback changed on the way, and one for another salon', async () => {
    await expect(h.gateway.verify(h.tampered(5), credentialsOf)).rejects.toBeInstanceOf(
      GatewayCallbackRefused,
    );
    await expect(h.gateway.verify(h.otherSalon(5), credentialsOf)).rejects.toBeInstanceOf(
      GatewayCallbackRefused,
    );
    await expect(h.gateway.verify({ body: {}, headers: {} }, credentialsOf)).rejects.toBeInstanceOf(
      GatewayCallbackRefused,
    );
  });
});
