/** An audit log entry as `GET audit-log` answers it (docs/api.md). */
export type AuditEntry = {
  id: string;
  position: number;
  type: string;
  entity_type: string;
  entity_id: string;
  actor_kind?: string | null;
  actor_id?: string | null;
  actor_name?: string | null;
  occurred_at: string;
  changed?: Record<string, unknown> | null;
  previous?: Record<string, unknown> | null;
};

export const AUDIT_RESOURCE = 'advanced-accounting/audit-log';

/** The resource whose field labels name each kind of record's fields. */
export const ENTITY_RESOURCES: Record<string, string> = {
  customer: 'customers',
  account: 'settings',
  user: 'users',
  menu: 'menu/services',
  offer: 'menu/offers',
  package: 'menu/packages',
  product: 'products/define-product',
  employee: 'employees/employees',
  generaljournal: 'advanced-accounting/general-journals',
  supplier: 'accounting/suppliers',
  expense: 'accounting/expenses',
  purchase: 'accounting/purchases',
  expensetypes: 'accounting/expense-types',
  chartofaccounts: 'advanced-accounting/chart-of-accounts',
  expectedexpense: 'accounting/expected-expenses',
  payroll: 'advanced-accounting/payrols',
};
/** Kinds of record that have a screen of their own to open from an entry, and which screen. */
export const RECORD_SCREENS: Record<string, { resource: string; type: 'show' | 'edit' }> = {
  generaljournal: { resource: 'advanced-accounting/general-journals', type: 'show' },
  supplier: { resource: 'accounting/suppliers', type: 'show' },
  expense: { resource: 'accounting/expenses', type: 'show' },
  purchase: { resource: 'accounting/purchases', type: 'show' },
  expectedexpense: { resource: 'accounting/expected-expenses', type: 'show' },
  payroll: { resource: 'advanced-accounting/payrols', type: 'show' },
  customer: { resource: 'customers', type: 'show' },
  offer: { resource: 'menu/offers', type: 'edit' },
  package: { resource: 'menu/packages', type: 'edit' },
  product: { resource: 'products/define-product', type: 'edit' },
  employee: { resource: 'employees/employees', type: 'edit' },
};

/** The kinds of record a salon's audit log holds (stream categories of the command API). */
export const ENTITY_TYPES = [
  'customer',
  'backup',
  'user',
  'account',
  'role',
  'employee',
  'attendance',
  'menu',
  'offer',
  'package',
  'product',
  'import',
  'file',
  'mail',
  'jserror',
  'ipguard',
  'platformsettings',
  'paymentgatewaypackage',
  'whatsapppackage',
  'salonwhatsapp',
  'whatsappsettings',
  'einvoicingdevice',
  'einvoicechain',
  'einvoice',
  'generaljournal',
  'supplier',
  'expensetypes',
  'chartofaccounts',
  'expense',
  'purchase',
  'expectedexpense',
  'bookslock',
  'advancedaccounting',
  'message',
] as const;

/**
 * Fields that are bookkeeping, not something a person changed: the record's own id (already the
 * entry's record), internal keys, and secrets the log shows only as '••••' (the event type says it).
 */
