import type { Actor } from '@rawnaq/contracts';
import type { UnitOfWork } from './unit-of-work';

/** Where a context keeps its command's unit of work (a symbol: never serialised with the context). */
export const UNIT: unique symbol = Symbol('rawnaq.unitOfWork');

/** Who asks, for which tenant, when, and the request's correlation (and idempotency) key. */
export type CommandContext = {
  tenantId: string;
  actor: Actor;
  correlationId: string;
  /** from the Idempotency-Key header: makes the ids of what this request creates deterministic */
  idempotencyKey?: string;
  now: Date;
  /** the unit of work its command records into, when it runs in one (see `unitOf`, unit-of-work.ts) */
  [UNIT]?: UnitOfWork;
};

/** What may belong to a unit of work: a command's context, or nothing (a read outside any command). */
export type UnitScope = { readonly [UNIT]?: UnitOfWork } | undefined;

/** A command's context, or only the tenant for reads outside any command (a worker's, a guard's). */
export type TenantScope = CommandContext | { tenantId: string; [UNIT]?: undefined };
