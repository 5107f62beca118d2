export * from './port';
export { SmtpMailSender, type SmtpMailSenderOptions } from './smtp/smtp-mail-sender';
