import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  APPOINTMENT_CATEGORY,
  currencyOfCountry,
  CUSTOMER_CATEGORY,
  DomainError,
  HELD_INVOICE_CATEGORY,
  holdInvoiceInput,
  percentToBasisPoints,
  priceBasket,
  PricingError,
  ProductUsageType,
  streamName,
  toMinor,
  VatType,
  type CustomerEvent,
  type ErrorDetail,
  type HeldInvoiceEvent,
  type HeldInvoiceLine,
  type HoldInvoiceInput,
  type ProductEvent,
} from '@rawnaq/contracts';
import { hasRight, parseInput, TOKENS, userScope, type AuthContext, type ReadModels } from '@rawnaq/platform';
import { evolveCustomer, initialCustomerState, type CustomerState } from '../customers/customer';
import { evolveProduct, initialProductState, type ProductState } from '../products/product';
import { BookingContext } from '../scheduling/booking-context';
import { evolveVisit, initialVisitState } from '../scheduling/visit';
import { Answer } from '../shared/answer';
import { loadBundle } from './customer-offers.commands';
import type { CommandContext } from '../shared/command-context';
import { Aggregates, idFor } from '../shared/repository';
import { SAUDI_ARABIA, tenantInfo } from '../shared/tenant';
import {
  decideHeldInvoice,
  evolveHeldInvoice,
  initialHeldInvoiceState,
  type HeldInvoiceCommand,
  type HeldInvoiceState,
} from './held-invoice';
import { refusal } from './invoice';

export class HoldInvoice {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly body: unknown,
  ) {}
}

export class CancelHeldInvoice {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly heldInvoiceId: string,
  ) {}
}

const heldStream = (ctx: CommandContext, id: string) => streamName(HELD_INVOICE_CATEGORY, ctx.tenantId, id);

const decideOn = (aggregates: Aggregates, ctx: CommandContext, id: string, command: HeldInvoiceCommand) =>
  aggregates.handle<HeldInvoiceState, HeldInvoiceEvent>(heldStream(ctx, id), ctx, {
    initial: initialHeldInvoiceState,
    evolve: evolveHeldInvoice,
    decide: (s) => decideHeldInvoice(command, s),
  });

/** Holding and cancelling need the user's "hold invoice" right (doc2 §6), an administrator has it. */
const mayHold = async (models: ReadModels, auth: AuthContext) => {
  if (!hasRight(await userScope(models, auth), 'hold_invoice'))
    throw new DomainError('sales.hold_needs_right', 403);
};

/**
 * Issuing an invoice resumed from a held one closes it, in the issuing command's own unit of work: the
 * invoice and the closing are stored together or not at all, and a held invoice cancelled or issued
 * meanwhile refuses the invoice (409).
 */
export const issueHeldInvoice = (
  aggregates: Aggregates,
  ctx: CommandContext,
  issued: { heldInvoiceId: string; invoiceId: string; invoiceNumber: number; by: string },
) =>
  decideOn(aggregates, ctx, issued.heldInvoiceId, {
    type: 'IssueHeldInvoice',
    heldInvoiceId: issued.heldInvoiceId,
    invoiceId: issued.invoiceId,
    invoiceNumber: issued.invoiceNumber,
    at: ctx.now.toISOString(),
    by: issued.by,
  });

/**
 * `POST held-invoices`: the till's basket kept for later (doc1 §4 held invoice) — the customer, the
 * visit, the lines as the till shows them, the discount and the notes; no payment, no number, no
 * stock moved. The items must exist; prices and quantities are judged by the rights when it is issued.
 */
@CommandHandler(HoldInvoice)
export class HoldInvoiceHandler implements ICommandHandler<HoldInvoice> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, auth, body }: HoldInvoice): Promise<Answer> {
    await mayHold(this.models, auth);
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const input = parseInput(holdInvoiceInput({ countryId: tenant.countryId }), body);
    const booking = new BookingContext(this.aggregates, ctx);
    const settings = await booking.settings();
    const problems: ErrorDetail[] = [];
    // as on the invoice: a business buyer makes a Saudi standard tax invoice, and nothing elsewhere
    if (input.buyer && tenant.countryId !== SAUDI_ARABIA)
      problems.push({ field: 'buyer', key: 'sales.buyer_saudi_only' });

    let customer: { id: string; name: string } | null = null;
    if (input.appointment_id) {
      const { state } = await this.aggregates.load(
        ctx,
        streamName(APPOINTMENT_CATEGORY, ctx.tenantId, input.appointment_id),
        initialVisitState,
        evolveVisit,
      );
      if (!state.exists) problems.push({ field: 'appointment_id', key: 'not_found.appointment' });
      else if (state.invoiceId)
        problems.push({ field: 'appointment_id', key: 'sales.appointment_already_paid' });
    }
    if (input.customer_id) {
      const { state } = await this.aggregates.load<CustomerState, CustomerEvent>(
        ctx,
        streamName(CUSTOMER_CATEGORY, ctx.tenantId, input.customer_id),
        initialCustomerState,
        evolveCustomer,
      );
      if (!state.registered) problems.push({ field: 'customer_id', key: 'not_found.customer' });
      else customer = { id: input.customer_id, name: state.details.name };
    }
    const lines = await this.linesOf(ctx, tenant.countryId, input.lines, booking, problems);
    if (problems.length) throw refusal(problems);

