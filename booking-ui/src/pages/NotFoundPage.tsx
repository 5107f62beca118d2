import type { Locale } from '@rawnaq/contracts';
import { useEffect } from 'react';
import { translate } from '../i18n';

/** The public 404 page: an unknown path, or a salon alias that no account has. */
export const NotFoundPage = ({ locale, reason }: { locale: Locale; reason: 'page' | 'salon' }) => {
  useEffect(() => {
    document.title = `${translate(locale, 'not_found.title')} | ${translate(locale, 'app.name')}`;
  }, [locale]);
  return (
    <section className="card message" aria-labelledby="not-found-title">
      <p className="message-code">404</p>
      <h1 id="not-found-title">{translate(locale, 'not_found.title')}</h1>
      <p>{translate(locale, reason === 'salon' ? 'not_found.salon' : 'not_found.page')}</p>
    </section>
  );
};
