import { PassThrough } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { newId, type EventEnvelope } from '@rawnaq/contracts';
import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store';
import { WrongExpectedRevisionError } from '../event-store/port';
import { DiskFileStore } from '../file-store/disk-file-store';
import { fromBuffer, importSalonBackup, writeSalonBackup } from './salon-backup';

const event = (tenantId: string, type: string, data: Record<string, unknown> = {}): EventEnvelope => ({
  id: newId(),
  type,
  data,
  metadata: {
    tenantId,
    actor: { kind: 'system', id: 'test' },
    correlationId: 'c',
    causationId: 'c',
    occurredAt: '2026-01-01T00:00:00.000Z',
    schemaVersion: 2,
  },
});

const exportOf = async (store: SqliteEventStore, files: DiskFileStore, tenant: string) => {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const info = { accountId: 1, nameEn: 'A', nameAr: 'أ', productVersion: 'test', exportedAt: new Date() };
  await writeSalonBackup(store, files, tenant, info, out);
  return Buffer.concat(chunks);
};

describe('readTenant, importRecorded and a salon backup on SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rawnaq-backup-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads one tenant only (a category with a dash, a tenant that is a prefix of another), in order', async () => {
    const store = new SqliteEventStore({ file: ':memory:' });
    await store.append('customer-1.a', [event('1', 'A')], 'no_stream');
    await store.append('customer-11.a', [event('11', 'B')], 'no_stream');
    await store.append('gateway-payment-1.x-1.y', [event('1', 'C')], 'no_stream');
    await store.append('customer-2.x-1.y', [event('2', 'D')], 'no_stream');
    await store.append('customer-1.a', [event('1', 'E')], 0);
    const all = await store.readTenant('1', '0', 100);
    expect(all.map((e) => e.type)).toEqual(['A', 'C', 'E']);
    expect((await store.readTenant('1', all[0].position, 1)).map((e) => e.type)).toEqual(['C']);
    expect((await store.readTenant('1', '0', 100, all[1].position)).map((e) => e.type)).toEqual(['A', 'C']);
    await store.close();
  });

  it('imports recorded events as they were, refusing a gap in a stream whole', async () => {
    const from = new SqliteEventStore({ file: ':memory:' });
    await from.append('customer-1.a', [event('1', 'A'), event('1', 'B')], 'no_stream');
    const recorded = await from.readTenant('1', '0', 10);
    const to = new SqliteEventStore({ file: ':memory:' });
    await to.append('customer-2.z', [event('2', 'Z')], 'no_stream');
    await expect(to.importRecorded([recorded[1]])).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await to.headPosition()).toBe('1');
    await to.importRecorded(recorded);
    const back = await to.readStream('customer-1.a');
    expect(back.map(({ position: _p, ...e }) => e)).toEqual(recorded.map(({ position: _p, ...e }) => e));
    await from.close();
    await to.close();
  });

  it('round-trips events and files through the archive, and refuses a salon that exists', async () => {
    const store = new SqliteEventStore({ file: ':memory:' });
    const files = new DiskFileStore(join(dir, 'a'));
    await files.put('1', 'f1', Buffer.from('hello'), { name: 'h.txt', contentType: 'text/plain', size: 5 });
    await store.append('file-1.f1', [event('1', 'FileUploaded', { file_id: 'f1' })], 'no_stream');
    await store.append('customer-2.b', [event('2', 'Other')], 'no_stream');
    const archive = await exportOf(store, files, '1');
    expect(gunzipSync(archive).toString()).not.toContain('Other');
    const target = new SqliteEventStore({ file: ':memory:' });
    const targetFiles = new DiskFileStore(join(dir, 'b'));
    const { manifest } = await importSalonBackup(target, targetFiles, fromBuffer(archive));
    expect(manifest.counts).toEqual({ events: 1, streams: 1, files: 1 });
    expect((await target.readTenant('1', '0', 10)).map((e) => e.type)).toEqual(['FileUploaded']);
    expect((await targetFiles.get('1', 'f1'))?.bytes.toString()).toBe('hello');
    await expect(importSalonBackup(target, targetFiles, fromBuffer(archive))).rejects.toMatchObject({
      reason: 'tenant_exists',
    });
    await store.close();
    await target.close();
  });
});
