import { Body, Controller, HttpCode, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  AccountMainType,
  currencyOfCountry,
  DomainError,
  EXPENSE_CATEGORY,
  EXPENSE_TYPES_CATEGORY,
  expenseInput,
  expenseTypeInput,
  formatMoney,
  isUuid,
  notFound,
  Page,
  payBillsInput,
  payExpenseInput,
  percentToBasisPoints,
  Permission,
  priceBasket,
  rejected,
  streamName,
  SUPPLIER_CATEGORY,
  supplierInput,
  toMinor,
  type ExpenseAttachment,
  type ExpenseEvent,
  type ExpensePaid,
  type ExpenseTypeEvent,
  type FileUploaded,
  type PurchaseEvent,
  type PurchasePaid,
  type SupplierDetails,
  type SupplierEvent,
  type VatType,
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
import { assertPostingAccounts, salonChart } from './chart.commands';
import { assertBooksOpen } from './period.commands';
import { paymentOut } from './money-out';
import { owedText, purchaseStream } from './purchases.commands';
import { decidePayPurchase, evolvePurchase, initialPurchase, type PurchaseState } from './purchases';
import { BookingContext } from '../scheduling/booking-context';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { commandContext } from '../shared/http-context';
import { Aggregates, idFor } from '../shared/repository';
import { Sequences } from '../shared/sequences';
import { tenantInfo } from '../shared/tenant';
import { UniqueValues } from '../shared/unique-values';
import {
  decideExpenseTypes,
  decidePayExpense,
  decideRecordExpense,
  decideSupplier,
  evolveExpense,
  evolveExpenseTypes,
  evolveSupplier,
  initialExpense,
  initialExpenseTypes,
  initialSupplier,
  type ExpenseState,
  type ExpenseTypesState,
  type SupplierCommand,
  type SupplierState,
} from './expenses';

type Request = { headers: Record<string, string | string[] | undefined> };

export type SupplierRequest =
  | { kind: 'add'; body: unknown }
  | { kind: 'change'; id: string; body: unknown }
  | { kind: 'disable' | 'activate'; id: string };

export class ChangeSuppliers {
  constructor(
    readonly ctx: CommandContext,
    readonly request: SupplierRequest,
  ) {}
}
export class ChangeExpenseTypes {
  constructor(
    readonly ctx: CommandContext,
    readonly request: { kind: 'add'; body: unknown } | { kind: 'change'; id: string; body: unknown },
  ) {}
}
export class RecordExpense {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly body: unknown,
  ) {}
}
export class PayExpense {
  constructor(
    readonly ctx: CommandContext,
    readonly expenseId: string,
    readonly body: unknown,
  ) {}
}

export class PayBills {
  constructor(
    readonly ctx: CommandContext,
    readonly body: unknown,
  ) {}
}

