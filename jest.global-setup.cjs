/**
 * One folder per jest run, named to the suites in RAWNAQ_TEST_RUN (workers inherit the environment):
 * the HTTP suites' seeded demo salon is made there once and copied by each suite
 * (gateway/src/testing/test-app.test-support.ts). Removed by jest.global-teardown.cjs.
 */
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

module.exports = async () => {
  process.env.RAWNAQ_TEST_RUN = mkdtempSync(join(tmpdir(), 'rawnaq-test-run-'));
};
