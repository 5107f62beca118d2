import type { Actor } from '@rawnaq/contracts';

/** Who asks, for which tenant, when, and the request's correlation (and idempotency) key. */
export type CommandContext = {
  tenantId: string;
  actor: Actor;
  correlationId: string;
  /** from the Idempotency-Key header: makes the ids of what this request creates deterministic */
  idempotencyKey?: string;
  now: Date;
};
