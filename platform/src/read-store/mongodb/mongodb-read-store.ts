/**
 * ReadStore port over MongoDB (`mongodb` driver 6.22). Targets MongoDB 7; a replica set (even of one node,
 * as in the root docker-compose.yml) makes swapLive transactional, a standalone server works too.
 *
 * Contract test (`docker compose up mongodb` from the repository root):
 *   MONGO_URL='mongodb://localhost:27017/?directConnection=true' npx jest platform/src/read-store/mongodb
 */
import {
  Long,
  MongoBulkWriteError,
  MongoClient,
  MongoServerError,
  type AnyBulkWriteOperation,
  type ClientSession,
  type Collection,
  type Db,
  type Document,
  type SortDirection,
  WriteError,
} from 'mongodb';
import { changeId } from '../changes';
import {
  assertCollectionName,
  assertFieldName,
  type Checkpoint,
  type CollectionSpec,
  type Doc,
  type FieldCondition,
  type Filter,
  type FindOptions,
  type PositionedChange,
  type ProjectionRecord,
  type ReadStore,
  type Scalar,
  type SumRow,
  type SumSpec,
} from '../port';

/** Documents are keyed by the port's string id (not an ObjectId). */
interface Stored extends Document {
  _id: string;
}

const PREFIX = 'rm_'; // read models apart from `_projections` and anything else living in the database
const PROJECTIONS = '_projections';
const NAMESPACE_EXISTS = 48;
const NAMESPACE_NOT_FOUND = 26;
const DUPLICATE_KEY = 11000;

/** Deleted documents stay as tombstones (see applyChanges); no read ever returns one. */
const LIVE: Document = { _deleted: { $ne: true } };
const READ = { projection: { _deleted: 0 }, promoteLongs: false } as const;

const path = (field: string) => (field === 'id' ? '_id' : assertFieldName(field));

const toLong = (position: string): Long => {
  if (!/^(0|[1-9][0-9]*)$/.test(position)) throw new Error(`Invalid position: ${position}`);
  return Long.fromString(position);
};

/** A stored document as the port gives it: `_id` and `_deleted` away, `_pos` as the decimal string it came as. */
const toDoc = (stored: Document): Doc => {
  const { _id: id, _deleted: _tombstone, _pos: pos, ...fields } = stored;
  const doc: Doc = { ...fields, id: typeof fields.id === 'string' ? fields.id : String(id) };
  if (pos !== undefined && pos !== null) doc._pos = String(pos); // Long, or a number written by someone else
  return doc;
};

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Values reach the query only as values: an object here could smuggle an operator in. */
const scalar = (v: Scalar): Scalar => {
  if (v !== null && typeof v === 'object') throw new Error('Filter values must be scalars');
  return v;
};

/** One field's condition as a list of MongoDB conditions (ANDed, so two operators on one field never clash). */
const fieldConditions = (p: string, c: FieldCondition): Document[] => {
  if (c === null || typeof c !== 'object') return [{ [p]: { $eq: scalar(c) } }];
  const out: Document[] = [];
  const add = (condition: Document) => out.push({ [p]: condition });
  if (c.$eq !== undefined) add({ $eq: scalar(c.$eq) });
  if (c.$ne !== undefined) add({ $ne: scalar(c.$ne) });
  if (c.$in !== undefined) add({ $in: c.$in.map(scalar) });
  for (const op of ['$gt', '$gte', '$lt', '$lte'] as const) {
    const v = c[op];
    if (v !== undefined) add({ [op]: scalar(v) });
  }
  if (c.$contains !== undefined) add({ $regex: escapeRegex(c.$contains), $options: 'i' });
  if (c.$prefix !== undefined) add({ $regex: `^${escapeRegex(c.$prefix)}`, $options: 'i' });
  // as in the embedded store (SQL NULL), a field holding null counts as absent
  if (c.$exists !== undefined) add(c.$exists ? { $ne: null } : { $eq: null });
  return out;
};

