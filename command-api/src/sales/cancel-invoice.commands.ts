import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  APPOINTMENT_CATEGORY,
  cancelInvoiceInput,
  INVOICE_CATEGORY,
  streamName,
  type InvoiceCancelled,
  type InvoiceEvent,
  type LoyaltyEvent,
} from '@rawnaq/contracts';
import { parseInput, TOKENS, type AuthContext, type ReadModels } from '@rawnaq/platform';
import { decideVisit, evolveVisit, initialVisitState } from '../scheduling/visit';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { Aggregates } from '../shared/repository';
import { tenantInfo } from '../shared/tenant';
import { evolveInvoice, initialInvoiceState, type InvoiceState } from './invoice';
import { decideCancelInvoice } from './invoice-cancel';
import { givePurchasesBack } from './customer-offers.commands';
import { decideLoyalty, evolveLoyalty, initialLoyaltyState, type LoyaltyState } from './loyalty';
import { loyaltyStream } from './loyalty.commands';
import { currentCustomer } from '../customers/customer.commands';

export class CancelIssuedInvoice {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly invoiceId: string,
    readonly body: unknown,
  ) {}
}

/**
 * `POST invoices/:id/cancel`: an invoice with no VAT, no products and no gift-card sale cancelled, with
 * its payments; the visit it paid is checked in and unpaid again, so it can be checked out with the
 * right invoice; the loyalty points it earned are taken back (the customer's invoice count and type
 * follow from the cancelling in the customers' read models).
 */
@CommandHandler(CancelIssuedInvoice)
export class CancelIssuedInvoiceHandler implements ICommandHandler<CancelIssuedInvoice> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, auth, invoiceId, body }: CancelIssuedInvoice): Promise<Answer> {
    const input = parseInput(cancelInvoiceInput, body);
    const stream = streamName(INVOICE_CATEGORY, ctx.tenantId, invoiceId);
    // her invoice count and points are those of the customer she is today (merged since: the one kept)
    const { state: before } = await this.aggregates.load(ctx, stream, initialInvoiceState, evolveInvoice);
    const owner = before.issued ? before.invoice.customer_id : null;
    const holder = owner ? ((await currentCustomer(this.aggregates, ctx, owner))?.id ?? owner) : null;
    const outcome = await this.aggregates.handle<{ state: InvoiceState; paidLater: boolean }, InvoiceEvent>(
      stream,
      ctx,
      {
        initial: { state: initialInvoiceState, paidLater: false },
        evolve: (s, e) => ({
          state: evolveInvoice(s.state, e),
          paidLater: s.paidLater || e.type === 'InvoicePaymentReceived',
        }),
        decide: (s) =>
          decideCancelInvoice(
            {
              type: 'CancelInvoice',
              at: ctx.now.toISOString(),
              by: auth.userId,
              reason: input.reason,
              paidLater: s.paidLater,
              customerId: holder,
            },
            s.state,
          ),
      },
    );
    const cancelled = (outcome.events[0] as InvoiceCancelled).data;
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    // the sessions it used come back; an offer or package it sold is closed (only if unused)
    if (outcome.state.state.issued)
      await givePurchasesBack(this.aggregates, ctx, {
        invoice: outcome.state.state.invoice,
        lineIds: outcome.state.state.invoice.lines.map((l) => l.line_id),
        fieldOf: () => 'invoice_id',
        creditNoteId: null,
        reason: 'cancelled',
        today: tenant.today,
      });
    const customerId = cancelled.customer_id;
    if (customerId)
      await this.aggregates.handle<LoyaltyState, LoyaltyEvent>(loyaltyStream(ctx.tenantId, customerId), ctx, {
        initial: initialLoyaltyState,
        evolve: evolveLoyalty,
        decide: (s) =>
          decideLoyalty(
            { type: 'CancelInvoicePoints', customerId, invoiceId, invoiceNumber: cancelled.invoice_number },
            s,
          ),
      });
    if (cancelled.appointment_id) {
      await this.aggregates.handle(
        streamName(APPOINTMENT_CATEGORY, ctx.tenantId, cancelled.appointment_id),
        ctx,
        {
          initial: initialVisitState,
          evolve: evolveVisit,
          decide: (s) =>
            s.exists
              ? decideVisit({ type: 'CancelPayment', invoiceId }, s, {
                  now: ctx.now.getTime(),
                  today: tenant.today as never,
                  mayChangePast: true,
                })
              : [],
        },
      );
    }
    return new Answer(
      { id: invoiceId, state: 'cancelled', cancelled_at: cancelled.cancelled_at, reason: cancelled.reason },
      outcome.position,
      200,
    );
  }
}
