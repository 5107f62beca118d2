import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MailSender, OutgoingMail } from './port';

/**
 * A mailbox on disk (MAIL_DIR): each message the product sends is written there as one RFC 5322 file
 * (`.eml`, UTF-8 plain text), the way a development mail catcher keeps them, so a developer (or a
 * browser test) can open the links a mail carries without a mail server. Written whole under a
 * temporary name and renamed, so a reader never sees half a message. Not for production: nothing is
 * delivered to anyone.
 */
export class DirectoryMailSender implements MailSender {
  readonly name = 'directory';
  /** messages written so far: in the file's name, so two written in one millisecond sort as written */
  private written = 0;

  constructor(
    private readonly dir: string,
    private readonly from = 'Rawnaq <no-reply@rawnaq.localhost>',
  ) {
    mkdirSync(dir, { recursive: true });
  }

  async send(mail: OutgoingMail): Promise<{ messageId?: string }> {
    this.written += 1;
    // the names sort in the order written (a reader takes the newest as the last one)
    const id = `${Date.now()}-${String(this.written).padStart(9, '0')}-${randomBytes(6).toString('hex')}`;
    const messageId = `<${id}@rawnaq.localhost>`;
    const encoded = (text: string) => `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
    const message = [
      `From: ${this.from}`,
      `To: ${mail.to}`,
      `Subject: ${encoded(mail.subject)}`,
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: ${messageId}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      mail.text,
      '',
    ].join('\r\n');
    const file = join(this.dir, `${id}.eml`);
    writeFileSync(`${file}.tmp`, message, 'utf8');
    renameSync(`${file}.tmp`, file);
    return { messageId };
  }

  async close(): Promise<void> {}
}
