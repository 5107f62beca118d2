import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { TOKENS, type Clock, type Logger } from '@rawnaq/platform';
import { GatewayPayments } from './gateway-payments.commands';

/** Every minute, the payments whose time ran out while pending give back the time their visit held. */
@Injectable()
export class GatewayPaymentExpiry implements OnApplicationBootstrap, OnModuleDestroy {
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(GatewayPayments) private readonly payments: GatewayPayments,
    @Inject(TOKENS.clock) private readonly clock: Clock,
    @Inject(TOKENS.logger) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => {
      this.payments.expire(this.clock.now()).catch((error: unknown) => {
        this.logger.warn(`expiring gateway payments failed: ${String(error)}`);
      });
    }, 60_000);
    this.timer.unref();
  }

  onModuleDestroy() {
    if (this.timer) clearInterval(this.timer);
  }
}
