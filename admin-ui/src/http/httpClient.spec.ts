import { createHttpClient, type HttpClientDeps } from './httpClient';
import { HttpError } from './errors';
import { createPositionTracker } from './positions';

type Call = { url: string; init: RequestInit; headers: Headers };

const reply = (status: number, body: unknown = {}, headers: Record<string, string> = {}) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers });

/** A fetch that answers from a script, one entry per call ('network' throws like a dropped connection). */
const scriptedFetch = (script: Array<Response | 'network'>) => {
  const calls: Call[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    calls.push({ url, init, headers: new Headers(init.headers) });
    const next = script.shift();
    if (next === undefined) throw new Error('unexpected call');
    if (next === 'network') throw new TypeError('Failed to fetch');
    return next;
  };
  return { fetch, calls };
};

const setup = (script: Array<Response | 'network'>, overrides: Partial<HttpClientDeps> = {}) => {
  const { fetch, calls } = scriptedFetch(script);
  const sleeps: number[] = [];
  let keys = 0;
  const positions = createPositionTracker();
  const events: string[] = [];
  const http = createHttpClient({
    fetch,
    token: () => 'tok',
    positions,
    newKey: () => `key-${++keys}`,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    onNotFound: () => events.push('not-found'),
    onServerMessage: (m) => events.push(`message:${m}`),
    onUnexpected: (e) => events.push(`unexpected:${e.status}`),
    ...overrides,
  });
  return { http, calls, sleeps, positions, events };
};

