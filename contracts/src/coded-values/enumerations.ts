import { z } from 'zod';

/*
 * Coded values of doc1 §3 and status enumerations of doc1 §4, plus the lists of doc2 §9.
 * The numbers are what the API stores and sends; never renumber a value. Where the spec gives names but no
 * numbers (salon types, subtypes, account kinds, payment methods, booking sources, subscription types, rating,
 * customer types, the billing stock operation) the numbers below are this product's choice.
 */

type Values<T> = T[keyof T];

// ---- doc1 §3 coded values ----

export const Gender = { male: 1, female: 2, business: 3, not_specific: 4 } as const;
export type Gender = Values<typeof Gender>;
export const GenderSchema = z.enum(Gender);

export const SocialChannel = {
  telephone: 0,
  whatsapp: 1,
  google_maps: 2,
  instagram: 3,
  snapchat: 4,
  facebook: 5,
  facebook_page_id: 6,
  tiktok: 7,
  google_review: 8,
} as const;
export type SocialChannel = Values<typeof SocialChannel>;
export const SocialChannelSchema = z.enum(SocialChannel);

export const Weekday = {
  sunday: 0,
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
} as const;
export type Weekday = Values<typeof Weekday>;
export const WeekdaySchema = z.enum(Weekday);

export const ChartAccountMainType = {
  assets: 1,
  liabilities: 2,
  equity: 3,
  income: 4,
  costs_of_goods_sold: 5,
  expenses: 6,
} as const;
export type ChartAccountMainType = Values<typeof ChartAccountMainType>;
export const ChartAccountMainTypeSchema = z.enum(ChartAccountMainType);

export const ChartAccountSubtype = {
  banks: 1,
  accounts_receivable: 2,
  current_assets: 3,
  fixed_assets: 4,
  other_assets: 5,
  accounts_payable: 6,
  credit_card: 7,
  current_liabilities: 8,
  long_term_liabilities: 9,
  equity: 10,
  income: 11,
  other_income: 12,
  cost_of_goods_sold: 13,
  expenses: 14,
  other_expenses: 15,
} as const;
export type ChartAccountSubtype = Values<typeof ChartAccountSubtype>;
export const ChartAccountSubtypeSchema = z.enum(ChartAccountSubtype);

/** The main type each subtype belongs under in the chart of accounts. */
export const CHART_ACCOUNT_SUBTYPE_MAIN_TYPE: Readonly<Record<ChartAccountSubtype, ChartAccountMainType>> = {
  1: ChartAccountMainType.assets,
  2: ChartAccountMainType.assets,
  3: ChartAccountMainType.assets,
  4: ChartAccountMainType.assets,
  5: ChartAccountMainType.assets,
  6: ChartAccountMainType.liabilities,
  7: ChartAccountMainType.liabilities,
  8: ChartAccountMainType.liabilities,
  9: ChartAccountMainType.liabilities,
  10: ChartAccountMainType.equity,
  11: ChartAccountMainType.income,
  12: ChartAccountMainType.income,
  13: ChartAccountMainType.costs_of_goods_sold,
  14: ChartAccountMainType.expenses,
  15: ChartAccountMainType.expenses,
};

/**
 * The spec lists 31 of the 32 kinds by name; the 32nd is taken to be the customer wallet, the one
 * payment method (doc2 §9) with no account of its own in that list.
 */
export const ChartAccountKind = {
  normal: 1,
  master: 2,
  advanced_payments: 3,
  active_gift_cards: 4,
  unused_offer_services: 5,
  expense_type: 6,
  supplier: 7,
  employee: 8,
  salaries_group: 9,
  opening_balance_equity: 10,
  inventory: 11,
  unpaid_invoices: 12,
  receivable_cash: 13,
  receivable_credit_card: 14,
  debit_card: 15,
  transfer: 16,
  bank_cheque: 17,
  payment_link: 18,
  tabby: 19,
  tamara: 20,
  groupon: 21,
  sales: 22,
  vat_sales: 23,
  debit_notes: 24,
  vat_debit_notes: 25,
  payment_gateway: 26,
  purchases_paid_vat: 27,
  sales_return: 28,
  vat_credit_note: 29,
  cost_of_goods_sold: 30,
  salon_material_expense: 31,
  customer_wallet: 32,
} as const;
export type ChartAccountKind = Values<typeof ChartAccountKind>;
export const ChartAccountKindSchema = z.enum(ChartAccountKind);

