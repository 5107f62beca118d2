import {
  codeLabelKey,
  DEFAULT_CHART,
  formatDate,
  formatMoney,
  formatViewDateTime,
  formatViewTime,
  isBusinessDate,
  permissionLabelKey,
  type CodedValueName,
  type Currency,
  type Permission,
  type TenantTimeZone,
} from '@rawnaq/contracts';

/**
 * How the audit log shows a field's value. Every field an event records has one (a test reads the
 * events' types and fails on a field without), so no value reaches an auditor raw: money in the
 * salon's currency (events keep minor units), coded values by their label, a week as a week.
 */
export type FieldFormat =
  | 'text'
  /** numbers, e-mails, addresses of machines: read left to right in both languages */
  | 'ltr'
  | 'number'
  | 'money'
  | 'percent'
  | 'date'
  | 'dateTime'
  | 'minutes'
  | 'hours'
  | 'days'
  | 'meters'
  | 'boolean'
  /** a week of opening hours: `[{ is_open, from, to }]`, Sunday first */
  | 'week'
  /** weekday numbers (0 Sunday) */
  | 'weekdays'
  /** an appointment's service lines */
  | 'lines'
  /** a package's services and their sessions */
  | 'packageItems'
  /** an invoice's lines: quantity, item, amount with VAT */
  | 'invoiceLines'
  /** a general journal's lines: the account, and its debit or credit */
  | 'journalLines'
  /** a payroll's additions or deductions: label and amount */
  | 'payrollLines'
  /** the accounting wizard's choice of account for each payment method */
  | 'methodAccounts'
  /** an invoice's payments (or one payment): method and amount */
  | 'payments'
  /** files attached (a supplier's invoice): their names */
  | 'files'
  /** a plan's prices per country: the country, its monthly and yearly price in its currency */
  | 'planPrices'
  /** the gift cards (or the discount code) of an invoice: code and amount */
  | 'giftCardsSpent'
  /** an invoice's VAT by category and rate */
  | 'vatSubtotals'
  /** the seller an invoice names: name and VAT number */
  | 'seller'
  /** the business a standard tax invoice is made out to: name, VAT number, national address */
  | 'buyer'
  /** the tax authority's messages: each rule or check and its text */
  | 'authorityMessages'
  /** a national address: building number, street, district, city, postal code */
  | 'nationalAddress'
  /** what an online payment buys: a gift card (value, for whom) or an offer (its name, for whom) */
  | 'onlinePurchase'
  | 'menuRef'
  | 'menuRefs'
  | 'employeeRef'
  | 'employeeRefs'
  | 'roleRef'
  | 'permissions'
  | 'rights'
  | 'nationality'
  /** an uploaded file: shown as "a file" (the record's screen shows the picture itself) */
  | 'file'
  | 'bytes'
  /** the salon's social links: each channel by its name */
  | 'socialLinks'
  | { code: CodedValueName }
  /** a value named by a message key: the prefix (ending with '.') and the value */
  | { choice: string }
  /** a list of such values, each by its label */
  | { choices: string }
  /** a record's own fields (a platform list's entry): each by the audit log's label and its value */
  | 'entryFields';

