import { Body, Controller, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  currencyOfCountry,
  DomainError,
  formatMoney,
  isUuid,
  notFound,
  Page,
  payExpenseInput,
  percentToBasisPoints,
  Permission,
  priceBasket,
  PURCHASE_CATEGORY,
  purchaseHeaderInput,
  purchaseInput,
  streamName,
  SUPPLIER_CATEGORY,
  toMinor,
  type ProductEvent,
  type PurchaseEvent,
  type PurchaseHeader,
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
import { BookingContext } from '../scheduling/booking-context';
import { decideProduct, evolveProduct, initialProductState, type ProductState } from '../products/product';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { commandContext } from '../shared/http-context';
import { Aggregates, idFor } from '../shared/repository';
import { Sequences } from '../shared/sequences';
import { tenantInfo } from '../shared/tenant';
import { evolveSupplier, initialSupplier, type SupplierState } from './expenses';
import { paymentOut } from './money-out';
import { assertBooksOpen } from './period.commands';
import {
  decideChangePurchase,
  decidePayPurchase,
  decideRecordPurchase,
  evolvePurchase,
  initialPurchase,
  type PurchaseState,
} from './purchases';

type Request = { headers: Record<string, string | string[] | undefined> };

export class RecordPurchase {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly body: unknown,
  ) {}
}
export class PayPurchase {
  constructor(
    readonly ctx: CommandContext,
    readonly purchaseId: string,
    readonly body: unknown,
  ) {}
}
export class ChangePurchase {
  constructor(
    readonly ctx: CommandContext,
    readonly purchaseId: string,
    readonly body: unknown,
  ) {}
}

export const purchaseStream = (ctx: CommandContext, id: string) =>
  streamName(PURCHASE_CATEGORY, ctx.tenantId, id);

const refused = (field: string, key: string) => new DomainError(key, 422, { [field]: key });

/** What a purchase owes, said in the salon's currency (in a refusal's message). */
export const owedText = (countryId: number) => {
  const currency = currencyOfCountry(countryId);
  return (minor: number) => formatMoney({ amount: minor, currency }, { locale: 'en' });
};

/**
 * A purchase: from an active supplier on file, of the salon's active products, each priced at its unit
 * cost before VAT (input VAT where the supplier has a VAT number and the salon is registered for it);
 * numbered once accepted, and its products received into stock at their cost, all in one unit.
 */
@CommandHandler(RecordPurchase)
export class RecordPurchaseHandler implements ICommandHandler<RecordPurchase> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(Sequences) private readonly sequences: Sequences,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, auth, body }: RecordPurchase): Promise<Answer> {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const input = parseInput(purchaseInput({ countryId: tenant.countryId }), body);
    await assertBooksOpen(this.aggregates, ctx, input.date);
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
    if (!supplier.exists) throw refused('supplier_id', 'accounting.supplier_not_found');
    if (!supplier.active) throw refused('supplier_id', 'accounting.supplier_disabled');
    const products: Array<ProductState & { defined: true }> = [];
    for (const [i, item] of input.items.entries()) {
      const { state } = isUuid(item.product_id)
        ? await this.aggregates.load<ProductState, ProductEvent>(
            ctx,
            streamName('product', ctx.tenantId, item.product_id),
            initialProductState,
            evolveProduct,
          )
        : { state: initialProductState };
      if (!state.defined) throw refused(`items.${i}.product_id`, 'accounting.product_not_found');
      if (!state.active) throw refused(`items.${i}.product_id`, 'accounting.product_disabled');
      products.push(state);
    }
    const settings = await new BookingContext(this.aggregates, ctx).settings();
    const charged = Boolean(supplier.vat_number) && settings.vat.vat_enabled;
    const costs = input.items.map((i) => toMinor(i.unit_cost, tenant.countryId));
    const priced = priceBasket(
      input.items.map((i, n) => ({
        unitPrice: costs[n],
        quantity: Number(i.quantity),
        vatType: i.vat_type as VatType,
      })),
      {
        vatEnabled: charged,
        vatRateBp: charged ? percentToBasisPoints(settings.vat.vat_percentage) : 0,
      },
    );
    const purchaseId = idFor(ctx, 'purchase');
    const command = {
      type: 'Record' as const,
      paidInFull: input.paid,
      formatMoney: owedText(tenant.countryId),
      data: {
        purchase_id: purchaseId,
        number: 0,
        supplier_id: input.supplier_id,
        supplier_name: supplier.name,
        supplier_invoice_number: input.supplier_invoice_number?.trim() ?? '',
        supplier_invoice_date: input.supplier_invoice_date ?? null,
        date: input.date,
        due_date: input.due_date ?? null,
        items: priced.lines.map((l, i) => ({
          product_id: input.items[i].product_id,
          name_en: products[i].details.name_en,
          name_ar: products[i].details.name_ar,
          quantity: Number(input.items[i].quantity),
          unit_cost: costs[i],
          net: l.net,
          vat_category: l.category,
          vat_rate_bp: l.rateBp,
          vat: l.vat,
          total: l.total,
        })),
        payments: input.payments.map((p, i) => paymentOut(ctx, 'purchase-payment', p, tenant.countryId, i)),
        notes: input.notes.trim(),
        recorded_by: auth.userId,
      },
    };
    // refused before a number is taken: the numbers stay gap-free
    decideRecordPurchase(command, initialPurchase);
    const number = await this.sequences.next(ctx, 'purchase');
    const outcome = await this.aggregates.handle<PurchaseState, PurchaseEvent>(
      purchaseStream(ctx, purchaseId),
      ctx,
      {
        initial: initialPurchase,
        evolve: evolvePurchase,
        decide: (s) => decideRecordPurchase({ ...command, data: { ...command.data, number } }, s),
      },
    );
    // what came in goes on the shelf at its cost before VAT: each product's average cost moves
    for (const item of command.data.items)
      await this.aggregates.handle<ProductState, ProductEvent>(
        streamName('product', ctx.tenantId, item.product_id),
        ctx,
        {
          initial: initialProductState,
          evolve: evolveProduct,
          decide: (s) =>
            decideProduct(
              {
                type: 'ReceiveStock',
                quantity: item.quantity,
                unitCost: item.unit_cost,
                purchaseId,
                date: input.date,
              },
              s,
            ),
        },
      );
    return new Answer({ id: purchaseId, ...outcome.events[0].data }, outcome.position, 201);
  }
}

