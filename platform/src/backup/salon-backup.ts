import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { parseStreamName, type RecordedEvent } from '@rawnaq/contracts';
import type { EventStore } from '../event-store/port';
import type { StoredRow } from '../event-store/sqlite/sqlite-event-store';
import type { FileStore } from '../file-store/port';

/**
 * A salon's whole history as one portable archive: `rawnaq-backup-<account>-<date>.jsonl.gz`.
 *
 * Format 1 is one gzip stream of JSON lines (UTF-8, `\n` after each line), in this order:
 *  1. a header `{"format":"rawnaq-backup","version":1,"tenant":"<id>"}`;
 *  2. the tenant's events in global order, one a line:
 *     `{"e":{"id","type","stream","revision","recorded_at","data","metadata"}}` (metadata holds the
 *     envelope's tenantId, actor, correlation and schemaVersion as stored);
 *  3. the tenant's uploaded files (those its `FileUploaded` events name), one a line:
 *     `{"f":{"id","name","content_type","size","sha256","base64"}}`;
 *  4. the manifest, last: `{"manifest":{tenant, account_id, salon names, counts, exported_at,
 *     product_version, up_to_position, parts: {events: {count, sha256}, files: {count, sha256}},
 *     files: [{id, size, sha256}]}}`, where a part's sha256 is that of the exact bytes of its lines.
 *
 * Why this shape: it is written as the log is read (no whole history in memory, the manifest's hashes
 * computed on the way), it needs nothing but Node's zlib to write or read (any `zcat | jq` opens it),
 * and files are small (5 MB at most each, doc2 §5.3), so base64 inline costs little.
 */
export const BACKUP_FORMAT = 'rawnaq-backup';
export const BACKUP_VERSION = 1;

export type BackupManifest = {
  tenant: string;
  account_id: number | null;
  name_en: string | null;
  name_ar: string | null;
  exported_at: string;
  product_version: string;
  up_to_position: string;
  counts: { events: number; streams: number; files: number };
  parts: { events: { count: number; sha256: string }; files: { count: number; sha256: string } };
  files: Array<{ id: string; size: number; sha256: string }>;
};

export type BackupInfo = {
  accountId: number | null;
  nameEn: string | null;
  nameAr: string | null;
  productVersion: string;
  exportedAt: Date;
};

/** Refusals of an import, each with a message that says what was wrong. */
export class BackupRefused extends Error {
  constructor(
    readonly reason: 'malformed' | 'tampered' | 'tenant_exists' | 'foreign_stream',
    message: string,
  ) {
    super(message);
    this.name = 'BackupRefused';
  }
}

const BATCH = 2000;

type RowSource = { readTenantRows?: (t: string, after: string, max: number, upTo?: string) => StoredRow[] };

/** Each event's line, built from the stored JSON text when the store gives it (no parse, no stringify). */
const lineOfRow = (r: StoredRow): string =>
  `{"e":{"id":${JSON.stringify(r.id)},"type":${JSON.stringify(r.type)},"stream":${JSON.stringify(r.stream)},"revision":${r.revision},"recorded_at":"${new Date(r.recorded_at).toISOString()}","data":${r.data},"metadata":${r.metadata}}}\n`;

const lineOfEvent = (e: RecordedEvent): string =>
  `${JSON.stringify({
    e: {
      id: e.id,
      type: e.type,
      stream: e.stream,
      revision: e.revision,
      recorded_at: e.recordedAt,
      data: e.data,
      metadata: e.metadata,
    },
  })}\n`;

/**
 * Writes the tenant's archive to `out` (ended when done), as it reads the log: events up to the
 * head at the start, then its files, then the manifest. Answers the manifest.
 */
