export * from './runner/projection';
export * from './runner/project-batch';
export * from './runner/projection-runner';
export * from './runner/projection-thread';
export * from './catalog';
export { customersProjection } from './customers/customers.projection';
export { auditLogProjection } from './audit/audit-log.projection';
export { identityProjection } from './identity/identity.projection';
export { securityProjection, signInPausesOf } from './identity/security.projection';
export { menuProjection } from './catalog/menu.projection';
export { inventoryProjection } from './products/inventory.projection';
export { staffProjection } from './staff/staff.projection';
export { attendanceProjection } from './attendance/attendance.projection';
export { bundlesProjection } from './catalog/bundles.projection';
export { importsProjection } from './imports/imports.projection';
export { appointmentsProjection } from './scheduling/appointments.projection';
export { cancellationReasonsProjection } from './scheduling/cancellation-reasons.projection';
export { salesProjection } from './sales/sales.projection';
export { walletsProjection } from './sales/wallets.projection';
export { giftCardsProjection } from './sales/gift-cards.projection';
export { discountCodesProjection } from './sales/discount-codes.projection';
export {
  reportsProjection,
  commissionOf,
  percentageToBp,
  reportDayId,
  REPORT_DIMENSIONS,
  type ReportDimension,
} from './sales/reports.projection';
export { heldInvoicesProjection } from './sales/held-invoices.projection';
export { surveysProjection } from './sales/surveys.projection';
export { complaintsProjection } from './sales/complaints.projection';
export { noticesProjection, heldNoticeId } from './sales/notices.projection';
export { platformUpdatesProjection } from './identity/platform-updates.projection';
export { billingProjection } from './platform/billing.projection';
export { platformListsProjection } from './platform/platform-lists.projection';
export { withheldOf } from './platform/content-checks.projection';
export { campaignsProjection } from './engagement/campaigns.projection';
export {
  freeTimes,
  bookableEmployees,
  type FreeTimes,
  type FreeTimesQuestion,
} from './scheduling/free-times';
export { giftCardsOnline, publicSalonCard, salonOfAlias } from './identity/salon-of-alias';
export { customerOffersProjection } from './sales/customer-offers.projection';
export { customerTypesProjection, customerTypeDayId } from './customers/customer-types.projection';
export { customerPenaltiesProjection } from './customers/customer-penalties.projection';
export { signedXmlOf } from './einvoicing/einvoices.projection';
export { ledgerProjection, ledgerDayId } from './accounting/ledger.projection';
export { messagesProjection, IN_DOUBT_AFTER_MS } from './engagement/messages.projection';
export {
  whatsappManagerProjection,
  NO_USAGE,
  type UsageCounts,
} from './engagement/whatsapp-manager.projection';