@CommandHandler(PayPurchase)
export class PayPurchaseHandler implements ICommandHandler<PayPurchase> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, purchaseId, body }: PayPurchase): Promise<Answer> {
    if (!isUuid(purchaseId)) throw notFound('accounting.purchase_not_found');
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const input = parseInput(payExpenseInput({ countryId: tenant.countryId }), body);
    const date = input.date ?? tenant.today;
    await assertBooksOpen(this.aggregates, ctx, date);
    const payment = paymentOut(ctx, 'purchase-payment', input.payment, tenant.countryId);
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
    return new Answer({ id: purchaseId, ...outcome.events[0].data }, outcome.position, 201);
  }
}

@CommandHandler(ChangePurchase)
export class ChangePurchaseHandler implements ICommandHandler<ChangePurchase> {
  constructor(@Inject(Aggregates) private readonly aggregates: Aggregates) {}

  async execute({ ctx, purchaseId, body }: ChangePurchase): Promise<Answer> {
    if (!isUuid(purchaseId)) throw notFound('accounting.purchase_not_found');
    const input = parseInput(purchaseHeaderInput, body);
    const header: PurchaseHeader = {
      supplier_invoice_number: input.supplier_invoice_number?.trim() ?? '',
      supplier_invoice_date: input.supplier_invoice_date ?? null,
      due_date: input.due_date ?? null,
      notes: input.notes.trim(),
    };
    const outcome = await this.aggregates.handle<PurchaseState, PurchaseEvent>(
      purchaseStream(ctx, purchaseId),
      ctx,
      {
        initial: initialPurchase,
        evolve: evolvePurchase,
        decide: (s) => decideChangePurchase({ purchaseId, header }, s),
      },
    );
    const { exists: _exists, ...state } = outcome.state as PurchaseState & { exists: true };
    return new Answer({ id: purchaseId, ...state }, outcome.position);
  }
}

/** Purchases (issue 25): recorded, their supplier's invoice details corrected, paid (64). */
@Controller('api/merchant')
@Realm('merchant')
export class PurchasesController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('purchases')
  @RequirePermission(Page.advancedAccounting, Permission.manageExpenses)
  record(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new RecordPurchase(commandContext(auth, req), auth, body));
  }

  @Put('purchases/:id')
  @RequirePermission(Page.advancedAccounting, Permission.manageExpenses)
  change(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new ChangePurchase(commandContext(auth, req), id, body));
  }

  @Post('purchases/:id/payments')
  @RequirePermission(Page.advancedAccounting, Permission.manageExpenses)
  pay(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new PayPurchase(commandContext(auth, req), id, body));
  }
}
