import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { createHash, hash } from 'node:crypto';
import {
  APPOINTMENT_CATEGORY,
  conflict,
  currencyOfCountry,
  formatMoney,
  INVOICE_CATEGORY,
  issueInvoiceInput,
  PaymentMethod,
  percentToBasisPoints,
  GIFT_CARD_CATEGORY,
  giftCardCode,
  giftCardExpiry,
  GiftCardType,
  normalizeGiftCardCode,
  normalizeDiscountCode,
  loyaltyRulesOf,
  pointsFor,
  decimalsOf,
  codeDiscounts,
  codeRefusal,
  ProductUsageType,
  streamName,
  toMinor,
  VatType,
  WALLET_CATEGORY,
  type ErrorDetail,
  type InvoiceEvent,
  type InvoiceIssued,
  type IssueInvoiceInput,
  type ProductEvent,
  type WalletEvent,
  type GiftCardEvent,
  type DiscountCodeEvent,
  type LoyaltyEvent,
  type DepositEvent,
  doesService,
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
import { decideProduct, evolveProduct, initialProductState, type ProductState } from '../products/product';
import { BookingContext } from '../scheduling/booking-context';
import { decideVisit, evolveVisit, initialVisitState, type VisitState } from '../scheduling/visit';
import { Answer } from '../shared/answer';
import { issueHeldInvoice } from './held-invoices.commands';
import type { CommandContext } from '../shared/command-context';
import { Aggregates, idFor } from '../shared/repository';
import { Sequences } from '../shared/sequences';
import { UniqueValues } from '../shared/unique-values';
import {
  decideDiscountCode,
  evolveDiscountCode,
  initialDiscountCodeState,
  type DiscountCodeState,
} from './discount-code';
import { discountCodeStream } from './discount-codes.commands';
import { decideLoyalty, evolveLoyalty, initialLoyaltyState, type LoyaltyState } from './loyalty';
import { loyaltyStream } from './loyalty.commands';
import { currentCustomer } from '../customers/customer.commands';
import {
  activeDeposits,
  decideDeposits,
  evolveDeposits,
  initialDepositsState,
  type DepositsState,
} from './deposit';
import { depositsStream } from './deposits.commands';
import { SAUDI_ARABIA, tenantInfo, type TenantInfo } from '../shared/tenant';
import {
  decideInvoice,
  evolveInvoice,
  initialInvoiceState,
  type InvoiceState,
  type SaleLine,
  refusal,
} from './invoice';
import {
  decideGiftCard,
  evolveGiftCard,
  initialGiftCardState,
  redemptionProblem,
  type GiftCardState,
} from './gift-card';
import { decideWallet, evolveWallet, initialWalletState, type WalletState } from './wallet';
import {
  evolveCustomerOffer,
  purchaseTerms,
  sessionProblem,
  type CustomerOfferState,
} from './customer-offer';
import { EInvoiceSigning, einvoicingReply } from '../einvoicing/signing';
import { clearedAfterCommit } from '../einvoicing/reporting';
import { EInvoiceReportingWorker } from '../einvoicing/reporting.worker';
import { OutboxWorker } from '../engagement/outbox.worker';
import {
  customerOfferLink,
  decideOnCustomerOffer,
  loadBundle,
  loadCustomerOffer,
  openCustomerOffer,
} from './customer-offers.commands';

export class IssueInvoice {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly body: unknown,
  ) {}
}

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
    @Inject(UniqueValues) private readonly unique: UniqueValues,
    @Inject(EInvoiceSigning) private readonly einvoicing: EInvoiceSigning,
    @Inject(EInvoiceReportingWorker) private readonly reporting: EInvoiceReportingWorker,
    @Inject(OutboxWorker) private readonly messages: OutboxWorker,
  ) {}

  async execute({ ctx, auth, body }: IssueInvoice): Promise<Answer> {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const scope = await userScope(this.models, auth);
    const input = parseInput(issueInvoiceInput({ countryId: tenant.countryId }), body);
    const booking = new BookingContext(this.aggregates, ctx);
    const settings = await booking.settings();
    const currency = currencyOfCountry(tenant.countryId);
    const problems: ErrorDetail[] = [];
    // a business buyer makes a Saudi standard tax invoice (ZATCA clearance); elsewhere it has no meaning
    if (input.buyer && tenant.countryId !== SAUDI_ARABIA)
      problems.push({ field: 'buyer', key: 'sales.buyer_saudi_only' });

    // the visit it settles, and whose it is
    let visit: Extract<VisitState, { exists: true }> | undefined;
    if (input.appointment_id) {
      const { state } = await this.aggregates.load(
        ctx,
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
    // the customer the id stands for today (one merged into another since: the one kept), and every id
    // that was hers (a card, a package or a visit of a customer merged into her is hers)
    let customer: { id: string; name: string; ids: readonly string[] } | null = null;
    if (customerId) {
      const found = await currentCustomer(this.aggregates, ctx, customerId);
      if (!found) problems.push({ field: 'customer_id', key: 'not_found.customer' });
      else
        customer = {
          id: found.id,
          name: found.state.details.name,
          ids: [found.id, ...found.state.mergedIds],
        };
      if (visit && !(customer?.ids ?? [customerId]).includes(visit.customerId))
        problems.push({ field: 'appointment_id', key: 'not_found.appointment' });
    }

    // the visit's deposits, taken before it: counted on its invoice (decided again on append)
    const depositStream = visit && depositsStream(ctx.tenantId, visit.appointmentId);
    const deposits = depositStream
      ? activeDeposits(
          (
            await this.aggregates.load<DepositsState, DepositEvent>(
              ctx,
              depositStream,
              initialDepositsState,
              evolveDeposits,
            )
          ).state,
        ).map((d) => ({ deposit_id: d.deposit_id, amount: d.payment.amount, method: d.payment.method }))
      : [];
    // an offer or a package is the customer's, used on her later visits
    if (!customerId && input.lines.some((l) => l.kind === 'offer' || l.kind === 'package'))
      problems.push({ field: 'customer_id', key: 'customer_offers.customer_required' });
    const lines = await this.linesOf(
      ctx,
      tenant,
      scope,
      settings.invoice,
      input.lines,
      booking,
      problems,
      customer?.ids ?? null,
      visit?.lines ?? [],
    );
    const money = (minor: number) => formatMoney({ amount: minor, currency }, { locale: 'en' });
    const code = await this.discountCodeOf(ctx, tenant, input.discount_code, lines, problems);
    const giftCards = await this.giftCardsSpent(
      ctx,
      tenant,
      input.gift_cards,
      customer?.ids ?? null,
      money,
      problems,
    );
    if (problems.length) throw refusal(problems);

    // the wallet it spends from, checked again on the revision the append checks
    const fromWallet = input.payments.reduce(
      (sum, p) => (p.method === PaymentMethod.wallet ? sum + toMinor(p.amount, tenant.countryId) : sum),
      0,
    );
    const walletStream = customer && streamName(WALLET_CATEGORY, ctx.tenantId, customer.id);
    const wallet =
      walletStream && fromWallet > 0
        ? (
            await this.aggregates.load<WalletState, WalletEvent>(
              ctx,
              walletStream,
              initialWalletState,
              evolveWallet,
            )
          ).state
        : initialWalletState;

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
              // one-shot hash: a fifth of createHash's cost (1.7 µs), on every sale
              uniqueId: hash('sha256', idFor(ctx, 'invoice-link'), 'base64url').slice(0, 22),
              issuedAt: ctx.now.toISOString(),
              businessDate: tenant.today,
              currency,
              seller: {
                name_en: general.name_en ?? '',
                name_ar: general.name_ar ?? '',
                vat_number: general.vat_number ?? null,
              },
              customer,
              ...(input.buyer && { buyer: input.buyer }),
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
              deposits,
              giftCards: giftCards.map((g) => ({
                gift_card_id: g.gift_card_id,
                code: g.code,
                amount: g.amount,
              })),
              ...(code && {
                discountCode: { discount_code_id: code.id, code: code.code, amount: code.amount },
              }),
              vat: {
                enabled: settings.vat.vat_enabled,
                rateBp: settings.vat.vat_enabled ? percentToBasisPoints(settings.vat.vat_percentage) : 0,
              },
              mayOwe: hasRight(scope, 'debit_in_invoice') && settings.invoice.allow_debt === true,
              walletBalance: wallet.balance,
              einvoicing: tenant.countryId === SAUDI_ARABIA ? 'not_reported' : 'not_applicable',
              notes: input.notes,
              formatMoney: money,
            },
            s,
          ),
      },
      // its id was made just above
      { newStream: true },
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
            decideProduct(
              { type: 'SellStock', quantity, invoiceId, allowBelowZero: belowZero, date: tenant.today },
              s,
            ),
        },
      );
    if (depositStream && deposits.length)
      await this.aggregates.handle<DepositsState, DepositEvent>(depositStream, ctx, {
        initial: initialDepositsState,
        evolve: evolveDeposits,
        decide: (s) => {
          const now = activeDeposits(s).map((d) => d.deposit_id);
          // a deposit cancelled meanwhile: the command runs again on what is left
          if (now.length !== deposits.length || deposits.some((d) => !now.includes(d.deposit_id)))
            throw conflict('errors.conflict_retry');
          return decideDeposits({ type: 'Apply', invoiceId, invoiceNumber: number }, s);
        },
      });
    // the discount code it used, once more if it is single-use: decided on the revision the append checks
    if (code)
      await this.aggregates.handle<DiscountCodeState, DiscountCodeEvent>(
        discountCodeStream(ctx.tenantId, code.id),
        ctx,
        {
          initial: initialDiscountCodeState,
          evolve: evolveDiscountCode,
          decide: (s) =>
            decideDiscountCode(
              {
                type: 'Use',
                invoiceId,
                invoiceNumber: number,
                customerId: customer?.id ?? null,
                amount: code.amount,
                today: tenant.today,
              },
              s,
            ),
        },
      );
    // the gift cards it spent, each decided again on the revision the append checks
    for (const [i, g] of giftCards.entries())
      await this.aggregates.handle<GiftCardState, GiftCardEvent>(g.stream, ctx, {
        initial: initialGiftCardState,
        evolve: evolveGiftCard,
        decide: (s) =>
          decideGiftCard(
            {
              type: 'RedeemGiftCard',
              amount: g.amount,
              customerId: customer?.id ?? null,
              mergedIds: customer?.ids ?? [],
              invoiceId,
              invoiceNumber: number,
              today: tenant.today,
              field: `gift_cards.${i}`,
              formatMoney: money,
            },
            s,
          ),
      });
    // the gift cards it sold, each a card of its own, valid a year
    const cardsSold: Array<{ gift_card_id: string; code: string; unique_id: string; value: number }> = [];
    const given: Array<{ code: string; unique_id: string; customer_id: string; value: number }> = [];
    for (const l of lines)
      if (l.kind === 'gift_card' && l.giftCard) {
        const code = giftCardCode(
          createHash('sha256')
            .update(idFor(ctx, 'gift-card-code', l.lineId))
            .digest(),
        );
        const beneficiary = l.giftCard.beneficiary ?? customer;
        const uniqueId = createHash('sha256')
          .update(idFor(ctx, 'gift-card-link', l.lineId))
          .digest('base64url')
          .slice(0, 22);
        cardsSold.push({ gift_card_id: l.itemId, code, unique_id: uniqueId, value: l.unitPrice });
        if (beneficiary)
          given.push({ code, unique_id: uniqueId, customer_id: beneficiary.id, value: l.unitPrice });
        await this.aggregates.create(streamName(GIFT_CARD_CATEGORY, ctx.tenantId, code), ctx, [
          {
            type: 'GiftCardIssued',
            data: {
              gift_card_id: l.itemId,
              code,
              unique_id: uniqueId,
              card_type: GiftCardType.paid_voucher,
              value: l.unitPrice,
              currency,
              customer_id: beneficiary?.id ?? null,
              customer_name: beneficiary?.name ?? null,
              buyer_id: customer?.id ?? null,
              buyer_name: customer?.name ?? null,
              invoice_id: invoiceId,
              invoice_number: number,
              ...(l.giftCard.message && { message: l.giftCard.message }),
              business_date: tenant.today,
              expires_on: giftCardExpiry(tenant.today),
              issued_by: auth.userId,
            },
          },
        ]);
      }
    // the offers and packages it sold, each the customer's purchase from now on, at what she paid
    const issuedLines = (outcome.events[0] as InvoiceIssued).data.lines;
    for (const [i, l] of lines.entries())
      if (l.bundle && customer)
        await openCustomerOffer(this.aggregates, ctx, {
          customer_offer_id: l.bundle.customerOfferId,
          unique_id: customerOfferLink(ctx, l.lineId),
          kind: l.bundle.kind,
          source_id: l.itemId,
          name_en: l.nameEn,
          name_ar: l.nameAr,
          ...(l.bundle.descriptionEn && { description_en: l.bundle.descriptionEn }),
          ...(l.bundle.descriptionAr && { description_ar: l.bundle.descriptionAr }),
          customer_id: customer.id,
          customer_name: customer.name,
          services: l.bundle.services,
          allowance: l.bundle.allowance,
          price: issuedLines[i].net,
          total: issuedLines[i].total,
          currency,
          invoice_id: invoiceId,
          invoice_number: number,
          line_id: l.lineId,
          business_date: tenant.today,
          expires_on: l.bundle.expiresOn,
          opened_by: auth.userId,
        });
    // the sessions it used, each decided again on the revision the append checks
    for (const [i, l] of lines.entries())
      if (l.fromCustomerOffer)
        await decideOnCustomerOffer(this.aggregates, ctx, l.fromCustomerOffer.customer_offer_id, {
          type: 'UseSession',
          customerId: customer?.id ?? null,
          mergedIds: customer?.ids ?? [],
          serviceId: l.itemId,
          invoiceId,
          invoiceNumber: number,
          lineId: l.lineId,
          today: tenant.today,
          field: `lines.${i}.customer_offer_id`,
        });
    // loyalty points for what the customer paid (gift cards spent earn none: their purchase did)
    const loyalty = loyaltyRulesOf(settings.invoice, (t) => toMinor(t, tenant.countryId));
    const issuedData = (outcome.events[0] as InvoiceIssued).data;
    const earned =
      customer && loyalty.enabled
        ? pointsFor(
            issuedData.total - (issuedData.redeemed ?? 0),
            decimalsOf(currency),
            loyalty.pointsPerUnit,
          )
        : 0;
    if (customer && earned > 0)
      await this.aggregates.handle<LoyaltyState, LoyaltyEvent>(
        loyaltyStream(ctx.tenantId, customer.id),
        ctx,
        {
          initial: initialLoyaltyState,
          evolve: evolveLoyalty,
          decide: (s) =>
            decideLoyalty(
              { type: 'Earn', customerId: customer.id, points: earned, invoiceId, invoiceNumber: number },
              s,
            ),
        },
      );
    if (walletStream && fromWallet > 0)
      await this.aggregates.handle<WalletState, WalletEvent>(walletStream, ctx, {
        initial: initialWalletState,
        evolve: evolveWallet,
        decide: (s) =>
          decideWallet(
            {
              type: 'Debit',
              customerId: customer!.id,
              amount: fromWallet,
              invoiceId,
              invoiceNumber: number,
              businessDate: tenant.today,
              formatMoney: money,
              field: `payments.${input.payments.findIndex((p) => p.method === PaymentMethod.wallet)}.amount`,
            },
            s,
          ),
      });
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
    // her thank-you and survey, and each card's holder told of it: queued with the invoice, or not at all
    if (issued.customer_id)
      await this.messages.outbox.queueAfterCheckout(ctx, {
        invoice_id: issued.invoice_id,
        unique_id: issued.unique_id,
        customer_id: issued.customer_id,
        appointment_id: issued.appointment_id,
      });
    for (const card of given) await this.messages.outbox.queueGiftCardReceived(ctx, { ...card, currency });
    // a Saudi salon's invoice is signed into its device's chain with it, in the same append (ZATCA)
    const einvoice =
      tenant.countryId === SAUDI_ARABIA
        ? await this.einvoicing.sign(ctx, tenant.timeZone, {
            referenceType: 1,
            documentId: invoiceId,
            documentNumber: String(number),
            issuedAt: issued.issued_at,
            lines: issued.lines,
            payments: issued.payments,
            ...(issued.buyer && { buyer: issued.buyer }),
          })
        : undefined;
    const answer = new Answer(
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
        discount_code: issued.discount_code ?? null,
        gift_cards: issued.gift_cards ?? [],
        redeemed: issued.redeemed ?? 0,
        deposits: issued.deposits ?? [],
        deposited: issued.deposited ?? 0,
        gift_cards_sold: cardsSold,
        loyalty_points: earned,
        paid: issued.paid,
        owed: issued.owed,
        ...einvoicingReply(einvoice, issued.einvoicing),
      },
      outcome.position,
      201,
    );
    return clearedAfterCommit(answer, this.reporting.reporting, ctx.tenantId, einvoice, ctx.now);
  }

  /**
   * The discount code the customer brings (doc1 §3): found by its code, valid today, unused if it is
   * single-use, reaching at least one line; what it takes off goes into the lines' own discounts, so
   * the invoice is priced (and reported to ZATCA) as line discounts.
   */
  private async discountCodeOf(
    ctx: CommandContext,
    tenant: TenantInfo,
    typed: string | undefined,
    lines: SaleLine[],
    problems: ErrorDetail[],
  ) {
    if (!typed?.trim()) return undefined;
    const code = normalizeDiscountCode(typed);
    const owner = code && (await this.unique.ownerOf(ctx, 'discount_code', code));
    let state: DiscountCodeState = initialDiscountCodeState;
    if (owner)
      state = (
        await this.aggregates.load<DiscountCodeState, DiscountCodeEvent>(
          ctx,
          discountCodeStream(ctx.tenantId, owner),
          initialDiscountCodeState,
          evolveDiscountCode,
        )
      ).state;
    const found = state.defined && state.details.code === code ? state : undefined;
    const refused = codeRefusal(found && { details: found.details, uses: found.uses }, tenant.today);
    if (refused || !found) {
      problems.push({ field: 'discount_code', key: refused ?? 'discount_codes.not_found' });
      return undefined;
    }
    const off = codeDiscounts(
      found.details,
      lines.map((l) => ({ kind: l.kind, itemId: l.itemId, amount: l.unitPrice * l.quantity - l.discount })),
    );
    const amount = off.reduce((a, b) => a + b, 0);
    if (amount === 0) {
      problems.push({ field: 'discount_code', key: 'discount_codes.not_applicable' });
      return undefined;
    }
    off.forEach((o, i) => (lines[i].discount += o));
    return { id: found.id, code: found.details.code, amount };
  }

  /**
   * The gift cards a customer spends on the invoice: each code once, each card found by its code and
   * able to pay its amount (not used up, not expired, not another customer's, enough left).
   */
  private async giftCardsSpent(
    ctx: CommandContext,
    tenant: TenantInfo,
    wanted: IssueInvoiceInput['gift_cards'],
    customerIds: readonly string[] | null,
    money: (minor: number) => string,
    problems: ErrorDetail[],
  ) {
    const spent: Array<{ stream: string; gift_card_id: string; code: string; amount: number }> = [];
    const seen = new Set<string>();
    for (const [i, g] of wanted.entries()) {
      const code = normalizeGiftCardCode(g.code);
      if (!code) {
        problems.push({ field: `gift_cards.${i}.code`, key: 'gift_cards.not_found' });
        continue;
      }
      if (seen.has(code)) {
        problems.push({ field: `gift_cards.${i}.code`, key: 'gift_cards.listed_twice' });
        continue;
      }
      seen.add(code);
      const stream = streamName(GIFT_CARD_CATEGORY, ctx.tenantId, code);
      const { state } = await this.aggregates.load<GiftCardState, GiftCardEvent>(
        ctx,
        stream,
        initialGiftCardState,
        evolveGiftCard,
      );
      const amount = toMinor(g.amount, tenant.countryId);
      const problem = redemptionProblem(
        state,
        {
          amount,
          customerId: customerIds?.[0] ?? null,
          mergedIds: customerIds ?? [],
          today: tenant.today,
          field: `gift_cards.${i}`,
        },
        money,
      );
      if (problem) problems.push(problem);
      else if (state.issued) spent.push({ stream, gift_card_id: state.card.gift_card_id, code, amount });
    }
    return spent;
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
    customerIds: readonly string[] | null,
    /** the lines of the visit the invoice settles, as booked */
    booked: ReadonlyArray<{ service_id: string; employee_id: string }> = [],
  ): Promise<SaleLine[]> {
    const menu = await booking.menu();
    // the customer's purchases this invoice uses sessions of, as they will be after each use
    const purchases = new Map<string, CustomerOfferState>();
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
        // a service line names one who does it (her skills), unless it is how the visit it settles had
        // it booked (her skills may have changed since)
        else if (
          w.kind === 'service' &&
          w.item_id &&
          !doesService(employee.details, w.item_id) &&
          !booked.some((b) => b.service_id === w.item_id && b.employee_id === w.employee_id)
        )
          problems.push({ field: `lines.${i}.employee_id`, key: 'appointments.employee_not_qualified' });
      }
      let item:
        | { nameEn: string; nameAr: string; price: number; vatType: VatType; vatExemptionCode?: string }
        | undefined;
      if (w.kind === 'gift_card') {
        // a card's value is its price, not subject to VAT until it is spent (a voucher)
        if (w.price === undefined || toMinor(w.price, tenant.countryId) <= 0)
          problems.push({ field: `lines.${i}.price`, key: 'gift_cards.value_required' });
        if (quantity !== 1) problems.push({ field: `lines.${i}.quantity`, key: 'gift_cards.one_per_line' });
        let beneficiary: { id: string; name: string } | null = null;
        if (w.beneficiary_id) {
          // the customer she is today (merged into another since: the one kept)
          const found = await currentCustomer(this.aggregates, ctx, w.beneficiary_id);
          if (!found) problems.push({ field: `lines.${i}.beneficiary_id`, key: 'not_found.customer' });
          else beneficiary = { id: found.id, name: found.state.details.name };
        }
        const value = w.price !== undefined ? toMinor(w.price, tenant.countryId) : 0;
        lines.push({
          lineId: idFor(ctx, 'invoice-line', i),
          kind: 'gift_card',
          itemId: idFor(ctx, 'gift-card', i),
          nameEn: 'Gift card',
          nameAr: 'بطاقة إهداء',
          employeeId: w.employee_id ?? null,
          quantity: 1,
          unitPrice: value,
          discount: 0,
          vatType: VatType.no_tax,
          giftCard: { beneficiary, message: w.message },
        });
        continue;
      }
      const itemId = w.item_id;
      if (!itemId) {
        problems.push({
          field: `lines.${i}.item_id`,
          key: 'validation.is_required',
          params: { field: 'item_id' },
        });
        continue;
      }
      if (w.customer_offer_id !== undefined && w.kind !== 'service') {
        problems.push({ field: `lines.${i}.customer_offer_id`, key: 'customer_offers.not_a_service' });
        continue;
      }
      let bundle: SaleLine['bundle'];
      if (w.kind === 'service' && w.customer_offer_id !== undefined) {
        // a session of her purchase: the service as the purchase names it, at no charge today
        const field = `lines.${i}.customer_offer_id`;
        const id = w.customer_offer_id;
        const state = purchases.get(id) ?? (await loadCustomerOffer(this.aggregates, ctx, id));
        const problem = sessionProblem(state, {
          customerId: customerIds?.[0] ?? null,
          mergedIds: customerIds ?? [],
          serviceId: itemId,
          today: tenant.today,
          field,
        });
        if (quantity !== 1)
          problems.push({ field: `lines.${i}.quantity`, key: 'customer_offers.one_session_per_line' });
        if (problem || !state.opened) {
          problems.push(problem ?? { field, key: 'customer_offers.not_found' });
          continue;
        }
        const lineId = idFor(ctx, 'invoice-line', i);
        purchases.set(
          id,
          evolveCustomerOffer(state, {
            type: 'CustomerOfferSessionUsed',
            data: {
              customer_offer_id: id,
              service_id: itemId,
              invoice_id: '',
              invoice_number: 0,
              line_id: lineId,
              business_date: tenant.today,
              left: 0,
            },
          }),
        );
        const service = state.item.services.find((s) => s.service_id === itemId)!;
        lines.push({
          lineId,
          kind: 'service',
          itemId,
          nameEn: service.name_en,
          nameAr: service.name_ar,
          employeeId: w.employee_id ?? null,
          quantity: 1,
          unitPrice: 0,
          discount: 0,
          vatType: VatType.standard,
          fromCustomerOffer: {
            customer_offer_id: id,
            kind: state.item.kind,
            name_en: state.item.name_en,
            name_ar: state.item.name_ar,
          },
        });
        continue;
      }
      if (w.kind === 'offer' || w.kind === 'package') {
        // sold to the customer: priced from the menu's offer or package, VAT as its services
        if (quantity !== 1)
          problems.push({ field: `lines.${i}.quantity`, key: 'customer_offers.one_per_line' });
        const found = await loadBundle(this.aggregates, ctx, w.kind, itemId);
        if (!found.exists || found.status === 'removed' || found.status === 'disabled')
          problems.push({ field: `lines.${i}.item_id`, key: `not_found.${w.kind}` });
        else if (found.status !== 'active')
          problems.push({ field: `lines.${i}.item_id`, key: 'customer_offers.not_for_sale' });
        else if ('expiry_date' in found.details && found.details.expiry_date < tenant.today)
          problems.push({
            field: `lines.${i}.item_id`,
            key: 'customer_offers.offer_expired',
            params: { date: found.details.expiry_date },
          });
        else {
          const terms = purchaseTerms(
            (w.kind === 'offer'
              ? { kind: 'offer', details: found.details }
              : { kind: 'package', details: found.details }) as Parameters<typeof purchaseTerms>[0],
            tenant.today,
            (id) => {
              const s = menu.services.get(id);
              return { name_en: s?.name_en ?? '', name_ar: s?.name_ar ?? '' };
            },
          );
          item = {
            nameEn: found.details.name_en,
            nameAr: found.details.name_ar,
            price: found.details.price,
            vatType: VatType.standard,
          };
          bundle = {
            customerOfferId: idFor(ctx, 'customer-offer', i),
            kind: w.kind,
            descriptionEn: found.details.description_en,
            descriptionAr: found.details.description_ar,
            services: terms.services,
            allowance: terms.allowance,
            expiresOn: terms.expires_on,
          };
        }
      } else if (w.kind === 'service') {
        const service = menu.services.get(itemId);
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
        let entry = stock.get(itemId);
        if (!entry) {
          const { state } = await this.aggregates.load<ProductState, ProductEvent>(
            ctx,
            streamName('product', ctx.tenantId, itemId),
            initialProductState,
            evolveProduct,
          );
          entry = { state, wanted: 0, first: i };
          stock.set(itemId, entry);
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
            vatExemptionCode: product.details.vat_exemption_code,
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
        itemId,
        nameEn: item.nameEn,
        nameAr: item.nameAr,
        employeeId: w.employee_id ?? null,
        quantity,
        unitPrice: price,
        discount: w.discount !== undefined ? toMinor(w.discount, tenant.countryId) : 0,
        vatType: item.vatType,
        ...(item.vatExemptionCode && { vatExemptionCode: item.vatExemptionCode }),
        ...(bundle && { bundle }),
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
