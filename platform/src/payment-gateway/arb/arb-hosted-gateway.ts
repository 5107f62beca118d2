import { createCipheriv, createDecipheriv } from 'node:crypto';
import { PaymentGatewayStatus } from '@rawnaq/contracts';
import {
  decimalText,
  GatewayCallbackRefused,
  type GatewayCallback,
  type GatewayCheckout,
  type GatewayCredentials,
  type GatewayNotice,
  type PaymentGateway,
} from '../port';

/**
 * The bank-hosted payment page of the Saudi "tranportal" protocol (Al Rajhi Bank's gateway, run by
 * NeoLeap), the one the spec's tenant settings describe (tranportal id, terminal resource key).
 *
 * As far as public material shows (no official specification is public; this follows the community
 * integrations published for it): the merchant POSTs `[{ id, trandata, responseURL, errorURL }]` to
 * the gateway's `hosted.htm`, where `trandata` is the hex of AES-256-CBC (key: the terminal resource
 * key, IV: the fixed "PGKEYENCDECIVSPC", PKCS#7 padding) of the URL-encoded JSON request
 * `[{ id, password, action: "1" (purchase), currencyCode, errorURL, responseURL, trackId, amt, langid,
 * udf1..udf5 }]`. The answer is `[{ status: "1", result: "<paymentId>:<page url>" }]` and the browser
 * goes to `<page url>?PaymentID=<paymentId>`. The outcome comes back to `responseURL` as a form field
 * `trandata`, encrypted the same way: `[{ paymentId, result: "CAPTURED" | "NOT CAPTURED" | ..., trackId,
 * amt, ref, tranId, authRespCode, udf1..., errorText? }]`.
 *
 * Authenticity: the protocol has no signature; a callback is the gateway's only if it deciphers with
 * the salon's resource key (which only the salon and the bank hold) and its track id, salon (udf1) and
 * amount match the payment. The spec's "key" and "secret": the secret is the tranportal password;
 * "key" is kept for the merchant's key at the bank and is not part of these calls.
 */
export const ARB_IV = Buffer.from('PGKEYENCDECIVSPC', 'utf8');
export const ARB_ENDPOINTS = {
  test: 'https://securepayments.alrajhibank.com.sa/pg/payment/hosted.htm',
  live: 'https://digitalpayments.alrajhibank.com.sa/pg/payment/hosted.htm',
} as const;

/** ISO 4217 numeric codes of the currencies of the supported countries. */
export const ARB_CURRENCY_CODES: Record<string, string> = {
  SAR: '682',
  AED: '784',
  KWD: '414',
  OMR: '512',
  BHD: '048',
};

const keyOf = (resourceKey: string) => {
  const key = Buffer.from(resourceKey, 'utf8');
  if (key.length !== 32) throw new Error('the terminal resource key must be 32 characters (AES-256)');
  return key;
};

/** trandata: hex of AES-256-CBC(resource key, fixed IV, PKCS#7) of the URL-encoded text. */
export const encryptTrandata = (plain: string, resourceKey: string): string => {
  const cipher = createCipheriv('aes-256-cbc', keyOf(resourceKey), ARB_IV);
  return Buffer.concat([cipher.update(encodeURIComponent(plain), 'utf8'), cipher.final()]).toString('hex');
};

/** The text a trandata carries; throws when it does not decipher under that key. */
export const decryptTrandata = (hex: string, resourceKey: string): string => {
  if (!/^(?:[0-9a-fA-F]{32})+$/.test(hex)) throw new Error('trandata is not hex blocks');
  const decipher = createDecipheriv('aes-256-cbc', keyOf(resourceKey), ARB_IV);
  const text = Buffer.concat([decipher.update(Buffer.from(hex, 'hex')), decipher.final()]).toString('utf8');
  return decodeURIComponent(text.replace(/\+/g, ' '));
};

export type ArbRequest = {
  id: string;
  password: string;
  action: '1';
  currencyCode: string;
  errorURL: string;
  responseURL: string;
  trackId: string;
  amt: string;
  langid: 'ar' | 'en';
  udf1: string;
  udf2: string;
};

/** The callback address of a salon's ARB payments (the salon is in it: its key deciphers the answer). */
export const arbCallbackPath = (tenantId: string) => `/api/public/payment-gateway/callback/arb/${tenantId}`;

