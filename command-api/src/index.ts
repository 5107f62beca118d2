export { CommandApiModule, type CommandApiDeps } from './command-api.module';
export { seedDemoSalon, openAccount, DEMO, DEMO_EINVOICING, type NewAccount } from './seed/demo-salon';
export { MailDispatcher } from './identity/mail-dispatcher';
export { renderMail } from './identity/mail';
export { Aggregates } from './shared/repository';
/** the values of the write routes' named path parameters (the fuzz suite sends each) */
export { LIFECYCLE } from './catalog/offer.commands';
export { SETTINGS_SECTIONS } from './settings/settings.http.controller';
export { paymentGatewaysFor } from './online/gateways';
export { GatewayPayments, ReceiveGatewayCallback } from './online/gateway-payments.commands';
export { Expiries } from './sales/expiries';
export type { PaymentGateways } from './online/gateway-tokens';
export { EInvoiceReportingWorker } from './einvoicing/reporting.worker';
export { OutboxWorker } from './engagement/outbox.worker';
export { MessagingChannels, messagingChannelsFromEnv } from './engagement/channels';
export { messageIdOf, reminderPurpose } from './engagement/outbox';
export { RequestFreeTrial } from './platform/account-life.commands';
export { ReceiveContactMessage } from './platform/website.commands';
export { PublicRateLimit } from './sales/surveys.commands';
