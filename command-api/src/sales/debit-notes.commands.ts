import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import {
  currencyOfCountry,
  DEBIT_NOTE_CATEGORY,
  debitNoteInput,
  formatMoney,
  INVOICE_CATEGORY,
  percentToBasisPoints,
  streamName,
  toMinor,
  type BusinessDate,
  type DebitNoteIssued,
  type InvoiceEvent,
  type VatType,
  storedVatExemption,
} from '@rawnaq/contracts';
import { parseInput, TOKENS, type AuthContext, type ReadModels } from '@rawnaq/platform';
import { BookingContext } from '../scheduling/booking-context';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { Aggregates, idFor } from '../shared/repository';
import { Sequences } from '../shared/sequences';
import { tenantInfo } from '../shared/tenant';
import { decideDebitNote } from './debit-note';
import { evolveInvoice, initialInvoiceState, type InvoiceState } from './invoice';
import { EInvoiceSigning, einvoicingReply, einvoiceUuid, noteLine } from '../einvoicing/signing';
import { clearedAfterCommit, einvoiceStateIn } from '../einvoicing/reporting';
import { EInvoiceReportingWorker } from '../einvoicing/reporting.worker';

export class IssueDebitNoteCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly invoiceId: string,
    readonly body: unknown,
  ) {}
}

const withExemption = (vatType: number, code: string | undefined) => {
  const stored = storedVatExemption(vatType, code);
  return stored ? { vatExemptionCode: stored } : {};
};

/**
 * `POST invoices/:id/debit-notes`: an extra charge on an issued invoice, with its own gap-free number;
 * the invoice is read where the append checks it (`loadHeld`), so a cancelling at the same instant
 * and a debit note cannot both pass.
 */
@CommandHandler(IssueDebitNoteCommand)
export class IssueDebitNoteHandler implements ICommandHandler<IssueDebitNoteCommand> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(Sequences) private readonly sequences: Sequences,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(EInvoiceSigning) private readonly einvoicing: EInvoiceSigning,
    @Inject(EInvoiceReportingWorker) private readonly reporting: EInvoiceReportingWorker,
  ) {}

  async execute({ ctx, auth, invoiceId, body }: IssueDebitNoteCommand): Promise<Answer> {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const input = parseInput(debitNoteInput({ countryId: tenant.countryId }), body);
    const { state } = await this.aggregates.loadHeld<InvoiceState, InvoiceEvent>(
      ctx,
      streamName(INVOICE_CATEGORY, ctx.tenantId, invoiceId),
      initialInvoiceState,
      evolveInvoice,
    );
    const settings = await new BookingContext(this.aggregates, ctx).settings();
    const currency = currencyOfCountry(tenant.countryId);
    const debitNoteId = idFor(ctx, 'debit-note');
    const command = {
      type: 'IssueDebitNote' as const,
      debitNoteId,
      number: 0,
      uniqueId: createHash('sha256').update(idFor(ctx, 'debit-note-link')).digest('base64url').slice(0, 22),
      issuedAt: ctx.now.toISOString(),
      businessDate: tenant.today as BusinessDate,
      currency,
      cashierId: auth.userId,
      reason: input.reason,
      lines: input.lines.map((l, i) => ({
        lineId: idFor(ctx, 'debit-note-line', i),
        description: l.description,
        amount: toMinor(l.amount, tenant.countryId),
        vatType: l.vat_type as VatType,
        ...(tenant.countryId === 1 && withExemption(l.vat_type, l.vat_exemption_code)),
      })),
      payments: input.payments.map((p) => ({
        method: p.method,
        amount: toMinor(p.amount, tenant.countryId),
        ...(p.authorization_code && { authorization_code: p.authorization_code }),
      })),
      paymentIds: input.payments.map((_, i) => idFor(ctx, 'debit-payment', i)),
      vat: {
        enabled: settings.vat.vat_enabled,
        rateBp: settings.vat.vat_enabled ? percentToBasisPoints(settings.vat.vat_percentage) : 0,
      },
      formatMoney: (minor: number) => formatMoney({ amount: minor, currency }, { locale: 'en' }),
    };
    // a note follows an invoice the tax authority accepted (doc2 §4, §8.2): its document's state
    const einvoiced = state.issued && state.invoice.einvoicing !== 'not_applicable';
    const judged = {
      ...command,
      ...(einvoiced && {
        einvoicing: await einvoiceStateIn(this.aggregates, ctx, einvoiceUuid(ctx.tenantId, invoiceId)),
      }),
    };
    // decided before a number is taken: a refused note takes none
    decideDebitNote(judged, state);
    const number = await this.sequences.next(ctx, 'debit-note');
    const [note] = decideDebitNote({ ...judged, number }, state);
    const position = await this.aggregates.create(
      streamName(DEBIT_NOTE_CATEGORY, ctx.tenantId, debitNoteId),
      ctx,
      [note],
    );
    const { type: _type, data } = note as DebitNoteIssued;
    // signed into the device's chain with it (ZATCA: 383, its invoice referenced)
    const einvoice =
      einvoiced && state.issued
        ? await this.einvoicing.sign(ctx, tenant.timeZone, {
            referenceType: 3,
            documentId: debitNoteId,
            documentNumber: `DN-${number}`,
            invoiceId,
            issuedAt: data.issued_at,
            lines: data.lines.map((l) =>
              noteLine({ name_en: l.description, name_ar: l.description, quantity: 1, ...l }),
            ),
            payments: data.payments,
            billingReference: String(state.invoice.number),
            reason: input.reason,
            // a note of a standard (B2B) invoice is standard too, to the same buyer
            ...(state.invoice.buyer && { buyer: state.invoice.buyer }),
          })
        : undefined;
    const answer = new Answer(
      { id: debitNoteId, ...data, ...einvoicingReply(einvoice, data.einvoicing) },
      position,
      201,
    );
    return clearedAfterCommit(answer, this.reporting.reporting, ctx.tenantId, einvoice, ctx.now);
  }
}
