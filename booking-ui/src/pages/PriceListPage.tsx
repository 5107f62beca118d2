import { onlinePageText, type Locale } from '@rawnaq/contracts';
import type { Menu, OnlineSalon } from '../api';
import { Loadable, WithSalon } from '../components/States';
import { money, nameIn } from '../format';
import { embeddedPageData, useLoaded, usePageMeta, useT } from '../hooks';
import { salonPath } from '../routes';

const PriceList = ({ locale, salon }: { locale: Locale; salon: OnlineSalon }) => {
  const t = useT(locale);
  const name = nameIn(locale, salon);
  usePageMeta(locale, { page: 'price-list', name }, onlinePageText(locale, 'description', name));
  const { state, retry } = useLoaded<Menu>(
    `salons/${encodeURIComponent(salon.alias)}/services`,
    embeddedPageData<Menu>('price-list', salon.alias),
  );
  return (
    <Loadable locale={locale} state={state} retry={retry}>
      {(menu) => (
        <section className="card" aria-labelledby="price-list-title" data-testid="price-list">
          <h1 id="price-list-title">{t('price_list.title')}</h1>
          <p className="muted">{t('price_list.vat_included')}</p>
          {menu.groups.length === 0 && <p className="muted">{t('price_list.empty')}</p>}
          {menu.groups.map((group) => (
            <div key={group.id} className="price-group">
              <h2>{nameIn(locale, group)}</h2>
              <ul className="price-rows">
                {group.services.map((s) => (
                  <li key={s.id}>
                    {s.image_url && (
                      <img className="thumb" src={s.image_url} alt="" loading="lazy" width={48} height={48} />
                    )}
                    <span className="price-name">
                      {nameIn(locale, s)}
                      <small>{t('duration.minutes', { n: String(s.duration) })}</small>
                    </span>
                    <span className="price-value">{money(locale, s.price_with_vat, menu.currency)}</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          {salon.online_booking && (
            <a className="button" href={salonPath(locale, salon.alias, 'booking')}>
              {t('nav.book')}
            </a>
          )}
        </section>
      )}
    </Loadable>
  );
};

/** `price-list` (spec doc1 §1): the services shown to customers with their prices including VAT. */
export const PriceListPage = ({ locale, alias }: { locale: Locale; alias: string }) => (
  <WithSalon locale={locale} alias={alias}>
    {(salon) => <PriceList locale={locale} salon={salon} />}
  </WithSalon>
);
