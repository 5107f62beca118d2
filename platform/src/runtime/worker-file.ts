import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Starts the worker thread whose script is `name` beside the calling module: compiled, the `.js` in
 * `dir`; run from the sources (tests, tsx), the `.ts` through tsx's loader.
 */
export const startWorkerFile = (dir: string, name: string, workerData: unknown): Worker => {
  const js = join(dir, `${name}.js`);
  return existsSync(js)
    ? new Worker(js, { workerData })
    : new Worker(`require('tsx/cjs'); require(${JSON.stringify(join(dir, `${name}.ts`))});`, {
        eval: true,
        workerData,
      });
};
