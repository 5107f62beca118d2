import { z } from 'zod';

/** Who caused a change: a merchant user, a platform manager, a customer online, or the system itself. */
export const ActorKind = z.enum(['user', 'manager', 'customer', 'system']);
export type ActorKind = z.infer<typeof ActorKind>;

export const Actor = z.object({ kind: ActorKind, id: z.string().min(1) });
export type Actor = z.infer<typeof Actor>;

export const EventMetadata = z.object({
  tenantId: z.string().min(1),
  actor: Actor,
  correlationId: z.string().min(1),
  causationId: z.string().min(1),
  occurredAt: z.iso.datetime({ offset: false }),
  schemaVersion: z.number().int().positive(),
});
export type EventMetadata = z.infer<typeof EventMetadata>;

/** The envelope every event is written in. `data` is validated by the event's own schema. */
export const EventEnvelope = z.object({
  id: z.uuid(),
  type: z.string().regex(/^[A-Z][A-Za-z0-9]*$/, 'event types are PascalCase facts in the past tense'),
  data: z.record(z.string(), z.unknown()),
  metadata: EventMetadata,
});
export type EventEnvelope<TType extends string = string, TData = Record<string, unknown>> = {
  id: string;
  type: TType;
  data: TData;
  metadata: EventMetadata;
  /**
   * `data` as JSON text, when it was made ahead, off the thread serving requests (a signed e-invoice's
   * XML is escaped where it was signed): a store that keeps events as JSON text writes it instead of
   * serializing `data` again. It is `data`, exactly: JSON.parse of it equals `data`.
   */
  dataJson?: string;
};

/**
 * An event as the store gives it back: the envelope plus where it sits.
 * `revision` is 0-based within its stream; `position` is the global log position, a decimal string
 * (never a raw bigint, so it survives JSON); `recordedAt` is when the store accepted it (UTC ISO).
 */
export type RecordedEvent<TType extends string = string, TData = Record<string, unknown>> = EventEnvelope<
  TType,
  TData
> & {
  stream: string;
  revision: number;
  position: string;
  recordedAt: string;
};

/** Stream names follow the EventStoreDB category convention, with the tenant in every name. */
export const streamName = (category: string, tenantId: string, aggregateId: string): string =>
  `${category}-${tenantId}.${aggregateId}`;

export const parseStreamName = (
  stream: string,
): { category: string; tenantId: string; aggregateId: string } | undefined => {
  // a category may hold a dash (`gateway-payment`), a tenant never does (an account number, `platform`)
  const m = /^(.+?)-([^-.]+)\.(.+)$/.exec(stream);
  return m ? { category: m[1], tenantId: m[2], aggregateId: m[3] } : undefined;
};

/**
 * The category of a command's stored reply (`reply-{tenant}.{digest}`, one stream per Idempotency-Key):
 * asked about at every keyed request, before it exists nearly always.
 */
export const REPLY_CATEGORY = 'reply';

/** Positions are unsigned decimal integers of any size, written without leading zeros. */
export const comparePositions = (a: string, b: string): number =>
  a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
export const START_POSITION = '0';
