import { createHash } from 'node:crypto';
import {
  CUSTOMER_OFFER_CATEGORY,
  isUuid,
  streamName,
  type CustomerOfferEvent,
  type CustomerOfferOpened,
  type InvoiceIssued,
  type OfferDetails,
  type OfferEvent,
  type PackageDetails,
  type PackageEvent,
} from '@rawnaq/contracts';
import { evolveOffer, evolvePackage, type BundleState } from '../catalog/offer';
import { type CommandContext, type TenantScope } from '../shared/command-context';
import { Aggregates, idFor } from '../shared/repository';
import {
  decideCustomerOffer,
  evolveCustomerOffer,
  initialCustomerOfferState,
  type CustomerOfferCommand,
  type CustomerOfferState,
} from './customer-offer';

export const customerOfferStream = (tenantId: string, customerOfferId: string) =>
  streamName(CUSTOMER_OFFER_CATEGORY, tenantId, customerOfferId);

/** The public link of a purchase's `e-offer/{uniqueId}` page, from the request's key (a retry gives the same). */
export const customerOfferLink = (ctx: CommandContext, ...parts: Array<string | number>) =>
  createHash('sha256')
    .update(idFor(ctx, 'customer-offer-link', ...parts))
    .digest('base64url')
    .slice(0, 22);

/** A purchase's state, including what the running command already decided for it. */
export const loadCustomerOffer = async (aggregates: Aggregates, at: TenantScope, customerOfferId: string) =>
  isUuid(customerOfferId)
    ? (
        await aggregates.load<CustomerOfferState, CustomerOfferEvent>(
          at,
          customerOfferStream(at.tenantId, customerOfferId),
          initialCustomerOfferState,
          evolveCustomerOffer,
        )
      ).state
    : initialCustomerOfferState;

/** Decides on a purchase's stream, inside the running command's unit (stored with it, or not at all). */
export const decideOnCustomerOffer = (
  aggregates: Aggregates,
  ctx: CommandContext,
  customerOfferId: string,
  command: CustomerOfferCommand,
) =>
  aggregates.handle<CustomerOfferState, CustomerOfferEvent>(
    customerOfferStream(ctx.tenantId, customerOfferId),
    ctx,
    {
      initial: initialCustomerOfferState,
      evolve: evolveCustomerOffer,
      decide: (s) => decideCustomerOffer(command, s),
    },
  );

/**
 * Opens a customer's purchased offer or package: the step every sale of one ends with (the till's
 * invoice today, the booking site's paid order later), joining the caller's unit of work.
 */
export const openCustomerOffer = (
  aggregates: Aggregates,
  ctx: CommandContext,
  item: CustomerOfferOpened['data'],
) => decideOnCustomerOffer(aggregates, ctx, item.customer_offer_id, { type: 'OpenCustomerOffer', item });

/** An offer or a package of the menu, as it is now. */
export const loadBundle = async (
  aggregates: Aggregates,
  at: TenantScope,
  kind: 'offer' | 'package',
  id: string,
): Promise<BundleState<OfferDetails> | BundleState<PackageDetails>> => {
  const { tenantId } = at;
  if (!isUuid(id)) return { exists: false };
  if (kind === 'offer')
    return (
      await aggregates.load<BundleState<OfferDetails>, OfferEvent>(
        at,
        streamName('offer', tenantId, id),
        { exists: false },
        evolveOffer,
      )
    ).state;
  return (
    await aggregates.load<BundleState<PackageDetails>, PackageEvent>(
      at,
      streamName('package', tenantId, id),
      { exists: false },
      evolvePackage,
    )
  ).state;
};

/**
 * What undoing (some of) an invoice's lines does to the customer's purchases: each session a line used
 * is given back; each offer or package a line sold is closed, refused while a session of it is used.
 */
export const givePurchasesBack = async (
  aggregates: Aggregates,
  ctx: CommandContext,
  undo: {
    invoice: InvoiceIssued['data'];
    lineIds: string[];
    fieldOf: (lineId: string) => string;
    creditNoteId: string | null;
    reason: 'credit_note' | 'cancelled';
    today: string;
  },
) => {
  for (const lineId of undo.lineIds) {
    const line = undo.invoice.lines.find((l) => l.line_id === lineId);
    if (line?.from_customer_offer)
      await decideOnCustomerOffer(aggregates, ctx, line.from_customer_offer.customer_offer_id, {
        type: 'GiveSessionBack',
        invoiceId: undo.invoice.invoice_id,
        lineId,
        creditNoteId: undo.creditNoteId,
        today: undo.today,
      });
    if (line?.customer_offer_id)
      await decideOnCustomerOffer(aggregates, ctx, line.customer_offer_id, {
        type: 'CloseCustomerOffer',
        invoiceId: undo.invoice.invoice_id,
        creditNoteId: undo.creditNoteId,
        reason: undo.reason,
        today: undo.today,
        field: undo.fieldOf(lineId),
      });
  }
};