/** Fields whose meaning is the same in every kind of record. */
export const FIELD_FORMATS: Record<string, FieldFormat> = {
  // names and free text
  name: 'text',
  name_en: 'text',
  name_ar: 'text',
  // a merge (issue 24): the other customer's name, and what moved
  into_customer_name: 'text',
  merged_customer_name: 'text',
  wallet_moved: 'money',
  loyalty_points_moved: 'number',
  description_en: 'text',
  description_ar: 'text',
  notes: 'text',
  address: 'text',
  job_title: 'text',
  subject: 'text',
  error: 'text',
  route: 'ltr',
  path: 'ltr',
  user_agent: 'ltr',
  by_user_agent: 'ltr',
  by_ip: 'ltr',
  identifier: 'ltr',
  username: 'ltr',
  email: 'ltr',
  verified_email: 'ltr',
  mobile: 'ltr',
  phone: 'ltr',
  whatsapp: 'ltr',
  ip: 'ltr',
  alias: 'ltr',
  barcode: 'ltr',
  tax_number: 'ltr',
  vat_number: 'ltr',
  commercial_registration: 'ltr',
  to: 'ltr',
  reason_en: 'text',
  reason_ar: 'text',
  service_name_en: 'text',
  service_name_ar: 'text',
  website: 'ltr',
  instagram: 'ltr',
  snapchat: 'ltr',
  tiktok: 'ltr',
  twitter: 'ltr',
  facebook: 'ltr',
  google_maps: 'ltr',
  address_en: 'text',
  address_ar: 'text',
  city_en: 'text',
  city_ar: 'text',
  invoice_notes_en: 'text',
  invoice_notes_ar: 'text',
  vat_name_en: 'text',
  vat_name_ar: 'text',
  sequence: 'ltr',
  // numbers
  account_id: 'ltr',
  booking_no: 'ltr',
  number: 'number',
  invoice_number: 'number',
  credit_note_number: 'number',
  debit_note_number: 'number',
  quantity: 'number',
  balance: 'number',
  failures: 'number',
  order: 'number',
  experience_years: 'number',
  max_employees: 'number',
  // a salon's subscription and its free-trial request
  valid_till: 'date',
  last_archive_date: 'date',
  previous_archive_date: 'date',
  previous_valid_till: 'date',
  plan: 'text',
  owner_name: 'text',
  manager_name: 'text',
  // the platform's lists, one-record settings and staff (issue 27)
  list: { choice: 'app.audit.values.platform_list.' },
  record: { choice: 'app.audit.values.platform_record.' },
  entry_id: 'ltr',
  fields: 'entryFields',
  areas: { choices: 'app.audit.values.manager_area.' },
  utm_source: 'ltr',
  utm_campaign: 'ltr',
  // the platform's plans and invoices to salons (issue 27)
  prices: 'planPrices',
  features_en: 'text',
  features_ar: 'text',
  account_name_en: 'text',
  account_name_ar: 'text',
  addon: { choice: 'app.audit.values.addon.' },
  period: { choice: 'app.audit.values.billing_period.' },
  months: 'number',
  invoice_unique_id: 'ltr',
  issue_date: 'date',
  paid_on: 'date',
  paid_at: 'dateTime',
  trn: 'ltr',
  vat_percent: 'percent',
  // a contract with the platform (issue 27)
  contract_id: 'ltr',
  template_id: 'ltr',
  end_date: 'date',
  signed_at: 'dateTime',
  signer_name: 'text',
  salon_name: 'text',
  title: 'text',
  title_en: 'text',
  title_ar: 'text',
  text_en: 'text',
  text_ar: 'text',
  pdf_file_id: 'file',
  signature_file_id: 'file',
  // fingerprints of what was sent and signed (who checks a PDF compares them)
  text_sha256: 'ltr',
  pdf_sha256: 'ltr',
  signature_sha256: 'ltr',
  support_reason: 'text',
  handover_reason: 'text',
  previous_name: 'text',
  previous_email: 'ltr',
  city: 'text',
  max_services_to_use: 'number',
  warning_level: 'number',
  latitude: 'number',
  longitude: 'number',
  check_in_latitude: 'number',
  check_in_longitude: 'number',
  distance_m: 'meters',
  validity_days: 'days',
  // money, in minor units of the salon's currency
  price: 'money',
  offer_price: 'money',
  cost_price: 'money',
  unit_cost: 'money',
  average_cost: 'money',
  items_total: 'money',
  salary: 'money',
  percentage: 'percent',
  vat_percentage: 'percent',
  commission_percentage: 'percent',
  // dates and times
  date: 'date',
  business_date: 'date',
  birth_date: 'date',
  expiry_date: 'date',
  previous_expiry_date: 'date',
  passport_expiry: 'date',
  residency_expiry: 'date',
  joining_date: 'date',
  leaving_date: 'date',
  from_date: 'date',
  to_date: 'date',
  expires_at: 'dateTime',
  requested_at: 'dateTime',
  blocked_until: 'dateTime',
  sign_in_block_minutes: 'minutes',
  session_idle_minutes: 'minutes',
  session_max_hours: 'hours',
  gateway_fee_fils: 'number',
  // a payment gateway package's prices, in AED fils
  monthly_fee_fils: 'number',
  // the manager's WhatsApp: a package (its price in minor units of its currency), a salon's sender
  messages_per_month: 'number',
  monthly_price: 'number',
  starts_on: 'date',
  phone_number_id: 'ltr',
  mobile_number_id: 'ltr',
  instance_id: 'ltr',
  token_last4: 'ltr',
  previous_provider: { choice: 'app.manager.whatsapp.providers.' },
  connection: { choice: 'app.manager.whatsapp.connection.' },
  // the public website's settings (issue 27): which section the manager saved, which page's SEO
  section: { choice: 'app.manager.website.sections.' },
  page: { choice: 'app.manager.website.pages.' },
  ok: 'boolean',
  send_from: 'ltr',
  send_until: 'ltr',
  instance_base_url: 'ltr',
  verify_token_set: 'boolean',
  app_secret_set: 'boolean',
  transaction_fee_fils: 'number',
  gateway_payment_minutes: 'minutes',
  message_id: 'ltr',
  delivery: { choice: 'app.audit.values.delivery.' },
  from: 'dateTime',
  job_time: 'minutes',
  duration: 'minutes',
  // yes or no
  whatsapp_allowed: 'boolean',
  by_reset: 'boolean',
  email_verified: 'boolean',
  is_admin: 'boolean',
  is_open: 'boolean',
  overbooked: 'boolean',
  home_service: 'boolean',
  show_to_customer: 'boolean',
  show_in_appointments: 'boolean',
  show_in_billing: 'boolean',
  vat_enabled: 'boolean',
  google_index: 'boolean',
  online_booking: 'boolean',
  require_email: 'boolean',
  online_gift_cards: 'boolean',
  gift_card_min_value: 'ltr',
  gift_card_max_value: 'ltr',
  payment_gateway_package: { choice: 'app.audit.values.payment_gateway_package.' },
  prices_include_vat: 'boolean',
  // weeks
  days: 'week',
  working_hours: 'week',
  holidays: 'weekdays',
  lines: 'lines',
  items: 'packageItems',
  // references to other records, by their names
  service_id: 'menuRef',
  group_id: 'menuRef',
  category_id: 'menuRef',
  service_ids: 'menuRefs',
  activated: 'menuRefs',
  deactivated: 'menuRefs',
  employee_id: 'employeeRef',
  previous_employee_id: 'employeeRef',
  preferred_artist_ids: 'employeeRefs',
  role_id: 'roleRef',
  previous_role_id: 'roleRef',
  permissions: 'permissions',
  rights: 'rights',
  nationality_id: 'nationality',
  country_of_residency_id: 'nationality',
  image_file_id: 'file',
  picture_file_id: 'file',
  logo_file_id: 'file',
  size: 'bytes',
  width: 'number',
  height: 'number',
  content_type: 'ltr',
  body: 'text',
  social: 'socialLinks',
  total: 'number',
  done: 'number',
  created: 'number',
  entity: { choice: 'app.audit.values.import_entity.' },
  purpose: { choice: 'app.audit.values.file_purpose.' },
  // coded values
  gender: { code: 'gender' },
  country_id: { code: 'country' },
  salon_type: { code: 'salonType' },
  vat_type: { code: 'vatType' },
  vat_exemption_code: { choice: 'app.products.exemptions.' },
  usage_type: { code: 'productUsageType' },
  use_type: { code: 'offerUseType' },
  operation: { code: 'stockOperationType' },
  failure_type: { code: 'failedLoginType' },
  penalty_type: { code: 'customerPenaltyType' },
  advanced_accounting_status: { code: 'advancedAccountingStatus' },
  source: { code: 'bookingSource' },
  identification_method: { choice: 'app.customers.identification.' },
  preferred_language: { choice: 'app.language.' },
  locale: { choice: 'app.language.' },
  realm: { choice: 'app.audit.values.realm.' },
  kind: { choice: 'app.audit.values.period_kind.' },
  step: { choice: 'app.wizard.steps.' },
  reason: { choice: 'app.audit.reasons.' },
  cancelled_at: 'dateTime',
  rated_at: 'dateTime',
  rated_on: 'date',
  comment: 'text',
  // a complaint's steps: who (her name then), when, and what was said
  complaint_id: 'ltr',
  notice_id: 'ltr',
  update_id: 'ltr',
  campaign_id: 'ltr',
  audience: 'number',
  round: 'number',
  hold_out_percent: 'percent',
  // a campaign's file: the upload's id, and its name as sent
  attachment_id: 'file',
  attachment: 'files',
  starts_at: 'dateTime',
  ends_at: 'dateTime',
  english_title: 'text',
  suggestion_id: 'ltr',
  // the platform's check of what the salon added: which list, what and which part, the decision
  check_list: { choice: 'app.audit.values.check_list.' },
  target_kind: { choice: 'app.audit.values.check_target.' },
  target_id: 'ltr',
  aspect: { choice: 'app.audit.values.check_aspect.' },
  decision: { choice: 'app.audit.values.check_review.' },
  previous_review: { choice: 'app.audit.values.check_review.' },
  rejection_reason: 'text',
  details: 'text',
  reply: 'text',
  user_name: 'text',
  arabic_title: 'text',
  english_description: 'text',
  arabic_description: 'text',
  published_at: 'dateTime',
  shown_as_popup: 'boolean',
  at: 'dateTime',
  by_name: 'text',
  description: 'text',
  note: 'text',
  // WhatsApp messages (issue 26)
  detail: 'text',
  until: 'dateTime',
  why: { choice: 'messaging.deferred.' },
  language: { choice: 'app.language.' },
  scheduled_for: 'dateTime',
  provider: 'ltr',
  provider_message_id: 'ltr',
  recovered: 'boolean',
  after_attempt: 'number',
  allowed: 'boolean',
  how: { choice: 'messaging.consent.' },
  received_at: 'dateTime',
  text: 'text',
  rating: { code: 'rating' },
};

