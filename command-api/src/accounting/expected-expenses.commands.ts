import { Body, Controller, HttpCode, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DomainError,
  EXPECTED_EXPENSE_CATEGORY,
  EXPENSE_TYPES_CATEGORY,
  expectedExpenseInput,
  isUuid,
  moveExpectedExpenseInput,
  notFound,
  Page,
  Permission,
  streamName,
  SUPPLIER_CATEGORY,
  currencyOfCountry,
  toDecimalString,
  toMinor,
  type ExpectedExpenseDetails,
  type ExpectedExpenseEvent,
  type ExpenseTypeEvent,
  type Recurrence,
  type SupplierEvent,
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
import { Aggregates, idFor } from '../shared/repository';
import { tenantInfo } from '../shared/tenant';
import {
  evolveExpenseTypes,
  evolveSupplier,
  initialExpenseTypes,
  initialSupplier,
  type ExpenseTypesState,
  type SupplierState,
} from './expenses';
import { RecordExpense } from './expenses.commands';
import { decideExpected, evolveExpected, initialExpected, type ExpectedState } from './expected-expenses';

type Request = { headers: Record<string, string | string[] | undefined> };

export class ChangeExpectedExpenses {
  constructor(
    readonly ctx: CommandContext,
    readonly request: { kind: 'plan'; body: unknown } | { kind: 'change'; id: string; body: unknown },
  ) {}
}
export class MoveExpectedExpense {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly id: string,
    readonly body: unknown,
  ) {}
}

const expectedStream = (ctx: CommandContext, id: string) =>
  streamName(EXPECTED_EXPENSE_CATEGORY, ctx.tenantId, id);

/** Expected expenses (issue 25): planned and changed while pending, from a supplier on file or a vendor. */
@CommandHandler(ChangeExpectedExpenses)
export class ChangeExpectedExpensesHandler implements ICommandHandler<ChangeExpectedExpenses> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, request: r }: ChangeExpectedExpenses): Promise<Answer> {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const input = parseInput(expectedExpenseInput({ countryId: tenant.countryId }), r.body);
    let vendor = input.vendor_name?.trim() ?? '';
    if (input.supplier_id) {
      const supplier = isUuid(input.supplier_id)
        ? (
            await this.aggregates.load<SupplierState, SupplierEvent>(
              ctx,
              streamName(SUPPLIER_CATEGORY, ctx.tenantId, input.supplier_id),
              initialSupplier,
              evolveSupplier,
            )
          ).state
        : initialSupplier;
      if (!supplier.exists)
        throw new DomainError('accounting.supplier_not_found', 422, {
          supplier_id: 'accounting.supplier_not_found',
        });
      vendor = supplier.name;
    } else if (!vendor)
      throw new DomainError('accounting.supplier_or_vendor_required', 422, {
        vendor_name: 'accounting.supplier_or_vendor_required',
      });
    const types = (
      await this.aggregates.load<ExpenseTypesState, ExpenseTypeEvent>(
        ctx,
        streamName(EXPENSE_TYPES_CATEGORY, ctx.tenantId, ctx.tenantId),
        initialExpenseTypes(),
        evolveExpenseTypes,
      )
    ).state;
    if (!types.has(input.expense_type_id))
      throw new DomainError('accounting.expense_type_not_found', 422, {
        expense_type_id: 'accounting.expense_type_not_found',
      });
    const details: ExpectedExpenseDetails = {
      name: input.name.trim(),
      supplier_id: input.supplier_id ?? null,
      vendor_name: vendor,
      expense_type_id: input.expense_type_id,
      amount: toMinor(input.amount, tenant.countryId),
      vat_type: input.vat_type,
      due_date: input.due_date,
      recurrence: input.recurrence as Recurrence,
      notes: input.notes.trim(),
    };
    const id = r.kind === 'plan' ? idFor(ctx, 'expected-expense') : r.id;
    if (r.kind === 'change' && !isUuid(r.id)) throw notFound('accounting.expected_expense_not_found');
    const outcome = await this.aggregates.handle<ExpectedState, ExpectedExpenseEvent>(
      expectedStream(ctx, id),
      ctx,
      {
        initial: initialExpected,
        evolve: evolveExpected,
        decide: (s) =>
          decideExpected(
            r.kind === 'plan' ? { type: 'Plan', id, details } : { type: 'Change', id, details },
            s,
          ),
      },
    );
    return new Answer({ id, ...outcome.events[0].data }, outcome.position, r.kind === 'plan' ? 201 : 200);
  }
}