export const writeSalonBackup = async (
  store: EventStore,
  files: FileStore,
  tenantId: string,
  info: BackupInfo,
  out: Writable,
): Promise<BackupManifest> => {
  const gzip = createGzip({ level: 1 });
  const piped = gzip.pipe(out);
  const finished = once(piped, 'finish');
  const write = async (text: string) => {
    if (!gzip.write(text)) await once(gzip, 'drain');
  };
  const upTo = await store.headPosition();
  await write(`${JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_VERSION, tenant: tenantId })}\n`);
  const eventsHash = createHash('sha256');
  const streams = new Set<string>();
  const fileIds: string[] = [];
  let count = 0;
  let after = '0';
  const rowsOf = (store as unknown as RowSource).readTenantRows?.bind(store);
  for (;;) {
    let chunk = '';
    let n = 0;
    if (rowsOf) {
      const rows = rowsOf(tenantId, after, BATCH, upTo);
      n = rows.length;
      for (const r of rows) {
        chunk += lineOfRow(r);
        streams.add(r.stream);
        if (r.type === 'FileUploaded') fileIds.push((JSON.parse(r.data) as { file_id: string }).file_id);
      }
      if (n) after = String(rows[n - 1].position);
    } else {
      const events = await store.readTenant(tenantId, after, BATCH, upTo);
      n = events.length;
      for (const e of events) {
        chunk += lineOfEvent(e);
        streams.add(e.stream);
        if (e.type === 'FileUploaded') fileIds.push((e.data as { file_id: string }).file_id);
      }
      if (n) after = events[n - 1].position;
    }
    if (n === 0) break;
    count += n;
    eventsHash.update(chunk);
    await write(chunk);
  }
  const filesHash = createHash('sha256');
  const listed: BackupManifest['files'] = [];
  for (const id of fileIds) {
    const file = await files.get(tenantId, id);
    if (!file) continue; // an upload whose bytes were never stored (a crash between the two)
    const sha256 = createHash('sha256').update(file.bytes).digest('hex');
    const line = `${JSON.stringify({
      f: {
        id,
        name: file.meta.name,
        content_type: file.meta.contentType,
        size: file.bytes.length,
        sha256,
        base64: file.bytes.toString('base64'),
      },
    })}\n`;
    filesHash.update(line);
    listed.push({ id, size: file.bytes.length, sha256 });
    await write(line);
  }
  const manifest: BackupManifest = {
    tenant: tenantId,
    account_id: info.accountId,
    name_en: info.nameEn,
    name_ar: info.nameAr,
    exported_at: info.exportedAt.toISOString(),
    product_version: info.productVersion,
    up_to_position: upTo,
    counts: { events: count, streams: streams.size, files: listed.length },
    parts: {
      events: { count, sha256: eventsHash.digest('hex') },
      files: { count: listed.length, sha256: filesHash.digest('hex') },
    },
    files: listed,
  };
  await write(`${JSON.stringify({ manifest })}\n`);
  gzip.end();
  await finished;
  return manifest;
};

type Line =
  | { kind: 'header'; tenant: string }
  | { kind: 'event'; text: string }
  | { kind: 'file'; text: string }
  | { kind: 'manifest'; manifest: BackupManifest };

const malformed = (what: string) => new BackupRefused('malformed', `Not a Rawnaq salon backup: ${what}`);

/** The archive's text, ungzipped, split into lines (a chunk's lines at a time: no per-line await). */
async function* rawLines(open: () => Readable): AsyncGenerator<string[]> {
  const source = open();
  const gunzip = createGunzip();
  source.on('error', (e) => gunzip.destroy(e));
  gunzip.setEncoding('utf8'); // a character cut between two chunks is joined again
  let rest = '';
  try {
    for await (const chunk of source.pipe(gunzip) as AsyncIterable<string>) {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop()!;
      if (lines.length) yield lines;
    }
  } finally {
    source.destroy();
  }
  if (rest !== '') yield [rest];
}

/** The archive's lines classified by their first key (without parsing events), the header checked. */
async function* linesOf(open: () => Readable): AsyncGenerator<Line[]> {
  let first = true;
  try {
    for await (const texts of rawLines(open)) {
      const out: Line[] = [];
      for (const text of texts) {
        if (first) {
          first = false;
          let header: { format?: string; version?: number; tenant?: string };
          try {
            header = JSON.parse(text) as typeof header;
          } catch {
            throw malformed('its first line is not JSON');
          }
          if (
            header.format !== BACKUP_FORMAT ||
            header.version !== BACKUP_VERSION ||
            typeof header.tenant !== 'string'
          )
            throw malformed(`format ${String(header.format)} version ${String(header.version)}`);
          out.push({ kind: 'header', tenant: header.tenant });
        } else if (text.startsWith('{"e":')) out.push({ kind: 'event', text });
        else if (text.startsWith('{"f":')) out.push({ kind: 'file', text });
        else if (text.startsWith('{"manifest":')) {
          try {
            out.push({
              kind: 'manifest',
              manifest: (JSON.parse(text) as { manifest: BackupManifest }).manifest,
            });
          } catch {
            throw malformed('its manifest is not JSON');
          }
        } else if (text !== '') throw malformed('a line of an unknown kind');
      }
      yield out;
    }
  } catch (e) {
    if (e instanceof BackupRefused) throw e;
    throw malformed((e as Error).message);
  }
  if (first) throw malformed('it is empty');
}

/**
 * Reads the archive once and checks it whole against its manifest (every part's hash and count), before
 * anything is written. Answers the manifest.
 */
