import { getPublic, isPublicSalon, type PublicSalon } from './api';

const fetchSalon = (alias: string, signal: AbortSignal | undefined, impl: typeof fetch) =>
  getPublic<PublicSalon>(`salons/${alias}`, signal, impl, isPublicSalon);

const demo: PublicSalon = {
  alias: 'demosalon',
  name_en: 'Demo Salon',
  name_ar: 'صالون تجريبي',
  country_id: 1,
  salon_type: 1,
  currency: 'SAR',
  time_zone: 'Asia/Riyadh',
};

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fakeFetch = (reply: () => Response | Promise<Response>) => {
  const calls: string[] = [];
  const impl = (async (input: RequestInfo | URL) => {
    calls.push(String(input));
    return reply();
  }) as typeof fetch;
  return { impl, calls };
};

describe('getPublic (a salon’s card)', () => {
  it('asks the public API for the alias and returns the salon', async () => {
    const { impl, calls } = fakeFetch(() => json(200, demo));
    await expect(fetchSalon('demosalon', undefined, impl)).resolves.toEqual({ status: 'found', value: demo });
    expect(calls).toEqual(['/api/public/salons/demosalon']);
  });

  it('reads 404 not_found.account as an unknown salon', async () => {
    const { impl } = fakeFetch(() => json(404, { message: 'not_found.account' }));
    await expect(fetchSalon('nosuchsalon', undefined, impl)).resolves.toEqual({ status: 'not-found' });
  });

  it('reads a network failure, a 5xx or a body that is not a salon as an error to retry', async () => {
    const offline = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(fetchSalon('demosalon', undefined, offline.impl)).resolves.toEqual({ status: 'error' });
    const down = fakeFetch(() => json(503, { message: 'errors.unavailable' }));
    await expect(fetchSalon('demosalon', undefined, down.impl)).resolves.toEqual({ status: 'error' });
    const html = fakeFetch(() => new Response('<!doctype html>', { status: 200 }));
    await expect(fetchSalon('demosalon', undefined, html.impl)).resolves.toEqual({ status: 'error' });
    const partial = fakeFetch(() => json(200, { ...demo, name_ar: undefined }));
    await expect(fetchSalon('demosalon', undefined, partial.impl)).resolves.toEqual({ status: 'error' });
  });

  it('rejects when the page aborts the request, so no state is set after it has gone', async () => {
    const controller = new AbortController();
    const { impl } = fakeFetch(() => {
      controller.abort();
      return Promise.reject(new DOMException('aborted', 'AbortError'));
    });
    await expect(fetchSalon('demosalon', controller.signal, impl)).rejects.toThrow('aborted');
  });
});
