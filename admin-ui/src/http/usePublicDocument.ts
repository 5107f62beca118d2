import { useCallback, useEffect, useState } from 'react';

export type PublicDocument<T> =
  { kind: 'loading' } | { kind: 'found'; document: T } | { kind: 'not-found' } | { kind: 'failed' };

/**
 * A customer's document read without signing in (`/api/public/<kind>/<uniqueId>`): the link is the
 * capability. A plain fetch: the admin's HTTP client carries a session and reacts to 401s, which these
 * pages have neither. `retry` reads it again after a failure.
 */
export const usePublicDocument = <T>(kind: string, uniqueId: string | undefined) => {
  const [state, setState] = useState<PublicDocument<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!uniqueId) return setState({ kind: 'not-found' });
    let live = true;
    setState({ kind: 'loading' });
    window
      .fetch(`/api/public/${kind}/${encodeURIComponent(uniqueId)}`, {
        headers: { Accept: 'application/json' },
      })
      .then(async (res) => {
        if (!live) return;
        if (res.status === 404) return setState({ kind: 'not-found' });
        if (!res.ok) return setState({ kind: 'failed' });
        setState({ kind: 'found', document: (await res.json()) as T });
      })
      .catch(() => live && setState({ kind: 'failed' }));
    return () => {
      live = false;
    };
  }, [kind, uniqueId, attempt]);
  return { state, retry: useCallback(() => setAttempt((n) => n + 1), []) };
};
