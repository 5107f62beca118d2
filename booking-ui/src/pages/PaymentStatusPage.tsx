import type { Locale } from '@rawnaq/contracts';
import { useEffect, useState } from 'react';
import { getPublic, type GatewayPaymentStatus, type Loaded } from '../api';
import { Loadable } from '../components/States';
import { money, nameIn } from '../format';
import { usePageMeta, useT } from '../hooks';
import type { MessageKey } from '../i18n';
import { documentPath, salonPath } from '../routes';
import { AGAIN, clearDraft } from '../booking-draft';

/** How often a pending payment is asked again, and for how long at most (the gateway's time to pay). */
const POLL_MS = 2_000;
const POLL_FOR_MS = 25 * 60_000;

const FAILED: Record<string, MessageKey> = {
  declined: 'payment.failed_declined',
  failed: 'payment.failed_failed',
  cancelled: 'payment.failed_cancelled',
  expired: 'payment.failed_expired',
};

/** The payment, asked again every few seconds while it is pending (the gateway's callback may come late). */
const usePayment = (uniqueId: string) => {
  const [state, setState] = useState<{ status: 'loading' } | Loaded<GatewayPaymentStatus>>({
    status: 'loading',
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    const until = Date.now() + POLL_FOR_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      getPublic<GatewayPaymentStatus>(
        `payment-gateway-status/${encodeURIComponent(uniqueId)}`,
        controller.signal,
      ).then(
        (loaded) => {
          setState((before) => (loaded.status === 'error' && before.status === 'found' ? before : loaded));
          const pending =
            loaded.status !== 'found' ||
            loaded.value.outcome === 'pending' ||
            // paid, its gift card or offer still being handed over
            (loaded.value.outcome === 'paid' &&
              loaded.value.purchase?.unique_id === null &&
              !loaded.value.purchase.not_delivered);
          if (pending && loaded.status !== 'not-found' && Date.now() < until)
            timer = setTimeout(load, POLL_MS);
        },
        () => {
          // aborted: the page is going away
        },
      );
    load();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [uniqueId, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
};

const PURCHASE_FAILED: Record<string, MessageKey> = {
  declined: 'payment.purchase_failed_declined',
  failed: 'payment.purchase_failed_failed',
  cancelled: 'payment.purchase_failed_cancelled',
  expired: 'payment.purchase_failed_expired',
};

/** A gift card or an offer bought online: ready once paid (its page), or nothing bought. */
const Purchase = ({
  locale,
  payment,
  purchase,
}: {
  locale: Locale;
  payment: GatewayPaymentStatus;
  purchase: NonNullable<GatewayPaymentStatus['purchase']>;
}) => {
  const t = useT(locale);
  const alias = payment.salon.alias;
  const gift = purchase.kind === 'gift_card';
  const amount = money(locale, payment.amount, payment.currency);
  if (payment.outcome === 'failed')
    return (
      <section className="card message" role="alert" data-testid="payment-failed">
        <h1>{t('payment.failed')}</h1>
        <p data-testid="payment-failed-reason">
          {t(PURCHASE_FAILED[payment.failed_reason ?? ''] ?? 'payment.purchase_failed_failed')}
        </p>
        <a
          className="button"
          href={salonPath(locale, alias, gift ? 'buy-gift-card' : 'offers')}
          data-testid="choose-again"
        >
          {t(gift ? 'payment.back_to_gift_card' : 'payment.back_to_offers')}
        </a>
      </section>
    );
  const paidAmount = (
    <dl className="details">
      <div>
        <dt>{t('payment.amount')}</dt>
        <dd data-testid="payment-amount">{amount}</dd>
      </div>
    </dl>
  );
  if (purchase.not_delivered)
    return (
      <section className="card message" role="status" data-testid="purchase-not-delivered">
        <h1>{t('payment.not_delivered_title')}</h1>
        <p>{t('payment.not_delivered')}</p>
        {paidAmount}
      </section>
    );
  const page = gift ? 'e-gift-card' : 'e-offer';
  return (
    <section className="card" data-testid="payment-paid">
      <p className="success-mark" aria-hidden="true">
        ✓
      </p>
      <h1>{t(gift ? 'payment.gift_card_ready' : 'payment.offer_ready')}</h1>
      {!purchase.unique_id && (
        <p role="status" className="muted" data-testid="purchase-preparing">
          {t('payment.preparing')}
        </p>
      )}
      {paidAmount}
      {purchase.unique_id && (
        <div className="action-bar">
          <a
            className="button"
            href={documentPath(locale, page, purchase.unique_id)}
            data-testid={`open-${page}`}
          >
            {t(gift ? 'payment.open_gift_card' : 'payment.open_offer')}
          </a>
        </div>
      )}
    </section>
  );
};

const Payment = ({ locale, payment }: { locale: Locale; payment: GatewayPaymentStatus }) => {
  const t = useT(locale);
  const alias = payment.salon.alias;
  usePageMeta(locale, `${t('payment.title')} · ${nameIn(locale, payment.salon)}`);
  // paid: the choices kept in case it did not go through are not needed any more
  useEffect(() => {
    if (payment.outcome === 'paid') clearDraft(alias);
  }, [payment.outcome, alias]);
  const amount = money(locale, payment.amount, payment.currency);
  if (payment.purchase && payment.outcome !== 'pending')
    return <Purchase locale={locale} payment={payment} purchase={payment.purchase} />;
  if (payment.outcome === 'pending')
    return (
      <section className="card message" aria-busy="true" data-testid="payment-pending">
        <span className="spinner" aria-hidden="true" />
        <h1>{t('payment.title')}</h1>
        <p role="status">{t('payment.pending')}</p>
        <p className="muted">{t('payment.pending_hint')}</p>
        <p>
          {t('payment.amount')}: <strong>{amount}</strong>
        </p>
        {payment.pay_url && (
          <a className="button secondary" href={payment.pay_url}>
            {t('payment.back_to_pay')}
          </a>
        )}
      </section>
    );
  if (payment.outcome === 'paid')
    return (
      <section className="card" data-testid="payment-paid">
        <p className="success-mark" aria-hidden="true">
          ✓
        </p>
        <h1>{payment.booking ? t('payment.paid') : t('payment.title')}</h1>
        {!payment.booking && (
          <p className="notice" role="status">
            {t('payment.paid_late')}
          </p>
        )}
        <dl className="details">
          <div>
            <dt>{t('payment.amount')}</dt>
            <dd data-testid="payment-amount">{amount}</dd>
          </div>
        </dl>
        <div className="action-bar">
          {payment.deposit && (
            // the receipt is one of the customer documents of the admin app: `/{en|ar}/e-deposit/{uniqueId}`
            <a className="button secondary" href={`/${locale}/e-deposit/${payment.deposit.unique_id}`}>
              {t('payment.receipt')}
            </a>
          )}
          {payment.booking && (
            <a
              className="button"
              href={salonPath(locale, alias, `booking-success/${payment.booking.unique_id}`)}
              data-testid="open-booking-success"
            >
              {t('payment.open_booking')}
            </a>
          )}
        </div>
      </section>
    );
  return (
    <section className="card message" role="alert" data-testid="payment-failed">
      <h1>{t('payment.failed')}</h1>
      <p data-testid="payment-failed-reason">
        {t(FAILED[payment.failed_reason ?? ''] ?? 'payment.failed_failed')}
      </p>
      {/* her choices were kept in this tab: back to the booking's review, to pay again */}
      <a
        className="button"
        href={`${salonPath(locale, alias, 'booking')}?${AGAIN}`}
        data-testid="choose-time-again"
      >
        {t('payment.pay_again')}
      </a>
    </section>
  );
};

/** `payment-gateway-status/{uniqueId}`: where her payment stands, in her language (doc1 §2). */
export const PaymentStatusPage = ({ locale, id }: { locale: Locale; id: string }) => {
  const { state, retry } = usePayment(id);
  return (
    <Loadable locale={locale} state={state} retry={retry}>
      {(payment) => <Payment locale={locale} payment={payment} />}
    </Loadable>
  );
};
