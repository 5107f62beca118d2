import {
  PLATFORM_TENANT,
  newId,
  type MailEvent,
  type MailQueued,
  type RecordedEvent,
} from '@rawnaq/contracts';
import type { LinkTokens, Logger, MailSender, ReadModels } from '@rawnaq/platform';
import { Aggregates } from '../shared/repository';
import { detached } from '../shared/unit-of-work';
import { mailStream, renderMail } from './mail';

/** One message's stream: what was written, and whether it was sent or refused. */
type MailState = { queued?: MailQueued['data']; done: boolean };
const evolveMail = (state: MailState, event: MailEvent): MailState =>
  event.type === 'MailQueued' ? { ...state, queued: event.data } : { ...state, done: true };

/**
 * Sends the outbox's waiting messages through the mail server (the transactional outbox: the command
 * records MailQueued with its other facts; this sends afterwards and records MailSent or MailFailed).
 * It reads the outbox's read model for messages still waiting, and each message's own stream before
 * sending, so a message recorded as sent is not sent again. Delivery is at least once: a crash between
 * the server's acceptance and the MailSent append sends that message again on the next round.
 */
export class MailDispatcher {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    private readonly aggregates: Aggregates,
    private readonly models: ReadModels,
    private readonly sender: MailSender,
    private readonly logger: Logger,
    private readonly links: LinkTokens,
  ) {}

  /** Sends every waiting message once; answers how many were sent. One round at a time. */
  dispatchPending(): Promise<number> {
    this.running ??= detached(() => this.round()).finally(() => (this.running = undefined));
    return this.running;
  }

  start(everyMs = 2000) {
    this.timer = setInterval(() => {
      void this.dispatchPending().catch((error: unknown) =>
        this.logger.error('mail round failed; trying again', { error: error as Error }),
      );
    }, everyMs);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  private async round(): Promise<number> {
    const waiting = await this.models.find('mail_outbox', {
      filter: { status: 1 },
      sort: [['queued_at', 'asc']],
      limit: 50,
    });
    let sent = 0;
    const setting = waiting.length ? await this.models.get('platform_records', 'email-setting') : undefined;
    for (const doc of waiting) {
      const stream = mailStream(doc.id);
      const { state } = await this.aggregates.load(
        undefined,
        stream,
        { done: false } as MailState,
        evolveMail as never,
      );
      const mail = (state as MailState).queued;
      if ((state as MailState).done || !mail) continue;
      let outcome: MailEvent;
      try {
        const { messageId } = await this.sender.send(renderMail(mail, this.links, setting));
        outcome = { type: 'MailSent', data: { mail_id: mail.mail_id, message_id: messageId ?? null } };
        sent++;
      } catch (error) {
        outcome = {
          type: 'MailFailed',
          data: { mail_id: mail.mail_id, error: String((error as Error)?.message ?? error).slice(0, 500) },
        };
        this.logger.warn('mail not sent', { mailId: mail.mail_id, error: error as Error });
      }
      await this.aggregates.handle<MailState, MailEvent>(
        stream,
        {
          tenantId: PLATFORM_TENANT,
          actor: { kind: 'system', id: 'mail' },
          correlationId: newId(),
          now: new Date(),
        },
        {
          initial: { done: false },
          evolve: evolveMail as (
            s: MailState,
            e: MailEvent & { metadata: RecordedEvent['metadata'] },
          ) => MailState,
          decide: (s) => (s.done ? [] : [outcome]),
        },
      );
    }
    return sent;
  }
}
