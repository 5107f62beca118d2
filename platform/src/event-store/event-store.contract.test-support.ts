import type { RecordedEvent } from '@rawnaq/contracts';
import { anEvent, eventually, events, uniqueStream } from '../testing/events.test-support';
import {
  DuplicateEventIdError,
  WrongExpectedRevisionError,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
} from './port';

export type Attempt = { expected: ExpectedRevision; events: NewEvent[] };
export type AttemptOutcome = { ok: true; nextRevision: number } | { ok: false; error: string };

export type EventStoreHarness = {
  store: EventStore;
  /** appends all attempts at once from independent connections (truly concurrent where possible) */
  race?: (stream: string, attempts: Attempt[]) => Promise<AttemptOutcome[]>;
  /**
   * What other processes commit is shown to this store's reads within this long, not at once: with the
   * fsync off the thread, the store shows only what it knows is durable, and learns of another
   * process's commit on its writer's watch (every `pollIntervalMs`), which makes it durable first.
   */
  othersShownWithinMs?: number;
  /** a category the store keeps in its filter (`surelyEmpty` answers for it); none: it answers for none */
  filteredCategory?: string;
  cleanup: () => Promise<void>;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The behaviour every EventStore adapter must have. Written once, run against each adapter. */
export const eventStoreContract = (
  describeFn: jest.Describe,
  adapter: string,
  open: () => Promise<EventStoreHarness>,
) =>
  describeFn(`EventStore contract: ${adapter}`, () => {
    let h: EventStoreHarness;
    beforeAll(async () => {
      h = await open();
    });
    afterAll(async () => {
      await h?.cleanup();
    });

    it('appends to a new stream and reads it back in order, revisions from 0', async () => {
      const stream = uniqueStream();
      const batch = events(3);
      const result = await h.store.append(stream, batch, 'no_stream');
      expect(result.nextRevision).toBe(2);
      expect(typeof result.position).toBe('string');
      const read = await h.store.readStream(stream);
      expect(read.map((e) => e.id)).toEqual(batch.map((e) => e.id));
      expect(read.map((e) => e.revision)).toEqual([0, 1, 2]);
      expect(read[2].position).toBe(result.position);
      expect(read[0].data).toEqual({ i: 0 });
      expect(read[0].metadata).toEqual(batch[0].metadata);
      expect(read[0].stream).toBe(stream);
      expect(Number.isNaN(Date.parse(read[0].recordedAt))).toBe(false);
      expect(JSON.parse(JSON.stringify(read))).toEqual(read); // nothing that JSON cannot carry (bigints)
    });

    it('checks the expected revision: no_stream, exists, any and an exact revision', async () => {
      const stream = uniqueStream();
      await expect(h.store.append(stream, events(1), 'exists')).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      await expect(h.store.append(stream, events(1), 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect((await h.store.append(stream, events(2), 'no_stream')).nextRevision).toBe(1);
      await expect(h.store.append(stream, events(1), 'no_stream')).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      await expect(h.store.append(stream, events(1), 0)).rejects.toMatchObject({ actual: 1, expected: 0 });
      expect((await h.store.append(stream, events(1), 1)).nextRevision).toBe(2);
      expect((await h.store.append(stream, events(1), 'exists')).nextRevision).toBe(3);
      expect((await h.store.append(stream, events(1), 'any')).nextRevision).toBe(4);
      expect((await h.store.append(uniqueStream(), events(1), 'any')).nextRevision).toBe(0);
      expect(await h.store.readStream(stream)).toHaveLength(5);
    });

    it('reads a stream from a revision, at most n events; an unknown stream reads as empty', async () => {
      const stream = uniqueStream();
      await h.store.append(stream, events(10), 'no_stream');
      const part = await h.store.readStream(stream, { fromRevision: 4, maxCount: 3 });
      expect(part.map((e) => e.revision)).toEqual([4, 5, 6]);
      expect(await h.store.readStream(uniqueStream())).toEqual([]);
    });

    it('lets exactly one of many racing appends win each revision', async () => {
      const stream = uniqueStream();
      await h.store.append(stream, events(1), 'no_stream');
      const racers = 8;
      for (let round = 0; round < 5; round++) {
        const last = round * 2; // every round's winner adds two events
        const attempts = Array.from({ length: racers }, () => ({ expected: last, events: events(2) }));
        const outcomes = h.race
          ? await h.race(stream, attempts)
          : await Promise.all(
              attempts.map((a) =>
                h.store.append(stream, a.events, a.expected).then(
                  (r): AttemptOutcome => ({ ok: true, nextRevision: r.nextRevision }),
                  (e: Error): AttemptOutcome => ({ ok: false, error: e.name }),
                ),
              ),
            );
        expect(outcomes.filter((o) => o.ok)).toEqual([{ ok: true, nextRevision: last + 2 }]);
        expect(outcomes.filter((o) => !o.ok)).toEqual(
          Array(racers - 1).fill({ ok: false, error: 'WrongExpectedRevisionError' }),
        );
      }
      const revisions = async () => (await h.store.readStream(stream)).map((e) => e.revision);
      const all = Array.from({ length: 11 }, (_, i) => i);
      // the last winner may be another process: shown once this store knows it is durable
      if (h.othersShownWithinMs !== undefined)
        await eventually(
          async () => (await revisions()).length === all.length,
          h.othersShownWithinMs,
          "the last round's winner",
        ).catch(() => undefined);
      expect(await revisions()).toEqual(all);
    });

    it('tells a stream surely empty only when it is: never once appended to, here or elsewhere', async () => {
      const empty = (stream: string) => h.store.surelyEmpty?.(stream) ?? false;
      const category = h.filteredCategory;
      if (!category) {
        expect(empty(uniqueStream())).toBe(false);
        return;
      }
      const fresh = uniqueStream(category);
      // the filter is built at open, in turns
      await eventually(() => empty(fresh), 5_000, 'the filter built');
      const appended = h.store.append(fresh, events(2), 'no_stream');
      expect(empty(fresh)).toBe(false); // pending: a command's load already sees it
      await appended;
      expect(empty(fresh)).toBe(false);
      expect(empty(uniqueStream('unfiltered'))).toBe(false);
      expect(empty(uniqueStream(category))).toBe(true);
      if (!h.race) return;
      // appended by another process: once this store's reads show it, it is not empty either
      const theirs = uniqueStream(category);
      const [outcome] = await h.race(theirs, [{ expected: 'no_stream', events: events(1) }]);
      expect(outcome).toEqual({ ok: true, nextRevision: 0 });
      await eventually(
        async () => (await h.store.readStream(theirs)).length === 1,
        h.othersShownWithinMs ?? 0,
        "the other process's append",
      );
      expect(empty(theirs)).toBe(false);
    });

    it('orders the global log by position across interleaved streams', async () => {
      const start = await h.store.headPosition();
      const a = uniqueStream();
      const b = uniqueStream();
      await h.store.append(a, events(2, 'A'), 'no_stream');
      await h.store.append(b, events(2, 'B'), 'no_stream');
      await h.store.append(a, events(1, 'A'), 1);
      const all = await h.store.readAll(start, 100);
      const mine = all.filter((e) => e.stream === a || e.stream === b);
      expect(mine.map((e) => `${e.stream === a ? 'a' : 'b'}${e.revision}`)).toEqual([
        'a0',
        'a1',
        'b0',
        'b1',
        'a2',
      ]);
      const positions = all.map((e) => BigInt(e.position));
      for (let i = 1; i < positions.length; i++) expect(positions[i] > positions[i - 1]).toBe(true);
      expect(await h.store.headPosition()).toBe(all[all.length - 1].position);
      const afterFirst = await h.store.readAll(mine[0].position, 100);
      expect(afterFirst.find((e) => e.id === mine[0].id)).toBeUndefined();
      expect(afterFirst.find((e) => e.id === mine[1].id)).toBeDefined();
    });

    it('treats a retried append (same event ids) as done: same answer, nothing written twice', async () => {
      const stream = uniqueStream();
      const batch = events(2);
      const first = await h.store.append(stream, batch, 'no_stream');
      await h.store.append(stream, events(1), 1);
      expect(await h.store.append(stream, batch, 'no_stream')).toEqual(first);
      expect(await h.store.append(stream, batch, 'any')).toEqual(first);
      expect(await h.store.readStream(stream)).toHaveLength(3);
      await expect(h.store.append(uniqueStream(), batch, 'any')).rejects.toBeInstanceOf(
        DuplicateEventIdError,
      );
    });

    it('appends to several streams at once: all stored, in one stretch of the global log', async () => {
      const [a, b] = [uniqueStream(), uniqueStream()];
      await h.store.append(b, events(1), 'no_stream');
      const [ea, eb] = [events(2), events(1)];
      const result = await h.store.appendMany([
        { stream: a, events: ea, expected: 'no_stream' },
        { stream: b, events: eb, expected: 0 },
      ]);
      expect(result.streams).toEqual({ [a]: 1, [b]: 1 });
      const [readA, readB] = [await h.store.readStream(a), await h.store.readStream(b)];
      expect(readA.map((e) => e.id)).toEqual(ea.map((e) => e.id));
      expect(readB.map((e) => e.revision)).toEqual([0, 1]);
      expect(readB[1].id).toBe(eb[0].id);
      expect(result.position).toBe(readB[1].position);
    });

    it('writes nothing of a multi-stream append when one stream is not at its expected revision', async () => {
      const [a, b] = [uniqueStream(), uniqueStream()];
      await h.store.append(b, events(2), 'no_stream');
      await expect(
        h.store.appendMany([
          { stream: a, events: events(1), expected: 'no_stream' },
          { stream: b, events: events(1), expected: 0 },
        ]),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect(await h.store.readStream(a)).toEqual([]);
      expect(await h.store.readStream(b)).toHaveLength(2);
    });

    it('answers a retried multi-stream append with its first result, writing nothing twice', async () => {
      const [a, b] = [uniqueStream(), uniqueStream()];
      const writes = [
        { stream: a, events: events(1), expected: 'no_stream' as const },
        { stream: b, events: events(2), expected: 'no_stream' as const },
      ];
      const first = await h.store.appendMany(writes);
      expect(await h.store.appendMany(writes)).toEqual(first);
      expect(await h.store.readStream(b)).toHaveLength(2);
      await expect(
        h.store.appendMany([{ stream: a, events: events(1), expected: 'any' }, writes[0]]),
      ).rejects.toThrow('appears twice');
    });

    it('checks a stream without writing to it: the append happens only if it did not move', async () => {
      const [written, checked] = [uniqueStream(), uniqueStream()];
      await h.store.append(checked, events(1), 'no_stream');
      const ok = await h.store.appendMany([
        { stream: written, events: events(1), expected: 'no_stream' },
        { stream: checked, events: [], expected: 0 },
      ]);
      expect(ok.streams).toEqual({ [written]: 0 });
      await h.store.append(checked, events(1), 0);
      await expect(
        h.store.appendMany([
          { stream: written, events: events(1), expected: 0 },
          { stream: checked, events: [], expected: 0 },
        ]),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect(await h.store.readStream(written)).toHaveLength(1);
      await expect(h.store.appendMany([{ stream: checked, events: [], expected: 1 }])).rejects.toThrow(
        'Nothing to append',
      );
    });

    it('lets exactly one of two racing multi-stream appends that share a stream win', async () => {
      const shared = uniqueStream();
      await h.store.append(shared, events(1), 'no_stream');
      const outcomes = await Promise.allSettled(
        [uniqueStream(), uniqueStream()].map((own) =>
          h.store.appendMany([
            { stream: own, events: events(1), expected: 'no_stream' },
            { stream: shared, events: events(1), expected: 0 },
          ]),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(await h.store.readStream(shared)).toHaveLength(2);
    });

    it('reads a stream as it was at an instant (asOf)', async () => {
      const stream = uniqueStream();
      await h.store.append(stream, [anEvent('Opened')], 'no_stream');
      await sleep(30);
      const instant = new Date().toISOString();
      await sleep(30);
      await h.store.append(stream, [anEvent('Changed')], 0);
      expect((await h.store.readStream(stream, { asOf: instant })).map((e) => e.type)).toEqual(['Opened']);
      expect((await h.store.readStream(stream)).map((e) => e.type)).toEqual(['Opened', 'Changed']);
      expect(await h.store.readStream(stream, { asOf: '2000-01-01T00:00:00.000Z' })).toEqual([]);
    });

    it('subscribes: catches up from a position, then delivers new events live, in order', async () => {
      const stream = uniqueStream();
      const before = await h.store.headPosition();
      await h.store.append(stream, events(5), 'no_stream');
      const seen: RecordedEvent[] = [];
      let caughtUp = 0;
      const sub = h.store.subscribeAll(
        before,
        (batch) => {
          seen.push(...batch.filter((e) => e.stream === stream));
        },
        { maxBatch: 2, onCaughtUp: () => caughtUp++ },
      );
      await eventually(() => seen.length === 5 && caughtUp > 0, 10000, 'catch-up');
      await h.store.append(stream, events(3), 4);
      await eventually(() => seen.length === 8, 10000, 'live events');
      await sub.stop();
      expect(seen.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(sub.position).toBe(seen[7].position);
    });

    it('resumes a subscription after a failing handler, losing nothing (at least once, in order)', async () => {
      const stream = uniqueStream();
      const before = await h.store.headPosition();
      await h.store.append(stream, events(4), 'no_stream');
      const handled: number[] = [];
      let failures = 0;
      const sub = h.store.subscribeAll(
        before,
        (batch) => {
          for (const e of batch.filter((x) => x.stream === stream)) {
            if (e.revision === 2 && failures < 2) {
              failures++;
              throw new Error('projector hiccup');
            }
            handled.push(e.revision);
          }
        },
        { maxBatch: 1, retryDelayMs: 10, onError: () => undefined },
      );
      await eventually(() => handled.includes(3), 10000, 'redelivery');
      await sub.stop();
      expect(failures).toBe(2);
      expect(handled).toEqual([0, 1, 2, 3]);
    });
  });
