import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  addDays,
  GIFT_CARD_CATEGORY,
  newId,
  streamName,
  type CustomerOfferEvent,
  type GiftCardEvent,
} from '@rawnaq/contracts';
import { TOKENS, type Clock, type Logger, type ReadModels } from '@rawnaq/platform';
import type { CommandContext } from '../shared/command-context';
import { Aggregates } from '../shared/repository';
import { tenantInfo, type TenantInfo } from '../shared/tenant';
import { decideOnCustomerOffer } from './customer-offers.commands';
import { decideGiftCard, evolveGiftCard, initialGiftCardState, type GiftCardState } from './gift-card';

const SYSTEM = { kind: 'system', id: 'expiries' } as const;

/**
 * The gift cards and the customers' offers and packages whose last day passed with something left on
 * them (issue 25, breakage): each gets its "expired" event once, which the books post as income on the
 * day after its last day. An explicit event rather than the books reading the calendar, so a replay of
 * the history posts the same entries on the same days; written by each card's and purchase's own
 * decision, so a second run, a retry or two servers at once write nothing more.
 */
@Injectable()
export class Expiries {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  /** Expires what is due at `now`; answers how many cards and purchases expired. */
  async run(now: Date): Promise<number> {
    // no salon's today is later than tomorrow in UTC (the Gulf is 3 or 4 hours ahead): what might be
    // due, each then weighed against its own salon's today by its decision
    const latest = addDays(now.toISOString().slice(0, 10) as never, 1);
    const tenants = new Map<string, Promise<TenantInfo>>();
    const tenant = (id: string) =>
      tenants.get(id) ?? tenants.set(id, tenantInfo(this.models, id, now)).get(id)!;
    const ctx = (tenantId: string): CommandContext => ({
      tenantId,
      actor: SYSTEM,
      correlationId: newId(),
      now,
    });
    let expired = 0;
    const cards = await this.models.find('gift_cards', {
      filter: { remaining: { $gt: 0 }, expires_on: { $lt: latest }, expired_on: { $exists: false } },
      limit: 10_000,
    });
    for (const card of cards) {
      const tenantId = String(card.tenantId);
      const { today } = await tenant(tenantId);
      if (String(card.expires_on) >= today) continue;
      const outcome = await this.aggregates.handle<GiftCardState, GiftCardEvent>(
        streamName(GIFT_CARD_CATEGORY, tenantId, String(card.code)),
        ctx(tenantId),
        {
          initial: initialGiftCardState,
          evolve: evolveGiftCard,
          decide: (s) => decideGiftCard({ type: 'ExpireGiftCard', today }, s),
        },
      );
      expired += outcome.events.length;
    }
    const purchases = await this.models.find('customer_offers', {
      filter: {
        closed: false,
        sessions_left: { $gt: 0 },
        expires_on: { $lt: latest },
        expired_on: { $exists: false },
      },
      limit: 10_000,
    });
    for (const p of purchases) {
      const tenantId = String(p.tenantId);
      const { today } = await tenant(tenantId);
      if (String(p.expires_on) >= today) continue;
      const outcome = await decideOnCustomerOffer(this.aggregates, ctx(tenantId), String(p.id), {
        type: 'ExpireCustomerOffer',
        today,
      });
      expired += (outcome.events as CustomerOfferEvent[]).length;
    }
    return expired;
  }
}

/** Runs the expiries every quarter of an hour: a salon's new day is noticed soon after its midnight. */
@Injectable()
export class ExpiriesWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(Expiries) private readonly expiries: Expiries,
    @Inject(TOKENS.clock) private readonly clock: Clock,
    @Inject(TOKENS.logger) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => {
      this.expiries.run(this.clock.now()).catch((error: unknown) => {
        this.logger.warn(`expiring gift cards and offers failed: ${String(error)}`);
      });
    }, 15 * 60_000);
    this.timer.unref();
  }

  onModuleDestroy() {
    if (this.timer) clearInterval(this.timer);
  }
}
