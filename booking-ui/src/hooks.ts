import { onlinePageTitle, type Locale, type OnlinePageName } from '@rawnaq/contracts';
import { useEffect, useState } from 'react';
import { getPublic, type Loaded } from './api';
import { translate, type MessageKey } from './i18n';

/** A public resource loaded when the page opens (and again on `retry`); `null` waits. */
export const useLoaded = <T>(path: string | null) => {
  const [state, setState] = useState<{ status: 'loading' } | Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (path === null) return;
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
