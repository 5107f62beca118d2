import {
  SmtpMailSender,
  type MailSender,
  type OutgoingMail,
  type ReadModels,
  type SealedSecrets,
} from '@rawnaq/platform';

/** The mail server of the manager's e-mail setting (`platform-setting/email-setting`), when she set one. */
type ManagedServer = { url: string; from: string; key: string };

/**
 * Where the product's mail goes: the deployment's own server when it names one (SMTP_URL, or a folder
 * with MAIL_DIR), otherwise the server the manager set in the console's e-mail setting (host, port,
 * username and the sealed password), read again at each send so a change there counts from the next
 * message; with neither, nothing is sent and messages are kept in the outbox to be read there.
 */
export class PlatformMailSender implements MailSender {
  readonly name = 'platform';
  private managed?: { key: string; sender: SmtpMailSender };

  constructor(
    private readonly fixed: MailSender | undefined,
    private readonly models: ReadModels,
    private readonly secrets: () => SealedSecrets,
  ) {}

  /** Whether a message queued now will be sent (or only kept in the outbox). */
  async ready(): Promise<boolean> {
    return this.fixed !== undefined || (await this.server()) !== undefined;
  }

  async send(mail: OutgoingMail) {
    if (this.fixed) return this.fixed.send(mail);
    const server = await this.server();
    if (!server) throw new Error('no mail server: set one in the console’s e-mail setting');
    if (this.managed?.key !== server.key) {
      await this.managed?.sender.close();
      this.managed = { key: server.key, sender: new SmtpMailSender({ url: server.url, from: server.from }) };
    }
    return this.managed.sender.send(mail);
  }

  async close() {
    await this.managed?.sender.close();
    this.managed = undefined;
  }

  private async server(): Promise<ManagedServer | undefined> {
    const s = await this.models.get('platform_records', 'email-setting');
    const host = typeof s?.smtp_host === 'string' ? s.smtp_host : '';
    if (!host) return undefined;
    const port = typeof s?.smtp_port === 'number' ? s.smtp_port : 587;
    const user = typeof s?.smtp_username === 'string' ? s.smtp_username : '';
    const sealed = typeof s?.smtp_password_sealed === 'string' ? s.smtp_password_sealed : '';
    const password = sealed ? this.secrets().open(sealed) : '';
    // 465 is SMTP over TLS from the first byte; any other port upgrades with STARTTLS when offered
    const auth = user ? `${encodeURIComponent(user)}:${encodeURIComponent(password)}@` : '';
    const url = `${port === 465 ? 'smtps' : 'smtp'}://${auth}${host}:${port}`;
    const from = typeof s?.sender_address === 'string' ? s.sender_address : 'no-reply@rawnaq.app';
    return { url, from, key: `${url}|${from}` };
  }
}

/** Whether a message queued now will be sent: a sender that knows says so; no sender: kept locally. */
export const willSend = async (sender: MailSender | null): Promise<boolean> =>
  sender === null ? false : sender instanceof PlatformMailSender ? sender.ready() : true;
