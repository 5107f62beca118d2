import { onlinePageText, type Locale } from '@rawnaq/contracts';
import type { OnlineSalon } from '../api';
import { CoinsIcon, GiftIcon, PinIcon, ScissorsIcon, SparkleIcon } from '../components/icons';
import { translate } from '../i18n';
import { salonPath } from '../routes';
import { countryLabel, currencyLabel, salonName, salonTypeLabel } from '../salon';
import { SalonContact } from '../components/SalonContact';
import { WithSalon } from '../components/States';
import { useLoaded, usePageMeta } from '../hooks';
import type { Shop } from '../api';

const SalonHome = ({ locale, salon }: { locale: Locale; salon: OnlineSalon }) => {
  const name = salonName(locale, salon);
  usePageMeta(locale, { page: 'home', name }, onlinePageText(locale, 'description', name));
  const country = countryLabel(locale, salon.country_id);
  const salonType = salonTypeLabel(locale, salon.salon_type);
  // the shop's links only when it has something to show (a failed look-up shows none)
  const shop = useLoaded<Shop>(`salons/${encodeURIComponent(salon.alias)}/offers`).state;
  const offers = shop.status === 'found' && shop.value.items.length > 0 && shop.value.online_booking;
  return (
    <>
      <section className="hero" aria-labelledby="salon-name">
        <span className="monogram" aria-hidden="true">
          {Array.from(name)[0]}
        </span>
        <p className="eyebrow">{translate(locale, 'salon.welcome')}</p>
        <h1 id="salon-name">{name}</h1>
        <ul className="chips">
          <li>
            <ScissorsIcon />
            {salonType}
          </li>
          <li>
            <PinIcon />
            {country}
          </li>
        </ul>
      </section>
      <nav className="card actions" aria-label={translate(locale, 'nav.home')} data-testid="salon-actions">
        {salon.online_booking ? (
          <a className="button" href={salonPath(locale, salon.alias, 'booking')} data-testid="book-now">
            <ScissorsIcon />
            {translate(locale, 'nav.book')}
          </a>
        ) : (
          <p className="muted" data-testid="online-closed">
            {translate(locale, 'online.closed')}
          </p>
        )}
        <a className="button secondary" href={salonPath(locale, salon.alias, 'price-list')}>
          <CoinsIcon />
          {translate(locale, 'nav.price_list')}
        </a>
        {offers && (
          <a
            className="button secondary"
            href={salonPath(locale, salon.alias, 'offers')}
            data-testid="home-offers"
          >
            <SparkleIcon />
            {translate(locale, 'nav.offers')}
          </a>
        )}
        {salon.gift_cards?.enabled && (
          <a
            className="button secondary"
            href={salonPath(locale, salon.alias, 'buy-gift-card')}
            data-testid="home-gift-card"
          >
            <GiftIcon />
            {translate(locale, 'nav.gift_card')}
          </a>
        )}
        <SalonContact locale={locale} salon={salon} />
        <span className="links">
          <a href={salonPath(locale, salon.alias, 'terms-and-conditions')}>
            {translate(locale, 'nav.terms')}
          </a>
          <a href={salonPath(locale, salon.alias, 'refund-policy')}>
            {translate(locale, 'nav.refund_policy')}
          </a>
        </span>
      </nav>
      <section className="card" aria-labelledby="salon-details">
        <h2 id="salon-details">{translate(locale, 'salon.details')}</h2>
        <dl className="details">
          <div>
            <dt>
              <ScissorsIcon />
              {translate(locale, 'salon.type')}
            </dt>
            <dd>{salonType}</dd>
          </div>
          <div>
            <dt>
              <PinIcon />
              {translate(locale, 'salon.country')}
            </dt>
            <dd>{country}</dd>
          </div>
          <div>
            <dt>
              <CoinsIcon />
              {translate(locale, 'salon.currency')}
            </dt>
            <dd>{currencyLabel(locale, salon.currency)}</dd>
          </div>
        </dl>
      </section>
    </>
  );
};

/** online-home (spec doc1 §2): the salon's public home page, from its card (given with the page, else fetched). */
export const SalonHomePage = ({ locale, alias }: { locale: Locale; alias: string }) => (
  <WithSalon locale={locale} alias={alias}>
    {(salon) => <SalonHome locale={locale} salon={salon} />}
  </WithSalon>
);
