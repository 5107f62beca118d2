import { Body, Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { IDEMPOTENCY_HEADER } from '@rawnaq/contracts';
import { ClientIp, header, Public, TOKENS, type Clock } from '@rawnaq/platform';
import { PublicRateLimit } from '../sales/surveys.commands';
import { BookOnline, ChangeOnlineBooking } from './online-booking.commands';
import { unitOfRequest } from '../shared/http-context';

type Request = { headers: Record<string, string | string[] | undefined>; protocol?: string };

/** The salon's online pages book without signing in: a few bookings a minute per address at most. */
@Controller('api/public')
export class OnlineBookingController {
  private readonly limit = new PublicRateLimit(20);

  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(TOKENS.clock) private readonly clock: Clock,
  ) {}

  @Post('salons/:alias/bookings')
  @Public()
  book(@ClientIp() ip: string, @Req() req: Request, @Param('alias') alias: string, @Body() body: unknown) {
    const now = this.clock.now();
    this.limit.check(ip, now.getTime());
    const key = header(req as never, IDEMPOTENCY_HEADER);
    return this.commands.execute(
      new BookOnline(
        alias,
        body,
        now,
        key && key.length <= 200 ? key : undefined,
        `${req.protocol ?? 'http'}://${header(req as never, 'host') ?? 'localhost'}`,
        unitOfRequest(req),
      ),
    );
  }

  /** The customer cancels her visit from its link (until the salon's cut-off). */
  @Post('e-booking/:uniqueId/cancel')
  @Public()
  @HttpCode(200)
  cancel(@ClientIp() ip: string, @Req() req: Request, @Param('uniqueId') uniqueId: string) {
    return this.change(ip, req, uniqueId, 'cancel', {});
  }

  /** The customer moves her visit to another free time (until the salon's cut-off). */
  @Post('e-booking/:uniqueId/reschedule')
  @Public()
  @HttpCode(200)
  reschedule(
    @ClientIp() ip: string,
    @Req() req: Request,
    @Param('uniqueId') uniqueId: string,
    @Body() body: unknown,
  ) {
    return this.change(ip, req, uniqueId, 'reschedule', body);
  }

  private change(ip: string, req: Request, uniqueId: string, change: 'cancel' | 'reschedule', body: unknown) {
    const now = this.clock.now();
    this.limit.check(ip, now.getTime());
    const key = header(req as never, IDEMPOTENCY_HEADER);
    return this.commands.execute(
      new ChangeOnlineBooking(
        uniqueId,
        change,
        body,
        now,
        key && key.length <= 200 ? key : undefined,
        unitOfRequest(req),
      ),
    );
  }
}
