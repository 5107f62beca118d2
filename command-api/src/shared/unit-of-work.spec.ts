import { DomainError, newId } from '@rawnaq/contracts';
import { SqliteEventStore } from '@rawnaq/platform';
import type { CommandContext } from './command-context';
import { Aggregates } from './repository';
import { Sequences } from './sequences';
import {
  detached,
  inUnit,
  outsideUnit,
  Transactions,
  UnitMismatchError,
  type UnitOfWork,
} from './unit-of-work';

type Counted = { type: 'Counted'; data: { n: number } };
const counter = (refuseAbove = Infinity) => ({
  initial: 0,
  evolve: (_s: number, e: Counted) => e.data.n,
  decide: (n: number): Counted[] => {
    if (n + 1 > refuseAbove) throw new DomainError('test.too_many', 422);
    return [{ type: 'Counted', data: { n: n + 1 } }];
  },
});

const ctx: CommandContext = {
  tenantId: 't1',
  actor: { kind: 'user', id: 'u1' },
  correlationId: 'c1',
  now: new Date('2026-11-24T10:00:00Z'),
};

/** `work` given the test's context inside the unit it runs in (as the answer interceptor gives a request's) */
const withCtx =
  <T>(work: (ctx: CommandContext) => Promise<T>) =>
  (unit: UnitOfWork) =>
    work(inUnit(ctx, unit));

