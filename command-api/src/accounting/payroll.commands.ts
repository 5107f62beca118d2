import { createHash } from 'node:crypto';
import { Body, Controller, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  currencyOfCountry,
  DomainError,
  firstDayOfMonth,
  formatMoney,
  isUuid,
  lastDayOfMonth,
  notFound,
  Page,
  PAYROLL_CATEGORY,
  payPayrollInput,
  payrollChangeInput,
  payrollInput,
  Permission,
  streamName,
  toMinor,
  type PayrollEvent,
} from '@rawnaq/contracts';
import {
  Auth,
  employeeCommission,
  parseInput,
  Realm,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type ReadModels,
} from '@rawnaq/platform';
import { assertBooksOpen } from './period.commands';
import { paymentOut } from './money-out';
import { BookingContext } from '../scheduling/booking-context';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { commandContext } from '../shared/http-context';
import { Aggregates } from '../shared/repository';
import { tenantInfo } from '../shared/tenant';
import {
  decidePayroll,
  evolvePayroll,
  initialPayroll,
  type PayrollCommand,
  type PayrollState,
  type PayrollTerms,
} from './payroll';

type Request = { headers: Record<string, string | string[] | undefined> };

/**
 * A run's id: the same for an employee's month whoever records it, so the run's stream is the one
 * place that knows whether the month was already recorded (a second is refused there, never raced).
 */
export const payrollIdOf = (tenantId: string, employeeId: string, month: string): string => {
  const h = createHash('sha256')
    .update(['payroll', tenantId, employeeId, month].join('\u0000'))
    .digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

export class RecordPayroll {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly body: unknown,
  ) {}
}
export class ChangePayroll {
  constructor(
    readonly ctx: CommandContext,
    readonly payrollId: string,
    readonly body: unknown,
  ) {}
}
export class PayPayroll {
  constructor(
    readonly ctx: CommandContext,
    readonly payrollId: string,
    readonly body: unknown,
  ) {}
}

const payrollStream = (ctx: CommandContext, id: string) => streamName(PAYROLL_CATEGORY, ctx.tenantId, id);

type Lines = Array<{ label: string; amount: string }>;
const termsOf = (
  input: { salary: string; commission?: string; additions: Lines; deductions: Lines; notes: string },
  countryId: number,
): PayrollTerms => {
  const lines = (l: Lines) => l.map((x) => ({ label: x.label.trim(), amount: toMinor(x.amount, countryId) }));
  return {
    salary: toMinor(input.salary, countryId),
    commission: input.commission ? toMinor(input.commission, countryId) : 0,
    additions: lines(input.additions),
    deductions: lines(input.deductions),
    notes: input.notes.trim(),
  };
};

const run = (aggregates: Aggregates, ctx: CommandContext, id: string, command: PayrollCommand) =>
  aggregates.handle<PayrollState, PayrollEvent>(payrollStream(ctx, id), ctx, {
    initial: initialPayroll,
    evolve: evolvePayroll,
    decide: (s) => decidePayroll(command, s),
  });

/**
 * A month's run for an employee of the salon (not a month still to come), once per employee and month;
 * its commission, when not typed, is the one the product computed from her sales of the month.
 */
