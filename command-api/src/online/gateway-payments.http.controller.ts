import { Body, Controller, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { notFound } from '@rawnaq/contracts';
import { Public, TOKENS, type Clock } from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import { ReceiveGatewayCallback } from './gateway-payments.commands';
import type { UnitOfWork } from '../shared/unit-of-work';
import { RequestUnit, unitOfRequest } from '../shared/http-context';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { redirect: (status: number, url: string) => void };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const fields = (body: unknown): Record<string, unknown> =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/**
 * The gateways' callbacks: no sign-in, the callback itself is checked (the simulator's signature, the
 * bank's encryption under the salon's key). A callback that is not genuine is refused (401) and
 * changes nothing; a repeat answers the same and writes nothing.
 */
@Controller('api/public/payment-gateway/callback')
export class GatewayCallbacksController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(TOKENS.clock) private readonly clock: Clock,
  ) {}

  /** The simulator's server-to-server callback: JSON, signed in `X-Simulator-Signature`. */
  @Post('simulator')
  @Public()
  @HttpCode(200)
  simulator(@Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(
      new ReceiveGatewayCallback(
        'simulator',
        fields(body),
        { 'x-simulator-signature': one(req.headers['x-simulator-signature']) },
        this.clock.now(),
        undefined,
        unitOfRequest(req),
      ),
    );
  }

  /**
   * The bank's hosted page posts its encrypted `trandata` here with the customer's browser: once
   * applied, the browser goes on to the salon's payment status page.
   */
  @Post('arb/:tenantId')
  @Public()
  async arb(
    @Param('tenantId') tenantId: string,
    @Body() body: unknown,
    @Res() res: Response,
    @RequestUnit() unit: UnitOfWork | undefined,
  ) {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(tenantId)) throw notFound('not_found.payment');
    const answer = (await this.commands.execute(
      new ReceiveGatewayCallback('arb', fields(body), {}, this.clock.now(), tenantId, unit),
    )) as Answer<{ return_path: string }>;
    res.redirect(303, answer.body.return_path);
  }
}
