/**
 * Read models: named collections of JSON documents, written only by projections, read by the query API.
 * Every document has a string `id`. Fields whose names start with `_` belong to the platform
 * (`_pos`: the global position of the last event applied to the document) and are never served.
 */
export type Doc = { id: string; [field: string]: unknown };

export type Scalar = string | number | boolean | null;

/** One field's condition. A bare scalar means equality. */
export type FieldCondition =
  | Scalar
  | {
      $eq?: Scalar;
      $ne?: Scalar;
      $in?: Scalar[];
      $gt?: string | number;
      $gte?: string | number;
      $lt?: string | number;
      $lte?: string | number;
      /** case-insensitive substring */
      $contains?: string;
      /** case-insensitive prefix */
      $prefix?: string;
      $exists?: boolean;
    };

/** Conditions on fields (dotted paths allowed) are ANDed; `$or` holds alternatives, `$and` groups of them. */
export type Filter = { $or?: Filter[]; $and?: Filter[] } & {
  [field: string]: FieldCondition | Filter[] | undefined;
};

export type SortOrder = 'asc' | 'desc';

export type FindOptions = {
  filter?: Filter;
  sort?: Array<[field: string, order: SortOrder]>;
  skip?: number;
  limit?: number;
};

export type IndexSpec = { fields: string[]; unique?: boolean };
export type CollectionSpec = { name: string; indexes?: IndexSpec[] };

/** A write to a read model. `patch` works like MongoDB's $set/$inc/$unset and creates a missing document. */
export type Change =
  | { kind: 'upsert'; collection: string; doc: Doc }
  | {
      kind: 'patch';
      collection: string;
      id: string;
      set?: Record<string, unknown>;
      inc?: Record<string, number>;
      unset?: string[];
    }
  | { kind: 'delete'; collection: string; id: string };

/** A change plus the global position of the event that caused it (the guard against redelivery). */
export type PositionedChange = Change & { position: string };

export type Checkpoint = { projection: string; generation: number; position: string };

export type ProjectionRecord = {
  name: string;
  generation: number;
  version: number;
  status: 'live' | 'building' | 'retired';
  position: string;
  updatedAt: string;
};

export type SumSpec = { groupBy?: string[]; sum?: string[]; filter?: Filter };
export type SumRow = { key: Record<string, unknown>; count: number; sums: Record<string, number> };

export interface ReadStore {
  readonly name: string;
  ensureCollection(spec: CollectionSpec): Promise<void>;
  dropCollection(name: string): Promise<void>;
  listCollections(): Promise<string[]>;

  get(collection: string, id: string): Promise<Doc | undefined>;
  getMany(collection: string, ids: string[]): Promise<Map<string, Doc>>;
  find(collection: string, options?: FindOptions): Promise<Doc[]>;
  count(collection: string, filter?: Filter): Promise<number>;
  /** grouped counts and sums, for reports */
  aggregate(collection: string, spec: SumSpec): Promise<SumRow[]>;

  /**
   * Applies changes in order and, in the same unit, records the projection's checkpoint.
   * A change whose position is not after the document's `_pos` is skipped, so a redelivered event
   * changes nothing. Embedded: one transaction. MongoDB: guarded writes, then the checkpoint.
   */
  applyChanges(changes: PositionedChange[], checkpoint?: Checkpoint): Promise<void>;

  /** projection bookkeeping (generations, checkpoints) */
  projections(): Promise<ProjectionRecord[]>;
  putProjection(record: ProjectionRecord): Promise<void>;
  /** makes `generation` the live one and retires the previous live generation, atomically */
  swapLive(name: string, generation: number): Promise<void>;
  deleteProjection(name: string, generation: number): Promise<void>;

  close(): Promise<void>;
}

/** The `_`-prefixed platform fields removed before a document leaves the service. */
export const publicDoc = (doc: Doc): Doc => {
  const out: Doc = { id: doc.id };
  for (const [k, v] of Object.entries(doc)) if (!k.startsWith('_')) out[k] = v;
  return out;
};

const FIELD_RE = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
export const assertFieldName = (field: string): string => {
  // '__' is how a dotted path is spelled in a column name, so it may not appear in a field name
  if (!FIELD_RE.test(field) || field.includes('__')) throw new Error(`Invalid field name: ${field}`);
  return field;
};
const COLLECTION_RE = /^[A-Za-z][A-Za-z0-9_]*$/;
export const assertCollectionName = (name: string): string => {
  if (!COLLECTION_RE.test(name)) throw new Error(`Invalid collection name: ${name}`);
  return name;
};
