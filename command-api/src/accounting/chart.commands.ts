import { Body, Controller, Delete, HttpCode, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  CHART_OF_ACCOUNTS_CATEGORY,
  chartAccountChangeInput,
  chartAccountInput,
  DomainError,
  EXPENSE_TYPES_CATEGORY,
  notFound,
  Page,
  Permission,
  postingRefusal,
  streamName,
  systemAccountChangeInput,
  type ChartOfAccountsEvent,
  type ExpenseTypeEvent,
} from '@rawnaq/contracts';
import {
  Auth,
  parseInput,
  Realm,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type EventStore,
  type ReadModels,
} from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { commandContext } from '../shared/http-context';
import { Aggregates } from '../shared/repository';
import { decideChart, evolveChart, initialChart, type ChartCommand, type ChartState } from './chart';
import { evolveExpenseTypes, initialExpenseTypes, type ExpenseTypesState } from './expenses';

type Request = { headers: Record<string, string | string[] | undefined> };

const chartStream = (tenantId: string) => streamName(CHART_OF_ACCOUNTS_CATEGORY, tenantId, tenantId);
/** An account's code as a path segment: digits only, else no such account. */
const validCode = (code: string) => /^[0-9]{1,10}$/.test(code);

/**
 * The salon's chart as a command relies on it (a journal's accounts, an expense type's): held, so a
 * command deciding on an account that is disabled or deleted meanwhile runs again on the new chart.
 */
export const salonChart = async (aggregates: Aggregates, ctx: CommandContext): Promise<ChartState> =>
  (await aggregates.loadHeld(ctx, chartStream(ctx.tenantId), initialChart(), evolveChart)).state;

/** Refuses accounts that take no postings by hand (a group, a disabled account), each field named. */
export const assertPostingAccounts = (chart: ChartState, accounts: Array<[field: string, code: string]>) => {
  const errors: Record<string, string> = {};
  for (const [field, code] of accounts) {
    const refusal = postingRefusal(chart, code);
    if (refusal) errors[field] = refusal;
  }
  const keys = Object.values(errors);
  if (keys.length) throw new DomainError(keys.length === 1 ? keys[0] : 'errors.invalid_input', 422, errors);
};

export type ChartRequest =
  | { kind: 'add'; body: unknown }
  | { kind: 'change'; code: string; body: unknown }
  | { kind: 'disable' | 'activate' | 'delete'; code: string };

export class ChangeChartOfAccounts {
  constructor(
    readonly ctx: CommandContext,
    readonly request: ChartRequest,
  ) {}
}

@CommandHandler(ChangeChartOfAccounts)
export class ChangeChartOfAccountsHandler implements ICommandHandler<ChangeChartOfAccounts> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.eventStore) private readonly store: EventStore,
  ) {}

  /** Whether the books hold a line on the account: read once the ledger caught up with every event so far. */
  private async hasPostings(tenantId: string, code: string): Promise<boolean> {
    if (!(await this.models.waitFor(['ledger'], await this.store.headPosition(), 5_000)))
      throw new DomainError('errors.conflict_retry', 409);
    return (await this.models.count('ledger_lines', { tenantId, account: code })) > 0;
  }

  private async command(ctx: CommandContext, r: ChartRequest): Promise<ChartCommand> {
    if (r.kind === 'add') {
      const { code, ...details } = parseInput(chartAccountInput, r.body);
      return {
        type: 'Add',
        code,
        details: { ...details, name_en: details.name_en.trim(), name_ar: details.name_ar.trim() },
      };
    }
    if (!validCode(r.code)) throw notFound('accounting.account_not_found');
    const { state } = await this.aggregates.load(ctx, chartStream(ctx.tenantId), initialChart(), evolveChart);
    const account = state.get(r.code);
    if (!account) throw notFound('accounting.account_not_found');
    if (r.kind === 'change') {
      if (account.system) {
        const names = parseInput(systemAccountChangeInput, r.body);
        return {
          type: 'RenameSystem',
          code: r.code,
          name_en: names.name_en.trim(),
          name_ar: names.name_ar.trim(),
        };
      }
      const details = parseInput(chartAccountChangeInput, r.body);
      return {
        type: 'Change',
        code: r.code,
        details: { ...details, name_en: details.name_en.trim(), name_ar: details.name_ar.trim() },
      };
    }
    if (r.kind === 'delete') {
      const { state: types } = await this.aggregates.loadHeld<ExpenseTypesState, ExpenseTypeEvent>(
        ctx,
        streamName(EXPENSE_TYPES_CATEGORY, ctx.tenantId, ctx.tenantId),
        initialExpenseTypes(),
        evolveExpenseTypes,
      );
      return {
        type: 'Delete',
        code: r.code,
        // a system account is never deleted: its postings need not be looked up
        hasPostings: !account.system && !account.group && (await this.hasPostings(ctx.tenantId, r.code)),
        usedByExpenseType: [...types.values()].some((t) => t.account === r.code),
      };
    }
    return { type: r.kind === 'disable' ? 'Disable' : 'Activate', code: r.code };
  }

  async execute({ ctx, request }: ChangeChartOfAccounts): Promise<Answer> {
    const command = await this.command(ctx, request);
    const outcome = await this.aggregates.handle<ChartState, ChartOfAccountsEvent>(
      chartStream(ctx.tenantId),
      ctx,
      {
        initial: initialChart(),
        evolve: evolveChart,
        decide: (s) => decideChart(command, s),
      },
    );
    const account = outcome.state.get(command.code);
    return new Answer(
      account ? { id: account.code, ...account } : { id: command.code, deleted: true },
      outcome.position,
      command.type === 'Add' ? 201 : 200,
    );
  }
}

/**
 * `advanced-accounting/chart-of-accounts`: the salon's own accounts added, changed, disabled,
 * activated and deleted; a system account renamed. Keeping the chart goes with posting journals (63).
 */
@Controller('api/merchant/advanced-accounting')
@Realm('merchant')
export class ChartOfAccountsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  private run(auth: AuthContext, req: Request, request: ChartRequest) {
    return this.commands.execute(new ChangeChartOfAccounts(commandContext(auth, req), request));
  }

  @Post('chart-of-accounts')
  @RequirePermission(Page.advancedAccounting, Permission.postJournals)
  add(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.run(auth, req, { kind: 'add', body });
  }

  @Put('chart-of-accounts/:code')
  @RequirePermission(Page.advancedAccounting, Permission.postJournals)
  change(@Auth() auth: AuthContext, @Req() req: Request, @Param('code') code: string, @Body() body: unknown) {
    return this.run(auth, req, { kind: 'change', code, body });
  }

  @Post('chart-of-accounts/:code/disable')
  @HttpCode(200)
  @RequirePermission(Page.advancedAccounting, Permission.postJournals)
  disable(@Auth() auth: AuthContext, @Req() req: Request, @Param('code') code: string) {
    return this.run(auth, req, { kind: 'disable', code });
  }

  @Post('chart-of-accounts/:code/activate')
  @HttpCode(200)
  @RequirePermission(Page.advancedAccounting, Permission.postJournals)
  activate(@Auth() auth: AuthContext, @Req() req: Request, @Param('code') code: string) {
    return this.run(auth, req, { kind: 'activate', code });
  }

  @Delete('chart-of-accounts/:code')
  @RequirePermission(Page.advancedAccounting, Permission.postJournals)
  remove(@Auth() auth: AuthContext, @Req() req: Request, @Param('code') code: string) {
    return this.run(auth, req, { kind: 'delete', code });
  }
}
