import { COUNTRY_LIST, CURRENCY_INFO, type Currency, type Locale } from '@rawnaq/contracts';
import { useState } from 'react';
import { isPublicEInvoice, type PublicEInvoice } from '../api';
import { LoadError, Loading } from '../components/States';
import { minorToText, money, nameIn } from '../format';
import { useLoaded, usePageMeta, useT, type T } from '../hooks';

/** ZATCA's own channels, as the authority publishes them: its website and its unified number. */
const ZATCA_SITE = 'https://zatca.gov.sa';
const ZATCA_PHONE = '19993';

/** The invoice the customer came from (`?invoice=` its link's id), if the address names one. */
const invoiceOfAddress = (): string | null => {
  const id = new URLSearchParams(window.location.search).get('invoice');
  return id && /^[A-Za-z0-9_-]{10,64}$/.test(id) ? id : null;
};

/** The invoice's facts a report to ZATCA asks for, in the page's language, and as one text to copy. */
const factsOf = (locale: Locale, t: T, invoice: PublicEInvoice) => {
  const currency = invoice.currency as Currency;
  const decimals = CURRENCY_INFO[currency]?.decimals ?? 2;
  const amount = (minor: number) => money(locale, minorToText(minor, decimals), currency);
  const timeZone = COUNTRY_LIST.find((c) => c.currency === currency)?.timeZone ?? 'Asia/Riyadh';
  const when = new Intl.DateTimeFormat(locale === 'ar' ? 'ar-u-nu-latn' : 'en', {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(invoice.issued_at));
  const seller = invoice.seller ? nameIn(locale, invoice.seller) : nameIn(locale, invoice.salon);
  const rows: Array<[string, string, boolean?]> = [
    [t('zatca.seller'), seller],
    ...(invoice.seller?.vat_number
      ? [[t('zatca.vat_number'), invoice.seller.vat_number, true] as [string, string, boolean]]
      : []),
    [t('zatca.invoice_number'), String(invoice.number), true],
    [t('zatca.issued_at'), when],
    ...(invoice.total !== undefined ? [[t('zatca.total'), amount(invoice.total)] as [string, string]] : []),
    ...(invoice.vat !== undefined ? [[t('zatca.vat'), amount(invoice.vat)] as [string, string]] : []),
  ];
  return { rows, text: rows.map(([label, value]) => `${label}: ${value}`).join('\n') };
};

const InvoiceFacts = ({ locale, id, invoice }: { locale: Locale; id: string; invoice: PublicEInvoice }) => {
  const t = useT(locale);
  const [copied, setCopied] = useState(false);
  const { rows, text } = factsOf(locale, t, invoice);
  return (
    <section className="card" aria-labelledby="zatca-invoice" data-testid="zatca-invoice">
      <h2 id="zatca-invoice">{t('zatca.invoice_title')}</h2>
      <p className="muted">{t('zatca.invoice_hint')}</p>
      <dl className="details">
        {rows.map(([label, value, ltr]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{ltr ? <bdi dir="ltr">{value}</bdi> : <bdi>{value}</bdi>}</dd>
          </div>
        ))}
      </dl>
      <div className="actions">
        <a
          className="button secondary"
          href={`/${locale}/e-invoice/${encodeURIComponent(id)}`}
          data-testid="zatca-back"
        >
          {t('zatca.back_to_invoice')}
        </a>
        {navigator.clipboard && (
          <button
            type="button"
            className="button secondary"
            onClick={() =>
              void navigator.clipboard.writeText(text).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
            data-testid="zatca-copy"
          >
            {t(copied ? 'zatca.copied' : 'zatca.copy')}
          </button>
        )}
      </div>
    </section>
  );
};

/** The invoice named in the address: its facts, a word when it is not found, a retry when unreachable. */
const NamedInvoice = ({ locale, id }: { locale: Locale; id: string }) => {
  const t = useT(locale);
  const { state, retry } = useLoaded<PublicEInvoice>(`e-invoice/${encodeURIComponent(id)}`);
  switch (state.status) {
    case 'loading':
      return <Loading locale={locale} />;
    case 'error':
      return <LoadError locale={locale} onRetry={retry} />;
    case 'not-found':
      return (
        <p className="notice" role="status" data-testid="zatca-invoice-missing">
          {t('zatca.invoice_missing')}
        </p>
      );
    case 'found':
      return isPublicEInvoice(state.value) ? (
        <InvoiceFacts locale={locale} id={id} invoice={state.value} />
      ) : null;
  }
};

/**
 * `report-to-zatca` (doc1 §2, public customer documents): how a customer reports an invoice to the
 * Zakat, Tax and Customs Authority, when that is the thing to do, and, opened from an e-invoice
 * (`?invoice=`), that invoice's facts to give. The report goes to ZATCA directly, through its own
 * channels: nothing is sent from here.
 */
export const ReportToZatcaPage = ({ locale }: { locale: Locale }) => {
  const t = useT(locale);
  usePageMeta(locale, t('zatca.title'), t('zatca.intro'));
  const invoice = invoiceOfAddress();
  return (
    <div className="shop" data-testid="report-to-zatca">
      <section className="card" aria-labelledby="zatca-title">
        <h1 id="zatca-title" className="page-title">
          {t('zatca.title')}
        </h1>
        <p>{t('zatca.intro')}</p>
      </section>
      {invoice && <NamedInvoice locale={locale} id={invoice} />}
      <section className="card" aria-labelledby="zatca-when">
        <h2 id="zatca-when">{t('zatca.when_title')}</h2>
        <ul className="plain-list">
          <li>{t('zatca.when_no_invoice')}</li>
          <li>{t('zatca.when_no_qr')}</li>
          <li>{t('zatca.when_wrong')}</li>
        </ul>
        <p className="muted">{t('zatca.salon_first')}</p>
      </section>
      <section className="card" aria-labelledby="zatca-how" data-testid="zatca-channels">
        <h2 id="zatca-how">{t('zatca.how_title')}</h2>
        <div className="actions">
          <a className="button" href={ZATCA_SITE} target="_blank" rel="noopener noreferrer">
            {t('zatca.website')}
          </a>
          <a className="button secondary" href={`tel:${ZATCA_PHONE}`} data-testid="zatca-phone">
            {t('zatca.call', { phone: ZATCA_PHONE })}
          </a>
        </div>
        <p className="muted">{t('zatca.not_sent_from_here')}</p>
      </section>
    </div>
  );
};
