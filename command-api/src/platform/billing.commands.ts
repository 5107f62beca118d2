import { Body, Controller, HttpCode, Inject, Injectable, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import {
  accountGatewayPaymentStream,
  accountInvoiceInput,
  accountInvoiceStream,
  accountPaymentRequestInput,
  accountPaymentRequestStream,
  addDays,
  billingSellerInput,
  billingSellerStream,
  cancelAccountInvoiceInput,
  currencyOfCountry,
  decimalsOf,
  DomainError,
  isCountryId,
  manualAccountPaymentInput,
  MONTHS_OF_PERIOD,
  newId,
  notFound,
  PAID_PLANS,
  parseMoney,
  PaymentGatewayStatus,
  planInput,
  planStream,
  PLATFORM_TENANT,
  rejected,
  SELLER_VAT_PERCENT,
  subscriptionStream,
  timeZoneOfCountry,
  today,
  vatOnExclusive,
  type AccountGatewayPaymentEvent,
  type AccountInvoiceEvent,
  type AccountInvoiceIssued,
  type AccountPaymentMethod,
  type AccountPaymentRequested,
  type BillingSeller,
  type BillingSellerChanged,
  type Currency,
  type Addon,
  paymentGatewayPackageStream,
  streamName,
  whatsappPackageStream,
  salonWhatsAppStream,
  type PaidPlan,
  type PlanChanged,
  type SubscriptionEvent,
} from '@rawnaq/contracts';
import {
  Auth,
  ClientIp,
  parseInput,
  Public,
  Realm,
  TOKENS,
  type AuthContext,
  type Clock,
  type GatewayNotice,
  type MailSender,
  type ReadModels,
} from '@rawnaq/platform';
import { evolveAccountSettings, initialAccountSettings } from '../settings/account-settings';
import { queueMail } from '../identity/mail';
import { evolvePackage, initialPackage } from './payment-gateway-packages.commands';
import { evolveSalonWhatsApp, initialSalonWhatsApp } from './salon-whatsapp';
import { evolveWhatsAppPackage, initialWhatsAppPackage } from './whatsapp-packages.commands';
import { GATEWAY_TOKENS, type PaymentGateways } from '../online/gateway-tokens';
import { Answer } from '../shared/answer';
import { type CommandContext, UNIT, type UnitScope } from '../shared/command-context';
import { commandContext, unitOfRequest } from '../shared/http-context';
import { Aggregates, idFor } from '../shared/repository';
import { Sequences } from '../shared/sequences';
import { PublicRateLimit } from '../sales/surveys.commands';
import {
  decideSubscription,
  evolveSubscription,
  initialSubscription,
  type Subscription,
} from './account-life';
import {
  decideAccountGatewayPayment,
  decideAccountInvoice,
  decidePaymentRequest,
  decidePlan,
  decideSeller,
  dueOf,
  evolveAccountGatewayPayment,
  evolveAccountInvoice,
  evolvePaymentRequest,
  evolvePlan,
  evolveSeller,
  initialAccountGatewayPayment,
  initialAccountInvoice,
  initialPaymentRequest,
  initialSeller,
  type AccountGatewayPaymentState,
  type AccountInvoiceCommand,
  type AccountInvoiceState,
  type PaymentRequestState,
  type PlanState,
} from './billing';
import type { UnitOfWork } from '../shared/unit-of-work';

type Request = { headers: Record<string, string | string[] | undefined> };

/** Days an invoice of the platform is due in. */
const DUE_DAYS = 7;
const PLAN_NAMES: Record<PaidPlan, { en: string; ar: string }> = {
  basic: { en: 'Basic', ar: 'الأساسية' },
  advanced: { en: 'Advanced', ar: 'المتقدمة' },
  premium: { en: 'Premium', ar: 'المميزة' },
};
const ADDON_NAMES = {
  advanced_accounting: { en: 'Advanced accounting add-on', ar: 'إضافة المحاسبة المتقدمة' },
  whatsapp: { en: 'WhatsApp package', ar: 'باقة واتساب' },
  payment_gateway: { en: 'Payment gateway package', ar: 'باقة بوابة الدفع' },
} as const;

const platform = (ctx: CommandContext): CommandContext => ({ ...ctx, tenantId: PLATFORM_TENANT });

/** An amount typed in the currency's own decimals (2 for SAR and AED, 3 for KWD, OMR and BHD). */
const minorOf = (text: string, currency: Currency, field: string) => {
  const parsed = parseMoney(text, currency);
  if (parsed.ok) return parsed.money.amount;
  const decimals = decimalsOf(currency);
  throw parsed.error === 'too_many_decimals'
    ? new DomainError('validation.max_decimals', 422, { [field]: 'validation.max_decimals' }, { decimals })
    : rejected(`validation.${parsed.error}`, field);
};

/** The page of an invoice (the capability is its unique id): Arabic at the root, English under /en. */
export const accountInvoicePath = (uniqueId: string, language: 'en' | 'ar') =>
  `${language === 'en' ? '/en' : ''}/account-invoice/${uniqueId}`;

/**
 * The platform's billing, decided on its streams: the plans, the platform as a seller, its invoices
 * to salons and their payments. A subscription invoice paid in full renews the salon in the same
 * append, once.
 */
@Injectable()
export class Billing {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  invoice(at: UnitScope, invoiceId: string) {
    return this.aggregates.load(
      at,
      accountInvoiceStream(invoiceId),
      initialAccountInvoice,
      evolveAccountInvoice,
    );
  }

  runInvoice(ctx: CommandContext, invoiceId: string, c: AccountInvoiceCommand) {
    return this.aggregates.handle<AccountInvoiceState, AccountInvoiceEvent>(
      accountInvoiceStream(invoiceId),
      platform(ctx),
      {
        initial: initialAccountInvoice,
        evolve: evolveAccountInvoice,
        decide: (s) => decideAccountInvoice(c, s),
      },
    );
  }

  /** A payment of an invoice, and the renewal it pays for when it settles a subscription invoice. */
  async pay(
    ctx: CommandContext,
    invoiceId: string,
    p: {
      paymentId: string;
      method: AccountPaymentMethod;
      amount: number;
      reference: string;
      paidOn?: string;
    },
  ) {
    return this.aggregates.transaction(ctx, async (ctx) => {
      const { state } = await this.invoice(ctx, invoiceId);
      if (!state.exists) throw notFound('not_found.record');
      const i = state.issued;
      const tenantId = String(i.account_id);
      const account = await this.models.get('accounts', tenantId);
      const salonToday = today(ctx.now, timeZoneOfCountry(account?.country_id));
      const outcome = await this.runInvoice(ctx, invoiceId, {
        type: 'RecordPayment',
        paymentId: p.paymentId,
        method: p.method,
        amount: p.amount,
        reference: p.reference,
        paidOn: p.paidOn ?? salonToday,
        paidAt: ctx.now.toISOString(),
      });
      const paidNow = outcome.events.some((e) => e.type === 'AccountInvoicePaid');
      // renewal is decided on the subscription, once per invoice: a repeat of this payment renews nothing
      if (
        outcome.state.exists &&
        !outcome.state.cancelled &&
        dueOf(outcome.state) === 0 &&
        i.kind === 'subscription'
      )
        await this.aggregates.handle<Subscription, SubscriptionEvent>(
          subscriptionStream(tenantId),
          { ...ctx, tenantId },
          {
            initial: initialSubscription,
            evolve: evolveSubscription,
            decide: (s) =>
              decideSubscription(
                {
                  type: 'RenewForInvoice',
                  invoiceId,
                  plan: i.plan!,
                  months: i.months ?? 1,
                  today: salonToday,
                  ...(i.max_employees !== undefined && { maxEmployees: i.max_employees }),
                },
                s,
              ),
          },
        );
      return { state: outcome.state, paidNow };
    });
  }

  /** The plan's max employees, when the catalogue has the plan. */
  async planEmployees(plan: PaidPlan) {
    const { state } = await this.aggregates.load(undefined, planStream(plan), null as PlanState, evolvePlan);
    return state?.max_employees;
  }
}

export class ChangeBilling {
  constructor(
    readonly ctx: CommandContext,
    readonly act:
      | { kind: 'plan'; plan: string }
      | { kind: 'seller' }
      | { kind: 'issue' }
      | { kind: 'cancel'; id: string }
      | { kind: 'manual-payment'; id: string }
      | { kind: 'request' },
    readonly body: unknown,
  ) {}
}

const uuid = (id: string) => {
  if (!/^[0-9a-f-]{36}$/.test(id)) throw notFound('not_found.record');
  return id;
};

@CommandHandler(ChangeBilling)
export class ChangeBillingHandler implements ICommandHandler<ChangeBilling> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.mailSender) private readonly mailSender: MailSender | null,
    @Inject(Sequences) private readonly sequences: Sequences,
    @Inject(Billing) private readonly billing: Billing,
  ) {}

  async execute({ ctx, act, body }: ChangeBilling): Promise<Answer> {
    const pctx = platform(ctx);
    switch (act.kind) {
      case 'plan': {
        if (!(PAID_PLANS as readonly string[]).includes(act.plan)) throw notFound('not_found.record');
        const plan = act.plan as PaidPlan;
        const wanted = parseInput(planInput, body);
        const outcome = await this.aggregates.handle<PlanState, PlanChanged>(planStream(plan), pctx, {
          initial: null,
          evolve: evolvePlan,
          decide: (s) => decidePlan(plan, wanted, s),
        });
        return new Answer({ id: plan, ...outcome.state }, outcome.position);
      }
      case 'seller': {
        const wanted = parseInput(billingSellerInput, body) as BillingSeller;
        const outcome = await this.aggregates.handle<BillingSeller, BillingSellerChanged>(
          billingSellerStream,
          pctx,
          {
            initial: initialSeller,
            evolve: evolveSeller,
            decide: (s) => decideSeller(wanted, s),
          },
        );
        return new Answer({ id: 'platform', ...outcome.state }, outcome.position);
      }
      case 'issue':
        return this.issue(ctx, body);
      case 'cancel': {
        const { reason } = parseInput(cancelAccountInvoiceInput, body);
        const outcome = await this.billing.runInvoice(ctx, uuid(act.id), { type: 'Cancel', reason });
        return new Answer({ id: act.id, status: 'cancelled' }, outcome.position);
      }
      case 'manual-payment': {
        const id = uuid(act.id);
        const input = parseInput(manualAccountPaymentInput, body);
        const { state } = await this.billing.invoice(ctx, id);
        if (!state.exists) throw notFound('not_found.record');
        const amount = minorOf(input.amount, state.issued.currency, 'amount');
        const paymentId = idFor(ctx, 'account-payment');
        const { position, result } = await this.billing.pay(ctx, id, {
          paymentId,
          method: 'bank_transfer',
          amount,
          reference: input.reference,
          ...(input.paid_on && { paidOn: input.paid_on }),
        });
        return new Answer(
          {
            id,
            payment_id: paymentId,
            paid: result.state.exists ? result.state.paid : 0,
            due: dueOf(result.state),
          },
          position,
          201,
        );
      }
      case 'request':
        return this.request(ctx, body);
    }
  }

  /**
   * A month of the package of this add-on the salon is on, when it is priced in the salon's currency:
   * its WhatsApp package's monthly price, its payment gateway package's monthly fee (in dirhams).
   * Advanced accounting has no packages: its price is always typed.
   */
  private async packagePrice(tenantId: string, addon: Addon, currency: Currency): Promise<number> {
    const refused = rejected('billing.addon_not_priced', 'price');
    if (addon === 'whatsapp') {
      const { state: salon } = await this.aggregates.load(
        undefined,
        salonWhatsAppStream(tenantId),
        initialSalonWhatsApp,
        evolveSalonWhatsApp,
      );
      if (!salon.package) throw refused;
      const { state: pkg } = await this.aggregates.load(
        undefined,
        whatsappPackageStream(salon.package.package_id),
        initialWhatsAppPackage,
        evolveWhatsAppPackage,
      );
      if (!pkg.exists || pkg.currency !== currency || pkg.monthly_price <= 0) throw refused;
      return pkg.monthly_price;
    }
    if (addon === 'payment_gateway') {
      const { state: settings } = await this.aggregates.load(
        undefined,
        streamName('account', tenantId, tenantId),
        initialAccountSettings,
        evolveAccountSettings,
      );
      const id = settings.exists ? settings.services.payment_gateway_package_id : undefined;
      if (typeof id !== 'string' || currency !== 'AED') throw refused;
      const { state: pkg } = await this.aggregates.load(
        undefined,
        paymentGatewayPackageStream(id),
        initialPackage,
        evolvePackage,
      );
      if (!pkg.exists || pkg.monthly_fee_fils <= 0) throw refused;
      return pkg.monthly_fee_fils;
    }
    throw rejected('validation.is_required', 'price');
  }

  private async issue(ctx: CommandContext, body: unknown): Promise<Answer> {
    const input = parseInput(accountInvoiceInput, body);
    const account = await this.models.get('accounts', String(input.account_id));
    if (!account) throw rejected('not_found.account', 'account_id');
    const countryId = account.country_id as number;
    if (!isCountryId(countryId)) throw rejected('not_found.account', 'account_id');
    const currency = currencyOfCountry(countryId);
    const { state: seller } = await this.aggregates.load(
      ctx,
      billingSellerStream,
      initialSeller,
      evolveSeller,
    );
    if (!seller.trn) throw new DomainError('billing.seller_not_set', 409);
    let net: number;
    let line: { en: string; ar: string };
    let subscription: Partial<AccountInvoiceIssued['data']> = {};
    if (input.kind === 'subscription') {
      const plan = input.plan!;
      const { state } = await this.aggregates.load(ctx, planStream(plan), null as PlanState, evolvePlan);
      const price = state?.prices.find((p) => p.country_id === countryId);
      if (!state || !price) throw rejected('billing.plan_not_priced', 'plan');
      const period = input.period!;
      net = period === 'yearly' ? price.yearly : price.monthly;
      const names = PLAN_NAMES[plan];
      line =
        period === 'yearly'
          ? { en: `${names.en} plan, 12 months`, ar: `الباقة ${names.ar}، 12 شهرًا` }
          : { en: `${names.en} plan, 1 month`, ar: `الباقة ${names.ar}، شهر واحد` };
      subscription = { plan, period, months: MONTHS_OF_PERIOD[period], max_employees: state.max_employees };
    } else {
      net = input.price
        ? minorOf(input.price, currency, 'price')
        : await this.packagePrice(String(account.account_id), input.addon!, currency);
      line = ADDON_NAMES[input.addon!];
      subscription = { addon: input.addon! };
    }
    // the platform charges its VAT to salons in its own country; abroad it is an export of services
    const vatPercent = countryId === seller.country_id ? (SELLER_VAT_PERCENT[seller.country_id] ?? '0') : '0';
    const vat = vatOnExclusive(net, vatPercent as never);
    const issueDate = today(ctx.now, timeZoneOfCountry(seller.country_id));
    const invoiceId = idFor(ctx, 'account-invoice');
    const { position, result } = await this.aggregates.transaction(ctx, async (ctx) => {
      const number = await this.sequences.next(platform(ctx), 'account-invoice');
      const issued: AccountInvoiceIssued['data'] = {
        invoice_id: invoiceId,
        number,
        unique_id: randomBytes(16).toString('base64url'),
        account_id: account.account_id as number,
        account_name_en: String(account.name_en),
        account_name_ar: String(account.name_ar),
        kind: input.kind,
        ...subscription,
        lines: [{ description_en: line.en, description_ar: line.ar, net, vat, total: net + vat }],
        currency,
        vat_percent: vatPercent,
        net,
        vat,
        total: net + vat,
        seller,
        issue_date: issueDate,
        due_date: input.due_date ?? addDays(issueDate, DUE_DAYS),
      };
      await this.billing.runInvoice(ctx, invoiceId, { type: 'Issue', issued });
      return issued;
    });
    return new Answer({ id: invoiceId, ...result }, position, 201);
  }

  private async request(ctx: CommandContext, body: unknown): Promise<Answer> {
    const input = parseInput(accountPaymentRequestInput, body);
    const { state: invoice } = await this.billing.invoice(ctx, input.invoice_id);
    if (!invoice.exists) throw rejected('not_found.record', 'invoice_id');
    const i = invoice.issued;
    const account = await this.models.get('accounts', String(i.account_id));
    const owner = account ? await this.models.get('users', String(account.owner_user_id)) : undefined;
    const email = typeof owner?.email === 'string' ? owner.email : '';
    if (!email) throw rejected('billing.no_owner_email', 'invoice_id');
    const requestId = idFor(ctx, 'account-payment-request');
    const { position, result } = await this.aggregates.transaction(ctx, async (ctx) => {
      const number = await this.sequences.next(platform(ctx), 'account-payment-request');
      const outcome = await this.aggregates.handle<PaymentRequestState, AccountPaymentRequested>(
        accountPaymentRequestStream(requestId),
        platform(ctx),
        {
          initial: initialPaymentRequest,
          evolve: evolvePaymentRequest,
          decide: (s) =>
            decidePaymentRequest(
              {
                request_id: requestId,
                number,
                invoice_id: i.invoice_id,
                invoice_number: i.number,
                invoice_unique_id: i.unique_id,
                account_id: i.account_id,
                amount: 0,
                currency: i.currency,
                email,
                ...(input.note && { note: input.note }),
              },
              invoice,
              s,
            ),
        },
      );
      const r = (outcome.state as Extract<PaymentRequestState, { exists: true }>).request;
      const amount = `${(r.amount / 10 ** decimalsOf(r.currency)).toFixed(decimalsOf(r.currency))} ${r.currency}`;
      await queueMail(this.aggregates, { ...ctx, tenantId: String(i.account_id) }, this.mailSender, {
        to: email,
        locale: 'ar',
        subject: `فاتورة رونق رقم ${i.number} / Rawnaq invoice ${i.number}`,
        body:
          `مرحبًا،\nالمستحق على فاتورة رونق رقم ${i.number}: ${amount}.\nللاطلاع عليها ودفعها: ${accountInvoicePath(i.unique_id, 'ar')}\n` +
          (r.note ? `${r.note}\n` : '') +
          `\nHello,\nDue on Rawnaq invoice ${i.number}: ${amount}.\nSee and pay it: ${accountInvoicePath(i.unique_id, 'en')}`,
      });
      return r;
    });
    return new Answer({ id: requestId, ...result }, position, 201);
  }
}

