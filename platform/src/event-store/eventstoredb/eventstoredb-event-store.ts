/**
 * EventStore port over EventStoreDB / KurrentDB (gRPC, `@eventstore/db-client` 6.2.1).
 * Targets EventStoreDB 24.10 (KurrentDB 25.x speaks the same protocol); needs a server ≥ 22.6, which returns
 * event positions on stream reads, and ≥ 23.10 for the caught-up signal of subscriptions.
 *
 * Contract test (`docker compose up eventstore` from the repository root):
 *   EVENTSTORE_URL='esdb://localhost:2113?tls=false' npx jest platform/src/event-store/eventstoredb
 */
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type Position,
  type ReadPosition,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  KurrentDBClient,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  AppendConsistencyViolationError,
  jsonEvent as kurrentJsonEvent,
  STREAM_STATE,
  type AppendStreamState,
} from '@kurrent/kurrentdb-client';
import type { EventMetadata, RecordedEvent } from '@rawnaq/contracts';
import {
  checkWrites,
  DuplicateEventIdError,
  WrongExpectedRevisionError,
  type AppendResult,
  type CommitResult,
  type StreamWrite,
  type EventBatchHandler,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadStreamOptions,
  type Subscription,
  type SubscriptionOptions,
} from '../port';

/*
 * Positions.
 *
 * ESDB gives every event a $all position {commit, prepare}. Since explicit (multi-call) transactions went
 * away with the TCP API, every append — and every event within it — is written as its own self-committed
 * prepare record, and the server reports it as commit = prepare = the record's log position, on $all reads,
 * subscriptions and (from 22.6) stream reads alike (server: AllReader builds `CommitEventRecord(record,
 * record.LogPosition)`; ResolvedEvent gives `TFPos(LogPosition, LogPosition)` for self-committed records).
 *
 * So the port position is that single number, in decimal:
 * - unique per event: two events never share a log record;
 * - increasing along $all: the log is append-only and $all is log order;
 * - exact round trip: '123' decodes to {commit: 123n, prepare: 123n}, which is the event's own real record
 *   position, a valid place to start a read (an arbitrary number is not: the server repositions the log
 *   reader there). A forward $all read from it is inclusive, so readAll drops what is not after `after`;
 *   subscriptions start after it, and drop it too in case they did not.
 * Packing both numbers (commit * 2^k + offset) would be neither unique (k too small) nor safely decodable.
 * An event whose commit differs from its prepare can only come from a legacy explicit transaction; none is
 * ever written through this adapter, and one met in the log is refused loudly rather than mis-positioned.
 */
const NO_POSITION = 2n ** 64n - 1n; // what the server sends when it has no position for an event

export const encodePosition = (position: Position | undefined): string => {
  if (!position || position.commit === NO_POSITION) {
    throw new Error('The server returned no event position (EventStoreDB 22.6 or later is required)');
  }
  if (position.commit !== position.prepare) {
    throw new Error(
      `Unsupported position ${position.commit}/${position.prepare}: legacy explicit transaction`,
    );
  }
  return position.prepare.toString();
};

export const decodePosition = (position: string): ReadPosition => {
  if (!/^(0|[1-9][0-9]*)$/.test(position)) throw new Error(`Invalid position: ${position}`);
  if (position === '0') return START;
  const p = BigInt(position);
  return { commit: p, prepare: p };
};

const toExpected = (expected: ExpectedRevision): AppendExpectedRevision => {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'exists') return STREAM_EXISTS;
  if (expected === 'any') return ANY;
  return BigInt(expected);
};

/** The fields this adapter reads from the client's recorded events (stream reads and $all reads alike). */
type StoredEvent = {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  created: Date;
  isJson: boolean;
  data: unknown;
  metadata: unknown;
  position?: Position;
};

/** System events (ESDB's own, links, stream metadata, our forwarder checkpoints) never leave this adapter. */
const isSystem = (e: StoredEvent): boolean => e.type.startsWith('$') || e.streamId.startsWith('$');

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);

/**
 * KurrentDB's multi-stream append carries metadata as string properties only, so our envelope's
 * metadata travels packed as one JSON string under this property and is unpacked on the way out.
 */
const PACKED_METADATA = 'rawnaq.metadata';
const unpacked = (metadata: unknown): unknown =>
  isRecord(metadata) && typeof metadata[PACKED_METADATA] === 'string'
    ? JSON.parse(metadata[PACKED_METADATA] as string)
    : metadata;

