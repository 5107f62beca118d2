import Database from 'better-sqlite3';
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  DiskFileStore,
  EVENTS_SCHEMA,
  importSalonBackup,
  SqliteEventStore,
  writeSalonBackup,
} from '@rawnaq/platform';
import { seedEvents } from './catch-up';

export type BackupFigures = {
  events: number;
  archiveBytes: number;
  export: { seconds: number; eventsPerSecond: number };
  /** the baseline of the export: the raw scan of the same events (readAll, parsed, in batches) */
  readAll: { seconds: number; eventsPerSecond: number };
  ratioExportToReadAll: number;
  /** verify the archive against its manifest, then append its events as recorded */
  import: { seconds: number; eventsPerSecond: number };
  /** the baseline of the import: the same rows inserted raw with better-sqlite3, 5,000 per transaction */
  rawInsert: { seconds: number; eventsPerSecond: number };
  ratioImportToRawInsert: number;
};

const timed = async <T>(work: () => Promise<T> | T): Promise<[T, number]> => {
  const started = process.hrtime.bigint();
  const result = await work();
  return [result, Number(process.hrtime.bigint() - started) / 1e9];
};
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

/**
 * platform: a salon of `events` events (written straight into a fresh SQLite event store) exported to
 * its backup archive, beside the raw readAll scan of the same events; then imported into an empty
 * store, beside a raw insert of the same rows.
 */
export const backupBench = async (
  dir: string,
  events: number,
  log: (s: string) => void,
): Promise<BackupFigures> => {
  const file = join(dir, 'backup-source.db');
  seedEvents(file, events, Math.max(1, Math.floor(events / 10)));
  const source = new SqliteEventStore({ file, synchronous: 'NORMAL' });
  const files = new DiskFileStore(join(dir, 'backup-files'));

  const [scanned, readAllSeconds] = await timed(() => {
    let after = '0';
    let n = 0;
    for (;;) {
      const batch = source.readAllSync(after, 2000);
      if (!batch.length) return n;
      n += batch.length;
      after = batch[batch.length - 1].position;
    }
  });
  log(`  readAll scan: ${scanned} events in ${round(readAllSeconds)} s`);

  const archive = join(dir, 'backup.jsonl.gz');
  const [manifest, exportSeconds] = await timed(() =>
    writeSalonBackup(
      source,
      files,
      'bench',
      { accountId: null, nameEn: 'Bench', nameAr: null, productVersion: 'bench', exportedAt: new Date() },
      createWriteStream(archive),
    ),
  );
  if (manifest.counts.events !== events) throw new Error(`exported ${manifest.counts.events} of ${events}`);
  log(`  export: ${manifest.counts.events} events in ${round(exportSeconds)} s`);

  // the baseline of the import: the same rows, raw, into a fresh file
  const rawFile = join(dir, 'backup-raw.db');
  const raw = new Database(rawFile);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.exec(EVENTS_SCHEMA);
  const insert = raw.prepare(
    'INSERT INTO events (stream, revision, id, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const [, rawSeconds] = await timed(() => {
    let after = '0';
    const tx = raw.transaction((rows: ReturnType<SqliteEventStore['readAllSync']>) => {
      for (const e of rows)
        insert.run(
          e.stream,
          e.revision,
          e.id,
          e.type,
          JSON.stringify(e.data),
          JSON.stringify(e.metadata),
          Date.parse(e.recordedAt),
        );
    });
    for (;;) {
      const batch = source.readAllSync(after, 5000);
      if (!batch.length) return;
      tx(batch);
      after = batch[batch.length - 1].position;
    }
  });
  raw.close();
  await source.close();
  log(`  raw insert (with its reads): ${events} events in ${round(rawSeconds)} s`);

  const target = new SqliteEventStore({ file: join(dir, 'backup-target.db'), synchronous: 'NORMAL' });
  const [, importSeconds] = await timed(() =>
    importSalonBackup(target, new DiskFileStore(join(dir, 'backup-files-2')), () =>
      createReadStream(archive),
    ),
  );
  const imported = Number(await target.headPosition());
  await target.close();
  if (imported !== events) throw new Error(`imported ${imported} of ${events}`);
  log(`  import: ${imported} events in ${round(importSeconds)} s`);

  const perSecond = (s: number) => Math.round(events / s);
  return {
    events,
    archiveBytes: statSync(archive).size,
    export: { seconds: round(exportSeconds), eventsPerSecond: perSecond(exportSeconds) },
    readAll: { seconds: round(readAllSeconds), eventsPerSecond: perSecond(readAllSeconds) },
    ratioExportToReadAll: round(readAllSeconds / exportSeconds),
    import: { seconds: round(importSeconds), eventsPerSecond: perSecond(importSeconds) },
    rawInsert: { seconds: round(rawSeconds), eventsPerSecond: perSecond(rawSeconds) },
    ratioImportToRawInsert: round(rawSeconds / importSeconds),
  };
};
