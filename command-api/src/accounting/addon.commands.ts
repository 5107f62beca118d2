import { Body, Controller, HttpCode, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  ADVANCED_ACCOUNTING_CATEGORY,
  advancedAccountingSwitchInput,
  booksWizardInput,
  DomainError,
  notFound,
  openingRefusal,
  Page,
  Permission,
  streamName,
  toMinor,
  type AdvancedAccountingEvent,
} from '@rawnaq/contracts';
import {
  Auth,
  parseInput,
  Realm,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type ReadModels,
} from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { commandContext } from '../shared/http-context';
import { Aggregates } from '../shared/repository';
import { tenantInfo } from '../shared/tenant';
import { decideOpenBooks, decideSwitch, evolveAddon, initialAddon, type AddonState } from './addon';
import { salonChart } from './chart.commands';
import { assertBooksOpen } from './period.commands';

type Request = { headers: Record<string, string | string[] | undefined> };

const addonStream = (tenantId: string) => streamName(ADVANCED_ACCOUNTING_CATEGORY, tenantId, 'books');

/** The account's add-on status as opened (the platform's first switch has not been recorded yet). */
const accountStatus = async (models: ReadModels, tenantId: string) => {
  const account = await models.getStable('accounts', tenantId);
  if (!account) throw notFound('not_found.account');
  return (account.advanced_accounting_status as number | undefined) ?? 0;
};

export class SwitchAdvancedAccounting {
  constructor(
    readonly ctx: CommandContext,
    readonly tenantId: string,
    readonly body: unknown,
  ) {}
}
export class OpenBooks {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly body: unknown,
  ) {}
}

/** The platform switches a salon's advanced accounting on or off (manager route `advanced-accounting`). */
@CommandHandler(SwitchAdvancedAccounting)
export class SwitchAdvancedAccountingHandler implements ICommandHandler<SwitchAdvancedAccounting> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, tenantId, body }: SwitchAdvancedAccounting): Promise<Answer> {
    if (!/^\d{1,9}$/.test(tenantId)) throw notFound('not_found.account');
    const input = parseInput(advancedAccountingSwitchInput, body);
    const status = await accountStatus(this.models, tenantId);
    const outcome = await this.aggregates.handle<AddonState, AdvancedAccountingEvent>(
      addonStream(tenantId),
      { ...ctx, tenantId },
      {
        initial: initialAddon,
        evolve: evolveAddon,
        decide: (s) => decideSwitch({ status: input.status, accountStatus: status }, s),
      },
    );
    return new Answer({ id: tenantId, ...outcome.events[0].data }, outcome.position, 200);
  }
}

/** The accounting wizard: the books' start date, opening balances and the payment methods' accounts. */
@CommandHandler(OpenBooks)
export class OpenBooksHandler implements ICommandHandler<OpenBooks> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, auth, body }: OpenBooks): Promise<Answer> {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const input = parseInput(booksWizardInput({ countryId: tenant.countryId }), body);
    const status = await accountStatus(this.models, ctx.tenantId);
    await assertBooksOpen(this.aggregates, ctx, input.start_date, 'start_date');
    // the salon's own accounts: each must be one of its chart's that takes an opening balance (held:
    // an account disabled or deleted meanwhile makes the wizard decide again)
    const chart = await salonChart(this.aggregates, ctx);
    const errors: Record<string, string> = {};
    input.opening.forEach((o, i) => {
      const refusal = openingRefusal(chart, o.account);
      if (refusal) errors[`opening.${i}.account`] = refusal;
    });
    const keys = Object.values(errors);
    if (keys.length) throw new DomainError(keys.length === 1 ? keys[0] : 'errors.invalid_input', 422, errors);
    const outcome = await this.aggregates.handle<AddonState, AdvancedAccountingEvent>(
      addonStream(ctx.tenantId),
      ctx,
      {
        initial: initialAddon,
        evolve: evolveAddon,
        decide: (s) =>
          decideOpenBooks(
            {
              accountStatus: status,
              startDate: input.start_date,
              today: tenant.today,
              opening: input.opening.map((o) => ({
                account: o.account,
                amount: toMinor(o.amount, tenant.countryId),
              })),
              methodAccounts: input.method_accounts,
              by: auth.userId,
              chart,
            },
            s,
          ),
      },
    );
    return new Answer({ ...outcome.events[0].data, status: 2 }, outcome.position, 201);
  }
}

@Controller('api/manager/accounts')
@Realm('manager')
export class ManagerAdvancedAccountingController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Put(':id/advanced-accounting')
  switch(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new SwitchAdvancedAccounting(commandContext(auth, req), id, body));
  }
}

/** `advanced-accounting/wizard`: the owner or the accountant opens the books (63). */
@Controller('api/merchant/advanced-accounting')
@Realm('merchant')
export class BooksWizardController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('wizard')
  @HttpCode(201)
  @RequirePermission(Page.advancedAccounting, Permission.postJournals)
  open(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new OpenBooks(commandContext(auth, req), auth, body));
  }
}
