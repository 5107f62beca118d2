import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import {
  APPOINTMENT_CATEGORY,
  conflict,
  CUSTOMER_CATEGORY,
  currencyOfCountry,
  formatMoney,
  INVOICE_CATEGORY,
  issueInvoiceInput,
  percentToBasisPoints,
  ProductUsageType,
  streamName,
  toMinor,
  VatType,
  type CustomerEvent,
  type ErrorDetail,
  type InvoiceEvent,
  type InvoiceIssued,
  type IssueInvoiceInput,
  type ProductEvent,
} from '@rawnaq/contracts';
import {
  hasRight,
  parseInput,
  TOKENS,
  userScope,
  type AuthContext,
  type ReadModels,
  type UserScope,
} from '@rawnaq/platform';
import { evolveCustomer, initialCustomerState, type CustomerState } from '../customers/customer';
import { decideProduct, evolveProduct, initialProductState, type ProductState } from '../products/product';
import { BookingContext } from '../scheduling/booking-context';
import { decideVisit, evolveVisit, initialVisitState, type VisitState } from '../scheduling/visit';
import { Answer } from '../shared/answer';
import { issueHeldInvoice } from './held-invoices.commands';
import type { CommandContext } from '../shared/command-context';
import { Aggregates, idFor } from '../shared/repository';
import { Sequences } from '../shared/sequences';
import { tenantInfo, type TenantInfo } from '../shared/tenant';
import {
  decideInvoice,
  evolveInvoice,
  initialInvoiceState,
  type InvoiceState,
  type SaleLine,
  refusal,
} from './invoice';

export class IssueInvoice {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly body: unknown,
  ) {}
}

const SAUDI_ARABIA = 1;

/**
 * The till (issue 11): one command issues the invoice and does everything it settles, in one atomic
 * append — the invoice with its gap-free number, the products out of stock (operation 5), and the
 * checked-in visit paid (achieved). A refused invoice stores nothing and takes no number.
 */
@CommandHandler(IssueInvoice)
export class IssueInvoiceHandler implements ICommandHandler<IssueInvoice> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(Sequences) private readonly sequences: Sequences,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, auth, body }: IssueInvoice): Promise<Answer> {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const scope = await userScope(this.models, auth);
    const input = parseInput(issueInvoiceInput({ countryId: tenant.countryId }), body);
    const booking = new BookingContext(this.aggregates, ctx);
    const settings = await booking.settings();
    const currency = currencyOfCountry(tenant.countryId);
    const problems: ErrorDetail[] = [];

    // the visit it settles, and whose it is
    let visit: Extract<VisitState, { exists: true }> | undefined;
    if (input.appointment_id) {
      const { state } = await this.aggregates.load(
        streamName(APPOINTMENT_CATEGORY, ctx.tenantId, input.appointment_id),
        initialVisitState,
        evolveVisit,
      );
      if (!state.exists) problems.push({ field: 'appointment_id', key: 'not_found.appointment' });
      else if (state.invoiceId) throw conflict('sales.appointment_already_paid', 'appointment_id');
      else if (state.status !== 2)
        problems.push({ field: 'appointment_id', key: 'sales.appointment_not_checked_in' });
      else visit = state;
    }
    const customerId = input.customer_id ?? visit?.customerId;
    let customer: { id: string; name: string } | null = null;
    if (customerId) {
      const { state } = await this.aggregates.load<CustomerState, CustomerEvent>(
        streamName(CUSTOMER_CATEGORY, ctx.tenantId, customerId),
        initialCustomerState,
        evolveCustomer,
      );
      if (!state.registered) problems.push({ field: 'customer_id', key: 'not_found.customer' });
      else customer = { id: customerId, name: state.details.name };
      if (visit && visit.customerId !== customerId)
        problems.push({ field: 'appointment_id', key: 'not_found.appointment' });
    }

    const lines = await this.linesOf(ctx, tenant, scope, settings.invoice, input.lines, booking, problems);
    if (problems.length) throw refusal(problems);

