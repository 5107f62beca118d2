/**
 * The browser tests first: they are one long file (a server, Chromium, every screen), so with two
 * workers the other suites run beside them instead of after them.
 */
const Sequencer = require('@jest/test-sequencer').default;

class BrowserFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const browser = (t) => /\/e2e\//.test(t.path);
    return [...sorted.filter(browser), ...sorted.filter((t) => !browser(t))];
  }
}

module.exports = BrowserFirst;
