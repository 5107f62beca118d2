import { Inject, Injectable } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import {
  APPOINTMENT_CATEGORY,
  currencyOfCountry,
  decimalsOf,
  DomainError,
  GATEWAY_PAYMENT_CATEGORY,
  platformSettingsOf,
  newId,
  PaymentGatewayStatus,
  PaymentMethod,
  PLATFORM_TENANT,
  streamName,
  type AppointmentEvent,
  type DepositEvent,
  type DepositTaken,
  type GatewayName,
  type GatewayPaymentEvent,
  type GatewayPaymentStarted,
  type OnlinePurchase,
} from '@rawnaq/contracts';
import {
  decimalText,
  GatewayCallbackRefused,
  TOKENS,
  type GatewayCredentials,
  type GatewayNotice,
  type ReadModels,
  type SealedSecrets,
  type UserScope,
} from '@rawnaq/platform';
import { decideDeposits, evolveDeposits, initialDepositsState, type DepositsState } from '../sales/deposit';
import { depositsStream } from '../sales/deposits.commands';
import { ChangeAppointments } from '../scheduling/appointments.commands';
import { OutboxWorker } from '../engagement/outbox.worker';
import { evolveVisit, initialVisitState, type VisitState } from '../scheduling/visit';
import {
  evolveAccountSettings,
  initialAccountSettings,
  type AccountSettings,
  type SettingsEvent,
} from '../settings/account-settings';
import { Answer } from '../shared/answer';
import { type CommandContext, UNIT } from '../shared/command-context';
import { Aggregates, idFor } from '../shared/repository';
import { tenantInfo, type TenantInfo } from '../shared/tenant';
import {
  decideGatewayPayment,
  evolveGatewayPayment,
  initialGatewayPayment,
  type GatewayPaymentCommand,
  type GatewayPaymentState,
} from './gateway-payment';
import { GATEWAY_TOKENS, type PaymentGateways } from './gateway-tokens';
import { OnlinePurchases } from './online-purchases';
import { AccountInvoicePayments } from '../platform/billing.commands';
import type { UnitOfWork } from '../shared/unit-of-work';

export const gatewayPaymentStream = (tenantId: string, paymentId: string) =>
  streamName(GATEWAY_PAYMENT_CATEGORY, tenantId, paymentId);

/** A link of 22 characters from a hash: the capability to see a page, not guessable. */
const linkOf = (id: string) => createHash('sha256').update(id).digest('base64url').slice(0, 22);

/** What the payment system may do in the appointment book: cancel the visit a failed payment held. */
const PAYMENTS: { scope: UserScope } = {
  scope: { employeeId: undefined, rights: new Set(['view_all_appointments']), isAdmin: false },
};

/** A purchase on the salon's pages to pay: what it buys and its price (minor units). */
export type PurchaseToPay = {
  purchase: OnlinePurchase;
  amount: number;
  language: 'en' | 'ar';
  alias: string;
  merchantName: string;
  origin: string;
};

export type VisitToPay = {
  appointmentId: string;
  bookingUniqueId: string;
  customerId: string;
  customerName: string;
  mobile: string;
  amount: number;
  language: 'en' | 'ar';
  alias: string;
  merchantName: string;
  origin: string;
};

/**
 * Payments through the online payment gateway: opened at the salon's gateway (the simulator unless the
 * salon set up the bank's hosted page), then settled by the gateway's callbacks, which are verified by
 * the adapter and decided on the payment's own stream. What a payment's outcome does to the visit
 * happens in the same append as the outcome: paid writes the deposit on the visit (payment source 1),
 * failed or expired cancels the visit, so its time is free again.
 */
