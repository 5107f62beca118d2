import { Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import {
  conflict,
  notFound,
  Page,
  Permission,
  streamName,
  GATEWAY_PAYMENT_CATEGORY,
} from '@rawnaq/contracts';
import { Auth, Realm, RequirePermission, TOKENS, type AuthContext, type ReadModels } from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import { commandContext } from '../shared/http-context';
import { Aggregates } from '../shared/repository';
import { tenantInfo } from '../shared/tenant';
import { evolveGatewayPayment, initialGatewayPayment } from './gateway-payment';
import { OnlinePurchases } from './online-purchases';

type Request = { headers: Record<string, string | string[] | undefined> };

/**
 * "Deliver now" (reports/payment-gateway-payments): a gift card or offer paid online that the till
 * refused to sell when the payment came in (the offer was paused meanwhile) is sold again once the
 * salon has removed the cause; if the till still refuses, the answer says why.
 */
@Controller('api/merchant/online-payments')
@Realm('merchant')
@RequirePermission(Page.pos, Permission.salesReports)
export class OnlinePaymentsController {
  constructor(
    @Inject(OnlinePurchases) private readonly purchases: OnlinePurchases,
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  @Post(':id/deliver')
  @HttpCode(200)
  async deliver(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    if (!/^[0-9a-f-]{36}$/.test(id)) throw notFound('not_found.payment');
    const ctx = commandContext(auth, req);
    const stream = streamName(GATEWAY_PAYMENT_CATEGORY, ctx.tenantId, id);
    const { state } = await this.aggregates.load(ctx, stream, initialGatewayPayment, evolveGatewayPayment);
    if (!state.exists || !state.started.purchase) throw notFound('not_found.payment');
    if (state.delivered) throw conflict('payments.purchase_already_delivered');
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const position = await this.purchases.deliver(ctx, tenant, id, { rethrow: true });
    const after = await this.aggregates.load(ctx, stream, initialGatewayPayment, evolveGatewayPayment);
    const delivered = after.state.exists ? after.state.delivered : undefined;
    if (!delivered) throw conflict('payments.gateway_not_paid');
    return new Answer({ id, ...delivered }, position);
  }
}
