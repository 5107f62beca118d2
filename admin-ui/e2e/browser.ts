import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, ROOT } from './server';
import { countRequests, settle } from './settle';

export const SCREENSHOTS = join(ROOT, 'screenshots');

export const DEMO = {
  accountId: '1',
  owner: {
    username: 'owner',
    email: 'owner@demosalon.example',
    password: 'Demo@12345',
    name: 'Sara Al-Otaibi',
  },
  receptionist: { username: 'reception', password: 'Demo@12345' },
  receptionistEmail: 'reception@demosalon.example',
  // the other standard roles' sign-ins (password Demo@12345); the stylist is Noura
  salonManager: { username: 'manager' },
  cashier: { username: 'cashier' },
  stylist: { username: 'noura' },
  accountant: { username: 'accountant' },
  auditor: { username: 'auditor' },
  manager: { email: 'admin@platform.example', password: 'Manager@12345' },
};

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

export type Tab = { context: BrowserContext; page: Page; errors: string[] };
export type TabOptions = {
  timezoneId?: string;
  /** false: a browser with JavaScript off (the public website must work without it) */
  javaScriptEnabled?: boolean;
};

/**
 * A fresh browser profile (own storage, so its own session) with one page; in the salon's zone unless
 * `timezoneId` puts the browser elsewhere (a receptionist abroad).
 */
export const openTab = async (
  browser: Browser,
  language: 'en' | 'ar' = 'en',
  { timezoneId = 'Asia/Riyadh', javaScriptEnabled = true }: TabOptions = {},
): Promise<Tab> => {
  const context = await browser.newContext({
    locale: language === 'ar' ? 'ar-SA' : 'en-US',
    timezoneId,
    viewport: { width: 1366, height: 860 },
    javaScriptEnabled,
  });
  // every page counts its requests in flight, so a test can wait until a screen is still (./settle)
  await context.addInitScript(countRequests);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
};

/** The page is no wider than its window: nothing to scroll sideways (one pixel for rounding). */
export const noSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    (page.viewportSize()?.width ?? 0) + 1,
  );

/**
 * Until the page is still (./settle). A picture is taken even of a page that never stops (one that polls
 * every moment, say): the test that takes it checks what it needs on its own, so this only says so.
 */
const stillFor = async (page: Page, name: string) => {
  try {
    await settle(page, 10_000);
  } catch {
    console.log(`[shot] ${name}: the page was not still after 10 s; taken as it was`);
  }
};

/**
 * Pictures are taken when asked for (`E2E_SHOTS=1 npm test`, into screenshots/, to look at the screens
 * after a change): CI, which nobody looks at, leaves them out (a tall picture of each screen was a good
 * part of the browser tests' time).
 */
export const SHOTS = process.env.E2E_SHOTS === '1' || Boolean(process.env.SCREENS_SHOTS);

/**
 * The whole screen as a person sees it: a window tall enough for the page (rather than a full-page
 * capture, which scrolls and leaves the fixed app bar out), from the top.
 */
