import { createHash } from 'node:crypto';
import {
  AppointmentStatus,
  AUTOMATIC_MESSAGE_RULES,
  currencyOfCountry,
  CUSTOMER_CATEGORY,
  DomainError,
  formatDate,
  formatMoney,
  instantAt,
  addDays,
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
  type AutomaticMessage,
  type CustomerEvent,
  type MessageEvent,
  type MessagePlaceholder,
  type MessageKind,
  type MessageQueued,
  type WhatsAppReplyReceived,
} from '@rawnaq/contracts';
import {
  cloudWebhookNotices,
  instanceWebhookNotices,
  WebhookRefused,
  type WebhookNotice,
  type Doc,
  type FileStore,
  type Logger,
  type ReadModels,
} from '@rawnaq/platform';
import { IN_DOUBT_AFTER_MS } from '@rawnaq/projections';
import { currentCustomer } from '../customers/customer.commands';
import { evolveCustomer, initialCustomerState, type CustomerState } from '../customers/customer';
import { evolveAccountSettings, initialAccountSettings } from '../settings/account-settings';
import { type CommandContext, UNIT } from '../shared/command-context';
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
import {
  birthdaysDue,
  messageContent,
  purposes,
  switchedOn,
  walletReminderMonth,
} from './automatic-messages';
import type { UnitOfWork } from '../shared/unit-of-work';

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

/** The e-survey's link leaves an hour after checkout, once she has left the salon. */
export const SURVEY_AFTER_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The worker's identity in the events it records. */
const WORKER = { kind: 'system', id: 'whatsapp' } as const;
const workerCtx = (tenantId: string, now: Date, unit?: UnitOfWork): CommandContext => ({
  tenantId,
  actor: WORKER,
  correlationId: newId(),
  now,
  [UNIT]: unit,
});

type Visit = { id: string; customer_id: string; start: string; status: number; no_show?: boolean };

export type QueueResult =
  | { queued: true; message_id: string }
  | {
      queued: false;
      reason:
        'messaging.not_allowed' | 'messaging.no_phone' | 'messaging.visit_started' | 'messaging.switched_off';
    };

/** One automatic message to queue for a customer. */
export type Automatic = {
  message: AutomaticMessage;
  customerId: string;
  purpose: string;
  /** its placeholders' values in her language (name and salon are filled in here) */
  values?: (language: 'en' | 'ar', links: Links) => Partial<Record<MessagePlaceholder, string>>;
  /** not before (now by default) */
  sendAt?: Date;
  /** not after (a visit's start; the end of her birthday) */
  expiresAt?: Date;
  appointmentId?: string;
  invoiceId?: string;
  /** the desk asked for it ("remind", "send now"): sent whatever the switch says (consent still rules) */
  asked?: boolean;
};

