export * from './port';
export * from './link-tokens';
export { SmtpMailSender, type SmtpMailSenderOptions } from './smtp/smtp-mail-sender';
export { DirectoryMailSender } from './directory-mail-sender';
