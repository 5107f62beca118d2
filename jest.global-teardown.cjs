/** Removes the run's folder (jest.global-setup.cjs). */
const { rmSync } = require('node:fs');

module.exports = async () => {
  if (process.env.RAWNAQ_TEST_RUN) rmSync(process.env.RAWNAQ_TEST_RUN, { recursive: true, force: true });
};
