import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import {
  giftCardStatus,
  isUuid,
  normalizeGiftCardCode,
  notFound,
  Page,
  Permission,
  rejected,
} from '@rawnaq/contracts';
import {
  Auth,
  header,
  Public,
  Realm,
  RequireAnyPermission,
  TOKENS,
  type AuthContext,
  type Doc,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import { withMergedCustomers } from '../shared/customer-ids';
import { accountOf } from '../shared/account';
import { dateRangeFilter, page, parseListQuery, textFilters } from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };

const STATUSES = ['active', 'used', 'expired'] as const;

const shown = ({ tenantId: _t, ...doc }: Doc, today: string) => ({
  ...doc,
  status: giftCardStatus(doc as unknown as { remaining: number; expires_on: string }, today),
});

/**
 * Gift cards (issue 11): the active, used and expired lists (management reports), one card, and the
 * till's look-up by code; the e-gift page for the card's holder.
 */
@Controller('api/merchant')
@Realm('merchant')
export class GiftCardsQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  /** `filter={"status":"active"|"used"|"expired","code":…,"customer_id":…,"from":…,"to":…}` */
  @Get('gift-cards')
  @RequireAnyPermission(
    [Page.pos, Permission.sell],
    [Page.pos, Permission.viewInvoices],
    [Page.pos, Permission.salesReports],
  )
  async list(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { today } = await accountOf(this.models, auth.tenantId);
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['issued_at', 'business_date', 'expires_on', 'value', 'remaining', 'last_used_on'],
      defaultSort: ['issued_at', 'desc'],
    });
    // a customer's cards under any of her ids (customers merged into her)
    const filter: Filter = await withMergedCustomers(this.models, auth.tenantId, {
      tenantId: auth.tenantId,
      ...dateRangeFilter(q.filter, 'business_date'),
      ...textFilters(q.filter, ['customer_id', 'invoice_id']),
    });
    const status = q.filter.status;
    if (status !== undefined && status !== '') {
      if (!STATUSES.includes(status as never)) throw rejected('validation.invalid_value', 'status');
      if (status === 'used') filter.remaining = 0;
      else
        Object.assign(filter, {
          remaining: { $gt: 0 },
          expires_on: status === 'active' ? { $gte: today } : { $lt: today },
        });
    }
    if (q.filter.code !== undefined && q.filter.code !== '') {
      const code = typeof q.filter.code === 'string' ? normalizeGiftCardCode(q.filter.code) : undefined;
      // a code that cannot be a card's finds nothing
      filter.code = code ?? '-';
    }
    const type = q.filter.card_type;
    if (type !== undefined && type !== '') {
      const n = Number(type);
      if (![0, 1, 2].includes(n)) throw rejected('validation.invalid_value', 'card_type');
      filter.card_type = n;
    }
    const [docs, total] = await Promise.all([
      this.models.find('gift_cards', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('gift_cards', filter),
    ]);
    return page(
      res,
      'gift-cards',
      q,
      docs.map((d) => shown(d, today)),
      total,
    );
  }

  @Get('gift-cards/:id')
  @RequireAnyPermission(
    [Page.pos, Permission.sell],
    [Page.pos, Permission.viewInvoices],
    [Page.pos, Permission.salesReports],
  )
  async one(@Auth() auth: AuthContext, @Param('id') id: string) {
    const doc = isUuid(id) ? await this.models.get('gift_cards', id) : undefined;
    if (!doc || doc.tenantId !== auth.tenantId) throw notFound('not_found.gift_card');
    return shown(doc, (await accountOf(this.models, auth.tenantId)).today);
  }
}

/** `e-gift/{uniqueId}`: the card as its holder sees it, from the link sent with it. */
@Controller('api/public')
export class PublicGiftCardsController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get('e-gift/:uniqueId')
  @Public()
  async eGift(@Param('uniqueId') uniqueId: string) {
    if (!/^[A-Za-z0-9_-]{10,64}$/.test(uniqueId)) throw notFound('not_found.gift_card');
    const [doc] = await this.models.find('gift_cards', { filter: { unique_id: uniqueId }, limit: 1 });
    if (!doc) throw notFound('not_found.gift_card');
    const { account, today } = await accountOf(this.models, doc.tenantId as string).then((a) => ({
      account: a.doc,
      today: a.today,
    }));
    return {
      code: doc.code,
      card_type: doc.card_type,
      value: doc.value,
      remaining: doc.remaining,
      currency: doc.currency,
      customer_name: doc.customer_name,
      buyer_name: doc.buyer_name,
      message: doc.message ?? null,
      business_date: doc.business_date,
      expires_on: doc.expires_on,
      status: giftCardStatus(doc as unknown as { remaining: number; expires_on: string }, today),
      salon: { name_en: account.name_en ?? '', name_ar: account.name_ar ?? '' },
    };
  }
}