describe('unit of work: a command is stored whole or not at all', () => {
  let store: SqliteEventStore;
  let aggregates: Aggregates;
  let transactions: Transactions;
  beforeEach(() => {
    store = new SqliteEventStore({ file: ':memory:' });
    aggregates = new Aggregates(store);
    transactions = new Transactions(store);
  });
  afterEach(() => store.close());

  it('given a command touching two streams, when it succeeds, then both are stored in one append', async () => {
    const { position } = await transactions.run(
      withCtx(async (ctx) => {
        await aggregates.handle('count-t1.a', ctx, counter());
        await aggregates.handle('count-t1.b', ctx, counter());
        // a unit sees what it already decided
        const again = await aggregates.handle('count-t1.a', ctx, counter());
        expect(again.state).toBe(2);
      }),
    );
    const all = await store.readAll('0', 100);
    expect(all.map((e) => [e.stream, e.data.n])).toEqual([
      ['count-t1.a', 1],
      ['count-t1.a', 2],
      ['count-t1.b', 1],
    ]);
    expect(position).toBe(all[all.length - 1].position);
  });

  it("given a command's events, then they share one metadata object, stored for each as its own, and a changed context gets its own", async () => {
    const [a, b] = [
      aggregates.envelopes(ctx, 'count-t1.a', -1, [{ type: 'Counted', data: { n: 1 } }])[0],
      aggregates.envelopes(ctx, 'count-t1.b', 4, [{ type: 'Counted', data: { n: 5 } }])[0],
    ];
    expect(a.metadata).toBe(b.metadata);
    expect(a.metadata).toEqual({
      tenantId: 't1',
      actor: ctx.actor,
      correlationId: 'c1',
      causationId: 'c1',
      occurredAt: '2026-11-24T10:00:00.000Z',
      schemaVersion: 1,
    });
    await transactions.run(
      withCtx(async (ctx) => {
        await aggregates.handle('count-t1.a', ctx, counter());
        await aggregates.handle('count-t1.b', ctx, counter());
      }),
    );
    const stored = await store.readAll('0', 10);
    expect(stored.map((e) => e.metadata)).toEqual([a.metadata, a.metadata]);
    // the same context object, changed since (a later instant): new metadata, the earlier left as it was
    const later = { ...ctx };
    aggregates.envelopes(later, 'count-t1.c', -1, [{ type: 'Counted', data: { n: 1 } }]);
    later.now = new Date('2026-11-24T11:00:00Z');
    const [c] = aggregates.envelopes(later, 'count-t1.c', -1, [{ type: 'Counted', data: { n: 1 } }]);
    expect(c.metadata.occurredAt).toBe('2026-11-24T11:00:00.000Z');
    expect(a.metadata.occurredAt).toBe('2026-11-24T10:00:00.000Z');
    later.correlationId = 'c2';
    const [d] = aggregates.envelopes(later, 'count-t1.c', -1, [{ type: 'Counted', data: { n: 1 } }]);
    expect(d.metadata).toMatchObject({ correlationId: 'c2', causationId: 'c2' });
  });

  it('given a command refused after a first decision, then nothing of it is stored', async () => {
    await aggregates.handle('count-t1.b', ctx, counter()); // b is at 1
    await expect(
      transactions.run(
        withCtx(async (ctx) => {
          await aggregates.handle('count-t1.a', ctx, counter());
          await aggregates.handle('count-t1.b', ctx, counter(1)); // refused
        }),
      ),
    ).rejects.toThrow(DomainError);
    expect((await store.readAll('0', 100)).map((e) => e.stream)).toEqual(['count-t1.b']);
  });

  it('keeps the facts marked keepIfRefused (a failed sign-in) and drops the rest', async () => {
    await expect(
      transactions.run(
        withCtx(async (ctx) => {
          await aggregates.handle('count-t1.a', ctx, counter());
          await aggregates.handle('guard-t1.ip', ctx, counter(), { keepIfRefused: true });
          throw new DomainError('auth.wrong_credentials', 401);
        }),
      ),
    ).rejects.toThrow(DomainError);
    expect((await store.readAll('0', 100)).map((e) => e.stream)).toEqual(['guard-t1.ip']);
  });

  it('runs the whole command again when another writer changed a stream it decided on', async () => {
    let runs = 0;
    const { result } = await transactions.run(
      withCtx(async (ctx) => {
        runs += 1;
        const outcome = await aggregates.handle('count-t1.a', ctx, counter());
        // another desk writes the same stream before this command ends (only on the first run)
        if (runs === 1)
          await store.append(
            'count-t1.a',
            aggregates.envelopes(ctx, 'count-t1.a', -1, [{ type: 'Counted', data: { n: 10 } }]),
            'no_stream',
          );
        return outcome.state;
      }),
    );
    expect(runs).toBe(2);
    expect(result).toBe(11);
    expect((await store.readStream('count-t1.a')).map((e) => e.data.n)).toEqual([10, 11]);
  });

  it('runs again when a stream the decision relied on (read, not written) moved meanwhile', async () => {
    await aggregates.handle('hours-t1.e', ctx, counter()); // the employee's hours, at 1
    let runs = 0;
    const { result } = await transactions.run(
      withCtx(async (ctx) => {
        runs += 1;
        const { state: hours } = await aggregates.loadHeld(ctx, 'hours-t1.e', 0, counter().evolve);
        // someone changes the hours before this booking is stored (only on the first run)
        if (runs === 1)
          await store.append(
            'hours-t1.e',
            aggregates.envelopes(ctx, 'hours-t1.e', 0, [{ type: 'Counted', data: { n: 2 } }]),
            0,
          );
        await aggregates.handle('booking-t1.b', ctx, counter());
        return hours;
      }),
    );
    expect(runs).toBe(2);
    expect(result).toBe(2);
    expect((await store.readStream('booking-t1.b')).length).toBe(1);
  });

  it('given a stream named after an id the command just made, then it is not read, and a run after a conflict reads it', async () => {
    const read = jest.spyOn(store, 'readStream');
    const first = await aggregates.handle('count-t1.new', ctx, counter(), { newStream: true });
    expect(first.state).toBe(1);
    expect(read.mock.calls.filter(([stream]) => stream === 'count-t1.new')).toEqual([]);
    // the same id again (the same request twice at once makes the same ids from its key): the append
    // refuses the first run, the second reads what is stored and decides on it
    let runs = 0;
    const { result } = await transactions.run(
      withCtx(async (ctx) => {
        runs += 1;
        return (await aggregates.handle('count-t1.new', ctx, counter(), { newStream: true })).state;
      }),
    );
    expect(runs).toBe(2);
    expect(result).toBe(2);
    expect((await store.readStream('count-t1.new')).map((e) => e.data.n)).toEqual([1, 2]);
  });

  it('does not run again when the conflict is on a stream the finishing step owns (the reply)', async () => {
    await store.append(
      'reply-t1.k',
      aggregates.envelopes(ctx, 'reply-t1.k', -1, [{ type: 'CommandAnswered', data: {} }]),
      'no_stream',
    );
    let runs = 0;
    await expect(
      transactions.run(
        withCtx(async (ctx) => {
          runs += 1;
          await aggregates.handle('count-t1.a', ctx, counter());
        }),
        () => [
          {
            stream: 'reply-t1.k',
            expected: 'no_stream',
            events: aggregates.envelopes(ctx, 'reply-t1.k', -1, [{ type: 'CommandAnswered', data: {} }]),
          },
        ],
      ),
    ).rejects.toMatchObject({ stream: 'reply-t1.k' });
    expect(runs).toBe(1);
    expect(await store.readStream('count-t1.a')).toEqual([]);
  });

  it('refuses a write into a unit that already ended (background work must run detached)', async () => {
    let late: Promise<unknown> | undefined;
    let lateRefused: Promise<string> | undefined;
    let detachedWork: Promise<unknown> | undefined;
    await transactions.run(
      withCtx(async (ctx) => {
        await aggregates.handle('count-t1.a', ctx, counter());
        late = new Promise((resolve) => setTimeout(resolve, 5)).then(() =>
          aggregates.handle('count-t1.late', ctx, counter()),
        );
        // its refusal is taken at once: on a loaded machine the timer fires before the unit's commit
        // answers, and a rejection nobody handled yet fails the test by itself
        lateRefused = late.then(
          () => 'stored',
          (e: Error) => e.message,
        );
        // background work: detached, with a context outside the unit
        detachedWork = detached(() =>
          new Promise((resolve) => setTimeout(resolve, 5)).then(() =>
            aggregates.handle('count-t1.detached', outsideUnit(ctx), counter()),
          ),
        );
      }),
    );
    await expect(lateRefused).resolves.toMatch('after its command ended');
    await detachedWork;
    expect((await store.readAll('0', 100)).map((e) => e.stream)).toEqual(['count-t1.a', 'count-t1.detached']);
  });

  it('given a context made afresh inside a command (its unit lost), then the check refuses its write and the command stores nothing', async () => {
    // the tests run with RAWNAQ_CHECK_UNITS=1 (jest's global setup): this is what it is there to find
    expect(process.env.RAWNAQ_CHECK_UNITS).toBe('1');
    await expect(
      transactions.run(
        withCtx(async (inside) => {
          await aggregates.handle('count-t1.a', inside, counter());
          // a helper that builds its own context from the command's fields, and forgets the unit
          const afresh: CommandContext = { ...ctx, correlationId: inside.correlationId };
          await aggregates.handle('count-t1.b', afresh, counter());
        }),
      ),
    ).rejects.toBeInstanceOf(UnitMismatchError);
    // a read of a stream the command already wrote, given no unit, would not see that write: refused too
    await expect(
      transactions.run(
        withCtx(async (inside) => {
          await aggregates.handle('count-t1.a', inside, counter());
          await aggregates.load(undefined, 'count-t1.a', 0, counter().evolve);
        }),
      ),
    ).rejects.toBeInstanceOf(UnitMismatchError);
    // while a read of another stream reads what is stored, as the command's own would
    const { result } = await transactions.run(
      withCtx(async (inside) => {
        await aggregates.handle('count-t1.a', inside, counter());
        return (await aggregates.load(undefined, 'count-t1.c', 0, counter().evolve)).state;
      }),
    );
    expect(result).toBe(0);
    expect((await store.readAll('0', 100)).map((e) => e.stream)).toEqual(['count-t1.a']);
  });

  it('without the check, finds the unit from the context alone: no AsyncLocalStorage is entered, and a command is still stored whole or not at all', async () => {
    const { AsyncLocalStorage } = jest.requireActual<typeof import('node:async_hooks')>('node:async_hooks');
    const entered = jest.spyOn(AsyncLocalStorage.prototype, 'run');
    const checking = process.env.RAWNAQ_CHECK_UNITS;
    process.env.RAWNAQ_CHECK_UNITS = '0';
    try {
      // the modules loaded afresh, reading RAWNAQ_CHECK_UNITS=0 as a server does without it
      let modules!: { uow: typeof import('./unit-of-work'); repo: typeof import('./repository') };
      jest.isolateModules(() => {
        modules = {
          uow: jest.requireActual<typeof import('./unit-of-work')>('./unit-of-work'),
          repo: jest.requireActual<typeof import('./repository')>('./repository'),
        };
      });
      const plain = new modules.repo.Aggregates(store);
      const units = new modules.uow.Transactions(store);
      const inPlainUnit =
        <T>(work: (ctx: CommandContext) => Promise<T>) =>
        (unit: InstanceType<typeof modules.uow.UnitOfWork>) =>
          work(modules.uow.inUnit(ctx, unit));
      await units.run(
        inPlainUnit(async (inside) => {
          await plain.handle('count-t1.a', inside, counter());
          await plain.handle('count-t1.b', inside, counter());
        }),
      );
      await expect(
        units.run(
          inPlainUnit(async (inside) => {
            await plain.handle('count-t1.a', inside, counter());
            await plain.handle('count-t1.b', inside, counter(1)); // refused
          }),
        ),
      ).rejects.toThrow(DomainError);
      expect((await store.readAll('0', 100)).map((e) => e.stream)).toEqual(['count-t1.a', 'count-t1.b']);
      expect(entered).not.toHaveBeenCalled();
    } finally {
      process.env.RAWNAQ_CHECK_UNITS = checking;
      entered.mockRestore();
    }
  });
});

