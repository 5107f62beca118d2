import { silentLogger } from '@rawnaq/platform';
import { allProjections, ProjectionRunner } from '@rawnaq/projections';
import type { TestApp } from './test-app.test-support';

/**
 * Rebuilds projections from the first event, blue-green, as `npm run projections:rebuild` does, and
 * waits until the running app reads each one's new generation: `[projection, one of its collections]`.
 */
export const rebuildAndRead = async (t: TestApp, rebuilt: ReadonlyArray<readonly [string, string]>) => {
  const rebuilder = new ProjectionRunner({
    eventStore: t.platform.eventStore,
    bus: t.platform.bus,
    readStore: t.platform.readStore,
    projections: allProjections,
    logger: silentLogger,
  });
  for (const [projection, collection] of rebuilt) {
    const live = await t.app.readModels.physical(collection);
    const { generation } = await rebuilder.rebuild(projection);
    if (`${collection}_g${generation}` === live)
      throw new Error(`${projection}: rebuilt into the live generation`);
    // the server reads the new generation once it has seen the swap
    const deadline = Date.now() + 10_000;
    while ((await t.app.readModels.physical(collection)) !== `${collection}_g${generation}`) {
      if (Date.now() > deadline) throw new Error(`${projection}: generation ${generation} never read`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
};

/** What `read` says now is what it says again once these projections are rebuilt from the first event. */
export const expectSameAfterRebuild = async <T>(
  t: TestApp,
  read: () => Promise<T>,
  rebuilt: ReadonlyArray<readonly [string, string]>,
) => {
  const built = await read();
  await rebuildAndRead(t, rebuilt);
  expect(await read()).toEqual(built);
};
