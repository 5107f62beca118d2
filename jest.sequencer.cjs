/**
 * The browser tests first: two long files (each a server, Chromium, half the screens), one on each of
 * jest's two workers; the other suites follow on whichever worker is free first. Of those, the ones
 * that start servers and load them hardest (the crash suites, the messaging kill test included, and
 * the fuzz suite) come last; their limits are generous (they guard against a hang, not for speed: a
 * busy machine's answers are slower).
 */
const Sequencer = require('@jest/test-sequencer').default;

const HEAVY = /\/(crash\/crash(-messaging)?|fuzz)\.http\.spec\.ts$/;

class BrowserFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const browser = (t) => /\/e2e\//.test(t.path);
    const heavy = (t) => HEAVY.test(t.path);
    return [
      ...sorted.filter(browser),
      ...sorted.filter((t) => !browser(t) && !heavy(t)),
      ...sorted.filter((t) => !browser(t) && heavy(t)),
    ];
  }
}

module.exports = BrowserFirst;
