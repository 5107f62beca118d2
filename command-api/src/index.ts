export { CommandApiModule, type CommandApiDeps } from './command-api.module';
export { seedDemoSalon, openAccount, DEMO, type NewAccount } from './seed/demo-salon';
export { MailDispatcher } from './identity/mail-dispatcher';
export { renderMail } from './identity/mail';
export { Aggregates } from './shared/repository';