export const HIDDEN_FIELDS = new Set([
  'id',
  // the WhatsApp secrets, sealed or hashed: never shown, even so (the token's last 4 characters are)
  'access_token_sealed',
  'app_secret_sealed',
  'verify_token_hash',
  // a WhatsApp message's template and text (its text is on the customer's Messages tab), and the
  // customers a reply was filed under
  'content',
  'customer_ids',
  'message_id',
  // a campaign's recipients and those kept back (their messages are in the customers report), its
  // filters (shown on its page), and the campaign it was renewed from or into
  'recipients',
  'held_out',
  'customers',
  'filters',
  'renewed_from',
  'into',
  // the figures of a refusal's message (the refusal itself is shown in words)
  'refusal_params',
  'mobile_key',
  'customer_id',
  'appointment_id',
  'invoice_id',
  'credit_note_id',
  'journal_id',
  'supplier_id',
  'expense_id',
  'purchase_id',
  'expected_expense_id',
  'expense_type_id',
  'recorded_by',
  'previous_opening_balance',
  'payroll_id',
  'employee_id',
  'previous_net',
  // who posted or reversed a journal: the entry's own "who"
  'posted_by',
  'reversed_by',
  'set_by',
  'opened_by',
  'unique_id',
  'gift_card_id',
  'customer_offer_id',
  // a merge's other customers by id (the entry names them) and each invoice's points it moved
  'into_customer_id',
  'merged_customer_id',
  'merged_ids',
  'from_customer_id',
  'to_customer_id',
  'of',
  'earned_on',
  // the menu's offer or package it was bought from (its name is the record's own)
  'source_id',
  'opened_by',
  'buyer_id',
  'issued_by',
  'payment_id',
  'discount_code_id',
  'deposit_id',
  // the customer's links and the hosted page's address: capabilities, not something a person changed
  'booking_unique_id',
  'document_unique_id',
  'pay_url',
  'return_path',
  // a salon's gateway secrets, sealed: the log says only whether they are set
  'secret_sealed',
  'terminal_resource_key_sealed',
  // ZATCA: the device's keys, certificates and the signed XML are kept, not shown in the log
  'device_id',
  'private_key_sealed',
  'public_key_pem',
  'csr_base64',
  'certificate_base64',
  'token',
  'xml',
  'qr',
  'cleared_xml',
  'document_id',
  'replaced_by',
  'cloned_from',
  'debit_note_id',
  'held_invoice_id',
  // the actor of the entry already says who
  'cancelled_by',
  'cashier_id',
  'line_id',
  'reason_id',
  'period_id',
  'rebook_of',
  'manager_id',
  'notification_id',
  'sha256',
  'offer_id',
  'package_id',
  'product_id',
  'employee_id',
  'import_id',
  'file_id',
  'user_id',
  'role_id',
  'error_id',
  'mail_id',
  'owner_user_id',
  'session',
  'password_hash',
  'token_hash',
  'password',
  // a mailed link's path and nonce: nothing for a reader of the log (its token is never recorded)
  'link',
]);

/**
 * Fields hidden for one kind of record. A queued mail's body can hold a password-reset link, which
 * must not be readable by whoever reads the audit log.
 */
export const HIDDEN_FIELDS_BY_ENTITY: Record<string, ReadonlySet<string>> = { mail: new Set(['body']) };

