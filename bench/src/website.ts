import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { configFromEnv, openPlatform, silentLogger } from '@rawnaq/platform';
import { createApp } from '@rawnaq/gateway/dist/app';
import { percentile } from './latency';

const CHROMIUM = '/usr/bin/chromium';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** The pages timed: the Arabic home page on a phone, the English pricing page on a desktop. */
const PAGES = [
  { path: '/', viewport: PHONE, locale: 'ar-SA' },
  { path: '/en/business/pricing', viewport: DESKTOP, locale: 'en-US' },
] as const;
const BASELINE = '/baseline/website';
/**
 * The baseline: a bare page of one heading and one paragraph, no style sheet, served by the same server
 * and timed the same way. What is left of the ratio is the website's own: its HTML's size, the inlined
 * style sheet, the read of the settings behind the page, the layout of the right-to-left text.
 */
const BASELINE_HTML = `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>رونق</title></head><body><h1>أديري صالونك أو مركز التجميل من مكان واحد</h1><p>المواعيد والحجز الإلكتروني ونقطة البيع.</p></body></html>`;

const serveBaseline = (req: IncomingMessage, res: ServerResponse) => {
  if ((req.url ?? '').split('?')[0] !== BASELINE) return false;
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end(BASELINE_HTML);
  return true;
};

/** The largest contentful paint, as the page's own PerformanceObserver sees it (from the navigation's start). */
const LCP_OBSERVER = `new PerformanceObserver((list) => {
  const last = list.getEntries().at(-1);
  if (last) window.__lcp = last.startTime;
}).observe({ type: 'largest-contentful-paint', buffered: true });`;

type Load = { lcpMs: number; ttfbMs: number; htmlBytes: number; scriptBytes: number };

/** One cold load (a new profile: empty cache) until its largest paint is known. */
const load = async (
  browser: Browser,
  url: string,
  viewport: { width: number; height: number },
  locale: string,
): Promise<Load> => {
  const context = await browser.newContext({ locale, viewport, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    await page.addInitScript(LCP_OBSERVER);
    let scriptBytes = 0;
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script')
        void request.sizes().then((s) => (scriptBytes += s.responseBodySize));
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => (globalThis as { __lcp?: number }).__lcp !== undefined, null, {
      timeout: 30_000,
    });
    // a later, larger paint would replace the first entry: a frame or two after load is enough to see it
    await page.waitForTimeout(100);
    // (a string: the bench is compiled without the DOM's types)
    const figures = (await page.evaluate(`(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      return { lcpMs: window.__lcp, ttfbMs: nav.responseStart, htmlBytes: nav.encodedBodySize };
    })()`)) as { lcpMs: number; ttfbMs: number; htmlBytes: number };
    return { ...figures, scriptBytes };
  } finally {
    await context.close();
  }
};

export type WebsiteFigures = {
  runs: number;
  pages: Array<{
    page: string;
    viewport: string;
    lcpMedianMs: number;
    lcpWorstMs: number;
    ttfbMedianMs: number;
    htmlBytes: number;
    scriptBytes: number;
  }>;
  /** the bare page (a heading and a paragraph), same server, same browser, loaded alternately */
  baseline: { page: string; lcpMedianMs: number; ttfbMedianMs: number };
  /** the slower page's median LCP over the baseline's */
  ratioMedianToBaseline: number;
  loadAverage: [number, number];
};

/**
 * The public website's largest contentful paint: its Arabic home page at phone size and its English
 * pricing page at desktop size, each loaded cold `runs` times in Chromium from the product (a fresh
 * store, the default settings), alternating with the bare baseline page, after an untimed load of each.
 */
export const websiteBench = async (
  parent: string,
  runs: number,
): Promise<WebsiteFigures | { skipped: string }> => {
  if (!existsSync(CHROMIUM)) return { skipped: `no Chromium at ${CHROMIUM}` };
  const dir = mkdtempSync(join(parent, 'website-'));
  const platform = await openPlatform(configFromEnv({ DATA_DIR: dir }), { logger: silentLogger });
  const app = await createApp({
    platform,
    logger: silentLogger,
    seedDemo: false,
    sendMail: false,
    reportEveryMs: 0,
    messagingEveryMs: 0,
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
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    for (const p of PAGES) await load(browser, `${url}${p.path}`, p.viewport, p.locale);
    await load(browser, `${url}${BASELINE}`, PHONE, 'ar-SA');
    const load0 = loadavg()[0];
    const baseline: Load[] = [];
    const ours: Load[][] = PAGES.map(() => []);
    for (let i = 0; i < runs; i++) {
      baseline.push(await load(browser, `${url}${BASELINE}`, PHONE, 'ar-SA'));
      for (const [j, p] of PAGES.entries())
        ours[j].push(await load(browser, `${url}${p.path}`, p.viewport, p.locale));
    }
    const load1 = loadavg()[0];
    const median = (loads: Load[], key: 'lcpMs' | 'ttfbMs') =>
      percentile(
        loads.map((l) => l[key]).sort((a, b) => a - b),
        50,
      );
    const pages = PAGES.map((p, j) => ({
      page: p.path,
      viewport: `${p.viewport.width}x${p.viewport.height}`,
      lcpMedianMs: Math.round(median(ours[j], 'lcpMs')),
      lcpWorstMs: Math.round(Math.max(...ours[j].map((l) => l.lcpMs))),
      ttfbMedianMs: +median(ours[j], 'ttfbMs').toFixed(1),
      htmlBytes: ours[j].at(-1)!.htmlBytes,
      scriptBytes: ours[j].at(-1)!.scriptBytes,
    }));
    const bare = Math.round(median(baseline, 'lcpMs'));
    return {
      runs,
      pages,
      baseline: { page: BASELINE, lcpMedianMs: bare, ttfbMedianMs: +median(baseline, 'ttfbMs').toFixed(1) },
      ratioMedianToBaseline: +(Math.max(...pages.map((p) => p.lcpMedianMs)) / Math.max(bare, 1)).toFixed(2),
      loadAverage: [+load0.toFixed(2), +load1.toFixed(2)],
    };
  } finally {
    await browser.close();
    server.close();
    await app.close();
    await platform.close();
  }
};
