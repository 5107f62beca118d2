import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { join, relative } from 'node:path';
import type { Browser } from 'playwright-core';
import { configFromEnv, openPlatform, silentLogger } from '@rawnaq/platform';
import { createApp } from '@rawnaq/gateway/dist/app';
import { percentile } from './latency';

const ROOT = join(__dirname, '..', '..');
const CHROMIUM = '/usr/bin/chromium';
/** A phone, as the issue measured it (and as owners open the back office first). */
const PHONE = { width: 390, height: 844 };
const SIGN_IN = '/ar/merchant/sign-in';
const BASELINE = '/baseline/sign-in';

/**
 * When a sign-in form is usable, checked in the page before each frame from the document's creation
 * on: its submit button is there, enabled, in the window and what a tap at its centre lands on (no
 * spinner or overlay above it), and the form has text inputs, none of them disabled or read-only.
 * The time is the page's own clock (performance.now(), from the start of the navigation).
 */
const USABLE_DETECTOR = `(() => {
  const usable = () => {
    const submit = document.querySelector('[data-testid=sign-in-submit]');
    const form = submit && submit.closest('form');
    if (!form || submit.disabled) return false;
    const inputs = [...form.querySelectorAll('input')].filter((i) => i.type !== 'hidden' && i.type !== 'button');
    if (inputs.length === 0 || inputs.some((i) => i.disabled || i.readOnly)) return false;
    const box = submit.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (box.width === 0 || box.height === 0 || x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && submit.contains(hit);
  };
  const frame = () => {
    if (usable()) window.__usableAt = performance.now();
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

/**
 * The baseline: a bare page with one small script that builds a sign-in form (two fields and a button),
 * served by the same server and loaded and timed the same way. What is left of the ratio is the
 * product's own first screen: its scripts, their parsing, React, MUI and the right-to-left styles.
 */
const BASELINE_HTML = `<!doctype html>
<html lang="ar" dir="rtl">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>رونق</title>
    <script type="module" src="/baseline/form.js"></script>
  </head>
  <body></body>