export const VatType = { standard: 1, no_tax: 2, exempt: 3, zero_rated: 4 } as const;
export type VatType = Values<typeof VatType>;
export const VatTypeSchema = z.enum(VatType);

export const CustomerPenaltyType = { customer_no_show: 1, others: 2 } as const;
export type CustomerPenaltyType = Values<typeof CustomerPenaltyType>;
export const CustomerPenaltyTypeSchema = z.enum(CustomerPenaltyType);

/** How a product may be consumed: sold on invoices, used inside the salon, or both. */
export const ProductUsageType = { billing_and_internal: 1, billing_only: 2, internal_only: 3 } as const;
export type ProductUsageType = Values<typeof ProductUsageType>;
export const ProductUsageTypeSchema = z.enum(ProductUsageType);

export const SalonType = { women: 1, men: 2, kids: 3 } as const;
export type SalonType = Values<typeof SalonType>;
export const SalonTypeSchema = z.enum(SalonType);

export const OfferUseType = { fixed_services: 1, selection_from_customer: 2 } as const;
export type OfferUseType = Values<typeof OfferUseType>;
export const OfferUseTypeSchema = z.enum(OfferUseType);

// ---- doc1 §4 status enumerations ----

export const AppointmentStatus = { cancelled: 0, scheduled: 1, check_in: 2 } as const;
export type AppointmentStatus = Values<typeof AppointmentStatus>;
export const AppointmentStatusSchema = z.enum(AppointmentStatus);

export const AppointmentPaymentStatus = { unpaid: 0, paid: 1, waiting: 2 } as const;
export type AppointmentPaymentStatus = Values<typeof AppointmentPaymentStatus>;
export const AppointmentPaymentStatusSchema = z.enum(AppointmentPaymentStatus);

export const AppointmentSource = { system: 0, online: 1 } as const;
export type AppointmentSource = Values<typeof AppointmentSource>;
export const AppointmentSourceSchema = z.enum(AppointmentSource);

export const GiftCardType = { paid_voucher: 0, loyalty_voucher: 1, free_voucher: 2 } as const;
export type GiftCardType = Values<typeof GiftCardType>;
export const GiftCardTypeSchema = z.enum(GiftCardType);

export const GiftCardStatus = { used: 0, active: 1 } as const;
export type GiftCardStatus = Values<typeof GiftCardStatus>;
export const GiftCardStatusSchema = z.enum(GiftCardStatus);

export const StockOperationType = {
  add_quantity: 0,
  expired: 1,
  lost: 2,
  internal_use: 3,
  initial_quantity: 4,
  sold: 5,
  invoice_return: 6,
  billing: 7,
  // not in the spec's list, which has the adjust-quantity screen but no code for it: a stock count's correction
  adjust_quantity: 8,
  // received from a supplier on a purchase (issue 25), at the purchase's unit cost
  purchase: 9,
} as const;
export type StockOperationType = Values<typeof StockOperationType>;
export const StockOperationTypeSchema = z.enum(StockOperationType);

export const PaymentStatus = { cancelled: 0, paid: 1 } as const;
export type PaymentStatus = Values<typeof PaymentStatus>;
export const PaymentStatusSchema = z.enum(PaymentStatus);

/** Payments the platform collects from tenants (manager area). */
export const ManagerPaymentStatus = { cancelled: 0, not_paid: 1, paid: 2 } as const;
export type ManagerPaymentStatus = Values<typeof ManagerPaymentStatus>;
export const ManagerPaymentStatusSchema = z.enum(ManagerPaymentStatus);