export const KNOWN_TYPES = [
  'AppointmentBooked',
  'AppointmentConfirmed',
  'AppointmentCheckedIn',
  'AppointmentCancelled',
  'AppointmentNoShowMarked',
  'AppointmentRescheduled',
  'AppointmentEmployeeChanged',
  'AppointmentEdited',
  'AppointmentReminded',
  'AppointmentPaid',
  'InvoiceIssued',
  'InvoiceCredited',
  'CreditNoteIssued',
  'InvoicePaymentReceived',
  'WalletToppedUp',
  'WalletDebited',
  'WalletCredited',
  'GiftCardIssued',
  'GiftCardRedeemed',
  'GiftCardExpired',
  'CustomerOfferOpened',
  'CustomerOfferSessionUsed',
  'CustomerOfferSessionReturned',
  'CustomerOfferClosed',
  'CustomerOfferExpired',
  'DiscountCodeDefined',
  'DiscountCodeChanged',
  'DiscountCodeUsed',
  'LoyaltyPointsEarned',
  'LoyaltyPointsReversed',
  'LoyaltyPointsCancelled',
  'LoyaltyPointsRedeemed',
  'LoyaltyPointsReset',
  'DepositTaken',
  'DepositCancelled',
  'DepositApplied',
  'GatewayPaymentStarted',
  'GatewayPaymentAwaitingConfirmation',
  'GatewayPaymentPaid',
  'GatewayPaymentFailed',
  'GatewayCallbackIgnored',
  'EInvoicingDeviceOpened',
  'EInvoicingDeviceKeyGenerated',
  'EInvoicingCsidIssued',
  'EInvoicingComplianceChecked',
  'EInvoicingOnboardingFailed',
  'EInvoicingDeviceCancelled',
  'EInvoiceSigned',
  'EInvoiceSubmissionFailed',
  'EInvoiceAccepted',
  'EInvoiceRejected',
  'EInvoiceResubmissionAsked',
  'GatewayPurchaseDelivered',
  'GatewayPurchaseNotDelivered',
  'PaymentGatewaySettingsChanged',
  'AppointmentPaymentCancelled',
  'DebitNoteIssued',
  'GeneralJournalPosted',
  'SupplierAdded',
  'SupplierChanged',
  'SupplierDisabled',
  'SupplierActivated',
  'ExpenseTypeAdded',
  'ExpenseTypeChanged',
  'AccountAdded',
  'AccountChanged',
  'AccountDisabled',
  'AccountActivated',
  'AccountDeleted',
  'ExpenseRecorded',
  'ExpensePaid',
  'PurchaseRecorded',
  'PurchasePaid',
  'PurchaseChanged',
  'PayrollRecorded',
  'PayrollChanged',
  'PayrollPaid',
  'GeneralJournalReversed',
  'BooksLockDateSet',
  'AdvancedAccountingSwitched',
  'BooksOpened',
  'ExpectedExpensePlanned',
  'ExpectedExpenseChanged',
  'ExpectedExpenseMoved',
  'DebitNotePaymentReceived',
  'HeldInvoiceIssued',
  'HeldInvoiceCancelled',
  'InvoiceCancelled',
  'InvoiceRated',
  'ComplaintOpened',
  'ComplaintTakenUp',
  'ComplaintNoted',
  'ComplaintResolved',
  'NoticeRead',
  'PlatformUpdatePublished',
  'PlatformUpdateChanged',
  'PlatformUpdateWithdrawn',
  'PlatformUpdateSeen',
  'CampaignSaved',
  'CampaignLaunched',
  'CampaignDisabled',
  'CampaignRenewed',
  'CampaignFailedResent',
  'MessageQueued',
  'MessageDeferred',
  'MessageSendStarted',
  'MessageSent',
  'MessageDelivered',
  'MessageRead',
  'MessageAttemptFailed',
  'MessageFailed',
  'MessageRetried',
  'MessageWithheld',
  'WhatsAppReplyReceived',
  'WhatsAppConsentChanged',
  'CancellationReasonAdded',
  'CancellationReasonChanged',
  'CancellationReasonRemoved',
  'CustomerPenaltyRecorded',
  'CustomerRegistered',
  'CustomerDetailsChanged',
  'CustomerDisabled',
  'CustomerActivated',
  'CustomerFlaggedAsLikelyDuplicate',
  'LikelyDuplicateDismissed',
  'CustomerMerged',
  'DuplicateCustomerMergedIn',
  'WalletMovedOut',
  'WalletMovedIn',
  'LoyaltyPointsMovedOut',
  'LoyaltyPointsMovedIn',
  'UserCreated',
  'SignedIn',
  'SignedOut',
  'PasswordChanged',
  'ProfileChanged',
  'PasswordResetRequested',
  'UserDeactivated',
  'UserReactivated',
  'EmailVerificationRequested',
  'EmailVerified',
  'PlatformSettingsChanged',
  'PaymentGatewayPackageDefined',
  'PaymentGatewayPackageChanged',
  'WhatsAppPackageDefined',
  'WhatsAppPackageChanged',
  'WhatsAppPackageAssigned',
  'WhatsAppConnectionRecorded',
  'WhatsAppConnectionTested',
  'WhatsAppSettingsChanged',
  'AccountOpened',
  'RoleDefined',
  'MailQueued',
  'MailSent',
  'MailFailed',
  'JsErrorReported',
  'ServiceGroupAdded',
  'ServiceGroupRenamed',
  'ServiceGroupsActivationChanged',
  'CategoryAdded',
  'CategoryRenamed',
  'CategoriesActivationChanged',
  'ServiceAdded',
  'ServiceChanged',
  'ServicesActivationChanged',
  'ServicesReordered',
  'VatSettingsChanged',
  'BusinessHoursChanged',
  'CheckedIn',
  'CheckedOut',
  'CustomBusinessHoursAdded',
  'CustomBusinessHoursRemoved',
  'EmployeeActivated',
  'EmployeeAdded',
  'EmployeeChanged',
  'EmployeeDisabled',
  'EmployeeLoginGranted',
  'EmployeeLoginRemoved',
  'EmployeePeriodAdded',
  'EmployeePeriodRemoved',
  'FileUploaded',
  'SalonBackupDownloaded',
  'GeneralSettingsChanged',
  'ImportCompleted',
  'ImportFailed',
  'ImportProgressed',
  'ImportStarted',
  'InvoiceSettingsChanged',
  'IpBlocked',
  'IpUnblocked',
  'SignInPauseLifted',
  'UserSignInPauseLifted',
  'AccountIdRequested',
  'LoginFailed',
  'ManagerCreated',
  'NotificationSettingsChanged',
  'OfferChanged',
  'OfferCreated',
  'OfferPaused',
  'OfferRenewed',
  'OnlineSettingsChanged',
  'AccountOnlineServicesChanged',
  'PackageChanged',
  'PackageCreated',
  'PackagePaused',
  'ProductActivated',
  'ProductChanged',
  'ProductDefined',
  'ProductDisabled',
  'RoleChanged',
  'RoleRemoved',
  'StockMoved',
  'StockNotificationRead',
  'UserRoleChanged',
  'WizardStepCompleted',
] as const;

