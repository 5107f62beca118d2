import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  checkPayments,
  CUSTOMER_CATEGORY,
  notFound,
  streamName,
  toMinor,
  WALLET_CATEGORY,
  walletTopUpInput,
  type CustomerEvent,
  type WalletEvent,
  type WalletToppedUp,
} from '@rawnaq/contracts';
import { parseInput, TOKENS, type AuthContext, type ReadModels } from '@rawnaq/platform';
import { evolveCustomer, initialCustomerState, notMerged, type CustomerState } from '../customers/customer';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { Aggregates, idFor } from '../shared/repository';
import { tenantInfo } from '../shared/tenant';
import { refusal } from './invoice';
import { decideWallet, evolveWallet, initialWalletState, type WalletState } from './wallet';

export class TopUpWallet {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly customerId: string,
    readonly body: unknown,
  ) {}
}

/** Money into a customer's wallet at the till: a payment taken now, spent on later invoices. */
@CommandHandler(TopUpWallet)
export class TopUpWalletHandler implements ICommandHandler<TopUpWallet> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, auth, customerId, body }: TopUpWallet): Promise<Answer> {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const input = parseInput(walletTopUpInput({ countryId: tenant.countryId }), body);
    const { state: customer } = await this.aggregates.load<CustomerState, CustomerEvent>(
      ctx,
      streamName(CUSTOMER_CATEGORY, ctx.tenantId, customerId),
      initialCustomerState,
      evolveCustomer,
    );
    if (!customer.registered) throw notFound('not_found.customer');
    // money goes to the customer kept by a merge, never silently to one merged away
    notMerged(customer);
    const payment = {
      method: input.method,
      amount: toMinor(input.amount, tenant.countryId),
      ...(input.authorization_code?.trim() && { authorization_code: input.authorization_code.trim() }),
    };
    const check = checkPayments([payment], { due: payment.amount, walletBalance: 0, mayOwe: false });
    const problems = check.problems.map((p) => ({ ...p, field: p.field?.replace(/^payments\.0\./, '') }));
    if (problems.length) throw refusal(problems);
    const outcome = await this.aggregates.handle<WalletState, WalletEvent>(
      streamName(WALLET_CATEGORY, ctx.tenantId, customerId),
      ctx,
      {
        initial: initialWalletState,
        evolve: evolveWallet,
        decide: (s) =>
          decideWallet(
            {
              type: 'TopUp',
              customerId,
              customerName: customer.details.name,
              payment: { payment_id: idFor(ctx, 'payment', 0), ...payment },
              businessDate: tenant.today,
              cashierId: auth.userId,
              notes: input.notes,
            },
            s,
          ),
      },
    );
    const { data } = outcome.events[0] as WalletToppedUp;
    return new Answer({ id: data.payment.payment_id, ...data }, outcome.position, 201);
  }
}