/** The init request's body for a checkout: the plain request and what is posted. */
export const arbInitRequest = (checkout: GatewayCheckout, credentials: GatewayCredentials) => {
  if (!credentials.tranportal_id || !credentials.secret || !credentials.terminal_resource_key)
    throw new Error('the salon has not set its tranportal id, secret and terminal resource key');
  const currencyCode = ARB_CURRENCY_CODES[checkout.currency];
  if (!currencyCode) throw new Error(`no ISO code for ${checkout.currency}`);
  const responseURL = `${checkout.origin}${arbCallbackPath(checkout.tenantId)}`;
  const plain: ArbRequest = {
    id: credentials.tranportal_id,
    password: credentials.secret,
    action: '1',
    currencyCode,
    errorURL: responseURL,
    responseURL,
    trackId: checkout.paymentId,
    amt: decimalText(checkout.amount, checkout.decimals),
    langid: checkout.language,
    udf1: checkout.tenantId,
    udf2: checkout.returnPath,
  };
  return {
    plain,
    body: [
      {
        id: credentials.tranportal_id,
        trandata: encryptTrandata(JSON.stringify([plain]), credentials.terminal_resource_key),
        responseURL,
        errorURL: responseURL,
      },
    ],
  };
};

/** The gateway's `result` words, as the spec's statuses. */
export const arbStatusOf = (result: string | undefined, errorText?: string): PaymentGatewayStatus => {
  const r = (result ?? '').toUpperCase().trim();
  if (r === 'CAPTURED' || r === 'APPROVED' || r === 'SUCCESS') return PaymentGatewayStatus.paid;
  if (r === 'CANCELED' || r === 'CANCELLED') return PaymentGatewayStatus.cancelled;
  if (r === 'INITIALIZED' || r === 'PENDING') return PaymentGatewayStatus.awaiting_confirmation;
  if (r === 'NOT CAPTURED' || r === 'DENIED BY RISK' || r === 'NOT APPROVED' || r === 'DECLINED')
    return PaymentGatewayStatus.declined;
  return errorText ? PaymentGatewayStatus.failed : PaymentGatewayStatus.declined;
};

type Fetch = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

export class ArbHostedGateway implements PaymentGateway {
  readonly name = 'arb' as const;

  constructor(
    private readonly endpoint: string = ARB_ENDPOINTS.test,
    private readonly fetcher: Fetch = fetch as unknown as Fetch,
  ) {}

  async start(checkout: GatewayCheckout, credentials: GatewayCredentials) {
    const { body } = arbInitRequest(checkout, credentials);
    const res = await this.fetcher(this.endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`payment gateway answered ${res.status}`);
    const [answer] = ((await res.json()) ?? []) as Array<{
      status?: string;
      result?: string;
      errorText?: string;
    }>;
    if (answer?.status !== '1' || !answer.result)
      throw new Error(`payment gateway refused: ${answer?.errorText ?? 'no result'}`);
    const at = answer.result.indexOf(':');
    const paymentId = answer.result.slice(0, at);
    const url = answer.result.slice(at + 1);
    if (!paymentId || !/^https:\/\//.test(url)) throw new Error('payment gateway gave no page');
    return { url: `${url}?PaymentID=${encodeURIComponent(paymentId)}`, reference: paymentId };
  }

  async verify(
    callback: GatewayCallback,
    credentialsOf: (tenantId: string) => Promise<GatewayCredentials>,
  ): Promise<GatewayNotice> {
    const trandata = callback.body.trandata;
    if (!callback.tenantId || typeof trandata !== 'string') throw new GatewayCallbackRefused('no trandata');
    const { terminal_resource_key } = await credentialsOf(callback.tenantId);
    if (!terminal_resource_key) throw new GatewayCallbackRefused('no resource key');
    let answer: Record<string, unknown>;
    try {
      const parsed = JSON.parse(decryptTrandata(trandata, terminal_resource_key)) as unknown;
      answer = (Array.isArray(parsed) ? parsed[0] : parsed) as Record<string, unknown>;
    } catch {
      throw new GatewayCallbackRefused('trandata does not decipher');
    }
    const text = (k: string) =>
      answer[k] === undefined || answer[k] === null ? undefined : String(answer[k]);
    if (text('udf1') !== callback.tenantId || !text('trackId'))
      throw new GatewayCallbackRefused('another salon');
    const amt = text('amt');
    return {
      tenantId: callback.tenantId,
      paymentId: text('trackId')!,
      status: arbStatusOf(text('result'), text('errorText')),
      ...((text('tranId') ?? text('paymentId')) && { reference: text('tranId') ?? text('paymentId') }),
      ...(amt && { amountDecimal: amt }),
    };
  }
}
