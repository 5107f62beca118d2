import { Module, type DynamicModule } from '@nestjs/common';
import {
  ContactMessagesController,
  WebsiteSettingsController,
  websiteHandlers,
} from './platform/website.commands';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import {
  ApiExceptionFilter,
  AuthGuard,
  TOKENS,
  fatooraAdapters,
  systemClock,
  type Authenticator,
  type Clock,
  type EventStore,
  type FileStore,
  type Logger,
  type LinkTokens,
  type MailSender,
  type ReadModels,
} from '@rawnaq/platform';
import { ChangeMenuHandler } from './catalog/menu.commands';
import { MenuController } from './catalog/menu.http.controller';
import { customerHandlers } from './customers/customer.commands';
import { ImportHandler, ImportsController } from './imports/imports.commands';
import { FilesController, UploadFileHandler } from './files/files.commands';
import {
  AccountsController,
  ChangeOnlineServicesHandler,
  OpenAccountHandler,
} from './identity/accounts.commands';
import { BundlesController, ChangeBundlesHandler } from './catalog/offer.commands';
import { AttendanceController, RecordAttendanceHandler } from './attendance/attendance.http.controller';
import { ChangeStaffHandler } from './staff/staff.commands';
import { StaffController } from './staff/staff.http.controller';
import { ChangeProductsHandler } from './products/product.commands';
import { ProductsController } from './products/products.http.controller';
import { ChangeSettingsHandler } from './settings/settings.commands';
import { SettingsController, WizardController } from './settings/settings.http.controller';
import { CustomersController } from './customers/customers.http.controller';
import { identityHandlers } from './identity/identity.commands';
import {
  ManagerAuthController,
  ManagerSupportController,
  MerchantAuthController,
} from './identity/auth.http.controller';
import { suggestionControllers, suggestionHandlers } from './platform/development-suggestions.commands';
import { contentCheckControllers, contentCheckHandlers } from './platform/content-checks.commands';
import { ArchiveDatabaseController, SetArchiveDateHandler } from './platform/archive.commands';
import { AnswerInterceptor } from './shared/answer.interceptor';
import { interceptAsPromises } from './shared/promise-interceptors';
import {
  AccountLifeController,
  accountLifeHandlers,
  FreeTrialRequestsController,
} from './platform/account-life.commands';
import { AccountStandingGuard } from './platform/account-standing.guard';
import {
  AccountContractsController,
  accountContractHandlers,
  PublicContractsController,
} from './platform/account-contracts.commands';
import { Aggregates } from './shared/repository';
import { AppointmentsController } from './scheduling/appointments.http.controller';
import { ChangeAppointmentsHandler } from './scheduling/appointments.commands';
import { BookOnlineHandler, ChangeOnlineBookingHandler } from './scheduling/online-booking.commands';
import { OnlineBookingController } from './scheduling/online-booking.http.controller';
import { OnlineVisits, OnlineVisitsController } from './scheduling/online-visits';
import { ChangeCancellationReasonsHandler } from './scheduling/cancellation-reasons.commands';
import { Sequences } from './shared/sequences';
import { IssueInvoiceHandler } from './sales/invoices.commands';
import { IssueCreditNoteHandler } from './sales/credit-notes.commands';
import { TopUpWalletHandler } from './sales/wallet.commands';
import { CancelDepositHandler, TakeDepositHandler } from './sales/deposits.commands';
import { RedeemPointsHandler, ResetPointsHandler } from './sales/loyalty.commands';
import { ChangeDiscountCodeHandler, DefineDiscountCodeHandler } from './sales/discount-codes.commands';
import { GiveFreeGiftCardHandler } from './sales/gift-cards.commands';
import { ReceiveDebitNotePaymentHandler, ReceivePaymentHandler } from './sales/receivables.commands';
import { CancelHeldInvoiceHandler, HoldInvoiceHandler } from './sales/held-invoices.commands';
import { SalesController } from './sales/sales.http.controller';
import { HeldInvoicesController } from './sales/held-invoices.http.controller';
import { CancelInvoiceController } from './sales/cancel-invoice.http.controller';
import { CancelIssuedInvoiceHandler } from './sales/cancel-invoice.commands';
import { IssueDebitNoteHandler } from './sales/debit-notes.commands';
import {
  GeneralJournalsController,
  PostGeneralJournalHandler,
  ReverseGeneralJournalHandler,
} from './accounting/journals.commands';
import { ChangeChartOfAccountsHandler, ChartOfAccountsController } from './accounting/chart.commands';
import { BooksLockController, SetBooksLockDateHandler } from './accounting/period.commands';
import {
  BooksWizardController,
  ManagerAdvancedAccountingController,
  OpenBooksHandler,
  SwitchAdvancedAccountingHandler,
} from './accounting/addon.commands';
import {
  ChangeExpectedExpensesHandler,
  ExpectedExpensesController,
  MoveExpectedExpenseHandler,
} from './accounting/expected-expenses.commands';
import {
  ChangeExpenseTypesHandler,
  ChangeSuppliersHandler,
  ExpensesController,
  PayExpenseHandler,
  PayBillsHandler,
  RecordExpenseHandler,
} from './accounting/expenses.commands';
import {
  ChangePurchaseHandler,
  PayPurchaseHandler,
  PurchasesController,
  RecordPurchaseHandler,
} from './accounting/purchases.commands';
import {
  ChangePayrollHandler,
  PayPayrollHandler,
  PayrollController,
  RecordPayrollHandler,
} from './accounting/payroll.commands';
import { RateInvoiceHandler } from './sales/surveys.commands';
import { SurveysController } from './sales/surveys.http.controller';
import { ComplaintsController } from './sales/complaints.http.controller';
import { NotificationsController } from './sales/notices.http.controller';
import { CampaignsController, ChangeCampaignHandler } from './engagement/campaigns.commands';
import {
  ChangePlatformUpdateHandler,
  PlatformUpdatesController,
  PlatformUpdatesSeenController,
  SeePlatformUpdateHandler,
} from './platform/platform-updates.commands';
import { ReadNotificationsHandler } from './sales/notices.commands';
import { ActOnComplaintHandler, OpenComplaintHandler } from './sales/complaints.commands';
import { OnlineCustomers } from './customers/online-customers';
import { Transactions } from './shared/unit-of-work';
import {
  ChangePlatformSettingsHandler,
  PlatformSettingsController,
} from './platform/platform-settings.commands';
import { UniqueValues } from './shared/unique-values';
import { GATEWAY_TOKENS, type PaymentGateways } from './online/gateway-tokens';
import {
  ChangeEInvoicingHandler,
  EInvoicingController,
  ZatcaSettingController,
} from './einvoicing/einvoicing.commands';
import { EINVOICING_TOKENS, type FatooraFor } from './einvoicing/onboarding';
import {
  EInvoiceDocumentsController,
  EInvoiceReportingWorker,
  ManagerEInvoicesController,
  REPORTING_TOKENS,
} from './einvoicing/reporting.worker';
import { complianceSample, EInvoiceSigning } from './einvoicing/signing';
import { GatewayPayments, ReceiveGatewayCallbackHandler } from './online/gateway-payments.commands';
import {
  AccountInvoicePayments,
  Billing,
  BillingController,
  ChangeBillingHandler,
  PublicAccountInvoicesController,
} from './platform/billing.commands';
import { GatewayCallbacksController } from './online/gateway-payments.http.controller';
import { OnlinePurchases } from './online/online-purchases';
import { BuyGiftCardOnlineHandler, BuyOfferOnlineHandler } from './online/online-shop.commands';
import { OnlineShopController } from './online/online-shop.http.controller';
import { OnlinePaymentsController } from './online/online-payments.http.controller';
import {
  ChangePaymentGatewayPackageHandler,
  PaymentGatewayPackagesController,
} from './platform/payment-gateway-packages.commands';
import { GatewayPaymentExpiry } from './online/gateway-payment-expiry';
import {
  ChangeWhatsAppPackageHandler,
  WhatsAppPackagesController,
} from './platform/whatsapp-packages.commands';
import { ChangeSalonWhatsAppHandler, SalonWhatsAppController } from './platform/salon-whatsapp.commands';
import {
  ChangeWhatsAppSettingsHandler,
  WhatsAppSettingsController,
} from './platform/whatsapp-settings.commands';
import {
  ChangePlatformListHandler,
  ChangePlatformRecordHandler,
  PlatformListsController,
  PlatformRecordsController,
} from './platform/platform-lists.commands';
import {
  AddSuggestedServicesHandler,
  SuggestedServicesController,
} from './catalog/suggested-services.commands';
import { ChangePlatformStaffHandler, PlatformStaffController } from './platform/platform-staff.commands';
import { Expiries, ExpiriesWorker } from './sales/expiries';
import { paymentGatewaysFor } from './online/gateways';
import type { SealedSecrets } from '@rawnaq/platform';
import { PlatformMailSender } from './identity/platform-mail-sender';
import { MESSAGING_TOKENS, messagingChannelsFromEnv, type MessagingChannels } from './engagement/channels';
import {
  BirthdayWishesController,
  MessagesController,
  OutboxWorker,
  WhatsAppSimulatorController,
  WhatsAppWebhookController,
  InstanceWebhookController,
} from './engagement/outbox.worker';

