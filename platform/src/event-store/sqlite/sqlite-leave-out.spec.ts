import type { RecordedEvent } from '@rawnaq/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anEvent, eventually, uniqueStream } from '../../testing/events.test-support';
import { SqliteEventStore } from './sqlite-event-store';

describe('SqliteEventStore leaveOut: fields a reader of the whole log never needs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rawnaq-leave-out-'));
  const file = join(dir, 'events.db');
  const writer = new SqliteEventStore({ file });
  const reader = new SqliteEventStore({ file, leaveOut: { Signed: ['xml', 'raw'] }, pollIntervalMs: 10 });
  const stream = uniqueStream('chain');
  const signed = anEvent('Signed', {
    n: 1,
    xml: `<Invoice note="${'é'.repeat(3)} &amp; \\"q\\"">${'x'.repeat(20_000)}</Invoice>`,
    raw: { nested: [1, 2.5, null] },
    qr: 'AQ==',
    amount: 1150,
    note: 'حلاقة "خاصة"',
  });
  const other = anEvent('Noted', { xml: '<kept/>', raw: 'kept too' });

  beforeAll(async () => {
    await writer.append(stream, [signed, other], 'no_stream');
  });
  afterAll(async () => {
    await reader.close();
    await writer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const { xml: _xml, raw: _raw, ...rest } = signed.data as Record<string, unknown>;

  it('reads the whole log without the named fields of the named types, every other field as written', async () => {
    const [first, second] = await reader.readAll('0', 10);
    expect(first.type).toBe('Signed');
    expect(first.data).toEqual(rest);
    expect(Object.keys(first.data)).toEqual(Object.keys(rest)); // in the order written
    expect(first.metadata).toEqual(signed.metadata);
    // another type keeps fields of the same names
    expect(second.data).toEqual(other.data);
  });

  it('hands the subscriptions the same events', async () => {
    const seen: RecordedEvent[] = [];
    const subscription = reader.subscribeAll('0', async (batch) => {
      seen.push(...batch);
    });
    try {
      await eventually(() => seen.length === 2, 5000, 'both events');
      expect(seen[0].data).toEqual(rest);
      expect(seen[1].data).toEqual(other.data);
    } finally {
      await subscription.stop();
    }
  });

  it('keeps every field in the reads of a stream and of a tenant, and for a store without it', async () => {
    const [fromStream] = await reader.readStream(stream);
    expect(fromStream.data).toEqual(signed.data);
    const [fromTenant] = await reader.readTenant('t1', '0', 10);
    expect(fromTenant.data).toEqual(signed.data);
    const [whole] = await writer.readAll('0', 1);
    expect(whole.data).toEqual(signed.data);
  });

  it('refuses a name it would have to write into its SQL as is', () => {
    const bad: Array<Record<string, string[]>> = [
      { "Signed' OR 1": ['xml'] },
      { Signed: ["xml') --"] },
      { Signed: ['a.b'] },
    ];
    for (const leaveOut of bad)
      expect(() => new SqliteEventStore({ file: ':memory:', leaveOut })).toThrow(/not a plain name/);
  });
});
