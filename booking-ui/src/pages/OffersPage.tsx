import { onlinePageText, type Locale } from '@rawnaq/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { newIdempotencyKey, postPurchase, type OnlineSalon, type Shop, type ShopItem } from '../api';
import {
  fieldError,
  missingOf,
  PersonFields,
  withoutError,
  type FieldErrors,
  type Person,
} from '../components/PersonFields';
import { Loadable, WithSalon } from '../components/States';
import { longDate, money, nameIn } from '../format';
import { embeddedPageData, useLoaded, usePageMeta, useT, type T } from '../hooks';
import { salonPath } from '../routes';

const description = (locale: Locale, item: ShopItem) =>
  ((locale === 'ar' ? item.description_ar : item.description_en) ?? '').trim();

/** One offer or package: what it contains, its price with VAT, until when it is used. */
const ItemCard = ({
  locale,
  t,
  item,
  currency,
  children,
}: {
  locale: Locale;
  t: T;
  item: ShopItem;
  currency: string;
  children?: ReactNode;
}) => (
  <article className="card shop-item" data-testid="shop-item">
    <p className="eyebrow">{t(item.kind === 'offer' ? 'offers.kind_offer' : 'offers.kind_package')}</p>
    <h2>{nameIn(locale, item)}</h2>
    {description(locale, item) && <p className="muted">{description(locale, item)}</p>}
    <p className="field-label">
      {item.choose ? t('offers.choose', { n: String(item.choose) }) : t('offers.includes')}
    </p>
    <ul className="price-rows">
      {item.services.map((s) => (
        <li key={s.service_id}>
          <span className="price-name">{nameIn(locale, s)}</span>
          {item.kind === 'package' && (
            <small className="muted">{t('offers.sessions', { n: String(s.sessions) })}</small>
          )}
        </li>
      ))}
    </ul>
    <p className="muted">
      {item.valid_until
        ? t('offers.valid_until', { date: longDate(locale, item.valid_until) })
        : t('offers.valid_days', { n: String(item.validity_days ?? '') })}
    </p>
    <p className="shop-price">
      <strong data-testid="shop-price">{money(locale, item.price_with_vat, currency)}</strong>
      {item.worth_with_vat && (
        <span className="muted worth">
          {t('offers.worth')} <s>{money(locale, item.worth_with_vat, currency)}</s>
        </span>
      )}
    </p>
    {children}
  </article>
);

