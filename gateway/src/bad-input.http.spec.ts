import express from 'express';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { answerWithin } from '@rawnaq/platform';
import { httpServer } from './app';
import { bearer, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

/** Issue 9, "bad input must get a 4xx and write nothing": each class of bad input found from outside. */
describe('bad input over HTTP', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
  }, 60_000);
  afterAll(() => t.close());

  const h = async () => ({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) });

  describe("a body the parser cannot read is a 4xx with the product's error shape, token or not", () => {
    const routes = [
      ['command', '/api/merchant/customers'],
      ['query', '/api/merchant/get_global_informations'],
    ] as const;
    const cases = [
      {
        what: 'over 100 KB',
        status: 413,
        message: 'errors.payload_too_large',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'x'.repeat(150_000) }),
      },
      {
        what: 'a JSON type with a charset the parser does not know',
        status: 415,
        message: 'errors.unsupported_media_type',
        headers: { 'Content-Type': 'application/json; charset=klingon' },
        body: '{}',
      },
      {
        what: 'Content-Encoding gzip on bytes that are not gzip',
        status: 400,
        message: 'errors.malformed_body',
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
        body: '{"name":"not gzip"}',
      },
      {
        what: 'an encoding the parser does not know',
        status: 415,
        message: 'errors.unsupported_media_type',
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'zstd-ish' },
        body: '{}',
      },
      {
        what: 'malformed JSON',
        status: 400,
        message: 'errors.malformed_body',
        headers: { 'Content-Type': 'application/json' },
        body: '{"name":',
      },
      {
        what: 'malformed JSON under a +json type',
        status: 400,
        message: 'errors.malformed_body',
        headers: { 'Content-Type': 'application/vnd.api+json' },
        body: '{"name":',
      },
      {
        what: 'JSON that is neither an object nor an array',
        status: 400,
        message: 'errors.malformed_body',
        headers: { 'Content-Type': 'application/json' },
        body: '"a name"',
      },
      {
        what: 'a body of blanks',
        status: 400,
        message: 'errors.malformed_body',
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: ' \n\t ',
      },
    ];
    for (const [side, path] of routes)
      for (const c of cases)
        for (const signedIn of [true, false])
          it(`${c.what}: ${c.status} on the ${side} side ${signedIn ? 'signed in' : 'without a token'}`, async () => {
            const before = await t.eventCount();
            const res = await t.http
              .post(path)
              .set({ ...c.headers, ...(signedIn ? bearer(owner) : {}) })
              .send(c.body);
            expect({ status: res.status, body: res.body }).toEqual({
              status: c.status,
              body: { message: c.message, errors: {} },
            });
            expect(await t.eventCount()).toBe(before);
          });
  });

  it('a JSON body reads the same whichever way it is labelled, chunked, or with a byte-order mark', async () => {
    // the usual label is read before body-parser (plainJsonBodies), the others by body-parser: the same
    // field error comes back from each, so each body was read and parsed alike
    const body = JSON.stringify({ name: '', phone: '0501234567' });
    const labels = [
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON;charset=UTF-8',
      'application/json; charset="utf-8"',
    ];
    const answers = [];
    for (const type of labels) {
      const res = await t.http
        .post('/api/merchant/customers')
        .set({ ...(await h()), 'Content-Type': type })
        .send(body);
      answers.push({ type, status: res.status, body: res.body });
    }
    const bom = await t.http
      .post('/api/merchant/customers')
      .set({ ...(await h()), 'Content-Type': 'application/json' })
      .send(`\ufeff${body}`); // EF BB BF in UTF-8
    answers.push({ type: 'with a byte-order mark', status: bom.status, body: bom.body });
    const chunked = t.http
      .post('/api/merchant/customers')
      .set({ ...(await h()), 'Content-Type': 'application/json' });
    chunked.write(body.slice(0, 5));
    chunked.write(body.slice(5));
    const inChunks = await chunked;
    answers.push({ type: 'chunked', status: inChunks.status, body: inChunks.body });
    expect(answers[0]).toMatchObject({ status: 422, body: { errors: { name: expect.any(String) } } });
    for (const answer of answers)
      expect({ ...answer, type: undefined }).toEqual({ ...answers[0], type: undefined });
  });

  // RFC 6839's +json suffix, as API clients and their libraries label JSON: read as nothing (Nest's
  // parser took application/json alone), such a body was refused for the very fields it held
  it.each([
    ['application/vnd.api+json', 'Suffix One', '+966500000711'],
    ['application/merge-patch+json; charset=utf-8', 'Suffix Two', '+966500000712'],
  ])(
    'a JSON body labelled %s is read: the command saves it and the list shows it',
    async (type, name, mobile) => {
      const res = await t.http
        .post('/api/merchant/customers')
        .set({ ...bearer(owner), 'Content-Type': type })
        .send(JSON.stringify({ name, mobile }));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ id: expect.any(String), name });
      const list = await t.http
        .get('/api/merchant/customers')
        .query({ filter: JSON.stringify({ q: name }) })
        .set({ ...bearer(owner), 'X-Min-Position': res.headers['x-position'] });
      expect(list.body).toEqual([expect.objectContaining({ id: res.body.id, name })]);
    },
  );

  describe('a cross-field rule never judges a field that failed its own check', () => {
    const badToDates = [
      ['gnp.exe', 'validation.should_be_a_date'],
      ['\u202Egnp.exe', 'validation.unsafe_characters'],
      ['2027-02-30', 'validation.should_be_a_date'],
    ] as const;

    it.each(badToDates)('POST custom-business-hours with to_date %j: 422 on to_date', async (toDate, key) => {
      const before = await t.eventCount();
      const res = await t.http
        .post('/api/merchant/custom-business-hours')
        .set(await h())
        .send({ name: 'Eid', is_open: false, from_date: '2027-01-01', to_date: toDate });
      expect(res.status).toBe(422);
      expect(res.body.errors.to_date).toBe(key);
      expect(await t.eventCount()).toBe(before);
    });

    it.each(badToDates)('POST employees/:id/periods with to_date %j: 422 on to_date', async (toDate, key) => {
      const employees = await t.http.get('/api/merchant/employees').set(await h());
      expect(employees.status).toBe(200);
      const before = await t.eventCount();
      const res = await t.http
        .post(`/api/merchant/employees/${employees.body[0].id}/periods`)
        .set(await h())
        .send({ type: 1, from_date: '2027-01-01', to_date: toDate });
      expect(res.status).toBe(422);
      expect(res.body.errors.to_date).toBe(key);
      expect(await t.eventCount()).toBe(before);
    });
  });

  describe('text with bidirectional controls or lone surrogates is refused on its field (Trojan source)', () => {
    const customer = { name: 'Noura', mobile: '0509876543' };
    it.each([
      ['name', { ...customer, name: 'Noura\u202Etxt.exe' }],
      ['name', { ...customer, name: 'Noura\u2067x\u2069' }],
      ['notes', { ...customer, notes: 'fine \ud800 broken' }],
      ['address', { ...customer, address: '\udc00' }],
    ])('POST customers: 422 on %s, nothing written', async (field, body) => {
      const before = await t.eventCount();
      const res = await t.http
        .post('/api/merchant/customers')
        .set(await h())
        .send(body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        message: 'errors.invalid_input',
        errors: expect.objectContaining({ [field]: 'validation.unsafe_characters' }),
      });
      expect(await t.eventCount()).toBe(before);
    });

    it('also in a field whose schema has no rule of its own (an id in a list)', async () => {
      const res = await t.http
        .post('/api/merchant/services/activation')
        .set(await h())
        .send({ activate: ['\u202Eabc'], deactivate: [] });
      expect(res.status).toBe(422);
      expect(res.body.errors['activate.0']).toBe('validation.unsafe_characters');
    });

    it('still takes Arabic text with its ordinary direction marks, and emoji', async () => {
      const res = await t.http
        .post('/api/merchant/customers')
        .set(await h())
        .send({ name: 'نورة\u200F Al-Otaibi', mobile: '0509876543', notes: 'VIP 👑' });
      expect(res.status).toBe(201);
    });
  });

  describe('a file route sent a JSON or form body answers 415 at once (it used to wait forever)', () => {
    const routes = [
      '/api/merchant/files',
      '/api/merchant/imports/customers/preview',
      '/api/merchant/imports/customers',
    ];
    const bodies = [
      ['application/json', '{"a":1}'],
      ['application/x-www-form-urlencoded', 'a=1&b=2'],
      ['application/json; charset=utf-8', '[]'],
    ] as const;
    for (const path of routes)
      for (const [type, body] of bodies)
        it(`POST ${path} as ${type}`, async () => {
          const before = await t.eventCount();
          const res = await t.http
            .post(path)
            .set({ ...bearer(owner), 'Content-Type': type })
            .timeout(3_000)
            .send(body);
          expect({ status: res.status, body: res.body }).toEqual({
            status: 415,
            body: {
              message: 'errors.unsupported_media_type',
              errors: { file: 'errors.unsupported_media_type' },
            },
          });
          expect(await t.eventCount()).toBe(before);
        });
  });
});

describe('no request can hang', () => {
  it('an API request the service never answers gets 503 errors.took_too_long', async () => {
    const app = express();
    app.use(answerWithin(200));
    app.post('/never', () => undefined);
    const started = Date.now();
    const res = await request(app).post('/never').send({});
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: 'errors.took_too_long' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a client that never finishes sending its request is dropped with 408', async () => {
    const app = express();
    app.post('/slow', express.json(), (_req, res) => void res.json({}));
    const server = httpServer(app, { headersMs: 300, requestMs: 300 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const started = Date.now();
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write(
            'POST /slow HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
          ),
        );
        let got = '';
        socket.on('data', (d) => (got += d.toString()));
        socket.on('close', () => resolve(got));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      server.close();
    }
  });

  it('the product server has the timeouts', () => {
    const server = httpServer(express());
    expect(server.requestTimeout).toBe(30_000);
    expect(server.headersTimeout).toBe(15_000);
  });
});
