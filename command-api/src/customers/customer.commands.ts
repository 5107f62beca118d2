import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  CUSTOMER_CATEGORY,
  customerMobileKey,
  CustomerPenaltyType,
  dismissDuplicateInput,
  isUuid,
  mergeCustomerInput,
  notFound,
  recordPenaltyInput,
  registerCustomerInput,
  rejected,
  streamName,
  WALLET_CATEGORY,
  type CustomerDetails,
  type CustomerEvent,
  type LoyaltyEvent,
  type WalletEvent,
} from '@rawnaq/contracts';
import { parseInput, TOKENS, type ReadModels } from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import type { CommandContext, TenantScope } from '../shared/command-context';
import { Aggregates, idFor } from '../shared/repository';
import { tenantInfo } from '../shared/tenant';
import { UniqueValues } from '../shared/unique-values';
import { decideLoyalty, evolveLoyalty, initialLoyaltyState, type LoyaltyState } from '../sales/loyalty';
import { loyaltyStream } from '../sales/loyalty.commands';
import { decideWallet, evolveWallet, initialWalletState, type WalletState } from '../sales/wallet';
import {
  decideCustomer,
  evolveCustomer,
  initialCustomerState,
  type CustomerCommand,
  type CustomerState,
} from './customer';

/** How a registration is made besides its form. */
export type RegistrationOptions = {
  /** a refusal for a duplicate says which customer holds the value (a caller who may open customers) */
  showExisting?: boolean;
  /**
   * registered from the online pages with a mobile on file under another name: the customers on file.
   * She is flagged as their likely duplicate and does not claim the mobile, which stays theirs.
   */
  likelyDuplicateOf?: string[];
};

export class RegisterCustomer {
  constructor(
    readonly ctx: CommandContext,
    readonly body: unknown,
    readonly options: RegistrationOptions = {},
  ) {}
}
export class ChangeCustomer {
  constructor(
    readonly ctx: CommandContext,
    readonly customerId: string,
    readonly body: unknown,
    readonly options: Pick<RegistrationOptions, 'showExisting'> = {},
  ) {}
}

/** The front desk merges `customerId` into the customer the body names (`into_customer_id`). */
export class MergeCustomer {
  constructor(
    readonly ctx: CommandContext,
    readonly customerId: string,
    readonly body: unknown,
  ) {}
}

/** "Not the same person": `customerId` and the customer the body names are no likely duplicate. */
export class DismissLikelyDuplicate {
  constructor(
    readonly ctx: CommandContext,
    readonly customerId: string,
    readonly body: unknown,
  ) {}
}
export class SetCustomerStatus {
  constructor(
    readonly ctx: CommandContext,
    readonly customerId: string,
    readonly active: boolean,
  ) {}
}

/** A penalty of type 2 ("others") written by hand on the customer's record, with why. */
export class RecordCustomerPenalty {
  constructor(
    readonly ctx: CommandContext,
    readonly customerId: string,
    readonly body: unknown,
  ) {}
}

const stream = (ctx: CommandContext, id: string) => streamName(CUSTOMER_CATEGORY, ctx.tenantId, id);
const walletStream = (ctx: CommandContext, id: string) => streamName(WALLET_CATEGORY, ctx.tenantId, id);

/**
 * The customer an id stands for today: the customer herself, or the one she was merged into (and so
 * on, should that one have been merged too). Undefined for an id of no customer of the salon.
 */
export const currentCustomer = async (
  aggregates: Aggregates,
  at: TenantScope,
  customerId: string,
): Promise<{ id: string; state: Extract<CustomerState, { registered: true }> } | undefined> => {
  let id = customerId;
  // a merge refuses a customer already merged, so the chain has no loop; the bound is a safeguard
  for (let hops = 0; hops < 20; hops += 1) {
    if (!isUuid(id)) return undefined;
    const { state } = await aggregates.load(
      at,
      streamName(CUSTOMER_CATEGORY, at.tenantId, id),
      initialCustomerState,
      evolveCustomer,
    );
    if (!state.registered) return undefined;
    if (!state.mergedInto) return { id, state };
    id = state.mergedInto;
  }
  return undefined;
};

