import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { AnswerInterceptor } from '../../command-api/src/shared/answer.interceptor';
import { INTERCEPT_AS_PROMISE } from '../../command-api/src/shared/promise-interceptors';
import { httpServer } from './app';
import { OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

/** The prototype changes made to requests and responses (not the calls that keep one) while `work` runs. */
const prototypeChanges = async (work: () => Promise<void>): Promise<string[]> => {
  const changes: string[] = [];
  const original = Object.setPrototypeOf;
  Object.setPrototypeOf = ((o: object, prototype: object | null) => {
    if (
      (o instanceof IncomingMessage || o instanceof ServerResponse) &&
      Object.getPrototypeOf(o) !== prototype
    )
      changes.push(o instanceof IncomingMessage ? 'request' : 'response');
    return original(o, prototype);
  }) as typeof Object.setPrototypeOf;
  try {
    await work();
  } finally {
    Object.setPrototypeOf = original;
  }
  return changes;
};

const listening = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

// one product app for the suites of this file that use it
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

/**
 * Express gives each request the prototype of every app it passes through; the product's server makes
 * its requests and responses with that prototype from the start, and its apps share it, so no request
 * or response has its prototype changed (which V8 makes costly: see `httpServer`).
 */
describe("the product's HTTP server never changes a request's prototype", () => {
  it('through a sign-in, a read, a command and a path nobody serves', async () => {
    const changes = await prototypeChanges(async () => {
      const token = await t.signIn(OWNER);
      const auth = { Authorization: `Bearer ${token}` };
      const read = await t.http.get('/api/merchant/services?range=[0,4]').set(auth);
      expect(read.status).toBe(200);
      expect(read.body.length).toBeGreaterThan(0);
      const refused = await t.http.post('/api/merchant/customers').set(auth).send({});
      expect(refused.status).toBe(422);
      expect((await t.http.get('/api/merchant/nothing-here').set(auth)).status).toBe(404);
      expect((await t.http.get('/admin/').redirects(0)).status).toBeLessThan(500);
    });
    expect(changes).toEqual([]);
  });

  it('while a server made without it has both changed at every request (what this guards against)', async () => {
    const server = createServer(t.app.handler);
    const url = await listening(server);
    try {
      const changes = await prototypeChanges(async () => {
        expect((await request(url).get('/api/merchant/services')).status).toBe(401);
      });
      expect(changes).toEqual(expect.arrayContaining(['request', 'response']));
    } finally {
      server.close();
    }
  });

  it("serves any Express app so, its own settings read from the request's app", async () => {
    const app = express();
    app.set('json spaces', 3);
    app.get('/x', (req, res) => {
      res.json({ same: req.app === app, request: req instanceof IncomingMessage });
    });
    const server = httpServer(app);
    const url = await listening(server);
    try {
      let text = '';
      const changes = await prototypeChanges(async () => {
        text = (await request(url).get('/x')).text;
      });
      expect(changes).toEqual([]);
      expect(text).toBe(JSON.stringify({ same: true, request: true }, null, 3));
    } finally {
      server.close();
    }
  });
});

/** Every command passes through the unit of work, which Nest runs as a promise (`interceptAsPromises`). */
describe("the product's commands pass through no rxjs pipeline", () => {
  it('a command, done or refused, is answered by the unit of work as a promise', async () => {
    const asObservable = jest.spyOn(AnswerInterceptor.prototype, 'intercept');
    const asPromise = jest.spyOn(AnswerInterceptor.prototype, INTERCEPT_AS_PROMISE);
    try {
      const auth = { Authorization: `Bearer ${await t.signIn(OWNER)}` };
      const made = await t.http
        .post('/api/merchant/customers')
        .set(auth)
        .send({ name: 'Promised Answer', mobile: '+966500000701' });
      expect(made.status).toBe(201);
      expect(made.headers['x-position']).toEqual(expect.any(String));
      expect((await t.http.post('/api/merchant/customers').set(auth).send({})).status).toBe(422);
      expect(asPromise.mock.calls.length).toBeGreaterThanOrEqual(3); // the sign-in is a command too
      expect(asObservable).not.toHaveBeenCalled();
    } finally {
      asObservable.mockRestore();
      asPromise.mockRestore();
    }
  });
});
