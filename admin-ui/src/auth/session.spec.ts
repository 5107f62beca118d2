import { createSession, type KeyValueStore } from './session';

const memoryStorage = (): KeyValueStore & { dump(): Record<string, string> } => {
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
    get length() {
      return data.size;
    },
    key: (i) => [...data.keys()][i] ?? null,
    dump: () => Object.fromEntries(data),
  };
};

describe('session', () => {
  it('keeps each realm under its own keys and clears only its own', () => {
    const storage = memoryStorage();
    const merchant = createSession('merchant', storage);
    const manager = createSession('manager', storage);
    merchant.signIn('m-token', { id: 'u1' });
    manager.signIn('a-token', { id: 'a1' });
    storage.setItem('RaStore.rawnaq.merchant.customers.listParams', '{}');
    storage.setItem('rawnaq.language', 'ar');
    merchant.setLocked(true);

    expect(storage.getItem('rawnaq.merchant.token')).toBe('m-token');
    expect(storage.getItem('rawnaq.manager.token')).toBe('a-token');
    expect(merchant.isLocked()).toBe(true);
    expect(merchant.user<{ id: string }>()).toEqual({ id: 'u1' });

    merchant.clear();
    expect(storage.dump()).toEqual({
      'rawnaq.manager.token': 'a-token',
      'rawnaq.manager.user': '{"id":"a1"}',
      'rawnaq.language': 'ar',
    });
    expect(merchant.token()).toBeNull();
    expect(merchant.isLocked()).toBe(false);
  });

  it('unlocks on a new sign-in', () => {
    const session = createSession('merchant', memoryStorage());
    session.setLocked(true);
    session.signIn('t', {});
    expect(session.isLocked()).toBe(false);
  });
});
