import { createHash } from 'node:crypto';
import {
  AppointmentStatus,
  CUSTOMER_CATEGORY,
  customerMessageTexts,
  DomainError,
  fillText,
  formatDate,
  formatViewTime,
  isStartReply,
  isStopReply,
  MESSAGE_CATEGORY,
  newId,
  notFound,
  streamName,
  toInstant,
  WHATSAPP_INBOX_CATEGORY,
  whatsappDigits,
  type CustomerEvent,
  type MessageEvent,
  type MessageKind,
  type MessageQueued,
  type WhatsAppReplyReceived,
} from '@rawnaq/contracts';
import {
  cloudWebhookNotices,
  WebhookRefused,
  type Doc,
  type Logger,
  type ReadModels,
} from '@rawnaq/platform';
import { IN_DOUBT_AFTER_MS } from '@rawnaq/projections';
import { currentCustomer } from '../customers/customer.commands';
import { evolveCustomer, initialCustomerState, type CustomerState } from '../customers/customer';
import { evolveAccountSettings, initialAccountSettings } from '../settings/account-settings';
import type { CommandContext } from '../shared/command-context';
import { Aggregates } from '../shared/repository';
import { tenantInfo } from '../shared/tenant';
import { marketingHold } from './allowance';
import type { Channel, MessagingChannels } from './channels';
import type { SalonConnections, SalonSetup } from './salon-connections';
import { mayMessage } from './consent';
import {
  decideMessage,
  evolveMessage,
  initialMessage,
  type MessageCommand,
  type MessageState,
} from './message';
import { sendWindowOf } from './send-window';

export const messageStream = (tenantId: string, messageId: string) =>
  streamName(MESSAGE_CATEGORY, tenantId, messageId);

