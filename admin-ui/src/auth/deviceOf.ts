/** A browser and the system it runs on, as message keys (`app.auth.devices.<key>`). */
export type Device = { browser: string; os: string };

const BROWSERS: Array<[RegExp, string]> = [
  [/SamsungBrowser\//, 'samsung'],
  [/Edg(e|A|iOS)?\//, 'edge'],
  [/OPR\/|Opera/, 'opera'],
  [/Firefox\/|FxiOS\//, 'firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'chrome'],
  [/Safari\//, 'safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone/, 'iphone'],
  [/iPad/, 'ipad'],
  [/Android/, 'android'],
  [/Windows/, 'windows'],
  [/Mac OS X|Macintosh/, 'mac'],
  [/CrOS/, 'chromeos'],
  [/Linux/, 'linux'],
];

/** What a person recognises of a user agent ("Chrome on Windows"); `unknown` for what is not recognised. */
export const deviceOf = (userAgent: string): Device => ({
  browser: BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'unknown',
  os: SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'unknown',
});

/** An address as people write it: an IPv4 address mapped into IPv6 (`::ffff:10.0.0.5`) as IPv4. */
export const shownIp = (ip: string): string => ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
