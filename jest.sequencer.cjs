/**
 * The browser tests first: they are one long file (a server, Chromium, every screen), so with two
 * workers every other suite runs beside it on the second worker, instead of after it. There, the two
 * suites that start servers and load them hardest (the crash and fuzz suites) come last, once the
 * lint CI runs beside the tests is over; their limits are generous (they guard against a hang, not
 * for speed: a busy machine's answers are slower).
 */
const Sequencer = require('@jest/test-sequencer').default;

const HEAVY = /\/(crash\/crash|fuzz)\.http\.spec\.ts$/;

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
