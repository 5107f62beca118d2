import { Body, Controller, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { IDEMPOTENCY_HEADER } from '@rawnaq/contracts';
import { ClientIp, header, Public, TOKENS, type Clock } from '@rawnaq/platform';
import { PublicRateLimit } from '../sales/surveys.commands';
import { BuyGiftCardOnline, BuyOfferOnline } from './online-shop.commands';
import { unitOfRequest } from '../shared/http-context';

type Request = { headers: Record<string, string | string[] | undefined>; protocol?: string };

/** The salon's online shop: offers and gift cards bought without signing in, a few a minute per address at most. */
@Controller('api/public')
export class OnlineShopController {
  private readonly limit = new PublicRateLimit(20);

  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(TOKENS.clock) private readonly clock: Clock,
  ) {}

  @Post('salons/:alias/offer-purchases')
  @Public()
  buyOffer(
    @ClientIp() ip: string,
    @Req() req: Request,
    @Param('alias') alias: string,
    @Body() body: unknown,
  ) {
    return this.commands.execute(new BuyOfferOnline(this.request(ip, req, alias, body)));
  }

  @Post('salons/:alias/gift-card-purchases')
  @Public()
  buyGiftCard(
    @ClientIp() ip: string,
    @Req() req: Request,
    @Param('alias') alias: string,
    @Body() body: unknown,
  ) {
    return this.commands.execute(new BuyGiftCardOnline(this.request(ip, req, alias, body)));
  }

  private request(ip: string, req: Request, alias: string, body: unknown) {
    const now = this.clock.now();
    this.limit.check(ip, now.getTime());
    const key = header(req as never, IDEMPOTENCY_HEADER);
    return {
      alias,
      body,
      now,
      idempotencyKey: key && key.length <= 200 ? key : undefined,
      origin: `${req.protocol ?? 'http'}://${header(req as never, 'host') ?? 'localhost'}`,
      unit: unitOfRequest(req),
    };
  }
}
