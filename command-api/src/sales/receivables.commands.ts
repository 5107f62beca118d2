import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  checkPayments,
  conflict,
  currencyOfCountry,
  DEBIT_NOTE_CATEGORY,
  formatMoney,
  INVOICE_CATEGORY,
  notFound,
  PaymentMethod,
  receivePaymentInput,
  streamName,
  toMinor,
  WALLET_CATEGORY,
  type DebitNoteEvent,
  type DebitNotePaymentReceived,
  type InvoiceEvent,
  type InvoicePaymentReceived,
  type TillPayment,
  type WalletEvent,
} from '@rawnaq/contracts';
import { parseInput, TOKENS, type AuthContext, type ReadModels } from '@rawnaq/platform';
import { currentCustomer } from '../customers/customer.commands';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { Aggregates, idFor } from '../shared/repository';
import { tenantInfo } from '../shared/tenant';
import { evolveInvoice, initialInvoiceState, refusal, type InvoiceState } from './invoice';
import { evolveDebitNote, initialDebitNoteState, type DebitNoteState } from './debit-note';
import { decideWallet, evolveWallet, initialWalletState, type WalletState } from './wallet';

export class ReceivePayment {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly invoiceId: string,
    readonly body: unknown,
  ) {}
}

/**
 * One payment towards what a document (an invoice, a debit note) still owes: never more than is owed,
 * a card payment with its authorization code, a wallet payment within the balance.
 */
const checkReceivable = (
  owed: number,
  payment: TillPayment,
  walletBalance: number,
  money: (minor: number) => string,
) => {
  if (owed <= 0) throw conflict('receivables.nothing_owed');
  const check = checkPayments([payment], { due: owed, walletBalance, mayOwe: true, formatMoney: money });
  const problems = check.problems.map((p) =>
    p.key === 'sales.payments_above_total'
      ? { field: 'amount', key: 'receivables.above_owed', params: { owed: money(owed) } }
      : { ...p, field: p.field?.replace(/^payments\.0\./, '') },
  );
  if (problems.length) throw refusal(problems);
};

/**
 * What an invoice left owed, paid later (doc1 §2 `receivable`). Decided on the invoice's revision, so
 * two cashiers cannot both take the last amount owed.
 */
export const decideReceivePayment = (
  command: { payment: TillPayment & { payment_id: string }; businessDate: string; cashierId: string },
  state: InvoiceState,
  walletBalance: number,
  money: (minor: number) => string,
): InvoiceEvent[] => {
  if (!state.issued) throw notFound('not_found.invoice');
  const { invoice } = state;
  checkReceivable(invoice.owed, command.payment, walletBalance, money);
  const event: InvoicePaymentReceived = {
    type: 'InvoicePaymentReceived',
    data: {
      invoice_id: invoice.invoice_id,
      payment: command.payment,
      business_date: command.businessDate,
      cashier_id: command.cashierId,
      paid: invoice.paid + command.payment.amount,
      owed: invoice.owed - command.payment.amount,
    },
  };
  return [event];
};

/**
 * What a debit note left owed, paid later: a receivable like an invoice's, by the rules of the debit
 * note's own payments (source 2: not from the wallet), decided on the note's revision.
 */
export const decideDebitNotePayment = (
  command: { payment: TillPayment & { payment_id: string }; businessDate: string; cashierId: string },
  state: DebitNoteState,
  money: (minor: number) => string,
): DebitNoteEvent[] => {
  if (!state.issued) throw notFound('not_found.debit_note');
  const { note } = state;
  checkReceivable(note.owed, command.payment, 0, money);
  return [
    {
      type: 'DebitNotePaymentReceived',
      data: {
        debit_note_id: note.debit_note_id,
        debit_note_number: note.number,
        invoice_id: note.invoice_id,
        invoice_number: note.invoice_number,
        payment: command.payment,
        business_date: command.businessDate,
        cashier_id: command.cashierId,
        paid: note.paid + command.payment.amount,
        owed: note.owed - command.payment.amount,
      },
    },
  ];
};

