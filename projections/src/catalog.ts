import { auditLogProjection } from './audit/audit-log.projection';
import { menuProjection } from './catalog/menu.projection';
import { bundlesProjection } from './catalog/bundles.projection';
import { inventoryProjection } from './products/inventory.projection';
import { staffProjection } from './staff/staff.projection';
import { attendanceProjection } from './attendance/attendance.projection';
import { importsProjection } from './imports/imports.projection';
import { customersProjection } from './customers/customers.projection';
import { customerTypesProjection } from './customers/customer-types.projection';
import { customerPenaltiesProjection } from './customers/customer-penalties.projection';
import { identityProjection } from './identity/identity.projection';
import { trialRequestsProjection } from './platform/trial-requests.projection';
import { websiteProjection } from './platform/website.projection';
import { accountContractsProjection } from './platform/account-contracts.projection';
import { billingProjection } from './platform/billing.projection';
import { platformListsProjection } from './platform/platform-lists.projection';
import { salonSubscriptionsProjection } from './platform/salon-subscriptions.projection';
import { developmentSuggestionsProjection } from './platform/development-suggestions.projection';
import { securityProjection } from './identity/security.projection';
import { appointmentsProjection } from './scheduling/appointments.projection';
import { cancellationReasonsProjection } from './scheduling/cancellation-reasons.projection';
import { salesProjection } from './sales/sales.projection';
import { walletsProjection } from './sales/wallets.projection';
import { giftCardsProjection } from './sales/gift-cards.projection';
import { discountCodesProjection } from './sales/discount-codes.projection';
import { reportsProjection } from './sales/reports.projection';
import { heldInvoicesProjection } from './sales/held-invoices.projection';
import { surveysProjection } from './sales/surveys.projection';
import { complaintsProjection } from './sales/complaints.projection';
import { noticesProjection } from './sales/notices.projection';
import { platformUpdatesProjection } from './identity/platform-updates.projection';
import { campaignsProjection } from './engagement/campaigns.projection';
import { customerOffersProjection } from './sales/customer-offers.projection';
import { gatewayPaymentsProjection } from './online/gateway-payments.projection';
import { einvoicingDevicesProjection } from './einvoicing/einvoicing-devices.projection';
import { einvoicesProjection } from './einvoicing/einvoices.projection';
import { ledgerProjection } from './accounting/ledger.projection';
import { expensesProjection } from './accounting/expenses.projection';
import { chartProjection } from './accounting/chart.projection';
import { expectedExpensesProjection } from './accounting/expected-expenses.projection';
import { payrollProjection } from './accounting/payroll.projection';
import { profitProjection } from './accounting/profit.projection';
import { messagesProjection } from './engagement/messages.projection';
import { whatsappManagerProjection } from './engagement/whatsapp-manager.projection';
import { contentChecksProjection } from './platform/content-checks.projection';
import type { Projection } from './runner/projection';

/** Every projection of the product; the runner, the query side and the rebuild CLI use this list. */
export const allProjections: Projection[] = [
  identityProjection,
  securityProjection,
  trialRequestsProjection,
  websiteProjection,
  accountContractsProjection,
  billingProjection,
  salonSubscriptionsProjection,
  developmentSuggestionsProjection,
  contentChecksProjection,
  customersProjection,
  customerTypesProjection,
  customerPenaltiesProjection,
  menuProjection,
  bundlesProjection,
  inventoryProjection,
  staffProjection,
  attendanceProjection,
  importsProjection,
  appointmentsProjection,
  cancellationReasonsProjection,
  salesProjection,
  walletsProjection,
  giftCardsProjection,
  discountCodesProjection,
  reportsProjection,
  heldInvoicesProjection,
  surveysProjection,
  complaintsProjection,
  noticesProjection,
  platformUpdatesProjection,
  platformListsProjection,
  campaignsProjection,
  customerOffersProjection,
  gatewayPaymentsProjection,
  einvoicingDevicesProjection,
  einvoicesProjection,
  ledgerProjection,
  expensesProjection,
  chartProjection,
  expectedExpensesProjection,
  payrollProjection,
  profitProjection,
  messagesProjection,
  whatsappManagerProjection,
  auditLogProjection,
];
