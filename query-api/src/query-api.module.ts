import { WhatsAppManagerQueryController } from './engagement/whatsapp-manager.query.controller';
import { OnlineReportsQueryController } from './scheduling/online-reports.query.controller';
import { OnlineQueryController } from './scheduling/online.query.controller';
import { OnlineShopQueryController } from './online/online-shop.query.controller';
import { PublicSalesController, SalesQueryController } from './sales/sales.query.controller';
import {
  EInvoicingQueryController,
  ZatcaSettingQueryController,
  ZatcaTransactionsQueryController,
} from './einvoicing/einvoicing.query.controller';
import { WalletsQueryController } from './sales/wallets.query.controller';
import { DepositsQueryController, PublicDepositsController } from './sales/deposits.query.controller';
import {
  PaymentGatewayFeesController,
  PaymentGatewayReportController,
  PaymentGatewayStatusController,
} from './online/payment-gateway.query.controller';
import { DiscountCodesQueryController } from './sales/discount-codes.query.controller';
import { GiftCardsQueryController, PublicGiftCardsController } from './sales/gift-cards.query.controller';
import {
  CustomerOffersQueryController,
  PublicCustomerOffersController,
} from './sales/customer-offers.query.controller';
import { SalesReportsQueryController } from './sales/reports.query.controller';
import { ActivitiesQueryController } from './sales/activities.query.controller';
import { CustomerReportsQueryController } from './customers/customer-reports.query.controller';
import { MostUsedProductsQueryController } from './products/most-used-products.query.controller';
import { HeldInvoicesQueryController } from './sales/held-invoices.query.controller';
import { DebitNotesQueryController } from './sales/debit-notes.query.controller';
import { InvoiceRatingsQueryController, PublicSurveysController } from './sales/surveys.query.controller';
import { SurveysReportQueryController } from './sales/complaints.query.controller';
import { NotificationsQueryController } from './sales/notifications.query.controller';
import { CampaignsQueryController } from './engagement/campaigns.query.controller';
import { Module, type DynamicModule, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { BooksQueryController } from './accounting/books.query.controller';
import { VatReturnQueryController } from './accounting/vat-return.query.controller';
import { ProfitReportQueryController } from './accounting/profit-report.query.controller';
import { PostPaymentsQueryController } from './accounting/post-payments.query.controller';
import { ExpectedExpensesQueryController } from './accounting/expected-expenses.query.controller';
import { ExpensesQueryController } from './accounting/expenses.query.controller';
import { PurchasesQueryController } from './accounting/purchases.query.controller';
import { PayrollQueryController } from './accounting/payroll.query.controller';
import { MerchantsQueryController } from './platform/merchants.query.controller';
import { WebsiteQueryController } from './platform/website.query.controller';
import {
  ManagerContractsQueryController,
  MerchantContractsQueryController,
  PublicContractsQueryController,
} from './platform/account-contracts.query.controller';
import {
  BillingQueryController,
  MerchantAccountInvoicesController,
  PublicBillingController,
} from './platform/billing.query.controller';
import {
  PlatformListsQueryController,
  SalonPlatformListsQueryController,
} from './platform/platform-lists.query.controller';
import { DashboardQueryController } from './platform/dashboard.query.controller';
import { ContentChecksQueryController } from './platform/content-checks.query.controller';
import { ConsoleQueryController } from './platform/console.query.controller';
import {
  ManagerSuggestionsQueryController,
  SalonSuggestionsQueryController,
} from './platform/suggestions.query.controller';
import {
  ApiExceptionFilter,
  AuthGuard,
  systemClock,
  TOKENS,
  type Authenticator,
  type Clock,
  type LinkTokens,
  type EventStore,
  type FileStore,
  type Logger,
  type ReadModels,
} from '@rawnaq/platform';
import { AuditLogQueryController } from './audit/audit-log.query.controller';
import {
  ManagerSalonBackupsController,
  SalonBackups,
  SalonBackupsController,
} from './backups/salon-backups.query.controller';
import { BundlesQueryController, MenuQueryController } from './catalog/menu.query.controller';
import { SettingsQueryController } from './settings/settings.query.controller';
import { ProductsQueryController } from './products/products.query.controller';
import { AttendanceQueryController } from './staff/attendance.query.controller';
import { AttendanceReportsController, StaffQueryController } from './staff/staff.query.controller';
import { CustomersQueryController } from './customers/customers.query.controller';
import {
  ManagerQueryController,
  MerchantIdentityQueryController,
  PublicQueryController,
} from './identity/identity.query.controller';
import { AppointmentsQueryController } from './scheduling/appointments.query.controller';
import { AvailabilityQueryController } from './scheduling/availability.query.controller';
import { ReferenceQueryController } from './reference/reference.query.controller';
import {
  MinPositionMiddleware,
  READ_YOUR_WRITES_MS,
  READ_YOUR_WRITES_WAIT,
} from './shared/min-position.middleware';
import { FilesQueryController, ImportsQueryController } from './files/files.query.controller';

import {
  MessagesQueryController,
  BirthdaysQueryController,
  WHATSAPP_VIEW,
  WhatsAppSimulatorQueryController,
  WhatsAppWebhookQueryController,
  type WhatsAppView,
} from './engagement/messages.query.controller';

export type QueryApiDeps = {
  eventStore: EventStore;
  fileStore: FileStore;
  readModels: ReadModels;
  authenticator: Authenticator;
  logger: Logger;
  projections: string[];
  /** the WhatsApp simulator's phones and the webhook's verify token (none: an empty simulator) */
  whatsapp?: WhatsAppView;
  /** what "now" is (tests move it); the system's clock otherwise */
  clock?: Clock;
  /** the platform's link key: the keyed addresses it shows (an instance gateway's webhook) */
  linkTokens: LinkTokens;
  /** how long a read carrying X-Min-Position waits for the projections (default READ_YOUR_WRITES_MS) */
  readYourWritesMs?: number;
};

/** Every read of the product, from read models (and, for auditors, replays of the event store). */
@Module({})
export class QueryApiModule implements NestModule {
  static create(deps: QueryApiDeps): DynamicModule {
    return {
      module: QueryApiModule,
      controllers: [
        MessagesQueryController,
        BirthdaysQueryController,
        WhatsAppSimulatorQueryController,
        WhatsAppWebhookQueryController,
        MerchantIdentityQueryController,
        ZatcaSettingQueryController,
        ZatcaTransactionsQueryController,
        EInvoicingQueryController,
        // before the manager's lists: their `:list` route would take `payment-gateway-fees` for a list name
        PaymentGatewayFeesController,
        WhatsAppManagerQueryController,
        MerchantsQueryController,
        WebsiteQueryController,
        // before the manager's lists: their `:list` route would take `contracts` for a list name
        ManagerContractsQueryController,
        MerchantContractsQueryController,
        PublicContractsQueryController,
        BillingQueryController,
        MerchantAccountInvoicesController,
        PublicBillingController,
        PlatformListsQueryController,
        SalonPlatformListsQueryController,
        DashboardQueryController,
        ConsoleQueryController,
        SalonSuggestionsQueryController,
        ManagerSuggestionsQueryController,
        ContentChecksQueryController,
        ManagerQueryController,
        PublicQueryController,
        OnlineQueryController,
        OnlineShopQueryController,
        OnlineReportsQueryController,
        CustomersQueryController,
        AuditLogQueryController,
        SalonBackupsController,
        ManagerSalonBackupsController,
        ReferenceQueryController,
        MenuQueryController,
        BundlesQueryController,
        SettingsQueryController,
        ProductsQueryController,
        StaffQueryController,
        AttendanceQueryController,
        AttendanceReportsController,
        FilesQueryController,
        ImportsQueryController,
        AppointmentsQueryController,
        AvailabilityQueryController,
        SalesQueryController,
        WalletsQueryController,
        DepositsQueryController,
        PublicDepositsController,
        PaymentGatewayReportController,
        PaymentGatewayStatusController,
        DiscountCodesQueryController,
        GiftCardsQueryController,
        PublicGiftCardsController,
        CustomerOffersQueryController,
        PublicCustomerOffersController,
        SalesReportsQueryController,
        BooksQueryController,
        VatReturnQueryController,
        ProfitReportQueryController,
        PostPaymentsQueryController,
        ExpectedExpensesQueryController,
        ExpensesQueryController,
        PurchasesQueryController,
        PayrollQueryController,
        ActivitiesQueryController,
        CustomerReportsQueryController,
        MostUsedProductsQueryController,
        PublicSalesController,
        HeldInvoicesQueryController,
        DebitNotesQueryController,
        PublicSurveysController,
        InvoiceRatingsQueryController,
        SurveysReportQueryController,
        NotificationsQueryController,
        CampaignsQueryController,
      ],
      providers: [
        SalonBackups,
        { provide: TOKENS.eventStore, useValue: deps.eventStore },
        { provide: TOKENS.readModels, useValue: deps.readModels },
        { provide: TOKENS.authenticator, useValue: deps.authenticator },
        { provide: TOKENS.logger, useValue: deps.logger },
        { provide: TOKENS.fileStore, useValue: deps.fileStore },
        { provide: TOKENS.projections, useValue: deps.projections },
        { provide: TOKENS.clock, useValue: deps.clock ?? systemClock },
        { provide: TOKENS.linkTokens, useValue: deps.linkTokens },
        { provide: WHATSAPP_VIEW, useValue: deps.whatsapp ?? { phones: () => [] } },
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        { provide: READ_YOUR_WRITES_WAIT, useValue: deps.readYourWritesMs ?? READ_YOUR_WRITES_MS },
        MinPositionMiddleware,
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(MinPositionMiddleware).forRoutes('*path');
  }
}
