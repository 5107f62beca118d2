/**
 * One folder per jest run, named to the suites in RAWNAQ_TEST_RUN (workers inherit the environment):
 * the HTTP suites' demo salon is seeded there once and copied by each suite
 * (gateway/src/testing/test-app.test-support.ts). Removed by jest.global-teardown.cjs.
 *
 * The build brought up to date (`tsc -b`, about a second when nothing changed): the product's threads
 * (projections, read-store writer, checkpointers, presignatures) then start from the compiled files
 * (platform/src/runtime/worker-file.ts) instead of loading every module through tsx, some 1.5 s of a
 * core less for each of the run's ~150 test apps. A build that fails (a type error being worked on)
 * leaves them on the sources, as before, and says so.
 *
 * RAWNAQ_CHECK_UNITS=1: see below.
 */
const { execFileSync } = require('node:child_process');
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

module.exports = async () => {
  process.env.RAWNAQ_TEST_RUN = mkdtempSync(join(tmpdir(), 'rawnaq-test-run-'));
  // every command's unit of work is also tracked the implicit way, and a context given to the event
  // store's writes that does not belong to the unit its code runs in throws (the servers the browser
  // tests start inherit it): command-api/src/shared/unit-of-work.ts, `unitOf`
  process.env.RAWNAQ_CHECK_UNITS ??= '1';
  try {
    execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', 'tsconfig.build.json'], {
      cwd: __dirname,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    process.env.RAWNAQ_THREADS_FROM_BUILD = '1';
  } catch (error) {
    const said = `${error.stdout ?? ''}${error.stderr ?? ''}`.trim().split('\n').slice(0, 5).join('\n');
    console.log(`\n[threads from the sources] the build is not current (tsc -b failed):\n${said}`);
  }
};
