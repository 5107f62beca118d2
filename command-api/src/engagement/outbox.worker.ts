import {
  Body,
  Controller,
  HttpCode,
  Inject,
  Injectable,
  Param,
  Post,
  Req,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import {
  DomainError,
  nextBirthday,
  isUuid,
  notFound,
  Page,
  Permission,
  simulatorFailingInput,
  simulatorReplyInput,
} from '@rawnaq/contracts';
import {
  Auth,
  parseInput,
  Public,
  Realm,
  RequirePermission,
  simulatorConnection,
  TOKENS,
  type AuthContext,
  type Clock,
  type EventStore,
  type FileStore,
  instanceWebhookKey,
  type LinkTokens,
  type Logger,
  type ReadModels,
  type SealedSecrets,
} from '@rawnaq/platform';
import { timingSafeEqual } from 'node:crypto';
import { GATEWAY_TOKENS } from '../online/gateway-tokens';
import { SalonConnections } from './salon-connections';
import { Answer } from '../shared/answer';
import { commandContext, unitOfRequest } from '../shared/http-context';
import { Aggregates } from '../shared/repository';
import { detached } from '../shared/unit-of-work';
import { tenantInfo } from '../shared/tenant';
import { MESSAGING_TOKENS, type MessagingChannels } from './channels';
import { Outbox } from './outbox';

/**
 * How often the automatic messages are planned: the reminders (the next 3 days), the birthday wishes
 * of the day and the month's wallet reminders; each round of the worker sends what is due.
 */
const PLAN_EVERY_MS = 60_000;

/**
 * The background worker of the outbox: every few seconds it plans the reminders whose time came and
 * sends the messages due, once the read models show everything stored so far.
 */
@Injectable()
export class OutboxWorker implements OnApplicationBootstrap, OnModuleDestroy {
  readonly outbox: Outbox;
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private paused = false;
  private plannedAt = 0;

  constructor(
    @Inject(Aggregates) aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.eventStore) private readonly store: EventStore,
    @Inject(MESSAGING_TOKENS.channels) channels: MessagingChannels,
    @Inject(TOKENS.clock) private readonly clock: Clock,
    @Inject(TOKENS.logger) private readonly logger: Logger,
    @Inject(MESSAGING_TOKENS.everyMs) private readonly everyMs: number,
    @Inject(GATEWAY_TOKENS.secrets) secrets: SealedSecrets,
    @Inject(TOKENS.fileStore) files: FileStore,
  ) {
    this.outbox = new Outbox(
      aggregates,
      models,
      channels,
      logger,
      new SalonConnections(aggregates, secrets),
      files,
    );
  }

  /** One round: the automatic messages due planned (at most once a minute unless `plan`), then the messages due sent. */
  async runOnce(options: { plan?: boolean } = {}): Promise<number> {
    return detached(async () => {
      const now = this.clock.now();
      await this.models.settle(await this.store.headPosition());
      if (options.plan ?? now.getTime() - this.plannedAt >= PLAN_EVERY_MS) {
        this.plannedAt = now.getTime();
        await this.outbox.planReminders(now);
        await this.outbox.planBirthdays(now);
        await this.outbox.planWalletReminders(now);
        await this.models.settle(await this.store.headPosition());
      }
      return this.outbox.runDue(now);
    });
  }

  onApplicationBootstrap() {
    // the simulator's webhooks come back to this process, each as its own command (tests flush them by hand)
    this.outbox.channels.simulator.connect(
      async (raw, signature) => {
        await detached(() => this.outbox.receive(raw, signature, this.clock.now()));
      },
      this.everyMs > 0 ? 300 : 0,
    );
    if (this.everyMs <= 0) return;
    this.timer = setInterval(() => {
      if (this.running || this.paused) return;
      this.running = this.runOnce()
        .catch((error: unknown) => this.logger.warn(`messages not sent: ${String(error)}`))
        .finally(() => (this.running = undefined));
    }, this.everyMs);
    this.timer.unref();
  }

  /**
   * Runs `work` with the worker's rounds held (the round under way finishes first): the demo's seed
   * sends its past campaign on that day's clock, which a round on today's would get to first.
   */
  async whilePaused<T>(work: () => Promise<T>): Promise<T> {
    this.paused = true;
    try {
      await this.running;
      return await work();
    } finally {
      this.paused = false;
    }
  }

  async onModuleDestroy() {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}

type Request = { headers: Record<string, string | string[] | undefined>; rawBody?: Buffer };
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * WhatsApp's webhook (the Cloud API's, and the simulator's in the same shapes): no sign-in, the
 * `X-Hub-Signature-256` of the raw body is checked instead; a webhook not signed is refused (401) and
 * changes nothing; one sent again changes nothing more.
 */
@Controller('api/public/whatsapp')
export class WhatsAppWebhookController {
  constructor(
    @Inject(OutboxWorker) private readonly worker: OutboxWorker,
    @Inject(TOKENS.clock) private readonly clock: Clock,
  ) {}

  @Post('webhook')
  @Public()
  @HttpCode(200)
  async webhook(@Req() req: Request) {
    const result = await this.worker.outbox.receive(
      req.rawBody,
      one(req.headers['x-hub-signature-256']),
      this.clock.now(),
      unitOfRequest(req),
    );
    return new Answer(result);
  }
}

/**
 * An instance gateway's webhook (UltraMsg and its like sign nothing): each salon's address carries its
 * account and a key only the platform can make, shown to the manager with the salon's connection. A
 * wrong key is refused (401) and changes nothing; an event sent again changes nothing more.
 */
@Controller('api/public/whatsapp/instance')
export class InstanceWebhookController {
  constructor(
    @Inject(OutboxWorker) private readonly worker: OutboxWorker,
    @Inject(TOKENS.clock) private readonly clock: Clock,
    @Inject(TOKENS.linkTokens) private readonly links: LinkTokens,
  ) {}

  @Post(':account/:key')
  @Public()
  @HttpCode(200)
  async webhook(@Req() req: Request, @Param('account') account: string, @Param('key') key: string) {
    const expected = /^[1-9][0-9]{0,9}$/.test(account) ? instanceWebhookKey(this.links, account) : '';
    const given = Buffer.from(String(key));
    if (!expected || given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected)))
      throw new DomainError('messaging.signature_refused', 401);
    return new Answer(
      await this.worker.outbox.receiveInstance(account, req.rawBody, this.clock.now(), unitOfRequest(req)),
    );
  }
}