export type FieldChange = { field: string; before: unknown; after: unknown };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What an entry changed and what was there before. Events about one part of a larger record (a
 * service of the salon's menu) carry `{ service_id, changed, previous }`: they read like any other
 * change, the part's id kept on both sides so it shows which one changed.
 */
export const entryChanges = (
  entry: Pick<AuditEntry, 'changed' | 'previous'>,
): { changed: Record<string, unknown>; previous: Record<string, unknown> } => {
  const changed = entry.changed ?? {};
  const previous = entry.previous ?? {};
  // A list replaced whole (a visit's lines, a week of hours) keeps what it was in `previous`.
  const lists = Object.keys(changed).filter((k) => k !== 'previous' && Array.isArray(changed[k]));
  if (Object.keys(previous).length === 0 && Array.isArray(changed.previous) && lists.length === 1) {
    const { previous: before, ...rest } = changed;
    return { changed: rest, previous: { [lists[0]]: before } };
  }
  if (Object.keys(previous).length > 0 || !isObject(changed.changed) || !isObject(changed.previous))
    return { changed, previous };
  const { changed: after, previous: before, ...ids } = changed;
  return { changed: { ...ids, ...after }, previous: { ...ids, ...before } };
};

/** The fields an entry touched, old value next to new, in a stable order. */
export const fieldChanges = (
  entry: Pick<AuditEntry, 'changed' | 'previous'> & { entity_type?: string },
): FieldChange[] => {
  const { changed, previous } = entryChanges(entry);
  const hiddenHere = HIDDEN_FIELDS_BY_ENTITY[entry.entity_type ?? ''];
  const fields = [...new Set([...Object.keys(changed), ...Object.keys(previous)])].filter(
    (f) => !HIDDEN_FIELDS.has(f) && !hiddenHere?.has(f),
  );
  return fields.map((field) => ({
    field,
    before: previous[field] ?? null,
    after: field in changed ? changed[field] : null,
  }));
};