/**
 * "Move to expenses": the real expense recorded from the expected one (its supplier, type, amount and
 * VAT; the date, the supplier's invoice number and what is paid now given here), and the expected one
 * moved, in one unit: both or neither.
 */
@CommandHandler(MoveExpectedExpense)
export class MoveExpectedExpenseHandler implements ICommandHandler<MoveExpectedExpense> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, auth, id, body }: MoveExpectedExpense): Promise<Answer> {
    if (!isUuid(id)) throw notFound('accounting.expected_expense_not_found');
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const input = parseInput(moveExpectedExpenseInput({ countryId: tenant.countryId }), body);
    const stream = expectedStream(ctx, id);
    const { result, position } = await this.aggregates.transaction(ctx, async (ctx) => {
      const { state } = await this.aggregates.load<ExpectedState, ExpectedExpenseEvent>(
        ctx,
        stream,
        initialExpected,
        evolveExpected,
      );
      // refused before the expense is recorded
      decideExpected({ type: 'Move', id, expenseId: '', expenseNumber: 0 }, state);
      if (!state.exists) throw notFound('accounting.expected_expense_not_found');
      const currency = currencyOfCountry(tenant.countryId);
      const recorded = (await this.commands.execute(
        new RecordExpense(ctx, auth, {
          ...(state.supplier_id ? { supplier_id: state.supplier_id } : { vendor_name: state.vendor_name }),
          expense_type_id: state.expense_type_id,
          supplier_invoice_number: input.supplier_invoice_number,
          date: input.date ?? tenant.today,
          due_date: state.due_date,
          items: [
            {
              description: state.name,
              amount: toDecimalString({ amount: state.amount, currency }),
              vat_type: state.vat_type,
            },
          ],
          payments: input.payments,
          notes: state.notes,
        }),
      )) as Answer;
      const expense = recorded.body as { id: string; number: number };
      const moved = await this.aggregates.handle<ExpectedState, ExpectedExpenseEvent>(stream, ctx, {
        initial: initialExpected,
        evolve: evolveExpected,
        decide: (s) =>
          decideExpected({ type: 'Move', id, expenseId: expense.id, expenseNumber: expense.number }, s),
      });
      return { expense: recorded.body, moved: moved.events[0].data };
    });
    return new Answer({ id, ...result }, position, 201);
  }
}

/** `accounting/expected-expenses`: planned, changed, moved to the expenses (64). */
@Controller('api/merchant')
@Realm('merchant')
export class ExpectedExpensesController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('expected-expenses')
  @RequirePermission(Page.advancedAccounting, Permission.manageExpenses)
  plan(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(
      new ChangeExpectedExpenses(commandContext(auth, req), { kind: 'plan', body }),
    );
  }

  @Put('expected-expenses/:id')
  @RequirePermission(Page.advancedAccounting, Permission.manageExpenses)
  change(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(
      new ChangeExpectedExpenses(commandContext(auth, req), { kind: 'change', id, body }),
    );
  }

  @Post('expected-expenses/:id/move')
  @HttpCode(201)
  @RequirePermission(Page.advancedAccounting, Permission.manageExpenses)
  move(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new MoveExpectedExpense(commandContext(auth, req), auth, id, body));
  }
}
