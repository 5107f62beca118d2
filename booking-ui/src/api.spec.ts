import {
  asOpenAsItIs,
  depositOf,
  getPublic,
  isPublicSalon,
  postBooking,
  postPurchase,
  type PublicSalon,
} from './api';

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

describe('the deposit shown before she confirms', () => {
  const salon = {
    alias: 'demosalon',
    name_en: 'Demo',
    name_ar: 'ديمو',
    country_id: 1,
    salon_type: 1,
    currency: 'SAR',
    time_zone: 'Asia/Riyadh',
    online_booking: true,
    require_email: false,
    cancel_cutoff_hours: 24,
    address_en: null,
    address_ar: null,
    phone: null,
    map_url: null,
  };
  it('follows the server’s rule: none, an amount never above the visit, or a rounded percentage', () => {
    expect(depositOf(salon, 10_000, 2)).toBe(0);
    expect(depositOf({ ...salon, deposit_type: 'amount', deposit_amount: '50.5' }, 10_000, 2)).toBe(5_050);
    expect(depositOf({ ...salon, deposit_type: 'amount', deposit_amount: '500' }, 10_000, 2)).toBe(10_000);
    expect(depositOf({ ...salon, deposit_type: 'amount', deposit_amount: '1.5' }, 10_000, 3)).toBe(1_500);
    expect(depositOf({ ...salon, deposit_type: 'percentage', deposit_percentage: 25 }, 11_501, 2)).toBe(
      2_875,
    );
    expect(depositOf({ ...salon, deposit_type: 'percentage', deposit_percentage: 25 }, 0, 2)).toBe(0);
  });
});

describe('a closed salon (its account expired or disabled)', () => {
  const salon = {
    alias: 'lulu',
    name_en: 'Lulu',
    name_ar: 'لولو',
    country_id: 1,
    salon_type: 1,
    currency: 'SAR',
    time_zone: 'Asia/Riyadh',
    online_booking: true,
    require_email: false,
    cancel_cutoff_hours: 24,
    address_en: null,
    address_ar: null,
    phone: null,
    map_url: null,
    gift_cards: { enabled: true, min: '50', max: '500', presets: [] },
  };
  it('takes no bookings and sells no gift cards, whatever its own settings say', () => {
    expect(asOpenAsItIs({ ...salon, closed: 'expired' })).toMatchObject({
      online_booking: false,
      gift_cards: { enabled: false },
    });
    expect(asOpenAsItIs({ ...salon, closed: null })).toMatchObject({
      online_booking: true,
      gift_cards: { enabled: true },
    });
  });
});

describe('postBooking with a deposit', () => {
  it('answers where to pay when the salon asks a deposit first (202)', async () => {
    const impl = (async () =>
      new Response(
        JSON.stringify({
          payment_required: true,
          booking: { id: 'v', unique_id: 'b' },
          payment: { unique_id: 'p'.repeat(22), pay_url: '/pay/sim/x.y' },
        }),
        { status: 202 },
      )) as typeof fetch;
    await expect(
      postBooking(
        'demosalon',
        {
          service_ids: ['s'],
          start: '2026-01-01T10:00:00.000Z',
          name: 'N',
          mobile: '0551234567',
          language: 'ar',
        },
        'k',
        impl,
      ),
    ).resolves.toEqual({ status: 'pay', payUrl: '/pay/sim/x.y', paymentUniqueId: 'p'.repeat(22) });
  });
});

describe('postPurchase (an offer or a gift card bought online)', () => {
  it('posts to the salon’s purchases with its key, and answers where to pay', async () => {
    const seen: Array<{ url: string; key: string | null }> = [];
    const impl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ url: String(input), key: new Headers(init?.headers).get('Idempotency-Key') });
      return json(202, {
        payment_required: true,
        payment: { unique_id: 'u'.repeat(22), pay_url: '/pay/sim/a.b' },
      });
    }) as typeof fetch;
    await expect(
      postPurchase('demosalon', 'gift-card-purchases', { value: '200' }, 'k1', impl),
    ).resolves.toEqual({
      status: 'pay',
      payUrl: '/pay/sim/a.b',
      paymentUniqueId: 'u'.repeat(22),
    });
    expect(seen).toEqual([{ url: '/api/public/salons/demosalon/gift-card-purchases', key: 'k1' }]);
  });

  it('gives a refusal its message and fields, and a reply without a payment is an error to retry', async () => {
    const refused = fakeFetch(() =>
      json(422, { message: 'validation.failed', errors: { buyer_mobile: 'validation.mobile' } }),
    );
    await expect(postPurchase('demosalon', 'offer-purchases', {}, 'k2', refused.impl)).resolves.toMatchObject(
      {
        status: 'refused',
        errors: { buyer_mobile: 'validation.mobile' },
      },
    );
    const odd = fakeFetch(() => json(202, {}));
    await expect(postPurchase('demosalon', 'offer-purchases', {}, 'k3', odd.impl)).resolves.toEqual({
      status: 'error',
    });
  });
});