export type CommandApiDeps = {
  fileStore: FileStore;
  eventStore: EventStore;
  readModels: ReadModels;
  authenticator: Authenticator;
  logger: Logger;
  /** what "now" is for sign-ins (tests move it to see a block end); the system's clock by default */
  clock?: Clock;
  /** the mail server (SMTP_URL); without one, mail is kept locally in the outbox */
  mailSender?: MailSender;
  /** the tokens of links sent by mail (platform.linkTokens: the key is kept outside the event log) */
  linkTokens: LinkTokens;
  /** the payment gateway adapters and the sealing of the salons' secrets (derived from linkTokens by default) */
  payments?: { gateways: PaymentGateways; secrets: SealedSecrets };
  /**
   * ZATCA e-invoicing: the authority's API per environment (the local simulator by default) and how
   * often the reporting worker runs (0: never, tests run it by hand; default 5 s)
   */
  einvoicing?: { fatooraFor: FatooraFor; reportEveryMs?: number };
  /**
   * WhatsApp: each salon's channel (the local simulator by default, in memory unless the app gives
   * one on its data folder) and how often the outbox worker runs (0: never, tests run it by hand;
   * default 5 s)
   */
  messaging?: { channels: MessagingChannels; everyMs?: number };
};

/** Without a choice made by the app: local simulators in memory, checking signatures only. */
const defaultFatoora = (): FatooraFor =>
  fatooraAdapters({ adapter: 'simulator', dataDir: ':memory:', rules: 'signature' }).fatooraFor;