</html>
`;
const BASELINE_JS = `const form = document.createElement('form');
for (const [name, label, type] of [['accountId', 'رقم الحساب', 'text'], ['password', 'كلمة المرور', 'password']]) {
  const field = document.createElement('label');
  field.textContent = label;
  const input = document.createElement('input');
  input.name = name;
  input.type = type;
  input.required = true;
  field.append(input);
  form.append(field);
}
const submit = document.createElement('button');
submit.type = 'submit';
submit.textContent = 'تسجيل الدخول';
submit.dataset.testid = 'sign-in-submit';
form.append(submit);
form.addEventListener('submit', (event) => event.preventDefault());
document.body.append(form);
`;

const serveBaseline = (req: IncomingMessage, res: ServerResponse): boolean => {
  const path = (req.url ?? '').split('?')[0];
  if (path === BASELINE) {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end(BASELINE_HTML);
    return true;
  }
  if (path === '/baseline/form.js') {
    res.writeHead(200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
    res.end(BASELINE_JS);
    return true;
  }
  return false;
};

type Load = { usableMs: number; scriptBytes: number; scripts: number; bytes: number; requests: number };

/** One cold load: a new browser profile (empty cache and storage) at phone size, in Arabic. */
const load = async (browser: Browser, url: string): Promise<Load> => {
  const context = await browser.newContext({
    locale: 'ar-SA',
    timezoneId: 'Asia/Riyadh',
    viewport: PHONE,
    deviceScaleFactor: 1,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(USABLE_DETECTOR);
    const sizes: Array<Promise<{ script: boolean; bytes: number }>> = [];
    page.on('requestfinished', (request) =>
      sizes.push(
        request.sizes().then((s) => ({
          script: request.resourceType() === 'script',
          // the body as sent: compressed when the server compressed it
          bytes: s.responseBodySize,
        })),
      ),
    );
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => (globalThis as { __usableAt?: number }).__usableAt !== undefined, null, {
      timeout: 60_000,
    });
    const usableMs = await page.evaluate(() => (globalThis as unknown as { __usableAt: number }).__usableAt);
    // what the page loads before anyone signs in (a late chunk included)
    await page.waitForLoadState('networkidle');
    const done = await Promise.all(sizes);
    const scripts = done.filter((s) => s.script);
    return {
      usableMs,
      scriptBytes: scripts.reduce((n, s) => n + s.bytes, 0),
      scripts: scripts.length,
      bytes: done.reduce((n, s) => n + s.bytes, 0),
      requests: done.length,
    };
  } finally {
    await context.close();
  }
};

export type FirstScreenFigures = {
  page: string;
  viewport: string;
  runs: number;
  medianMs: number;
  worstMs: number;
  /** the bare page of one small script, same server, same browser, loaded alternately with it */
  baseline: { page: string; medianMs: number; worstMs: number };
  ratioMedianToBaseline: number;
  /** JavaScript as sent (compressed bodies) */
  scriptBytes: number;
  scripts: number;
  /** everything the page loads before sign-in, and in how many requests */
  bytes: number;
  requests: number;
  /** the 1-minute load average before and after the runs (2 cores: above 2, other work took turns with this) */
  loadAverage: [number, number];
  adminDist: string;
};

/**
 * The Arabic sign-in page of the merchant area, loaded cold at phone size `runs` times in Chromium from
 * the product (its UIs built by `npm start`'s builds, a fresh empty store), alternating with the
 * baseline page, each after an untimed load of both (the server's files read once, as a running
 * product has them).
 */
export const firstScreenBench = async (
  parent: string,
  runs: number,
  adminDist = join(ROOT, 'admin-ui', 'dist'),
): Promise<FirstScreenFigures | { skipped: string }> => {
  if (!existsSync(CHROMIUM)) return { skipped: `no Chromium at ${CHROMIUM}` };
  // the UIs as `npm start` serves them (built when their sources changed)
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'start.mjs'), '--build-only'], { stdio: 'inherit' });
  if (!existsSync(join(adminDist, 'index.html'))) return { skipped: `no admin-ui build in ${adminDist}` };

  const dir = mkdtempSync(join(parent, 'first-screen-'));
  const platform = await openPlatform(configFromEnv({ DATA_DIR: dir }), { logger: silentLogger });
  const app = await createApp({
    platform,
    logger: silentLogger,
    seedDemo: false,
    sendMail: false,
    reportEveryMs: 0,
    // nor does the WhatsApp worker send (or plan reminders) beside what is measured
    messagingEveryMs: 0,
    adminDist,
  });
  const server = createServer((req, res) => {
    if (!serveBaseline(req, res)) app.handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // loaded here, not with the bench: the server under test runs in this process, and playwright's
  // ~28 MB of heap beside it made every one of its full GCs mark what the server never holds
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  try {
    await load(browser, `${url}${BASELINE}`);
    await load(browser, `${url}${SIGN_IN}`);
    const load0 = loadavg()[0];
    const signIn: Load[] = [];
    const baseline: Load[] = [];
    for (let i = 0; i < runs; i++) {
      // alternating, so that a busy moment of the machine falls on both alike
      baseline.push(await load(browser, `${url}${BASELINE}`));
      signIn.push(await load(browser, `${url}${SIGN_IN}`));
    }
    const load1 = loadavg()[0];
    const times = (loads: Load[]) => loads.map((l) => l.usableMs).sort((a, b) => a - b);
    const ours = times(signIn);
    const bare = times(baseline);
    const median = percentile(ours, 50);
    const bareMedian = percentile(bare, 50);
    const last = signIn[signIn.length - 1];
    return {
      page: SIGN_IN,
      viewport: `${PHONE.width}x${PHONE.height}`,
      runs,
      medianMs: Math.round(median),
      worstMs: Math.round(ours[ours.length - 1]),
      baseline: {
        page: BASELINE,
        medianMs: Math.round(bareMedian),
        worstMs: Math.round(bare[bare.length - 1]),
      },
      ratioMedianToBaseline: +(median / bareMedian).toFixed(2),
      scriptBytes: last.scriptBytes,
      scripts: last.scripts,
      bytes: last.bytes,
      requests: last.requests,
      loadAverage: [+load0.toFixed(2), +load1.toFixed(2)],
      adminDist: relative(ROOT, adminDist),
    };
  } finally {
    await browser.close();
    server.close();
    await app.close();
    await platform.close();
  }
};