const supplierStream = (ctx: CommandContext, id: string) => streamName(SUPPLIER_CATEGORY, ctx.tenantId, id);
const typesStream = (ctx: CommandContext) => streamName(EXPENSE_TYPES_CATEGORY, ctx.tenantId, ctx.tenantId);
const normalName = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/** Suppliers (issue 25): added, changed, disabled and activated; names and VAT numbers unique per salon. */
@CommandHandler(ChangeSuppliers)
export class ChangeSuppliersHandler implements ICommandHandler<ChangeSuppliers> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(UniqueValues) private readonly unique: UniqueValues,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  private async holds(
    ctx: CommandContext,
    owner: string,
    test: (s: SupplierState & { exists: true }) => boolean,
  ) {
    const { state } = await this.aggregates.load<SupplierState, SupplierEvent>(
      ctx,
      supplierStream(ctx, owner),
      initialSupplier,
      evolveSupplier,
    );
    return state.exists && test(state);
  }

  async execute({ ctx, request: r }: ChangeSuppliers): Promise<Answer> {
    let command: SupplierCommand;
    if (r.kind === 'add' || r.kind === 'change') {
      const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
      const input = parseInput(supplierInput({ countryId: tenant.countryId }), r.body);
      const details: SupplierDetails = {
        name: input.name.trim(),
        vat_number: input.vat_number?.trim() || null,
        mobile: input.mobile?.trim() || null,
        email: input.email?.trim() || null,
        opening_balance: input.opening_balance ? toMinor(input.opening_balance, tenant.countryId) : 0,
      };
      const supplierId = r.kind === 'add' ? idFor(ctx, 'supplier') : r.id;
      if (r.kind === 'change' && !isUuid(r.id)) throw notFound('accounting.supplier_not_found');
      command = { type: r.kind === 'add' ? 'Add' : 'Change', supplierId, details, date: tenant.today };
      const before =
        r.kind === 'change'
          ? (
              await this.aggregates.load<SupplierState, SupplierEvent>(
                ctx,
                supplierStream(ctx, supplierId),
                initialSupplier,
                evolveSupplier,
              )
            ).state
          : initialSupplier;
      if (r.kind === 'change' && !before.exists) throw notFound('accounting.supplier_not_found');
      const name = normalName(details.name);
      await this.unique.claim(
        ctx,
        {
          kind: 'supplier-name',
          value: name,
          owner: supplierId,
          field: 'name',
          duplicateKey: 'accounting.duplicate_supplier_name',
        },
        (owner) => this.holds(ctx, owner, (s) => normalName(s.name) === name),
      );
      if (details.vat_number) {
        const vat = details.vat_number;
        await this.unique.claim(
          ctx,
          {
            kind: 'supplier-vat',
            value: vat,
            owner: supplierId,
            field: 'vat_number',
            duplicateKey: 'accounting.duplicate_supplier_vat_number',
          },
          (owner) => this.holds(ctx, owner, (s) => s.vat_number === vat),
        );
      }
      if (before.exists && normalName(before.name) !== name)
        await this.unique.release(ctx, 'supplier-name', normalName(before.name), supplierId);
      if (before.exists && before.vat_number && before.vat_number !== details.vat_number)
        await this.unique.release(ctx, 'supplier-vat', before.vat_number, supplierId);
    } else {
      if (!isUuid(r.id)) throw notFound('accounting.supplier_not_found');
      command = { type: r.kind === 'disable' ? 'Disable' : 'Activate', supplierId: r.id };
    }
    const outcome = await this.aggregates.handle<SupplierState, SupplierEvent>(
      supplierStream(ctx, command.supplierId),
      ctx,
      { initial: initialSupplier, evolve: evolveSupplier, decide: (s) => decideSupplier(command, s) },
    );
    const state = outcome.state as SupplierState & { exists: true };
    const { exists: _exists, ...supplier } = state;
    return new Answer(
      { id: command.supplierId, ...supplier },
      outcome.position,
      command.type === 'Add' ? 201 : 200,
    );
  }
}

@CommandHandler(ChangeExpenseTypes)
export class ChangeExpenseTypesHandler implements ICommandHandler<ChangeExpenseTypes> {
  constructor(@Inject(Aggregates) private readonly aggregates: Aggregates) {}

  async execute({ ctx, request: r }: ChangeExpenseTypes): Promise<Answer> {
    const parsed = parseInput(expenseTypeInput, r.body);
    const chart = await salonChart(this.aggregates, ctx);
    assertPostingAccounts(chart, [['account', parsed.account]]);
    const mainType = chart.get(parsed.account)!.main_type;
    if (mainType !== AccountMainType.costs_of_goods_sold && mainType !== AccountMainType.expenses)
      throw rejected('accounting.not_an_expense_account', 'account');
    const value = { name_en: parsed.name_en.trim(), name_ar: parsed.name_ar.trim(), account: parsed.account };
    const id = r.kind === 'add' ? idFor(ctx, 'expense-type') : r.id;
    const outcome = await this.aggregates.handle<ExpenseTypesState, ExpenseTypeEvent>(typesStream(ctx), ctx, {
      initial: initialExpenseTypes(),
      evolve: evolveExpenseTypes,
      decide: (s) => decideExpenseTypes({ type: r.kind === 'add' ? 'Add' : 'Change', id, value }, s),
    });
    return new Answer({ id, ...value }, outcome.position, r.kind === 'add' ? 201 : 200);
  }
}

/**
 * An expense: from a supplier on file (active) or a vendor named, of one of the salon's types, its
 * items priced at the salon's VAT when the supplier charges VAT (it has a VAT number) and the salon is
 * registered for VAT, paid now by method or owed; numbered once it is accepted.
 */
