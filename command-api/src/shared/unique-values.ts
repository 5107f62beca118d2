import { createHash } from 'node:crypto';
import { DomainError, streamName } from '@rawnaq/contracts';
import type { Aggregates } from './repository';
import { type CommandContext, type TenantScope } from './command-context';

type Claim = { type: 'UniqueValueClaimed' | 'UniqueValueReleased'; data: { kind: string; owner: string } };
type State = { owner?: string };

/** What a claim asks: the value, who wants it, and how a refusal names it. */
export type UniqueClaim = {
  kind: string;
  value: string;
  owner: string;
  field: string;
  duplicateKey: string;
  /** the refusal says who holds the value (`params.existing_id`), for a caller who may open that record */
  revealHolder?: boolean;
};

const duplicate = (claim: UniqueClaim, holder: string) =>
  new DomainError(
    claim.duplicateKey,
    409,
    { [claim.field]: claim.duplicateKey },
    claim.revealHolder ? { existing_id: holder } : undefined,
  );

/**
 * Uniqueness across aggregates (one customer per mobile number...) the event-sourced way: each value
 * has a small stream that records who holds it, written with optimistic concurrency, so two desks
 * registering the same number at the same instant cannot both win. A claim left behind by a command
 * that failed half-way is taken over, because `stillHolds` asks the holder whether it really has it.
 */
export class UniqueValues {
  constructor(private readonly aggregates: Aggregates) {}

  private stream(tenantId: string, kind: string, value: string) {
    return streamName(
      'unique',
      tenantId,
      `${kind}:${createHash('sha256').update(value).digest('hex').slice(0, 40)}`,
    );
  }

  async claim(
    ctx: CommandContext,
    claim: UniqueClaim,
    stillHolds: (owner: string) => Promise<boolean>,
  ): Promise<void> {
    const stream = this.stream(ctx.tenantId, claim.kind, claim.value);
    const { state } = await this.aggregates.load<State, Claim>(ctx, stream, {}, evolve);
    if (state.owner === claim.owner) return;
    if (state.owner && (await stillHolds(state.owner))) throw duplicate(claim, state.owner);
    await this.aggregates.handle<State, Claim>(stream, ctx, {
      initial: {},
      evolve,
      decide: (s) => {
        if (s.owner === claim.owner) return [];
        if (s.owner && s.owner !== state.owner) throw duplicate(claim, s.owner); // taken meanwhile
        return [{ type: 'UniqueValueClaimed', data: { kind: claim.kind, owner: claim.owner } }];
      },
    });
  }

  /** Who holds a value now, if anyone (the caller checks the holder still has it, as `claim` does). */
  async ownerOf(at: TenantScope, kind: string, value: string): Promise<string | undefined> {
    const { state } = await this.aggregates.load<State, Claim>(
      at,
      this.stream(at.tenantId, kind, value),
      {},
      evolve,
    );
    return state.owner;
  }

  async release(ctx: CommandContext, kind: string, value: string, owner: string): Promise<void> {
    const stream = this.stream(ctx.tenantId, kind, value);
    await this.aggregates.handle<State, Claim>(stream, ctx, {
      initial: {},
      evolve,
      decide: (s) => (s.owner === owner ? [{ type: 'UniqueValueReleased', data: { kind, owner } }] : []),
    });
  }
}

const evolve = (s: State, e: Claim): State =>
  e.type === 'UniqueValueClaimed' ? { owner: e.data.owner } : s.owner === e.data.owner ? {} : s;