/** The values no two customers of a salon may share, with the field and message of a duplicate. */
const uniqueValuesOf = (d: Partial<CustomerDetails>) =>
  [
    {
      kind: 'customer_mobile',
      value: d.mobile_key,
      field: 'mobile',
      duplicateKey: 'customers.duplicate_mobile',
    },
    {
      kind: 'customer_email',
      value: d.email?.toLowerCase(),
      field: 'email',
      duplicateKey: 'customers.duplicate_email',
    },
    {
      kind: 'customer_tax_number',
      value: d.tax_number,
      field: 'tax_number',
      duplicateKey: 'customers.duplicate_tax_number',
    },
  ].filter((u): u is { kind: string; value: string; field: string; duplicateKey: string } => !!u.value);

/** The record react-admin shows right after a save (the list then reads the projection). */
const recordOf = (state: CustomerState) =>
  state.registered ? { id: state.customerId, ...state.details, status: state.active ? 1 : 0 } : undefined;

abstract class CustomerHandler {
  constructor(
    @Inject(Aggregates) protected readonly aggregates: Aggregates,
    @Inject(UniqueValues) protected readonly unique: UniqueValues,
    @Inject(TOKENS.readModels) protected readonly models: ReadModels,
  ) {}

  protected async details(
    ctx: CommandContext,
    body: unknown,
  ): Promise<{ details: CustomerDetails; today: string }> {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const input = parseInput(registerCustomerInput({ countryId: tenant.countryId }), body);
    return { details: { ...input, mobile_key: customerMobileKey(input.mobile) }, today: tenant.today };
  }

  protected run(ctx: CommandContext, customerId: string, command: CustomerCommand, today: string) {
    return this.aggregates.handle<CustomerState, CustomerEvent>(stream(ctx, customerId), ctx, {
      initial: initialCustomerState,
      evolve: evolveCustomer,
      decide: (state) => decideCustomer(command, state, { today }),
    });
  }

  /** Does this customer still hold the value (a claim may be left from a command that failed)? */
  protected holds(ctx: CommandContext, kind: string, value: string) {
    return async (owner: string) => {
      const { state } = await this.aggregates.load(
        ctx,
        stream(ctx, owner),
        initialCustomerState,
        evolveCustomer,
      );
      if (!state.registered) return false;
      const current = uniqueValuesOf(state.details).find((u) => u.kind === kind);
      return current?.value === value;
    };
  }

  /** The command's unit of work stores the claims with the customer, or none of them if it is refused. */
  protected async claimAll(
    ctx: CommandContext,
    owner: string,
    values: ReturnType<typeof uniqueValuesOf>,
    showExisting = false,
  ) {
    for (const u of values)
      await this.unique.claim(
        ctx,
        { ...u, owner, revealHolder: showExisting },
        this.holds(ctx, u.kind, u.value),
      );
  }

  /** Claims the values no other customer holds now (a merge: the kept customer takes what is free). */
  protected async claimFree(ctx: CommandContext, owner: string, values: ReturnType<typeof uniqueValuesOf>) {
    for (const u of values) {
      const holder = await this.unique.ownerOf(ctx, u.kind, u.value);
      if (holder && holder !== owner && (await this.holds(ctx, u.kind, u.value)(holder))) continue;
      await this.unique.claim(ctx, { ...u, owner }, this.holds(ctx, u.kind, u.value));
    }
  }

  protected async releaseAll(ctx: CommandContext, owner: string, values: ReturnType<typeof uniqueValuesOf>) {
    for (const u of values) await this.unique.release(ctx, u.kind, u.value, owner);
  }
}

@CommandHandler(RegisterCustomer)
export class RegisterCustomerHandler extends CustomerHandler implements ICommandHandler<RegisterCustomer> {
  async execute({ ctx, body, options }: RegisterCustomer): Promise<Answer> {
    const { details, today } = await this.details(ctx, body);
    const customerId = idFor(ctx, 'customer');
    const likelyDuplicateOf = options.likelyDuplicateOf ?? [];
    const outcome = await this.run(
      ctx,
      customerId,
      { type: 'RegisterCustomer', customerId, details, likelyDuplicateOf },
      today,
    );
    // the back office's own entry refuses a mobile on file (doc2: duplicates are rejected); a likely
    // duplicate registered online leaves the claim on the mobile to the customer(s) on file
    const values = uniqueValuesOf(details).filter(
      (u) => !(likelyDuplicateOf.length > 0 && u.kind === 'customer_mobile'),
    );
    await this.claimAll(ctx, customerId, values, options.showExisting);
    return new Answer(recordOf(outcome.state), outcome.position, 201);
  }
}

