import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import {
  currencyOfCountry,
  CUSTOMER_CATEGORY,
  GIFT_CARD_CATEGORY,
  giftCardCode,
  giftCardExpiry,
  GiftCardType,
  LOYALTY_CATEGORY,
  loyaltyRulesOf,
  notFound,
  redeemPointsInput,
  resetPointsInput,
  streamName,
  toMinor,
  DomainError,
  type CustomerEvent,
  type GiftCardIssued,
  type LoyaltyEvent,
} from '@rawnaq/contracts';
import { parseInput, TOKENS, type AuthContext, type ReadModels } from '@rawnaq/platform';
import { evolveCustomer, initialCustomerState, notMerged, type CustomerState } from '../customers/customer';
import { BookingContext } from '../scheduling/booking-context';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { Aggregates, idFor } from '../shared/repository';
import { tenantInfo } from '../shared/tenant';
import { decideLoyalty, evolveLoyalty, initialLoyaltyState, type LoyaltyState } from './loyalty';

export class RedeemPoints {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly customerId: string,
    readonly body: unknown,
  ) {}
}
export class ResetPoints {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly customerId: string,
    readonly body: unknown,
  ) {}
}

export const loyaltyStream = (tenantId: string, customerId: string) =>
  streamName(LOYALTY_CATEGORY, tenantId, customerId);

const customerOf = async (aggregates: Aggregates, ctx: CommandContext, customerId: string) => {
  const { state } = await aggregates.load<CustomerState, CustomerEvent>(
    ctx,
    streamName(CUSTOMER_CATEGORY, ctx.tenantId, customerId),
    initialCustomerState,
    evolveCustomer,
  );
  if (!state.registered) throw notFound('not_found.customer');
  // points are the customer's kept by a merge, never one merged away
  notMerged(state);
  return state;
};

/**
 * Points turned into a loyalty voucher (a gift card of type 1, for the customer only, valid a year), at
 * the salon's point value, from its minimum: one append, the points and the card together.
 */
@CommandHandler(RedeemPoints)
export class RedeemPointsHandler implements ICommandHandler<RedeemPoints> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, auth, customerId, body }: RedeemPoints): Promise<Answer> {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const input = parseInput(redeemPointsInput, body);
    const customer = await customerOf(this.aggregates, ctx, customerId);
    const settings = await new BookingContext(this.aggregates, ctx).settings();
    const rules = loyaltyRulesOf(settings.invoice, (t) => toMinor(t, tenant.countryId));
    if (!rules.enabled) throw new DomainError('loyalty.disabled', 422);
    const points = Number(input.points);
    const value = points * rules.pointValue;
    const code = giftCardCode(createHash('sha256').update(idFor(ctx, 'gift-card-code')).digest());
    const card: GiftCardIssued = {
      type: 'GiftCardIssued',
      data: {
        gift_card_id: idFor(ctx, 'gift-card'),
        code,
        unique_id: createHash('sha256').update(idFor(ctx, 'gift-card-link')).digest('base64url').slice(0, 22),
        card_type: GiftCardType.loyalty_voucher,
        value,
        currency: currencyOfCountry(tenant.countryId),
        customer_id: customerId,
        customer_name: customer.details.name,
        buyer_id: null,
        buyer_name: null,
        invoice_id: null,
        invoice_number: null,
        business_date: tenant.today,
        expires_on: giftCardExpiry(tenant.today),
        issued_by: auth.userId,
      },
    };
    const outcome = await this.aggregates.handle<LoyaltyState, LoyaltyEvent>(
      loyaltyStream(ctx.tenantId, customerId),
      ctx,
      {
        initial: initialLoyaltyState,
        evolve: evolveLoyalty,
        decide: (s) =>
          decideLoyalty(
            {
              type: 'Redeem',
              customerId,
              points,
              minPoints: rules.minPoints,
              giftCardId: card.data.gift_card_id,
              code,
              value,
            },
            s,
          ),
      },
    );
    const position = await this.aggregates.create(streamName(GIFT_CARD_CATEGORY, ctx.tenantId, code), ctx, [
      card,
    ]);
    return new Answer(
      { id: card.data.gift_card_id, points, balance: outcome.state.balance, gift_card: card.data },
      position,
      201,
    );
  }
}

/** Only an administrator resets a customer's points (doc2 §6), saying why. */
@CommandHandler(ResetPoints)
export class ResetPointsHandler implements ICommandHandler<ResetPoints> {
  constructor(@Inject(Aggregates) private readonly aggregates: Aggregates) {}

  async execute({ ctx, auth, customerId, body }: ResetPoints): Promise<Answer> {
    if (!auth.isAdmin) throw new DomainError('loyalty.reset_admin_only', 403);
    const input = parseInput(resetPointsInput, body);
    await customerOf(this.aggregates, ctx, customerId);
    const outcome = await this.aggregates.handle<LoyaltyState, LoyaltyEvent>(
      loyaltyStream(ctx.tenantId, customerId),
      ctx,
      {
        initial: initialLoyaltyState,
        evolve: evolveLoyalty,
        decide: (s) =>
          decideLoyalty({ type: 'Reset', customerId, reason: input.reason, isAdmin: auth.isAdmin }, s),
      },
    );
    return new Answer({ id: customerId, balance: outcome.state.balance }, outcome.position, 200);
  }
}
