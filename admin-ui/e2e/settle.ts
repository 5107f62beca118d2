/**
 * Waiting on states, never on time: a screen is "still" once its chunk has loaded, its data has been
 * read and nothing moves. A fixed wait is too short on a slow machine and wasted on a fast one (issue
 * 24: the browser suite hit its limits on a slower machine), so the tests and the screenshots wait here.
 */
import type { Page } from 'playwright-core';

/**
 * Counts the page's requests in flight (fetch and XMLHttpRequest) in `window.__inflight`. Installed by
 * `openTab` in every tab, before the app's first script runs.
 */
export const countRequests = () => {
  const w = window as unknown as { __inflight: number; __changes: number };
  if (typeof w.__inflight === 'number') return;
  w.__inflight = 0;
  // every change to the page counted as it happens (comparing the page's whole HTML at each look cost
  // the page as much as it was doing itself)
  w.__changes = 0;
  new MutationObserver((records) => {
    w.__changes += records.length;
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  // No transition or animation takes time: a test waits for the screen, not for a drawer to slide in
  // (and a loading bar's endless animation is not drawn frame after frame in a software browser).
  const calm = () => {
    const style = document.createElement('style');
    style.textContent =
      '*, *::before, *::after { transition-duration: 0s !important; transition-delay: 0s !important;' +
      ' animation-duration: 0s !important; animation-delay: 0s !important; }';
    (document.head ?? document.documentElement).appendChild(style);
  };
  if (document.documentElement) calm();
  else document.addEventListener('DOMContentLoaded', calm, { once: true });
  const track = <T>(promise: Promise<T>) => {
    w.__inflight++;
    return promise.finally(() => w.__inflight--);
  };
  const fetch = window.fetch.bind(window);
  window.fetch = (...args: Parameters<typeof window.fetch>) => track(fetch(...args));
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, ...args: Parameters<typeof send>) {
    w.__inflight++;
    this.addEventListener('loadend', () => w.__inflight--, { once: true });
    return send.apply(this, args);
  };
};

/**
 * True in the page once it is still: the router shows the address (a navigation is a transition: until
 * the new screen's chunk has loaded, React keeps the previous screen on show, with no spinner), no
 * request is in flight, no spinner or skeleton shows, no finite animation or transition runs (a drawer
 * sliding in, a menu fading), and nothing changed over two frames (a render that starts another request
 * starts again). A page whose app has not drawn yet (its modules still loading, nothing in flight) is
 * not still: the back office's pages wait for their router to show the address; pages without a router
 * (the booking site's) for the app's first drawing.
 */
const stillInPage = () =>
  new Promise<boolean>((resolve) => {
    type Fiber = {
      child: Fiber | null;
      sibling: Fiber | null;
      memoizedProps: { location?: { pathname?: string }; navigator?: unknown } | null;
    };
    const shownPath = () => {
      const root = document.getElementById('root') as unknown as Record<string, unknown> | null;
      const key = root && Object.keys(root).find((k) => k.startsWith('__reactContainer$'));
      // the committed tree (the container's fiber may be the one React is working on)
      const stack: Fiber[] = key ? [(root[key] as { stateNode: { current: Fiber } }).stateNode.current] : [];
      while (stack.length > 0) {
        const fiber = stack.pop() as Fiber;
        const props = fiber.memoizedProps;
        if (props && typeof props === 'object' && props.navigator && props.location)
          return props.location.pathname;
        if (fiber.sibling) stack.push(fiber.sibling);
        if (fiber.child) stack.push(fiber.child);
      }
      return undefined;
    };
    const moving = () =>
      document
        .getAnimations()
        .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
    // every page of the back office's app (its areas, the customer's e-documents, its 404) runs under a
    // router; the booking site's pages do not (their content may be in the HTML before any script runs)
    const routed = document.querySelector('script[src*="/admin/assets/"]') !== null;
    const quiet = () => {
      const root = document.getElementById('root');
      const shown = shownPath();
      return (
        // every script of the page ran, and the app drew something: a page whose app is still loading
        // its modules has no request in flight and nothing moving, yet nothing on it either
        document.readyState === 'complete' &&
        (root === null || root.hasChildNodes()) &&
        // the layout drawn around a screen still being read (its module, its access): nothing in it yet
        document.querySelector('.RaLayout-content:empty') === null &&
        (routed
          ? shown === window.location.pathname
          : shown === undefined || shown === window.location.pathname) &&
        ((window as unknown as { __inflight?: number }).__inflight ?? 0) === 0 &&
        !document.querySelector(
          '[role=progressbar]:not(.MuiLinearProgress-root), .MuiSkeleton-root, .RaLoadingIndicator-loader',
        ) &&
        !moving()
      );
    };
    const changes = () => (window as unknown as { __changes?: number }).__changes ?? 0;
    const before = quiet() ? changes() : -1;
    requestAnimationFrame(() =>
      requestAnimationFrame(() => resolve(before >= 0 && quiet() && changes() === before)),
    );
  });

/**
 * Until the page is still (see `stillInPage`); fails after `timeout` ms. Asked from here, look after look:
 * `waitForFunction` takes any truthy answer as done, and a promise is one whatever it resolves to (so a
 * wait on it returned after two frames, whatever the page showed).
 */
export const settle = async (page: Page, timeout = 15_000) => {
  const until = Date.now() + timeout;
  for (;;) {
    // a navigation between two looks ends the page the look ran in: look again at the new one
    const still = await page.evaluate(stillInPage).catch((error: Error) => {
      if (/context was destroyed|navigation|Target closed/i.test(error.message)) return false;
      throw error;
    });
    if (still) return;
    if (Date.now() > until) throw new Error(`the page was not still after ${timeout} ms (${page.url()})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