export const PaymentSource = { billing: 0, deposit: 1, debit_note: 2, credit_note: 3 } as const;
export type PaymentSource = Values<typeof PaymentSource>;
export const PaymentSourceSchema = z.enum(PaymentSource);

export const MessagingConnectionStatus = { disconnected: 0, connected: 1, server_disconnected: 2 } as const;
export type MessagingConnectionStatus = Values<typeof MessagingConnectionStatus>;
export const MessagingConnectionStatusSchema = z.enum(MessagingConnectionStatus);

export const PackageStatus = { disabled: 0, active: 1, paused: 2 } as const;
export type PackageStatus = Values<typeof PackageStatus>;
export const PackageStatusSchema = z.enum(PackageStatus);

export const MainInstanceStatus = {
  disconnected: 0,
  connected: 1,
  server_disconnected: 2,
  paused: 3,
} as const;
export type MainInstanceStatus = Values<typeof MainInstanceStatus>;
export const MainInstanceStatusSchema = z.enum(MainInstanceStatus);

export const CampaignStatus = {
  disabled: 0,
  active: 1,
  sending: 2,
  paused: 3,
  temporary_saved: 4,
  completed: 5,
} as const;
export type CampaignStatus = Values<typeof CampaignStatus>;
export const CampaignStatusSchema = z.enum(CampaignStatus);

export const CampaignRecipientStatus = { failed: 0, pending: 1, sent: 2 } as const;
export type CampaignRecipientStatus = Values<typeof CampaignRecipientStatus>;
export const CampaignRecipientStatusSchema = z.enum(CampaignRecipientStatus);

export const DiscountCodeCategory = {
  all_services_and_products: 1,
  all_services: 2,
  all_products: 3,
  selected_services_and_products: 4,
  selected_services: 5,
  selected_products: 6,
} as const;
export type DiscountCodeCategory = Values<typeof DiscountCodeCategory>;
export const DiscountCodeCategorySchema = z.enum(DiscountCodeCategory);

export const DevelopmentSuggestionStatus = { rejected: 0, new: 1, under_processing: 2, done: 3 } as const;
export type DevelopmentSuggestionStatus = Values<typeof DevelopmentSuggestionStatus>;
export const DevelopmentSuggestionStatusSchema = z.enum(DevelopmentSuggestionStatus);

export const AccountRequestStatus = { rejected: 0, active: 1, waiting_for_verify: 2, approved: 3 } as const;
export type AccountRequestStatus = Values<typeof AccountRequestStatus>;
export const AccountRequestStatusSchema = z.enum(AccountRequestStatus);

export const EditProductRequestStatus = { rejected: 0, active: 1, approved: 2 } as const;
export type EditProductRequestStatus = Values<typeof EditProductRequestStatus>;
export const EditProductRequestStatusSchema = z.enum(EditProductRequestStatus);

/** kept_locally: no mail server is set (SMTP_URL), the message is only in the outbox. */
export const MailSentStatus = { failed: 0, pending: 1, success: 2, kept_locally: 3 } as const;
export type MailSentStatus = Values<typeof MailSentStatus>;
export const MailSentStatusSchema = z.enum(MailSentStatus);

export const FailedLoginType = { email: 1, password: 2, blocked: 3, disallowed_country: 4 } as const;
export type FailedLoginType = Values<typeof FailedLoginType>;
export const FailedLoginTypeSchema = z.enum(FailedLoginType);

/**
 * The gateway reports six codes; the product shows only three outcomes (1, 2 pending; 3, 4, 6 failed;
 * 5 paid). Distinct names keep the codes apart, the labels follow the outcome: see paymentGatewayOutcome.
 */
export const PaymentGatewayStatus = {
  pending: 1,
  awaiting_confirmation: 2,
  failed: 3,
  declined: 4,
  paid: 5,
  cancelled: 6,
} as const;
export type PaymentGatewayStatus = Values<typeof PaymentGatewayStatus>;
export const PaymentGatewayStatusSchema = z.enum(PaymentGatewayStatus);

