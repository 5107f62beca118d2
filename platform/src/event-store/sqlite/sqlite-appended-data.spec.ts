import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anEvent, uniqueStream } from '../../testing/events.test-support';
import { SqliteEventStore } from './sqlite-event-store';

/**
 * A stream's last append is read back from memory by the next command's load (the rows this connection
 * wrote last, or the writer's appends in flight). Its data is what the file holds, exactly: what JSON
 * makes of it, whether it was copied (flat data) or parsed.
 */
describe.each([
  ['on the calling thread', false],
  ['with the writer thread', true],
])('SqliteEventStore: what a load reads back of its own last append (%s)', (_name, syncOffThread) => {
  const dir = mkdtempSync(join(tmpdir(), 'rawnaq-appended-'));
  const file = join(dir, 'events.db');
  const store = new SqliteEventStore({ file, syncOffThread, synchronous: 'NORMAL' });
  const fromFile = new SqliteEventStore({ file, synchronous: 'NORMAL' });
  afterAll(async () => {
    await fromFile.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** appends `data` as a stream's second event, reads it back as a load would, and from the file */
  const roundTrip = async (data: Record<string, unknown>) => {
    const stream = uniqueStream('chain');
    await store.append(stream, [anEvent('Begun')], 'no_stream');
    const appended = store.append(stream, [anEvent('Signed', data)], 0);
    const inFlight = await store.readStream(stream, { fromRevision: 1, pending: true });
    await appended;
    const remembered = await store.readStream(stream, { fromRevision: 1, pending: true });
    const [stored] = await fromFile.readStream(stream, { fromRevision: 1 });
    return { inFlight: inFlight[0].data, remembered: remembered[0].data, stored: stored.data };
  };

  const value = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.constant(-0),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
  );

  it('is what JSON makes of the data appended, flat or not (500 random data)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('__proto__', '0', '10', 'xml')), value, {
          maxKeys: 6,
        }),
        async (data) => {
          const json = JSON.parse(JSON.stringify(data)) as unknown;
          const { inFlight, remembered, stored } = await roundTrip(data);
          expect(stored).toStrictEqual(json);
          expect(inFlight).toStrictEqual(json);
          expect(remembered).toStrictEqual(json);
          // in the same key order
          expect(Object.keys(remembered)).toEqual(Object.keys(json as object));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('is a copy: neither changing the data appended nor changing what was read changes the next read', async () => {
    const stream = uniqueStream('chain');
    await store.append(stream, [anEvent('Begun')], 'no_stream');
    const data: Record<string, unknown> = { icv: 7, hash: 'abc', standard: false, note: null };
    await store.append(stream, [anEvent('Signed', data)], 0);
    data.icv = 8;
    const [first] = await store.readStream(stream, { fromRevision: 1, pending: true });
    expect(first.data).toEqual({ icv: 7, hash: 'abc', standard: false, note: null });
    (first.data as Record<string, unknown>).hash = 'changed';
    const [again] = await store.readStream(stream, { fromRevision: 1, pending: true });
    expect(again.data).toEqual({ icv: 7, hash: 'abc', standard: false, note: null });
  });

  it("writes each event's own metadata, made once for the events of an append that share one object", async () => {
    const [a, b] = [uniqueStream('x'), uniqueStream('y')];
    const shared = anEvent('One').metadata;
    const own = anEvent('Other').metadata;
    const { position } = await store.appendMany([
      {
        stream: a,
        events: [
          { ...anEvent('One'), metadata: shared },
          { ...anEvent('Two'), metadata: shared },
        ],
        expected: 'no_stream',
      },
      {
        stream: b,
        events: [
          { ...anEvent('Three'), metadata: own },
          { ...anEvent('Four'), metadata: shared },
        ],
        expected: 'no_stream',
      },
    ]);
    const stored = (await fromFile.readAll(String(Number(position) - 4), 10)).filter(
      (e) => e.stream === a || e.stream === b,
    );
    expect(stored.map((e) => e.metadata)).toEqual([shared, shared, own, shared]);
  });
});
