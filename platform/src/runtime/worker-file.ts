import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Where a worker of a module run from its sources (`<package>/src/...`) finds its compiled twin, when
 * the test run has just brought the build up to date (jest.global-setup.cjs sets
 * RAWNAQ_THREADS_FROM_BUILD): loading a thread's modules through tsx cost each test app's threads
 * some 1.5 s of a core more than loading the compiled ones.
 */
const builtTwin = (dir: string): string | undefined => {
  if (process.env.RAWNAQ_THREADS_FROM_BUILD !== '1') return undefined;
  const at = dir.lastIndexOf(`${sep}src`);
  if (at < 0 || (dir.length > at + 4 && dir[at + 4] !== sep)) return undefined;
  return `${dir.slice(0, at)}${sep}dist${dir.slice(at + 4)}`;
};

/**
 * Starts the worker thread whose script is `name` beside the calling module: compiled, the `.js` in
 * `dir`; run from the sources (tests, tsx), the `.ts` through tsx's loader, or the compiled `.js` when
 * the test run says the build is current. `transferList`: what `workerData` hands over (a MessagePort).
 */
export const startWorkerFile = (
  dir: string,
  name: string,
  workerData: unknown,
  transferList?: WorkerOptions['transferList'],
): Worker => {
  const js = join(dir, `${name}.js`);
  const options = { workerData, ...(transferList && { transferList }) };
  if (existsSync(js)) return new Worker(js, options);
  const twin = builtTwin(dir);
  const built = twin && join(twin, `${name}.js`);
  if (built && existsSync(built)) return new Worker(built, options);
  return new Worker(`require('tsx/cjs'); require(${JSON.stringify(join(dir, `${name}.ts`))});`, {
    eval: true,
    ...options,
  });
};