const conditions = (filter: Filter | undefined): Document[] => {
  const out: Document[] = [];
  for (const [field, cond] of Object.entries(filter ?? {})) {
    if (cond === undefined) continue;
    if (field === '$and') {
      for (const f of cond as Filter[]) out.push(...conditions(f));
      continue;
    }
    if (field === '$or') {
      const alternatives = (cond as Filter[]).map((f) => {
        const all = conditions(f);
        return all.length ? { $and: all } : {};
      });
      out.push(alternatives.length ? { $or: alternatives } : { _id: { $in: [] } });
      continue;
    }
    out.push(...fieldConditions(path(field), cond as FieldCondition));
  }
  return out;
};

/** The port's filter as a MongoDB query over live (not deleted) documents. */
export const toMongoFilter = (filter: Filter | undefined): Document => ({
  $and: [LIVE, ...conditions(filter)],
});

const projectionKey = (name: string, generation: number) => `${name}#${generation}`;

/** An E11000 on `_id` from a guarded upsert: the document is already at this position or later. */
const isAlreadyApplied = (e: WriteError) => e.code === DUPLICATE_KEY && /index: _id_ /.test(e.errmsg ?? '');

const firstWriteError = (error: unknown): WriteError | undefined => {
  if (!(error instanceof MongoBulkWriteError)) return undefined;
  const errors = error.writeErrors;
  return errors instanceof WriteError ? errors : errors[0];
};

const codeOf = (error: unknown) => (error instanceof MongoServerError ? error.code : undefined);

const PLATFORM_FIELDS = new Set(['_id', '_pos', '_deleted']);
const withoutPlatformFields = (doc: Doc): Document =>
  Object.fromEntries(Object.entries(doc).filter(([k]) => !PLATFORM_FIELDS.has(k)));

/**
 * The write for one change, guarded by the document's last applied position: the filter only matches a
 * document that is older (or has no position), and the upsert then inserts a missing one. When the document
 * is at this position or later, the filter matches nothing and the upsert's insert collides on `_id`
 * (E11000), which applyChanges reads as "already applied". A delete leaves a tombstone carrying its
 * position, so a redelivered older upsert cannot bring the document back.
 */
export const toGuardedWrite = (change: PositionedChange): AnyBulkWriteOperation<Stored> => {
  const id = changeId(change);
  const pos = toLong(change.position);
  const filter = { _id: id, $or: [{ _pos: { $lt: pos } }, { _pos: { $exists: false } }] };
  switch (change.kind) {
    case 'upsert':
      return {
        replaceOne: {
          filter,
          replacement: { ...withoutPlatformFields(change.doc), id, _pos: pos },
          upsert: true,
        },
      };
    case 'delete':
      return { replaceOne: { filter, replacement: { id, _deleted: true, _pos: pos }, upsert: true } };
    case 'patch': {
      const set: Document = { id, _pos: pos };
      for (const [p, v] of Object.entries(change.set ?? {})) set[assertFieldName(p)] = v;
      const unset: Document = { _deleted: '' }; // patching a tombstone creates the document afresh
      for (const p of change.unset ?? []) unset[assertFieldName(p)] = '';
      const update: Document = { $set: set, $unset: unset };
      const inc = Object.entries(change.inc ?? {});
      if (inc.length) update.$inc = Object.fromEntries(inc.map(([p, by]) => [assertFieldName(p), by]));
      return { updateOne: { filter, update, upsert: true } };
    }
  }
};

export class MongoReadStore implements ReadStore {
  readonly name = 'mongodb';
  private replicaSet?: Promise<boolean>;

  constructor(
    readonly client: MongoClient,
    readonly db: Db,
    private readonly ownsClient = false,
  ) {}

  static async connect(url: string, database: string): Promise<MongoReadStore> {
    const client = new MongoClient(url);
    await client.connect();
    return new MongoReadStore(client, client.db(database), true);
  }

