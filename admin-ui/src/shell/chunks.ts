import { lazy, type ComponentType } from 'react';
import { wholeCatalogue } from '../i18n';

const RELOAD_KEY = 'rawnaq.chunk-reload-at';
const RELOAD_GUARD_MS = 10_000;

/**
 * A chunk that fails to load is usually an old page asking for files a new deployment replaced:
 * reload once (spec doc2 §8.1). A second failure within 10 s is a real outage; let it surface.
 */
export const reloadAfterChunkFailure = (): boolean => {
  const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
  if (Date.now() - last < RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  window.location.reload();
  return true;
};

/**
 * A dynamic import that reloads the page when the chunk cannot be fetched. (Vite's preload helper
 * rejects the import itself when a chunk or one of its dependencies fails, so this sees every case.)
 */
export const importChunk = <T>(load: () => Promise<T>): Promise<T> =>
  load().catch((error: unknown) => {
    // The page is going away; whatever waited for the chunk waits forever rather than failing first.
    if (reloadAfterChunkFailure()) return new Promise<never>(() => {});
    throw error;
  });

/**
 * React.lazy for a named export, through importChunk. The page shows once the page's whole catalogue
 * of texts is there too (a page opened on a sign-in form starts without it); `'sign-in'` is for the
 * sign-in forms alone, which say only what their own texts hold (i18n/signIn.en.ts).
 */
export const lazyPage = <P extends object>(
  load: () => Promise<ComponentType<P>>,
  texts: 'whole' | 'sign-in' = 'whole',
) =>
  lazy(() =>
    importChunk(() =>
      texts === 'whole' ? Promise.all([load(), wholeCatalogue()]).then(([component]) => component) : load(),
    ).then((component) => ({ default: component })),
  );

/** Fetches a chunk ahead of need; a failure here is not worth a dialog, the real import will retry. */
export const prefetchChunk = (load: () => Promise<unknown>) => void load().catch(() => undefined);