/** A message's id from its purpose: the same purpose is always the same message (and stream). */
export const messageIdOf = (tenantId: string, purpose: string): string => {
  const h = createHash('sha256').update(`${tenantId}\u0000message\u0000${purpose}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** The reminder of one visit at one time: moved, it is another reminder; reminded twice, the same one. */
export const reminderPurpose = (appointmentId: string, start: string) =>
  `appointment-reminder:${appointmentId}:${start}`;

/** The worker's identity in the events it records. */
const WORKER = { kind: 'system', id: 'whatsapp' } as const;
const workerCtx = (tenantId: string, now: Date): CommandContext => ({
  tenantId,
  actor: WORKER,
  correlationId: newId(),
  now,
});

type Visit = { id: string; customer_id: string; start: string; status: number; no_show?: boolean };

export type QueueResult =
  | { queued: true; message_id: string }
  | { queued: false; reason: 'messaging.not_allowed' | 'messaging.no_phone' | 'messaging.visit_started' };

/**
 * The outbox (issue 26): messages are queued as events by the commands that mean them (a reminder
 * with the visit's "remind"), and a worker sends those due through the salon's channel. Each send is
 * recorded as started before the provider is called, and its outcome after; an attempt a crash cut
 * short is settled by asking the provider (the simulator can say; the Cloud API cannot, and then the
 * message is never sent again), so no message reaches a customer twice. Webhooks bring statuses and
 * replies; a STOP reply turns her consent off.
 */
export class Outbox {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly models: ReadModels,
    readonly channels: MessagingChannels,
    private readonly logger?: Logger,
    /** each salon's connection and package as the manager set them (none: the environment's, the simulator) */
    private readonly connections?: SalonConnections,
  ) {}

  /** A round's salons' set-ups and what each sent in it (the read model shows the sends once it is over). */
  private round?: { setups: Map<string, Promise<SalonSetup | undefined>>; sent: Map<string, number> };

  private setupOf(tenantId: string): Promise<SalonSetup | undefined> {
    const load = () => this.connections?.of(tenantId) ?? Promise.resolve(undefined);
    if (!this.round) return load();
    let setup = this.round.setups.get(tenantId);
    if (!setup) this.round.setups.set(tenantId, (setup = load()));
    return setup;
  }

  /** The salon's sender: its recorded connection, else the environment's, else the simulator. */
  async channelOf(tenantId: string): Promise<Channel> {
    return this.channels.channelFor(tenantId, (await this.setupOf(tenantId))?.recorded);
  }

  private run(tenantId: string, messageId: string, ctx: CommandContext, command: MessageCommand) {
    return this.aggregates.handle<MessageState, MessageEvent>(messageStream(tenantId, messageId), ctx, {
      initial: initialMessage,
      evolve: evolveMessage,
      decide: (s) => decideMessage(command, s),
    });
  }

  /** Queues a message (inside the command that means it: stored with its other facts, or not at all). */
  async queue(ctx: CommandContext, message: Omit<MessageQueued['data'], 'message_id'>) {
    const message_id = messageIdOf(ctx.tenantId, message.purpose);
    await this.run(ctx.tenantId, message_id, ctx, { type: 'Queue', message: { message_id, ...message } });
    return message_id;
  }

  /**
   * The reminder of a visit, in the customer's language with the salon's name, queued to leave at
   * `sendAt` (now for the desk's "remind"), never after the visit begins; nothing when she may not be
   * written to (the answer says why).
   */
  async queueReminder(ctx: CommandContext, visit: Visit, sendAt: Date): Promise<QueueResult> {
    if (Date.parse(visit.start) <= ctx.now.getTime())
      return { queued: false, reason: 'messaging.visit_started' };
    const customer = await currentCustomer(this.aggregates, ctx.tenantId, visit.customer_id);
    const phone = whatsappDigits(customer?.state.details.mobile);
    if (!customer || !this.allowed(customer.state, 'service'))
      return { queued: false, reason: 'messaging.not_allowed' };
    if (!phone) return { queued: false, reason: 'messaging.no_phone' };
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const account = await this.models.get('accounts', ctx.tenantId);
    const language = customer.state.details.preferred_language === 'en' ? 'en' : 'ar';
    const texts = customerMessageTexts.appointment_reminder;
    const values = {
      name: String(customer.state.details.name ?? ''),
      salon: String((language === 'ar' ? account?.name_ar : account?.name_en) ?? account?.name_en ?? ''),
      date: formatDate(visit.start, { locale: language, tz: tenant.timeZone }),
      time: formatViewTime(visit.start, { locale: language, tz: tenant.timeZone }),
    };
    const message_id = await this.queue(ctx, {
      purpose: reminderPurpose(visit.id, visit.start),
      customer_id: customer.id,
      phone,
      language,
      kind: 'service',
      content: {
        template: { name: texts.template, params: [values.name, values.salon, values.date, values.time] },
        text: fillText(texts[language], values),
      },
      scheduled_for: toInstant(sendAt),
      expires_at: toInstant(visit.start),
      appointment_id: visit.id,
    });
    return { queued: true, message_id };
  }

  private allowed(customer: CustomerState | undefined, kind: MessageKind) {
    return mayMessage(
      customer?.registered
        ? { whatsappAllowed: customer.details.whatsapp_allowed === true, active: customer.active }
        : undefined,
      kind,
    );
  }

  /**
   * Settings → Notifications "appointment reminder": each booked visit's reminder is queued once its
   * time (N hours before the visit) has come, to leave within the window and before the visit. Visits
   * of the next 3 days are looked at (the setting goes up to 72 hours); a customer who may not be
   * written to gets none.
   */
  async planReminders(now: Date): Promise<number> {
    let queued = 0;
    // salon by salon, through the visits' (tenant, date) index: the salon's days from yesterday (a
    // zone ahead of UTC) to four days on cover the next 72 hours wherever it is
    const accounts = await this.models.find('accounts', { limit: 100_000 });
    const from = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
    const to = new Date(now.getTime() + 4 * 86_400_000).toISOString().slice(0, 10);
    for (const account of accounts) {
      const tenantId = String(account.id);
      const { state } = await this.aggregates.load(
        streamName('account', tenantId, tenantId),
        initialAccountSettings,
        evolveAccountSettings,
      );
      const n = state.exists ? state.notifications : {};
      if (!state.exists || n.appointment_reminder === false) continue;
      const hours = Number(n.reminder_hours_before ?? 24) || 24;
      const visits = (await this.models.find('appointments', {
        filter: { tenantId, date: { $gte: from, $lte: to }, status: AppointmentStatus.scheduled },
        limit: 5000,
      })) as unknown as Visit[];
      for (const visit of visits) {
        const start = Date.parse(visit.start);
        const sendAt = start - hours * 3_600_000;
        if (visit.no_show || start <= now.getTime() || sendAt > now.getTime()) continue;
        const id = messageIdOf(tenantId, reminderPurpose(visit.id, visit.start));
        if (await this.models.get('messages', id)) continue;
        try {
          const result = await this.queueReminder(workerCtx(tenantId, now), visit, new Date(sendAt));
          if (result.queued) queued++;
        } catch (error) {
          this.logger?.warn(`reminder of visit ${visit.id} not queued: ${String(error)}`);
        }
      }
    }
    return queued;
  }

  /**
   * The reminders of one day's booked visits, queued to leave now (the demo salon's of tomorrow, so
   * its simulator shows them from the first start); each visit's reminder once, as ever.
   */
  async remindDay(tenantId: string, date: string, now: Date): Promise<number> {
    const visits = (await this.models.find('appointments', {
      filter: { tenantId, date, status: AppointmentStatus.scheduled },
      sort: [['start', 'asc']],
      limit: 500,
    })) as unknown as Visit[];
    let queued = 0;
    for (const visit of visits)
      if ((await this.queueReminder(workerCtx(tenantId, now), visit, now)).queued) queued++;
    return queued;
  }

  /** The messages due now, oldest first: at most `limit`. */
  async due(now: Date, limit = 50): Promise<Doc[]> {
    return this.models.find('messages', {
      filter: { due: 1, next_attempt_at: { $lte: now.toISOString() } },
      sort: [['next_attempt_at', 'asc']],
      limit,
    });
  }

  async runDue(now: Date): Promise<number> {
    let done = 0;
    this.round = { setups: new Map(), sent: new Map() };
    try {
      for (const doc of await this.due(now)) {
        try {
          if (await this.advance(String(doc.tenantId), String(doc.id), now)) done++;
        } catch (error) {
          this.logger?.warn(`message ${String(doc.id)} not sent: ${String(error)}`);
        }
      }
    } finally {
      this.round = undefined;
    }
    return done;
  }

  /**
   * Moves one message on: settles an attempt in doubt, or starts an attempt (deferred to the window,
   * withheld without consent) and sends it. Answers whether the provider was called.
   */
  async advance(tenantId: string, messageId: string, now: Date): Promise<boolean> {
    const stream = messageStream(tenantId, messageId);
    const { state, events } = await this.aggregates.load(stream, initialMessage, evolveMessage);
    if (!state.queued) return false;
    const { provider, connection } = await this.channelOf(tenantId);
    const clientRef = `${tenantId}/${messageId}`;
    if (state.inFlight !== undefined) {
      const started = events.at(-1)?.metadata.occurredAt;
      if (started && now.getTime() - Date.parse(started) < IN_DOUBT_AFTER_MS) return false;
      const found = await provider.lookup(connection, clientRef);
      const named = typeof found === 'object' ? { provider: provider.name, ...found } : found;
      await this.run(tenantId, messageId, workerCtx(tenantId, now), {
        type: 'ResolveInDoubt',
        found: named,
        now: now.getTime(),
      });
      return false;
    }
    const context = await this.sendContext(tenantId, state, now);
    const start = await this.run(tenantId, messageId, workerCtx(tenantId, now), {
      type: 'StartSend',
      context,
    });
    const begun = start.events.find((e) => e.type === 'MessageSendStarted');
    // nothing to send now, or another worker took this attempt
    if (!begun || begun.type !== 'MessageSendStarted') return false;
    const attempt = begun.data.attempt;
    const q = state.queued;
    const result = await provider.send(connection, {
      clientRef,
      to: q.phone,
      language: q.language,
      template: q.content.template,
      text: q.content.text,
    });
    if (result.ok && this.round) this.round.sent.set(tenantId, (this.round.sent.get(tenantId) ?? 0) + 1);
    await this.run(tenantId, messageId, workerCtx(tenantId, new Date(Math.max(now.getTime(), Date.now()))), {
      type: 'RecordOutcome',
      attempt,
      outcome: result.ok
        ? { ok: true, provider: provider.name, providerMessageId: result.providerMessageId }
        : result,
      now: now.getTime(),
    });
    return true;
  }

  private async sendContext(tenantId: string, state: MessageState, now: Date) {
    const q = state.queued!;
    const tenant = await tenantInfo(this.models, tenantId, now);
    const { state: settings } = await this.aggregates.load(
      streamName('account', tenantId, tenantId),
      initialAccountSettings,
      evolveAccountSettings,
    );
    const customer = await currentCustomer(this.aggregates, tenantId, q.customer_id);
    let relevant = true;
    if (q.appointment_id) {
      const visit = (await this.models.get('appointments', q.appointment_id)) as Visit | undefined;
      relevant =
        !!visit &&
        visit.status === AppointmentStatus.scheduled &&
        !visit.no_show &&
        q.purpose === reminderPurpose(visit.id, visit.start);
    }
    // a campaign disabled: what it has not sent yet is withheld
    if (q.campaign_id) relevant = (await this.models.get('campaigns', q.campaign_id))?.status !== 'disabled';
    const setup = await this.setupOf(tenantId);
    let hold;
    if (q.kind === 'marketing' && setup?.package) {
      const month = tenant.today.slice(0, 7);
      const usage = (await this.models.get('whatsapp_usage', tenantId)) as
        { months?: Record<string, { sent?: number }> } | undefined;
      const counted = Number(usage?.months?.[month]?.sent ?? 0);
      hold = marketingHold({
        package: setup.package,
        today: tenant.today,
        sentThisMonth: counted + (this.round?.sent.get(tenantId) ?? 0),
      });
    }
    return {
      now: now.getTime(),
      window: sendWindowOf(
        settings.exists ? settings.notifications : {},
        tenant.timeZone,
        setup && { from: setup.settings.send_from, until: setup.settings.send_until },
      ),
      allowed: this.allowed(customer?.state, q.kind),
      relevant,
      ...(hold && { marketingHold: hold }),
    };
  }

  /** "Send again" on a failed message: one more attempt at the worker's next round. */
  async retry(ctx: CommandContext, messageId: string) {
    const { state } = await this.aggregates.load(
      messageStream(ctx.tenantId, messageId),
      initialMessage,
      evolveMessage,
    );
    if (!state.queued) throw notFound('not_found.record');
    const { state: after } = await this.run(ctx.tenantId, messageId, ctx, { type: 'Retry' });
    return { id: messageId, status: after.status };
  }

  /**
   * A webhook from the provider: refused (401) unless signed by it, and then each notice applied
   * once however often it comes: statuses move messages forward, replies are kept on the phone's
   * stream, and STOP (or START) changes the consent of every customer with that number.
   */
  async receive(raw: Buffer | string | undefined, signature: string | undefined, now: Date) {
    const source =
      this.channels.signedBy(raw, signature) ??
      this.channels.signedBy(raw, signature, await this.connections?.platformAppSecret());
    if (!source) throw new DomainError('messaging.signature_refused', 401);
    let notices;
    try {
      notices = cloudWebhookNotices(JSON.parse(String(raw)));
    } catch (error) {
      if (error instanceof WebhookRefused || error instanceof SyntaxError)
        throw new DomainError('validation.invalid_value', 400, { object: 'validation.invalid_value' });
      throw error;
    }
    let applied = 0;
    for (const n of notices) {
      const tenantId = await this.tenantOf(n.phoneNumberId, source);
      if (!tenantId) continue;
      const ctx = workerCtx(tenantId, now);
      if (n.kind === 'status') {
        const messageId = await this.messageOf(tenantId, n.clientRef, n.providerMessageId);
        if (!messageId) continue;
        const { events } = await this.run(tenantId, messageId, ctx, {
          type: 'RecordStatus',
          notice: { ...n, provider: source === 'simulator' ? 'simulator' : 'cloud_api' },
        });
        applied += events.length;
      } else applied += (await this.reply(ctx, n.from, n.providerMessageId, n.text, n.at)).result;
    }
    return { received: notices.length, applied };
  }

  /** The salon of a phone number id: the simulator's, the environment's, or one the manager recorded. */
  private async tenantOf(phoneNumberId: string, source: 'simulator' | 'cloud') {
    const known = this.channels.tenantOf(phoneNumberId, source);
    if (known || source !== 'cloud') return known;
    const [salon] = await this.models.find('whatsapp_accounts', {
      filter: { provider: 'cloud_api', phone_number_id: phoneNumberId },
      limit: 1,
    });
    return salon ? String(salon.id) : undefined;
  }

  private async messageOf(tenantId: string, clientRef: string | undefined, providerId: string) {
    const [refTenant, id] = (clientRef ?? '').split('/');
    if (refTenant === tenantId && id) return id;
    const [doc] = await this.models.find('messages', {
      filter: { tenantId, provider_message_id: providerId },
      limit: 1,
    });
    return doc ? String(doc.id) : undefined;
  }

  private async reply(ctx: CommandContext, phone: string, providerId: string, text: string, at: string) {
    const customers = await this.models.find('customers', {
      filter: { tenantId: ctx.tenantId, mobile_key: phone },
    });
    const ids = customers.filter((c) => !c.merged_into).map((c) => String(c.id));
    return this.aggregates.transaction(async () => {
      type Inbox = { seen: readonly string[] };
      const { events } = await this.aggregates.handle<Inbox, WhatsAppReplyReceived>(
        streamName(WHATSAPP_INBOX_CATEGORY, ctx.tenantId, phone),
        ctx,
        {
          initial: { seen: [] },
          // the provider's ids of the last replies: a webhook sent again is recognised
          evolve: (s, e) => ({ seen: [...s.seen.slice(-199), e.data.provider_message_id] }),
          decide: (s) =>
            s.seen.includes(providerId)
              ? []
              : [
                  {
                    type: 'WhatsAppReplyReceived',
                    data: {
                      phone,
                      provider_message_id: providerId,
                      text,
                      received_at: at,
                      customer_ids: ids,
                    },
                  },
                ],
        },
      );
      if (!events.length) return 0;
      const allowed = isStopReply(text) ? false : isStartReply(text) ? true : undefined;
      if (allowed === undefined) return events.length;
      let changed = 0;
      for (const id of ids) {
        const { events: consent } = await this.aggregates.handle<CustomerState, CustomerEvent>(
          streamName(CUSTOMER_CATEGORY, ctx.tenantId, id),
          ctx,
          {
            initial: initialCustomerState,
            evolve: evolveCustomer,
            decide: (s) =>
              s.registered && (s.details.whatsapp_allowed === true) !== allowed
                ? [
                    {
                      type: 'WhatsAppConsentChanged',
                      data: {
                        customer_id: id,
                        allowed,
                        how: allowed ? 'start_reply' : 'stop_reply',
                        at,
                        phone,
                      },
                    },
                  ]
                : [],
          },
        );
        changed += consent.length;
      }
      return events.length + changed;
    });
  }
}
