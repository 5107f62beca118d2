import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import {
  currencyOfCountry,
  CUSTOMER_CATEGORY,
  DomainError,
  freeGiftCardInput,
  GIFT_CARD_CATEGORY,
  giftCardCode,
  giftCardExpiry,
  GiftCardType,
  notFound,
  streamName,
  toMinor,
  type CustomerEvent,
  type GiftCardIssued,
} from '@rawnaq/contracts';
import { hasRight, parseInput, TOKENS, userScope, type AuthContext, type ReadModels } from '@rawnaq/platform';
import { evolveCustomer, initialCustomerState, type CustomerState } from '../customers/customer';
import { BookingContext } from '../scheduling/booking-context';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { Aggregates, idFor } from '../shared/repository';
import { OutboxWorker } from '../engagement/outbox.worker';
import { tenantInfo } from '../shared/tenant';
import { refusal } from './invoice';

export class GiveFreeGiftCard {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly body: unknown,
  ) {}
}

/**
 * A gift card given free to a customer (doc2 §6): only by a user with the right "free gift cards" at a
 * salon whose settings allow them; valid a year, spent only by that customer, like a paid one.
 */
@CommandHandler(GiveFreeGiftCard)
export class GiveFreeGiftCardHandler implements ICommandHandler<GiveFreeGiftCard> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(OutboxWorker) private readonly messages: OutboxWorker,
  ) {}

  async execute({ ctx, auth, body }: GiveFreeGiftCard): Promise<Answer> {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const scope = await userScope(this.models, auth);
    const settings = await new BookingContext(this.aggregates, ctx).settings();
    if (!hasRight(scope, 'free_gift_cards') || settings.invoice.allow_free_gift_cards !== true)
      throw new DomainError('gift_cards.free_needs_right', 403);
    const input = parseInput(freeGiftCardInput({ countryId: tenant.countryId }), body);
    const { state: customer } = await this.aggregates.load<CustomerState, CustomerEvent>(
      ctx,
      streamName(CUSTOMER_CATEGORY, ctx.tenantId, input.customer_id),
      initialCustomerState,
      evolveCustomer,
    );
    if (!customer.registered) throw notFound('not_found.customer');
    const value = toMinor(input.value, tenant.countryId);
    if (value <= 0) throw refusal([{ field: 'value', key: 'gift_cards.value_required' }]);
    const code = giftCardCode(createHash('sha256').update(idFor(ctx, 'gift-card-code')).digest());
    const card: GiftCardIssued = {
      type: 'GiftCardIssued',
      data: {
        gift_card_id: idFor(ctx, 'gift-card'),
        code,
        unique_id: createHash('sha256').update(idFor(ctx, 'gift-card-link')).digest('base64url').slice(0, 22),
        card_type: GiftCardType.free_voucher,
        value,
        currency: currencyOfCountry(tenant.countryId),
        customer_id: input.customer_id,
        customer_name: customer.details.name,
        buyer_id: null,
        buyer_name: null,
        invoice_id: null,
        invoice_number: null,
        ...(input.message && { message: input.message }),
        business_date: tenant.today,
        expires_on: giftCardExpiry(tenant.today),
        issued_by: auth.userId,
      },
    };
    const position = await this.aggregates.create(streamName(GIFT_CARD_CATEGORY, ctx.tenantId, code), ctx, [
      card,
    ]);
    // she is told of it (Settings → Notifications "gift card received"), in the same unit as the card
    await this.messages.outbox.queueGiftCardReceived(ctx, { ...card.data, customer_id: input.customer_id });
    return new Answer({ id: card.data.gift_card_id, ...card.data }, position, 201);
  }
}
