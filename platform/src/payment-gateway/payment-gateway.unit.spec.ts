import { createDecipheriv, randomBytes } from 'node:crypto';
import {
  ARB_IV,
  arbInitRequest,
  arbStatusOf,
  ArbHostedGateway,
  decimalText,
  decryptTrandata,
  encryptTrandata,
  GatewayCallbackRefused,
  GatewaySimulator,
  SealedSecrets,
  SIMULATOR_CARDS,
  SIMULATOR_CHALLENGE_CODE,
  type GatewayCheckout,
} from './index';

const RESOURCE_KEY = '52589146997352589146997352589146';
const checkout: GatewayCheckout = {
  tenantId: 't1',
  paymentId: 'p1',
  amount: 5_075,
  currency: 'SAR',
  decimals: 2,
  language: 'ar',
  description: 'عربون موعد',
  merchantName: 'Demo <Salon>',
  returnPath: '/salon/demosalon/payment-gateway-status/u1',
  origin: 'https://book.example',
};

describe('money as gateways write it', () => {
  it('writes minor units with the currency’s decimals', () => {
    expect(decimalText(5_075, 2)).toBe('50.75');
    expect(decimalText(5, 3)).toBe('0.005');
    expect(decimalText(12_000, 3)).toBe('12.000');
  });
});

describe('the ARB / NeoLeap tranportal encoding', () => {
  it('is AES-256-CBC with the resource key and the fixed IV, over the URL-encoded text, in hex', () => {
    const hex = encryptTrandata('[{"a":"b c"}]', RESOURCE_KEY);
    expect(hex).toMatch(/^[0-9a-f]+$/);
    expect(hex.length % 32).toBe(0);
    // deciphered independently of the adapter
    const d = createDecipheriv('aes-256-cbc', Buffer.from(RESOURCE_KEY), ARB_IV);
    const plain = Buffer.concat([d.update(Buffer.from(hex, 'hex')), d.final()]).toString();
    expect(plain).toBe(encodeURIComponent('[{"a":"b c"}]'));
    expect(decryptTrandata(hex, RESOURCE_KEY)).toBe('[{"a":"b c"}]');
  });

  it('refuses a text that does not decipher under the key', () => {
    const hex = encryptTrandata('[{"result":"CAPTURED"}]', RESOURCE_KEY);
    expect(() => decryptTrandata(hex, 'x'.repeat(32))).toThrow();
    expect(() => decryptTrandata('zz', RESOURCE_KEY)).toThrow();
  });

  it('builds the purchase request with the tranportal id, password, ISO currency and the salon as udf1', () => {
    const { plain, body } = arbInitRequest(checkout, {
      tranportal_id: 'TP1',
      secret: 'pass',
      terminal_resource_key: RESOURCE_KEY,
    });
    expect(plain).toMatchObject({
      id: 'TP1',
      password: 'pass',
      action: '1',
      currencyCode: '682',
      amt: '50.75',
      trackId: 'p1',
      langid: 'ar',
      udf1: 't1',
      responseURL: 'https://book.example/api/public/payment-gateway/callback/arb/t1',
    });
    expect(body[0].id).toBe('TP1');
    expect(JSON.parse(decryptTrandata(body[0].trandata, RESOURCE_KEY))).toEqual([plain]);
    // the password travels only inside trandata
    expect(JSON.stringify(body)).not.toContain('pass');
  });

  it('needs the salon’s credentials', () => {
    expect(() => arbInitRequest(checkout, { tranportal_id: 'TP1' })).toThrow(/tranportal/);
  });

  it('maps the gateway’s result words to the spec’s statuses', () => {
    expect(arbStatusOf('CAPTURED')).toBe(5);
    expect(arbStatusOf('NOT CAPTURED')).toBe(4);
    expect(arbStatusOf('CANCELED')).toBe(6);
    expect(arbStatusOf(undefined, 'IPAY0100 invalid')).toBe(3);
  });

  it('starts at the page the gateway answers and verifies its callback by the key and the salon', async () => {
    const gateway = new ArbHostedGateway('https://pg.example/hosted.htm', async (_url, init) => {
      const [sent] = JSON.parse(init.body);
      expect(sent.id).toBe('TP1');
      return {
        ok: true,
        status: 200,
        json: async () => [{ status: '1', result: '600202:https://pg.example/pay.htm' }],
      };
    });
    const creds = { tranportal_id: 'TP1', secret: 'pass', terminal_resource_key: RESOURCE_KEY };
    await expect(gateway.start(checkout, creds)).resolves.toEqual({
      url: 'https://pg.example/pay.htm?PaymentID=600202',
      reference: '600202',
    });
    const answer = (fields: Record<string, string>) =>
      encryptTrandata(
        JSON.stringify([{ paymentId: '600202', trackId: 'p1', amt: '50.75', ...fields }]),
        RESOURCE_KEY,
      );
    const credentialsOf = async () => creds;
    await expect(
      gateway.verify(
        {
          body: { trandata: answer({ result: 'CAPTURED', udf1: 't1', tranId: 'T9' }) },
          headers: {},
          tenantId: 't1',
        },
        credentialsOf,
      ),
    ).resolves.toEqual({
      tenantId: 't1',
      paymentId: 'p1',
      status: 5,
      reference: 'T9',
      amountDecimal: '50.75',
    });
    // another salon's answer posted to this salon's address
    await expect(
      gateway.verify(
        { body: { trandata: answer({ result: 'CAPTURED', udf1: 't2' }) }, headers: {}, tenantId: 't1' },
        credentialsOf,
      ),
    ).rejects.toBeInstanceOf(GatewayCallbackRefused);
    await expect(
      gateway.verify({ body: { trandata: 'ab'.repeat(16) }, headers: {}, tenantId: 't1' }, credentialsOf),
    ).rejects.toBeInstanceOf(GatewayCallbackRefused);
  });
});

