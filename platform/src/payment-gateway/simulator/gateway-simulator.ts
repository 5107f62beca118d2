import { createHmac, timingSafeEqual } from 'node:crypto';
import { PaymentGatewayStatus } from '@rawnaq/contracts';
import {
  decimalText,
  GatewayCallbackRefused,
  type GatewayCallback,
  type GatewayCheckout,
  type GatewayNotice,
  type PaymentGateway,
} from '../port';

/**
 * The local payment gateway simulator: the default adapter, so the product takes deposits with no
 * bank contract. It is a gateway of its own, clearly named a simulator, and moves no money: it serves
 * a hosted payment page on the product's origin (`/pay/sim/{session}`), takes test cards, then tells
 * the product the outcome in a signed server-to-server callback and sends the browser back.
 *
 * A session is the checkout itself, signed (HMAC-SHA256 with the simulator's key): the simulator keeps
 * no state, a restart loses nothing, and a changed amount or payment in the address is refused.
 */
export const SIMULATOR_PATH = '/pay/sim';

/** The test cards, by number without spaces. */
export const SIMULATOR_CARDS = {
  success: '4000000000000002',
  declined: '4000000000000010',
  challenge: '4000000000000028',
  late: '4000000000000036',
} as const;
/** The 3-D Secure code the challenge page accepts. */
export const SIMULATOR_CHALLENGE_CODE = '123456';
/** How long the late card's callback waits after the browser was sent back. */
export const SIMULATOR_LATE_MS = 3_000;

export type SimulatorSession = {
  tenantId: string;
  paymentId: string;
  amount: number;
  currency: string;
  decimals: 2 | 3;
  language: 'en' | 'ar';
  description: string;
  merchantName: string;
  returnPath: string;
};

/** What the hosted page does after a form: show a page, or tell the product and send the browser back. */
export type SimulatorStep =
  | { kind: 'page'; html: string; status: number }
  | { kind: 'done'; notice: GatewayNotice; signature: string; redirect: string; callbackDelayMs: number };

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const unb64 = (text: string) => Buffer.from(text, 'base64url').toString('utf8');

/** The fields of a callback the signature covers, in this order. */
export const simulatorSigned = (n: GatewayNotice) =>
  [n.tenantId, n.paymentId, n.status, n.reference ?? '', n.amount ?? ''].join('|');

export class GatewaySimulator implements PaymentGateway {
  readonly name = 'simulator' as const;

  constructor(private readonly key: Buffer) {
    if (key.length < 32) throw new Error('the simulator key must be at least 32 bytes');
  }

  private mac(text: string) {
    return createHmac('sha256', this.key).update(text).digest('base64url');
  }

  private same(a: string, b: string) {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  }

  async start(checkout: GatewayCheckout) {
    const session: SimulatorSession = {
      tenantId: checkout.tenantId,
      paymentId: checkout.paymentId,
      amount: checkout.amount,
      currency: checkout.currency,
      decimals: checkout.decimals,
      language: checkout.language,
      description: checkout.description,
      merchantName: checkout.merchantName,
      returnPath: checkout.returnPath,
    };
    const body = b64(JSON.stringify(session));
    return { url: `${SIMULATOR_PATH}/${body}.${this.mac(body)}` };
  }

  /** The session an address carries, when the simulator signed it. */
  session(token: string): SimulatorSession | undefined {
    const [body, mac] = token.split('.');
    if (!body || !mac || !this.same(mac, this.mac(body))) return undefined;
    try {
      return JSON.parse(unb64(body)) as SimulatorSession;
    } catch {
      return undefined;
    }
  }

  /** The signature of a callback, as the product's callback endpoint expects it. */
  sign(notice: GatewayNotice) {
    return this.mac(simulatorSigned(notice));
  }