/** The public pages a message may link to, in her language, on the product's configured address. */
export type Links = {
  eBooking: (uniqueId: string) => string;
  eInvoice: (uniqueId: string) => string;
  eSurvey: (uniqueId: string) => string;
  eGift: (uniqueId: string) => string;
  /** the salon's online booking page */
  booking: () => string;
};

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
    /** the salons' uploads: a campaign's attachment is sent from there */
    private readonly files?: FileStore,
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
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    return this.queueAutomatic(ctx, {
      message: 'appointment_reminder',
      customerId: visit.customer_id,
      purpose: reminderPurpose(visit.id, visit.start),
      values: (language) => ({
        date: formatDate(visit.start, { locale: language, tz: tenant.timeZone }),
        time: formatViewTime(visit.start, { locale: language, tz: tenant.timeZone }),
      }),
      sendAt,
      expiresAt: new Date(visit.start),
      appointmentId: visit.id,
      // planned by the worker only while the switch is on; the desk's "remind" sends it anyway
      asked: true,
    });
  }

  /**
   * Queues an automatic message (inside the command that means it, or the worker's own): in the
   * customer's language with the salon's name and its own text if it wrote one; nothing when its
   * switch is off (unless the desk asked), or she may not be written to or has no mobile.
   */
  async queueAutomatic(ctx: CommandContext, a: Automatic): Promise<QueueResult> {
    const { state: settings } = await this.aggregates.load(
      ctx,
      streamName('account', ctx.tenantId, ctx.tenantId),
      initialAccountSettings,
      evolveAccountSettings,
    );
    const notifications = settings.exists ? settings.notifications : {};
    if (!a.asked && !switchedOn(notifications, a.message))
      return { queued: false, reason: 'messaging.switched_off' };
    const rule = AUTOMATIC_MESSAGE_RULES[a.message];
    const customer = await currentCustomer(this.aggregates, ctx, a.customerId);
    if (!customer || !this.allowed(customer.state, rule.kind))
      return { queued: false, reason: 'messaging.not_allowed' };
    const phone = whatsappDigits(customer.state.details.mobile);
    if (!phone) return { queued: false, reason: 'messaging.no_phone' };
    const account = await this.models.get('accounts', ctx.tenantId);
    const language = customer.state.details.preferred_language === 'en' ? 'en' : 'ar';
    const values = {
      ...a.values?.(language, this.links(account?.alias, language)),
      name: String(customer.state.details.name ?? ''),
      salon: String((language === 'ar' ? account?.name_ar : account?.name_en) ?? account?.name_en ?? ''),
    };
    const message_id = await this.queue(ctx, {
      purpose: a.purpose,
      customer_id: customer.id,
      phone,
      language,
      kind: rule.kind,
      content: messageContent(a.message, language, values, notifications),
      scheduled_for: toInstant(a.sendAt ?? ctx.now),
      ...(a.expiresAt && { expires_at: toInstant(a.expiresAt) }),
      ...(a.appointmentId && { appointment_id: a.appointmentId }),
      ...(a.invoiceId && { invoice_id: a.invoiceId }),
    });
    return { queued: true, message_id };
  }

  private links(alias: unknown, language: 'en' | 'ar'): Links {
    const base = `${this.channels.publicUrl}/${language}`;
    const salon = `${base}/salon/${encodeURIComponent(String(alias ?? ''))}`;
    return {
      eBooking: (id) => `${salon}/e-booking/${id}`,
      eInvoice: (id) => `${base}/e-invoice/${id}`,
      eSurvey: (id) => `${base}/e-survey/${id}`,
      eGift: (id) => `${base}/e-gift/${id}`,
      booking: () => `${salon}/booking`,
    };
  }

  /** A visit just booked (the desk, the calendar, the online pages): its confirmation with its e-booking link. */
  async queueBookingConfirmation(
    ctx: CommandContext,
    visit: { id: string; customer_id: string; start: string; unique_id: string },
  ): Promise<QueueResult> {
    if (Date.parse(visit.start) <= ctx.now.getTime())
      return { queued: false, reason: 'messaging.visit_started' };
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    return this.queueAutomatic(ctx, {
      message: 'booking_confirmation',
      customerId: visit.customer_id,
      purpose: purposes.bookingConfirmation(visit.id),
      values: (language, links) => ({
        date: formatDate(visit.start, { locale: language, tz: tenant.timeZone }),
        time: formatViewTime(visit.start, { locale: language, tz: tenant.timeZone }),
        link: links.eBooking(visit.unique_id),
      }),
      expiresAt: new Date(visit.start),
      appointmentId: visit.id,
    });
  }

  /**
   * After checkout: the thank-you with the e-invoice's link now, and the e-survey's link an hour
   * later (once she has left), each behind its switch.
   */
  async queueAfterCheckout(
    ctx: CommandContext,
    invoice: { invoice_id: string; unique_id: string; customer_id: string; appointment_id: string | null },
  ) {
    const common = {
      customerId: invoice.customer_id,
      invoiceId: invoice.invoice_id,
      ...(invoice.appointment_id && { appointmentId: invoice.appointment_id }),
    };
    const thankYou = await this.queueAutomatic(ctx, {
      ...common,
      message: 'thank_you',
      purpose: purposes.thankYou(invoice.invoice_id),
      values: (_, links) => ({ link: links.eInvoice(invoice.unique_id) }),
      // a thank-you a day late reads as an afterthought: withheld then
      expiresAt: new Date(ctx.now.getTime() + DAY_MS),
    });
    const survey = await this.queueAutomatic(ctx, {
      ...common,
      message: 'survey',
      purpose: purposes.survey(invoice.invoice_id),
      values: (_, links) => ({ link: links.eSurvey(invoice.unique_id) }),
      sendAt: new Date(ctx.now.getTime() + SURVEY_AFTER_MS),
      expiresAt: new Date(ctx.now.getTime() + 3 * DAY_MS),
    });
    return { thank_you: thankYou, survey };
  }

  /** A gift card given to a customer: she is told, with its amount and its e-gift link. */
  async queueGiftCardReceived(
    ctx: CommandContext,
    card: { code: string; unique_id: string; customer_id: string; value: number; currency: string },
  ) {
    return this.queueAutomatic(ctx, {
      message: 'gift_card_received',
      customerId: card.customer_id,
      purpose: purposes.giftCardReceived(card.code),
      values: (language, links) => ({
        amount: formatMoney(
          { amount: card.value, currency: card.currency as Parameters<typeof formatMoney>[0]['currency'] },
          { locale: language },
        ),
        link: links.eGift(card.unique_id),
      }),
    });
  }

  /** A visit marked no-show: a word that she was missed, with the salon's booking page to book again. */
  async queueNoShowFollowUp(ctx: CommandContext, visit: { id: string; customer_id: string; start: string }) {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    return this.queueAutomatic(ctx, {
      message: 'no_show_follow_up',
      customerId: visit.customer_id,
      purpose: purposes.noShowFollowUp(visit.id),
      values: (language, links) => ({
        date: formatDate(visit.start, { locale: language, tz: tenant.timeZone }),
        link: links.booking(),
      }),
      appointmentId: visit.id,
      expiresAt: new Date(ctx.now.getTime() + 3 * DAY_MS),
    });
  }

  /**
   * A customer's birthday wish of this year (the worker on her birthday, or the desk's "send now" from
   * `pos/birthday-congratulations`): once a year whoever asks; the worker's expires with her birthday.
   */
  async queueBirthdayWish(ctx: CommandContext, customerId: string, year: string, asked: boolean) {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    return this.queueAutomatic(ctx, {
      message: 'birthday',
      customerId,
      purpose: purposes.birthday(customerId, year),
      asked,
      ...(!asked && {
        expiresAt: new Date(instantAt(addDays(tenant.today, 1), '00:00', tenant.timeZone)),
      }),
    });
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
        undefined,
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
   * Settings → Notifications "birthday greetings": on each customer's birthday (the salon's date), her
   * wish is queued once, to leave inside the window that day (withheld if the day ends first).
   */
  async planBirthdays(now: Date): Promise<number> {
    let queued = 0;
    for (const { tenantId, notifications } of await this.salons()) {
      if (!switchedOn(notifications, 'birthday')) continue;
      const tenant = await tenantInfo(this.models, tenantId, now);
      const today = tenant.today;
      const customers = await this.models.find('customers', {
        filter: { tenantId, birth_month: Number(today.slice(5, 7)) },
        limit: 100_000,
      });
      const sent = new Set(
        (
          await this.models.getMany(
            'messages',
            customers.map((c) => messageIdOf(tenantId, purposes.birthday(String(c.id), today.slice(0, 4)))),
          )
        ).map((m) => m.purpose as string),
      );
      for (const c of birthdaysDue(customers as Array<Doc & { id: string }>, today, (p) => sent.has(p)))
        try {
          const r = await this.queueBirthdayWish(workerCtx(tenantId, now), c.id, today.slice(0, 4), false);
          if (r.queued) queued++;
        } catch (error) {
          this.logger?.warn(`birthday wish of ${c.id} not queued: ${String(error)}`);
        }
    }
    return queued;
  }

  /**
   * Settings → Notifications "wallet reminder": once a month (`walletReminderMonth`: in its first
   * week), each customer whose wallet holds more than zero is told her balance.
   */
  async planWalletReminders(now: Date): Promise<number> {
    let queued = 0;
    for (const { tenantId, notifications } of await this.salons()) {
      if (!switchedOn(notifications, 'wallet_reminder')) continue;
      const tenant = await tenantInfo(this.models, tenantId, now);
      const month = walletReminderMonth(tenant.today);
      if (!month) continue;
      const currency = currencyOfCountry(tenant.countryId);
      const customers = await this.models.find('customers', {
        filter: { tenantId, wallet_balance: { $gt: 0 }, status: 1 },
        limit: 100_000,
      });
      for (const c of customers) {
        if (c.merged_into) continue;
        const purpose = purposes.walletReminder(String(c.id), month);
        if (await this.models.get('messages', messageIdOf(tenantId, purpose))) continue;
        const balance = Number(c.wallet_balance);
        try {
          const r = await this.queueAutomatic(workerCtx(tenantId, now), {
            message: 'wallet_reminder',
            customerId: String(c.id),
            purpose,
            values: (language) => ({
              balance: formatMoney({ amount: balance, currency }, { locale: language }),
            }),
          });
          if (r.queued) queued++;
        } catch (error) {
          this.logger?.warn(`wallet reminder of ${String(c.id)} not queued: ${String(error)}`);
        }
      }
    }
    return queued;
  }

  /** Each salon with its Settings → Notifications. */
  private async salons() {
    const accounts = await this.models.find('accounts', { limit: 100_000 });
    const out: Array<{ tenantId: string; notifications: Record<string, unknown> }> = [];
    for (const account of accounts) {
      const tenantId = String(account.id);
      const { state } = await this.aggregates.load(
        undefined,
        streamName('account', tenantId, tenantId),
        initialAccountSettings,
        evolveAccountSettings,
      );
      if (state.exists) out.push({ tenantId, notifications: state.notifications });
    }
    return out;
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
    const { state, events } = await this.aggregates.load(undefined, stream, initialMessage, evolveMessage);
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
    // a file the message carries, read from the salon's uploads (gone: refused, never sent without it)
    const file = q.content.media && (await this.files?.get(tenantId, q.content.media.file_id));
    const result =
      q.content.media && !file
        ? ({ ok: false, reason: 'refused', retryable: false, detail: 'the attachment is missing' } as const)
        : await provider.send(connection, {
            clientRef,
            to: q.phone,
            language: q.language,
            template: q.content.template,
            text: q.content.text,
            ...(q.content.media &&
              file && {
                media: {
                  bytes: file.bytes,
                  contentType: q.content.media.content_type,
                  name: q.content.media.name,
                },
              }),
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
      undefined,
      streamName('account', tenantId, tenantId),
      initialAccountSettings,
      evolveAccountSettings,
    );
    const customer = await currentCustomer(this.aggregates, { tenantId }, q.customer_id);
    let relevant = true;
    // a reminder of a visit moved or cancelled, a confirmation of one cancelled, is no longer true
    const aboutVisit = q.purpose.startsWith('appointment-reminder:')
      ? 'reminder'
      : q.purpose.startsWith('booking-confirmation:')
        ? 'confirmation'
        : undefined;
    if (q.appointment_id && aboutVisit) {
      const visit = (await this.models.get('appointments', q.appointment_id)) as Visit | undefined;
      relevant =
        !!visit &&
        visit.status === AppointmentStatus.scheduled &&
        !visit.no_show &&
        (aboutVisit === 'confirmation' || q.purpose === reminderPurpose(visit.id, visit.start));
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
      ctx,
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
  async receive(
    raw: Buffer | string | undefined,
    signature: string | undefined,
    now: Date,
    /** the webhook request's unit of work (see `RequestUnit`); none from the simulator in this process */
    unit?: UnitOfWork,
  ) {
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
    return this.apply(
      notices,
      (n) => this.tenantOf(n.phoneNumberId, source),
      source === 'simulator' ? 'simulator' : 'cloud_api',
      now,
      unit,
    );
  }

  /**
   * An instance gateway's webhook for one salon (its address carries the salon and a key the
   * controller checked): the statuses of its messages and its customers' replies. Refused (404) when
   * the salon is not connected through an instance gateway; 400 when the body is not the gateway's.
   */
  async receiveInstance(tenantId: string, raw: Buffer | string | undefined, now: Date, unit?: UnitOfWork) {
    const setup = await this.connections?.of(tenantId);
    const instanceId =
      setup?.recorded?.provider === 'instance' ? setup.recorded.connection?.instanceId : undefined;
    if (!instanceId) throw new DomainError('messaging.not_instance_connected', 404);
    let notices;
    try {
      notices = instanceWebhookNotices(JSON.parse(String(raw ?? '')), instanceId);
    } catch (error) {
      if (error instanceof WebhookRefused || error instanceof SyntaxError)
        throw new DomainError('validation.invalid_value', 400, { body: 'validation.invalid_value' });
      throw error;
    }
    return this.apply(notices, async () => tenantId, 'instance', now, unit);
  }

  private async apply(
    notices: WebhookNotice[],
    tenantOf: (n: WebhookNotice) => Promise<string | undefined>,
    provider: string,
    now: Date,
    unit: UnitOfWork | undefined,
  ) {
    let applied = 0;
    for (const n of notices) {
      const tenantId = await tenantOf(n);
      if (!tenantId) continue;
      const ctx = workerCtx(tenantId, now, unit);
      if (n.kind === 'status') {
        const messageId = await this.messageOf(tenantId, n.clientRef, n.providerMessageId);
        if (!messageId) continue;
        const { events } = await this.run(tenantId, messageId, ctx, {
          type: 'RecordStatus',
          notice: { ...n, provider },
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
    return this.aggregates.transaction(ctx, async (ctx) => {
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
