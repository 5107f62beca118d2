import type { EventEnvelope, RecordedEvent } from '@rawnaq/contracts';

/**
 * What the caller expects the stream to look like before the append:
 * - 'no_stream': the stream must not exist yet;
 * - 'exists': the stream must have at least one event;
 * - 'any': no check;
 * - a number: the revision (0-based) of the stream's last event.
 */
export type ExpectedRevision = 'no_stream' | 'exists' | 'any' | number;

export type NewEvent = EventEnvelope;

/** `nextRevision` is the revision of the last event written (0-based); `position` its global position. */
export type AppendResult = { nextRevision: number; position: string };

/**
 * One stream's part of an atomic multi-stream append. With no events it is a check only: the append
 * happens only if that stream is still at `expected` (a visit booked against an employee's hours
 * that nobody changed meanwhile).
 */
export type StreamWrite = { stream: string; events: NewEvent[]; expected: ExpectedRevision };

/** `position` is the global position of the last event written; `streams` each written stream's last revision. */
export type CommitResult = { position: string; streams: Record<string, number> };

export type ReadStreamOptions = {
  /** first revision to return (inclusive), default 0 */
  fromRevision?: number;
  maxCount?: number;
  /** only events the store recorded at or before this instant (UTC ISO) */
  asOf?: string;
  /**
   * With a store that `ordersAppendsOnCall`: also the appends already made and not yet committed (a
   * command deciding after the previous ones of this process). They may still be rolled back (see
   * `discardedGroups`); without it, only committed events.
   */
  pending?: boolean;
};

export type EventBatchHandler = (events: RecordedEvent[]) => Promise<void> | void;

export type SubscriptionOptions = {
  /** how many events at most per handler call while catching up */
  maxBatch?: number;
  /** called each time the subscription has delivered everything stored so far */
  onCaughtUp?: (position: string) => void;
  /** called when the handler or the connection failed; the subscription retries from the last handled event */
  onError?: (error: unknown) => void;
  /** delay before a retry after an error (ms) */
  retryDelayMs?: number;
};

export interface Subscription {
  /** the position of the last event the handler finished */
  readonly position: string;
  stop(): Promise<void>;
}

export interface EventStore {
  readonly name: string;
  /**
   * True when `append`/`appendMany` check and write at the call, in call order, and only the commit
   * comes later (the embedded store's group commit): a `readStream` made after the call already sees
   * the append, so a command may let go of what it holds as soon as it called append.
   */
  readonly ordersAppendsOnCall?: boolean;
  /**
   * With `ordersAppendsOnCall`: how many times appends a `readStream` could already see were rolled
   * back after all (their group's COMMIT failed, a full disk). A cache of streams forgets what it
   * holds when this number changes.
   */
  readonly discardedGroups?: number;
  append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /**
   * Appends to several streams as one atomic write: every stream's expected revision holds and all
   * events are stored, or nothing is (a command that touches a customer and the claim on her mobile
   * number, a visit and the days of the employees it books). Each stream appears once. A retry of an
   * append that was stored (same event ids, same places) answers the first result.
   */
  appendMany(writes: StreamWrite[]): Promise<CommitResult>;
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * True only when the stream certainly has no event, told without a read: none of this store's own
   * appends (stored, or pending as a command's load sees them), nor of what other processes committed
   * up to what this store's reads show. The embedded store keeps the names of some categories in a
   * filter for it (`filteredCategories`). False says nothing; a store without it reads.
   */
  surelyEmpty?(stream: string): boolean;
  /** events after `after` (exclusive: pass the last position you handled, or '0' from the start) */
  readAll(after: string, maxCount: number): Promise<RecordedEvent[]>;
  /** the position of the last event stored, '0' when empty */
  headPosition(): Promise<string>;
  /**
   * One tenant's events (every stream `<category>-<tenant>.<id>`) after `after` and at most `upTo`, in
   * global order, at most `maxCount` (a salon's backup).
   */
  readTenant(tenantId: string, after: string, maxCount: number, upTo?: string): Promise<RecordedEvent[]>;
  /**
   * Stores events recorded by another store as they were (a backup's import): same ids, streams,
   * revisions, metadata and recording instants; new global positions, in the order given. Each
   * stream's revisions must follow its last one; all or nothing. Answers the last position written.
   */
  importRecorded(events: RecordedEvent[]): Promise<string>;
  /** catches up from `after`, then delivers new events as they are stored; resumes after errors */
  subscribeAll(after: string, handler: EventBatchHandler, options?: SubscriptionOptions): Subscription;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  readonly code = 'wrong_expected_revision';
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${stream}: expected ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export class DuplicateEventIdError extends Error {
  readonly code = 'duplicate_event_id';
  constructor(
    readonly eventId: string,
    readonly stream: string,
  ) {
    super(`Event ${eventId} is already stored, but not as the same append to ${stream}`);
    this.name = 'DuplicateEventIdError';
  }
}

/** Refuses what no adapter can store: nothing to write, or one stream written twice in one commit. */
export const checkWrites = (writes: StreamWrite[]): void => {
  if (writes.every((w) => w.events.length === 0)) throw new Error('Nothing to append');
  const seen = new Set<string>();
  for (const w of writes) {
    if (seen.has(w.stream)) throw new Error(`Stream ${w.stream} appears twice in one commit`);
    seen.add(w.stream);
  }
};

export const checkExpected = (
  stream: string,
  expected: ExpectedRevision,
  actual: number | 'no_stream',
): WrongExpectedRevisionError | undefined => {
  if (expected === 'any') return undefined;
  if (expected === 'no_stream')
    return actual === 'no_stream' ? undefined : new WrongExpectedRevisionError(stream, expected, actual);
  if (expected === 'exists')
    return actual !== 'no_stream' ? undefined : new WrongExpectedRevisionError(stream, expected, actual);
  return actual === expected ? undefined : new WrongExpectedRevisionError(stream, expected, actual);
};