/** A number taken by another process: the event its command would have stored. */
const numberTaken = (number: number) => ({
  type: 'NumberTaken',
  data: { sequence: 'receipt', number },
  metadata: {
    tenantId: 't1',
    actor: ctx.actor,
    correlationId: 'other',
    causationId: 'other',
    occurredAt: ctx.now.toISOString(),
    schemaVersion: 1,
  },
});

describe('numbers taken by commands at the same moment', () => {
  it('given ten commands taking the same sequence at once, then they queue: each runs once, numbers 1 to 10', async () => {
    const store = new SqliteEventStore({ file: ':memory:' });
    const aggregates = new Aggregates(store);
    const transactions = new Transactions(store);
    const sequences = new Sequences(aggregates);
    let runs = 0;
    const numbers = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const { result } = await transactions.run(
          withCtx(async (ctx) => {
            runs += 1;
            const n = await sequences.next({ ...ctx, correlationId: `c${i}` }, 'invoice');
            // the rest of the command's work, after taking its number
            await new Promise((r) => setTimeout(r, 2));
            await aggregates.handle(`count-t1.${i}`, ctx, counter());
            return n;
          }),
        );
        return result;
      }),
    );
    expect([...numbers].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(runs).toBe(10);
    await store.close();
  });

  it('given commands that take their numbers in one turn, then they share one commit and none runs twice', async () => {
    const store = new SqliteEventStore({ file: ':memory:' });
    const aggregates = new Aggregates(store);
    const transactions = new Transactions(store);
    const sequences = new Sequences(aggregates);
    const commits = jest.spyOn(
      (store as unknown as { sql: { commit: { run: () => unknown } } }).sql.commit,
      'run',
    );
    let runs = 0;
    const numbers = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const { result } = await transactions.run(
          withCtx(async (ctx) => {
            runs += 1;
            return sequences.next({ ...ctx, correlationId: `c${i}` }, 'invoice');
          }),
        );
        return result;
      }),
    );
    // each lets go of the sequence once it called append: the next one takes the number after it
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(runs).toBe(10);
    expect(commits).toHaveBeenCalledTimes(1);
    await store.close();
  });

  it('given a long sequence, then a number is taken without folding the sequence again from its first', async () => {
    const store = new SqliteEventStore({ file: ':memory:' });
    const aggregates = new Aggregates(store);
    const sequences = new Sequences(aggregates);
    for (let i = 0; i < 50; i++) await sequences.next(ctx, 'visit');
    const folded = jest.spyOn(Array.prototype, 'reduce');
    try {
      expect(await sequences.next(ctx, 'visit')).toBe(51);
      const lengths = folded.mock.contexts.map((c) => (c as unknown[]).length);
      expect(Math.max(...lengths)).toBeLessThan(50);
    } finally {
      folded.mockRestore();
    }
    await store.close();
  });

  it('given a long sequence, then its events are not kept in memory and a number reads only what followed the last', async () => {
    const store = new SqliteEventStore({ file: ':memory:' });
    const aggregates = new Aggregates(store);
    const sequences = new Sequences(aggregates);
    for (let i = 0; i < 50; i++) await sequences.next(ctx, 'receipt');
    const reads = jest.spyOn(store, 'readStream');
    try {
      expect(await sequences.next(ctx, 'receipt')).toBe(51);
      // the state kept is the one its last number was decided on: only that number is read after it
      expect(reads.mock.calls).toEqual([['sequence-t1.receipt', { fromRevision: 49, pending: true }]]);
      expect((await reads.mock.results[0].value).map((e: { data: unknown }) => e.data)).toEqual([
        { sequence: 'receipt', number: 50 },
      ]);
      // another process took numbers meanwhile: read from where this one stopped, and follow them
      await store.append(
        'sequence-t1.receipt',
        [52, 53].map((number) => ({ ...numberTaken(number), id: newId() })),
        50,
      );
      expect(await sequences.next(ctx, 'receipt')).toBe(54);
      expect(reads.mock.calls[1]).toEqual(['sequence-t1.receipt', { fromRevision: 50, pending: true }]);
    } finally {
      reads.mockRestore();
    }
    const cache = (aggregates as unknown as { streams: { streams: Map<string, unknown> } }).streams;
    expect(cache.streams.has('sequence-t1.receipt')).toBe(false);
    await store.close();
  });
});