const toRecorded = (stored: StoredEvent): RecordedEvent => {
  const e = { ...stored, metadata: unpacked(stored.metadata) };
  if (!e.isJson || !isRecord(e.data) || !isRecord(e.metadata)) {
    throw new Error(`Event ${e.id} in ${e.streamId} is not a JSON event with JSON metadata`);
  }
  return {
    id: e.id,
    type: e.type,
    data: e.data,
    metadata: e.metadata as EventMetadata,
    stream: e.streamId,
    revision: Number(e.revision),
    position: encodePosition(e.position),
    recordedAt: e.created.toISOString(),
  };
};

/** Reads a bounded client stream to its end (every read here has a maxCount, so none is left open). */
const collect = async <T>(readable: AsyncIterable<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const item of readable) out.push(item);
  return out;
};

const eventsOf = (resolved: Array<ResolvedEvent | AllStreamResolvedEvent>): StoredEvent[] =>
  resolved.flatMap((r) => (r.event ? [r.event as StoredEvent] : []));

export type EventStoreDbEventStoreOptions = {
  /** e.g. `esdb://localhost:2113?tls=false` */
  connectionString: string;
  /**
   * How many of a stream's last events a failed append looks through for its own ids (an earlier attempt
   * of a retried append that ESDB's own idempotency check did not recognise).
   */
  retryWindow?: number;
  /** How many recently appended ids are remembered to refuse the same id in another stream. */
  rememberIds?: number;
};

export class EventStoreDbEventStore implements EventStore {
  readonly name = 'eventstoredb';
  readonly client: EventStoreDBClient;
  private readonly retryWindow: number;
  private readonly rememberIds: number;
  /** event id -> stream, most recent last (see `append`) */
  private readonly recentIds = new Map<string, string>();
  private readonly subscriptions = new Set<Subscription>();

  private readonly connectionString: string;
  private kurrent?: KurrentDBClient;

  constructor(options: EventStoreDbEventStoreOptions) {
    this.connectionString = options.connectionString;
    this.client = EventStoreDBClient.connectionString(options.connectionString);
    this.retryWindow = options.retryWindow ?? 1000;
    this.rememberIds = options.rememberIds ?? 100_000;
  }