export const verifySalonBackup = async (open: () => Readable): Promise<BackupManifest> => {
  const eventsHash = createHash('sha256');
  const filesHash = createHash('sha256');
  let tenant: string | undefined;
  let events = 0;
  let files = 0;
  let manifest: BackupManifest | undefined;
  for await (const lines of linesOf(open))
    for (const line of lines) {
      if (manifest) throw malformed('lines after its manifest');
      if (line.kind === 'header') tenant = line.tenant;
      else if (line.kind === 'event') {
        // another salon's stream is refused before anything is written (the import checks it again, parsed)
        const stream = STREAM_OF.exec(line.text)?.[1];
        if (!stream || parseStreamName(JSON.parse(stream) as string)?.tenantId !== tenant)
          throw new BackupRefused('foreign_stream', `The backup holds a stream of another salon: ${stream}`);
        eventsHash.update(line.text);
        eventsHash.update('\n');
        events++;
      } else if (line.kind === 'file') {
        filesHash.update(line.text);
        filesHash.update('\n');
        files++;
      } else manifest = line.manifest;
    }
  if (!manifest) throw malformed('it has no manifest (cut short?)');
  const tampered = (what: string) =>
    new BackupRefused(
      'tampered',
      `The backup was changed after it was made: ${what} does not match its manifest`,
    );
  if (manifest.tenant !== tenant) throw tampered('the salon');
  if (manifest.parts?.events?.count !== events || manifest.parts.events.sha256 !== eventsHash.digest('hex'))
    throw tampered('the events');
  if (manifest.parts?.files?.count !== files || manifest.parts.files.sha256 !== filesHash.digest('hex'))
    throw tampered('the files');
  return manifest;
};

const STREAM_OF = /^\{"e":\{"id":"[^"\\]*","type":"[^"\\]*","stream":("(?:[^"\\]|\\.)*")/;

type ImportSink = {
  importRecordedSync?: (events: Array<Omit<RecordedEvent, 'position'>>) => string;
};

/**
 * Takes a verified archive into a store where its salon does not exist yet: its events with their
 * ids, streams, revisions, metadata and instants, then its files (each checked against its hash). The
 * projections then build the salon's read models from the log as from any append. Answers the manifest
 * and the last position written.
 */
export const importSalonBackup = async (
  store: EventStore,
  files: FileStore,
  open: () => Readable,
): Promise<{ manifest: BackupManifest; position: string }> => {
  const manifest = await verifySalonBackup(open);
  const tenant = manifest.tenant;
  if (!/^[^-.]+$/.test(tenant)) throw malformed(`tenant ${tenant}`);
  if ((await store.readTenant(tenant, '0', 1)).length > 0)
    throw new BackupRefused(
      'tenant_exists',
      `Salon ${tenant} already exists in this store: nothing was imported`,
    );
  const sink = (store as unknown as ImportSink).importRecordedSync?.bind(store);
  let batch: Array<Omit<RecordedEvent, 'position'>> = [];
  let position = '0';
  const flush = async () => {
    if (!batch.length) return;
    position = sink ? sink(batch) : await store.importRecorded(batch as RecordedEvent[]);
    batch = [];
  };
  const fileHashes = new Map(manifest.files.map((f) => [f.id, f.sha256]));
  for await (const lines of linesOf(open))
    for (const line of lines) {
      if (line.kind === 'event') {
        const { e } = JSON.parse(line.text) as {
          e: {
            id: string;
            type: string;
            stream: string;
            revision: number;
            recorded_at: string;
            data: unknown;
            metadata: unknown;
          };
        };
        if (parseStreamName(e.stream)?.tenantId !== tenant)
          throw new BackupRefused(
            'foreign_stream',
            `The backup holds a stream of another salon: ${e.stream}`,
          );
        batch.push({
          id: e.id,
          type: e.type,
          stream: e.stream,
          revision: e.revision,
          recordedAt: e.recorded_at,
          data: e.data,
          metadata: e.metadata,
        } as Omit<RecordedEvent, 'position'>);
        if (batch.length >= 5000) await flush();
      } else if (line.kind === 'file') {
        await flush();
        const { f } = JSON.parse(line.text) as {
          f: { id: string; name: string; content_type: string; size: number; sha256: string; base64: string };
        };
        const bytes = Buffer.from(f.base64, 'base64');
        if (createHash('sha256').update(bytes).digest('hex') !== (fileHashes.get(f.id) ?? f.sha256))
          throw new BackupRefused('tampered', `The backup was changed after it was made: file ${f.id}`);
        await files.put(tenant, f.id, bytes, {
          name: f.name,
          contentType: f.content_type,
          size: bytes.length,
        });
      }
    }
  await flush();
  return { manifest, position };
};

/** An archive in memory (tests, an upload) as what the import reads twice. */
export const fromBuffer = (bytes: Buffer) => () => Readable.from([bytes]);