/**
 * Paying an invoice of the platform through the payment gateway (the same port as the salons' online
 * payments): opened from the invoice's public page, settled by the gateway's verified callback.
 */
@Injectable()
export class AccountInvoicePayments {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(GATEWAY_TOKENS.gateways) private readonly gateways: PaymentGateways,
    @Inject(Billing) private readonly billing: Billing,
  ) {}

  async start(
    now: Date,
    uniqueId: string,
    language: 'en' | 'ar',
    origin: string,
    unit?: UnitOfWork,
  ): Promise<Answer> {
    const doc = /^[\w-]{10,40}$/.test(uniqueId)
      ? (await this.models.find('account_invoices', { filter: { unique_id: uniqueId }, limit: 1 }))[0]
      : undefined;
    if (!doc) throw notFound('not_found.record');
    const { state } = await this.billing.invoice(undefined, String(doc.id));
    if (!state.exists) throw notFound('not_found.record');
    if (state.cancelled) throw new DomainError('billing.invoice_cancelled', 409);
    const due = dueOf(state);
    if (due <= 0) throw new DomainError('billing.invoice_paid', 409);
    const i = state.issued;
    const paymentId = newId();
    const returnPath = accountInvoicePath(i.unique_id, language);
    let url: string;
    try {
      ({ url } = await this.gateways.simulator.start(
        {
          tenantId: PLATFORM_TENANT,
          paymentId,
          amount: due,
          currency: i.currency,
          decimals: decimalsOf(i.currency),
          language,
          description: language === 'ar' ? `فاتورة رونق رقم ${i.number}` : `Rawnaq invoice ${i.number}`,
          merchantName: language === 'ar' ? i.seller.name_ar : i.seller.name_en,
          returnPath,
          origin,
        },
        {},
      ));
    } catch {
      throw new DomainError('online.payment_unavailable', 409);
    }
    const ctx: CommandContext = {
      tenantId: PLATFORM_TENANT,
      actor: { kind: 'system', id: 'payment-gateway' },
      correlationId: paymentId,
      now,
      [UNIT]: unit,
    };
    const outcome = await this.aggregates.handle<AccountGatewayPaymentState, AccountGatewayPaymentEvent>(
      accountGatewayPaymentStream(paymentId),
      ctx,
      {
        initial: initialAccountGatewayPayment,
        evolve: evolveAccountGatewayPayment,
        decide: (s) =>
          decideAccountGatewayPayment(
            {
              type: 'Start',
              started: {
                payment_id: paymentId,
                invoice_id: i.invoice_id,
                amount: due,
                currency: i.currency,
                pay_url: url,
                return_path: returnPath,
              },
            },
            s,
          ),
      },
    );
    return new Answer({ payment_id: paymentId, pay_url: url }, outcome.position, 201);
  }

  /** The gateway's verified word on a payment of the platform: paid records it on the invoice, once. */
  async apply(notice: GatewayNotice, now: Date, unit?: UnitOfWork): Promise<Answer> {
    const ctx: CommandContext = {
      tenantId: PLATFORM_TENANT,
      actor: { kind: 'system', id: 'payment-gateway' },
      correlationId: newId(),
      now,
      [UNIT]: unit,
    };
    const { state } = await this.aggregates.load(
      ctx,
      accountGatewayPaymentStream(notice.paymentId),
      initialAccountGatewayPayment,
      evolveAccountGatewayPayment,
    );
    if (!state.exists) throw notFound('not_found.payment');
    if (notice.amount !== undefined && notice.amount !== state.started.amount)
      throw new DomainError('payments.gateway_amount_mismatch', 409);
    const { position } = await this.aggregates.transaction(ctx, async (ctx) => {
      const settled = await this.aggregates.handle<AccountGatewayPaymentState, AccountGatewayPaymentEvent>(
        accountGatewayPaymentStream(notice.paymentId),
        ctx,
        {
          initial: initialAccountGatewayPayment,
          evolve: evolveAccountGatewayPayment,
          decide: (s) =>
            decideAccountGatewayPayment(
              { type: 'Settle', status: notice.status, reference: notice.reference ?? '' },
              s,
            ),
        },
      );
      const first = settled.events[0];
      // the payment is recorded with the first "paid"; a repeat of it finds it recorded already
      if (first?.type === 'AccountGatewayPaymentSettled' && first.data.status === PaymentGatewayStatus.paid)
        await this.billing.pay(ctx, state.started.invoice_id, {
          paymentId: state.started.payment_id,
          method: 'gateway',
          amount: state.started.amount,
          reference: notice.reference ?? state.started.payment_id,
        });
    });
    return new Answer(
      { payment_id: notice.paymentId, status: notice.status, return_path: state.started.return_path },
      position,
    );
  }
}

