import { createDataProvider, withTranslatedFieldErrors } from './dataProvider';
import { HttpError } from './errors';
import type { HttpClient, RequestOptions } from './httpClient';

const labels: Record<string, string> = { 'resources.customers.fields.mobile': 'Mobile' };
const translate = (key: string, options?: { _?: string }) => labels[key] ?? options?._ ?? key;

describe('data provider', () => {
  it('turns API field errors into react-admin messages carrying the field label', () => {
    const error = new HttpError('errors.invalid_input', 422, {
      message: 'errors.invalid_input',
      errors: { mobile: 'validation.mobile_length', other: 'validation.is_required' },
      params: { mobile: { length: 12 } },
    });
    const mapped = withTranslatedFieldErrors(error, 'customers', translate) as HttpError;
    expect(mapped.status).toBe(422);
    const decode = (text: string) => JSON.parse(text.replace('@@react-admin@@', ''));
    expect(decode(mapped.body!.errors!.mobile)).toEqual({
      message: 'validation.mobile_length',
      args: { length: 12, field: 'Mobile' },
    });
    expect(decode(mapped.body!.errors!.other)).toEqual({
      message: 'validation.is_required',
      args: { field: 'other' },
    });
  });

  it("sends a command with the screen's idempotency key, so a second click repeats the same action", async () => {
    const calls: Array<{ url: string; options?: RequestOptions }> = [];
    const http: HttpClient = async (url, options) => {
      calls.push({ url, options });
      return { status: 201, headers: new Headers(), body: '', json: { id: 'i1' } };
    };
    const provider = createDataProvider({ apiBase: '/api/merchant', http, translate });
    await provider.send('POST', 'invoices', { lines: [] }, { idempotencyKey: 'basket-1' });
    await provider.send('POST', 'invoices', { lines: [] });
    expect(calls[0].options?.idempotencyKey).toBe('basket-1');
    expect(calls[0].options?.signInAgainOn401).toBe(true);
    // without one the client makes a key per call
    expect(calls[1].options?.idempotencyKey).toBeUndefined();
  });

  it('leaves other errors alone', () => {
    const error = new HttpError('auth.no_permission', 403, { message: 'auth.no_permission' });
    expect(withTranslatedFieldErrors(error, 'customers', translate)).toBe(error);
  });

  it('reads a screen from its API path and sends the custom calls', async () => {
    const calls: Array<{ url: string; options?: RequestOptions }> = [];
    const http: HttpClient = async (url, options) => {
      calls.push({ url, options });
      return {
        status: 200,
        headers: new Headers({ 'Content-Range': 'audit-log 0-0/1' }),
        body: '',
        json: url.includes('audit-log') ? [{ id: 'e1' }] : { id: 'c1', status: 0 },
      };
    };
    const provider = createDataProvider({
      apiBase: '/api/merchant',
      http,
      translate,
      apiPaths: { 'advanced-accounting/audit-log': 'audit-log' },
    });
    const { data, total } = await provider.getList('advanced-accounting/audit-log', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'position', order: 'DESC' },
      filter: { entity_id: 'c1' },
    });
    expect(data).toEqual([{ id: 'e1' }]);
    expect(total).toBe(1);
    expect(decodeURIComponent(calls[0].url)).toBe(
      '/api/merchant/audit-log?filter={"entity_id":"c1"}&range=[0,24]&sort=["position","DESC"]',
    );

    await provider.disableCustomer('c 1');
    expect(calls[1]).toMatchObject({
      url: '/api/merchant/customers/c%201/disable',
      options: { method: 'POST' },
    });
    await provider.getCustomerAsOf('c1', '2026-11-21T10:00:00.999Z');
    expect(calls[2].url).toBe('/api/merchant/customers/c1/as-of?at=2026-11-21T10%3A00%3A00.999Z');
    await provider.unblockIp('::ffff:10.0.0.1');
    expect(calls[3]).toMatchObject({
      url: '/api/merchant/blocked-ips/%3A%3Affff%3A10.0.0.1',
      options: { method: 'DELETE' },
    });
  });

  it('reads a menu record back after saving it, and sends activation and order changes', async () => {
    const calls: Array<{ url: string; method?: string; body?: unknown }> = [];
    const http: HttpClient = async (url, options) => {
      calls.push({
        url,
        method: options?.method,
        body: options?.body ? JSON.parse(String(options.body)) : undefined,
      });
      const written = options?.method === 'POST' || options?.method === 'PUT';
      return {
        status: written ? 201 : 200,
        headers: new Headers(),
        body: '',
        // The command answers prices in minor units; the read answers them with VAT.
        json: written ? { id: 's1', price: 10000 } : { id: 's1', price: '100.00', price_with_vat: '115.00' },
      };
    };
    const provider = createDataProvider({
      apiBase: '/api/merchant',
      http,
      translate,
      apiPaths: { 'menu/services': 'services', 'menu/groups': 'service-groups' },
      readAfterWrite: ['menu/services'],
    });
    const created = await provider.create('menu/services', { data: { name_en: 'Cut', price: '100' } });
    expect(created.data).toEqual({ id: 's1', price: '100.00', price_with_vat: '115.00' });
    expect(calls.map((c) => `${c.method ?? 'GET'} ${c.url}`)).toEqual([
      'POST /api/merchant/services',
      'GET /api/merchant/services/s1',
    ]);
    const updated = await provider.update('menu/services', {
      id: 's1',
      data: { price: '100' },
      previousData: { id: 's1' },
    });
    expect(updated.data).toMatchObject({ price_with_vat: '115.00' });
    // Groups answer their whole record: no second read.
    await provider.create('menu/groups', { data: { name_en: 'Hair' } });
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/api/merchant/service-groups' });

    calls.length = 0;
    await provider.setActivation('menu/groups', { activate: ['a'], deactivate: ['b'] });
    await provider.reorderServices('g1', ['s2', 's1']);
    expect(calls).toEqual([
      {
        url: '/api/merchant/service-groups/activation',
        method: 'POST',
        body: { activate: ['a'], deactivate: ['b'] },
      },
      {
        url: '/api/merchant/services/order',
        method: 'POST',
        body: { group_id: 'g1', service_ids: ['s2', 's1'] },
      },
    ]);
  });
});