describe('the local gateway simulator', () => {
  const simulator = new GatewaySimulator(randomBytes(32));
  const tokenOf = async () => (await simulator.start(checkout)).url.split('/').pop()!;

  it('serves a signed session: a changed amount is not its session', async () => {
    const token = await tokenOf();
    expect(simulator.session(token)).toMatchObject({ paymentId: 'p1', amount: 5_075 });
    const [body, mac] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), amount: 1 }),
    ).toString('base64url');
    expect(simulator.session(`${forged}.${mac}`)).toBeUndefined();
    expect(simulator.submit(`${forged}.${mac}`, { card: SIMULATOR_CARDS.success })).toMatchObject({
      kind: 'page',
      status: 404,
    });
  });

  it('renders its page in the customer’s language, escaped', async () => {
    const token = await tokenOf();
    const html = simulator.page(token, simulator.session(token)!);
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('50.75 SAR');
    expect(html).toContain('Demo &lt;Salon&gt;');
    expect(html).not.toMatch(/<script|https?:\/\//);
  });

  it('answers each test card with its outcome and a callback signed for the product', async () => {
    const token = await tokenOf();
    const outcome = (form: Record<string, string>) => simulator.submit(token, form);
    const paid = outcome({ card: '4000 0000 0000 0002', action: 'pay' });
    expect(paid).toMatchObject({ kind: 'done', notice: { status: 5, paymentId: 'p1' }, callbackDelayMs: 0 });
    expect(outcome({ card: SIMULATOR_CARDS.declined })).toMatchObject({
      kind: 'done',
      notice: { status: 4 },
    });
    expect(outcome({ card: SIMULATOR_CARDS.late })).toMatchObject({
      notice: { status: 5 },
      callbackDelayMs: 3000,
    });
    expect(outcome({ action: 'cancel' })).toMatchObject({ notice: { status: 6 } });
    expect(outcome({ card: '12' })).toMatchObject({ kind: 'page', status: 422 });
    expect(outcome({ card: SIMULATOR_CARDS.challenge })).toMatchObject({ kind: 'page', status: 200 });
    expect(
      outcome({ card: SIMULATOR_CARDS.challenge, challenge: '1', code: SIMULATOR_CHALLENGE_CODE }),
    ).toMatchObject({ notice: { status: 5 } });
    expect(outcome({ card: SIMULATOR_CARDS.challenge, challenge: '1', code: '000000' })).toMatchObject({
      notice: { status: 3 },
    });

    if (paid.kind !== 'done') throw new Error('paid');
    const body = {
      tenant_id: paid.notice.tenantId,
      payment_id: paid.notice.paymentId,
      status: paid.notice.status,
      reference: paid.notice.reference,
      amount: paid.notice.amount,
    };
    await expect(
      simulator.verify({ body, headers: { 'x-simulator-signature': paid.signature } }),
    ).resolves.toEqual(paid.notice);
    await expect(
      simulator.verify({
        body: { ...body, status: 4 },
        headers: { 'x-simulator-signature': paid.signature },
      }),
    ).rejects.toBeInstanceOf(GatewayCallbackRefused);
    await expect(
      new GatewaySimulator(randomBytes(32)).verify({
        body,
        headers: { 'x-simulator-signature': paid.signature },
      }),
    ).rejects.toBeInstanceOf(GatewayCallbackRefused);
  });
});

describe('sealed secrets', () => {
  it('open only under their key, and not once changed', () => {
    const sealer = new SealedSecrets(randomBytes(32));
    const sealed = sealer.seal('tranportal password');
    expect(sealed).not.toContain('password');
    expect(sealer.open(sealed)).toBe('tranportal password');
    expect(() => new SealedSecrets(randomBytes(32)).open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other text').toString('base64url');
    expect(() => sealer.open(parts.join('.'))).toThrow();
  });
});
