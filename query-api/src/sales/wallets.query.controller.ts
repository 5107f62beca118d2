import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { isCountryId, isUuid, loyaltyRulesOf, notFound, Page, Permission, toMinor } from '@rawnaq/contracts';
import {
  Auth,
  header,
  Realm,
  RequireAnyPermission,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type ReadModels,
} from '@rawnaq/platform';
import { accountOf } from '../shared/account';
import { page, parseListQuery, withoutTenant } from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };

/**
 * The customers' wallets: a customer's balance and statement (the customer's card, and the till when it
 * takes a wallet payment), and the customers with money left in theirs (`pos/customer-wallet-reminder`).
 */
@Controller('api/merchant')
@Realm('merchant')
export class WalletsQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get('customers/:id/wallet')
  @RequireAnyPermission([Page.customers, Permission.viewCustomers], [Page.pos, Permission.sell])
  async wallet(
    @Auth() auth: AuthContext,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
  ) {
    const customer = isUuid(id) ? await this.models.get('customers', id) : undefined;
    if (!customer || customer.tenantId !== auth.tenantId) throw notFound('not_found.customer');
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['at'],
      defaultSort: ['at', 'desc'],
    });
    const filter = { tenantId: auth.tenantId, customer_id: id };
    const [docs, total, [latest]] = await Promise.all([
      // two movements of one instant in the order they happened
      this.models.find('wallet_movements', {
        filter,
        sort: [...q.sort, ['seq', q.sort[0]?.[1] ?? 'desc']],
        skip: q.skip,
        limit: q.limit,
      }),
      this.models.count('wallet_movements', filter),
      this.models.find('wallet_movements', {
        filter,
        sort: [
          ['at', 'desc'],
          ['seq', 'desc'],
        ],
        limit: 1,
      }),
    ]);
    return {
      id,
      customer_id: id,
      customer_name: customer.name,
      // the balance after the latest movement: the statement and its balance from one read model, so
      // they agree even while another projection (the customer card's) is a moment behind
      balance: latest ? (latest.balance as number) : ((customer.wallet_balance as number | undefined) ?? 0),
      movements: docs.map(withoutTenant),
      total,
    };
  }

  /** A customer's loyalty points, what they are worth as a voucher, and their statement. */
  @Get('customers/:id/loyalty')
  @RequireAnyPermission([Page.customers, Permission.viewCustomers], [Page.pos, Permission.sell])
  async loyalty(@Auth() auth: AuthContext, @Param('id') id: string) {
    const customer = isUuid(id) ? await this.models.get('customers', id) : undefined;
    if (!customer || customer.tenantId !== auth.tenantId) throw notFound('not_found.customer');
    const { doc: account } = await accountOf(this.models, auth.tenantId);
    const countryId = account.country_id as number;
    const rules = loyaltyRulesOf(account, (t) => (isCountryId(countryId) ? toMinor(t, countryId) : 0));
    const points = (customer.loyalty_points as number | undefined) ?? 0;
    const movements = await this.models.find('loyalty_movements', {
      filter: { tenantId: auth.tenantId, customer_id: id },
      sort: [
        ['at', 'desc'],
        ['seq', 'desc'],
      ],
      limit: 50,
    });
    return {
      id,
      points,
      value: points * rules.pointValue,
      rules: {
        enabled: rules.enabled,
        points_per_unit: rules.pointsPerUnit,
        point_value: rules.pointValue,
        min_points: rules.minPoints,
      },
      movements: movements.map(withoutTenant),
    };
  }

  /** The customers with money in their wallet, most first: whom to remind to spend it. */
  @Get('wallet-reminder')
  @RequirePermission(Page.pos, Permission.sell)
  async reminder(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['wallet_balance', 'name', 'last_invoice_date'],
      defaultSort: ['wallet_balance', 'desc'],
    });
    const filter = { tenantId: auth.tenantId, wallet_balance: { $gt: 0 } };
    const [docs, total] = await Promise.all([
      this.models.find('customers', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('customers', filter),
    ]);
    return page(
      res,
      'wallet-reminder',
      q,
      docs.map((c) => ({
        id: c.id,
        name: c.name,
        mobile: c.mobile,
        wallet_balance: c.wallet_balance,
        last_invoice_date: c.last_invoice_date ?? null,
        preferred_language: c.preferred_language ?? null,
        whatsapp_allowed: c.whatsapp_allowed ?? null,
      })),
      total,
    );
  }
}
