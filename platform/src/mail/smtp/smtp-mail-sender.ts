import nodemailer, { type Transporter } from 'nodemailer';
import type { MailSender, OutgoingMail } from '../port';

export type SmtpMailSenderOptions = {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465; nodemailer's URL form */
  url: string;
  /** the From header, e.g. `Rawnaq <no-reply@example.com>` */
  from: string;
};

/** Mail through an SMTP server, with nodemailer (pooled connection, one message at a time each). */
export class SmtpMailSender implements MailSender {
  readonly name = 'smtp';
  private readonly transport: Transporter;

  constructor(private readonly options: SmtpMailSenderOptions) {
    const url = new URL(options.url);
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
      throw new Error('SMTP_URL must start with smtp:// or smtps://');
    this.transport = nodemailer.createTransport(options.url);
  }

  async send(mail: OutgoingMail) {
    const info = await this.transport.sendMail({
      from: mail.from ?? this.options.from,
      ...(mail.replyTo && { replyTo: mail.replyTo }),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
    return { messageId: typeof info.messageId === 'string' ? info.messageId : undefined };
  }

  async close() {
    this.transport.close();
  }
}