@CommandHandler(RecordExpense)
export class RecordExpenseHandler implements ICommandHandler<RecordExpense> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(Sequences) private readonly sequences: Sequences,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, auth, body }: RecordExpense): Promise<Answer> {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const input = parseInput(expenseInput({ countryId: tenant.countryId }), body);
    await assertBooksOpen(this.aggregates, ctx, input.date);
    let supplier: (SupplierState & { exists: true }) | null = null;
    if (input.supplier_id) {
      const loaded = isUuid(input.supplier_id)
        ? (
            await this.aggregates.load<SupplierState, SupplierEvent>(
              ctx,
              supplierStream(ctx, input.supplier_id),
              initialSupplier,
              evolveSupplier,
            )
          ).state
        : initialSupplier;
      if (!loaded.exists)
        throw new DomainError('accounting.supplier_not_found', 422, {
          supplier_id: 'accounting.supplier_not_found',
        });
      if (!loaded.active)
        throw new DomainError('accounting.supplier_disabled', 422, {
          supplier_id: 'accounting.supplier_disabled',
        });
      supplier = loaded;
    } else if (!input.vendor_name?.trim())
      throw new DomainError('accounting.supplier_or_vendor_required', 422, {
        vendor_name: 'accounting.supplier_or_vendor_required',
      });
    const types = (
      await this.aggregates.load<ExpenseTypesState, ExpenseTypeEvent>(
        ctx,
        typesStream(ctx),
        initialExpenseTypes(),
        evolveExpenseTypes,
      )
    ).state;
    const type = types.get(input.expense_type_id);
    if (!type)
      throw new DomainError('accounting.expense_type_not_found', 422, {
        expense_type_id: 'accounting.expense_type_not_found',
      });
    const attachments = await this.attachments(ctx, input.attachments);
    const settings = await new BookingContext(this.aggregates, ctx).settings();
    // input VAT: charged by a supplier with a VAT number, to a salon registered for VAT
    const charged = Boolean(supplier?.vat_number) && settings.vat.vat_enabled;
    const priced = priceBasket(
      input.items.map((i) => ({
        unitPrice: toMinor(i.amount, tenant.countryId),
        quantity: 1,
        vatType: i.vat_type as VatType,
      })),
      {
        vatEnabled: charged,
        vatRateBp: charged ? percentToBasisPoints(settings.vat.vat_percentage) : 0,
      },
    );
    const expenseId = idFor(ctx, 'expense');
    const command = {
      type: 'Record' as const,
      data: {
        expense_id: expenseId,
        number: 0,
        supplier_id: input.supplier_id ?? null,
        vendor_name: supplier ? supplier.name : input.vendor_name!.trim(),
        supplier_invoice_number: input.supplier_invoice_number?.trim() ?? '',
        supplier_invoice_date: input.supplier_invoice_date ?? null,
        expense_type_id: input.expense_type_id,
        account: type.account,
        date: input.date,
        due_date: input.due_date ?? null,
        items: priced.lines.map((l, i) => ({
          description: input.items[i].description.trim(),
          net: l.net,
          vat_category: l.category,
          vat_rate_bp: l.rateBp,
          vat: l.vat,
          total: l.total,
        })),
        payments: input.payments.map((p, i) => paymentOut(ctx, 'expense-payment', p, tenant.countryId, i)),
        notes: input.notes.trim(),
        recorded_by: auth.userId,
        ...(attachments.length > 0 && { attachments }),
      },
    };
    // refused before a number is taken: the numbers stay gap-free
    decideRecordExpense(command, initialExpense);
    const number = await this.sequences.next(ctx, 'expense');
    const outcome = await this.aggregates.handle<ExpenseState, ExpenseEvent>(
      streamName(EXPENSE_CATEGORY, ctx.tenantId, expenseId),
      ctx,
      {
        initial: initialExpense,
        evolve: evolveExpense,
        decide: (s) => decideRecordExpense({ ...command, data: { ...command.data, number } }, s),
      },
    );
    return new Answer({ id: expenseId, ...outcome.events[0].data }, outcome.position, 201);
  }

  /**
   * Each attached file was uploaded to this salon (its stream carries the tenant: another salon's file
   * is not found) as an attachment, an image or a PDF; named as it was uploaded. The same file twice counts once.
   */
  private async attachments(ctx: CommandContext, ids: readonly string[]): Promise<ExpenseAttachment[]> {
    const out: ExpenseAttachment[] = [];
    for (const fileId of new Set(ids)) {
      const { events } = isUuid(fileId)
        ? await this.aggregates.load<null, { type: string; data: Record<string, unknown> }>(
            ctx,
            streamName('file', ctx.tenantId, fileId),
            null,
            (s) => s,
          )
        : { events: [] };
      const uploaded = events.find((e) => e.type === 'FileUploaded')?.data as
        FileUploaded['data'] | undefined;
      if (!uploaded)
        throw new DomainError('accounting.attachment_not_found', 422, {
          attachments: 'accounting.attachment_not_found',
        });
      // the supplier's invoice is a picture or a PDF (an attachment may also be a video, elsewhere)
      if (
        uploaded.purpose !== 'attachment' ||
        !(uploaded.content_type.startsWith('image/') || uploaded.content_type === 'application/pdf')
      )
        throw new DomainError('accounting.attachment_not_a_document', 422, {
          attachments: 'accounting.attachment_not_a_document',
        });
      out.push({
        file_id: fileId,
        name: uploaded.name,
        content_type: uploaded.content_type,
        size: uploaded.size,
      });
    }
    return out;
  }
}