/** Where a field means something else in one kind of record. */
export const ENTITY_FIELD_FORMATS: Record<string, Record<string, FieldFormat>> = {
  // a WhatsApp message: what it is for, its kind, and why it was not sent
  message: {
    purpose: 'ltr',
    kind: { choice: 'messaging.kinds.' },
    reason: { choice: 'messaging.reasons.' },
  },
  offer: { type: { choice: 'app.audit.values.offer_type.' } },
  // a read notification's kind is the menu's (stocks, surveys, complaints, orders)
  notice: { kind: { choice: 'app.notifications.kinds.' } },
  jserror: { type: { choice: 'app.audit.values.js_error_type.' } },
  // a cancelled visit's reason is the salon's own words, not a sign-out reason
  appointment: { reason: 'text', source: { code: 'bookingSource' } },
  role: { name: { choice: 'app.roles.' } },
  // why a customer registered online is a likely duplicate (issue 24)
  customer: { reason: { choice: 'app.audit.values.likely_duplicate_reason.' } },
  // a salon's e-invoicing devices and documents (ZATCA)
  einvoicingdevice: {
    kind: { choice: 'app.audit.values.csid_kind.' },
    step: { choice: 'app.einvoicing.steps.' },
    reason: { choice: 'app.audit.values.device_cancel_reason.' },
    address: 'nationalAddress',
    environment: { code: 'eInvoiceEnvironment' },
    seller_name: 'ltr',
    branch_name: 'ltr',
    industry: 'ltr',
    common_name: 'ltr',
    serial_number: 'ltr',
    invoice_types: 'ltr',
    request_id: 'ltr',
    renewal: 'boolean',
    warnings: 'authorityMessages',
    errors: 'authorityMessages',
    http_status: 'ltr',
  },
  einvoicechain: {
    icv: 'number',
    pih: 'ltr',
    hash: 'ltr',
    uuid: 'ltr',
    reference_type: { code: 'eInvoiceReferenceType' },
    document_number: 'ltr',
    standard: 'boolean',
  },
  einvoice: {
    uuid: 'ltr',
    attempt: 'number',
    http_status: 'ltr',
    retry_at: 'dateTime',
    warnings: 'authorityMessages',
    errors: 'authorityMessages',
    status: { choice: 'app.audit.values.einvoice_status.' },
  },
  supplier: {
    name: 'text',
    vat_number: 'ltr',
    mobile: 'ltr',
    email: 'ltr',
    opening_balance: 'money',
    date: 'date',
  },
  expensetypes: { name_en: 'text', name_ar: 'text', account: 'ltr' },
  chartofaccounts: {
    code: 'ltr',
    parent: 'ltr',
    main_type: { code: 'chartAccountMainType' },
    subtype: { choice: 'codes.chartAccountSubtype.' },
    kind: { choice: 'codes.chartAccountKind.' },
    group: 'boolean',
  },
  expense: {
    vendor_name: 'text',
    supplier_invoice_number: 'ltr',
    supplier_invoice_date: 'date',
    account: 'ltr',
    date: 'date',
    due_date: 'date',
    items: 'invoiceLines',
    net: 'money',
    vat: 'money',
    total: 'money',
    payments: 'payments',
    payment: 'payments',
    paid: 'money',
    owed: 'money',
    notes: 'text',
    attachments: 'files',
  },
  purchase: {
    supplier_name: 'text',
    supplier_invoice_number: 'ltr',
    supplier_invoice_date: 'date',
    date: 'date',
    due_date: 'date',
    items: 'invoiceLines',
    net: 'money',
    vat: 'money',
    total: 'money',
    payments: 'payments',
    payment: 'payments',
    paid: 'money',
    owed: 'money',
    notes: 'text',
  },
  expectedexpense: {
    recurrence: { choice: 'app.audit.values.recurrence.' },
    expense_number: 'number',
    name: 'text',
    vendor_name: 'text',
    amount: 'money',
    due_date: 'date',
    next_due_date: 'date',
    notes: 'text',
  },
  advancedaccounting: {
    status: { choice: 'app.audit.values.addon_status.' },
    previous_status: { choice: 'app.audit.values.addon_status.' },
    start_date: 'date',
    lines: 'journalLines',
    method_accounts: 'methodAccounts',
  },
  bookslock: { lock_date: 'date', previous_lock_date: 'date', reason: 'text' },
  payroll: {
    employee_name_en: 'text',
    employee_name_ar: 'text',
    month: 'ltr',
    date: 'date',
    salary: 'money',
    commission: 'money',
    additions: 'payrollLines',
    deductions: 'payrollLines',
    total_additions: 'money',
    total_deductions: 'money',
    net: 'money',
    payment: 'payments',
    paid: 'money',
    owed: 'money',
    notes: 'text',
  },
  generaljournal: {
    lines: 'journalLines',
    total: 'money',
    memo: 'text',
    reason: 'text',
  },
  creditnote: {
    lines: 'invoiceLines',
    payments: 'payments',
    subtotals: 'vatSubtotals',
    net: 'money',
    vat: 'money',
    total: 'money',
    currency: 'ltr',
    customer_name: 'text',
    reason: 'text',
    issued_at: 'dateTime',
    einvoicing: { choice: 'app.audit.values.einvoicing.' },
  },
  invoice: {
    lines: 'invoiceLines',
    payments: 'payments',
    subtotals: 'vatSubtotals',
    seller: 'seller',
    buyer: 'buyer',
    gross: 'money',
    discount: 'money',
    net: 'money',
    vat: 'money',
    total: 'money',
    paid: 'money',
    owed: 'money',
    currency: 'ltr',
    customer_name: 'text',
    issued_at: 'dateTime',
    einvoicing: { choice: 'app.audit.values.einvoicing.' },
    gift_cards: 'giftCardsSpent',
    discount_code: 'giftCardsSpent',
    deposits: 'payments',
    deposited: 'money',
    redeemed: 'money',
    payment: 'payments',
  },
  wallet: {
    amount: 'money',
    balance: 'money',
    payment: 'payments',
    customer_name: 'text',
    invoice_number: 'number',
    credit_note_number: 'number',
  },
  'gateway-payment': {
    gateway_type: { code: 'paymentGatewayType' },
    gateway: { choice: 'app.audit.values.gateway.' },
    status: { code: 'paymentGatewayStatus' },
    current_status: { code: 'paymentGatewayStatus' },
    reason: { choice: 'app.audit.values.gateway_failure.' },
    reference: 'ltr',
    after_failure: 'boolean',
    // the platform's fee is in AED fils whatever the salon's currency
    fee_amount: 'number',
    fee_currency: 'ltr',
    // …and in the salon's own currency, as its books post it
    fee_in_currency: 'money',
    amount: 'money',
    currency: 'ltr',
    customer_name: 'text',
    mobile: 'ltr',
    expires_at: 'dateTime',
    purchase: 'onlinePurchase',
    kind: { choice: 'app.audit.values.online_purchase.' },
    invoice_number: 'number',
    // why the till refused to sell a paid purchase: the till's own message
    refusal: { choice: '' },
  },
  account: {
    gateway: { choice: 'app.audit.values.gateway.' },
    key: 'ltr',
    tranportal_id: 'ltr',
    secret_set: 'boolean',
    terminal_resource_key_set: 'boolean',
  },
  deposit: {
    payment: 'payments',
    amount: 'money',
    method: { code: 'paymentMethod' },
    customer_name: 'text',
    currency: 'ltr',
    reason: 'text',
    invoice_number: 'number',
  },
  loyalty: {
    points: 'number',
    balance: 'number',
    value: 'money',
    code: 'ltr',
    reason: 'text',
    invoice_number: 'number',
    credit_note_number: 'number',
  },
  discountcode: {
    code: 'ltr',
    name: 'text',
    category: { code: 'discountCodeCategory' },
    kind: { choice: 'app.audit.values.discount_kind.' },
    value: 'number',
    valid_from: 'date',
    valid_to: 'date',
    single_use: 'boolean',
    active: 'boolean',
    product_ids: 'number',
    amount: 'money',
    invoice_number: 'number',
  },
  customeroffer: {
    kind: { choice: 'app.audit.values.customer_offer_kind.' },
    services: 'packageItems',
    allowance: 'number',
    left: 'number',
    sessions_left: 'number',
    value_left: 'money',
    price: 'money',
    total: 'money',
    currency: 'ltr',
    customer_name: 'text',
    invoice_number: 'number',
    expires_on: 'date',
    reason: { choice: 'app.audit.values.customer_offer_reason.' },
  },
  giftcard: {
    code: 'ltr',
    card_type: { code: 'giftCardType' },
    value: 'money',
    amount: 'money',
    remaining: 'money',
    currency: 'ltr',
    customer_name: 'text',
    buyer_name: 'text',
    message: 'text',
    expires_on: 'date',
    invoice_number: 'number',
  },
};