/** Every command of the product: parse with the contract's schema, decide on the aggregate, append. */
@Module({})
export class CommandApiModule {
  static create(deps: CommandApiDeps): DynamicModule {
    // the unit of work (`AnswerInterceptor`) runs as a promise, not as Nest's rxjs pipeline (see its doc)
    interceptAsPromises();
    let made: CommandApiDeps['payments'];
    const payments = () => (made ??= deps.payments ?? paymentGatewaysFor(deps.linkTokens));
    return {
      module: CommandApiModule,
      imports: [CqrsModule.forRoot()],
      controllers: [
        MerchantAuthController,
        ManagerAuthController,
        ManagerSupportController,
        CustomersController,
        MenuController,
        SettingsController,
        WizardController,
        ProductsController,
        StaffController,
        AttendanceController,
        BundlesController,
        AccountsController,
        AccountLifeController,
        FreeTrialRequestsController,
        WebsiteSettingsController,
        ContactMessagesController,
        AccountContractsController,
        PublicContractsController,
        BillingController,
        PublicAccountInvoicesController,
        FilesController,
        ImportsController,
        AppointmentsController,
        OnlineBookingController,
        OnlineVisitsController,
        GatewayCallbacksController,
        OnlineShopController,
        OnlinePaymentsController,
        PaymentGatewayPackagesController,
        WhatsAppPackagesController,
        SalonWhatsAppController,
        WhatsAppSettingsController,
        PlatformListsController,
        PlatformRecordsController,
        SuggestedServicesController,
        PlatformStaffController,
        SalesController,
        HeldInvoicesController,
        CancelInvoiceController,
        SurveysController,
        ComplaintsController,
        NotificationsController,
        CampaignsController,
        PlatformUpdatesController,
        PlatformUpdatesSeenController,
        ...suggestionControllers,
        ...contentCheckControllers,
        ArchiveDatabaseController,
        PlatformSettingsController,
        EInvoicingController,
        ZatcaSettingController,
        EInvoiceDocumentsController,
        ManagerEInvoicesController,
        GeneralJournalsController,
        ChartOfAccountsController,
        ExpensesController,
        BooksLockController,
        ExpectedExpensesController,
        BooksWizardController,
        ManagerAdvancedAccountingController,
        PayrollController,
        PurchasesController,
        WhatsAppWebhookController,
        InstanceWebhookController,
        WhatsAppSimulatorController,
        MessagesController,
        BirthdayWishesController,
      ],
      providers: [
        { provide: TOKENS.eventStore, useValue: deps.eventStore },
        { provide: TOKENS.readModels, useValue: deps.readModels },
        { provide: TOKENS.authenticator, useValue: deps.authenticator },
        { provide: TOKENS.logger, useValue: deps.logger },
        { provide: TOKENS.fileStore, useValue: deps.fileStore },
        { provide: TOKENS.clock, useValue: deps.clock ?? systemClock },
        // the deployment's mail server, or else the one of the manager's e-mail setting
        {
          provide: TOKENS.mailSender,
          useFactory: () =>
            new PlatformMailSender(deps.mailSender, deps.readModels, () => payments().secrets),
        },
        { provide: TOKENS.linkTokens, useValue: deps.linkTokens },
        { provide: Aggregates, useFactory: () => new Aggregates(deps.eventStore) },
        { provide: GATEWAY_TOKENS.gateways, useFactory: () => payments().gateways },
        { provide: GATEWAY_TOKENS.secrets, useFactory: () => payments().secrets },
        {
          provide: MESSAGING_TOKENS.channels,
          useFactory: () => deps.messaging?.channels ?? messagingChannelsFromEnv(':memory:', {}),
        },
        { provide: MESSAGING_TOKENS.everyMs, useValue: deps.messaging?.everyMs ?? 5_000 },
        OutboxWorker,
        GatewayPayments,
        ReceiveGatewayCallbackHandler,
        Billing,
        AccountInvoicePayments,
        ChangeBillingHandler,
        OnlinePurchases,
        OnlineCustomers,
        ChangePaymentGatewayPackageHandler,
        ChangeWhatsAppPackageHandler,
        ChangeSalonWhatsAppHandler,
        ChangeWhatsAppSettingsHandler,
        ChangePlatformListHandler,
        ChangePlatformRecordHandler,
        AddSuggestedServicesHandler,
        ChangePlatformStaffHandler,
        BuyOfferOnlineHandler,
        BuyGiftCardOnlineHandler,
        GatewayPaymentExpiry,
        Expiries,
        ExpiriesWorker,
        { provide: UniqueValues, useFactory: (a: Aggregates) => new UniqueValues(a), inject: [Aggregates] },
        { provide: Sequences, useFactory: (a: Aggregates) => new Sequences(a), inject: [Aggregates] },
        { provide: Transactions, useFactory: () => new Transactions(deps.eventStore) },
        { provide: APP_GUARD, useClass: AuthGuard },
        // after the caller is known: an expired or disabled salon does not sell or book
        { provide: APP_GUARD, useClass: AccountStandingGuard },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        { provide: APP_INTERCEPTOR, useClass: AnswerInterceptor },
        ...identityHandlers,
        ...suggestionHandlers,
        ...contentCheckHandlers,
        SetArchiveDateHandler,
        ...accountLifeHandlers,
        ...websiteHandlers,
        ...accountContractHandlers,
        ...customerHandlers,
        ChangeMenuHandler,
        ChangeProductsHandler,
        ChangeStaffHandler,
        RecordAttendanceHandler,
        ChangeBundlesHandler,
        OpenAccountHandler,
        ChangeOnlineServicesHandler,
        UploadFileHandler,
        ImportHandler,
        ChangeSettingsHandler,
        ChangeAppointmentsHandler,
        BookOnlineHandler,
        ChangeOnlineBookingHandler,
        OnlineVisits,
        IssueInvoiceHandler,
        IssueCreditNoteHandler,
        TopUpWalletHandler,
        TakeDepositHandler,
        CancelDepositHandler,
        RedeemPointsHandler,
        ResetPointsHandler,
        DefineDiscountCodeHandler,
        ChangeDiscountCodeHandler,
        GiveFreeGiftCardHandler,
        ReceivePaymentHandler,
        ReceiveDebitNotePaymentHandler,
        HoldInvoiceHandler,
        CancelHeldInvoiceHandler,
        CancelIssuedInvoiceHandler,
        IssueDebitNoteHandler,
        PostGeneralJournalHandler,
        ReverseGeneralJournalHandler,
        ChangeChartOfAccountsHandler,
        SetBooksLockDateHandler,
        SwitchAdvancedAccountingHandler,
        OpenBooksHandler,
        ChangeExpectedExpensesHandler,
        MoveExpectedExpenseHandler,
        ChangeSuppliersHandler,
        ChangeExpenseTypesHandler,
        RecordExpenseHandler,
        PayExpenseHandler,
        PayBillsHandler,
        RecordPurchaseHandler,
        PayPurchaseHandler,
        ChangePurchaseHandler,
        RecordPayrollHandler,
        ChangePayrollHandler,
        PayPayrollHandler,
        RateInvoiceHandler,
        OpenComplaintHandler,
        ActOnComplaintHandler,
        ReadNotificationsHandler,
        ChangeCampaignHandler,
        ChangePlatformUpdateHandler,
        SeePlatformUpdateHandler,
        ChangeCancellationReasonsHandler,
        ChangePlatformSettingsHandler,
        {
          provide: EINVOICING_TOKENS.fatoora,
          useFactory: () => deps.einvoicing?.fatooraFor ?? defaultFatoora(),
        },
        { provide: EINVOICING_TOKENS.samples, useValue: complianceSample },
        { provide: REPORTING_TOKENS.everyMs, useValue: deps.einvoicing?.reportEveryMs ?? 5_000 },
        {
          provide: EInvoiceSigning,
          useFactory: (a: Aggregates) => new EInvoiceSigning(a, payments().secrets, deps.eventStore),
          inject: [Aggregates],
        },
        ChangeEInvoicingHandler,
        EInvoiceReportingWorker,
      ],
    };
  }
}