@CommandHandler(PayExpense)
export class PayExpenseHandler implements ICommandHandler<PayExpense> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, expenseId, body }: PayExpense): Promise<Answer> {
    if (!isUuid(expenseId)) throw notFound('accounting.expense_not_found');
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const input = parseInput(payExpenseInput({ countryId: tenant.countryId }), body);
    await assertBooksOpen(this.aggregates, ctx, input.date ?? tenant.today);
    const currency = currencyOfCountry(tenant.countryId);
    const payment = paymentOut(ctx, 'expense-payment', input.payment, tenant.countryId);
    const outcome = await this.aggregates.handle<ExpenseState, ExpenseEvent>(
      streamName(EXPENSE_CATEGORY, ctx.tenantId, expenseId),
      ctx,
      {
        initial: initialExpense,
        evolve: evolveExpense,
        decide: (s) =>
          decidePayExpense(
            {
              expenseId,
              payment,
              date: input.date ?? tenant.today,
              owedText: (minor) => formatMoney({ amount: minor, currency }, { locale: 'en' }),
            },
            s,
          ),
      },
    );
    return new Answer({ id: expenseId, ...outcome.events[0].data }, outcome.position, 201);
  }
}

/**
 * Paying several bills at once: each bill's payment decided as one alone would be, all stored together
 * or none; a refusal names the bill (`bills.<i>.amount`, `bills.<i>.expense_id`).
 */
@CommandHandler(PayBills)
export class PayBillsHandler implements ICommandHandler<PayBills> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, body }: PayBills): Promise<Answer> {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const input = parseInput(payBillsInput({ countryId: tenant.countryId }), body);
    const date = input.date ?? tenant.today;
    await assertBooksOpen(this.aggregates, ctx, date);
    const currency = currencyOfCountry(tenant.countryId);
    const { result, position } = await this.aggregates.transaction(ctx, async (ctx) => {
      const paid: Array<ExpensePaid['data'] | PurchasePaid['data']> = [];
      for (const [i, bill] of input.bills.entries()) {
        const payment = paymentOut(
          ctx,
          bill.purchase_id ? 'purchase-payment' : 'expense-payment',
          { method: input.method, amount: bill.amount, authorization_code: input.authorization_code },
          tenant.countryId,
          i,
        );
        try {
          if (bill.purchase_id) {
            const purchaseId = bill.purchase_id;
            if (bill.expense_id || !isUuid(purchaseId)) throw notFound('accounting.purchase_not_found');
            const outcome = await this.aggregates.handle<PurchaseState, PurchaseEvent>(
              purchaseStream(ctx, purchaseId),
              ctx,
              {
                initial: initialPurchase,
                evolve: evolvePurchase,
                decide: (s) =>
                  decidePayPurchase({ purchaseId, payment, date, owedText: owedText(tenant.countryId) }, s),
              },
            );
            paid.push(outcome.events[0].data as PurchasePaid['data']);
            continue;
          }
          if (!bill.expense_id || !isUuid(bill.expense_id)) throw notFound('accounting.expense_not_found');
          const expenseId = bill.expense_id;
          const outcome = await this.aggregates.handle<ExpenseState, ExpenseEvent>(
            streamName(EXPENSE_CATEGORY, ctx.tenantId, bill.expense_id),
            ctx,
            {
              initial: initialExpense,
              evolve: evolveExpense,
              decide: (s) =>
                decidePayExpense(
                  {
                    expenseId,
                    payment,
                    date,
                    owedText: (minor) => formatMoney({ amount: minor, currency }, { locale: 'en' }),
                  },
                  s,
                ),
            },
          );
          paid.push(outcome.events[0].data as ExpensePaid['data']);
        } catch (e) {
          throw billRefusal(e, i);
        }
      }
      return paid;
    });
    return new Answer(
      { bills: result, total: result.reduce((s, b) => s + b.payment.amount, 0) },
      position,
      201,
    );
  }
}