@CommandHandler(ReceivePayment)
export class ReceivePaymentHandler implements ICommandHandler<ReceivePayment> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, auth, invoiceId, body }: ReceivePayment): Promise<Answer> {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const input = parseInput(receivePaymentInput({ countryId: tenant.countryId }), body);
    const currency = currencyOfCountry(tenant.countryId);
    const money = (minor: number) => formatMoney({ amount: minor, currency }, { locale: 'en' });
    const stream = streamName(INVOICE_CATEGORY, ctx.tenantId, invoiceId);
    const { state } = await this.aggregates.load<InvoiceState, InvoiceEvent>(
      ctx,
      stream,
      initialInvoiceState,
      evolveInvoice,
    );
    if (!state.issued) throw notFound('not_found.invoice');
    const payment = {
      payment_id: idFor(ctx, 'payment', 0),
      method: input.method,
      amount: toMinor(input.amount, tenant.countryId),
      ...(input.authorization_code?.trim() && { authorization_code: input.authorization_code.trim() }),
    };
    // her wallet is the one of the customer she is today (merged into another since: the one kept)
    const owner = state.invoice.customer_id;
    const customerId = owner ? ((await currentCustomer(this.aggregates, ctx, owner))?.id ?? owner) : null;
    const fromWallet = input.method === PaymentMethod.wallet && customerId;
    const walletStream = customerId ? streamName(WALLET_CATEGORY, ctx.tenantId, customerId) : undefined;
    const wallet =
      fromWallet && walletStream
        ? (
            await this.aggregates.load<WalletState, WalletEvent>(
              ctx,
              walletStream,
              initialWalletState,
              evolveWallet,
            )
          ).state
        : initialWalletState;
    const outcome = await this.aggregates.handle<InvoiceState, InvoiceEvent>(stream, ctx, {
      initial: initialInvoiceState,
      evolve: evolveInvoice,
      decide: (s) =>
        decideReceivePayment(
          { payment, businessDate: tenant.today, cashierId: auth.userId },
          s,
          wallet.balance,
          money,
        ),
    });
    if (fromWallet && walletStream)
      await this.aggregates.handle<WalletState, WalletEvent>(walletStream, ctx, {
        initial: initialWalletState,
        evolve: evolveWallet,
        decide: (s) =>
          decideWallet(
            {
              type: 'Debit',
              customerId: customerId!,
              amount: payment.amount,
              invoiceId,
              invoiceNumber: state.invoice.number,
              businessDate: tenant.today,
              formatMoney: money,
              field: 'amount',
            },
            s,
          ),
      });
    const { data } = outcome.events[0] as InvoicePaymentReceived;
    return new Answer({ id: payment.payment_id, ...data }, outcome.position, 201);
  }
}

export class ReceiveDebitNotePayment {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly debitNoteId: string,
    readonly body: unknown,
  ) {}
}

/** `POST debit-notes/:id/payments`: what a debit note left owed, paid now. */
@CommandHandler(ReceiveDebitNotePayment)
export class ReceiveDebitNotePaymentHandler implements ICommandHandler<ReceiveDebitNotePayment> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, auth, debitNoteId, body }: ReceiveDebitNotePayment): Promise<Answer> {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const input = parseInput(receivePaymentInput({ countryId: tenant.countryId }), body);
    const currency = currencyOfCountry(tenant.countryId);
    const money = (minor: number) => formatMoney({ amount: minor, currency }, { locale: 'en' });
    const payment = {
      payment_id: idFor(ctx, 'payment', 0),
      method: input.method,
      amount: toMinor(input.amount, tenant.countryId),
      ...(input.authorization_code?.trim() && { authorization_code: input.authorization_code.trim() }),
    };
    const outcome = await this.aggregates.handle<DebitNoteState, DebitNoteEvent>(
      streamName(DEBIT_NOTE_CATEGORY, ctx.tenantId, debitNoteId),
      ctx,
      {
        initial: initialDebitNoteState,
        evolve: evolveDebitNote,
        decide: (s) =>
          decideDebitNotePayment({ payment, businessDate: tenant.today, cashierId: auth.userId }, s, money),
      },
    );
    const { data } = outcome.events[0] as DebitNotePaymentReceived;
    return new Answer({ id: payment.payment_id, ...data }, outcome.position, 201);
  }
}