@Injectable()
export class GatewayPayments {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(GATEWAY_TOKENS.gateways) private readonly gateways: PaymentGateways,
    @Inject(GATEWAY_TOKENS.secrets) private readonly secrets: SealedSecrets,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(OnlinePurchases) private readonly purchases: OnlinePurchases,
    @Inject(OutboxWorker) private readonly messages: OutboxWorker,
  ) {}

  /** The salon's gateway and its credentials, the secrets opened for the call only. */
  async credentials(tenantId: string): Promise<{ gateway: GatewayName; credentials: GatewayCredentials }> {
    const { state } = await this.aggregates.load<AccountSettings, SettingsEvent>(
      undefined,
      streamName('account', tenantId, tenantId),
      initialAccountSettings,
      evolveAccountSettings,
    );
    const g = state.exists ? state.paymentGateway : undefined;
    if (!g) return { gateway: 'simulator', credentials: {} };
    return {
      gateway: g.gateway,
      credentials: {
        key: g.key,
        tranportal_id: g.tranportal_id,
        ...(g.secret_sealed && { secret: this.secrets.open(g.secret_sealed) }),
        ...(g.terminal_resource_key_sealed && {
          terminal_resource_key: this.secrets.open(g.terminal_resource_key_sealed),
        }),
      },
    };
  }

  /** Opens the deposit's payment of a visit just booked: status 1, and the hosted page to send her to. */
  startForVisit(ctx: CommandContext, tenant: TenantInfo, visit: VisitToPay) {
    return this.open(ctx, tenant, {
      gatewayType: 1,
      amount: visit.amount,
      language: visit.language,
      alias: visit.alias,
      merchantName: visit.merchantName,
      origin: visit.origin,
      description: visit.language === 'ar' ? 'عربون موعد' : 'Booking deposit',
      customerId: visit.customerId,
      customerName: visit.customerName,
      mobile: visit.mobile,
      visit: { appointment_id: visit.appointmentId, booking_unique_id: visit.bookingUniqueId },
    });
  }

  /**
   * Opens the payment of a purchase on the salon's pages (a gift card, type 2; an offer or a package,
   * type 3): nothing is sold until the gateway says it is paid.
   */
  startForPurchase(ctx: CommandContext, tenant: TenantInfo, sale: PurchaseToPay) {
    const { purchase } = sale;
    const what =
      purchase.kind === 'gift_card'
        ? sale.language === 'ar'
          ? 'بطاقة إهداء'
          : 'Gift card'
        : sale.language === 'ar'
          ? purchase.name_ar
          : purchase.name_en;
    return this.open(ctx, tenant, {
      gatewayType: purchase.kind === 'gift_card' ? 2 : 3,
      amount: sale.amount,
      language: sale.language,
      alias: sale.alias,
      merchantName: sale.merchantName,
      origin: sale.origin,
      description: what.slice(0, 100),
      // the buyer is registered (or found by her mobile) once she has paid
      customerId: '',
      customerName: purchase.buyer.name,
      mobile: purchase.buyer.mobile,
      purchase,
    });
  }

  private async open(
    ctx: CommandContext,
    tenant: TenantInfo,
    p: {
      gatewayType: 1 | 2 | 3;
      amount: number;
      language: 'en' | 'ar';
      alias: string;
      merchantName: string;
      origin: string;
      description: string;
      customerId: string;
      customerName: string;
      mobile: string;
      visit?: { appointment_id: string; booking_unique_id: string };
      purchase?: OnlinePurchase;
    },
  ) {
    const paymentId = idFor(ctx, 'gateway-payment');
    const uniqueId = linkOf(idFor(ctx, 'gateway-payment-link'));
    const currency = currencyOfCountry(tenant.countryId);
    const { gateway, credentials } = await this.credentials(ctx.tenantId);
    const returnPath = `${p.language === 'en' ? '/en' : ''}/salon/${encodeURIComponent(p.alias)}/payment-gateway-status/${uniqueId}`;
    let url: string;
    try {
      ({ url } = await this.gateways[gateway].start(
        {
          tenantId: ctx.tenantId,
          paymentId,
          amount: p.amount,
          currency,
          decimals: decimalsOf(currency),
          language: p.language,
          description: p.description,
          merchantName: p.merchantName,
          returnPath,
          origin: p.origin,
        },
        credentials,
      ));
    } catch {
      // the bank is unreachable or the salon's credentials are incomplete: nothing is booked or sold
      throw new DomainError('online.payment_unavailable', 409);
    }
    const started: GatewayPaymentStarted['data'] = {
      payment_id: paymentId,
      unique_id: uniqueId,
      gateway_type: p.gatewayType,
      gateway,
      pay_url: url,
      return_path: returnPath,
      amount: p.amount,
      currency,
      ...p.visit,
      customer_id: p.customerId,
      customer_name: p.customerName,
      mobile: p.mobile,
      business_date: tenant.today,
      expires_at: new Date(ctx.now.getTime() + (await this.platform()).minutes * 60_000).toISOString(),
      ...(p.purchase && { purchase: p.purchase }),
    };
    const outcome = await this.decide(ctx, paymentId, { type: 'Start', started });
    const s = outcome.state;
    return { payment: s.exists ? s.started : started, position: outcome.position };
  }

  /**
   * The platform's gateway defaults (platform-setting/payment-gateway-setting): the fee and the time to
   * pay; a salon on one of the platform's packages (payment-gateway-packages) pays that package's fee.
   */
  private async platform(tenantId?: string) {
    const settings = platformSettingsOf(await this.models.get('platform_settings', 'platform'));
    const account = tenantId ? await this.models.get('accounts', tenantId) : undefined;
    const pkg =
      typeof account?.payment_gateway_package_id === 'string'
        ? await this.models.get('payment_gateway_packages', account.payment_gateway_package_id)
        : undefined;
    const feeFils =
      typeof pkg?.transaction_fee_fils === 'number' ? pkg.transaction_fee_fils : settings.gateway_fee_fils;
    return { feeFils, minutes: settings.gateway_payment_minutes };
  }

  private decide(ctx: CommandContext, paymentId: string, command: GatewayPaymentCommand) {
    return this.aggregates.handle<GatewayPaymentState, GatewayPaymentEvent>(
      gatewayPaymentStream(ctx.tenantId, paymentId),
      ctx,
      {
        initial: initialGatewayPayment,
        evolve: evolveGatewayPayment,
        decide: (s) => decideGatewayPayment(command, s),
      },
    );
  }

  /**
   * A verified notice from the gateway, applied: the payment's events, then what they mean for the
   * visit. A repeat writes nothing; a failure after paid is kept as ignored and touches nothing.
   */
  async apply(notice: GatewayNotice, now: Date, gateway: GatewayName, unit?: UnitOfWork): Promise<Answer> {
    const tenant = await tenantInfo(this.models, notice.tenantId, now).catch(() => {
      throw new GatewayCallbackRefused('unknown salon');
    });
    const ctx: CommandContext = {
      tenantId: notice.tenantId,
      actor: { kind: 'system', id: 'payment-gateway' },
      correlationId: newId(),
      now,
      [UNIT]: unit,
    };
    const { state } = await this.aggregates.load(
      ctx,
      gatewayPaymentStream(ctx.tenantId, notice.paymentId),
      initialGatewayPayment,
      evolveGatewayPayment,
    );
    if (!state.exists) throw new GatewayCallbackRefused('unknown payment');
    // a payment is settled only by the gateway it was opened at
    if (state.started.gateway !== gateway) throw new GatewayCallbackRefused('another gateway');
    const currency = state.started.currency as Parameters<typeof decimalsOf>[0];
    if (
      notice.amountDecimal !== undefined &&
      notice.amountDecimal !== decimalText(state.started.amount, decimalsOf(currency))
    )
      throw new DomainError('payments.gateway_amount_mismatch', 409);
    const { feeFils } = await this.platform(notice.tenantId);
    const { result, position } = await this.aggregates.transaction(ctx, async (ctx) => {
      const visit = state.started.appointment_id
        ? await this.visit(ctx, state.started.appointment_id)
        : undefined;
      const visitOpen = visit?.exists === true && visit.status !== 0 && !visit.invoiceId;
      const depositId = linkId(state.started.payment_id, 'deposit');
      const outcome = await this.decide(ctx, notice.paymentId, {
        type: 'Report',
        status: notice.status,
        ...(notice.reference && { reference: notice.reference }),
        ...(notice.amount !== undefined && { amount: notice.amount }),
        ...(visitOpen && { depositId }),
        feeFils,
        today: tenant.today,
      });
      for (const event of outcome.events) {
        if (event.type === 'GatewayPaymentPaid' && event.data.deposit_id && visit?.exists) {
          await this.takeDeposit(
            ctx,
            tenant,
            state.started,
            visit,
            event.data.deposit_id,
            event.data.reference,
          );
          // the booking held for its deposit is now hers: its confirmation, with the payment
          if (state.started.booking_unique_id)
            await this.messages.outbox.queueBookingConfirmation(ctx, {
              id: visit.appointmentId,
              customer_id: visit.customerId,
              start: visit.lines.map((l) => l.start).sort()[0],
              unique_id: state.started.booking_unique_id,
            });
        }
        if (event.type === 'GatewayPaymentFailed' && visitOpen) await this.cancelVisit(ctx, state.started);
      }
      return outcome.state.exists ? outcome.state.status : state.status;
    });
    // a paid purchase becomes the customer's in its own unit: a repeat of the callback delivers it if
    // this one could not, and never twice
    const delivered =
      result === PaymentGatewayStatus.paid && state.started.purchase
        ? await this.purchases.deliver(ctx, tenant, notice.paymentId)
        : undefined;
    return new Answer(
      { payment_id: notice.paymentId, status: result, return_path: state.started.return_path },
      delivered ?? position,
    );
  }

  /** The payments whose time ran out while pending: cancelled (6), and the visits they held freed. */
  async expire(now: Date) {
    const due = await this.models.find('gateway_payments', {
      filter: { outcome: 'pending' },
      sort: [['expires_at', 'asc']],
      limit: 100,
    });
    let expired = 0;
    for (const doc of due) {
      if (Date.parse(String(doc.expires_at)) > now.getTime()) break;
      const tenantId = String(doc.tenantId);
      const tenant = await tenantInfo(this.models, tenantId, now);
      const ctx: CommandContext = {
        tenantId,
        actor: { kind: 'system', id: 'payment-gateway' },
        correlationId: newId(),
        now,
      };
      await this.aggregates.transaction(ctx, async (ctx) => {
        const outcome = await this.decide(ctx, String(doc.id), { type: 'Expire', now, today: tenant.today });
        const s = outcome.state;
        if (outcome.events.length && s.exists && s.started.appointment_id) {
          const visit = await this.visit(ctx, s.started.appointment_id);
          if (visit.exists && visit.status !== 0 && !visit.invoiceId) await this.cancelVisit(ctx, s.started);
        }
        expired += outcome.events.length;
      });
    }
    return expired;
  }

  private async visit(ctx: CommandContext, appointmentId: string) {
    const { state } = await this.aggregates.load<VisitState, AppointmentEvent>(
      ctx,
      streamName(APPOINTMENT_CATEGORY, ctx.tenantId, appointmentId),
      initialVisitState,
      evolveVisit,
    );
    return state;
  }

  private async cancelVisit(ctx: CommandContext, started: GatewayPaymentStarted['data']) {
    await this.commands.execute(
      new ChangeAppointments(ctx, PAYMENTS, {
        kind: 'cancel',
        id: started.appointment_id!,
        body: { reason: 'Online deposit not paid / لم يُدفع العربون' },
      }),
    );
  }

  private async takeDeposit(
    ctx: CommandContext,
    tenant: TenantInfo,
    started: GatewayPaymentStarted['data'],
    visit: Extract<VisitState, { exists: true }>,
    depositId: string,
    reference: string,
  ) {
    const taken: DepositTaken['data'] = {
      deposit_id: depositId,
      appointment_id: started.appointment_id!,
      customer_id: visit.customerId,
      customer_name: started.customer_name,
      // paid by card on the gateway's hosted page; its transaction reference is the authorization
      payment: {
        payment_id: depositId,
        method: PaymentMethod.credit_card,
        amount: started.amount,
        ...(reference && { authorization_code: reference.slice(0, 50) }),
      },
      unique_id: linkOf(linkId(started.payment_id, 'deposit-link')),
      business_date: tenant.today,
      cashier_id: 'online',
      currency: started.currency,
    };
    await this.aggregates.handle<DepositsState, DepositEvent>(
      depositsStream(ctx.tenantId, taken.appointment_id),
      ctx,
      {
        initial: initialDepositsState,
        evolve: evolveDeposits,
        decide: (s) => decideDeposits({ type: 'Take', taken }, s),
      },
    );
  }
}

