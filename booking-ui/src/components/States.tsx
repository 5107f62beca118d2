import type { Locale } from '@rawnaq/contracts';
import type { ReactNode } from 'react';
import { asOpenAsItIs, type Loaded, type OnlineSalon } from '../api';
import { embeddedSalon, useLoaded } from '../hooks';
import { translate } from '../i18n';
import { NotFoundPage } from '../pages/NotFoundPage';

export const Loading = ({ locale, what = 'page' }: { locale: Locale; what?: 'page' | 'salon' }) => (
  <section className="card message" aria-busy="true">
    <span className="spinner" aria-hidden="true" />
    <p role="status">{translate(locale, what === 'salon' ? 'loading.salon' : 'loading.page')}</p>
  </section>
);

export const LoadError = ({ locale, onRetry }: { locale: Locale; onRetry: () => void }) => (
  <section className="card message" role="alert">
    <h1>{translate(locale, 'error.title')}</h1>
    <p>{translate(locale, 'error.body')}</p>
    <button type="button" className="button" onClick={onRetry}>
      {translate(locale, 'error.retry')}
    </button>
  </section>
);

/** A loaded resource's page: a spinner, a retry, the 404 page, or the page itself. */
export const Loadable = <V,>({
  locale,
  state,
  retry,
  missing = 'page',
  children,
}: {
  locale: Locale;
  state: { status: 'loading' } | Loaded<V>;
  retry: () => void;
  missing?: 'page' | 'salon';
  children: (value: V) => ReactNode;
}) => {
  switch (state.status) {
    case 'loading':
      return <Loading locale={locale} what={missing === 'salon' ? 'salon' : 'page'} />;
    case 'error':
      return <LoadError locale={locale} onRetry={retry} />;
    case 'not-found':
      return <NotFoundPage locale={locale} reason={missing} />;
    case 'found':
      return <>{children(state.value)}</>;
  }
};

/** A page of a salon: its card loaded first (an unknown alias is the salon 404). */
export const WithSalon = ({
  locale,
  alias,
  children,
}: {
  locale: Locale;
  alias: string;
  children: (salon: OnlineSalon) => ReactNode;
}) => {
  const { state, retry } = useLoaded<OnlineSalon>(
    `salons/${encodeURIComponent(alias)}`,
    embeddedSalon<OnlineSalon>(alias),
  );
  return (
    <Loadable locale={locale} state={state} retry={retry} missing="salon">
      {(salon: OnlineSalon) => (
        <>
          {salon.closed && (
            <p className="card message" role="status" data-testid="salon-closed">
              {translate(locale, 'online.salon_closed')}
            </p>
          )}
          {children(asOpenAsItIs(salon))}
        </>
      )}
    </Loadable>
  );
};
