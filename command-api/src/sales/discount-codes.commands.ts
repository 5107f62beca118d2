import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DISCOUNT_CODE_CATEGORY,
  discountCodeInput,
  normalizeDiscountCode,
  notFound,
  codePercent,
  streamName,
  toMinor,
  type DiscountCodeDetails,
  type DiscountCodeEvent,
  type DiscountCodeInput,
  type ErrorDetail,
  type ProductEvent,
} from '@rawnaq/contracts';
import { parseInput, TOKENS, type ReadModels } from '@rawnaq/platform';
import { evolveProduct, initialProductState, type ProductState } from '../products/product';
import { BookingContext } from '../scheduling/booking-context';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { Aggregates, idFor } from '../shared/repository';
import { tenantInfo } from '../shared/tenant';
import { UniqueValues } from '../shared/unique-values';
import { refusal } from './invoice';
import {
  decideDiscountCode,
  evolveDiscountCode,
  initialDiscountCodeState,
  type DiscountCodeState,
} from './discount-code';

export class DefineDiscountCode {
  constructor(
    readonly ctx: CommandContext,
    readonly body: unknown,
  ) {}
}
export class ChangeDiscountCode {
  constructor(
    readonly ctx: CommandContext,
    readonly id: string,
    readonly body: unknown,
  ) {}
}

export const discountCodeStream = (tenantId: string, id: string) =>
  streamName(DISCOUNT_CODE_CATEGORY, tenantId, id);

/** The input as kept: the code canonical, a percentage in basis points, an amount in minor units. */
const detailsOf = (input: DiscountCodeInput, countryId: number): DiscountCodeDetails => ({
  code: normalizeDiscountCode(input.code)!,
  ...(input.name?.trim() && { name: input.name.trim() }),
  category: input.category,
  service_ids: [...new Set(input.service_ids)],
  product_ids: [...new Set(input.product_ids)],
  kind: input.kind,
  value: input.kind === 'percent' ? codePercent(input.value) : toMinor(input.value, countryId),
  valid_from: input.valid_from,
  valid_to: input.valid_to,
  single_use: input.single_use,
  active: input.active,
});

/** The services and products a code names must be the salon's own. */
const checkItems = async (aggregates: Aggregates, ctx: CommandContext, details: DiscountCodeDetails) => {
  const problems: ErrorDetail[] = [];
  const menu = await new BookingContext(aggregates, ctx).menu();
  details.service_ids.forEach((id, i) => {
    if (!menu.services.get(id)) problems.push({ field: `service_ids.${i}`, key: 'not_found.service' });
  });
  for (const [i, id] of details.product_ids.entries()) {
    const { state } = await aggregates.load<ProductState, ProductEvent>(
      ctx,
      streamName('product', ctx.tenantId, id),
      initialProductState,
      evolveProduct,
    );
    if (!state.defined) problems.push({ field: `product_ids.${i}`, key: 'not_found.product' });
  }
  if (problems.length) throw refusal(problems);
};

const holds = (aggregates: Aggregates, ctx: CommandContext, code: string) => async (owner: string) => {
  const { state } = await aggregates.load<DiscountCodeState, DiscountCodeEvent>(
    ctx,
    discountCodeStream(ctx.tenantId, owner),
    initialDiscountCodeState,
    evolveDiscountCode,
  );
  return state.defined && state.details.code === code;
};

/** A new discount code: its code unique in the salon (doc2 §5.5, "duplicate discount codes"). */
@CommandHandler(DefineDiscountCode)
export class DefineDiscountCodeHandler implements ICommandHandler<DefineDiscountCode> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(UniqueValues) private readonly unique: UniqueValues,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, body }: DefineDiscountCode): Promise<Answer> {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const details = detailsOf(
      parseInput(discountCodeInput({ countryId: tenant.countryId }), body),
      tenant.countryId,
    );
    await checkItems(this.aggregates, ctx, details);
    const id = idFor(ctx, 'discount-code');
    await this.unique.claim(
      ctx,
      {
        kind: 'discount_code',
        value: details.code,
        owner: id,
        field: 'code',
        duplicateKey: 'discount_codes.duplicate',
      },
      holds(this.aggregates, ctx, details.code),
    );
    const outcome = await this.aggregates.handle<DiscountCodeState, DiscountCodeEvent>(
      discountCodeStream(ctx.tenantId, id),
      ctx,
      {
        initial: initialDiscountCodeState,
        evolve: evolveDiscountCode,
        decide: (s) => decideDiscountCode({ type: 'Define', id, details }, s),
      },
    );
    return new Answer({ id, ...details, uses: 0 }, outcome.position, 201);
  }
}

/** A code changed: a new code takes its claim and frees the old one. */
@CommandHandler(ChangeDiscountCode)
export class ChangeDiscountCodeHandler implements ICommandHandler<ChangeDiscountCode> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(UniqueValues) private readonly unique: UniqueValues,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, id, body }: ChangeDiscountCode): Promise<Answer> {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const stream = discountCodeStream(ctx.tenantId, id);
    const { state } = await this.aggregates.load<DiscountCodeState, DiscountCodeEvent>(
      ctx,
      stream,
      initialDiscountCodeState,
      evolveDiscountCode,
    );
    if (!state.defined) throw notFound('not_found.discount_code');
    const details = detailsOf(
      parseInput(discountCodeInput({ countryId: tenant.countryId }), body),
      tenant.countryId,
    );
    await checkItems(this.aggregates, ctx, details);
    if (details.code !== state.details.code) {
      await this.unique.claim(
        ctx,
        {
          kind: 'discount_code',
          value: details.code,
          owner: id,
          field: 'code',
          duplicateKey: 'discount_codes.duplicate',
        },
        holds(this.aggregates, ctx, details.code),
      );
      await this.unique.release(ctx, 'discount_code', state.details.code, id);
    }
    const outcome = await this.aggregates.handle<DiscountCodeState, DiscountCodeEvent>(stream, ctx, {
      initial: initialDiscountCodeState,
      evolve: evolveDiscountCode,
      decide: (s) => decideDiscountCode({ type: 'Change', details }, s),
    });
    const next = outcome.state.defined ? outcome.state : state;
    return new Answer({ id, ...next.details, uses: next.uses }, outcome.position, 200);
  }
}
