import { onlinePageText, type Locale } from '@rawnaq/contracts';
import { useState } from 'react';
import { newIdempotencyKey, postPurchase, type GiftCardShop, type OnlineSalon } from '../api';
import {
  fieldError,
  missingOf,
  PersonFields,
  withoutError,
  type FieldErrors,
  type Person,
} from '../components/PersonFields';
import { WithSalon } from '../components/States';
import { money, nameIn } from '../format';
import { usePageMeta, useT } from '../hooks';
import { salonPath } from '../routes';

const EMPTY: Person = { name: '', mobile: '', email: '' };

/** A typed amount within the salon's limits: digits with at most the currency's decimals. */
const valueProblem = (value: string, shop: GiftCardShop, decimals: number) => {
  const pattern = new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`);
  if (!pattern.test(value)) return true;
  const n = Number(value);
  return n < Number(shop.min) || n > Number(shop.max);
};

const BuyGiftCard = ({ locale, salon, shop }: { locale: Locale; salon: OnlineSalon; shop: GiftCardShop }) => {
  const t = useT(locale);
  const currency = salon.currency;
  const decimals = ['KWD', 'OMR', 'BHD'].includes(currency) ? 3 : 2;
  const [value, setValue] = useState<string>(shop.presets[0] ?? shop.min);
  const [typed, setTyped] = useState(shop.presets.length === 0);
  const [beneficiary, setBeneficiary] = useState<Person>(EMPTY);
  const [buyer, setBuyer] = useState<Person>(EMPTY);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const email = salon.require_email ? 'required' : 'optional';
  const limits = { min: money(locale, shop.min, currency), max: money(locale, shop.max, currency) };

  const pay = async () => {
    const found: FieldErrors = {
      ...missingOf(t, beneficiary, 'beneficiary_', false),
      ...missingOf(t, buyer, 'buyer_', email),
    };
    if (valueProblem(value.trim(), shop, decimals)) found.value = t('errors.value', limits);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSending(true);
    setNotice(null);
    const reply = await postPurchase(
      salon.alias,
      'gift-card-purchases',
      {
        value: value.trim(),
        beneficiary_name: beneficiary.name.trim(),
        beneficiary_mobile: beneficiary.mobile.trim(),
        buyer_name: buyer.name.trim(),
        buyer_mobile: buyer.mobile.trim(),
        ...(buyer.email.trim() && { buyer_email: buyer.email.trim() }),
        ...(message.trim() && { message: message.trim() }),
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
    if (reply.message === 'online.gift_cards_closed') setNotice(t('gift.closed'));
    else if (reply.message === 'online.payment_unavailable') setNotice(t('errors.payment_unavailable'));
    else if (reply.message === 'errors.too_many_requests') setNotice(t('errors.too_many'));
    else if (fields.length)
      setErrors(
        Object.fromEntries(
          fields.map((f) => [f, f === 'value' ? t('errors.value', limits) : fieldError(t, f)]),
        ),
      );
    else setNotice(t('errors.generic'));
  };

  return (
    <form
      className="shop"
      noValidate
      aria-labelledby="gift-title"
      data-testid="buy-gift-card"
      onSubmit={(e) => {
        e.preventDefault();
        void pay();
      }}
    >
      <section className="card gift-hero">
        <h1 id="gift-title">{t('gift.title')}</h1>
        <p className="muted">{t('gift.intro')}</p>
      </section>
      <section className="card">
        {notice && (
          <p className="notice" role="alert" data-testid="gift-notice">
            {notice}
          </p>
        )}
        <h2>{t('gift.value')}</h2>
        <div className="value-chips" role="radiogroup" aria-label={t('gift.value')}>
          {shop.presets.map((p) => (
            <button
              key={p}
              type="button"
              role="radio"
              aria-checked={!typed && value === p}
              className={!typed && value === p ? 'chip on' : 'chip'}
              onClick={() => {
                setTyped(false);
                setValue(p);
              }}
              data-testid={`gift-value-${p}`}
            >
              {money(locale, p, currency)}
            </button>
          ))}
          <button
            type="button"
            role="radio"
            aria-checked={typed}
            className={typed ? 'chip on' : 'chip'}
            onClick={() => {
              setTyped(true);
              setValue('');
            }}
            data-testid="gift-value-other"
          >
            {t('gift.other_value')}
          </button>
        </div>
        {typed && (
          <label className={`field typed-value${errors.value ? ' invalid' : ''}`}>
            <span>{t('gift.other_value')}</span>
            <input
              inputMode="decimal"
              dir="ltr"
              value={value}
              aria-invalid={errors.value ? true : undefined}
              onChange={(e) => {
                setValue(e.target.value);
                setErrors((all) => withoutError(all, 'value'));
              }}
              data-testid="gift-value"
            />
            {!errors.value && <small className="muted">{t('gift.limits', limits)}</small>}
          </label>
        )}
        {errors.value && (
          <small className="error" data-testid="error-value">
            {errors.value}
          </small>
        )}
        <p className="muted">{t('gift.valid_year')}</p>
      </section>
      <section className="card">
        <h2>{t('gift.for')}</h2>
        <PersonFields
          t={t}
          person={beneficiary}
          onChange={setBeneficiary}
          errors={errors}
          clearError={(f) => setErrors((e) => withoutError(e, f))}
          prefix="beneficiary_"
          email={false}
          nameLabel="gift.name"
        />
        <label className="field">
          <span>{t('gift.message')}</span>
          <textarea
            rows={2}
            maxLength={300}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            data-testid="gift-message"
          />
        </label>
      </section>
      <section className="card">
        <h2>{t('gift.from')}</h2>
        <PersonFields
          t={t}
          person={buyer}
          onChange={setBuyer}
          errors={errors}
          clearError={(f) => setErrors((e) => withoutError(e, f))}
          prefix="buyer_"
          email={email}
        />
        <p className="muted">{t('offers.pay_hint')}</p>
        <div className="action-bar">
          <a className="button secondary" href={salonPath(locale, salon.alias, 'home')}>
            {t('nav.back')}
          </a>
          <button type="submit" className="button" disabled={sending} data-testid="gift-pay">
            {sending
              ? t('offers.paying')
              : t('offers.pay', {
                  amount: value && !valueProblem(value, shop, decimals) ? money(locale, value, currency) : '',
                }).trim()}
          </button>
        </div>
      </section>
    </form>
  );
};

const GiftCard = ({ locale, salon }: { locale: Locale; salon: OnlineSalon }) => {
  const t = useT(locale);
  const name = nameIn(locale, salon);
  usePageMeta(locale, { page: 'buy-gift-card', name }, onlinePageText(locale, 'description', name));
  if (!salon.gift_cards?.enabled)
    return (
      <section className="card message" data-testid="gift-closed">
        <h1>{t('gift.title')}</h1>
        <p>{t('gift.closed')}</p>
        <a className="button" href={salonPath(locale, salon.alias, 'home')}>
          {t('nav.home')}
        </a>
      </section>
    );
  return <BuyGiftCard locale={locale} salon={salon} shop={salon.gift_cards} />;
};

/** `buy-gift-card` (spec doc1 §1, §2): a gift card bought online (value, beneficiary, buyer, message). */
export const GiftCardPage = ({ locale, alias }: { locale: Locale; alias: string }) => (
  <WithSalon locale={locale} alias={alias}>
    {(salon) => <GiftCard locale={locale} salon={salon} />}
  </WithSalon>
);
