import type Database from 'better-sqlite3';
import { applyChange, getPath } from '../changes';
import type { Checkpoint, Doc, PositionedChange } from '../port';
import { column, jsonPath, sqlValue, table, type BatchSizedCache } from './sqlite-sql';

/** A shape of patch, prepared (see SqliteWriter.patchPlan). */
type PatchPlan = {
  setKeys: string[];
  incKeys: string[];
  /** indexed fields the patch sets, or adds to: their columns follow */
  indexedSet: string[];
  indexedInc: string[];
  update: Database.Statement;
  exists: Database.Statement;
  recompute?: Database.Statement;
};

/**
 * The write side of the SQLite read store: applies projection changes with the position guard and
 * records the checkpoint in the same transaction. Used on the store's own connection, or in a worker
 * thread with a connection of its own (see sqlite-writer.worker.ts).
 */
export class SqliteWriter {
  private readonly columns = new Map<string, Set<string>>();
  private readonly statements = new Map<string, Database.Statement>();

  constructor(
    readonly db: Database.Database,
    /** the connection's page cache, sized by the batches written */
    private readonly cache: BatchSizedCache,
  ) {}

  prepare(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  /** Forget what is known of a collection's columns (after a schema change, here or elsewhere). */
  invalidate(collection?: string): void {
    if (collection) {
      this.columns.delete(collection);
      this.writers.delete(collection);
    } else {
      this.columns.clear();
      this.writers.clear();
    }
    this.statements.clear();
    this.patchPlans.clear();
  }

  columnsOf(collection: string): Set<string> {
    let cols = this.columns.get(collection);
    if (!cols) {
      const rows = this.db.prepare(`PRAGMA table_xinfo(${table(collection)})`).all() as Array<{
        name: string;
      }>;
      cols = new Set(rows.map((r) => r.name));
      // an unknown table gives no rows: do not cache it, another process may create it
      if (rows.length > 0) this.columns.set(collection, cols);
    }
    return cols;
  }

  private readonly writers = new Map<string, { upsertGuarded: (doc: Doc, position: number) => void }>();

  /**
   * The upsert of one collection: the document, its position guard, and its indexed columns. An
   * index column is only assigned when its value changed, so an edit that leaves the name alone does
   * not dirty the name index's pages (a write costs pages, and catch-up writes a great many).
   */
  private writer(collection: string) {
    let w = this.writers.get(collection);
    if (!w) {
      const t = table(collection);
      const fields = [...this.columnsOf(collection)]
        .filter((c) => c.startsWith('f_'))
        .map((c) => c.slice(2).replace(/__/g, '.'));
      const cols = fields.map(column);
      const current = this.db
        .prepare(`SELECT pos${cols.map((c) => `, ${c}`).join('')} FROM ${t} WHERE id = ?`)
        .raw(true);
      const insert = this.db.prepare(
        `INSERT INTO ${t} (id, doc, pos${cols.map((c) => `, ${c}`).join('')}) VALUES (?, ?, ?${cols.map(() => ', ?').join('')})`,
      );
      const updates = new Map<number, Database.Statement>();
      const update = (mask: number) => {
        let u = updates.get(mask);
        if (!u) {
          const changed = cols.filter((_, i) => mask & (1 << i));
          u = this.db.prepare(
            `UPDATE ${t} SET doc = ?, pos = ?${changed.map((c) => `, ${c} = ?`).join('')} WHERE id = ?`,
          );
          updates.set(mask, u);
        }
        return u;
      };
      w = {
        upsertGuarded: (doc, position) => {
          const values = fields.map((f) => sqlValue(getPath(doc, f)));
          const row = current.get(doc.id) as Array<string | number | null> | undefined;
          if (!row) {
            insert.run(doc.id, JSON.stringify(doc), position, ...values);
            return;
          }
          if ((row[0] as number) >= position) return; // already past this event: a redelivery
          let mask = 0;
          const changed: Array<string | number | null> = [];
          values.forEach((v, i) => {
            if (v !== row[i + 1]) {
              mask |= 1 << i;
              changed.push(v);
            }
          });
          update(mask).run(JSON.stringify(doc), position, ...changed, doc.id);
        },
      };
      this.writers.set(collection, w);
    }
    return w;
  }

  /** the statements of each shape of patch (its collection and the fields it sets, adds to and unsets) */
  private readonly patchPlans = new Map<string, PatchPlan>();

  /**
   * What a patch of this shape runs: its UPDATE, the order of its parameters, and the statement that
   * reads again the indexed columns below a field it changed. Made once per shape, not at each patch
   * (its SQL was written and looked up by its whole text at every one: 4 % of the projections' thread
   * at the till).
   */
  private patchPlan(change: Extract<PositionedChange, { kind: 'patch' }>): PatchPlan {
    const setKeys = change.set ? Object.keys(change.set) : [];
    const incKeys = change.inc ? Object.keys(change.inc) : [];
    const unset = change.unset ?? [];
    const key = `${change.collection}\u0000${setKeys.join('\u0001')}\u0000${incKeys.join('\u0001')}\u0000${unset.join('\u0001')}`;
    let plan = this.patchPlans.get(key);
    if (plan) return plan;
    const t = table(change.collection);
    const indexed = [...this.columnsOf(change.collection)]
      .filter((c) => c.startsWith('f_'))
      .map((c) => c.slice(2).replace(/__/g, '.'));
    let doc = 'doc';
    if (unset.length) doc = `json_remove(doc${unset.map((f) => `, ${jsonPath(f)}`).join('')})`;
    const pairs = [
      ...setKeys.map((f) => `${jsonPath(f)}, json(?)`),
      ...incKeys.map((f) => `${jsonPath(f)}, coalesce(json_extract(doc, ${jsonPath(f)}), 0) + ?`),
    ];
    const assignments = [`doc = json_set(${doc}, ${[...pairs, `'$._pos', ?`].join(', ')})`, 'pos = ?'];
    const indexedSet: string[] = [];
    const indexedInc: string[] = [];
    const recompute: string[] = [];
    const touched = [...setKeys, ...incKeys, ...unset];
    for (const f of indexed) {
      const col = column(f);
      if (change.set && f in change.set) {
        assignments.push(`${col} = ?`);
        indexedSet.push(f);
      } else if (change.inc && f in change.inc) {
        assignments.push(`${col} = coalesce(${col}, 0) + ?`);
        indexedInc.push(f);
      } else if (unset.includes(f)) assignments.push(`${col} = NULL`);
      else if (touched.some((k) => f.startsWith(`${k}.`) || k.startsWith(`${f}.`)))
        recompute.push(`${col} = json_extract(doc, ${jsonPath(f)})`);
    }
    plan = {
      setKeys,
      incKeys,
      indexedSet,
      indexedInc,
      update: this.db.prepare(`UPDATE ${t} SET ${assignments.join(', ')} WHERE id = ? AND pos < ?`),
      exists: this.db.prepare(`SELECT 1 FROM ${t} WHERE id = ?`),
      recompute: recompute.length
        ? this.db.prepare(`UPDATE ${t} SET ${recompute.join(', ')} WHERE id = ?`)
        : undefined,
    };
    this.patchPlans.set(key, plan);
    return plan;
  }

  /**
   * A patch runs inside SQLite (json_set/json_remove) without bringing the document into JavaScript;
   * indexed columns the patch touches are updated with it. A missing document is created.
   */
  private patch(change: Extract<PositionedChange, { kind: 'patch' }>, position: number): void {
    const plan = this.patchPlan(change);
    const params: Array<string | number | null> = [];
    for (const f of plan.setKeys) params.push(JSON.stringify(change.set![f] ?? null));
    for (const f of plan.incKeys) params.push(change.inc![f]);
    params.push(change.position, position);
    for (const f of plan.indexedSet) params.push(sqlValue(change.set![f]));
    for (const f of plan.indexedInc) params.push(change.inc![f]);
    const updated = plan.update.run(...params, change.id, position);
    if (updated.changes === 0) {
      if (plan.exists.get(change.id)) return; // already past this event
      this.writer(change.collection).upsertGuarded(
        { ...applyChange(undefined, change)!, _pos: change.position },
        position,
      );
      return;
    }
    plan.recompute?.run(change.id);
  }

  /**
   * Applies changes and the checkpoint in one transaction: both land, or neither. The `pos` column
   * holds the position of the last event applied to a row, so the guard against going backwards is
   * part of the upsert statement itself (no read first); only patches read the current document.
   * BEGIN IMMEDIATE: another connection writes the same file (the projections' thread, the request
   * thread's side records), and a transaction that read before writing could not be upgraded once the
   * other committed (SQLITE_BUSY at once, no wait); taking the write lock first waits its turn instead.
   */
  applyChanges(changes: PositionedChange[], checkpoint?: Checkpoint): void {
    this.cache.writing(changes.length);
    this.db
      .transaction(() => {
        for (const change of changes) {
          const t = table(change.collection);
          const position = Number(change.position);
          if (change.kind === 'upsert') {
            this.writer(change.collection).upsertGuarded({ ...change.doc, _pos: change.position }, position);
          } else if (change.kind === 'delete') {
            this.prepare(`DELETE FROM ${t} WHERE id = ? AND pos < ?`).run(change.id, position);
          } else {
            this.patch(change, position);
          }
        }
        if (checkpoint) {
          this.prepare(
            'UPDATE _projections SET position = ?, updated_at = ? WHERE name = ? AND generation = ?',
          ).run(checkpoint.position, new Date().toISOString(), checkpoint.projection, checkpoint.generation);
        }
      })
      .immediate();
  }
}