export const shot = async (page: Page, name: string) => {
  // the finished screen: its chunk and data loaded, no drawer or menu still sliding in (a test may go on
  // from there, so it waits for it whether or not the picture is taken)
  await stillFor(page, name);
  if (!SHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  const viewport = page.viewportSize() ?? { width: 1366, height: 860 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({
    width: viewport.width,
    height: Math.min(Math.max(height, viewport.height), 2400),
  });
  await page.evaluate(() => window.scrollTo(0, 0));
  await stillFor(page, name);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
  await page.setViewportSize(viewport);
};

type Credentials =
  { accountId: string; username: string; password: string } | { email: string; password: string };

type SignInOptions = {
  language?: 'en' | 'ar';
  area?: 'merchant' | 'manager';
  /** Through the sign-in screen itself: for the tests of that screen (what it remembers, says, asks). */
  form?: boolean;
};

/**
 * Signs in through the sign-in screen; when the user is signed in elsewhere the screen asks, and the
 * test continues (which ends the other session).
 */
const signInWithForm = async (page: Page, url: string, credentials: Credentials, options: SignInOptions) => {
  const { language = 'en', area = 'merchant' } = options;
  await page.goto(`${url}/${language}/${area}/sign-in`);
  await page.waitForSelector('[data-testid=sign-in-submit]');
  if ('accountId' in credentials) {
    await page.click('[data-testid=method-account]');
    await page.fill('[data-testid=account-id]', credentials.accountId);
    await page.fill('[data-testid=username]', credentials.username);
  } else {
    if (area === 'merchant') await page.click('[data-testid=method-email]');
    await page.fill('[data-testid=email]', credentials.email);
  }
  await page.fill('[data-testid=password]', credentials.password);
  await page.click('[data-testid=sign-in-submit]');
  await page.waitForFunction(
    () =>
      !location.pathname.endsWith('/sign-in') ||
      document.querySelector('[data-testid=another-session-dialog]') !== null,
  );
  if (await page.$('[data-testid=another-session-dialog]')) {
    await page.click('[data-testid=continue-here]');
    await page.waitForFunction(() => !location.pathname.endsWith('/sign-in'));
  }
};

/**
 * Signs in as the sign-in screen does, without drawing it (`form: true` for the tests of the screen):
 * the browser itself posts the credentials (so the session is this browser's, with its user agent and
 * address, and "continue here" ends another), keeps the session where the app keeps it, and opens the
 * area's first screen. That screen is left loading: a test that goes elsewhere next does not pay for it
 * (a page load is what the browser tests spend their time on), one that waits for it finds it.
 */
export const signIn = async (
  page: Page,
  url: string,
  credentials: Credentials,
  options: SignInOptions = {},
) => {
  if (options.form) return signInWithForm(page, url, credentials, options);
  const { language = 'en', area = 'merchant' } = options;
  // an empty page of the product's origin (answered here, not by the server): its storage, no app
  if (!page.url().startsWith(`${url}/`)) {
    const blank = `${url}/e2e-origin`;
    await page.route(blank, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>origin</title>' }),
    );
    await page.goto(blank);
    await page.unroute(blank);
  }
  const refused = await page.evaluate(
    async ({ area, body }) => {
      const res = await fetch(`/api/${area}/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) return `${res.status} ${await res.text()}`;
      const reply = (await res.json()) as { api_token: string; user?: unknown; manager?: unknown };
      // as the app's session keeps it (admin-ui/src/auth/session.ts)
      localStorage.setItem(`rawnaq.${area}.token`, reply.api_token);
      localStorage.setItem(`rawnaq.${area}.user`, JSON.stringify(reply.user ?? reply.manager ?? null));
      localStorage.removeItem(`rawnaq.${area}.locked`);
      sessionStorage.removeItem(`rawnaq.sign-in-notice.${area}`);
      return null;
    },
    {
      area,
      body: {
        ...credentials,
        ...('accountId' in credentials ? { accountId: Number(credentials.accountId) } : {}),
        force: true,
      },
    },
  );
  if (refused) throw new Error(`the ${area} sign-in was refused: ${refused}`);
  await page.goto(`${url}/${language}/${area}`, { waitUntil: 'commit' });
};

/** A Saudi mobile no other test uses: 966 5 and eight random digits (12 characters). */
export const uniqueMobile = () => `9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** Picks a time of day in a quarter-hour field (`source` as the form names it, `label` as shown: '01:00 PM'). */
export const chooseTime = async (page: Page, scope: string, source: string, label: string) => {
  await page.click(`${scope} [class*="ra-input-${source}"] [role=combobox]`);
  await page.click(`[role=option] >> text="${label}"`);
  await page.waitForSelector('[role=listbox]', { state: 'detached' });
};

/**
 * Calls with a session's token where each waits for the calls made before it (the answer's
 * `X-Position` becomes the next call's `X-Min-Position`): the status and the body.
 */
const positionedCalls = (url: string, base: string, token: string | null) => {
  let position = '0';
  return async <T>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T; text: string }> => {
    const res = await fetch(`${url}/${base}/${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'X-Min-Position': position,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    position = res.headers.get('x-position') ?? position;
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, text };
  };
};

/** A session's token, by the area's sign-in (which ends that user's other session). */
const signedInToken = async (url: string, area: 'merchant' | 'manager', credentials: object) =>
  (
    (await (
      await fetch(`${url}/api/${area}/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...credentials, force: true }),
      })
    ).json()) as { api_token: string }
  ).api_token;

/**
 * The merchant API as the demo salon's owner (signing in ends the browser's session of the owner, so
 * it runs before any page signs in); each read waits for the calls made before it.
 */
export const ownerApi = async (url: string) => {
  const call = positionedCalls(
    url,
    'api/merchant',
    await signedInToken(url, 'merchant', {
      accountId: DEMO.accountId,
      username: DEMO.owner.username,
      password: DEMO.owner.password,
    }),
  );
  return async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const { status, body: answer } = await call<T>(method, path, body);
    return { status, body: answer };
  };
};