  private collection(name: string): Collection<Stored> {
    return this.db.collection(PREFIX + assertCollectionName(name));
  }

  private get projectionsCollection(): Collection<Stored> {
    return this.db.collection(PROJECTIONS);
  }

  async ensureCollection(spec: CollectionSpec): Promise<void> {
    try {
      await this.db.createCollection(PREFIX + assertCollectionName(spec.name));
    } catch (error) {
      if (codeOf(error) !== NAMESPACE_EXISTS) throw error;
    }
    for (const index of spec.indexes ?? []) {
      const fields = index.fields.map(path);
      if (fields.length === 1 && fields[0] === '_id') continue; // MongoDB's own _id index
      const keys = Object.fromEntries(fields.map((f) => [f, 1 as const]));
      // Unique only among documents that have every field: tombstones (which keep no fields) and documents
      // without a value do not collide, as NULLs do not in the embedded store's unique indexes.
      const options = index.unique
        ? {
            unique: true,
            partialFilterExpression: Object.fromEntries(fields.map((f) => [f, { $exists: true }])),
          }
        : {};
      await this.collection(spec.name).createIndex(keys, options);
    }
  }

  async dropCollection(name: string): Promise<void> {
    try {
      await this.collection(name).drop();
    } catch (error) {
      if (codeOf(error) !== NAMESPACE_NOT_FOUND) throw error;
    }
  }

  async listCollections(): Promise<string[]> {
    const found = await this.db
      .listCollections({ name: { $regex: `^${PREFIX}` } }, { nameOnly: true })
      .toArray();
    return found.map((c) => c.name.slice(PREFIX.length)).sort();
  }

  async get(collection: string, id: string): Promise<Doc | undefined> {
    const stored = await this.collection(collection).findOne({ _id: id, ...LIVE }, READ);
    return stored ? toDoc(stored) : undefined;
  }

  async getMany(collection: string, ids: string[]): Promise<Map<string, Doc>> {
    const out = new Map<string, Doc>();
    if (ids.length === 0) return out;
    const found = await this.collection(collection)
      .find({ _id: { $in: [...new Set(ids)] }, ...LIVE }, READ)
      .toArray();
    for (const stored of found) {
      const doc = toDoc(stored);
      out.set(doc.id, doc);
    }
    return out;
  }

  async find(collection: string, options: FindOptions = {}): Promise<Doc[]> {
    if (options.limit === 0) return [];
    const sort: Array<[string, SortDirection]> = (options.sort ?? []).map(([f, o]) => [
      path(f),
      o === 'desc' ? -1 : 1,
    ]);
    if (!sort.some(([f]) => f === '_id')) sort.push(['_id', 1]); // a stable order for paging
    const found = await this.collection(collection)
      .find(toMongoFilter(options.filter), { ...READ, sort, skip: options.skip, limit: options.limit })
      .toArray();
    return found.map(toDoc);
  }

  async count(collection: string, filter?: Filter): Promise<number> {
    return this.collection(collection).countDocuments(toMongoFilter(filter));
  }

  async aggregate(collection: string, spec: SumSpec): Promise<SumRow[]> {
    const groupBy = spec.groupBy ?? [];
    const sums = spec.sum ?? [];
    const group: Document = {
      _id: groupBy.length ? Object.fromEntries(groupBy.map((f, i) => [`k${i}`, `$${path(f)}`])) : null,
      n: { $sum: 1 },
    };
    sums.forEach((f, i) => (group[`s${i}`] = { $sum: `$${path(f)}` }));
    const rows = await this.collection(collection)
      .aggregate([{ $match: toMongoFilter(spec.filter) }, { $group: group }, { $sort: { _id: 1 } }])
      .toArray();
    const result = rows.map((r) => ({
      key: Object.fromEntries(groupBy.map((f, i) => [f, (r._id as Document | null)?.[`k${i}`] ?? null])),
      count: Number(r.n),
      sums: Object.fromEntries(sums.map((f, i) => [f, Number(r[`s${i}`] ?? 0)])),
    }));
    // like SQL, a total over no rows is one row of zeros
    if (groupBy.length === 0 && result.length === 0) {
      return [{ key: {}, count: 0, sums: Object.fromEntries(sums.map((f) => [f, 0])) }];
    }
    return result;
  }

