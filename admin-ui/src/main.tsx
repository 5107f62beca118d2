import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import {
  LANGUAGE_STORAGE_KEY,
  isLanguage,
  resolveBoot,
  storedLanguageOf,
  startsOnSignIn,
  type Boot,
} from './boot/routes';
import { createSession } from './auth/session';
import { createI18nProvider, loadMessages, loadSignInMessages } from './i18n';
import { createAreaConfig } from './shell/area';
import { importChunk } from './shell/chunks';
import { installWindowErrorHandlers, onRecoverableError } from './shell/errorReporting';

const remembered = (() => {
  const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : null;
})();

/** Redirects (`/`, unknown paths) are applied in place, without a second page load. */
const boot = (): Exclude<Boot, { kind: 'redirect' }> => {
  for (;;) {
    const resolved = resolveBoot(window.location.pathname, remembered);
    if (resolved.kind !== 'redirect') return resolved;
    window.history.replaceState(null, '', `${resolved.to}${window.location.search}${window.location.hash}`);
  }
};

const start = async () => {
  const resolved = boot();
  const { language } = resolved;
  // Opening an area's address is choosing its language; the 404 page chooses nothing.
  if (resolved.kind === 'area')
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, storedLanguageOf(window.location.pathname));
  // index.html already did this before any script loaded; a redirect above may have changed the answer.
  document.documentElement.lang = language;
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';

  installWindowErrorHandlers();

  // A sign-in form needs a few of the texts; the others come with the back office (wholeCatalogue).
  const signInOnly =
    resolved.kind === 'area' &&
    startsOnSignIn(
      window.location.pathname,
      (area) => createSession(area, window.localStorage).token() !== null,
    );
  const messages = await importChunk(() => (signInOnly ? loadSignInMessages : loadMessages)(language));
  const area = createAreaConfig({
    area: resolved.kind === 'area' ? resolved.area : 'merchant',
    language,
    prefix: resolved.prefix,
    i18nProvider: createI18nProvider(language, messages, { signInOnly }),
  });
  createRoot(document.getElementById('root')!, { onRecoverableError }).render(
    <StrictMode>
      <App area={area} notFoundOnly={resolved.kind === 'not-found'} publicPage={resolved.kind === 'public'} />
    </StrictMode>,
  );
};

void start();
