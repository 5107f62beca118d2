import { AsyncResource } from 'node:async_hooks';

type Fn = (...args: unknown[]) => unknown;
type Bind = (this: AsyncResource, fn: Fn, thisArg?: unknown) => unknown;

const original = AsyncResource.prototype.bind as unknown as Bind;

/** A function that runs `fn` in the resource's async scope with the caller's `this`. */
const keepingThis = (resource: AsyncResource, fn: Fn) =>
  function (this: unknown, ...args: unknown[]) {
    return resource.runInAsyncScope(fn, this, ...args);
  };

/** The function as Node binds it: the same call, `this`, `length` and `asyncResource`, plain properties. */
function lightBind(this: AsyncResource, fn: Fn, thisArg?: unknown): unknown {
  if (typeof fn !== 'function') return original.call(this, fn, thisArg); // Node's own error
  const bound = thisArg === undefined ? keepingThis(this, fn) : this.runInAsyncScope.bind(this, fn, thisArg);
  Object.defineProperty(bound, 'length', {
    configurable: true,
    enumerable: false,
    value: fn.length,
    writable: false,
  });
  // a data property, as it was before Node deprecated it (DEP0172): same value, no accessor of its own
  (bound as { asyncResource?: AsyncResource }).asyncResource = this;
  return bound;
}

/** Whether this Node gives bound functions an `asyncResource` accessor (Node 20 to 24 do). */
export const bindMakesAccessors = (): boolean => {
  const probe = original.call(new AsyncResource('rawnaq-probe'), () => undefined) as object;
  return typeof Object.getOwnPropertyDescriptor(probe, 'asyncResource')?.get === 'function';
};

let installed = false;

/**
 * Makes `AsyncResource.bind` light again where this Node makes it heavy, and answers whether it did.
 *
 * Nest binds the rest of every request to its async context twice (`AsyncResource.bind`, in its
 * interceptors' consumer), and Node 20 gives each bound function a deprecated `asyncResource` property
 * (DEP0172) made of two new getter/setter closures. The closures hold the resource, and the resource
 * the request's async context (its unit of work, the documents it signed, the rows it wrote). What V8
 * keeps for those accessors outlives the request until a full GC (where exactly was not pinned down),
 * so every young-generation GC meanwhile kept the request's objects and moved them to old space.
 * Measured on the till at 40 invoices/s (V8's trace of the request thread): 2.25 MB/s moved to old
 * space with Node's bind, 2.14 MB/s with the same accessors made without `util.deprecate`, 0.23 MB/s
 * with this bind; at 200/s the thread's GC pauses over the 30-s run fell from ~1.1 s to ~0.45 s.
 * Upstream: nodejs/node#58218, and the property's removal on Node's main branch.
 *
 * The bound function is what Node's is: it runs `fn` in the resource's async scope with the caller's
 * `this` (or `thisArg`), has `fn`'s `length`, and its `asyncResource` is the resource, a plain data
 * property, as before the deprecation (reading it no longer warns). Where this Node's `bind` makes no
 * accessor, nothing is changed.
 */
export const lightenAsyncResourceBind = (): boolean => {
  if (installed) return true;
  if (!bindMakesAccessors()) return false;
  (AsyncResource.prototype as unknown as { bind: Bind }).bind = lightBind;
  installed = true;
  return true;
};
