import { onlinePageTitle, type Locale, type OnlinePageName } from '@rawnaq/contracts';
import { useEffect, useState } from 'react';
import { getPublic, type Loaded } from './api';
import { translate, type MessageKey } from './i18n';

/** A public resource loaded when the page opens (and again on `retry`); `null` waits. */
export const useLoaded = <T>(path: string | null, given?: T) => {
  const [state, setState] = useState<{ status: 'loading' } | Loaded<T>>(
    given === undefined ? { status: 'loading' } : { status: 'found', value: given },
  );
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    // what the server gave with the page needs no request (a retry asks again)
    if (path === null || (given !== undefined && attempt === 0)) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    getPublic<T>(path, controller.signal).then(setState, () => {
      // only an aborted request rejects: the page is going away or loading again
    });
    return () => controller.abort();
  }, [path, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
};

/**
 * The page's title and description (for links shared in chats and search results): a salon page's
 * as the server writes them (contracts' `onlinePageTitle`), or the page's own followed by the brand.
 */
export const usePageMeta = (
  locale: Locale,
  title: string | { page: OnlinePageName; name: string },
  description?: string,
) => {
  const full =
    typeof title === 'string'
      ? `${title} | ${translate(locale, 'app.name')}`
      : onlinePageTitle(locale, title.page, title.name);
  useEffect(() => {
    document.title = full;
    if (description === undefined) return;
    for (const [attribute, name] of [
      ['name', 'description'],
      ['property', 'og:description'],
    ] as const) {
      let meta = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${name}"]`);
      if (!meta) {
        meta = document.createElement('meta');
        meta.setAttribute(attribute, name);
        document.head.append(meta);
      }
      meta.content = description;
    }
  }, [full, description]);
};

export type T = (key: MessageKey, params?: Record<string, string>) => string;
export const useT =
  (locale: Locale): T =>
  (key, params) =>
    translate(locale, key, params);

/** The salon's card the server wrote into the page (`#salon-card`), when it is this salon's. */
export const embeddedSalon = <T extends { alias: string }>(alias: string): T | undefined => {
  try {
    const text = document.getElementById('salon-card')?.textContent;
    const card = text ? (JSON.parse(text) as T) : undefined;
    return card && card.alias.toLowerCase() === alias.toLowerCase() ? card : undefined;
  } catch {
    return undefined;
  }
};

/**
 * What the server wrote into the page (`#page-data`) for this page of this salon: the price list's menu
 * or the offers, so the page shows at once what was already on screen before any script ran.
 */
export const embeddedPageData = <T>(page: string, alias: string): T | undefined => {
  try {
    const text = document.getElementById('page-data')?.textContent;
    const embedded = text ? (JSON.parse(text) as { page: string; alias: string; data: T }) : undefined;
    return embedded && embedded.page === page && embedded.alias.toLowerCase() === alias.toLowerCase()
      ? embedded.data
      : undefined;
  } catch {
    return undefined;
  }
};