@Controller('api/manager')
@Realm('manager')
export class BillingController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Put('plans/:plan')
  @HttpCode(200)
  plan(@Auth() auth: AuthContext, @Req() req: Request, @Param('plan') plan: string, @Body() body: unknown) {
    return this.commands.execute(new ChangeBilling(commandContext(auth, req), { kind: 'plan', plan }, body));
  }

  @Put('billing-seller/platform')
  @HttpCode(200)
  seller(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new ChangeBilling(commandContext(auth, req), { kind: 'seller' }, body));
  }

  @Post('account-invoices')
  issue(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new ChangeBilling(commandContext(auth, req), { kind: 'issue' }, body));
  }

  @Post('account-invoices/:id/cancel')
  @HttpCode(200)
  cancel(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new ChangeBilling(commandContext(auth, req), { kind: 'cancel', id }, body));
  }

  @Post('account-invoices/:id/payments')
  manualPayment(
    @Auth() auth: AuthContext,
    @Req() req: Request,
    @Param('id') id: string,
    @Body() body: unknown,
  ) {
    return this.commands.execute(
      new ChangeBilling(commandContext(auth, req), { kind: 'manual-payment', id }, body),
    );
  }

  @Post('payment-requests')
  request(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new ChangeBilling(commandContext(auth, req), { kind: 'request' }, body));
  }
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The invoice's public page's "Pay": opens the payment at the gateway and answers where to send the owner. */
@Controller('api/public/account-invoices')
export class PublicAccountInvoicesController {
  private readonly limit = new PublicRateLimit(20);

  constructor(
    @Inject(AccountInvoicePayments) private readonly payments: AccountInvoicePayments,
    @Inject(TOKENS.clock) private readonly clock: Clock,
  ) {}

  @Post(':uniqueId/pay')
  @Public()
  pay(
    @ClientIp() ip: string,
    @Req() req: Request,
    @Param('uniqueId') uniqueId: string,
    @Body() body: unknown,
  ) {
    const now = this.clock.now();
    this.limit.check(ip, now.getTime());
    const language = (body as { language?: unknown } | undefined)?.language === 'en' ? 'en' : 'ar';
    const host = one(req.headers.host) ?? 'localhost';
    return this.payments.start(now, uniqueId, language, `http://${host}`, unitOfRequest(req));
  }
}
