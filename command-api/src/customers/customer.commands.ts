import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  CUSTOMER_CATEGORY,
  customerMobileKey,
  CustomerPenaltyType,
  isUuid,
  notFound,
  recordPenaltyInput,
  registerCustomerInput,
  streamName,
  type CustomerDetails,
  type CustomerEvent,
} from '@rawnaq/contracts';
import { parseInput, TOKENS, type ReadModels } from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { Aggregates, idFor } from '../shared/repository';
import { tenantInfo } from '../shared/tenant';
import { UniqueValues } from '../shared/unique-values';
import {
  decideCustomer,
  evolveCustomer,
  initialCustomerState,
  type CustomerCommand,
  type CustomerState,
} from './customer';

export class RegisterCustomer {
  constructor(
    readonly ctx: CommandContext,
    readonly body: unknown,
  ) {}
}
export class ChangeCustomer {
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
      const { state } = await this.aggregates.load(stream(ctx, owner), initialCustomerState, evolveCustomer);
      if (!state.registered) return false;
      const current = uniqueValuesOf(state.details).find((u) => u.kind === kind);
      return current?.value === value;
    };
  }

  /** The command's unit of work stores the claims with the customer, or none of them if it is refused. */
  protected async claimAll(ctx: CommandContext, owner: string, values: ReturnType<typeof uniqueValuesOf>) {
    for (const u of values) await this.unique.claim(ctx, { ...u, owner }, this.holds(ctx, u.kind, u.value));
  }

  protected async releaseAll(ctx: CommandContext, owner: string, values: ReturnType<typeof uniqueValuesOf>) {
    for (const u of values) await this.unique.release(ctx, u.kind, u.value, owner);
  }
}

@CommandHandler(RegisterCustomer)
export class RegisterCustomerHandler extends CustomerHandler implements ICommandHandler<RegisterCustomer> {
  async execute({ ctx, body }: RegisterCustomer): Promise<Answer> {
    const { details, today } = await this.details(ctx, body);
    const customerId = idFor(ctx, 'customer');
    const outcome = await this.run(ctx, customerId, { type: 'RegisterCustomer', customerId, details }, today);
    await this.claimAll(ctx, customerId, uniqueValuesOf(details));
    return new Answer(recordOf(outcome.state), outcome.position, 201);
  }
}

@CommandHandler(ChangeCustomer)
export class ChangeCustomerHandler extends CustomerHandler implements ICommandHandler<ChangeCustomer> {
  async execute({ ctx, customerId, body }: ChangeCustomer): Promise<Answer> {
    const { details, today } = await this.details(ctx, body);
    const { state } = await this.aggregates.load(
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
    await this.claimAll(ctx, customerId, gained);
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

export const customerHandlers = [
  RegisterCustomerHandler,
  ChangeCustomerHandler,
  SetCustomerStatusHandler,
  RecordCustomerPenaltyHandler,
];
