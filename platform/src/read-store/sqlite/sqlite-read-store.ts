import type Database from 'better-sqlite3';
import type { Worker } from 'node:worker_threads';
import { resolve } from 'node:path';
import type {
  Checkpoint,
  CollectionSpec,
  Doc,
  FieldCondition,
  Filter,
  FindOptions,
  PositionedChange,
  ProjectionRecord,
  ReadStore,
  SumRow,
  SumSpec,
} from '../port';
import {
  BatchSizedCache,
  bind,
  column,
  escapeLike,
  jsonPath,
  openReadDb,
  SMALL_BATCH,
  table,
  type SqliteReadStoreOptions,
} from './sqlite-sql';
import { SqliteWriter } from './sqlite-writer';
import { startWorkerFile } from '../../runtime/worker-file';
import { READ_STORE_CHECKPOINTS, WalCheckpointer } from '../../runtime/wal-checkpointer';

export type { SqliteReadStoreOptions };

type Compiled = { sql: string; params: Array<string | number | null> };
type Pending = { resolve: () => void; reject: (e: Error) => void };
type QueuedWrite = {
  changes: PositionedChange[];
  checkpoint?: Checkpoint;
  resolve: () => void;
  reject: (e: unknown) => void;
};

/**
 * Read models in SQLite: one table per collection holding JSON documents, with a plain column (and an
 * index) for every field a projection declared as indexed. Other fields are still queryable through
 * json_extract, only slower. Writes may run in a worker thread (their own connection), so a
 * projection computes its next batch while the last one commits.
 */
export class SqliteReadStore implements ReadStore {
  readonly name = 'sqlite';
  readonly db: Database.Database;
  private readonly writer: SqliteWriter;
  private readonly statements = new Map<string, Database.Statement>();
  private worker?: Worker;
  private checkpointer?: WalCheckpointer;
  private nextRequest = 0;
  private readonly pending = new Map<number, Pending>();
  /** small writes asked for in this stretch of synchronous code, written together at its end */
  private queued: QueuedWrite[] = [];

  constructor(options: SqliteReadStoreOptions) {
    this.db = openReadDb(options);
    this.writer = new SqliteWriter(this.db, new BatchSizedCache(this.db, options));
    const inMemory = options.file === ':memory:';
    if ((options.backgroundWrites ?? true) && !inMemory)
      this.worker = this.startWorker({ ...options, file: resolve(options.file) });
    if ((options.backgroundCheckpoints ?? true) && !inMemory)
      this.checkpointer = new WalCheckpointer({
        file: resolve(options.file),
        synchronous: options.synchronous ?? 'NORMAL',
        ...READ_STORE_CHECKPOINTS,
      });
  }

