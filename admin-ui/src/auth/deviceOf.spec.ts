import { deviceOf, shownIp } from './deviceOf';

describe('the device a session signed in from, as a person recognises it', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      { browser: 'chrome', os: 'windows' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      { browser: 'safari', os: 'iphone' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      { browser: 'samsung', os: 'android' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      { browser: 'edge', os: 'mac' },
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
      { browser: 'firefox', os: 'linux' },
    ],
    ['curl/8.5.0', { browser: 'unknown', os: 'unknown' }],
    ['', { browser: 'unknown', os: 'unknown' }],
  ])('%s', (userAgent, device) => expect(deviceOf(userAgent)).toEqual(device));
});

describe('an address as people write it', () => {
  it('shows an IPv4 address mapped into IPv6 as IPv4, and others as they are', () => {
    expect(shownIp('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(shownIp('10.0.0.5')).toBe('10.0.0.5');
    expect(shownIp('2001:db8::1')).toBe('2001:db8::1');
  });
});
