/** One e-mail as the product writes it: plain text, in the reader's language. */
/** from / replyTo: the platform's e-mail setting (`platform-setting/email-setting`); none: the sender's own. */
export type OutgoingMail = { to: string; subject: string; text: string; from?: string; replyTo?: string };

/**
 * Sends mail. There is no embedded sender: without a mail server (SMTP_URL unset) the product keeps
 * every message in the manager console's outbox, marked "kept locally", where it can be read.
 */
export interface MailSender {
  readonly name: string;
  /** Resolves once the server accepted the message (its Message-ID when it said one). */
  send(mail: OutgoingMail): Promise<{ messageId?: string }>;
  close(): Promise<void>;
}
