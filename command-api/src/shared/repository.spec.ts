import util from 'node:util';
import { SqliteEventStore } from '@rawnaq/platform';
import type { CommandContext } from './command-context';
import { Aggregates } from './repository';

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
