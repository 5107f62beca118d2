import { Body, Controller, Inject, Injectable, Param, Post, type OnModuleDestroy } from '@nestjs/common';
import { ONLINE_VISITS, onlineVisitInput, onlineVisitsId, type OnlineVisitPage } from '@rawnaq/contracts';
import { ClientIp, parseInput, Public, TOKENS, type Clock, type ReadModels } from '@rawnaq/platform';
import { salonOfAlias } from '@rawnaq/projections';
import { PublicRateLimit } from '../sales/surveys.commands';
import { Answer } from '../shared/answer';
import { tenantInfo } from '../shared/tenant';

type Day = {
  tenantId: string;
  date: string;
  views: Partial<Record<OnlineVisitPage, number>>;
  bookings: number;
};

/**
 * Counts the views of a salon's online pages and its online bookings per day (the online-daily-visit
 * report). A view is not a change of the salon's business, so it is no event: counts gather in memory
 * and are added to the day's side record every half second (a crash loses at most that half second of
 * views; one process writes them, as the embedded runtime runs).
 */
@Injectable()
export class OnlineVisits implements OnModuleDestroy {
  private pending = new Map<string, Day>();
  private version = 0;
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {
    this.timer = setInterval(() => void this.flush(), 500);
    this.timer.unref();
  }

  private day(tenantId: string, date: string): Day {
    const key = onlineVisitsId(tenantId, date);
    let day = this.pending.get(key);
    if (!day) this.pending.set(key, (day = { tenantId, date, views: {}, bookings: 0 }));
    return day;
  }

  view(tenantId: string, date: string, page: OnlineVisitPage) {
    const views = this.day(tenantId, date).views;
    views[page] = (views[page] ?? 0) + 1;
  }

  booked(tenantId: string, date: string) {
    this.day(tenantId, date).bookings += 1;
  }

  /** Adds what gathered to the stored days (one flush at a time). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const days = [...this.pending.values()];
      this.pending = new Map();
      for (const d of days) {
        const id = onlineVisitsId(d.tenantId, d.date);
        const stored = (await this.models.getSide(ONLINE_VISITS, id)) as (Day & { id: string }) | undefined;
        const views = { ...(stored?.views ?? {}) };
        for (const [page, n] of Object.entries(d.views))
          views[page as OnlineVisitPage] = (views[page as OnlineVisitPage] ?? 0) + n;
        this.version = Math.max(this.version + 1, Date.now());
        await this.models.putSide(
          ONLINE_VISITS,
          { id, tenantId: d.tenantId, date: d.date, views, bookings: (stored?.bookings ?? 0) + d.bookings },
          this.version,
        );
      }
    });
    return this.flushing;
  }

  async onModuleDestroy() {
    clearInterval(this.timer);
    await this.flush();
  }
}

/** The booking site tells which page was opened (a beacon, no sign-in; a few a second per address at most). */
@Controller('api/public')
export class OnlineVisitsController {
  private readonly limit = new PublicRateLimit(120);

  constructor(
    @Inject(OnlineVisits) private readonly visits: OnlineVisits,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.clock) private readonly clock: Clock,
  ) {}

  @Post('salons/:alias/visits')
  @Public()
  async visit(@ClientIp() ip: string, @Param('alias') alias: string, @Body() body: unknown) {
    const now = this.clock.now();
    this.limit.check(ip, now.getTime());
    const { page } = parseInput(onlineVisitInput, body);
    const salon = await salonOfAlias(this.models, alias);
    const { today } = await tenantInfo(this.models, salon.id, now);
    this.visits.view(salon.id, today, page);
    return new Answer(null, undefined, 204);
  }
}
