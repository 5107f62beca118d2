import { z } from 'zod';
import { COUNTRY_LIST, CountryId, type Currency } from '../coded-values/countries';
import { cleanPayload } from '../customers/customer-input';
import { streamName } from '../events/envelope';
import { PLATFORM_TENANT } from '../identity/events';
import { currencyOfCountry } from '../money/money';
import { parseMoney } from '../money/parse';
import { required } from '../validators/core';
import { date } from '../validators/dates';
import { integer, price } from '../validators/numbers';
import { maxLength } from '../validators/text';
import { withRule } from '../validators/zod';

/**
 * The platform as a business (issue 27 "Plans" and "The platform's own invoices"): the plans the
 * manager sells, the platform's invoices to salons with the platform's own VAT, the payment requests
 * mailed to owners and the payments that settle the invoices (and renew the salon).
 */

export const PAID_PLANS = ['basic', 'advanced', 'premium'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];
export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
export const MONTHS_OF_PERIOD: Record<BillingPeriod, number> = { monthly: 1, yearly: 12 };
export const ADDONS = ['advanced_accounting', 'whatsapp', 'payment_gateway'] as const;
export type Addon = (typeof ADDONS)[number];

export const planStream = (plan: PaidPlan) => streamName('plan', PLATFORM_TENANT, plan);
export const billingSellerStream = streamName('billingseller', PLATFORM_TENANT, 'platform');
export const accountInvoiceStream = (id: string) => streamName('accountinvoice', PLATFORM_TENANT, id);
export const accountPaymentRequestStream = (id: string) =>
  streamName('accountpaymentrequest', PLATFORM_TENANT, id);
export const accountGatewayPaymentStream = (id: string) =>
  streamName('accountgatewaypayment', PLATFORM_TENANT, id);

// ---- plans ----

/** A plan's price in one country, in that country's currency (minor units). */
export type PlanPrice = { country_id: number; currency: Currency; monthly: number; yearly: number };
export type PlanDefinition = {
  name_en: string;
  name_ar: string;
  max_employees: number;
  features_en: string[];
  features_ar: string[];
  prices: PlanPrice[];
};
export type PlanChanged = {
  type: 'PlanChanged';
  data: PlanDefinition & { plan: PaidPlan; previous: PlanDefinition | null };
};

const gulf = COUNTRY_LIST.map((c) => c.id);
const lines = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/**
 * A plan as the manager types it: its names, its employees, its features one a line, and its monthly
 * and yearly prices per Gulf country (`monthly_1`, `yearly_1` for KSA...); a country left empty is not
 * offered the plan.
 */
export const planInput = z
  .preprocess(
    cleanPayload,
    z.object({
      name_en: withRule(z.string(), required, maxLength(60)),
      name_ar: withRule(z.string(), required, maxLength(60)),
      max_employees: z.preprocess(
        (v) => (typeof v === 'number' ? String(v) : v),
        withRule(z.string(), required, integer({ min: 1, max: 1000 })).transform(Number),
      ),
      features_en: withRule(z.string(), maxLength(2000)).optional(),
      features_ar: withRule(z.string(), maxLength(2000)).optional(),
      ...Object.fromEntries(
        gulf.flatMap((id) => [
          [`monthly_${id}`, withRule(z.string(), price({ countryId: id, max: 1_000_000 })).optional()],
          [`yearly_${id}`, withRule(z.string(), price({ countryId: id, max: 10_000_000 })).optional()],
        ]),
      ),
    }),
  )
  .superRefine((v, ctx) => {
    // a country is offered both periods or none
    const o = v as Record<string, unknown>;
    for (const id of gulf)
      for (const [has, missing] of [
        [`monthly_${id}`, `yearly_${id}`],
        [`yearly_${id}`, `monthly_${id}`],
      ])
        if (o[has] && !o[missing])
          ctx.addIssue({ code: 'custom', path: [missing], message: 'validation.is_required' });
  })
  .transform((v): PlanDefinition => {
    const o = v as unknown as Record<string, string | undefined>;
    const minor = (text: string, currency: Currency) => {
      const r = parseMoney(text, currency);
      return r.ok ? r.money.amount : 0;
    };
    return {
      name_en: v.name_en,
      name_ar: v.name_ar,
      max_employees: v.max_employees,
      features_en: lines(v.features_en),
      features_ar: lines(v.features_ar),
      prices: gulf
        .filter((id) => o[`monthly_${id}`] && o[`yearly_${id}`])
        .map((id) => {
          const currency = currencyOfCountry(id);
          return {
            country_id: id,
            currency,
            monthly: minor(o[`monthly_${id}`]!, currency),
            yearly: minor(o[`yearly_${id}`]!, currency),
          };
        }),
    };
  });