  async verify(callback: GatewayCallback): Promise<GatewayNotice> {
    const b = callback.body;
    const text = (k: string) => (typeof b[k] === 'string' ? (b[k] as string) : undefined);
    const status = Number(b.status);
    const notice: GatewayNotice = {
      tenantId: text('tenant_id') ?? '',
      paymentId: text('payment_id') ?? '',
      status: status as PaymentGatewayStatus,
      ...(text('reference') && { reference: text('reference') }),
      ...(typeof b.amount === 'number' && { amount: b.amount }),
    };
    const signature = callback.headers['x-simulator-signature'] ?? '';
    if (!notice.tenantId || !notice.paymentId || !signature || !this.same(signature, this.sign(notice)))
      throw new GatewayCallbackRefused('bad signature');
    if (!Object.values(PaymentGatewayStatus).includes(notice.status as PaymentGatewayStatus))
      throw new GatewayCallbackRefused('unknown status');
    return notice;
  }

  /** The hosted page: the amount, the card form and the test cards. */
  page(token: string, session: SimulatorSession, error?: keyof typeof TEXT.en): string {
    const t = TEXT[session.language];
    const amount = `${decimalText(session.amount, session.decimals)} ${session.currency}`;
    return layout(
      session.language,
      t.title,
      `<p class="merchant">${escape(session.merchantName)}</p>
<p class="what">${escape(session.description)}</p>
<p class="amount" data-testid="sim-amount"><bdi>${escape(amount)}</bdi></p>
${error ? `<p class="error" role="alert">${escape(t[error])}</p>` : ''}
<form method="post" action="${SIMULATOR_PATH}/${escape(token)}">
<label>${escape(t.card)}<input name="card" inputmode="numeric" autocomplete="cc-number" dir="ltr" required placeholder="4000 0000 0000 0002"></label>
<div class="row"><label>${escape(t.expiry)}<input name="expiry" dir="ltr" placeholder="12/30" required></label>
<label>${escape(t.cvv)}<input name="cvv" inputmode="numeric" dir="ltr" placeholder="123" required></label></div>
<button type="submit" name="action" value="pay">${escape(t.pay)} <bdi>${escape(amount)}</bdi></button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>${escape(t.cancel)}</button>
</form>
<details><summary>${escape(t.testCards)}</summary><ul dir="ltr">
<li>4000 0000 0000 0002 — ${escape(t.cardSuccess)}</li>
<li>4000 0000 0000 0010 — ${escape(t.cardDeclined)}</li>
<li>4000 0000 0000 0028 — ${escape(t.cardChallenge)} (${SIMULATOR_CHALLENGE_CODE})</li>
<li>4000 0000 0000 0036 — ${escape(t.cardLate)}</li></ul></details>`,
    );
  }

  private challengePage(token: string, session: SimulatorSession, wrong: boolean): string {
    const t = TEXT[session.language];
    return layout(
      session.language,
      t.challengeTitle,
      `<p>${escape(t.challengeText)}</p>
${wrong ? `<p class="error" role="alert">${escape(t.wrongCode)}</p>` : ''}
<form method="post" action="${SIMULATOR_PATH}/${escape(token)}">
<input type="hidden" name="card" value="${SIMULATOR_CARDS.challenge}">
<input type="hidden" name="challenge" value="1">
<label>${escape(t.code)}<input name="code" inputmode="numeric" dir="ltr" autocomplete="one-time-code" required></label>
<button type="submit" name="action" value="pay">${escape(t.confirm)}</button>
</form>`,
    );
  }

