import { onlinePageTitle, type Locale } from '@rawnaq/contracts';
import { useEffect, useState } from 'react';
import { fetchSalon, type OnlineSalon, type SalonResult } from '../api';
import { CoinsIcon, PinIcon, ScissorsIcon } from '../components/icons';
import { translate } from '../i18n';
import { salonPath } from '../routes';
import { countryLabel, currencyLabel, salonName, salonTypeLabel } from '../salon';
import { NotFoundPage } from './NotFoundPage';
import { LoadError, Loading } from '../components/States';

type State = { status: 'loading' } | SalonResult;

const SalonHome = ({ locale, salon }: { locale: Locale; salon: OnlineSalon }) => {
  const name = salonName(locale, salon);
  const country = countryLabel(locale, salon.country_id);
  const salonType = salonTypeLabel(locale, salon.salon_type);
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

/** online-home (spec doc1 §2): the salon's public home page, from `GET /api/public/salons/{alias}`. */
export const SalonHomePage = ({ locale, alias }: { locale: Locale; alias: string }) => {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchSalon(alias, controller.signal).then(setState, () => {
      // Only an aborted request rejects: the page is going away or loading again.
    });
    return () => controller.abort();
  }, [alias, attempt]);

  useEffect(() => {
    const app = translate(locale, 'app.name');
    if (state.status === 'found')
      document.title = onlinePageTitle(locale, 'home', salonName(locale, state.salon));
    else if (state.status === 'error') document.title = `${translate(locale, 'error.title')} | ${app}`;
    else if (state.status === 'loading') document.title = app;
  }, [locale, state]);

  switch (state.status) {
    case 'loading':
      return <Loading locale={locale} what="salon" />;
    case 'error':
      return <LoadError locale={locale} onRetry={() => setAttempt((n) => n + 1)} />;
    case 'not-found':
      return <NotFoundPage locale={locale} reason="salon" />;
    case 'found':
      return <SalonHome locale={locale} salon={state.salon as OnlineSalon} />;
  }
};