export const formatOf = (entityType: string, field: string): FieldFormat | undefined =>
  ENTITY_FIELD_FORMATS[entityType]?.[field] ?? FIELD_FORMATS[field];

/** What the formatter needs from the page: its language, the salon's zone and currency, names of things. */
export type FormatContext = {
  language: 'en' | 'ar';
  timeZone: TenantTimeZone;
  currency: Currency;
  translate: (key: string, options?: Record<string, unknown>) => string;
  /** names of referenced records, when the reader may see them; undefined when unknown */
  menuName?: (id: string) => string | undefined;
  employeeName?: (id: string) => string | undefined;
  roleName?: (id: string) => string | undefined;
  nationalityName?: (id: number) => string | undefined;
  /** an account of the salon's chart (its own accounts and names too); the default chart's otherwise */
  account?: (code: string) => { code: string; name_en: string; name_ar: string } | undefined;
};

/** An account as the log names it: its code and its name in the page's language, or the code alone. */
const accountText = (code: unknown, ctx: FormatContext): string => {
  const account = ctx.account?.(String(code)) ?? DEFAULT_CHART.find((a) => a.code === code);
  return account
    ? `${account.code} ${ctx.language === 'ar' ? account.name_ar : account.name_en}`
    : String(code ?? '');
};

const WEEK_ORDER = [0, 1, 2, 3, 4, 5, 6];

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** A value of one field as an auditor reads it, in the page's language. */
export const formatFieldValue = (
  format: FieldFormat | undefined,
  value: unknown,
  ctx: FormatContext,
): string => {
  const { translate, language } = ctx;
  const none = translate('app.common.none');
  if (value === null || value === undefined || value === '') return none;
  const list = (items: string[]) => (items.length ? items.join(language === 'ar' ? '، ' : ', ') : none);
  const number = (n: unknown) => (typeof n === 'number' ? String(n) : undefined);
  const time = (t: unknown) =>
    typeof t === 'string' ? formatViewTime(t, { locale: language, tz: ctx.timeZone }) : '';
  const safely = (fn: () => string) => {
    try {
      return fn();
    } catch {
      return String(value);
    }
  };
  const nameOr = (lookup: ((id: string) => string | undefined) | undefined, id: unknown) =>
    (typeof id === 'string' && lookup?.(id)) || translate('app.audit.values.unknown_record');

  if (format === undefined) {
    // A field nobody described yet still never shows "[object Object]".
    if (Array.isArray(value)) return list(value.map((v) => formatFieldValue(undefined, v, ctx)));
    if (asRecord(value)) return none;
    return String(value);
  }
  if (typeof format === 'object') {
    if ('choices' in format)
      return Array.isArray(value)
        ? list(value.map((v) => translate(`${format.choices}${String(v)}`, { _: String(v) })))
        : translate(`${format.choices}${String(value)}`, { _: String(value) });
    if ('code' in format)
      return typeof value === 'number' ? translate(codeLabelKey(format.code, value)) : String(value);
    // a value outside the choices may be a message key the server recorded as the reason (a paid
    // online purchase not handed over: `customer_offers.not_for_sale`): its message, never the key
    return translate(`${format.choice}${String(value)}`, {
      _: translate(String(value), { _: String(value) }),
    });
  }
  switch (format) {
    case 'text':
      // the salon's own words, or a message key the server recorded (`customer_offers.not_for_sale`)
      return typeof value === 'string' && /^[a-z_]+(\.[a-z_]+)+$/.test(value)
        ? translate(value, { _: value })
        : typeof value === 'string' || typeof value === 'number'
          ? String(value)
          : none;
    case 'ltr':
      return typeof value === 'string' || typeof value === 'number' ? String(value) : none;
    case 'number':
      return number(value) ?? String(value);
    case 'money':
      return typeof value === 'number' && Number.isSafeInteger(value)
        ? formatMoney({ amount: value, currency: ctx.currency }, { locale: language })
        : String(value);
    case 'percent':
      return `${String(value)}%`;
    case 'date':
      return typeof value === 'string'
        ? safely(() => formatDate(value, { locale: language, tz: ctx.timeZone }))
        : String(value);
    case 'dateTime':
      return typeof value === 'string'
        ? isBusinessDate(value)
          ? value
          : safely(() => formatViewDateTime(value, { locale: language, tz: ctx.timeZone }))
        : String(value);
    case 'minutes':
      return translate('app.audit.values.minutes', { smart_count: Number(value) });
    case 'hours':
      return translate('app.audit.values.hours', { smart_count: Number(value) });
    case 'days':
      return translate('app.audit.values.days', { smart_count: Number(value) });
    case 'meters':
      return translate('app.audit.values.meters', { distance: String(value) });
    case 'boolean':
      return translate(value ? 'app.common.yes' : 'app.common.no');
    case 'week': {
      if (!Array.isArray(value)) return none;
      return list(
        WEEK_ORDER.filter((d) => d < value.length).map((d) => {
          const day = asRecord(value[d]) ?? {};
          const name = translate(codeLabelKey('weekday', d));
          return day.is_open === false || !day.from || !day.to
            ? `${name}: ${translate('app.audit.values.closed')}`
            : `${name}: ${safely(() => `${time(day.from)}–${time(day.to)}`)}`;
        }),
      );
    }
    case 'weekdays':
      return Array.isArray(value)
        ? list(value.map((d) => (typeof d === 'number' ? translate(codeLabelKey('weekday', d)) : String(d))))
        : String(value);
    case 'lines':
      return Array.isArray(value)
        ? list(
            value.map((raw) => {
              const line = asRecord(raw) ?? {};
              const service = String(line[`service_name_${language}`] ?? line.service_name_en ?? '');
              const start =
                typeof line.start === 'string'
                  ? safely(() =>
                      formatViewDateTime(line.start as string, { locale: language, tz: ctx.timeZone }),
                    )
                  : '';
              const end = typeof line.end === 'string' ? safely(() => time(line.end)) : '';
              return translate('app.audit.values.line', {
                service,
                employee: nameOr(ctx.employeeName, line.employee_id),
                start,
                end,
              });
            }),
          )
        : String(value);
    case 'packageItems':
      return Array.isArray(value)
        ? list(
            value.map((raw) => {
              const item = asRecord(raw) ?? {};
              return translate('app.audit.values.package_item', {
                service: nameOr(ctx.menuName, item.service_id),
                smart_count: Number(item.sessions ?? 0),
              });
            }),
          )
        : String(value);
    case 'invoiceLines':
      return Array.isArray(value)
        ? list(
            value.map((raw) => {
              const line = asRecord(raw) ?? {};
              // a debit note's line is described, not named; a credit note's record on its invoice
              // (InvoiceCredited) keeps the amounts of the lines it took back, without their names
              const name = line[`name_${language}`] || line.name_en || line.description;
              const amount =
                typeof line.total === 'number'
                  ? line.total
                  : typeof line.net === 'number'
                    ? line.net + (typeof line.vat === 'number' ? line.vat : 0)
                    : undefined;
              return translate('app.audit.values.invoice_line', {
                item: name ? String(name) : translate('app.audit.values.invoice_line_unnamed'),
                smart_count: Number(line.quantity ?? 1),
                amount: formatFieldValue('money', amount, ctx),
              });
            }),
          )
        : String(value);
    case 'journalLines':
      return Array.isArray(value)
        ? list(
            value.map((raw) => {
              const line = asRecord(raw) ?? {};
              const debit = typeof line.debit === 'number' && line.debit > 0;
              return translate(`app.audit.values.journal_line_${debit ? 'debit' : 'credit'}`, {
                account: accountText(line.account, ctx),
                amount: formatFieldValue('money', debit ? line.debit : line.credit, ctx),
              });
            }),
          )
        : String(value);
    case 'methodAccounts': {
      const map = asRecord(value);
      if (!map) return String(value);
      const entries = Object.entries(map);
      if (!entries.length) return translate('app.audit.values.chart_accounts');
      return list(
        entries.map(
          ([method, code]) =>
            `${formatFieldValue({ code: 'paymentMethod' }, Number(method), ctx)} → ${accountText(code, ctx)}`,
        ),
      );
    }
    case 'payrollLines':
      return Array.isArray(value)
        ? list(
            value.map((raw) => {
              const line = asRecord(raw) ?? {};
              return `${String(line.label ?? '')} ${formatFieldValue('money', line.amount, ctx)}`;
            }),
          )
        : String(value);
    case 'giftCardsSpent':
      return Array.isArray(value) || asRecord(value)
        ? list(
            (Array.isArray(value) ? value : [value]).map((raw) => {
              const g = asRecord(raw) ?? {};
              return `${String(g.code ?? '')} ${formatFieldValue('money', g.amount, ctx)}`;
            }),
          )
        : String(value);
    case 'entryFields': {
      const record = asRecord(value);
      if (!record) return String(value);
      const words = (v: unknown): string =>
        Array.isArray(v)
          ? list(v.map(words))
          : asRecord(v)
            ? list(Object.entries(asRecord(v)!).map(([k, x]) => `${k} ${words(x)}`))
            : v === null || v === undefined || v === ''
              ? none
              : String(v);
      return list(
        Object.entries(record).map(
          ([k, v]) => `${translate(`app.audit.fields.${k}`, { _: k.replace(/_/g, ' ') })}: ${words(v)}`,
        ),
      );
    }
    case 'planPrices':
      return Array.isArray(value)
        ? list(
            value.map((raw) => {
              const p = asRecord(raw) ?? {};
              const money = (amount: unknown) =>
                typeof amount === 'number' && Number.isSafeInteger(amount)
                  ? formatMoney({ amount, currency: String(p.currency) as Currency }, { locale: language })
                  : String(amount);
              return translate('app.audit.values.plan_price', {
                country:
                  typeof p.country_id === 'number' ? translate(codeLabelKey('country', p.country_id)) : '',
                monthly: money(p.monthly),
                yearly: money(p.yearly),
              });
            }),
          )
        : String(value);
    case 'files':
      return Array.isArray(value) || asRecord(value)
        ? list(
            (Array.isArray(value) ? value : [value])
              .map((raw) => String(asRecord(raw)?.name ?? ''))
              .filter(Boolean),
          )
        : String(value);
    case 'payments':
      return Array.isArray(value) || asRecord(value)
        ? list(
            (Array.isArray(value) ? value : [value]).map((raw) => {
              const p = asRecord(raw) ?? {};
              const method =
                typeof p.method === 'number' ? translate(codeLabelKey('paymentMethod', p.method)) : '';
              return `${method} ${formatFieldValue('money', p.amount, ctx)}`;
            }),
          )
        : String(value);
    case 'vatSubtotals':
      return Array.isArray(value)
        ? list(
            value.map((raw) => {
              const t = asRecord(raw) ?? {};
              return translate('app.audit.values.vat_subtotal', {
                category: translate(`app.audit.values.vat_category.${String(t.category)}`, {
                  _: String(t.category),
                }),
                rate: `${Number(t.rateBp ?? 0) / 100}%`,
                taxable: formatFieldValue('money', t.taxable, ctx),
                vat: formatFieldValue('money', t.vat, ctx),
              });
            }),
          )
        : String(value);
    case 'authorityMessages':
      return Array.isArray(value)
        ? list(
            value.map((raw) => {
              const m = asRecord(raw) ?? {};
              return `${String(m.code ?? '')} ${String(m.message ?? '')}`.trim();
            }),
          )
        : String(value);
    case 'nationalAddress': {
      const a = asRecord(value);
      if (!a) return String(value);
      return [a.building_number, a.street, a.additional_number, a.district, a.city, a.postal_code]
        .filter((part) => typeof part === 'string' && part !== '')
        .join(language === 'ar' ? '، ' : ', ');
    }
    case 'seller': {
      const seller = asRecord(value);
      if (!seller) return String(value);
      const name = String(seller[`name_${language}`] ?? seller.name_en ?? '');
      return seller.vat_number
        ? translate('app.audit.values.seller', { name, vat_number: String(seller.vat_number) })
        : name;
    }
    case 'buyer': {
      const b = asRecord(value);
      if (!b) return String(value);
      return translate('app.audit.values.buyer', {
        name: String(b.name ?? ''),
        vat_number: String(b.vat_number ?? ''),
        address: [b.building_number, b.street, b.additional_number, b.district, b.city, b.postal_code]
          .filter((part) => typeof part === 'string' && part !== '')
          .join(language === 'ar' ? '، ' : ', '),
      });
    }
    case 'onlinePurchase': {
      const p = asRecord(value);
      if (!p) return String(value);
      const buyer = asRecord(p.buyer);
      const beneficiary = asRecord(p.beneficiary);
      return p.kind === 'gift_card'
        ? translate('app.audit.values.online_purchase_gift_card', {
            value: formatMoney({ amount: Number(p.value), currency: ctx.currency }, { locale: language }),
            name: String(beneficiary?.name ?? ''),
          })
        : translate('app.audit.values.online_purchase_offer', {
            offer: String(p[`name_${language}`] ?? p.name_en ?? ''),
            name: String(buyer?.name ?? ''),
          });
    }
    case 'menuRef':
      return nameOr(ctx.menuName, value);
    case 'menuRefs':
      return Array.isArray(value) ? list(value.map((id) => nameOr(ctx.menuName, id))) : String(value);
    case 'employeeRef':
      return nameOr(ctx.employeeName, value);
    case 'employeeRefs':
      return Array.isArray(value) ? list(value.map((id) => nameOr(ctx.employeeName, id))) : String(value);
    case 'roleRef':
      return nameOr(ctx.roleName, value);
    case 'permissions':
      return Array.isArray(value)
        ? list(value.map((p) => translate(permissionLabelKey(p as Permission), { _: String(p) })))
        : String(value);
    case 'rights':
      return Array.isArray(value)
        ? list(value.map((r) => translate(`app.staff.employees.rights.${String(r)}`, { _: String(r) })))
        : String(value);
    case 'nationality':
      return (typeof value === 'number' && ctx.nationalityName?.(value)) || String(value);
    case 'file':
      return translate('app.audit.values.file');
    case 'bytes':
      return typeof value === 'number'
        ? translate('app.audit.values.kilobytes', { size: (value / 1024).toFixed(1) })
        : String(value);
    case 'socialLinks': {
      const links = asRecord(value);
      if (!links) return String(value);
      return list(
        Object.entries(links)
          .filter(([, link]) => typeof link === 'string' && link !== '')
          .map(
            ([channel, link]) =>
              `${translate(`resources.settings.fields.social.${channel}`, { _: channel })}: ${String(link)}`,
          ),
      );
    }
  }
};
