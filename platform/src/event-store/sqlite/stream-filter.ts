import type Database from 'better-sqlite3';

/**
 * A set of stream names that can only be asked "certainly not here?": a Bloom filter. A name added is
 * always found (`mayHold` true); a name never added is found with a small probability (~0.1 % at
 * `capacity` names), so a `false` is proof of absence and a `true` means "read to know".
 */
export class StreamNameFilter {
  private static readonly HASHES = 7;
  private readonly bits: Uint32Array;
  private readonly mask: number;
  private added = 0;

  /** room for `capacity` names at the stated rate (16 bits or more a name), more at a higher one */
  constructor(readonly capacity: number) {
    let size = 1 << 16;
    while (size < capacity * 16 && size < 2 ** 31) size *= 2;
    this.bits = new Uint32Array(size / 32);
    this.mask = size - 1;
  }

  /** how many names were added (a name added twice counts twice) */
  get count(): number {
    return this.added;
  }

  add(name: string): void {
    const [h1, h2] = hashes(name);
    for (let i = 0, h = h1; i < StreamNameFilter.HASHES; i++, h = (h + h2) | 0) {
      const bit = h & this.mask;
      this.bits[bit >>> 5] |= 1 << (bit & 31);
    }
    this.added += 1;
  }

  /** false: `name` was never added */
  mayHold(name: string): boolean {
    const [h1, h2] = hashes(name);
    for (let i = 0, h = h1; i < StreamNameFilter.HASHES; i++, h = (h + h2) | 0) {
      const bit = h & this.mask;
      if ((this.bits[bit >>> 5] & (1 << (bit & 31))) === 0) return false;
    }
    return true;
  }
}

/** Two independent 32-bit hashes of the name's UTF-16 code units (FNV-1a, and a multiply-xorshift). */
const hashes = (name: string): [number, number] => {
  let a = 0x811c9dc5;
  let b = 0x9e3779b9;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  // the step between probes is odd, so the seven probes are seven different bits
  b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
  return [a ^ (a >>> 16), (b ^ (b >>> 16)) | 1];
};

/** The least string above every string that starts with `prefix`. */
const above = (prefix: string): string =>
  prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

/** How many names each turn of a build scans (the build gives the event loop back between turns). */
const BUILD_CHUNK = 20_000;
/** The least room a filter is made with. */
const LEAST_CAPACITY = 1 << 20;

/**
 * The streams of some categories the embedded log holds (a filter per store, on the thread that makes
 * the appends), to tell a stream of them certainly empty without a read: `surelyEmpty`.
 *
 * Why: a request with an Idempotency-Key first reads its reply's stream, a new one nearly always. That
 * read lands on a random page of the stream index, after each commit of the writer thread has emptied
 * the connection's page cache: ~0.15 ms of the till's request thread a keyed sale (p50 142 µs), 8 %
 * of its busy time, paired.
 *
 * What it holds, at every moment, is every stream of those categories that has an event at a position
 * up to `coveredUpTo` or is staged by this thread:
 * - at open, a scan of the stream index (in turns, `BUILD_CHUNK` names each; until it ends the filter
 *   says nothing, and the callers read);
 * - each append this thread stages, at the call (`staged`);
 * - what other connections committed, when the writer says so (`othersCommitted`): the log is read by
 *   position from `coveredUpTo` to where it stands. A commit of this thread's with no other commit
 *   before it moves `coveredUpTo` on without a read (`ownCommitted`).
 * A filter over its capacity is built again, larger, while the old one still answers.
 * If any read fails, the filter stops answering (`surelyEmpty` false): the callers read, as before.
 */
export class CategoryFilter {
  private readonly prefixes: string[];
  private filter?: StreamNameFilter;
  private building?: { filter: StreamNameFilter; prefix: number; after: string };
  private coveredUpTo: number;
  private broken = false;
  private stopped = false;
  private readonly scan: Database.Statement<[string, string, number], string>;
  private readonly since: Database.Statement<[number, number], string>;

  constructor(
    db: Database.Database,
    categories: readonly string[],
    /** the last position committed as the filter is made (all below it is in the first build's scan) */
    head: number,
    /** the streams this thread staged and the writer did not answer yet */
    private readonly inFlight: () => Iterable<string>,
    /** the least room a filter is made with (its size grows with what it holds) */
    leastCapacity = LEAST_CAPACITY,
  ) {
    this.prefixes = categories.map((c) => `${c}-`);
    this.coveredUpTo = head;
    this.scan = db
      .prepare<[string, string, number], string>(
        'SELECT stream FROM events WHERE stream > ? AND stream < ? AND revision = 0 ORDER BY stream LIMIT ?',
      )
      .pluck();
    this.since = db
      .prepare<[number, number], string>(
        'SELECT stream FROM events WHERE position > ? AND position <= ? AND revision = 0',
      )
      .pluck();
    this.build(leastCapacity);
  }

  /** True only if `stream` is of a filtered category and certainly has no event, stored or staged. */
  surelyEmpty(stream: string): boolean {
    if (!this.filter || this.broken || !this.covers(stream)) return false;
    return !this.filter.mayHold(stream);
  }

  /** This thread staged appends to these streams (before it posts them to the writer). */
  staged(streams: Iterable<string>): void {
    for (const stream of streams) if (this.covers(stream)) this.add(stream);
  }

  /**
   * The writer committed this thread's appends up to `position`, and no other connection committed
   * since it last said so: everything up to there is this thread's, staged, so already here.
   */
  ownCommitted(position: number): void {
    if (position > this.coveredUpTo) this.coveredUpTo = position;
  }

  /** Another connection committed: what the log holds up to `head` is read into the filter. */
  othersCommitted(head: number): void {
    if (this.broken || head <= this.coveredUpTo) return;
    try {
      for (const stream of this.since.iterate(this.coveredUpTo, head))
        if (this.covers(stream)) this.add(stream);
      this.coveredUpTo = head;
    } catch {
      this.broken = true;
    }
  }

  stop(): void {
    this.stopped = true;
  }

  private covers(stream: string): boolean {
    for (const prefix of this.prefixes) if (stream.startsWith(prefix)) return true;
    return false;
  }

  private add(stream: string): void {
    if (this.filter) this.filter.add(stream);
    if (this.building) this.building.filter.add(stream);
    else if (this.filter && this.filter.count > this.filter.capacity) this.build(this.filter.count * 4);
  }

  /**
   * A new filter from the stream index, in turns. What is staged or read from other connections
   * meanwhile goes into it too; what is in flight now is put in first (its commit may come after the
   * scan passed its name).
   */
  private build(capacity: number): void {
    const building = { filter: new StreamNameFilter(capacity), prefix: 0, after: '' };
    this.building = building;
    for (const stream of this.inFlight()) if (this.covers(stream)) building.filter.add(stream);
    const turn = () => {
      if (this.stopped || this.broken || this.building !== building) return;
      try {
        const prefix = this.prefixes[building.prefix];
        const names = this.scan.all(building.after || prefix, above(prefix), BUILD_CHUNK);
        for (const name of names) building.filter.add(name);
        if (names.length === BUILD_CHUNK) building.after = names[names.length - 1];
        else {
          building.prefix += 1;
          building.after = '';
        }
        if (building.prefix < this.prefixes.length) return void setImmediate(turn);
        this.building = undefined;
        this.filter = building.filter;
        if (this.filter.count > this.filter.capacity) this.build(this.filter.count * 4);
      } catch {
        this.broken = true;
      }
    };
    turn();
  }
}