/** Her details for the purchase, then the gateway's hosted page (nothing is sold until it is paid). */
const Checkout = ({
  locale,
  salon,
  item,
  currency,
  onBack,
}: {
  locale: Locale;
  salon: OnlineSalon;
  item: ShopItem;
  currency: string;
  onBack: () => void;
}) => {
  const t = useT(locale);
  const [person, setPerson] = useState<Person>({ name: '', mobile: '', email: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // one key per purchase: a retry after a lost reply gets the same payment back
  const [key, setKey] = useState(newIdempotencyKey);
  const email = salon.require_email ? 'required' : 'optional';
  useEffect(() => window.scrollTo({ top: 0 }), []);

  const pay = async () => {
    const missing = missingOf(t, person, '', email);
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setSending(true);
    setNotice(null);
    const reply = await postPurchase(
      salon.alias,
      'offer-purchases',
      {
        kind: item.kind,
        item_id: item.id,
        name: person.name.trim(),
        mobile: person.mobile.trim(),
        ...(person.email.trim() && { email: person.email.trim() }),
        language: locale,
      },
      key,
    );
    if (reply.status === 'pay') {
      window.location.assign(reply.payUrl);
      return;
    }
    setSending(false);
    if (reply.status === 'error') {
      setNotice(t('errors.generic'));
      return;
    }
    setKey(newIdempotencyKey());
    const fields = Object.keys(reply.errors);
    if (reply.message === 'online.offer_not_on_sale' || fields.includes('item_id'))
      setNotice(t('errors.offer_not_on_sale'));
    else if (reply.message === 'online.booking_closed') setNotice(t('errors.booking_closed'));
    else if (reply.message === 'online.payment_unavailable') setNotice(t('errors.payment_unavailable'));
    else if (reply.message === 'errors.too_many_requests') setNotice(t('errors.too_many'));
    else if (fields.some((f) => ['name', 'mobile', 'email'].includes(f)))
      setErrors(Object.fromEntries(fields.map((f) => [f, fieldError(t, f)])));
    else setNotice(t('errors.generic'));
  };

  return (
    <section className="shop" aria-labelledby="checkout-title" data-testid="offer-checkout">
      <h1 id="checkout-title" className="page-title">
        {t('offers.buying')}
      </h1>
      <ItemCard locale={locale} t={t} item={item} currency={currency} />
      <form
        className="card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void pay();
        }}
      >
        <h2>{t('booking.details')}</h2>
        {notice && (
          <p className="notice" role="alert" data-testid="offer-notice">
            {notice}
          </p>
        )}
        <PersonFields
          t={t}
          person={person}
          onChange={setPerson}
          errors={errors}
          clearError={(f) => setErrors((e) => withoutError(e, f))}
          prefix=""
          email={email}
        />
        <p className="muted">{t('offers.pay_hint')}</p>
        <div className="action-bar">
          <button type="button" className="button secondary" onClick={onBack} disabled={sending}>
            {t('nav.back')}
          </button>
          <button type="submit" className="button" disabled={sending} data-testid="offer-pay">
            {sending
              ? t('offers.paying')
              : t('offers.pay', { amount: money(locale, item.price_with_vat, currency) })}
          </button>
        </div>
      </form>
    </section>
  );
};

const Offers = ({ locale, salon }: { locale: Locale; salon: OnlineSalon }) => {
  const t = useT(locale);
  const name = nameIn(locale, salon);
  usePageMeta(locale, { page: 'offers', name }, onlinePageText(locale, 'description', name));
  const { state, retry } = useLoaded<Shop>(
    `salons/${encodeURIComponent(salon.alias)}/offers`,
    embeddedPageData<Shop>('offers', salon.alias),
  );
  const [chosen, setChosen] = useState<ShopItem | null>(null);
  return (
    <Loadable locale={locale} state={state} retry={retry}>
      {(shop) =>
        chosen ? (
          <Checkout
            locale={locale}
            salon={salon}
            item={chosen}
            currency={shop.currency}
            onBack={() => setChosen(null)}
          />
        ) : (
          <section className="shop" aria-labelledby="offers-title" data-testid="offers">
            <h1 id="offers-title" className="page-title">
              {t('offers.title')}
            </h1>
            <p className="muted">{t('price_list.vat_included')}</p>
            {shop.items.length === 0 && (
              <p className="card muted" data-testid="offers-empty">
                {t('offers.empty')}
              </p>
            )}
            {shop.items.map((item) => (
              <ItemCard key={item.id} locale={locale} t={t} item={item} currency={shop.currency}>
                {shop.online_booking && (
                  <button
                    type="button"
                    className="button"
                    onClick={() => setChosen(item)}
                    data-testid={`buy-${item.id}`}
                  >
                    {t('offers.buy')}
                  </button>
                )}
              </ItemCard>
            ))}
            <a className="button secondary" href={salonPath(locale, salon.alias, 'home')}>
              {t('nav.home')}
            </a>
          </section>
        )
      }
    </Loadable>
  );
};

/** `offers` (spec doc1 §1, §2): the salon's offers and packages on sale, each bought online. */
export const OffersPage = ({ locale, alias }: { locale: Locale; alias: string }) => (
  <WithSalon locale={locale} alias={alias}>
    {(salon) => <Offers locale={locale} salon={salon} />}
  </WithSalon>
);
