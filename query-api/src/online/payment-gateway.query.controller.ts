import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import {
  addDays,
  businessDate,
  decimalsOf,
  DomainError,
  notFound,
  Page,
  PLATFORM_TIME_ZONE,
  Permission,
  rejected,
  type Currency,
} from '@rawnaq/contracts';
import {
  Auth,
  decimalText,
  Public,
  Realm,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type Doc,
  type ReadModels,
} from '@rawnaq/platform';
import { accountOf } from '../shared/account';
import { dateFilter } from '../shared/list-query';

const MAX_DAYS = 400;
const MAX_ROWS = 1000;
const OUTCOMES = ['pending', 'paid', 'failed'] as const;

const period = (query: Record<string, unknown>, today: string) => {
  const from = dateFilter(query, 'from') ?? today;
  const to = dateFilter(query, 'to') ?? from;
  if (to < from) throw rejected('sales.period_reversed', 'to');
  if (addDays(from as never, MAX_DAYS) < to)
    throw new DomainError('sales.period_too_long', 422, { to: 'sales.period_too_long' }, { max: MAX_DAYS });
  return { from, to };
};

/** `reports/payment-gateway-payments`: the salon's online payments of a period, their outcome and the fees. */
@Controller('api/merchant')
@Realm('merchant')
export class PaymentGatewayReportController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get('reports/payment-gateway-payments')
  @RequirePermission(Page.pos, Permission.salesReports)
  async payments(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const { today } = await accountOf(this.models, auth.tenantId);
    const { from, to } = period(query, today);
    const outcome = query.outcome;
    if (outcome !== undefined && outcome !== '' && !OUTCOMES.includes(outcome as never))
      throw rejected('validation.invalid_value', 'outcome');
    const docs = await this.models.find('gateway_payments', {
      filter: {
        tenantId: auth.tenantId,
        business_date: { $gte: from, $lte: to },
        ...(typeof outcome === 'string' && outcome && { outcome }),
      },
      sort: [['started_at', 'desc']],
      limit: MAX_ROWS,
    });
    const sum = (rows: Doc[], f: string) => rows.reduce((s, r) => s + Number(r[f] ?? 0), 0);
    const paid = docs.filter((d) => d.outcome === 'paid');
    return {
      from,
      to,
      rows: docs.map((d) => ({
        id: d.id,
        unique_id: d.unique_id,
        started_at: d.started_at,
        business_date: d.business_date,
        gateway_type: d.gateway_type,
        gateway: d.gateway,
        customer_name: d.customer_name,
        mobile: d.mobile,
        amount: d.amount,
        currency: d.currency,
        status: d.status,
        outcome: d.outcome,
        reference: d.reference ?? null,
        failed_reason: d.failed_reason ?? null,
        after_failure: d.after_failure ?? false,
        appointment_id: d.appointment_id ?? null,
        fee_amount: d.fee_amount ?? 0,
        fee_currency: d.fee_currency ?? 'AED',
        // a gift card or offer bought: handed over, or refused by the till with its reason
        purchase_kind: d.purchase_kind ?? null,
        delivered: typeof d.document_unique_id === 'string',
        not_delivered_reason: d.not_delivered_reason ?? null,
        not_delivered_params: d.not_delivered_params ?? null,
      })),
      totals: {
        payments: docs.length,
        paid: paid.length,
        paid_amount: sum(paid, 'amount'),
        pending: docs.filter((d) => d.outcome === 'pending').length,
        failed: docs.filter((d) => d.outcome === 'failed').length,
        not_delivered: paid.filter((d) => typeof d.not_delivered_reason === 'string').length,
        fees: sum(paid, 'fee_amount'),
        fee_currency: 'AED',
      },
    };
  }
}

/** The platform's fee of every successful gateway transaction, per salon (doc2 §9), for the manager. */
@Controller('api/manager')
@Realm('manager')
export class PaymentGatewayFeesController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get('payment-gateway-fees')
  async fees(@Query() query: Record<string, unknown>) {
    const { from, to } = period(query, businessDate(new Date(), PLATFORM_TIME_ZONE));
    const docs = await this.models.find('payment_gateway_fees', {
      // by the platform's day of each charge, as the period is the platform's
      filter: { platform_date: { $gte: from, $lte: to } },
      sort: [['charged_at', 'desc']],
      limit: MAX_ROWS,
    });
    const bySalon = new Map<string, { tenant_id: string; transactions: number; fees: number }>();
    for (const d of docs) {
      const t = String(d.tenantId);
      const row = bySalon.get(t) ?? { tenant_id: t, transactions: 0, fees: 0 };
      row.transactions += 1;
      row.fees += Number(d.amount);
      bySalon.set(t, row);
    }
    const accounts = await this.models.getMany('accounts', [...bySalon.keys()]);
    return {
      from,
      to,
      currency: 'AED',
      rows: [...bySalon.values()].map((r) => {
        const a = accounts.find((x) => x.id === r.tenant_id);
        return {
          ...r,
          account_id: a?.account_id ?? null,
          name_en: a?.name_en ?? '',
          name_ar: a?.name_ar ?? '',
        };
      }),
      totals: { transactions: docs.length, fees: docs.reduce((s, d) => s + Number(d.amount), 0) },
    };
  }
}

/** `payment-gateway-status/{uniqueId}`: where her payment stands, from its link. */
@Controller('api/public')
export class PaymentGatewayStatusController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get('payment-gateway-status/:uniqueId')
  @Public()
  async status(@Param('uniqueId') uniqueId: string) {
    if (!/^[A-Za-z0-9_-]{10,64}$/.test(uniqueId)) throw notFound('not_found.payment');
    const [doc] = await this.models.find('gateway_payments', { filter: { unique_id: uniqueId }, limit: 1 });
    if (!doc) throw notFound('not_found.payment');
    const { doc: account } = await accountOf(this.models, String(doc.tenantId));
    const deposit = doc.deposit_id ? await this.models.get('deposits', String(doc.deposit_id)) : undefined;
    const currency = doc.currency as Currency;
    const paid = doc.outcome === 'paid';
    return {
      unique_id: doc.unique_id,
      status: doc.status,
      outcome: doc.outcome,
      gateway_type: doc.gateway_type,
      amount: decimalText(Number(doc.amount), decimalsOf(currency)),
      amount_minor: doc.amount,
      currency,
      expires_at: doc.expires_at,
      pay_url: doc.outcome === 'pending' ? doc.pay_url : null,
      failed_reason: doc.failed_reason ?? null,
      // the visit is hers to see once paid; a payment paid after its visit was cancelled has none
      booking: paid && doc.deposit_id ? { id: doc.appointment_id, unique_id: doc.booking_unique_id } : null,
      deposit: paid && deposit ? { unique_id: deposit.unique_id } : null,
      // what a gift card or offer payment bought, once it is the customer's (paid, then delivered)
      purchase: doc.purchase_kind
        ? {
            kind: doc.purchase_kind,
            delivered: paid && typeof doc.document_unique_id === 'string',
            // paid, but the salon could not hand it over yet: it will deliver it or give the money back
            not_delivered: paid && typeof doc.not_delivered_reason === 'string',
            unique_id: paid ? (doc.document_unique_id ?? null) : null,
          }
        : null,
      salon: { alias: account.alias, name_en: account.name_en ?? '', name_ar: account.name_ar ?? '' },
    };
  }
}