@CommandHandler(RecordPayroll)
export class RecordPayrollHandler implements ICommandHandler<RecordPayroll> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, auth, body }: RecordPayroll): Promise<Answer> {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const input = parseInput(payrollInput({ countryId: tenant.countryId }), body);
    if (input.month > tenant.today.slice(0, 7))
      throw new DomainError('validation.date_in_future', 422, { month: 'validation.date_in_future' });
    const employee = isUuid(input.employee_id)
      ? await new BookingContext(this.aggregates, ctx).employee(input.employee_id)
      : undefined;
    if (!employee?.added)
      throw new DomainError('accounting.employee_not_found', 422, {
        employee_id: 'accounting.employee_not_found',
      });
    const payrollId = payrollIdOf(ctx.tenantId, input.employee_id, input.month);
    const terms = termsOf(input, tenant.countryId);
    // no commission typed: the month's commission the product computed from her sales (net of credit
    // notes), as the commissions report and the payroll's suggestion show it
    if (input.commission === undefined) {
      const computed = await employeeCommission(this.models, ctx.tenantId, input.employee_id, {
        from: firstDayOfMonth(input.month),
        to: lastDayOfMonth(input.month),
      });
      terms.commission = Math.max(0, computed.net_commission);
    }
    // a month the books are closed for is not recorded (its date is the month's last day)
    const lastDay = lastDayOfMonth(input.month);
    await assertBooksOpen(this.aggregates, ctx, lastDay < tenant.today ? lastDay : tenant.today, 'month');
    const outcome = await run(this.aggregates, ctx, payrollId, {
      type: 'Record',
      data: {
        payroll_id: payrollId,
        employee_id: input.employee_id,
        employee_name_en: employee.details.name_en,
        employee_name_ar: employee.details.name_ar,
        month: input.month,
        // the month's last day; a month still running is posted today (the books hold nothing ahead)
        date: lastDayOfMonth(input.month) < tenant.today ? lastDayOfMonth(input.month) : tenant.today,
        recorded_by: auth.userId,
        terms,
      },
    });
    return new Answer({ id: payrollId, ...outcome.events[0].data }, outcome.position, 201);
  }
}

/** Its figures changed while something is still owed. */
@CommandHandler(ChangePayroll)
export class ChangePayrollHandler implements ICommandHandler<ChangePayroll> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, payrollId, body }: ChangePayroll): Promise<Answer> {
    if (!isUuid(payrollId)) throw notFound('accounting.payroll_not_found');
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const input = parseInput(payrollChangeInput({ countryId: tenant.countryId }), body);
    const currency = currencyOfCountry(tenant.countryId);
    const outcome = await run(this.aggregates, ctx, payrollId, {
      type: 'Change',
      payrollId,
      terms: termsOf(input, tenant.countryId),
      paidText: (minor) => formatMoney({ amount: minor, currency }, { locale: 'en' }),
    });
    return new Answer({ id: payrollId, ...outcome.events[0].data }, outcome.position, 200);
  }
}

/** Paid to the employee, whole or in parts, never more than is owed. */
@CommandHandler(PayPayroll)
export class PayPayrollHandler implements ICommandHandler<PayPayroll> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, payrollId, body }: PayPayroll): Promise<Answer> {
    if (!isUuid(payrollId)) throw notFound('accounting.payroll_not_found');
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const input = parseInput(payPayrollInput({ countryId: tenant.countryId }), body);
    await assertBooksOpen(this.aggregates, ctx, input.date ?? tenant.today);
    const currency = currencyOfCountry(tenant.countryId);
    const payment = paymentOut(ctx, 'payroll-payment', input.payment, tenant.countryId);
    const outcome = await run(this.aggregates, ctx, payrollId, {
      type: 'Pay',
      payrollId,
      payment,
      date: input.date ?? tenant.today,
      owedText: (minor) => formatMoney({ amount: minor, currency }, { locale: 'en' }),
    });
    return new Answer({ id: payrollId, ...outcome.events[0].data }, outcome.position, 201);
  }
}

/** The payroll (issue 25): recorded, changed while owed, and paid (65). */
@Controller('api/merchant/accounting')
@Realm('merchant')
export class PayrollController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('payrolls')
  @RequirePermission(Page.advancedAccounting, Permission.managePayroll)
  record(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new RecordPayroll(commandContext(auth, req), auth, body));
  }

  @Put('payrolls/:id')
  @RequirePermission(Page.advancedAccounting, Permission.managePayroll)
  change(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new ChangePayroll(commandContext(auth, req), id, body));
  }

  @Post('payrolls/:id/payments')
  @RequirePermission(Page.advancedAccounting, Permission.managePayroll)
  pay(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new PayPayroll(commandContext(auth, req), id, body));
  }
}