@CommandHandler(ChangeCustomer)
export class ChangeCustomerHandler extends CustomerHandler implements ICommandHandler<ChangeCustomer> {
  async execute({ ctx, customerId, body, options }: ChangeCustomer): Promise<Answer> {
    const { details, today } = await this.details(ctx, body);
    const { state } = await this.aggregates.load(
      ctx,
      stream(ctx, customerId),
      initialCustomerState,
      evolveCustomer,
    );
    const before = state.registered ? uniqueValuesOf(state.details) : [];
    const after = uniqueValuesOf(details);
    const gained = after.filter((u) => !before.some((b) => b.kind === u.kind && b.value === u.value));
    const lost = before.filter((b) => !after.some((u) => u.kind === b.kind && u.value === b.value));
    const outcome = await this.run(ctx, customerId, { type: 'ChangeCustomerDetails', details }, today);
    await this.releaseAll(ctx, customerId, lost);
    await this.claimAll(ctx, customerId, gained, options.showExisting);
    return new Answer(recordOf(outcome.state), outcome.position);
  }
}

@CommandHandler(SetCustomerStatus)
export class SetCustomerStatusHandler extends CustomerHandler implements ICommandHandler<SetCustomerStatus> {
  async execute({ ctx, customerId, active }: SetCustomerStatus): Promise<Answer> {
    const { today } = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const outcome = await this.run(
      ctx,
      customerId,
      { type: active ? 'ActivateCustomer' : 'DisableCustomer' },
      today,
    );
    return new Answer(recordOf(outcome.state), outcome.position);
  }
}

@CommandHandler(RecordCustomerPenalty)
export class RecordCustomerPenaltyHandler
  extends CustomerHandler
  implements ICommandHandler<RecordCustomerPenalty>
{
  async execute({ ctx, customerId, body }: RecordCustomerPenalty): Promise<Answer> {
    if (!isUuid(customerId)) throw notFound('not_found.customer');
    const input = parseInput(recordPenaltyInput, body);
    const { today } = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const outcome = await this.run(
      ctx,
      customerId,
      { type: 'RecordPenalty', penaltyType: CustomerPenaltyType.others, notes: input.notes },
      today,
    );
    return new Answer(
      {
        id: customerId,
        customer_id: customerId,
        penalty_type: CustomerPenaltyType.others,
        notes: input.notes,
        at: ctx.now.toISOString(),
      },
      outcome.position,
      201,
    );
  }
}

/**
 * The front desk merges a customer into another, the one kept (issue 24), in one append:
 * - the merged customer is marked merged into the kept one (`CustomerMerged`): she leaves the lists,
 *   her record stays readable (the audit log, as-of), her id leads to the kept customer wherever it is
 *   still used (a visit she booked checks out to the kept customer, a refund of her invoice goes to the
 *   kept customer's wallet);
 * - money and points move by events, exactly: her wallet's whole balance (`WalletMovedOut` /
 *   `WalletMovedIn`) and her loyalty points with what each invoice earned;
 * - the kept customer records that she took her in (`DuplicateCustomerMergedIn`, with every id merged):
 *   her visits, invoices, gift cards, offers and packages, penalties stay as they were recorded, and the
 *   kept customer's screens and the till read them under all her ids (history is re-pointed as it is
 *   read, not rewritten);
 * - the merged customer's unique values (mobile, e-mail, tax number) are let go, and the kept customer
 *   takes hers that nobody else holds.
 */