/**
 * The manager's API (paths after `base`, `api/manager/` unless said) with a session: a page's that
 * signed in, or a new one (which ends the manager's other session); each read waits for the calls
 * made before it, and a refusal throws.
 */
export const managerApi = async (url: string, page?: Page, base = 'api/manager') => {
  const token = page
    ? await page.evaluate(() => localStorage.getItem('rawnaq.manager.token'))
    : await signedInToken(url, 'manager', DEMO.manager);
  const call = positionedCalls(url, base, token);
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await call<T>(method, path, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
    return res.body;
  };
};

/**
 * Opens every folded group of the merchant's side menu (groups start folded, but for the current
 * screen's), so that its entries are on the page: to click one, or to see that one is not there.
 */
export const expandMenu = async (page: Page) => {
  await page.waitForSelector('[data-testid^=menu-group-]');
  // one at a time, found again after each click (opening a group draws the menu again); a dozen at most
  const folded = page.locator('[data-testid^=menu-group-][aria-expanded=false]');
  for (let i = 0; i < 12 && (await folded.count()) > 0; i++) await folded.first().click();
};

/** Clicks an entry of the merchant's side menu by its address, opening its group first. */
export const clickMenu = async (page: Page, href: string) => {
  const entry = `a.RaMenuItemLink-root[href="${href}"]`;
  await page.waitForSelector('[data-testid=merchant-menu]');
  if (!(await page.$(entry))) await expandMenu(page);
  await page.click(entry);
};

/**
 * Opens an address of the app the page already shows (same area and language) as a click on one of its
 * links would: the router moves, nothing reloads, and this waits for the new screen to be still (a page
 * load is what the browser tests spend their time on). Any other address, or a page not yet in the
 * app, loads as `page.goto` does.
 */
export const openInApp = async (page: Page, url: string) => {
  const target = new URL(url);
  const here = page.url().startsWith('http') ? new URL(page.url()) : undefined;
  const area = (path: string) => path.split('/').slice(0, 3).join('/');
  const inApp =
    here !== undefined &&
    here.origin === target.origin &&
    area(here.pathname) === area(target.pathname) &&
    (await page.evaluate(() => document.querySelector('#root')?.hasChildNodes() === true));
  if (!inApp) {
    await page.goto(url);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `${target.pathname}${target.search}`);
  await settle(page);
};

/** The text of the latest mail to `to` whose text matches `pattern` (the dispatcher sends every 2 s). */
export const mailTo = async (mailbox: string, to: string, pattern: RegExp): Promise<string> => {
  const until = Date.now() + 30_000;
  for (;;) {
    const texts = existsSync(mailbox)
      ? readdirSync(mailbox)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .map((f) => readFileSync(join(mailbox, f), 'utf8'))
          .filter((m) => m.includes(`\r\nTo: ${to}\r\n`))
          .map((m) => m.slice(m.indexOf('\r\n\r\n') + 4))
          .filter((text) => pattern.test(text))
      : [];
    if (texts.length) return texts.at(-1)!;
    if (Date.now() > until) throw new Error(`no mail to ${to} matching ${pattern} in ${mailbox}`);
    await new Promise((r) => setTimeout(r, 500));
  }
};
/** The first address in a mail's text matching `pattern` (its link's path). */
export const pathIn = (text: string, pattern: RegExp) => {
  const found = pattern.exec(text);
  if (!found) throw new Error(`no link ${pattern} in: ${text}`);
  return found[0];
};
