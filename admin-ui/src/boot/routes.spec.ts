import {
  documentLanguage,
  startsOnSignIn,
  resolveBoot,
  storedLanguageOf,
  switchLanguagePath,
} from './routes';

describe('route and language resolution (spec doc1 §1, §2)', () => {
  it('serves the merchant and manager areas with and without a language prefix', () => {
    expect(resolveBoot('/en/merchant/customers', null)).toEqual({
      kind: 'area',
      area: 'merchant',
      language: 'en',
      basename: '/en/merchant',
      prefix: '/en',
    });
    expect(resolveBoot('/ar/merchant', 'en')).toMatchObject({
      area: 'merchant',
      language: 'ar',
      basename: '/ar/merchant',
    });
    expect(resolveBoot('/merchant/customers/1/show', 'en')).toMatchObject({
      area: 'merchant',
      language: 'ar',
      basename: '/merchant',
      prefix: '',
    });
    expect(resolveBoot('/en/manager/trackers/blocked-ips', null)).toMatchObject({
      area: 'manager',
      language: 'en',
      basename: '/en/manager',
    });
    expect(resolveBoot('/manager', 'en')).toMatchObject({
      area: 'manager',
      language: 'ar',
      basename: '/manager',
    });
  });

  it('sends / to the remembered language, else English', () => {
    expect(resolveBoot('/', null)).toEqual({ kind: 'redirect', to: '/en/merchant' });
    expect(resolveBoot('/', 'ar')).toEqual({ kind: 'redirect', to: '/ar/merchant' });
    expect(resolveBoot('/en', null)).toEqual({ kind: 'redirect', to: '/en/merchant' });
    expect(resolveBoot('/ar/', 'en')).toEqual({ kind: 'redirect', to: '/ar/merchant' });
  });

  it('sends unknown paths to the 404 page, carrying the language when one is given', () => {
    expect(resolveBoot('/en/nowhere', null)).toEqual({ kind: 'redirect', to: '/en/404' });
    expect(resolveBoot('/ar/nowhere/deeper', null)).toEqual({ kind: 'redirect', to: '/ar/404' });
    expect(resolveBoot('/nowhere', 'en')).toEqual({ kind: 'redirect', to: '/404' });
    expect(resolveBoot('/en/404', null)).toEqual({ kind: 'not-found', language: 'en', prefix: '/en' });
    expect(resolveBoot('/404', 'ar')).toEqual({ kind: 'not-found', language: 'ar', prefix: '' });
    expect(resolveBoot('/404', null)).toEqual({ kind: 'not-found', language: 'en', prefix: '' });
    expect(resolveBoot('/fr/merchant', null)).toEqual({ kind: 'redirect', to: '/404' });
  });

  it("opens a customer's e-invoice without an area, in the language of its link (Arabic without one)", () => {
    expect(resolveBoot('/en/e-invoice/AbC123dEf456gHi789jKl0', 'ar')).toEqual({
      kind: 'public',
      page: 'e-invoice',
      language: 'en',
      prefix: '/en',
    });
    expect(resolveBoot('/ar/e-invoice/AbC123dEf456gHi789jKl0', null)).toMatchObject({
      kind: 'public',
      language: 'ar',
    });
    expect(resolveBoot('/e-invoice/AbC123dEf456gHi789jKl0', 'en')).toEqual({
      kind: 'redirect',
      to: '/ar/e-invoice/AbC123dEf456gHi789jKl0',
    });
    expect(resolveBoot('/en/e-invoice', null)).toEqual({ kind: 'redirect', to: '/en/404' });
    expect(resolveBoot('/en/e-invoice/a/b', null)).toEqual({ kind: 'redirect', to: '/en/404' });
  });

  it('chooses the document language from the path, else the remembered one', () => {
    expect(documentLanguage('/en/merchant', 'ar')).toBe('en');
    expect(documentLanguage('/ar/manager', 'en')).toBe('ar');
    expect(documentLanguage('/merchant/sign-in', 'en')).toBe('ar');
    expect(documentLanguage('/', 'ar')).toBe('ar');
    expect(documentLanguage('/404', null)).toBe('en');
  });

  it("stores 'en' when the path starts with /en, otherwise 'ar'", () => {
    expect(storedLanguageOf('/en/merchant')).toBe('en');
    expect(storedLanguageOf('/ar/merchant')).toBe('ar');
    expect(storedLanguageOf('/merchant')).toBe('ar');
    expect(storedLanguageOf('/english')).toBe('ar');
  });

  it('switches the language by replacing or adding the prefix', () => {
    expect(switchLanguagePath('/en/merchant/customers/5/show', 'ar')).toBe('/ar/merchant/customers/5/show');
    expect(switchLanguagePath('/merchant/customers', 'en')).toBe('/en/merchant/customers');
    expect(switchLanguagePath('/ar/manager', 'en')).toBe('/en/manager');
    expect(switchLanguagePath('/en/404', 'ar')).toBe('/ar/404');
  });

  it('starts a sign-in form, or a back office without a session, with the sign-in texts alone', () => {
    const none = () => false;
    const merchant = (area: string) => area === 'merchant';
    const starts: Array<[string, (area: 'merchant' | 'manager') => boolean]> = [
      ['/ar/merchant/sign-in', merchant],
      ['/en/merchant/sign-in/', merchant],
      ['/merchant/sign-in', none],
      ['/en/manager/sign-in', none],
      ['/ar/merchant', none],
      ['/en/merchant/customers/5/show', none],
      ['/en/manager', merchant],
      ['/', none],
      ['/en', none],
    ];
    for (const [path, signedIn] of starts)
      expect([path, startsOnSignIn(path, signedIn)]).toEqual([path, true]);
    const whole: Array<[string, (area: 'merchant' | 'manager') => boolean]> = [
      ['/ar/merchant', merchant],
      ['/en/merchant/customers', merchant],
      ['/en/merchant/reset-password/abc', none],
      ['/en/merchant/verify-email/abc', none],
      ['/en/merchant/lock', none],
      ['/en/e-invoice/abc', none],
      ['/en/404', none],
      ['/', merchant],
    ];
    for (const [path, signedIn] of whole)
      expect([path, startsOnSignIn(path, signedIn)]).toEqual([path, false]);
  });
});