  /**
   * The envelope id is the ESDB event id, so the server's own idempotency answers a retry with the same
   * expected revision (or no_stream). Every answer is then confirmed by reading the events back at the revisions the server
   * reported: that yields their real positions (the append reply's position is not per event, and is absent
   * on an idempotent retry) and catches an acknowledged retry whose events are not where the server said.
   */
  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('Nothing to append');
    this.refuseIdsOfOtherStreams(stream, events);
    if (expected === 'any' || expected === 'exists') {
      // ESDB's idempotency for these is best effort (a bounded cache of recent ids, empty after a restart):
      // look for an earlier attempt first. Exact revisions and no_stream are checked by the server itself.
      const original = await this.previousAppend(stream, events);
      if (original) return original;
    }
    let lastRevision: bigint;
    try {
      const result = await this.client.appendToStream(
        stream,
        events.map((e) => jsonEvent({ id: e.id, type: e.type, data: e.data, metadata: e.metadata })),
        { expectedRevision: toExpected(expected) },
      );
      lastRevision = result.nextExpectedRevision;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      const original = await this.previousAppend(stream, events);
      if (original) return original;
      const actual = error.actualVersion === NO_STREAM ? 'no_stream' : Number(error.actualVersion);
      throw new WrongExpectedRevisionError(stream, expected, actual);
    }
    const answer =
      (await this.confirm(stream, events, lastRevision)) ?? (await this.previousAppend(stream, events));
    if (!answer) throw new DuplicateEventIdError(events[0].id, stream);
    this.remember(stream, events);
    return answer;
  }

  /**
   * One stream: a plain append. Several: KurrentDB 25.1's atomic multi-stream append (through its own
   * client, `@kurrent/kurrentdb-client`, since `@eventstore/db-client` predates it). NOT YET RUN against
   * a live server (none can be installed on our build machines): the contract suite covers it wherever
   * EVENTSTORE_URL points at a KurrentDB 25.1 or later.
   */
  async appendMany(writes: StreamWrite[]): Promise<CommitResult> {
    checkWrites(writes);
    const nonEmpty = writes.filter((w) => w.events.length > 0);
    if (nonEmpty.length === 1 && writes.length === 1) {
      const [w] = nonEmpty;
      const r = await this.append(w.stream, w.events, w.expected);
      return { position: r.position, streams: { [w.stream]: r.nextRevision } };
    }
    for (const w of nonEmpty) this.refuseIdsOfOtherStreams(w.stream, w.events);
    this.kurrent ??= KurrentDBClient.connectionString(
      this.connectionString.replace(/^esdb(\+discover)?:/, 'kurrentdb$1:'),
    );
    const state = (expected: ExpectedRevision): AppendStreamState =>
      expected === 'no_stream'
        ? 'no_stream'
        : expected === 'exists'
          ? 'stream_exists'
          : expected === 'any'
            ? 'any'
            : BigInt(expected);
    const record = (e: NewEvent) =>
      kurrentJsonEvent({
        id: e.id,
        type: e.type,
        data: e.data,
        metadata: { [PACKED_METADATA]: JSON.stringify(e.metadata) },
      });
    try {
      if (nonEmpty.length === writes.length)
        await this.kurrent.multiStreamAppend(
          nonEmpty.map((w) => ({
            streamName: w.stream,
            expectedState: state(w.expected),
            events: w.events.map(record),
          })),
        );
      // streams that are only checked, not written: appendRecords with consistency checks
      else
        await this.kurrent.appendRecords(
          nonEmpty.flatMap((w) => w.events.map((e) => ({ streamName: w.stream, record: record(e) }))),
          writes.map((w) => ({ type: STREAM_STATE, streamName: w.stream, expectedState: state(w.expected) })),
        );
    } catch (error) {
      const conflict =
        error instanceof KurrentWrongExpectedVersionError
          ? error
          : error instanceof AppendConsistencyViolationError
            ? error.violations[0]
            : undefined;
      if (!conflict) throw error;
      const original = await this.previousCommit(nonEmpty);
      if (original) return original;
      const w = writes.find((x) => x.stream === conflict.streamName) ?? writes[0];
      const actual = typeof conflict.actualState === 'bigint' ? Number(conflict.actualState) : 'no_stream';
      throw new WrongExpectedRevisionError(w.stream, w.expected, actual);
    }
    const answer = await this.previousCommit(nonEmpty);
    if (!answer) throw new DuplicateEventIdError(nonEmpty[0].events[0].id, nonEmpty[0].stream);
    for (const w of nonEmpty) this.remember(w.stream, w.events);
    return answer;
  }

  /** Where each write's events sit, when all of them are stored: the commit's answer. */
  private async previousCommit(writes: StreamWrite[]): Promise<CommitResult | undefined> {
    const streams: Record<string, number> = {};
    let position = 0n;
    for (const w of writes) {
      const found = await this.previousAppend(w.stream, w.events);
      if (!found) return undefined;
      streams[w.stream] = found.nextRevision;
      if (BigInt(found.position) > position) position = BigInt(found.position);
    }
    return { position: position.toString(), streams };
  }

  /** The answer for `events` if they sit, in order, at the revisions ending at `lastRevision`. */
  private async confirm(
    stream: string,
    events: NewEvent[],
    lastRevision: bigint,
  ): Promise<AppendResult | undefined> {
    const firstRevision = lastRevision - BigInt(events.length - 1);
    if (firstRevision < 0n) return undefined;
    const stored = eventsOf(
      await collect(this.client.readStream(stream, { fromRevision: firstRevision, maxCount: events.length })),
    );
    const same = stored.length === events.length && events.every((e, i) => sameId(stored[i].id, e.id));
    if (!same) return undefined;
    const last = stored[stored.length - 1];
    return { nextRevision: Number(last.revision), position: encodePosition(last.position) };
  }

  /** Finds an earlier append of these ids near the end of the stream; ids stored otherwise are refused. */
  private async previousAppend(stream: string, events: NewEvent[]): Promise<AppendResult | undefined> {
    const tail = await this.readTail(stream, this.retryWindow);
    const byId = new Map(tail.map((e) => [e.id.toLowerCase(), e]));
    const found = events.map((e) => byId.get(e.id.toLowerCase()));
    if (found.every((f) => f === undefined)) return undefined;
    const first = found[0];
    const consecutive = found.every(
      (f, i) => f !== undefined && first !== undefined && f.revision === first.revision + BigInt(i),
    );
    if (!consecutive)
      throw new DuplicateEventIdError(events[found.findIndex((f) => f !== undefined)].id, stream);
    const last = found[found.length - 1]!;
    return { nextRevision: Number(last.revision), position: encodePosition(last.position) };
  }

  private async readTail(stream: string, maxCount: number): Promise<StoredEvent[]> {
    try {
      return eventsOf(
        await collect(this.client.readStream(stream, { direction: BACKWARDS, fromRevision: END, maxCount })),
      );
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  }

  /**
   * ESDB checks ids per stream only, so an id reused in another stream would be stored twice. The server
   * has no index by event id to ask, so this guard remembers the ids this process appended (bounded).
   * A reuse across processes is not caught; ids are uuid v7 minted per command, so it takes a bug.
   */
  private refuseIdsOfOtherStreams(stream: string, events: NewEvent[]): void {
    for (const e of events) {
      const known = this.recentIds.get(e.id.toLowerCase());
      if (known !== undefined && known !== stream) throw new DuplicateEventIdError(e.id, stream);
    }
  }

  private remember(stream: string, events: NewEvent[]): void {
    for (const e of events) {
      const id = e.id.toLowerCase();
      this.recentIds.delete(id);
      this.recentIds.set(id, stream);
    }
    while (this.recentIds.size > this.rememberIds) {
      const oldest = this.recentIds.keys().next().value;
      if (oldest === undefined) break;
      this.recentIds.delete(oldest);
    }
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const asOf = options.asOf === undefined ? undefined : Date.parse(options.asOf);
    if (asOf !== undefined && Number.isNaN(asOf)) throw new Error(`Invalid asOf instant: ${options.asOf}`);
    let stored: StoredEvent[];
    try {
      stored = eventsOf(
        await collect(
          this.client.readStream(stream, {
            fromRevision: BigInt(options.fromRevision ?? 0),
            maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
          }),
        ),
      );
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    // `created` is the server's clock at the append, so it only grows along a stream: what is after asOf is
    // a suffix, and filtering after the maxCount read gives the same answer as SQLite's WHERE ... LIMIT.
    const visible = asOf === undefined ? stored : stored.filter((e) => e.created.getTime() <= asOf);
    return visible.map(toRecorded);
  }

  async readAll(after: string, maxCount: number): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    let from = decodePosition(after);
    let seen = BigInt(after); // everything at or before this was handed out already or is not wanted
    const pageSize = Math.min(Math.max(maxCount + 1, 32), 4096);
    while (out.length < maxCount) {
      const page = eventsOf(await collect(this.client.readAll({ fromPosition: from, maxCount: pageSize })));
      for (const e of page) {
        const at = e.position?.prepare ?? 0n;
        if (at <= seen) continue; // the forward read includes its start position
        seen = at;
        if (isSystem(e)) continue;
        out.push(toRecorded(e));
        if (out.length === maxCount) break;
      }
      if (page.length < pageSize) break;
      const last = page[page.length - 1].position;
      if (!last) throw new Error('The server returned an $all event without a position');
      from = last;
    }
    return out;
  }

  async readTenant(): Promise<RecordedEvent[]> {
    throw new Error('A salon backup is not supported yet on EventStoreDB (use the embedded SQLite store)');
  }

  async importRecorded(): Promise<string> {
    throw new Error(
      'A salon backup import is not supported yet on EventStoreDB (use the embedded SQLite store)',
    );
  }

  async headPosition(): Promise<string> {
    let from: ReadPosition = END;
    const pageSize = 64;
    for (;;) {
      const page = eventsOf(
        await collect(this.client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: pageSize })),
      );
      const user = page.find((e) => !isSystem(e));
      if (user) return encodePosition(user.position);
      if (page.length < pageSize) return '0';
      const last = page[page.length - 1].position;
      if (!last) return '0';
      from = last; // a backward read excludes its start position
    }
  }

  subscribeAll(after: string, handler: EventBatchHandler, options: SubscriptionOptions = {}): Subscription {
    decodePosition(after); // refuse a malformed position now, not in a retry loop
    const subscription = resubscribingSubscription({
      after,
      handler,
      options,
      open: (from) =>
        this.client.subscribeToAll(
          { fromPosition: decodePosition(from) },
          { highWaterMark: options.maxBatch ?? 1000 },
        ),
      onStop: () => this.subscriptions.delete(subscription),
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await this.kurrent?.dispose();
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.client.dispose();
  }
}

const sameId = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

type SubscriptionArgs = {
  after: string;
  handler: EventBatchHandler;
  options: SubscriptionOptions;
  open: (after: string) => AllStreamSubscription;
  onStop: () => void;
};

/** One attempt of a subscription: ends (rejects) on the first error; `stop()` ends it quietly. */
type Attempt = { done: Promise<void>; stop: () => Promise<void> };

/**
 * A catch-up subscription to $all that hands the handler micro-batches of what has arrived, waits for the
 * handler before reading more (the client stream is read in paused mode, so an unread buffer pushes back to
 * the server), and, since the client never resubscribes by itself, starts a new subscription from the last
 * handled position after an error (of the handler or the connection).
 */
export const resubscribingSubscription = ({
  after,
  handler,
  options,
  open,
  onStop,
}: SubscriptionArgs): Subscription => {
  const maxBatch = options.maxBatch ?? 1000;
  const retryDelayMs = options.retryDelayMs ?? 500;
  let position = after;
  let stopped = false;
  let attempt: Attempt | undefined;
  let cancelPause: (() => void) | undefined;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      cancelPause = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const handled = (last: string) => {
    position = last;
  };

  const loop = (async () => {
    while (!stopped) {
      try {
        attempt = runAttempt(open(position), position, {
          handler,
          maxBatch,
          options,
          handled,
          isStopped: () => stopped,
        });
        await attempt.done;
      } catch (error) {
        if (stopped) break;
        options.onError?.(error);
        await pause(retryDelayMs);
      }
    }
  })();

  const subscription: Subscription = {
    get position() {
      return position;
    },
    async stop() {
      if (stopped) return loop;
      stopped = true;
      cancelPause?.();
      await attempt?.stop();
      await loop;
      onStop();
    },
  };
  return subscription;
};

type AttemptArgs = {
  handler: EventBatchHandler;
  maxBatch: number;
  options: SubscriptionOptions;
  handled: (position: string) => void;
  isStopped: () => boolean;
};

const runAttempt = (
  sub: AllStreamSubscription,
  from: string,
  { handler, maxBatch, options, handled, isStopped }: AttemptArgs,
): Attempt => {
  let seen = BigInt(from);
  let last = from;
  let received = 0; // events taken off the client stream, system ones included
  let caughtUpAt: number | undefined;
  let pumping: Promise<void> | undefined;
  let settle: { resolve: () => void; reject: (e: unknown) => void } | undefined;
  const done = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });

  /** Ends the attempt once a handler call in flight has returned, so no two attempts ever overlap. */
  const finish = (error?: unknown) => {
    if (!settle) return;
    const s = settle;
    settle = undefined;
    sub.removeAllListeners();
    sub.on('error', () => undefined); // a late error of a cancelled call must not crash the process
    void sub.unsubscribe().catch(() => undefined);
    void Promise.resolve(pumping).then(() => (error === undefined ? s.resolve() : s.reject(error)));
  };

  const takeBatch = (): { batch: RecordedEvent[]; drained: boolean } => {
    const batch: RecordedEvent[] = [];
    while (batch.length < maxBatch) {
      const resolved = sub.read() as AllStreamResolvedEvent | null;
      if (resolved === null) return { batch, drained: true };
      received++;
      const e = resolved.event as StoredEvent | undefined;
      const at = e?.position?.prepare;
      if (!e || at === undefined || at <= seen) continue;
      seen = at;
      if (!isSystem(e)) batch.push(toRecorded(e));
    }
    return { batch, drained: false };
  };

  const pump = async () => {
    for (;;) {
      if (isStopped() || !settle) return;
      const { batch, drained } = takeBatch();
      if (batch.length > 0) {
        await handler(batch);
        last = batch[batch.length - 1].position;
        handled(last);
      }
      if (caughtUpAt !== undefined && received >= caughtUpAt) {
        caughtUpAt = undefined;
        options.onCaughtUp?.(last);
      }
      if (drained) return; // a read() that returned null guarantees another 'readable' when data comes
    }
  };

  const wake = () => {
    if (pumping) return;
    pumping = pump()
      .catch((error: unknown) => finish(error))
      .finally(() => {
        pumping = undefined;
      });
  };

  sub.on('readable', wake);
  // Emitted while the caught-up message passes the client's transform: every event before it is in the
  // readable buffer already, so caught up means "once those are handled".
  sub.on('caughtUp', () => {
    caughtUpAt = received + sub.readableLength;
    wake();
  });
  sub.on('error', (error: Error) => finish(error));
  sub.on('end', () => finish(new Error('The $all subscription was closed by the server')));

  return {
    done,
    async stop() {
      await pumping;
      finish();
    },
  };
};