// ---- the platform as a seller ----

/** The platform sells as a Saudi or an Emirati company: its VAT rate follows (15% KSA, 5% UAE). */
export const SELLER_COUNTRIES = [CountryId.ksa, CountryId.uae] as const;
export const SELLER_VAT_PERCENT: Record<number, string> = { [CountryId.ksa]: '15', [CountryId.uae]: '5' };
export type BillingSeller = {
  country_id: number;
  name_en: string;
  name_ar: string;
  trn: string;
  address_en: string;
  address_ar: string;
};
export const DEFAULT_BILLING_SELLER: BillingSeller = {
  country_id: CountryId.ksa,
  name_en: 'Rawnaq',
  name_ar: 'رونق',
  trn: '',
  address_en: '',
  address_ar: '',
};
export type BillingSellerChanged = {
  type: 'BillingSellerChanged';
  data: { changed: Partial<BillingSeller>; previous: Partial<BillingSeller> };
};

export const billingSellerInput = z.preprocess(
  cleanPayload,
  z.object({
    country_id: z.preprocess(
      (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
      z.union([z.literal(CountryId.ksa), z.literal(CountryId.uae)]),
    ),
    name_en: withRule(z.string(), required, maxLength(100)),
    name_ar: withRule(z.string(), required, maxLength(100)),
    // the tax registration number: 15 digits in both countries
    trn: withRule(z.string(), required, maxLength(15)).refine((t) => /^\d{15}$/.test(t), {
      message: 'billing.trn_15_digits',
    }),
    address_en: withRule(z.string(), required, maxLength(300)),
    address_ar: withRule(z.string(), required, maxLength(300)),
  }),
);

// ---- the platform's invoices ----

export type AccountInvoiceLine = {
  description_en: string;
  description_ar: string;
  net: number;
  vat: number;
  total: number;
};
export type AccountInvoiceIssued = {
  type: 'AccountInvoiceIssued';
  data: {
    invoice_id: string;
    /** sequential without gaps over all the platform's invoices */
    number: number;
    unique_id: string;
    account_id: number;
    account_name_en: string;
    account_name_ar: string;
    kind: 'subscription' | 'addon';
    plan?: PaidPlan;
    period?: BillingPeriod;
    months?: number;
    max_employees?: number;
    addon?: Addon;
    lines: AccountInvoiceLine[];
    currency: Currency;
    /** the platform's VAT rate on this invoice ('0' when the salon is abroad: an export of services) */
    vat_percent: string;
    net: number;
    vat: number;
    total: number;
    seller: BillingSeller;
    issue_date: string;
    due_date: string;
  };
};
export type AccountInvoiceCancelled = {
  type: 'AccountInvoiceCancelled';
  data: { invoice_id: string; account_id: number; reason: string };
};
export const ACCOUNT_PAYMENT_METHODS = ['gateway', 'bank_transfer'] as const;
export type AccountPaymentMethod = (typeof ACCOUNT_PAYMENT_METHODS)[number];
export type AccountInvoicePaymentRecorded = {
  type: 'AccountInvoicePaymentRecorded';
  data: {
    invoice_id: string;
    invoice_number: number;
    payment_id: string;
    account_id: number;
    method: AccountPaymentMethod;
    amount: number;
    /** the amount's share of the invoice's net and VAT (the last payment takes the remainders) */
    net: number;
    vat: number;
    currency: Currency;
    reference: string;
    paid_on: string;
    paid_at: string;
  };
};
export type AccountInvoicePaid = {
  type: 'AccountInvoicePaid';
  data: { invoice_id: string; account_id: number; paid_at: string };
};
export type AccountInvoiceEvent =
  AccountInvoiceIssued | AccountInvoiceCancelled | AccountInvoicePaymentRecorded | AccountInvoicePaid;

const code = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), schema);

/**
 * A new invoice to a salon: its subscription (a plan and a period, priced from the plans for the
 * salon's country) or an add-on: its price as agreed, in the salon's currency, before VAT, or left
 * empty for a month of the package the salon is on (its WhatsApp package, its payment gateway package)
 * when that package is priced in the salon's currency.
 */