/** A bill's refusal, its field moved under the bill it is about (a missing bill: 422 on its id). */
const billRefusal = (e: unknown, i: number): unknown => {
  if (!(e instanceof DomainError)) return e;
  const field =
    e.key === 'accounting.expense_not_found' || e.key === 'accounting.nothing_owed'
      ? `bills.${i}.expense_id`
      : e.key === 'accounting.purchase_not_found' || e.key === 'accounting.purchase_nothing_owed'
        ? `bills.${i}.purchase_id`
        : `bills.${i}.amount`;
  return new DomainError(e.key, e.status === 404 ? 422 : e.status, { [field]: e.key }, e.params);
};

/** Money going out (issue 25): suppliers, expense types, expenses and paying them (64). */
@Controller('api/merchant')
@Realm('merchant')
export class ExpensesController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('suppliers')
  @RequirePermission(Page.advancedAccounting, Permission.manageExpenses)
  addSupplier(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new ChangeSuppliers(commandContext(auth, req), { kind: 'add', body }));
  }

  @Put('suppliers/:id')
  @RequirePermission(Page.advancedAccounting, Permission.manageExpenses)
  changeSupplier(
    @Auth() auth: AuthContext,
    @Req() req: Request,
    @Param('id') id: string,
    @Body() body: unknown,
  ) {
    return this.commands.execute(
      new ChangeSuppliers(commandContext(auth, req), { kind: 'change', id, body }),
    );
  }

  @Post('suppliers/:id/disable')
  @HttpCode(200)
  @RequirePermission(Page.advancedAccounting, Permission.manageExpenses)
  disableSupplier(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.commands.execute(new ChangeSuppliers(commandContext(auth, req), { kind: 'disable', id }));
  }

  @Post('suppliers/:id/activate')
  @HttpCode(200)
  @RequirePermission(Page.advancedAccounting, Permission.manageExpenses)
  activateSupplier(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.commands.execute(new ChangeSuppliers(commandContext(auth, req), { kind: 'activate', id }));
  }

  @Post('expense-types')
  @RequirePermission(Page.advancedAccounting, Permission.manageExpenses)
  addType(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new ChangeExpenseTypes(commandContext(auth, req), { kind: 'add', body }));
  }

  @Put('expense-types/:id')
  @RequirePermission(Page.advancedAccounting, Permission.manageExpenses)
  changeType(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(
      new ChangeExpenseTypes(commandContext(auth, req), { kind: 'change', id, body }),
    );
  }

  @Post('expenses')
  @RequirePermission(Page.advancedAccounting, Permission.manageExpenses)
  record(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new RecordExpense(commandContext(auth, req), auth, body));
  }

  @Post('expenses/payments')
  @RequirePermission(Page.advancedAccounting, Permission.manageExpenses)
  payBills(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new PayBills(commandContext(auth, req), body));
  }

  @Post('expenses/:id/payments')
  @RequirePermission(Page.advancedAccounting, Permission.manageExpenses)
  pay(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new PayExpense(commandContext(auth, req), id, body));
  }
}
