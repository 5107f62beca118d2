/** The browser tests: the root jest setup (SWC, node environment), pointed at admin-ui/e2e. */
const base = require('../jest.config.js');

module.exports = {
  ...base,
  rootDir: '..',
  testMatch: ['<rootDir>/admin-ui/e2e/**/*.e2e.spec.ts'],
  testTimeout: 180000,
};