    const invoiceId = idFor(ctx, 'invoice');
    const number = await this.sequences.next(ctx, 'invoice');
    if (input.held_invoice_id)
      await issueHeldInvoice(this.aggregates, ctx, {
        heldInvoiceId: input.held_invoice_id,
        invoiceId,
        invoiceNumber: number,
        by: auth.userId,
      });
    const general = settings.general as { name_en?: string; name_ar?: string; vat_number?: string };
    const money = (minor: number) => formatMoney({ amount: minor, currency }, { locale: 'en' });
    const outcome = await this.aggregates.handle<InvoiceState, InvoiceEvent>(
      streamName(INVOICE_CATEGORY, ctx.tenantId, invoiceId),
      ctx,
      {
        initial: initialInvoiceState,
        evolve: evolveInvoice,
        decide: (s) =>
          decideInvoice(
            {
              type: 'IssueInvoice',
              invoiceId,
              number,
              uniqueId: createHash('sha256')
                .update(idFor(ctx, 'invoice-link'))
                .digest('base64url')
                .slice(0, 22),
              issuedAt: ctx.now.toISOString(),
              businessDate: tenant.today,
              currency,
              seller: {
                name_en: general.name_en ?? '',
                name_ar: general.name_ar ?? '',
                vat_number: general.vat_number ?? null,
              },
              customer,
              appointmentId: visit?.appointmentId ?? null,
              cashierId: auth.userId,
              lines,
              invoiceDiscount: input.discount !== undefined ? toMinor(input.discount, tenant.countryId) : 0,
              payments: input.payments.map((p) => ({
                method: p.method,
                amount: toMinor(p.amount, tenant.countryId),
                ...(p.authorization_code && { authorization_code: p.authorization_code }),
              })),
              paymentIds: input.payments.map((_, i) => idFor(ctx, 'payment', i)),
              vat: {
                enabled: settings.vat.vat_enabled,
                rateBp: settings.vat.vat_enabled ? percentToBasisPoints(settings.vat.vat_percentage) : 0,
              },
              mayOwe: hasRight(scope, 'debit_in_invoice') && settings.invoice.allow_debt === true,
              // the wallet comes with its own slice of the till: until then no customer has a balance
              walletBalance: 0,
              einvoicing: tenant.countryId === SAUDI_ARABIA ? 'not_reported' : 'not_applicable',
              notes: input.notes,
              formatMoney: money,
            },
            s,
          ),
      },
    );

    // what the invoice settles: the products it sold, the visit it paid
    const sold = new Map<string, number>();
    for (const l of lines)
      if (l.kind === 'product') sold.set(l.itemId, (sold.get(l.itemId) ?? 0) + l.quantity);
    const belowZero = this.maySellWithoutStock(scope, settings.invoice);
    for (const [productId, quantity] of sold)
      await this.aggregates.handle<ProductState, ProductEvent>(
        streamName('product', ctx.tenantId, productId),
        ctx,
        {
          initial: initialProductState,
          evolve: evolveProduct,
          decide: (s) =>
            decideProduct({ type: 'SellStock', quantity, invoiceId, allowBelowZero: belowZero }, s),
        },
      );
    if (visit)
      await this.aggregates.handle(streamName(APPOINTMENT_CATEGORY, ctx.tenantId, visit.appointmentId), ctx, {
        initial: initialVisitState,
        evolve: evolveVisit,
        decide: (s) =>
          decideVisit({ type: 'MarkPaid', invoiceId, invoiceNumber: number }, s, {
            now: ctx.now.getTime(),
            today: tenant.today as never,
            mayChangePast: true,
          }),
      });

