import { allRoutes } from './testing/routes.test-support';
import { bearer, MANAGER, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

/**
 * A route's path parameter is looked up in the routes' own tables (a settings section, a manager's
 * list, an import's entity) or among the records. The names every JavaScript object answers to
 * (`constructor`, `toString`, `__proto__`, ...) are neither: each route refuses them with a 4xx and
 * writes nothing. `settings/constructor` once answered the salon's whole account document, and
 * `merchants/toString` an empty list, because a plain object's table "had" them.
 *
 * Every route with a parameter, read from the controllers, so a route added later is covered the day
 * it is written.
 */
const INHERITED = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];

describe('a path parameter named like a property every object has', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp();
    tokens.merchant = await t.signIn(OWNER);
    tokens.manager = await t.signIn(MANAGER, 'manager');
  }, 120_000);
  afterAll(() => t.close());

  it('is refused with a 4xx by every route, and nothing is written', async () => {
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
});
