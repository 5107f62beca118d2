import util from 'node:util';
import { newId } from '@rawnaq/contracts';
import { SqliteEventStore } from '@rawnaq/platform';
import type { CommandContext } from './command-context';
import { Aggregates, idFor } from './repository';

type Added = { type: 'Added'; data: { item: string } };
type Items = { items: Map<string, true> };
/** A state with a Map in it, as the menu's: each load may make its empty state afresh. */
const emptyItems = (): Items => ({ items: new Map() });
const evolve = (s: Items, e: Added): Items => ({ items: new Map(s.items).set(e.data.item, true) });
const add = (item: string) => ({
  initial: emptyItems(),
  evolve,
  decide: (): Added[] => [{ type: 'Added', data: { item } }],
});

const ctx: CommandContext = {
  tenantId: 't1',
  actor: { kind: 'user', id: 'u1' },
  correlationId: 'c1',
  now: new Date('2026-12-06T10:00:00Z'),
};

describe('the states folded from a stream, kept between loads', () => {
  let store: SqliteEventStore;
  let aggregates: Aggregates;
  beforeEach(() => {
    store = new SqliteEventStore({ file: ':memory:' });
    aggregates = new Aggregates(store);
  });
  afterEach(() => {
    jest.restoreAllMocks();
    store.close();
  });

  it('given a state kept from one empty state, when loads start from another equal one, then it is compared deeply once, not at every load', async () => {
    for (const item of ['a', 'b', 'c', 'd', 'e']) await aggregates.handle('items-t1.x', ctx, add(item));
    // kept, at the stream's last revision, from an empty state made afresh (the menu by the demo seed's
    // commands); then loads from one empty state of their own (the till's menu, at every sale)
    await aggregates.load(ctx, 'items-t1.x', emptyItems(), evolve);
    const ours = emptyItems();
    const deep = jest.spyOn(util, 'isDeepStrictEqual');
    for (let i = 0; i < 5; i++) {
      const { state } = await aggregates.load(ctx, 'items-t1.x', ours, evolve);
      expect([...state.items.keys()]).toEqual(['a', 'b', 'c', 'd', 'e']);
    }
    expect(deep).toHaveBeenCalledTimes(1);
    // a different starting state is not the kept one's: folded from it
    const other = { items: new Map([['z', true as const]]) };
    const { state } = await aggregates.load(ctx, 'items-t1.x', other, evolve);
    expect([...state.items.keys()]).toEqual(['z', 'a', 'b', 'c', 'd', 'e']);
  });
});

describe('ids made from an Idempotency-Key', () => {
  const keyed = (key: string): CommandContext => ({ ...ctx, idempotencyKey: key });
  const layout = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it("given a time-ordered key, when ids are made from it, then they begin with the key's millisecond and are the same on a retry", async () => {
    const key = newId();
    const ids = ['invoice', 'payment', 'line'].map((part) => idFor(keyed(key), part));
    for (const id of ids) {
      expect(id).toMatch(layout);
      expect(id.slice(0, 13)).toBe(key.slice(0, 13));
    }
    expect(new Set(ids).size).toBe(3);
    expect(['invoice', 'payment', 'line'].map((part) => idFor(keyed(key), part))).toEqual(ids);
    // another caller's request with the same key makes other ids
    expect(idFor({ ...keyed(key), actor: { kind: 'user', id: 'u2' } }, 'invoice')).not.toBe(ids[0]);
    // a later action's key: its ids sort after
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect(idFor(keyed(newId()), 'invoice') > ids[0]).toBe(true);
  });

  it('given any other key, when ids are made from it, then they are hashed whole, the same on a retry', () => {
    const key = '0c9b7f52-3f7a-4c1e-9d55-6a1f4b2e8d01';
    const id = idFor(keyed(key), 'invoice');
    expect(id).toMatch(layout);
    expect(id.slice(0, 13)).not.toBe(key.slice(0, 13));
    expect(idFor(keyed(key), 'invoice')).toBe(id);
    expect(idFor(keyed('bench-sale-1'), 'invoice')).toMatch(layout);
  });

  it('given no key, when ids are made, then each is new', () => {
    expect(idFor(ctx, 'invoice')).not.toBe(idFor(ctx, 'invoice'));
  });
});