    const issued = (outcome.events[0] as InvoiceIssued).data;
    return new Answer(
      {
        id: issued.invoice_id,
        number: issued.number,
        unique_id: issued.unique_id,
        customer_id: issued.customer_id,
        appointment_id: issued.appointment_id,
        lines: issued.lines,
        subtotals: issued.subtotals,
        gross: issued.gross,
        discount: issued.discount,
        net: issued.net,
        vat: issued.vat,
        total: issued.total,
        payments: issued.payments,
        paid: issued.paid,
        owed: issued.owed,
        einvoicing: issued.einvoicing,
      },
      outcome.position,
      201,
    );
  }

  private maySellWithoutStock(scope: UserScope, invoice: Record<string, unknown>) {
    return hasRight(scope, 'sell_without_stock') && invoice.allow_selling_without_stock === true;
  }

  /**
   * The lines as sold: each service from the menu (its offer price, or its price), each product from
   * the shelf (its price, its VAT type, enough in stock unless selling without stock is allowed); a
   * price other than the list's needs the right and the setting, a quantity above one the right.
   */
  private async linesOf(
    ctx: CommandContext,
    tenant: TenantInfo,
    scope: UserScope,
    invoiceSettings: Record<string, unknown>,
    wanted: IssueInvoiceInput['lines'],
    booking: BookingContext,
    problems: ErrorDetail[],
  ): Promise<SaleLine[]> {
    const menu = await booking.menu();
    const mayChangePrice =
      hasRight(scope, 'change_invoice_price') && invoiceSettings.allow_price_change === true;
    const stock = new Map<string, { state: ProductState; wanted: number; first: number }>();
    const lines: SaleLine[] = [];
    for (const [i, w] of wanted.entries()) {
      const quantity = w.quantity ? Number(w.quantity) : 1;
      if (quantity !== 1 && !hasRight(scope, 'change_quantity'))
        problems.push({ field: `lines.${i}.quantity`, key: 'sales.quantity_change_needs_right' });
      if (w.employee_id) {
        const employee = await booking.employee(w.employee_id);
        if (!employee.added) problems.push({ field: `lines.${i}.employee_id`, key: 'not_found.employee' });
      }
      let item: { nameEn: string; nameAr: string; price: number; vatType: VatType } | undefined;
      if (w.kind === 'service') {
        const service = menu.services.get(w.item_id);
        if (!service || !service.active)
          problems.push({ field: `lines.${i}.item_id`, key: 'not_found.service' });
        else
          item = {
            nameEn: service.name_en,
            nameAr: service.name_ar,
            price: service.offer_price ?? service.price,
            vatType: VatType.standard,
          };
      } else {
        let entry = stock.get(w.item_id);
        if (!entry) {
          const { state } = await this.aggregates.load<ProductState, ProductEvent>(
            streamName('product', ctx.tenantId, w.item_id),
            initialProductState,
            evolveProduct,
          );
          entry = { state, wanted: 0, first: i };
          stock.set(w.item_id, entry);
        }
        const product = entry.state;
        if (!product.defined || !product.active)
          problems.push({ field: `lines.${i}.item_id`, key: 'not_found.product' });
        else if (product.details.usage_type === ProductUsageType.internal_only)
          problems.push({ field: `lines.${i}.item_id`, key: 'sales.product_not_for_sale' });
        else {
          entry.wanted += quantity;
          item = {
            nameEn: product.details.name_en,
            nameAr: product.details.name_ar,
            price: product.details.price,
            vatType: product.details.vat_type as VatType,
          };
        }
      }
      if (!item) continue;
      const price = w.price !== undefined ? toMinor(w.price, tenant.countryId) : item.price;
      if (price !== item.price && !mayChangePrice)
        problems.push({ field: `lines.${i}.price`, key: 'sales.price_change_needs_right' });
      lines.push({
        lineId: idFor(ctx, 'invoice-line', i),
        kind: w.kind,
        itemId: w.item_id,
        nameEn: item.nameEn,
        nameAr: item.nameAr,
        employeeId: w.employee_id ?? null,
        quantity,
        unitPrice: price,
        discount: w.discount !== undefined ? toMinor(w.discount, tenant.countryId) : 0,
        vatType: item.vatType,
      });
    }
    if (!this.maySellWithoutStock(scope, invoiceSettings))
      for (const { state, wanted: quantity, first } of stock.values())
        if (state.defined && quantity > state.quantity)
          problems.push({
            field: `lines.${first}.quantity`,
            key: 'sales.not_enough_stock',
            params: {
              product_en: state.details.name_en,
              product_ar: state.details.name_ar,
              quantity: state.quantity,
            },
          });
    return lines;
  }
}
