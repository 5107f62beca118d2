import express, { type Express } from 'express';
import request from 'supertest';
import { indexRoutes, pathKey, routeKey } from '@rawnaq/platform';
import { allRoutes } from './testing/routes.test-support';

/** An app shaped like the APIs: body parsing first, routes, then the not-found and error handlers. */
const appWith = (indexed: boolean) => {
  const app = express();
  app.use(express.json());
  const route = (name: string) => (req: express.Request, res: express.Response) =>
    void res.json({ name, params: req.params });
  app.post('/api/merchant/login', route('login'));
  app.get('/api/merchant/invoices', route('list'));
  app.post('/api/merchant/invoices', route('issue'));
  app.post('/api/merchant/invoices/:id/payments', route('pay'));
  app.put('/api/merchant/invoices/:id', route('change'));
  app.delete('/api/merchant/invoices/:id', route('delete'));
  app.post('/api/public/:alias/bookings', route('book'));
  app.post('/api/status', route('short'));
  app.post('/api/merchant/files/*rest', route('files'));
  app.post('/api/merchant/x.y_z~-', route('plain punctuation'));
  app.post('/api/merchant/invoices/:id/throws', () => {
    throw new Error('boom');
  });
  app.use((_req: express.Request, res: express.Response) => void res.status(404).json({ name: 'not found' }));
  app.use(
    (error: Error & { status?: number }, _req: express.Request, res: express.Response, _next: unknown) =>
      void res.status(error.status ?? 500).json({ name: 'error', message: error.message }),
  );
  const keyed = indexed ? indexRoutes(app) : 0;
  return { app, keyed };
};

const asked: Array<[string, string]> = [
  ['POST', '/api/merchant/invoices'],
  ['POST', '/api/merchant/invoices/'],
  ['POST', '/API/Merchant/INVOICES'],
  ['GET', '/api/merchant/invoices'],
  ['HEAD', '/api/merchant/invoices'],
  ['OPTIONS', '/api/merchant/invoices'],
  ['PATCH', '/api/merchant/invoices'],
  ['POST', '/api/merchant/invoices/42/payments'],
  ['POST', '/api/merchant/invoices/a%20b/payments'],
  ['POST', '/api/merchant/invoices/%E0%A4%A/payments'],
  ['PUT', '/api/merchant/invoices/42'],
  ['DELETE', '/api/merchant/invoices/42/'],
  ['POST', '/api/merchant/invoices/42/throws'],
  ['POST', '/api/merchant/%69nvoices'],
  ['POST', '/api//merchant/invoices'],
  ['POST', '/api/merchant/invoicesx'],
  ['POST', '/api/merchant'],
  ['POST', '/api/merchant/'],
  ['POST', '/api/status'],
  ['POST', '/api/status/'],
  ['POST', '/api/public/demosalon/bookings'],
  ['POST', '/api/public/Demo%20Salon/bookings'],
  ['POST', '/api/merchant/files/a/b/c.png'],
  ['POST', '/api/merchant/x.y_z~-'],
  ['POST', '/api/merchant/login?next=/api/merchant/invoices'],
  ['POST', '/nothing/here/at/all'],
  ['POST', '/'],
];

const answer = async (app: Express, method: string, path: string) => {
  const agent = request(app);
  const res = await agent[method.toLowerCase() as 'post'](path)
    .set('Content-Type', 'application/json')
    .send(method === 'GET' || method === 'HEAD' ? undefined : '{}');
  return { status: res.status, body: res.body as unknown, allow: res.headers.allow as string | undefined };
};

describe('indexRoutes', () => {
  it('answers every request as Express alone does: the same route, parameters, status and errors', async () => {
    const plain = appWith(false).app;
    const { app: indexed, keyed } = appWith(true);
    // every route but the alias's and the two-segment one (a wildcard after three plain segments is keyed)
    expect(keyed).toBe(9);
    for (const [method, path] of asked)
      expect({ method, path, ...(await answer(indexed, method, path)) }).toEqual({
        method,
        path,
        ...(await answer(plain, method, path)),
      });
  });

  it("turns a path away without running the route's expression when its first three segments differ", async () => {
    const { app } = appWith(true);
    type Layer = { route?: { path: string }; matchers: Array<(p: string) => unknown> };
    const ran: string[] = [];
    // the router's own matchers (path-to-regexp's), each layer's, recorded when run
    for (const layer of (app.router as unknown as { stack: Layer[] }).stack)
      if (layer.route) {
        const path = layer.route.path;
        layer.matchers = layer.matchers.map((m) => (p: string) => (ran.push(path), m(p)));
      }
    await answer(app, 'POST', '/api/merchant/invoices/42/payments');
    expect(ran).toEqual([
      // the routes whose key is the path's, up to the one that matches
      '/api/merchant/invoices',
      '/api/merchant/invoices',
      '/api/merchant/invoices/:id/payments',
    ]);
    ran.length = 0;
    await answer(app, 'POST', '/api/public/demosalon/bookings');
    // the routes without a key only (the alias's)
    expect(ran).toEqual(['/api/public/:alias/bookings']);
    ran.length = 0;
    await answer(app, 'POST', '/api/merchant/files/a/b');
    expect(ran).toEqual(['/api/public/:alias/bookings', '/api/status', '/api/merchant/files/*rest']);
  });

  it('keys every route of both APIs so that its own paths, in any case and with a trailing slash, pass', () => {
    const routes = allRoutes();
    expect(routes.length).toBeGreaterThan(400);
    let keyed = 0;
    for (const { path } of routes) {
      const key = routeKey(path);
      if (key === undefined) continue;
      keyed++;
      const concrete = path.replace(/:\w+/g, 'Some-Value_1');
      for (const p of [concrete, `${concrete}/`, concrete.toUpperCase()])
        expect({ path: p, key: pathKey(p) }).toEqual({ path: p, key });
    }
    // nearly all of them: those under `:alias` or with fewer segments are tried as before
    expect(keyed / routes.length).toBeGreaterThan(0.9);
  });
});
