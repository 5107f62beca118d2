import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import {
  checkPayments,
  CREDIT_NOTE_CATEGORY,
  creditLines,
  creditNoteInput,
  currencyOfCountry,
  formatMoney,
  INVOICE_CATEGORY,
  invoiceNoteRefusal,
  type BusinessDate,
  notFound,
  loyaltyRulesOf,
  pointsFor,
  decimalsOf,
  PaymentMethod,
  streamName,
  toMinor,
  WALLET_CATEGORY,
  type CreditNoteIssued,
  type InvoiceEvent,
  type ProductEvent,
  type WalletEvent,
  type LoyaltyEvent,
} from '@rawnaq/contracts';
import { parseInput, TOKENS, type AuthContext, type ReadModels } from '@rawnaq/platform';
import { decideProduct, evolveProduct, initialProductState, type ProductState } from '../products/product';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { Aggregates, idFor } from '../shared/repository';
import { Sequences } from '../shared/sequences';
import { tenantInfo } from '../shared/tenant';
import { BookingContext } from '../scheduling/booking-context';
import { decideLoyalty, evolveLoyalty, initialLoyaltyState, type LoyaltyState } from './loyalty';
import { loyaltyStream } from './loyalty.commands';
import { currentCustomer } from '../customers/customer.commands';
import { decideWallet, evolveWallet, initialWalletState, type WalletState } from './wallet';
import {
  evolveInvoice,
  initialInvoiceState,
  type InvoiceState,
  noteRefused,
  refusal,
  remainingOf,
} from './invoice';
import { givePurchasesBack } from './customer-offers.commands';
import { EInvoiceSigning, einvoicingReply, einvoiceUuid, noteLine } from '../einvoicing/signing';
import { clearedAfterCommit, einvoiceStateIn } from '../einvoicing/reporting';
import { EInvoiceReportingWorker } from '../einvoicing/reporting.worker';

export class IssueCreditNote {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly invoiceId: string,
    readonly body: unknown,
  ) {}
}

/**
 * A credit note (doc2 §4, §5.5, §8.2): only for an invoice reported to the tax authority where there is
 * reporting, within 30 days, fully paid; never more than what remains of each line; the refunds add
 * up to the credited amount exactly. One atomic append: the invoice's lines taken back (its stream, at
 * the revision it was read, so two notes at once cannot both take the last unit), the note with its
 * gap-free number, and the products back on the shelf (operation 6).
 */
