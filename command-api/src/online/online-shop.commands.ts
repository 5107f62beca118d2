import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  decimalsOf,
  DomainError,
  newId,
  onlineGiftCardPurchaseInput,
  onlineOfferPurchaseInput,
  percentToBasisPoints,
  priceBasket,
  rejected,
  toMinor,
  VatType,
  type Currency,
  type OnlinePurchase,
} from '@rawnaq/contracts';
import { decimalText, parseInput, TOKENS, type Doc, type ReadModels } from '@rawnaq/platform';
import { giftCardsOnline, salonOfAlias } from '@rawnaq/projections';
import { loadBundle } from '../sales/customer-offers.commands';
import { BookingContext } from '../scheduling/booking-context';
import { Answer } from '../shared/answer';
import { type CommandContext, UNIT } from '../shared/command-context';
import { Aggregates } from '../shared/repository';
import { tenantInfo, type TenantInfo } from '../shared/tenant';
import { GatewayPayments } from './gateway-payments.commands';
import type { UnitOfWork } from '../shared/unit-of-work';

/** A purchase on the salon's pages: which salon, what she typed, when, and her request's key. */
type PurchaseRequest = {
  alias: string;
  body: unknown;
  now: Date;
  idempotencyKey?: string;
  /** the site's origin as the customer reached it, for gateways that call back over the internet */
  origin: string;
  /** the request's unit of work (see `RequestUnit`) */
  unit?: UnitOfWork;
};

export class BuyOfferOnline {
  constructor(readonly request: PurchaseRequest) {}
}
export class BuyGiftCardOnline {
  constructor(readonly request: PurchaseRequest) {}
}

const contextOf = (salon: Doc, mobile: string, r: PurchaseRequest): CommandContext => ({
  tenantId: salon.id,
  actor: { kind: 'customer', id: `online:${mobile}` },
  correlationId: newId(),
  idempotencyKey: r.idempotencyKey,
  now: r.now,
  [UNIT]: r.unit,
});

/** The payment opened for a purchase, as the page needs it to send her to the gateway. */
const paymentAnswer = (
  opened: Awaited<ReturnType<GatewayPayments['startForPurchase']>>,
): Answer<Record<string, unknown>> => {
  const { payment } = opened;
  const currency = payment.currency as Currency;
  return new Answer(
    {
      payment_required: true,
      payment: {
        unique_id: payment.unique_id,
        pay_url: payment.pay_url,
        amount: decimalText(payment.amount, decimalsOf(currency)),
        amount_minor: payment.amount,
        currency: payment.currency,
        expires_at: payment.expires_at,
        status: 1,
      },
    },
    opened.position,
    202,
  );
};

const merchantName = (salon: Doc, language: 'en' | 'ar') =>
  String((language === 'en' ? salon.name_en : salon.name_ar) ?? salon.name_en ?? '');

/**
 * An offer or a package bought on the salon's `offers` page (doc1 §1): it must be on sale (active, an
 * offer not past its last day); she pays its price with VAT, priced as the till prices it, through the
 * gateway (type 3); nothing is sold until the gateway says it is paid.
 */
@CommandHandler(BuyOfferOnline)
export class BuyOfferOnlineHandler implements ICommandHandler<BuyOfferOnline> {
  constructor(
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(GatewayPayments) private readonly payments: GatewayPayments,
  ) {}

  async execute({ request }: BuyOfferOnline): Promise<Answer> {
    const salon = await salonOfAlias(this.models, request.alias);
    const tenant = await tenantInfo(this.models, salon.id, request.now);
    const schemas = onlineOfferPurchaseInput({ countryId: tenant.countryId });
    const input = parseInput(
      salon.require_email === true ? schemas.emailRequired : schemas.emailOptional,
      request.body,
    );
    const found = await loadBundle(this.aggregates, { tenantId: salon.id }, input.kind, input.item_id);
    if (!found.exists || found.status !== 'active') throw rejected('online.offer_not_on_sale', 'item_id');
    if ('expiry_date' in found.details && found.details.expiry_date < tenant.today)
      throw rejected('online.offer_not_on_sale', 'item_id');
    // the input first, so a bad one always names its field
    if (salon.online_booking !== true) throw new DomainError('online.booking_closed', 409);
    const ctx = contextOf(salon, input.mobile, request);
    const amount = await priceWithVat(this.aggregates, ctx, found.details.price);
    const language = input.language === 'en' ? 'en' : 'ar';
    const purchase: OnlinePurchase = {
      kind: 'offer',
      offer_kind: input.kind,
      item_id: input.item_id,
      name_en: found.details.name_en,
      name_ar: found.details.name_ar,
      buyer: { name: input.name, mobile: input.mobile, ...(input.email && { email: input.email }) },
    };
    return paymentAnswer(
      await this.payments.startForPurchase(ctx, tenant, {
        purchase,
        amount,
        language,
        alias: String(salon.alias),
        merchantName: merchantName(salon, language),
        origin: request.origin,
      }),
    );
  }
}

/** An offer's price with VAT as the till's invoice will total it (one standard-rated line). */
const priceWithVat = async (aggregates: Aggregates, ctx: CommandContext, price: number) => {
  const { vat } = await new BookingContext(aggregates, ctx).settings();
  return priceBasket([{ unitPrice: price, quantity: 1, vatType: VatType.standard }], {
    vatEnabled: vat.vat_enabled,
    vatRateBp: vat.vat_enabled ? percentToBasisPoints(vat.vat_percentage) : 0,
  }).total;
};

/**
 * A gift card bought on the salon's `buy-gift-card` page (doc1 §1): the salon must sell them online;
 * its value within the salon's limits; paid through the gateway (type 2), then issued as the till
 * issues a sold card (valid a year, spent only by her beneficiary).
 */
@CommandHandler(BuyGiftCardOnline)
export class BuyGiftCardOnlineHandler implements ICommandHandler<BuyGiftCardOnline> {
  constructor(
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(GatewayPayments) private readonly payments: GatewayPayments,
  ) {}

  async execute({ request }: BuyGiftCardOnline): Promise<Answer> {
    const salon = await salonOfAlias(this.models, request.alias);
    const tenant: TenantInfo = await tenantInfo(this.models, salon.id, request.now);
    const shop = giftCardsOnline(salon);
    const input = parseInput(
      onlineGiftCardPurchaseInput({ countryId: tenant.countryId })(salon.require_email === true, {
        min: Number(shop.min),
        max: Number(shop.max),
      }),
      request.body,
    );
    if (!shop.enabled) throw new DomainError('online.gift_cards_closed', 409);
    const ctx = contextOf(salon, input.buyer_mobile, request);
    const language = input.language === 'en' ? 'en' : 'ar';
    const purchase: OnlinePurchase = {
      kind: 'gift_card',
      value: toMinor(input.value, tenant.countryId),
      beneficiary: { name: input.beneficiary_name, mobile: input.beneficiary_mobile },
      buyer: {
        name: input.buyer_name,
        mobile: input.buyer_mobile,
        ...(input.buyer_email && { email: input.buyer_email }),
      },
      ...(input.message && { message: input.message }),
    };
    return paymentAnswer(
      await this.payments.startForPurchase(ctx, tenant, {
        purchase,
        // a card carries no VAT until it is spent: she pays its value
        amount: purchase.value,
        language,
        alias: String(salon.alias),
        merchantName: merchantName(salon, language),
        origin: request.origin,
      }),
    );
  }
}