export type PaymentGatewayOutcome = 'pending' | 'failed' | 'paid';
export const paymentGatewayOutcome = (status: PaymentGatewayStatus): PaymentGatewayOutcome =>
  status === PaymentGatewayStatus.paid
    ? 'paid'
    : status === PaymentGatewayStatus.pending || status === PaymentGatewayStatus.awaiting_confirmation
      ? 'pending'
      : 'failed';

/** What a customer paid for through the online payment gateway. */
export const PaymentGatewayType = { appointment: 1, gift_card: 2, offer: 3 } as const;
export type PaymentGatewayType = Values<typeof PaymentGatewayType>;
export const PaymentGatewayTypeSchema = z.enum(PaymentGatewayType);

export const PaymentGatewayPackageStatus = { cancelled: 0, active: 1 } as const;
export type PaymentGatewayPackageStatus = Values<typeof PaymentGatewayPackageStatus>;
export const PaymentGatewayPackageStatusSchema = z.enum(PaymentGatewayPackageStatus);

export const ExpectedExpenseStatus = { pending: 1, moved: 2 } as const;
export type ExpectedExpenseStatus = Values<typeof ExpectedExpenseStatus>;
export const ExpectedExpenseStatusSchema = z.enum(ExpectedExpenseStatus);

export const EInvoiceSettingStatus = { cancelled: 0, pending: 1, connected: 2, renewed: 3 } as const;
export type EInvoiceSettingStatus = Values<typeof EInvoiceSettingStatus>;
export const EInvoiceSettingStatusSchema = z.enum(EInvoiceSettingStatus);

export const EInvoiceEnvironment = { development: 1, simulation: 2, production: 3 } as const;
export type EInvoiceEnvironment = Values<typeof EInvoiceEnvironment>;
export const EInvoiceEnvironmentSchema = z.enum(EInvoiceEnvironment);

export const EInvoiceReferenceType = { invoice: 1, credit_note: 2, debit_note: 3 } as const;
export type EInvoiceReferenceType = Values<typeof EInvoiceReferenceType>;
export const EInvoiceReferenceTypeSchema = z.enum(EInvoiceReferenceType);

export const AdvancedAccountingStatus = { disabled: 0, active: 1, wizard_done: 2 } as const;
export type AdvancedAccountingStatus = Values<typeof AdvancedAccountingStatus>;
export const AdvancedAccountingStatusSchema = z.enum(AdvancedAccountingStatus);

// ---- doc2 §9 lists ----

export const PaymentMethod = {
  cash: 1,
  credit_card: 2,
  debit_card: 3,
  transfer: 4,
  cheque: 5,
  payment_link: 6,
  tabby: 7,
  tamara: 8,
  groupon: 9,
  wallet: 10,
} as const;
export type PaymentMethod = Values<typeof PaymentMethod>;
export const PaymentMethodSchema = z.enum(PaymentMethod);

/** 0 and 1 coincide with AppointmentSource so an appointment's source converts without a table. */
export const BookingSource = { system: 0, online: 1, whatsapp: 2, website: 3 } as const;
export type BookingSource = Values<typeof BookingSource>;
export const BookingSourceSchema = z.enum(BookingSource);

export const SubscriptionType = { basic: 1, advanced: 2, premium: 3 } as const;
export type SubscriptionType = Values<typeof SubscriptionType>;
export const SubscriptionTypeSchema = z.enum(SubscriptionType);

/**
 * A rating is out of 5 and the number is the score. The spec names four labels; 3 is given "average" so
 * that every score a customer can give has a label. Declared best first, the order of the rating select.
 */
export const Rating = { excellent: 5, good: 4, average: 3, weak: 2, very_weak: 1 } as const;
export type Rating = Values<typeof Rating>;
export const RatingSchema = z.enum(Rating);

/** Derived by the 60-day rule of doc2 §9. */
export const CustomerType = { new: 1, frequent: 2, missed: 3 } as const;
export type CustomerType = Values<typeof CustomerType>;
export const CustomerTypeSchema = z.enum(CustomerType);