@CommandHandler(IssueCreditNote)
export class IssueCreditNoteHandler implements ICommandHandler<IssueCreditNote> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(Sequences) private readonly sequences: Sequences,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(EInvoiceSigning) private readonly einvoicing: EInvoiceSigning,
    @Inject(EInvoiceReportingWorker) private readonly reporting: EInvoiceReportingWorker,
  ) {}

  async execute({ ctx, auth, invoiceId, body }: IssueCreditNote): Promise<Answer> {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const input = parseInput(creditNoteInput({ countryId: tenant.countryId }), body);
    const stream = streamName(INVOICE_CATEGORY, ctx.tenantId, invoiceId);
    const { state } = await this.aggregates.load<InvoiceState, InvoiceEvent>(
      ctx,
      stream,
      initialInvoiceState,
      evolveInvoice,
    );
    if (!state.issued) throw notFound('not_found.invoice');
    const invoice = state.invoice;
    // a note follows an invoice the tax authority accepted (doc2 §4, §8.2): its document's state
    const einvoiced = invoice.einvoicing !== 'not_applicable';
    const rule = invoiceNoteRefusal(
      'credit',
      {
        cancelled: !!state.cancelled,
        owed: invoice.owed,
        einvoicing: einvoiced
          ? await einvoiceStateIn(this.aggregates, ctx, einvoiceUuid(ctx.tenantId, invoiceId))
          : 'not_applicable',
        business_date: invoice.business_date as BusinessDate,
      },
      tenant.today as BusinessDate,
    );
    if (rule) throw noteRefused(rule);
    const wanted = input.lines?.map((l) => ({ line_id: l.line_id, quantity: Number(l.quantity) }));
    const credit = creditLines(invoice, remainingOf(state), wanted);
    const currency = currencyOfCountry(tenant.countryId);
    const refunds = input.payments.map((p) => ({
      method: p.method,
      amount: toMinor(p.amount, tenant.countryId),
      ...(p.authorization_code && { authorization_code: p.authorization_code.trim() }),
    }));
    const problems = [...credit.problems];
    if (!problems.length) {
      const check = checkPayments(refunds, {
        due: credit.total,
        walletBalance: Number.MAX_SAFE_INTEGER,
        mayOwe: false,
        formatMoney: (minor) => formatMoney({ amount: minor, currency }, { locale: 'en' }),
      });
      for (const p of check.problems)
        problems.push(
          p.key === 'sales.payments_below_total' || p.key === 'sales.payments_above_total'
            ? { field: 'payments', key: 'sales.refunds_must_equal_credit' }
            : p,
        );
    }
    const toWallet = refunds.reduce(
      (sum, r) => (r.method === PaymentMethod.wallet ? sum + r.amount : sum),
      0,
    );
    if (toWallet > 0 && !invoice.customer_id)
      problems.push({ field: 'payments', key: 'sales.customer_required_for_wallet' });
    if (problems.length) throw refusal(problems);

    const creditNoteId = idFor(ctx, 'credit-note');
    const number = await this.sequences.next(ctx, 'credit-note');
    // the invoice's lines taken back, decided again on the revision the append checks
    await this.aggregates.handle<InvoiceState, InvoiceEvent>(stream, ctx, {
      initial: initialInvoiceState,
      evolve: evolveInvoice,
      decide: (s) => {
        if (!s.issued) throw notFound('not_found.invoice');
        const again = creditLines(s.invoice, remainingOf(s), wanted);
        if (again.problems.length) throw refusal(again.problems);
        return [
          {
            type: 'InvoiceCredited',
            data: {
              invoice_id: invoiceId,
              credit_note_id: creditNoteId,
              credit_note_number: number,
              lines: again.lines.map((l) => ({
                line_id: l.line_id,
                name_en: l.name_en,
                name_ar: l.name_ar,
                quantity: l.quantity,
                net: l.net,
                vat: l.vat,
              })),
              subtotals: again.subtotals,
              total: again.total,
            },
          },
        ];
      },
    });
    const note: CreditNoteIssued = {
      type: 'CreditNoteIssued',
      data: {
        credit_note_id: creditNoteId,
        number,
        unique_id: createHash('sha256')
          .update(idFor(ctx, 'credit-note-link'))
          .digest('base64url')
          .slice(0, 22),
        invoice_id: invoiceId,
        invoice_number: invoice.number,
        issued_at: ctx.now.toISOString(),
        business_date: tenant.today,
        currency,
        customer_id: invoice.customer_id,
        customer_name: invoice.customer_name,
        cashier_id: auth.userId,
        reason: input.reason,
        lines: credit.lines,
        subtotals: credit.subtotals,
        net: credit.net,
        vat: credit.vat,
        total: credit.total,
        payments: refunds.map((r, i) => ({ payment_id: idFor(ctx, 'refund', i), ...r })),
        einvoicing: invoice.einvoicing === 'not_applicable' ? 'not_applicable' : 'not_reported',
      },
    };
    const position = await this.aggregates.create(
      streamName(CREDIT_NOTE_CATEGORY, ctx.tenantId, creditNoteId),
      ctx,
      [note],
    );
    // the wallet and the points are those of the customer the invoice's is today (merged into another
    // since: the one kept, who holds her balance)
    const holder = invoice.customer_id
      ? ((await currentCustomer(this.aggregates, ctx, invoice.customer_id))?.id ?? invoice.customer_id)
      : null;
    // a refund to the wallet is there to spend at once
    if (toWallet > 0)
      await this.aggregates.handle<WalletState, WalletEvent>(
        streamName(WALLET_CATEGORY, ctx.tenantId, holder!),
        ctx,
        {
          initial: initialWalletState,
          evolve: evolveWallet,
          decide: (s) =>
            decideWallet(
              {
                type: 'Credit',
                customerId: holder!,
                amount: toWallet,
                creditNoteId,
                creditNoteNumber: number,
                businessDate: tenant.today,
              },
              s,
            ),
        },
      );
    // the points the refunded amount earned go back (never below zero)
    const settings = await new BookingContext(this.aggregates, ctx).settings();
    const loyalty = loyaltyRulesOf(settings.invoice, (t) => toMinor(t, tenant.countryId));
    const reversed =
      invoice.customer_id && loyalty.enabled
        ? pointsFor(credit.total, decimalsOf(currency), loyalty.pointsPerUnit)
        : 0;
    if (holder && reversed > 0)
      await this.aggregates.handle<LoyaltyState, LoyaltyEvent>(loyaltyStream(ctx.tenantId, holder), ctx, {
        initial: initialLoyaltyState,
        evolve: evolveLoyalty,
        decide: (s) =>
          decideLoyalty(
            {
              type: 'Reverse',
              customerId: holder,
              points: reversed,
              creditNoteId,
              creditNoteNumber: number,
            },
            s,
          ),
      });
    // what comes back goes back on the shelf
    const returned = new Map<string, number>();
    for (const l of credit.lines)
      if (l.kind === 'product') returned.set(l.item_id, (returned.get(l.item_id) ?? 0) + l.quantity);
    for (const [productId, quantity] of returned)
      await this.aggregates.handle<ProductState, ProductEvent>(
        streamName('product', ctx.tenantId, productId),
        ctx,
        {
          initial: initialProductState,
          evolve: evolveProduct,
          decide: (s) =>
            s.defined
              ? decideProduct({ type: 'ReturnStock', quantity, invoiceId, date: tenant.today }, s)
              : [],
        },
      );
    // the sessions the credited lines used come back; a credited offer or package sale is closed
    await givePurchasesBack(this.aggregates, ctx, {
      invoice,
      lineIds: credit.lines.map((l) => l.line_id),
      fieldOf: (lineId) => {
        const i = wanted ? wanted.findIndex((w) => w.line_id === lineId) : -1;
        return i >= 0 ? `lines.${i}.line_id` : 'lines';
      },
      creditNoteId,
      reason: 'credit_note',
      today: tenant.today,
    });
    // signed into the device's chain with it, in the same append (ZATCA: 381, its invoice referenced)
    const einvoice = einvoiced
      ? await this.einvoicing.sign(ctx, tenant.timeZone, {
          referenceType: 2,
          documentId: creditNoteId,
          documentNumber: `CN-${number}`,
          invoiceId,
          issuedAt: note.data.issued_at,
          lines: credit.lines.map(noteLine),
          vat: { lines: credit.lines.map((l) => l.vat), subtotals: credit.subtotals },
          payments: note.data.payments,
          billingReference: String(invoice.number),
          reason: input.reason,
          // a note of a standard (B2B) invoice is standard too, to the same buyer
          ...(invoice.buyer && { buyer: invoice.buyer }),
        })
      : undefined;
    const { type: _type, data } = note;
    const answer = new Answer(
      { id: creditNoteId, ...data, ...einvoicingReply(einvoice, data.einvoicing) },
      position,
      201,
    );
    return clearedAfterCommit(answer, this.reporting.reporting, ctx.tenantId, einvoice, ctx.now);
  }
}