@CommandHandler(MergeCustomer)
export class MergeCustomerHandler extends CustomerHandler implements ICommandHandler<MergeCustomer> {
  async execute({ ctx, customerId, body }: MergeCustomer): Promise<Answer> {
    if (!isUuid(customerId)) throw notFound('not_found.customer');
    const input = parseInput(mergeCustomerInput, body);
    const keptId = input.into_customer_id;
    if (!isUuid(keptId)) throw rejected('not_found.customer', 'into_customer_id');
    const { today } = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const { state: kept } = await this.aggregates.load(
      ctx,
      stream(ctx, keptId),
      initialCustomerState,
      evolveCustomer,
    );
    const merged = await this.run(ctx, customerId, { type: 'MergeInto', into: kept }, today);
    if (!merged.state.registered) throw notFound('not_found.customer');

    const wallet = await this.aggregates.handle<WalletState, WalletEvent>(
      walletStream(ctx, customerId),
      ctx,
      {
        initial: initialWalletState,
        evolve: evolveWallet,
        decide: (s) =>
          decideWallet({ type: 'MoveOut', customerId, toCustomerId: keptId, businessDate: today }, s),
      },
    );
    const walletMoved = wallet.events.reduce(
      (sum, e) => (e.type === 'WalletMovedOut' ? sum + e.data.amount : sum),
      0,
    );
    await this.aggregates.handle<WalletState, WalletEvent>(walletStream(ctx, keptId), ctx, {
      initial: initialWalletState,
      evolve: evolveWallet,
      decide: (s) =>
        decideWallet(
          {
            type: 'MoveIn',
            customerId: keptId,
            fromCustomerId: customerId,
            amount: walletMoved,
            businessDate: today,
          },
          s,
        ),
    });

    const { state: points } = await this.aggregates.load<LoyaltyState, LoyaltyEvent>(
      ctx,
      loyaltyStream(ctx.tenantId, customerId),
      initialLoyaltyState,
      evolveLoyalty,
    );
    const loyalty = await this.aggregates.handle<LoyaltyState, LoyaltyEvent>(
      loyaltyStream(ctx.tenantId, customerId),
      ctx,
      {
        initial: initialLoyaltyState,
        evolve: evolveLoyalty,
        decide: (s) => decideLoyalty({ type: 'MoveOut', customerId, toCustomerId: keptId }, s),
      },
    );
    const pointsMoved = loyalty.events.reduce(
      (sum, e) => (e.type === 'LoyaltyPointsMovedOut' ? sum + e.data.points : sum),
      0,
    );
    await this.aggregates.handle<LoyaltyState, LoyaltyEvent>(loyaltyStream(ctx.tenantId, keptId), ctx, {
      initial: initialLoyaltyState,
      evolve: evolveLoyalty,
      decide: (s) =>
        decideLoyalty(
          {
            type: 'MoveIn',
            customerId: keptId,
            fromCustomerId: customerId,
            points: pointsMoved,
            earnedOn: points.earnedOn ?? {},
          },
          s,
        ),
    });

    await this.releaseAll(ctx, customerId, uniqueValuesOf(merged.state.details));
    if (kept.registered) await this.claimFree(ctx, keptId, uniqueValuesOf(kept.details));
    const outcome = await this.run(
      ctx,
      keptId,
      {
        type: 'TakeInDuplicate',
        merged: merged.state,
        walletMoved,
        loyaltyPointsMoved: pointsMoved,
      },
      today,
    );
    return new Answer(
      {
        ...recordOf(outcome.state),
        merged_customer_id: customerId,
        wallet_moved: walletMoved,
        loyalty_points_moved: pointsMoved,
      },
      outcome.position,
    );
  }
}

/**
 * "Not the same person": the pair is no longer a likely duplicate. The flag is on the customer
 * registered online (the likely duplicate), whichever of the two screens the desk said it from.
 */
@CommandHandler(DismissLikelyDuplicate)
export class DismissLikelyDuplicateHandler
  extends CustomerHandler
  implements ICommandHandler<DismissLikelyDuplicate>
{
  async execute({ ctx, customerId, body }: DismissLikelyDuplicate): Promise<Answer> {
    if (!isUuid(customerId)) throw notFound('not_found.customer');
    const input = parseInput(dismissDuplicateInput, body);
    const otherId = input.customer_id;
    if (!isUuid(otherId)) throw rejected('not_found.customer', 'customer_id');
    const { today } = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const [{ state: one }, { state: other }] = await Promise.all(
      [customerId, otherId].map((id) =>
        this.aggregates.load(ctx, stream(ctx, id), initialCustomerState, evolveCustomer),
      ),
    );
    if (!one.registered) throw notFound('not_found.customer');
    if (!other.registered) throw rejected('not_found.customer', 'customer_id');
    const [flagged, of] = other.likelyDuplicateOf.includes(customerId)
      ? [otherId, customerId]
      : [customerId, otherId];
    const outcome = await this.run(ctx, flagged, { type: 'DismissLikelyDuplicate', of }, today);
    return new Answer(
      { id: customerId, customer_id: otherId, flagged_customer_id: flagged },
      outcome.position,
    );
  }
}

export const customerHandlers = [
  RegisterCustomerHandler,
  ChangeCustomerHandler,
  SetCustomerStatusHandler,
  RecordCustomerPenaltyHandler,
  MergeCustomerHandler,
  DismissLikelyDuplicateHandler,
];