/** A failed message sent again by the desk (its reminder, from the visit or the customer's page). */
@Controller('api/merchant/messages')
@Realm('merchant')
export class MessagesController {
  constructor(@Inject(OutboxWorker) private readonly worker: OutboxWorker) {}

  @Post(':id/retry')
  @HttpCode(200)
  @RequirePermission(Page.appointments, Permission.manageAppointments)
  async retry(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    if (!isUuid(id)) throw notFound('not_found.record');
    return new Answer(await this.worker.outbox.retry(commandContext(auth, req), id));
  }
}

const phoneOf = (phone: string) => {
  if (!/^\d{8,15}$/.test(phone)) throw notFound('messaging.unknown_phone');
  return phone;
};
const textOf = (body: unknown) => parseInput(simulatorReplyInput, body).text.trim();
const failingOf = (body: unknown) => parseInput(simulatorFailingInput, body).failing === true;

/**
 * The simulator's phones, worked by a tester of the salon: a customer reads, replies, replies STOP,
 * or her number fails. Each salon sees and works its own simulated number's phones only. What the
 * phone does reaches the product as a signed webhook, as WhatsApp's would.
 */
@Controller('api/merchant/whatsapp-simulator/phones')
@Realm('merchant')
@RequirePermission(Page.settings, Permission.manageSettings)
export class WhatsAppSimulatorController {
  constructor(
    @Inject(MESSAGING_TOKENS.channels) private readonly channels: MessagingChannels,
    @Inject(TOKENS.eventStore) private readonly store: EventStore,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  /** Does what the phone does, then lets its webhooks reach the product (each its own command) and answers once they show. */
  private async delivered<T>(work: () => T) {
    const result = work();
    await detached(() => this.channels.simulator.flush());
    const position = await this.store.headPosition();
    await this.models.settle(position);
    return new Answer(result, position);
  }

  @Post(':phone/reply')
  @HttpCode(200)
  reply(@Auth() auth: AuthContext, @Param('phone') phone: string, @Body() body: unknown) {
    const { phoneNumberId } = simulatorConnection(auth.tenantId);
    const text = textOf(body);
    return this.delivered(() => this.channels.simulator.reply(phoneNumberId, phoneOf(phone), text));
  }

  @Post(':phone/read')
  @HttpCode(200)
  read(@Auth() auth: AuthContext, @Param('phone') phone: string) {
    const { phoneNumberId } = simulatorConnection(auth.tenantId);
    return this.delivered(() => ({ read: this.channels.simulator.read(phoneNumberId, phoneOf(phone)) }));
  }

  @Post(':phone/failing')
  @HttpCode(200)
  failing(@Auth() auth: AuthContext, @Param('phone') phone: string, @Body() body: unknown) {
    const { phoneNumberId } = simulatorConnection(auth.tenantId);
    const failing = failingOf(body);
    return this.delivered(() => {
      this.channels.simulator.setFailing(phoneNumberId, phoneOf(phone), failing);
      return { phone, failing };
    });
  }
}

/**
 * `pos/birthday-congratulations`'s "send now": the customer's birthday wish of this year, now (inside
 * the window), whether or not the salon sends them by itself; once a year, whoever asks again.
 */
@Controller('api/merchant/pos/birthday-congratulations')
@Realm('merchant')
export class BirthdayWishesController {
  constructor(
    @Inject(OutboxWorker) private readonly worker: OutboxWorker,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  @Post(':customerId/send')
  @HttpCode(200)
  @RequirePermission(Page.pos, Permission.sell)
  async send(@Auth() auth: AuthContext, @Req() req: Request, @Param('customerId') customerId: string) {
    if (!isUuid(customerId)) throw notFound('not_found.customer');
    const ctx = commandContext(auth, req);
    const customer = await this.models.get('customers', customerId);
    if (!customer || customer.tenantId !== auth.tenantId) throw notFound('not_found.customer');
    const { today } = await tenantInfo(this.models, auth.tenantId, ctx.now);
    // the wish of her next birthday (today's, or one of the coming days the list shows)
    const year = (nextBirthday(customer.birth_date, today) ?? today).slice(0, 4);
    const result = await this.worker.outbox.queueBirthdayWish(ctx, customerId, year, true);
    if (!result.queued) throw new DomainError(result.reason, 409);
    return new Answer({ id: customerId, ...result });
  }
}
