import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import {
  APPOINTMENT_CATEGORY,
  cancelDepositInput,
  checkPayments,
  conflict,
  currencyOfCountry,
  CUSTOMER_CATEGORY,
  DEPOSIT_CATEGORY,
  notFound,
  streamName,
  takeDepositInput,
  toMinor,
  type AppointmentEvent,
  type CustomerEvent,
  type DepositEvent,
  type DepositTaken,
} from '@rawnaq/contracts';
import { parseInput, TOKENS, type AuthContext, type ReadModels } from '@rawnaq/platform';
import { evolveCustomer, initialCustomerState, type CustomerState } from '../customers/customer';
import { evolveVisit, initialVisitState, type VisitState } from '../scheduling/visit';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { Aggregates, idFor } from '../shared/repository';
import { tenantInfo } from '../shared/tenant';
import { decideDeposits, evolveDeposits, initialDepositsState, type DepositsState } from './deposit';
import { refusal } from './invoice';

export class TakeDeposit {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly appointmentId: string,
    readonly body: unknown,
  ) {}
}
export class CancelDeposit {
  constructor(
    readonly ctx: CommandContext,
    readonly appointmentId: string,
    readonly depositId: string,
    readonly body: unknown,
  ) {}
}

export const depositsStream = (tenantId: string, appointmentId: string) =>
  streamName(DEPOSIT_CATEGORY, tenantId, appointmentId);

/** A deposit before the visit: a payment of any method but the wallet, for a visit still to come and unpaid. */
@CommandHandler(TakeDeposit)
export class TakeDepositHandler implements ICommandHandler<TakeDeposit> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, auth, appointmentId, body }: TakeDeposit): Promise<Answer> {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const { state: visit } = await this.aggregates.load<VisitState, AppointmentEvent>(
      ctx,
      streamName(APPOINTMENT_CATEGORY, ctx.tenantId, appointmentId),
      initialVisitState,
      evolveVisit,
    );
    if (!visit.exists) throw notFound('not_found.appointment');
    if (visit.status === 0) throw conflict('deposits.visit_cancelled');
    if (visit.invoiceId) throw conflict('sales.appointment_already_paid');
    const input = parseInput(takeDepositInput({ countryId: tenant.countryId }), body);
    const payment = {
      payment_id: idFor(ctx, 'deposit'),
      method: input.method,
      amount: toMinor(input.amount, tenant.countryId),
      ...(input.authorization_code?.trim() && { authorization_code: input.authorization_code.trim() }),
    };
    const check = checkPayments([payment], { due: payment.amount, walletBalance: 0, mayOwe: false });
    if (check.problems.length)
      throw refusal(check.problems.map((p) => ({ ...p, field: p.field?.replace(/^payments\.0\./, '') })));
    const { state: customer } = await this.aggregates.load<CustomerState, CustomerEvent>(
      ctx,
      streamName(CUSTOMER_CATEGORY, ctx.tenantId, visit.customerId),
      initialCustomerState,
      evolveCustomer,
    );
    const taken: DepositTaken['data'] = {
      deposit_id: payment.payment_id,
      appointment_id: appointmentId,
      customer_id: visit.customerId,
      customer_name: customer.registered ? customer.details.name : '',
      payment,
      unique_id: createHash('sha256').update(idFor(ctx, 'deposit-link')).digest('base64url').slice(0, 22),
      business_date: tenant.today,
      cashier_id: auth.userId,
      currency: currencyOfCountry(tenant.countryId),
    };
    const outcome = await this.aggregates.handle<DepositsState, DepositEvent>(
      depositsStream(ctx.tenantId, appointmentId),
      ctx,
      {
        initial: initialDepositsState,
        evolve: evolveDeposits,
        decide: (s) => decideDeposits({ type: 'Take', taken }, s),
      },
    );
    return new Answer({ id: taken.deposit_id, ...taken }, outcome.position, 201);
  }
}

/** A deposit given back (payment status 0): once, and not once its invoice used it. */
@CommandHandler(CancelDeposit)
export class CancelDepositHandler implements ICommandHandler<CancelDeposit> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, appointmentId, depositId, body }: CancelDeposit): Promise<Answer> {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const input = parseInput(cancelDepositInput, body);
    const outcome = await this.aggregates.handle<DepositsState, DepositEvent>(
      depositsStream(ctx.tenantId, appointmentId),
      ctx,
      {
        initial: initialDepositsState,
        evolve: evolveDeposits,
        decide: (s) =>
          decideDeposits({ type: 'Cancel', depositId, reason: input.reason ?? '', today: tenant.today }, s),
      },
    );
    return new Answer({ id: depositId, status: 0 }, outcome.position, 200);
  }
}
