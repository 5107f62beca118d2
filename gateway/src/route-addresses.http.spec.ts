import { allRoutes } from './testing/routes.test-support';
import { bearer, MANAGER, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

/**
 * What a route reads from its address, beside its body (which the fuzz suite sends): its path's
 * parameters and its query's list parameters. Every route, read from the controllers, so a route added
 * later is covered the day it is written.
 *
 * A path parameter is looked up in the routes' own tables (a settings section, a manager's list, an
 * import's entity) or among the records. The names every JavaScript object answers to
 * (`constructor`, `toString`, `__proto__`, ...) are neither: each route refuses them with a 4xx and
 * writes nothing. `settings/constructor` once answered the salon's whole account document, and
 * `merchants/toString` an empty list, because a plain object's table "had" them.
 */
const INHERITED = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];

describe('what a route reads from its address', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp();
    tokens.merchant = await t.signIn(OWNER);
    tokens.manager = await t.signIn(MANAGER, 'manager');
  }, 120_000);
  afterAll(() => t.close());

  it('a path parameter named like a property every object has is refused with a 4xx, and nothing written', async () => {
    const routes = allRoutes().filter((r) => r.path.includes('/:'));
    expect(routes.length).toBeGreaterThan(100);
    // signing out would end the session the other routes use
    const order = (path: string) => (/logout/.test(path) ? 1 : 0);
    routes.sort((a, b) => order(a.path) - order(b.path));
    const failures: string[] = [];
    for (const route of routes)
      for (const name of INHERITED) {
        const url = route.path.replace(/:\w+/g, name);
        const before = await t.eventCount();
        const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
        let req = t.http[method](url);
        if (!route.isPublic && route.realm) req = req.set(bearer(tokens[route.realm]));
        const res = route.method === 'GET' ? await req : await req.send({});
        const written = (await t.eventCount()) - before;
        if (res.status < 400 || res.status >= 500 || written > 0)
          failures.push(`${route.method} ${route.path} as ${name}: ${res.status}, ${written} events`);
      }
    expect(failures).toEqual([]);
  }, 600_000);

  /**
   * ra-data-simple-rest's `filter`, `sort` and `range`, malformed: a JSON that is no object (`null`
   * once reached two reports' own reading of their filter, a 500), no JSON at all, or a range or sort
   * of the wrong shape. Every GET route answers a 2xx (a route that reads no list parameters) or a
   * 4xx, never a 5xx.
   */
  it("a list's parameters of the wrong shape are a 4xx, never a 5xx", async () => {
    const enc = encodeURIComponent;
    const queries = [
      'filter=null',
      `filter=${enc('"text"')}`,
      `filter=${enc('[1]')}`,
      `filter=${enc('{not json')}`,
      'range=abc',
      `range=${enc('[5,1]')}`,
      `sort=${enc('{"x":1}')}`,
    ];
    const routes = allRoutes().filter((r) => r.method === 'GET' && !r.path.includes('/:'));
    expect(routes.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const route of routes)
      for (const query of queries) {
        let req = t.http.get(`${route.path}?${query}`);
        if (!route.isPublic && route.realm) req = req.set(bearer(tokens[route.realm]));
        const res = await req;
        if (res.status >= 500) failures.push(`GET ${route.path}?${decodeURIComponent(query)}: ${res.status}`);
      }
    expect(failures).toEqual([]);
  }, 600_000);
});