  /**
   * The customer submits the form. The outcome is the test card's; each one ends with a signed notice
   * for the product and the browser sent back to the salon's status page.
   */
  submit(token: string, form: Record<string, unknown>): SimulatorStep {
    const session = this.session(token);
    if (!session)
      return { kind: 'page', status: 404, html: layout('en', 'Not found', '<p>Unknown payment</p>') };
    const field = (k: string) => (typeof form[k] === 'string' ? (form[k] as string) : '');
    const card = field('card').replace(/[\s-]/g, '');
    const reference = `SIM-${createHmac('sha256', this.key).update(`${session.paymentId}|${card}`).digest('hex').slice(0, 12).toUpperCase()}`;
    const done = (status: PaymentGatewayStatus, callbackDelayMs = 0): SimulatorStep => {
      const notice: GatewayNotice = {
        tenantId: session.tenantId,
        paymentId: session.paymentId,
        status,
        reference,
        amount: session.amount,
      };
      return {
        kind: 'done',
        notice,
        signature: this.sign(notice),
        redirect: session.returnPath,
        callbackDelayMs,
      };
    };
    if (field('action') === 'cancel') return done(PaymentGatewayStatus.cancelled);
    if (!/^\d{12,19}$/.test(card))
      return { kind: 'page', status: 422, html: this.page(token, session, 'invalidCard') };
    switch (card) {
      case SIMULATOR_CARDS.success:
        return done(PaymentGatewayStatus.paid);
      case SIMULATOR_CARDS.late:
        return done(PaymentGatewayStatus.paid, SIMULATOR_LATE_MS);
      case SIMULATOR_CARDS.challenge: {
        if (field('challenge') !== '1')
          return { kind: 'page', status: 200, html: this.challengePage(token, session, false) };
        return field('code') === SIMULATOR_CHALLENGE_CODE
          ? done(PaymentGatewayStatus.paid)
          : done(PaymentGatewayStatus.failed);
      }
      default:
        // the declined card, and any other number: the simulator's bank says no
        return done(PaymentGatewayStatus.declined);
    }
  }
}

const TEXT = {
  en: {
    title: 'Payment gateway simulator',
    card: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvv: 'CVV',
    pay: 'Pay',
    cancel: 'Cancel payment',
    testCards: 'Test cards (simulator: no money moves)',
    cardSuccess: 'paid',
    cardDeclined: 'declined',
    cardChallenge: '3-D Secure code',
    cardLate: 'paid, confirmed late',
    invalidCard: 'Enter the card number (12 to 19 digits)',
    challengeTitle: '3-D Secure check',
    challengeText: 'Your bank sent a code to your phone. Enter it to confirm the payment.',
    code: 'Code',
    confirm: 'Confirm',
    wrongCode: 'Wrong code',
  },
  ar: {
    title: 'محاكي بوابة الدفع',
    card: 'رقم البطاقة',
    expiry: 'تاريخ الانتهاء (شهر/سنة)',
    cvv: 'رمز التحقق',
    pay: 'ادفع',
    cancel: 'إلغاء الدفع',
    testCards: 'بطاقات تجريبية (محاكي: لا تُنقل أموال)',
    cardSuccess: 'دفع ناجح',
    cardDeclined: 'مرفوضة',
    cardChallenge: 'رمز التحقق الآمن',
    cardLate: 'دفع ناجح بتأكيد متأخر',
    invalidCard: 'أدخل رقم البطاقة (من 12 إلى 19 رقمًا)',
    challengeTitle: 'التحقق الآمن',
    challengeText: 'أرسل البنك رمزًا إلى جوالك. أدخله لتأكيد الدفع.',
    code: 'الرمز',
    confirm: 'تأكيد',
    wrongCode: 'رمز خاطئ',
  },
} as const;

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const layout = (language: 'en' | 'ar', title: string, body: string) => `<!doctype html>
<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escape(title)}</title><style>
*{box-sizing:border-box}body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f7;color:#1d1d28}
main{max-width:420px;margin:0 auto;padding:24px 16px}
h1{font-size:1.2rem;margin:0 0 8px}.merchant{font-weight:600;margin:0}.what{color:#555;margin:4px 0}
.amount{font-size:1.6rem;font-weight:700;margin:12px 0}
form{display:flex;flex-direction:column;gap:12px;background:#fff;padding:16px;border-radius:12px}
label{display:flex;flex-direction:column;gap:4px;font-size:.9rem;flex:1;min-width:0}
input{font-size:1rem;padding:10px;border:1px solid #bbb;border-radius:8px;width:100%;min-width:0}
.row{display:flex;gap:12px}
button{font-size:1rem;padding:12px;border-radius:8px;border:0;background:#5b3cc4;color:#fff;cursor:pointer}
button.secondary{background:transparent;color:#5b3cc4;border:1px solid #5b3cc4}
.error{color:#b00020;font-weight:600}.badge{display:inline-block;background:#ffe08a;padding:2px 8px;border-radius:6px;font-size:.8rem}
details{margin-top:16px;font-size:.85rem}
</style></head><body><main><span class="badge">SIMULATOR</span><h1>${escape(title)}</h1>${body}</main></body></html>`;