  /**
   * Guarded writes, then the checkpoint. Changes to one collection go in one ordered bulk write, so two
   * changes to the same document apply in order; different collections are independent and go in parallel.
   * A crash between the writes and the checkpoint only means the events come again, and the guards skip them.
   */
  async applyChanges(changes: PositionedChange[], checkpoint?: Checkpoint): Promise<void> {
    const byCollection = new Map<string, AnyBulkWriteOperation<Stored>[]>();
    for (const change of changes) {
      const ops = byCollection.get(change.collection) ?? [];
      ops.push(toGuardedWrite(change));
      byCollection.set(change.collection, ops);
    }
    await Promise.all([...byCollection].map(([name, ops]) => this.writeInOrder(this.collection(name), ops)));
    if (checkpoint) {
      await this.projectionsCollection.updateOne(
        { _id: projectionKey(checkpoint.projection, checkpoint.generation) },
        { $set: { position: checkpoint.position, updatedAt: new Date().toISOString() } },
      );
    }
  }

  /** An ordered bulk write stops at its first error: an "already applied" one is stepped over, others thrown. */
  private async writeInOrder(
    collection: Collection<Stored>,
    ops: AnyBulkWriteOperation<Stored>[],
  ): Promise<void> {
    let from = 0;
    while (from < ops.length) {
      try {
        await collection.bulkWrite(ops.slice(from), { ordered: true });
        return;
      } catch (error) {
        const failed = firstWriteError(error);
        if (!failed || !isAlreadyApplied(failed)) throw error;
        from += failed.index + 1;
      }
    }
  }

  async projections(): Promise<ProjectionRecord[]> {
    const rows = await this.projectionsCollection.find({}).sort({ name: 1, generation: 1 }).toArray();
    return rows.map((r) => ({
      name: r.name as string,
      generation: r.generation as number,
      version: r.version as number,
      status: r.status as ProjectionRecord['status'],
      position: r.position as string,
      updatedAt: r.updatedAt as string,
    }));
  }

  async putProjection(r: ProjectionRecord): Promise<void> {
    await this.projectionsCollection.replaceOne(
      { _id: projectionKey(r.name, r.generation) },
      {
        name: r.name,
        generation: r.generation,
        version: r.version,
        status: r.status,
        position: r.position,
        updatedAt: r.updatedAt,
      },
      { upsert: true },
    );
  }

  /** In a transaction on a replica set; on a standalone server, retire the old live one, then set the new. */
  async swapLive(name: string, generation: number): Promise<void> {
    const swap = async (session?: ClientSession) => {
      const key = projectionKey(name, generation);
      const target = await this.projectionsCollection.findOne({ _id: key }, { session });
      if (!target) throw new Error(`No generation ${generation} of projection ${name}`);
      await this.projectionsCollection.updateMany(
        { name, status: 'live', _id: { $ne: key } },
        { $set: { status: 'retired' } },
        { session },
      );
      await this.projectionsCollection.updateOne({ _id: key }, { $set: { status: 'live' } }, { session });
    };
    if (!(await this.supportsTransactions())) return swap();
    const session = this.client.startSession();
    try {
      await session.withTransaction(() => swap(session));
    } finally {
      await session.endSession();
    }
  }

  private supportsTransactions(): Promise<boolean> {
    this.replicaSet ??= this.db
      .admin()
      .command({ hello: 1 })
      .then((hello) => typeof hello.setName === 'string' || hello.msg === 'isdbgrid');
    return this.replicaSet;
  }

  async deleteProjection(name: string, generation: number): Promise<void> {
    await this.projectionsCollection.deleteOne({ _id: projectionKey(name, generation) });
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.client.close();
  }
}
