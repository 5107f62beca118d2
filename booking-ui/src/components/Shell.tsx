import type { Locale } from '@rawnaq/contracts';
import type { ReactNode } from 'react';
import { otherLocale, translate } from '../i18n';
import { rememberLocale } from '../locale';
import { pathInLocale } from '../routes';
import { GlobeIcon } from './icons';

/** Opens the same page in the other language: a real link, so the page reloads on the other prefix. */
const LanguageSwitch = ({ locale }: { locale: Locale }) => {
  const target = otherLocale(locale);
  const href = pathInLocale(window.location.pathname, window.location.search, window.location.hash, target);
  return (
    <a
      className="language-switch"
      href={href}
      hrefLang={target}
      lang={target}
      aria-label={translate(locale, 'language.switch_label')}
      onClick={() => rememberLocale(target)}
    >
      <GlobeIcon />
      <span>{translate(locale, 'language.switch_to')}</span>
    </a>
  );
};

export const Shell = ({ locale, children }: { locale: Locale; children: ReactNode }) => (
  <div className="shell">
    <header className="topbar">
      <span className="brand">
        <span className="brand-mark" aria-hidden="true">
          ◆
        </span>
        {translate(locale, 'app.name')}
      </span>
      <LanguageSwitch locale={locale} />
    </header>
    <main className="content">{children}</main>
    <footer className="footer">{translate(locale, 'app.powered_by')}</footer>
  </div>
);
