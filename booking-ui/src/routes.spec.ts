import { documentPath, localePrefix, parseRoute, pathInLocale } from './routes';

describe('parseRoute', () => {
  it('reads the salon home page with an en, ar or empty prefix (empty means Arabic)', () => {
    expect(parseRoute('/en/salon/demosalon/home')).toEqual({
      page: 'salon-home',
      locale: 'en',
      alias: 'demosalon',
    });
    expect(parseRoute('/ar/salon/demosalon/home')).toEqual({
      page: 'salon-home',
      locale: 'ar',
      alias: 'demosalon',
    });
    expect(parseRoute('/salon/demosalon/home')).toEqual({
      page: 'salon-home',
      locale: 'ar',
      alias: 'demosalon',
    });
    expect(parseRoute('/en/salon/Demo2/home/')).toEqual({ page: 'salon-home', locale: 'en', alias: 'Demo2' });
  });

  it('sends salon/{alias} without a page to its home, keeping the prefix as written', () => {
    expect(parseRoute('/en/salon/demosalon')).toEqual({
      page: 'salon-home',
      locale: 'en',
      alias: 'demosalon',
      redirectTo: '/en/salon/demosalon/home',
    });
    expect(parseRoute('/salon/demosalon/')).toMatchObject({
      locale: 'ar',
      redirectTo: '/salon/demosalon/home',
    });
    expect(parseRoute('/ar/salon/demosalon')).toMatchObject({ redirectTo: '/ar/salon/demosalon/home' });
  });

  it('reads the salon pages, and 404 for any other, carrying the language', () => {
    expect(parseRoute('/en/salon/demosalon/booking')).toEqual({
      page: 'booking',
      locale: 'en',
      alias: 'demosalon',
    });
    expect(parseRoute('/salon/demosalon/price-list')).toEqual({
      page: 'price-list',
      locale: 'ar',
      alias: 'demosalon',
    });
    expect(parseRoute('/salon/demosalon/refund-policy')).toMatchObject({ page: 'refund-policy' });
    expect(parseRoute('/salon/demosalon/terms-and-conditions')).toMatchObject({
      page: 'terms-and-conditions',
    });
    const link = 'AbCdEfGhIjKlMnOpQrSt_-';
    expect(parseRoute(`/en/salon/demosalon/e-booking/${link}`)).toEqual({
      page: 'e-booking',
      locale: 'en',
      alias: 'demosalon',
      id: link,
    });
    expect(parseRoute(`/salon/demosalon/booking-success/${link}`)).toMatchObject({
      page: 'booking-success',
      id: link,
    });
    expect(parseRoute(`/salon/demosalon/payment-gateway-status/${link}`)).toEqual({
      page: 'payment-gateway-status',
      locale: 'ar',
      alias: 'demosalon',
      id: link,
    });
    expect(parseRoute('/salon/demosalon/offers')).toEqual({
      page: 'offers',
      locale: 'ar',
      alias: 'demosalon',
    });
    expect(parseRoute('/en/salon/demosalon/buy-gift-card')).toMatchObject({ page: 'buy-gift-card' });
    expect(parseRoute(`/salon/demosalon/e-gift-card/${link}`)).toMatchObject({
      page: 'e-gift-card',
      id: link,
    });
    expect(parseRoute(`/en/salon/demosalon/e-offer/${link}`)).toMatchObject({ page: 'e-offer', id: link });
    expect(documentPath('ar', 'e-gift-card', link)).toBe(`/ar/e-gift/${link}`);
    expect(documentPath('en', 'e-offer', link)).toBe(`/en/e-offer/${link}`);
    for (const page of [
      'offers/x',
      'e-gift-card/short',
      'booking/extra',
      'e-booking/short',
      'home/x',
      'payment-gateway-status',
      'payment-gateway-status/short',
    ])
      expect(parseRoute(`/en/salon/demosalon/${page}`)).toEqual({ page: 'not-found', locale: 'en' });
  });

  it('reads the public report-to-zatca page in both languages, and nothing under it', () => {
    expect(parseRoute('/report-to-zatca')).toEqual({ page: 'report-to-zatca', locale: 'ar' });
    expect(parseRoute('/ar/report-to-zatca')).toEqual({ page: 'report-to-zatca', locale: 'ar' });
    expect(parseRoute('/en/report-to-zatca/')).toEqual({ page: 'report-to-zatca', locale: 'en' });
    expect(parseRoute('/en/report-to-zatca/x')).toEqual({ page: 'not-found', locale: 'en' });
    // a salon's own pages are untouched by it
    expect(parseRoute('/en/salon/reporttozatca/home')).toMatchObject({
      page: 'salon-home',
      alias: 'reporttozatca',
    });
  });

  it('answers 404 for unknown paths and for aliases the settings screen would refuse', () => {
    expect(parseRoute('/')).toEqual({ page: 'not-found', locale: 'ar' });
    expect(parseRoute('/en')).toEqual({ page: 'not-found', locale: 'en' });
    expect(parseRoute('/en/404')).toEqual({ page: 'not-found', locale: 'en' });
    expect(parseRoute('/fr/salon/demosalon/home')).toEqual({ page: 'not-found', locale: 'ar' });
    expect(parseRoute('/en/salons/demosalon/home')).toEqual({ page: 'not-found', locale: 'en' });
    expect(parseRoute('/en/salon/demo-salon/home')).toEqual({ page: 'not-found', locale: 'en' });
    expect(parseRoute('/en/salon/demo%20salon/home')).toEqual({ page: 'not-found', locale: 'en' });
    expect(parseRoute('/en/salon/%E0%A4%A/home')).toEqual({ page: 'not-found', locale: 'en' });
    expect(parseRoute('/en/salon/%D8%B1%D9%88%D9%86%D9%82/home')).toEqual({
      page: 'not-found',
      locale: 'en',
    });
  });
});

describe('pathInLocale', () => {
  it('gives the same page in the other language, with the query and the hash', () => {
    expect(pathInLocale('/en/salon/demosalon/home', '?ref=qr', '#top', 'ar')).toBe(
      '/salon/demosalon/home?ref=qr#top',
    );
    expect(pathInLocale('/salon/demosalon/home', '', '', 'en')).toBe('/en/salon/demosalon/home');
    expect(pathInLocale('/ar/salon/demosalon/home', '', '', 'en')).toBe('/en/salon/demosalon/home');
    expect(pathInLocale('/en/nowhere', '', '', 'ar')).toBe('/nowhere');
    expect(pathInLocale('/en', '', '', 'ar')).toBe('/');
  });

  it('is the inverse of itself', () => {
    const path = '/en/salon/demosalon/home';
    expect(pathInLocale(pathInLocale(path, '', '', 'ar'), '', '', 'en')).toBe(path);
  });

  it('uses /en for English and the empty prefix for Arabic', () => {
    expect([localePrefix('en'), localePrefix('ar')]).toEqual(['/en', '']);
  });
});
