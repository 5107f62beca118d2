import { newId, type EventEnvelope } from '@rawnaq/contracts';
import { SqliteEventStore } from '@rawnaq/platform';
import { StreamCache } from './stream-cache';

const event = (n: number): EventEnvelope => ({
  id: newId(),
  type: 'Counted',
  data: { n, list: [n] },
  metadata: {
    tenantId: 't1',
    actor: { kind: 'user', id: 'u1' },
    correlationId: 'c1',
    causationId: 'c1',
    occurredAt: '2026-11-25T10:00:00.000Z',
    schemaVersion: 1,
  },
});

describe('the command side keeps the streams it loads', () => {
  let store: SqliteEventStore;
  beforeEach(() => {
    store = new SqliteEventStore({ file: ':memory:' });
  });
  afterEach(() => store.close());

  it('given a stream read once, when it is read again, then only its new revisions are asked for', async () => {
    await store.append('count-t1.a', [event(1), event(2)], 'no_stream');
    const cache = new StreamCache(store);
    const reads = jest.spyOn(store, 'readStream');
    expect((await cache.read('count-t1.a')).map((e) => e.data.n)).toEqual([1, 2]);
    // another writer (another process) appends: the next read sees it
    await store.append('count-t1.a', [event(3)], 1);
    expect((await cache.read('count-t1.a')).map((e) => e.data.n)).toEqual([1, 2, 3]);
    expect(reads.mock.calls.map(([, options]) => options)).toEqual([
      { pending: true },
      { fromRevision: 2, pending: true },
    ]);
    expect((await cache.read('count-t1.a')).map((e) => e.revision)).toEqual([0, 1, 2]);
  });

  it('given streams read while still empty, then none of them is kept, and one written later is read whole', async () => {
    const cache = new StreamCache(store);
    for (let i = 0; i < 50; i++) expect(await cache.read(`count-t1.new${i}`)).toEqual([]);
    expect((cache as unknown as { streams: Map<string, unknown> }).streams.size).toBe(0);
    await store.append('count-t1.new7', [event(1)], 'no_stream');
    expect((await cache.read('count-t1.new7')).map((e) => e.data.n)).toEqual([1]);
    expect((cache as unknown as { streams: Map<string, unknown> }).streams.size).toBe(1);
  });

  it('given two reads of one stream at once, then each event is kept once, in order', async () => {
    await store.append('count-t1.a', [event(1)], 'no_stream');
    const cache = new StreamCache(store);
    await cache.read('count-t1.a');
    await store.append('count-t1.a', [event(2), event(3)], 0);
    const [a, b] = await Promise.all([cache.read('count-t1.a'), cache.read('count-t1.a')]);
    expect(a.map((e) => e.revision)).toEqual([0, 1, 2]);
    expect(b.map((e) => e.revision)).toEqual([0, 1, 2]);
  });

  it('forgets what it kept when the store rolled back a group of appends it had already shown', async () => {
    await store.append('count-t1.a', [event(1)], 'no_stream');
    const cache = new StreamCache(store);
    await cache.read('count-t1.a');
    const commit = (store as unknown as { sql: { commit: { run: () => unknown } } }).sql.commit;
    jest.spyOn(commit, 'run').mockImplementationOnce(() => {
      throw new Error('disk I/O error');
    });
    const lost = store.append('count-t1.a', [event(2)], 0);
    // the group's append is shown to the next command's load before its commit...
    expect((await cache.read('count-t1.a')).map((e) => e.data.n)).toEqual([1, 2]);
    await expect(lost).rejects.toThrow('disk I/O error');
    // ...and forgotten once the commit failed
    expect((await cache.read('count-t1.a')).map((e) => e.data.n)).toEqual([1]);
  });

  it('keeps events frozen: a decision that changed one would fail, not corrupt the next state', async () => {
    await store.append('count-t1.a', [event(1)], 'no_stream');
    const [kept] = await new StreamCache(store).read('count-t1.a');
    expect(() => {
      (kept.data as { list: number[] }).list.push(2);
    }).toThrow(TypeError);
    expect(() => {
      (kept.data as { n: number }).n = 5;
    }).toThrow(TypeError);
  });

  it('lets the least recently used streams go past its bound, and reads them whole again', async () => {
    for (const s of ['a', 'b', 'c']) await store.append(`count-t1.${s}`, [event(1), event(2)], 'no_stream');
    const cache = new StreamCache(store, 4);
    await cache.read('count-t1.a');
    await cache.read('count-t1.b');
    await cache.read('count-t1.a'); // a is now the most recent
    await cache.read('count-t1.c'); // over the bound: b goes
    const reads = jest.spyOn(store, 'readStream');
    expect((await cache.read('count-t1.b')).map((e) => e.data.n)).toEqual([1, 2]);
    expect(reads.mock.calls.map(([, options]) => options)).toEqual([{ pending: true }]);
  });
});
