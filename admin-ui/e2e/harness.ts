/**
 * One browser-test file's frame: the real product started with `npm start` on a free port and a fresh
 * DATA_DIR, Debian's Chromium, a tab per test in its own context, and after each test the check that no
 * page crashed. The files run side by side (jest's two workers), each with its own server.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser, openTab, type Tab, type TabOptions } from './browser';
import type { SuiteContext } from './menu.e2e';
import { startServer, type Server } from './server';

export const browserSuite = (
  title: string,
  register: (context: SuiteContext) => void,
  options: { mailbox?: boolean } = {},
) => {
  jest.setTimeout(180_000);
  const started = startServer(undefined, options);
  // One line, so the test output says what was not covered and why.
  if ('skip' in started) console.log(`[skipped] ${title}: ${started.skip}`);
  const suite = 'skip' in started ? describe.skip : describe;

  suite(title, () => {
    const server = ('server' in started ? started.server : undefined) as Server;
    let browser: Browser;
    const tabs: Tab[] = [];
    const tab = async (language: 'en' | 'ar' = 'en', options?: TabOptions) => {
      const opened = await openTab(browser, language, options);
      tabs.push(opened);
      return opened;
    };

    // how long each test took, printed once for the file (where the browser tests' minutes go)
    const took: Array<{ name: string; ms: number }> = [];
    let startedAt = 0;

    beforeAll(async () => {
      browser = await launchBrowser();
    });

    beforeEach(() => {
      startedAt = performance.now();
    });

    afterEach(async () => {
      took.push({ name: expect.getState().currentTestName ?? '?', ms: performance.now() - startedAt });
      // No page may have crashed with an uncaught error, whatever the test looked at.
      const errors = tabs.flatMap((t) => t.errors);
      await Promise.all(tabs.splice(0).map((t) => t.context.close()));
      expect(errors).toEqual([]);
    });

    afterAll(async () => {
      const slowest = [...took].sort((a, b) => b.ms - a.ms).slice(0, 15);
      const sum = took.reduce((s, t) => s + t.ms, 0);
      console.log(
        `[e2e times] ${title}: ${took.length} tests, ${(sum / 1000).toFixed(0)} s; slowest: ` +
          slowest.map((t) => `${(t.ms / 1000).toFixed(1)} s ${t.name.replace(`${title} `, '')}`).join(' | '),
      );
      await browser?.close();
      server?.stop();
    });

    register({ url: server?.url, tab, mailbox: server?.mailbox });
  });
};

/**
 * CI's share of the browser tests (`E2E_SCOPE=ci`, set by `.ci/run` to keep CI inside its 30 minutes on
 * a 2-core machine): the groups of older screens whose rules the HTTP suites also cover are left to a
 * full run (`npm test`), with one printed line; every screen is still opened at both sizes by the
 * every-screen test, and each role's day, the book, the till, the money and e-invoicing run in CI.
 */
export const fullRunOnly = (title: string, register: () => void) => {
  if (process.env.E2E_SCOPE !== 'ci') return register();
  console.log(`[skipped in CI's share] ${title}: run by a full \`npm test\``);
  describe.skip(title, register);
};
