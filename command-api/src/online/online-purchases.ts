import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  customerMobileKey,
  decimalsOf,
  DomainError,
  GATEWAY_PAYMENT_CATEGORY,
  PaymentMethod,
  samePersonName,
  streamName,
  type Currency,
  type GatewayPaymentEvent,
  type GatewayPurchaseDelivered,
  type OnlineBuyer,
  type OnlinePurchase,
} from '@rawnaq/contracts';
import { decimalText, type AuthContext } from '@rawnaq/platform';
import { OnlineCustomers } from '../customers/online-customers';
import { customerOfferLink } from '../sales/customer-offers.commands';
import { IssueInvoice } from '../sales/invoices.commands';
import type { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { Aggregates } from '../shared/repository';
import type { TenantInfo } from '../shared/tenant';
import {
  decideGatewayPayment,
  evolveGatewayPayment,
  initialGatewayPayment,
  type GatewayPaymentState,
} from './gateway-payment';

/** The till's cashier of a sale made on the salon's pages. */
export const ONLINE_CASHIER = 'online';

/**
 * The salon's online shop at the till: what the online pages may do there, sell what was paid, by
 * the till's own rules (no price change, no debt, no discount).
 */
const onlineTill = (tenantId: string): AuthContext => ({
  realm: 'merchant',
  tenantId,
  accountId: null,
  userId: ONLINE_CASHIER,
  name: 'Online',
  role: 'online',
  isAdmin: false,
  permissions: {},
  session: '',
});

type IssuedSale = {
  id: string;
  number: number;
  lines: Array<{ line_id: string; customer_offer_id?: string }>;
  gift_cards_sold: Array<{ gift_card_id: string; code: string; unique_id: string }>;
};

/**
 * A paid purchase of the salon's online pages made the customer's: the till's sale of it (an issued
 * invoice paid through the gateway, so the sales reports, the customer's tab and the gift card or
 * offer screens see it as any sale), then `GatewayPurchaseDelivered` on the payment, in one unit.
 * Once only: a payment already delivered is left as it is, and a concurrent delivery makes this one
 * start again and find it delivered.
 */
@Injectable()
export class OnlinePurchases {
  private readonly log = new Logger('OnlinePurchases');

  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(OnlineCustomers) private readonly customers: OnlineCustomers,
  ) {}

  /**
   * Delivers the purchase of a paid payment. A sale the till refuses is recorded on the payment
   * (`GatewayPurchaseNotDelivered`, once per reason) for the salon to see, and left for a repeat or
   * the salon's "deliver now"; with `rethrow` the refusal is also the caller's answer.
   */
  async deliver(
    ctx: CommandContext,
    tenant: TenantInfo,
    paymentId: string,
    options: { rethrow?: boolean } = {},
  ): Promise<string | undefined> {
    const stream = streamName(GATEWAY_PAYMENT_CATEGORY, ctx.tenantId, paymentId);
    try {
      const { position } = await this.aggregates.transaction(ctx, async (ctx) => {
        const { state } = await this.aggregates.load<GatewayPaymentState, GatewayPaymentEvent>(
          ctx,
          stream,
          initialGatewayPayment,
          evolveGatewayPayment,
        );
        if (!state.exists || state.delivered || !state.started.purchase) return;
        // the ids of what it creates come from the payment's: the same sale whoever delivers it
        const sale: CommandContext = { ...ctx, idempotencyKey: `online-purchase:${paymentId}` };
        const delivered = await this.sell(sale, tenant, state.started, state.started.purchase);
        await this.aggregates.handle<GatewayPaymentState, GatewayPaymentEvent>(stream, ctx, {
          initial: initialGatewayPayment,
          evolve: evolveGatewayPayment,
          decide: (s) => decideGatewayPayment({ type: 'Deliver', delivered }, s),
        });
      });
      return position;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // paid, but the till refuses the sale now (say the offer was paused meanwhile): the payment
      // stays paid and undelivered, with the reason, for the salon to see in its report and settle
      this.log.warn(`purchase of payment ${paymentId} not delivered: ${error.key}`);
      const { position } = await this.aggregates.handle<GatewayPaymentState, GatewayPaymentEvent>(
        stream,
        ctx,
        {
          initial: initialGatewayPayment,
          evolve: evolveGatewayPayment,
          decide: (s) =>
            decideGatewayPayment(
              { type: 'RefuseDelivery', reason: error.key, ...(error.params && { params: error.params }) },
              s,
            ),
        },
        { keepIfRefused: true },
      );
      if (options.rethrow) throw error;
      return position;
    }
  }

  private async sell(
    ctx: CommandContext,
    tenant: TenantInfo,
    started: { payment_id: string; amount: number; currency: string; unique_id: string },
    purchase: OnlinePurchase,
  ): Promise<GatewayPurchaseDelivered['data']> {
    const buyer = await this.customer(ctx, purchase.buyer, 'buyer');
    const currency = started.currency as Currency;
    const paid = [
      {
        method: PaymentMethod.payment_link,
        amount: decimalText(started.amount, decimalsOf(currency)),
        authorization_code: started.unique_id,
      },
    ];
    const notes = `Sold online / بيع عبر الإنترنت (${started.unique_id})`;
    if (purchase.kind === 'gift_card') {
      // herself (her own mobile and name), or another person, who may share the family's number
      const beneficiary =
        customerMobileKey(purchase.beneficiary.mobile) === customerMobileKey(purchase.buyer.mobile) &&
        samePersonName(purchase.beneficiary.name, purchase.buyer.name)
          ? buyer
          : await this.customer(ctx, purchase.beneficiary, 'beneficiary');
      const issued = await this.issue(ctx, {
        customer_id: buyer,
        lines: [
          {
            kind: 'gift_card',
            price: decimalText(purchase.value, decimalsOf(currency)),
            beneficiary_id: beneficiary,
            ...(purchase.message && { message: purchase.message }),
          },
        ],
        payments: paid,
        notes,
      });
      const card = issued.gift_cards_sold[0];
      return {
        payment_id: started.payment_id,
        kind: 'gift_card',
        invoice_id: issued.id,
        invoice_number: issued.number,
        customer_id: buyer,
        gift_card_id: card.gift_card_id,
        document_unique_id: card.unique_id,
      };
    }
    const issued = await this.issue(ctx, {
      customer_id: buyer,
      lines: [{ kind: purchase.offer_kind, item_id: purchase.item_id }],
      payments: paid,
      notes,
    });
    const line = issued.lines[0];
    return {
      payment_id: started.payment_id,
      kind: 'offer',
      invoice_id: issued.id,
      invoice_number: issued.number,
      customer_id: buyer,
      ...(line.customer_offer_id && { customer_offer_id: line.customer_offer_id }),
      // the same link the till's sale gave the customer's purchase
      document_unique_id: customerOfferLink(ctx, line.line_id),
    };
  }

  private async issue(ctx: CommandContext, body: Record<string, unknown>): Promise<IssuedSale> {
    const answer = (await this.commands.execute(
      new IssueInvoice(ctx, onlineTill(ctx.tenantId), body),
    )) as Answer<IssuedSale>;
    return answer.body;
  }

  /** The salon's customer with that mobile and name, or registered now with what she typed (`OnlineCustomers`). */
  private customer(ctx: CommandContext, who: OnlineBuyer, role: string): Promise<string> {
    return this.customers.customerFor(ctx, who, role);
  }
}
