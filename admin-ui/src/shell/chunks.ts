import { lazy, type ComponentType } from 'react';
import { wholeCatalogue } from '../i18n';

const RELOAD_KEY = 'rawnaq.chunk-reloaded-for';

/** The failures this tab has already reloaded for (each names its file: a new build's files have new names). */
const reloadedFor = (): string[] => {
  try {
    const stored = JSON.parse(sessionStorage.getItem(RELOAD_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? stored.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * A chunk that fails to load is usually an old page asking for files a new deployment replaced:
 * reload once (spec doc2 §8.1). The same file failing again after that reload is a real outage: let it
 * surface. (Counted by the file, not by the clock: a reload slower than a guard's seconds on a poor
 * connection must not become a reload loop.)
 */
export const reloadAfterChunkFailure = (error?: unknown): boolean => {
  const failure = String((error as { message?: unknown } | undefined)?.message ?? error ?? 'chunk');
  const done = reloadedFor();
  if (done.includes(failure)) return false;
  sessionStorage.setItem(RELOAD_KEY, JSON.stringify([...done.slice(-9), failure]));
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
    if (reloadAfterChunkFailure(error)) return new Promise<never>(() => {});
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
