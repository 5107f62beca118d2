import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { bindMakesAccessors, lightenAsyncResourceBind } from './async-resource-bind';

/**
 * What a young-generation GC moves to old space while 2,000 requests run, each in an async context
 * holding ~50 KB that only it uses, and binding two functions to it as Nest does: in a process of its
 * own (`light`: with the lighter bind), from V8's trace of each scavenge.
 */
const promotedShare = (light: boolean): { promoted: number; allocated: number } => {
  const script = `
    require(${JSON.stringify(require.resolve('tsx/cjs'))});
    const { AsyncResource, AsyncLocalStorage } = require('node:async_hooks');
    if (${light}) require(${JSON.stringify(join(__dirname, 'async-resource-bind.ts'))}).lightenAsyncResourceBind();
    const als = new AsyncLocalStorage();
    let n = 0;
    const request = () => {
      if (n++ >= 2000) return;
      als.run({ rows: Array.from({ length: 2000 }, (_, i) => ({ i })) }, () => {
        const handler = AsyncResource.bind(() => als.getStore().rows.length);
        const rest = AsyncResource.bind(() => handler());
        setImmediate(() => { rest(); request(); });
      });
    };
    request();`;
  const trace = execFileSync(process.execPath, ['--trace-gc-nvp', '-e', script], { encoding: 'utf8' });
  let promoted = 0;
  let allocated = 0;
  for (const line of trace.split('\n')) {
    if (!line.includes(' gc=s ')) continue;
    promoted += Number(/ promoted=(\d+)/.exec(line)![1]);
    allocated += Number(/ allocated=(\d+)/.exec(line)![1]);
  }
  return { promoted, allocated };
};

describe('the lighter AsyncResource.bind', () => {
  const needed = bindMakesAccessors(); // false if another suite of this worker changed it already
  const installed = lightenAsyncResourceBind();

  it('is installed where Node makes accessors, and only once', () => {
    expect(installed).toBe(needed);
    expect(lightenAsyncResourceBind()).toBe(installed);
  });

  it("binds as Node's does: the async context, this, thisArg, length and asyncResource", () => {
    const als = new AsyncLocalStorage<{ desk: string }>();
    const store = { desk: 'front' };
    const bound = als.run(store, () => AsyncResource.bind(() => als.getStore()));
    expect(als.getStore()).toBeUndefined();
    expect(bound()).toBe(store);

    const holder = {
      method: AsyncResource.bind(function (this: unknown) {
        return this;
      }),
    };
    expect(holder.method()).toBe(holder);
    const target = { name: 'target' };
    expect(
      AsyncResource.bind(
        function (this: unknown) {
          return this;
        },
        'T',
        target,
      ).call({}),
    ).toBe(target);

    expect(AsyncResource.bind((a: number, b: number, c: number) => a + b + c).length).toBe(3);
    expect(AsyncResource.bind((a: number, b: number) => a * b)(6, 7)).toBe(42);
    const resource = new AsyncResource('desk');
    const own = resource.bind(() => 1) as unknown as { asyncResource: AsyncResource };
    expect(own.asyncResource).toBe(resource);
    expect(() => resource.bind('not a function' as never)).toThrow(
      expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE' }),
    );
  });

  it("lets a young-generation GC free what a request's context held, where Node's bind kept it", () => {
    const light = promotedShare(true);
    expect(light.allocated).toBeGreaterThan(50_000_000);
    expect(light.promoted / light.allocated).toBeLessThan(0.03);
    // asked of a fresh process: this one's bind may have been changed already by another suite
    const heavy = execFileSync(
      process.execPath,
      [
        '-p',
        "typeof Object.getOwnPropertyDescriptor(require('node:async_hooks').AsyncResource.bind(() => 0), 'asyncResource')?.get",
      ],
      { encoding: 'utf8' },
    ).trim();
    if (heavy !== 'function') return; // this Node's own bind is light already
    const nodes = promotedShare(false);
    expect(nodes.promoted / nodes.allocated).toBeGreaterThan(0.1);
    expect(nodes.promoted).toBeGreaterThan(5 * light.promoted);
  });
});
