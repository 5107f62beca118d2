import { Body, Controller, Inject, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ClientIp, Public, TOKENS, type Clock } from '@rawnaq/platform';
import { PublicRateLimit, RateInvoice } from './surveys.commands';
import type { UnitOfWork } from '../shared/unit-of-work';
import { RequestUnit } from '../shared/http-context';

/** The customer's e-survey: rated from the invoice's link, without signing in, a few times a minute at most. */
@Controller('api/public')
export class SurveysController {
  private readonly limit = new PublicRateLimit();

  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(TOKENS.clock) private readonly clock: Clock,
  ) {}

  @Post('e-survey/:uniqueId')
  @Public()
  rate(
    @ClientIp() ip: string,
    @Param('uniqueId') uniqueId: string,
    @Body() body: unknown,
    @RequestUnit() unit: UnitOfWork | undefined,
  ) {
    this.limit.check(ip, this.clock.now().getTime());
    return this.commands.execute(new RateInvoice(uniqueId, body, this.clock.now(), unit));
  }
}
