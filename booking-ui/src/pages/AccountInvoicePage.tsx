import { formatMoney, type Currency, type Locale } from '@rawnaq/contracts';
import { useEffect, useState } from 'react';
import { getPublic, newIdempotencyKey, postPublic, type Loaded } from '../api';
import { Loadable } from '../components/States';
import { usePageMeta, useT } from '../hooks';

type AccountInvoice = {
  id: string;
  number: number;
  account_name_en: string;
  account_name_ar: string;
  lines: Array<{ description_en: string; description_ar: string; net: number; vat: number; total: number }>;
  currency: Currency;
  vat_percent: string;
  net: number;
  vat: number;
  total: number;
  paid: number;
  due: number;
  status: 'unpaid' | 'paid' | 'cancelled';
  issue_date: string;
  due_date: string;
  seller: { name_en: string; name_ar: string; trn: string; address_en: string; address_ar: string };
};

/** Set while the owner is at the gateway: back on this page, it waits for the gateway's word. */
const PAYING = 'rawnaq.account-invoice.paying';
const POLL_MS = 1_500;
const POLL_FOR_MS = 30_000;

const useInvoice = (id: string) => {
  const [state, setState] = useState<{ status: 'loading' } | Loaded<AccountInvoice>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [checking, setChecking] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    const until = Date.now() + POLL_FOR_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const back = sessionStorage.getItem(PAYING) === id;
    const load = () =>
      getPublic<AccountInvoice>(`account-invoices/${encodeURIComponent(id)}`, controller.signal).then(
        (loaded) => {
          setState(loaded);
          const waiting = back && loaded.status === 'found' && loaded.value.status === 'unpaid';
          setChecking(waiting && Date.now() < until);
          if (waiting && Date.now() < until) timer = setTimeout(load, POLL_MS);
          else if (back) sessionStorage.removeItem(PAYING);
        },
        () => undefined,
      );
    void load();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [id, attempt]);
  return { state, checking, retry: () => setAttempt((n) => n + 1) };
};

/**
 * `account-invoice/{uniqueId}` (doc1 §2, public): the platform's invoice to a salon, in both languages
 * (a tax invoice of the platform as a Saudi or Emirati seller), and "Pay", which opens the payment
 * gateway's page; back from it, the invoice shows paid once the gateway has told the platform.
 */
export const AccountInvoicePage = ({ locale, id }: { locale: Locale; id: string }) => {
  const t = useT(locale);
  usePageMeta(locale, t('account_invoice.title'));
  const { state, checking, retry } = useInvoice(id);
  const [opening, setOpening] = useState(false);
  const [failed, setFailed] = useState(false);
  const money = (amount: number, currency: Currency) => formatMoney({ amount, currency }, { locale });
  const pay = async () => {
    setOpening(true);
    setFailed(false);
    const reply = await postPublic<{ pay_url: string }>(
      `account-invoices/${encodeURIComponent(id)}/pay`,
      { language: locale },
      newIdempotencyKey(),
    );
    if (reply.status === 'done') {
      sessionStorage.setItem(PAYING, id);
      window.location.assign(reply.body.pay_url);
      return;
    }
    setOpening(false);
    if (reply.status === 'refused') retry();
    else setFailed(true);
  };
  return (
    <Loadable locale={locale} state={state} retry={retry}>
      {(i) => (
        <div className="shop" data-testid="account-invoice">
          <section className="card" aria-labelledby="invoice-title">
            <h1 id="invoice-title" className="page-title">
              {t('account_invoice.title')} <bdi>#{i.number}</bdi>
            </h1>
            <p className="muted">Tax invoice · فاتورة ضريبية</p>
            <p data-testid={`account-invoice-${i.status}`} role="status">
              <strong>{t(`account_invoice.status_${i.status}`)}</strong>
            </p>
            <dl className="facts">
              <dt>{t('account_invoice.seller')}</dt>
              <dd>
                <bdi>{i.seller.name_en}</bdi> · <bdi lang="ar">{i.seller.name_ar}</bdi>
                <br />
                <bdi>{i.seller.address_en}</bdi> · <bdi lang="ar">{i.seller.address_ar}</bdi>
              </dd>
              <dt>{t('account_invoice.trn')}</dt>
              <dd>
                <bdi dir="ltr">{i.seller.trn}</bdi>
              </dd>
              <dt>{t('account_invoice.buyer')}</dt>
              <dd>
                <bdi>{i.account_name_en}</bdi> · <bdi lang="ar">{i.account_name_ar}</bdi>
              </dd>
              <dt>{t('account_invoice.issued')}</dt>
              <dd>
                <bdi dir="ltr">{i.issue_date}</bdi>
              </dd>
              <dt>{t('account_invoice.due_by')}</dt>
              <dd>
                <bdi dir="ltr">{i.due_date}</bdi>
              </dd>
            </dl>
          </section>
          <section className="card" aria-label={t('account_invoice.item')}>
            <dl className="facts">
              {i.lines.map((l, n) => (
                <div key={n}>
                  <dt>
                    <bdi>{l.description_en}</bdi> · <bdi lang="ar">{l.description_ar}</bdi>
                  </dt>
                  <dd>
                    <bdi>{money(l.net, i.currency)}</bdi>
                  </dd>
                </div>
              ))}
              <dt>{t('account_invoice.net')}</dt>
              <dd>
                <bdi>{money(i.net, i.currency)}</bdi>
              </dd>
              <dt>
                {t('account_invoice.vat')} <bdi>{i.vat_percent}%</bdi>
              </dt>
              <dd>
                <bdi>{money(i.vat, i.currency)}</bdi>
              </dd>
              <dt>{t('account_invoice.total')}</dt>
              <dd>
                <strong>
                  <bdi>{money(i.total, i.currency)}</bdi>
                </strong>
              </dd>
              <dt>{t('account_invoice.paid_amount')}</dt>
              <dd>
                <bdi>{money(i.paid, i.currency)}</bdi>
              </dd>
              <dt>{t('account_invoice.due')}</dt>
              <dd data-testid="account-invoice-due">
                <bdi>{money(i.due, i.currency)}</bdi>
              </dd>
            </dl>
            {checking && (
              <p className="notice" role="status">
                {t('account_invoice.checking')}
              </p>
            )}
            {failed && (
              <p className="notice" role="alert">
                {t('account_invoice.pay_failed')}
              </p>
            )}
            {i.status === 'unpaid' && i.due > 0 && !checking && (
              <div className="actions">
                <button
                  type="button"
                  className="button"
                  data-testid="account-invoice-pay"
                  disabled={opening}
                  onClick={() => void pay()}
                >
                  {opening
                    ? t('account_invoice.paying')
                    : t('account_invoice.pay', { amount: money(i.due, i.currency) })}
                </button>
              </div>
            )}
          </section>
        </div>
      )}
    </Loadable>
  );
};
