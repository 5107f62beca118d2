import { HttpError } from '../http/errors';
import { createGlobalInformationStore, retryDelay } from './globalInformation';

describe('global information', () => {
  it('loads once and shares the answer', async () => {
    let loads = 0;
    const store = createGlobalInformationStore({
      load: async () => ({ n: ++loads }),
      onUnauthorized: () => undefined,
    });
    const [a, b] = await Promise.all([store.get(), store.get()]);
    expect(a).toEqual({ n: 1 });
    expect(b).toBe(a);
    expect(await store.get()).toBe(a);
    expect(store.peek()).toBe(a);
    expect(await store.refresh()).toEqual({ n: 2 });
  });

  it('retries any error other than 401 until it loads', async () => {
    const script: Array<Error | { ok: true }> = [
      new HttpError('app.errors.network', 0),
      new HttpError('x', 500),
      { ok: true },
    ];
    const sleeps: number[] = [];
    const store = createGlobalInformationStore({
      load: async () => {
        const next = script.shift()!;
        if (next instanceof Error) throw next;
        return next;
      },
      onUnauthorized: () => {
        throw new Error('should not sign out');
      },
      sleep: async (ms) => {
        sleeps.push(ms);
        expect(store.state().retrying).toBe(true);
      },
    });
    expect(await store.get()).toEqual({ ok: true });
    expect(sleeps).toEqual([1000, 2000]);
    expect(store.state().retrying).toBe(false);
  });

  it('signs out on 401 and never resolves', async () => {
    let signedOut = 0;
    const store = createGlobalInformationStore({
      load: async () => {
        throw new HttpError('auth.session_expired', 401);
      },
      onUnauthorized: () => signedOut++,
    });
    const outcome = await Promise.race([
      store.get().then(() => 'resolved'),
      new Promise((r) => setTimeout(() => r('pending'), 20)),
    ]);
    expect(outcome).toBe('pending');
    expect(signedOut).toBe(1);
  });

  it('waits at most 10 s between attempts', () => {
    expect([0, 1, 2, 3, 4, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });
});