  private startWorker(options: SqliteReadStoreOptions): Worker {
    const worker = startWorkerFile(__dirname, 'sqlite-writer.worker', options);
    worker.on('message', (m: { id: number; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (this.pending.size === 0) worker.unref();
      if (m.error === undefined) p.resolve();
      else p.reject(new Error(m.error));
    });
    worker.on('error', (error) => {
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    });
    worker.unref();
    return worker;
  }

  private send(message: object): Promise<void> {
    const id = this.nextRequest++;
    // an idle writer does not keep the process alive; one with work to do does
    if (this.pending.size === 0) this.worker!.ref();
    return new Promise<void>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker!.postMessage({ ...message, id });
    });
  }

  private prepare(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  private columnsOf(collection: string): Set<string> {
    return this.writer.columnsOf(collection);
  }

  private exists(collection: string): boolean {
    return this.columnsOf(collection).has('doc');
  }

  private expr(collection: string, field: string): string {
    if (field === 'id') return 'id';
    const col = column(field);
    return this.columnsOf(collection).has(col) ? col : `json_extract(doc, ${jsonPath(field)})`;
  }

  async ensureCollection(spec: CollectionSpec): Promise<void> {
    const t = table(spec.name);
    this.db
      .transaction(() => {
        this.db.exec(
          `CREATE TABLE IF NOT EXISTS ${t} (id TEXT PRIMARY KEY, doc TEXT NOT NULL, pos INTEGER NOT NULL DEFAULT 0)`,
        );
        this.writer.invalidate(spec.name);
        const existing = this.columnsOf(spec.name);
        for (const index of spec.indexes ?? []) {
          for (const field of index.fields) {
            if (field === 'id' || existing.has(column(field))) continue;
            // a plain column the store fills from the document on every write (cheaper than a generated
            // column, which would parse the JSON again for each index on each write); backfilled once here
            this.db.exec(`ALTER TABLE ${t} ADD COLUMN ${column(field)}`);
            this.db.exec(`UPDATE ${t} SET ${column(field)} = json_extract(doc, ${jsonPath(field)})`);
            existing.add(column(field));
          }
          const cols = index.fields.map((f) => (f === 'id' ? 'id' : column(f)));
          const name = `"ix_${spec.name}_${cols.join('_')}"`;
          this.db.exec(
            `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${name} ON ${t} (${cols.join(', ')})`,
          );
        }
      })
      .immediate();
    this.writer.invalidate(spec.name);
    this.statements.clear();
    if (this.worker) await this.send({ invalidate: spec.name });
  }

  async dropCollection(name: string): Promise<void> {
    this.db.exec(`DROP TABLE IF EXISTS ${table(name)}`);
    this.writer.invalidate(name);
    this.statements.clear();
    if (this.worker) await this.send({ invalidate: name });
  }

  async listCollections(): Promise<string[]> {
    const rows = this.db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rm\\_%' ESCAPE '\\' ORDER BY name`,
      )
      .all() as Array<{ name: string }>;
    return rows.map((r) => r.name.slice(3));
  }

  getSync(collection: string, id: string): Doc | undefined {
    if (!this.exists(collection)) return undefined;
    const row = this.prepare(`SELECT doc FROM ${table(collection)} WHERE id = ?`).get(id) as
      { doc: string } | undefined;
    return row ? (JSON.parse(row.doc) as Doc) : undefined;
  }

  async get(collection: string, id: string): Promise<Doc | undefined> {
    return this.getSync(collection, id);
  }

  async getMany(collection: string, ids: string[]): Promise<Map<string, Doc>> {
    const out = new Map<string, Doc>();
    if (ids.length === 0 || !this.exists(collection)) return out;
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += 500) {
      const chunk = unique.slice(i, i + 500);
      const rows = this.prepare(
        `SELECT doc FROM ${table(collection)} WHERE id IN (${chunk.map(() => '?').join(',')})`,
      ).all(...chunk) as Array<{ doc: string }>;
      for (const r of rows) {
        const doc = JSON.parse(r.doc) as Doc;
        out.set(doc.id, doc);
      }
    }
    return out;
  }

  private compileFilter(collection: string, filter: Filter | undefined): Compiled {
    const parts: string[] = [];
    const params: Array<string | number | null> = [];
    for (const [field, cond] of Object.entries(filter ?? {})) {
      if (cond === undefined) continue;
      if (field === '$and') {
        for (const f of cond as Filter[]) {
          const part = this.compileFilter(collection, f);
          parts.push(`(${part.sql})`);
          params.push(...part.params);
        }
        continue;
      }
      if (field === '$or') {
        const alternatives = (cond as Filter[]).map((f) => this.compileFilter(collection, f));
        if (alternatives.length === 0) {
          parts.push('0');
          continue;
        }
        parts.push(`(${alternatives.map((a) => `(${a.sql})`).join(' OR ')})`);
        for (const a of alternatives) params.push(...a.params);
        continue;
      }
      const e = this.expr(collection, field);
      const c = cond as FieldCondition;
      if (c === null || typeof c !== 'object') {
        if (c === null) parts.push(`${e} IS NULL`);
        else {
          parts.push(`${e} = ?`);
          params.push(bind(c));
        }
        continue;
      }
      if (c.$eq !== undefined) {
        if (c.$eq === null) parts.push(`${e} IS NULL`);
        else {
          parts.push(`${e} = ?`);
          params.push(bind(c.$eq));
        }
      }
      if (c.$ne !== undefined) {
        if (c.$ne === null) parts.push(`${e} IS NOT NULL`);
        else {
          parts.push(`(${e} IS NULL OR ${e} != ?)`);
          params.push(bind(c.$ne));
        }
      }
      if (c.$in !== undefined) {
        if (c.$in.length === 0) parts.push('0');
        else {
          parts.push(`${e} IN (${c.$in.map(() => '?').join(',')})`);
          params.push(...c.$in.map(bind));
        }
      }
      for (const [op, sql] of [
        ['$gt', '>'],
        ['$gte', '>='],
        ['$lt', '<'],
        ['$lte', '<='],
      ] as const) {
        const v = c[op];
        if (v !== undefined) {
          parts.push(`${e} ${sql} ?`);
          params.push(v);
        }
      }
      if (c.$contains !== undefined) {
        parts.push(`${e} LIKE ? ESCAPE '\\'`);
        params.push(`%${escapeLike(c.$contains)}%`);
      }
      if (c.$prefix !== undefined) {
        parts.push(`${e} LIKE ? ESCAPE '\\'`);
        params.push(`${escapeLike(c.$prefix)}%`);
      }
      if (c.$exists !== undefined) parts.push(`${e} IS ${c.$exists ? 'NOT ' : ''}NULL`);
    }
    return { sql: parts.length ? parts.join(' AND ') : '1', params };
  }

  findSync(collection: string, options: FindOptions = {}): Doc[] {
    if (!this.exists(collection)) return [];
    const where = this.compileFilter(collection, options.filter);
    const order = [...(options.sort ?? []), ['id', 'asc'] as const]
      .map(([f, o]) => `${this.expr(collection, f)} ${o === 'desc' ? 'DESC' : 'ASC'}`)
      .join(', ');
    const sql = `SELECT doc FROM ${table(collection)} WHERE ${where.sql} ORDER BY ${order} LIMIT ? OFFSET ?`;
    const rows = this.prepare(sql).all(...where.params, options.limit ?? -1, options.skip ?? 0) as Array<{
      doc: string;
    }>;
    return rows.map((r) => JSON.parse(r.doc) as Doc);
  }

  async find(collection: string, options: FindOptions = {}): Promise<Doc[]> {
    return this.findSync(collection, options);
  }

  async count(collection: string, filter?: Filter): Promise<number> {
    if (!this.exists(collection)) return 0;
    const where = this.compileFilter(collection, filter);
    const row = this.prepare(`SELECT COUNT(*) AS n FROM ${table(collection)} WHERE ${where.sql}`).get(
      ...where.params,
    ) as { n: number };
    return row.n;
  }

  async aggregate(collection: string, spec: SumSpec): Promise<SumRow[]> {
    if (!this.exists(collection)) return [];
    const where = this.compileFilter(collection, spec.filter);
    const keys = (spec.groupBy ?? []).map((f, i) => `${this.expr(collection, f)} AS k${i}`);
    const sums = (spec.sum ?? []).map((f, i) => `TOTAL(${this.expr(collection, f)}) AS s${i}`);
    const select = [...keys, 'COUNT(*) AS n', ...sums].join(', ');
    const group = keys.length ? ` GROUP BY ${keys.map((_, i) => `k${i}`).join(', ')}` : '';
    const rows = this.prepare(`SELECT ${select} FROM ${table(collection)} WHERE ${where.sql}${group}`).all(
      ...where.params,
    ) as Array<Record<string, unknown>>;
    return rows.map((r) => ({
      key: Object.fromEntries((spec.groupBy ?? []).map((f, i) => [f, r[`k${i}`]])),
      count: r.n as number,
      sums: Object.fromEntries((spec.sum ?? []).map((f, i) => [f, r[`s${i}`] as number])),
    }));
  }

  applyChangesSync(changes: PositionedChange[], checkpoint?: Checkpoint): void {
    this.writer.applyChanges(changes, checkpoint);
  }

  async applyChanges(changes: PositionedChange[], checkpoint?: Checkpoint): Promise<void> {
    // big batches (catching up, rebuilding) go to the writer thread, to overlap with projecting the next;
    // the few changes of a live batch are quicker written here than sent there and back
    if (this.worker && changes.length > SMALL_BATCH) return this.send({ changes, checkpoint });
    if (this.worker && this.pending.size > 0) await this.send({ invalidate: '' }); // keep the order of writes
    return new Promise<void>((resolve, reject) => {
      // at the end of the turn, not when the microtasks run out: the projections that read a document
      // before writing (one await more) join the same commit instead of making a second one (measured
      // at 200 invoices/s: two commits an invoice, of 7 and 2 projections, became one of 9)
      if (this.queued.length === 0) setImmediate(() => this.writeQueued());
      this.queued.push({ changes, checkpoint, resolve, reject });
    });
  }

  /**
   * The small writes asked for in this turn of the event loop (the projections woken by one append,
   * the checkpoints of every projection that skipped events) in one transaction, each in a SAVEPOINT
   * of its own with its checkpoint (one that fails is rolled back and refused alone): one commit
   * instead of one per projection.
   */
  private writeQueued(): void {
    const writes = this.queued;
    this.queued = [];
    if (writes.length === 1) {
      const [w] = writes;
      try {
        this.applyChangesSync(w.changes, w.checkpoint);
      } catch (error) {
        return w.reject(error);
      }
      return w.resolve();
    }
    const failed = new Map<QueuedWrite, unknown>();
    try {
      this.db
        .transaction(() => {
          for (const w of writes)
            try {
              this.writer.applyChanges(w.changes, w.checkpoint);
            } catch (error) {
              failed.set(w, error);
            }
        })
        .immediate();
    } catch (error) {
      for (const w of writes) w.reject(error);
      return;
    }
    for (const w of writes) {
      if (failed.has(w)) w.reject(failed.get(w));
      else w.resolve();
    }
  }

  projectionsSync(): ProjectionRecord[] {
    const rows = this.prepare('SELECT * FROM _projections ORDER BY name, generation').all() as Array<{
      name: string;
      generation: number;
      version: number;
      status: ProjectionRecord['status'];
      position: string;
      updated_at: string;
    }>;
    return rows.map((r) => ({
      name: r.name,
      generation: r.generation,
      version: r.version,
      status: r.status,
      position: r.position,
      updatedAt: r.updated_at,
    }));
  }

  async projections(): Promise<ProjectionRecord[]> {
    return this.projectionsSync();
  }

  async putProjection(r: ProjectionRecord): Promise<void> {
    this.prepare(
      `INSERT INTO _projections (name, generation, version, status, position, updated_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT(name, generation) DO UPDATE SET version = excluded.version, status = excluded.status,
         position = excluded.position, updated_at = excluded.updated_at`,
    ).run(r.name, r.generation, r.version, r.status, r.position, r.updatedAt);
  }

  async swapLive(name: string, generation: number): Promise<void> {
    this.db
      .transaction(() => {
        this.prepare(`UPDATE _projections SET status = 'retired' WHERE name = ? AND status = 'live'`).run(
          name,
        );
        const r = this.prepare(
          `UPDATE _projections SET status = 'live' WHERE name = ? AND generation = ?`,
        ).run(name, generation);
        if (r.changes !== 1) throw new Error(`No generation ${generation} of projection ${name}`);
      })
      .immediate();
  }

  async deleteProjection(name: string, generation: number): Promise<void> {
    this.prepare('DELETE FROM _projections WHERE name = ? AND generation = ?').run(name, generation);
  }

  async close(): Promise<void> {
    if (this.queued.length) this.writeQueued();
    if (this.worker) {
      await this.send({ invalidate: '' }); // requests are answered in order: this one comes back last
      this.worker.ref(); // an idle writer does not keep the process alive, but waiting for its end must
      await this.worker.terminate();
      this.worker = undefined;
    }
    await this.checkpointer?.stop();
    this.checkpointer = undefined;
    if (this.db.open) this.db.close();
  }
}