export const accountInvoiceInput = z
  .preprocess(
    cleanPayload,
    z.object({
      account_id: code(z.number().int().min(1).max(999_999_999)),
      kind: z.enum(['subscription', 'addon']),
      plan: z.enum(PAID_PLANS).optional(),
      period: z.enum(BILLING_PERIODS).optional(),
      addon: z.enum(ADDONS).optional(),
      // up to 3 decimals here (KWD, OMR, BHD): the salon's currency decides when the invoice is made
      price: withRule(z.string(), price({ countryId: CountryId.kuwait, max: 10_000_000 })).optional(),
      due_date: withRule(z.string(), date).optional(),
    }),
  )
  .superRefine((v, ctx) => {
    const need = (field: string) =>
      ctx.addIssue({ code: 'custom', path: [field], message: 'validation.is_required' });
    if (v.kind === 'subscription') {
      if (!v.plan) need('plan');
      if (!v.period) need('period');
    } else {
      if (!v.addon) need('addon');
    }
  });
export type AccountInvoiceInput = z.infer<typeof accountInvoiceInput>;

export const cancelAccountInvoiceInput = z.preprocess(
  cleanPayload,
  z.object({ reason: withRule(z.string(), required, maxLength(500)) }),
);

/** A payment the manager records by hand: a bank transfer, with its reference. */
export const manualAccountPaymentInput = z.preprocess(
  cleanPayload,
  z.object({
    // up to 3 decimals here: the invoice's currency decides when the payment is recorded
    amount: withRule(z.string(), required, price({ countryId: CountryId.kuwait, max: 100_000_000 })),
    reference: withRule(z.string(), required, maxLength(100)),
    paid_on: withRule(z.string(), date).optional(),
  }),
);

// ---- payment requests ----

export type AccountPaymentRequested = {
  type: 'AccountPaymentRequested';
  data: {
    request_id: string;
    number: number;
    invoice_id: string;
    invoice_number: number;
    invoice_unique_id: string;
    account_id: number;
    amount: number;
    currency: Currency;
    email: string;
    note?: string;
  };
};
export const accountPaymentRequestInput = z.preprocess(
  cleanPayload,
  z.object({
    invoice_id: z.uuid(),
    note: withRule(z.string(), maxLength(500)).optional(),
  }),
);

// ---- payments through the gateway ----

export type AccountGatewayPaymentStarted = {
  type: 'AccountGatewayPaymentStarted';
  data: {
    payment_id: string;
    invoice_id: string;
    amount: number;
    currency: Currency;
    pay_url: string;
    return_path: string;
  };
};
export type AccountGatewayPaymentSettled = {
  type: 'AccountGatewayPaymentSettled';
  data: { payment_id: string; invoice_id: string; status: number; reference: string };
};
export type AccountGatewayPaymentEvent = AccountGatewayPaymentStarted | AccountGatewayPaymentSettled;

export const billingMessages = {
  en: {
    billing: {
      plan_not_priced: 'This plan has no price for the salon’s country: price it in the plans first',
      invoice_cancelled: 'This invoice is cancelled',
      invoice_paid: 'This invoice is already paid',
      invoice_has_payments: 'An invoice with payments cannot be cancelled',
      payment_exceeds_due: 'The payment is more than what is due on the invoice',
      payment_zero: 'The payment must be more than zero',
      seller_not_set: 'Set the platform’s seller details (name, TRN, address) first',
      trn_15_digits: 'The TRN is 15 digits',
      no_owner_email: 'The salon’s owner has no e-mail address',
      addon_not_priced:
        'The salon has no package of this add-on priced in its currency: type the price agreed with it',
    },
  },
  ar: {
    billing: {
      plan_not_priced: 'ليس لهذه الباقة سعر في دولة الصالون: حدّد سعرها في الباقات أولًا',
      invoice_cancelled: 'هذه الفاتورة ملغاة',
      invoice_paid: 'هذه الفاتورة مدفوعة بالفعل',
      invoice_has_payments: 'لا يمكن إلغاء فاتورة عليها دفعات',
      payment_exceeds_due: 'الدفعة أكبر من المستحق على الفاتورة',
      payment_zero: 'يجب أن تكون الدفعة أكبر من صفر',
      seller_not_set: 'أدخل بيانات المنصة كبائع (الاسم والرقم الضريبي والعنوان) أولًا',
      trn_15_digits: 'الرقم الضريبي 15 رقمًا',
      no_owner_email: 'ليس لمالكة الصالون بريد إلكتروني',
      addon_not_priced: 'ليس للصالون باقة من هذه الإضافة مسعّرة بعملته: اكتب السعر المتفق عليه معه',
    },
  },
};