/** An id derived from the payment's: the same callback, however often it comes, makes the same deposit. */
const linkId = (paymentId: string, part: string) => {
  const h = createHash('sha256').update(`${paymentId}\u0000${part}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** A callback from a gateway, as it came over HTTP (or from the simulator in this process). */
export class ReceiveGatewayCallback {
  constructor(
    readonly gateway: GatewayName,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string | undefined>,
    readonly now: Date,
    readonly tenantId?: string,
    /** the request's unit of work (see `RequestUnit`); none from the simulator's page in this process */
    readonly unit?: UnitOfWork,
  ) {}
}

@CommandHandler(ReceiveGatewayCallback)
export class ReceiveGatewayCallbackHandler implements ICommandHandler<ReceiveGatewayCallback> {
  constructor(
    @Inject(GatewayPayments) private readonly payments: GatewayPayments,
    @Inject(GATEWAY_TOKENS.gateways) private readonly gateways: PaymentGateways,
    @Inject(AccountInvoicePayments) private readonly platformPayments: AccountInvoicePayments,
  ) {}

  async execute({ gateway, body, headers, now, tenantId, unit }: ReceiveGatewayCallback): Promise<Answer> {
    try {
      const notice = await this.gateways[gateway].verify(
        { body, headers, tenantId },
        async (t) => (await this.payments.credentials(t)).credentials,
      );
      // a salon paying the platform's invoice (through the simulator, the platform's own gateway)
      if (notice.tenantId === PLATFORM_TENANT && gateway === 'simulator')
        return await this.platformPayments.apply(notice, now, unit);
      return await this.payments.apply(notice, now, gateway, unit);
    } catch (error) {
      if (error instanceof GatewayCallbackRefused) throw new DomainError('payments.callback_refused', 401);
      throw error;
    }
  }
}