describe('http client', () => {
  it('holds a save refused with 401 until the user signs in again, then sends it again with the new token and the same key', async () => {
    let token = 'old';
    const asked: string[] = [];
    const { http, calls } = setup(
      [reply(401, { message: 'auth.session_expired' }), reply(200, { id: 'c' })],
      {
        token: () => token,
        signInAgain: async (message) => {
          asked.push(message);
          token = 'new';
          return true;
        },
      },
    );
    const { json } = await http('/api/merchant/customers/c', {
      method: 'PUT',
      body: '{}',
      signInAgainOn401: true,
    });
    expect(json).toEqual({ id: 'c' });
    expect(asked).toEqual(['auth.session_expired']);
    expect(calls.map((c) => c.headers.get('Authorization'))).toEqual(['Bearer old', 'Bearer new']);
    expect(calls[1].headers.get('Idempotency-Key')).toBe(calls[0].headers.get('Idempotency-Key'));
  });

  it('fails a held save as handled when the user leaves instead, and asks nothing for other calls', async () => {
    const signInAgain = jest.fn(async () => false);
    const { http } = setup(
      [reply(401, { message: 'auth.session_expired' }), reply(401, { message: 'auth.session_expired' })],
      { signInAgain },
    );
    const left = await http('/api/x', { method: 'POST', signInAgainOn401: true }).catch((e) => e);
    expect(left).toMatchObject({ status: 401, handled: true });
    const read = await http('/api/merchant/get_global_informations', { method: 'POST' }).catch((e) => e);
    expect(read).toMatchObject({ status: 401, handled: false });
    expect(signInAgain).toHaveBeenCalledTimes(1);
  });

  it('sends the bearer token and asks for JSON', async () => {
    const { http, calls } = setup([reply(200, [{ id: 1 }])]);
    const { json } = await http('/api/merchant/customers');
    expect(json).toEqual([{ id: 1 }]);
    expect(calls[0].headers.get('Authorization')).toBe('Bearer tok');
    expect(calls[0].headers.get('Accept')).toBe('application/json');
  });

  it('remembers the highest X-Position and sends it as X-Min-Position on reads only', async () => {
    const { http, calls } = setup([
      reply(200, {}),
      reply(201, { id: 'a' }, { 'X-Position': '41' }),
      reply(200, { id: 'b' }, { 'X-Position': '12' }),
      reply(200, []),
      reply(200, {}),
    ]);
    await http('/api/merchant/customers');
    expect(calls[0].headers.has('X-Min-Position')).toBe(false);
    await http('/api/merchant/customers', { method: 'POST', body: '{}' });
    await http('/api/merchant/customers/b', { method: 'PUT', body: '{}' });
    await http('/api/merchant/customers');
    expect(calls[3].headers.get('X-Min-Position')).toBe('41');
    await http('/api/merchant/customers', { method: 'POST', body: '{}' });
    expect(calls[4].headers.has('X-Min-Position')).toBe(false);
  });

  it('sends a new Idempotency-Key per command and none on reads', async () => {
    const { http, calls } = setup([reply(201, {}), reply(201, {}), reply(200, {})]);
    await http('/c', { method: 'POST', body: '{}' });
    await http('/c', { method: 'POST', body: '{}' });
    await http('/c');
    expect(calls[0].headers.get('Idempotency-Key')).toBe('key-1');
    expect(calls[1].headers.get('Idempotency-Key')).toBe('key-2');
    expect(calls[2].headers.has('Idempotency-Key')).toBe(false);
    expect(calls[0].headers.get('Content-Type')).toBe('application/json');
  });

  it('uses the key of the user action when given', async () => {
    const { http, calls } = setup([reply(200, {})]);
    await http('/c', { method: 'POST', body: '{}', idempotencyKey: 'action-7' });
    expect(calls[0].headers.get('Idempotency-Key')).toBe('action-7');
  });

  it('retries a network failure twice, 1 s apart, with the same Idempotency-Key', async () => {
    const { http, calls, sleeps } = setup(['network', 'network', reply(201, { id: 'x' })]);
    const { json } = await http('/c', { method: 'POST', body: '{}' });
    expect(json).toEqual({ id: 'x' });
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([1000, 1000]);
    expect(new Set(calls.map((c) => c.headers.get('Idempotency-Key')))).toEqual(new Set(['key-1']));
  });

  it('retries 5xx other than 501 and passes the error on after two retries', async () => {
    const { http, calls, sleeps } = setup([
      reply(503, {}),
      reply(500, {}),
      reply(502, { message: 'errors.x' }),
    ]);
    await expect(http('/c')).rejects.toMatchObject({ status: 502, message: 'errors.x', handled: false });
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([1000, 1000]);
  });

  it('passes a network failure on after two retries', async () => {
    const { http, calls } = setup(['network', 'network', 'network']);
    await expect(http('/c')).rejects.toMatchObject({ status: 0, message: 'app.errors.network' });
    expect(calls).toHaveLength(3);
  });

  it('does not retry 4xx and keeps the API error body for forms', async () => {
    const body = { message: 'errors.invalid_input', errors: { mobile: 'validation.mobile_length' } };
    const { http, calls } = setup([reply(422, body)]);
    const error = await http('/c', { method: 'POST', body: '{}' }).catch((e: HttpError) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 422, message: 'errors.invalid_input', body, handled: false });
    expect(calls).toHaveLength(1);
  });

  it('leaves out an empty errors object, so a rule broken by the whole request is shown as its message', async () => {
    const { http } = setup([
      reply(409, { message: 'staff.role_in_use', errors: {} }),
      reply(413, { message: 'errors.payload_too_large', errors: {} }),
    ]);
    const error = await http('/c', { method: 'POST', body: '{}' }).catch((e: HttpError) => e);
    expect(error).toMatchObject({
      status: 409,
      message: 'staff.role_in_use',
      body: { message: 'staff.role_in_use' },
    });
    expect((error as HttpError).body).not.toHaveProperty('errors');
    const tooLarge = await http('/c', { method: 'POST', body: '{}' }).catch((e: HttpError) => e);
    expect(tooLarge).toMatchObject({ status: 413, message: 'errors.payload_too_large', handled: false });
  });

  it('does not retry an aborted request', async () => {
    const abort = Object.assign(new Error('aborted'), { name: 'AbortError' });
    const { http, calls } = setup([], {
      fetch: async () => {
        calls.push({ url: '', init: {}, headers: new Headers() });
        throw abort;
      },
    });
    await expect(http('/c')).rejects.toBe(abort);
    expect(calls).toHaveLength(1);
  });

  describe('501', () => {
    it("'ignore' shows nothing", async () => {
      const { http, events, calls } = setup([reply(501, 'ignore')]);
      await expect(http('/c')).rejects.toMatchObject({ status: 501, handled: true });
      expect(events).toEqual([]);
      expect(calls).toHaveLength(1);
    });

    it("'redirect_to_not_found' goes to the 404 route", async () => {
      const { http, events } = setup([reply(501, { message: 'redirect_to_not_found' })]);
      await expect(http('/c')).rejects.toMatchObject({ handled: true });
      expect(events).toEqual(['not-found']);
    });

    it('any other body is shown in a dialog', async () => {
      const { http, events } = setup([reply(501, JSON.stringify('not_found.customer'))]);
      await expect(http('/c')).rejects.toMatchObject({ handled: true });
      expect(events).toEqual(['message:not_found.customer']);
    });
  });

  it('reports a reply outside the API contract as unexpected', async () => {
    const { http, events } = setup([reply(405, '<html>Method Not Allowed</html>')]);
    await expect(http('/c', { method: 'PATCH', body: '{}' })).rejects.toMatchObject({
      status: 405,
      handled: true,
    });
    expect(events).toEqual(['unexpected:405']);
  });
});