    let total: number;
    const discount = input.discount !== undefined ? toMinor(input.discount, tenant.countryId) : 0;
    try {
      total = priceBasket(
        lines.map((l) => ({
          unitPrice: l.unit_price,
          quantity: l.quantity,
          discount: l.discount,
          vatType: l.vat_type,
        })),
        {
          vatEnabled: settings.vat.vat_enabled,
          vatRateBp: settings.vat.vat_enabled ? percentToBasisPoints(settings.vat.vat_percentage) : 0,
        },
        discount,
      ).total;
    } catch (e) {
      if (!(e instanceof PricingError)) throw e;
      throw refusal([{ field: e.line === undefined ? 'discount' : `lines.${e.line}.discount`, key: e.key }]);
    }

    const heldInvoiceId = idFor(ctx, 'held-invoice');
    const outcome = await decideOn(this.aggregates, ctx, heldInvoiceId, {
      type: 'HoldInvoice',
      basket: {
        held_invoice_id: heldInvoiceId,
        held_at: ctx.now.toISOString(),
        held_by: auth.userId,
        business_date: tenant.today,
        currency: currencyOfCountry(tenant.countryId),
        customer_id: customer?.id ?? null,
        customer_name: customer?.name ?? null,
        ...(input.buyer && { buyer: input.buyer }),
        appointment_id: input.appointment_id ?? null,
        lines,
        discount,
        total,
        ...(input.notes && { notes: input.notes }),
      },
    });
    const state = outcome.state as Extract<HeldInvoiceState, { held: true }>;
    return new Answer({ id: heldInvoiceId, ...state.basket, status: state.status }, outcome.position, 201);
  }

  /** Each line's item from the menu or the shelf (names and VAT type as the till shows them). */
  private async linesOf(
    ctx: CommandContext,
    countryId: number,
    wanted: HoldInvoiceInput['lines'],
    booking: BookingContext,
    problems: ErrorDetail[],
  ): Promise<HeldInvoiceLine[]> {
    const menu = await booking.menu();
    const lines: HeldInvoiceLine[] = [];
    for (const [i, w] of wanted.entries()) {
      if (w.employee_id && !(await booking.employee(w.employee_id)).added)
        problems.push({ field: `lines.${i}.employee_id`, key: 'not_found.employee' });
      let item: { name_en: string; name_ar: string; price: number; vat_type: VatType } | undefined;
      // a gift card is sold and paid at once (its code is the customer's): it is never held
      if (w.kind === 'gift_card') {
        problems.push({ field: `lines.${i}.kind`, key: 'sales.gift_card_not_held' });
        continue;
      }
      // a session of a purchase is used when the invoice is issued, not kept aside
      if (w.customer_offer_id !== undefined) {
        problems.push({ field: `lines.${i}.customer_offer_id`, key: 'customer_offers.not_held' });
        continue;
      }
      const itemId = w.item_id;
      if (!itemId) {
        problems.push({ field: `lines.${i}.item_id`, key: 'validation.is_required' });
        continue;
      }
      if (w.kind === 'offer' || w.kind === 'package') {
        const found = await loadBundle(this.aggregates, ctx, w.kind, itemId);
        if (!found.exists || found.status === 'removed' || found.status === 'disabled')
          problems.push({ field: `lines.${i}.item_id`, key: `not_found.${w.kind}` });
        else
          item = {
            name_en: found.details.name_en,
            name_ar: found.details.name_ar,
            price: found.details.price,
            vat_type: VatType.standard,
          };
      } else if (w.kind === 'service') {
        const service = menu.services.get(itemId);
        if (!service || !service.active)
          problems.push({ field: `lines.${i}.item_id`, key: 'not_found.service' });
        else
          item = {
            name_en: service.name_en,
            name_ar: service.name_ar,
            price: service.offer_price ?? service.price,
            vat_type: VatType.standard,
          };
      } else {
        const { state } = await this.aggregates.load<ProductState, ProductEvent>(
          ctx,
          streamName('product', ctx.tenantId, itemId),
          initialProductState,
          evolveProduct,
        );
        if (!state.defined || !state.active)
          problems.push({ field: `lines.${i}.item_id`, key: 'not_found.product' });
        else if (state.details.usage_type === ProductUsageType.internal_only)
          problems.push({ field: `lines.${i}.item_id`, key: 'sales.product_not_for_sale' });
        else
          item = {
            name_en: state.details.name_en,
            name_ar: state.details.name_ar,
            price: state.details.price,
            vat_type: state.details.vat_type as VatType,
          };
      }
      if (!item) continue;
      lines.push({
        kind: w.kind,
        item_id: itemId,
        name_en: item.name_en,
        name_ar: item.name_ar,
        employee_id: w.employee_id ?? null,
        quantity: w.quantity ? Number(w.quantity) : 1,
        unit_price: w.price !== undefined ? toMinor(w.price, countryId) : item.price,
        discount: w.discount !== undefined ? toMinor(w.discount, countryId) : 0,
        vat_type: item.vat_type,
      });
    }
    return lines;
  }
}

/** `POST held-invoices/:id/cancel`: a held basket dropped; it can no longer be issued. */
@CommandHandler(CancelHeldInvoice)
export class CancelHeldInvoiceHandler implements ICommandHandler<CancelHeldInvoice> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, auth, heldInvoiceId }: CancelHeldInvoice): Promise<Answer> {
    await mayHold(this.models, auth);
    const outcome = await decideOn(this.aggregates, ctx, heldInvoiceId, {
      type: 'CancelHeldInvoice',
      heldInvoiceId,
      at: ctx.now.toISOString(),
      by: auth.userId,
    });
    return new Answer({ id: heldInvoiceId, status: 'cancelled' }, outcome.position, 200);
  }
}
