import { createHash } from 'node:crypto';
import { newId, type EventEnvelope, type RecordedEvent } from '@rawnaq/contracts';
import { WrongExpectedRevisionError, type EventStore, type ExpectedRevision } from '@rawnaq/platform';
import type { CommandContext } from './command-context';

export type Fact = { type: string; data: object };

/**
 * An id derived from the request's idempotency key: the same retried request creates the same ids,
 * so the event store recognises its events and writes nothing twice. Version-8 (custom) UUID layout.
 */
export const idFor = (ctx: CommandContext, ...parts: Array<string | number>): string => {
  if (!ctx.idempotencyKey) return newId();
  const h = createHash('sha256')
    .update([ctx.tenantId, ctx.actor.id, ctx.idempotencyKey, ...parts].join('\u0000'))
    .digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

export type Decision<S, E extends Fact> = {
  initial: S;
  evolve: (state: S, event: E & { metadata: RecordedEvent['metadata'] }) => S;
  decide: (state: S) => E[];
};

export type Outcome<S, E> = { state: S; events: E[]; position?: string };

/**
 * Loads an aggregate from its stream, decides, and appends with optimistic concurrency. When another
 * writer got there first, it reloads and decides again (the decision may now differ), a few times.
 */
export class Aggregates {
  constructor(private readonly store: EventStore) {}

  async load<S, E extends Fact>(stream: string, initial: S, evolve: Decision<S, E>['evolve'], asOf?: string) {
    const events = await this.store.readStream(stream, asOf ? { asOf } : {});
    const state = events.reduce(
      (s, e) => evolve(s, e as unknown as E & { metadata: RecordedEvent['metadata'] }),
      initial,
    );
    return { state, revision: events.length ? events[events.length - 1].revision : -1, events };
  }

  envelopes(ctx: CommandContext, stream: string, revision: number, facts: Fact[]): EventEnvelope[] {
    return facts.map((f, i) => ({
      id: idFor(ctx, stream, revision + 1 + i),
      type: f.type,
      data: f.data as Record<string, unknown>,
      metadata: {
        tenantId: ctx.tenantId,
        actor: ctx.actor,
        correlationId: ctx.correlationId,
        causationId: ctx.correlationId,
        occurredAt: ctx.now.toISOString(),
        schemaVersion: 1,
      },
    }));
  }

  async handle<S, E extends Fact>(
    stream: string,
    ctx: CommandContext,
    d: Decision<S, E>,
  ): Promise<Outcome<S, E>> {
    for (let attempt = 0; ; attempt++) {
      const { state, revision } = await this.load(stream, d.initial, d.evolve);
      const events = d.decide(state);
      if (events.length === 0) return { state, events };
      const expected: ExpectedRevision = revision < 0 ? 'no_stream' : revision;
      try {
        const envelopes = this.envelopes(ctx, stream, revision, events);
        const { position } = await this.store.append(stream, envelopes, expected);
        const next = envelopes.reduce(
          (s, e) => d.evolve(s, e as unknown as E & { metadata: RecordedEvent['metadata'] }),
          state,
        );
        return { state: next, events, position };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= 3) throw error;
      }
    }
  }

  /** Appends facts to a stream that must not exist yet (a creation). */
  async create(stream: string, ctx: CommandContext, facts: Fact[]): Promise<string> {
    const { position } = await this.store.append(stream, this.envelopes(ctx, stream, -1, facts), 'no_stream');
    return position;
  }
}
