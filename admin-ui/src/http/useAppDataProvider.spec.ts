import { guardOwnCalls } from './useAppDataProvider';

type Provider = {
  getOne: (resource: string) => Promise<unknown>;
  send: (method: string, path: string) => Promise<unknown>;
};

describe("the app's own data-provider calls", () => {
  const refusal = Object.assign(new Error('auth.no_permission'), { status: 403 });
  const raw: Provider = {
    getOne: () => Promise.resolve({ data: { id: 1 } }),
    send: (_method, path) =>
      path === 'reports/vat-report' ? Promise.reject(refusal) : Promise.resolve({ rows: [] }),
  };
  // react-admin's proxy: a refusal that redirects resolves with a made-up answer
  const wrapped: Provider = {
    getOne: () => Promise.resolve({ data: { id: 'from react-admin' } }),
    send: () => Promise.resolve({ data: {} }),
  };

  it('rejects a refused call with the refusal, after letting react-admin redirect', async () => {
    const seen: unknown[] = [];
    const provider = guardOwnCalls(wrapped, raw, async (error) => {
      seen.push(error);
      return true;
    });
    await expect(provider.send('GET', 'reports/vat-report')).rejects.toBe(refusal);
    expect(seen).toEqual([refusal]);
  });

  it("answers an allowed call with the server's reply, and leaves react-admin's methods to react-admin", async () => {
    const provider = guardOwnCalls(wrapped, raw, () => Promise.resolve(false));
    await expect(provider.send('GET', 'reports/daily')).resolves.toEqual({ rows: [] });
    await expect(provider.getOne('customers')).resolves.toEqual({ data: { id: 'from react-admin' } });
  });
});