describe('a stream every command loads is folded once, then only what follows', () => {
  type Noted = { type: 'Noted'; data: { word: string } };
  const WORDS = ['a', 'b', 'c', 'd', 'e'];
  const folds: string[] = [];
  const notes = {
    initial: [] as string[],
    evolve: (s: string[], e: Noted) => {
      folds.push(e.data.word);
      return [...s, e.data.word];
    },
    decide: (): Noted[] => [],
  };
  const noted = (word: string) => ({
    ...numberTaken(0),
    id: newId(),
    type: 'Noted',
    data: { word },
  });
  let store: SqliteEventStore;
  let aggregates: Aggregates;
  let transactions: Transactions;
  beforeEach(async () => {
    folds.length = 0;
    store = new SqliteEventStore({ file: ':memory:' });
    aggregates = new Aggregates(store);
    transactions = new Transactions(store);
    await store.append('notes-t1.menu', WORDS.map(noted), 'no_stream');
  });
  afterEach(() => store.close());

  it('given a stream loaded once, when loaded again, then no event is folded again', async () => {
    expect((await aggregates.load(undefined, 'notes-t1.menu', notes.initial, notes.evolve)).state).toEqual(
      WORDS,
    );
    expect(folds).toHaveLength(5);
    folds.length = 0;
    expect(
      (await aggregates.load(undefined, 'notes-t1.menu', notes.initial, notes.evolve)).state,
    ).toHaveLength(5);
    expect(folds).toEqual([]);
  });

  it('given an event stored since (by another process too), then only it is folded', async () => {
    await aggregates.load(undefined, 'notes-t1.menu', notes.initial, notes.evolve);
    await store.append('notes-t1.menu', [noted('f')], 4);
    folds.length = 0;
    const { state, revision } = await aggregates.load(
      undefined,
      'notes-t1.menu',
      notes.initial,
      notes.evolve,
    );
    expect(state).toEqual([...WORDS, 'f']);
    expect(revision).toBe(5);
    expect(folds).toEqual(['f']);
  });

  it("given a refused command's decision on the stream, then the next load does not see it", async () => {
    const decided = { ...notes, decide: (): Noted[] => [{ type: 'Noted', data: { word: 'refused' } }] };
    await expect(
      transactions.run(
        withCtx(async (ctx) => {
          await aggregates.handle('notes-t1.menu', ctx, decided);
          throw new DomainError('test.refused', 422);
        }),
      ),
    ).rejects.toThrow(DomainError);
    expect((await aggregates.load(undefined, 'notes-t1.menu', notes.initial, notes.evolve)).state).toEqual(
      WORDS,
    );
  });

  it('given an initial state made afresh at each load (an empty menu), then it is still folded once', async () => {
    const fresh = () => [] as string[];
    await aggregates.load(undefined, 'notes-t1.menu', fresh(), notes.evolve);
    folds.length = 0;
    expect((await aggregates.load(undefined, 'notes-t1.menu', fresh(), notes.evolve)).state).toHaveLength(5);
    expect(folds).toEqual([]);
  });

  it('given another evolve or initial state for the same stream, then it is folded whole for it', async () => {
    await aggregates.load(undefined, 'notes-t1.menu', notes.initial, notes.evolve);
    folds.length = 0;
    const other = { initial: ['z'], evolve: (s: string[], e: Noted) => [...s, e.data.word.toUpperCase()] };
    expect((await aggregates.load(undefined, 'notes-t1.menu', other.initial, other.evolve)).state).toEqual([
      'z',
      'A',
      'B',
      'C',
      'D',
      'E',
    ]);
  });

  it('given appends rolled back after they were shown (a failed group commit), then it is folded whole', async () => {
    await aggregates.load(undefined, 'notes-t1.menu', notes.initial, notes.evolve);
    const discarded = jest.spyOn(store, 'discardedGroups', 'get').mockReturnValue(1);
    try {
      folds.length = 0;
      await aggregates.load(undefined, 'notes-t1.menu', notes.initial, notes.evolve);
      expect(folds).toEqual(WORDS);
    } finally {
      discarded.mockRestore();
    }
  });
});
