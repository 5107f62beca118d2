import { Controller, Get, Inject, Param } from '@nestjs/common';
import { isUuid, notFound, Page, Permission } from '@rawnaq/contracts';
import {
  Auth,
  Public,
  Realm,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type ReadModels,
} from '@rawnaq/platform';

/** `e-survey/{uniqueId}`: what the customer's rating page shows — the salon, the invoice, and whether it is rated. */
@Controller('api/public')
export class PublicSurveysController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get('e-survey/:uniqueId')
  @Public()
  async survey(@Param('uniqueId') uniqueId: string) {
    if (!/^[A-Za-z0-9_-]{10,64}$/.test(uniqueId)) throw notFound('not_found.invoice');
    const [invoice] = await this.models.find('invoices', { filter: { unique_id: uniqueId }, limit: 1 });
    if (!invoice) throw notFound('not_found.invoice');
    const [account, rating] = await Promise.all([
      this.models.get('accounts', invoice.tenantId as string),
      this.models.get('invoice_ratings', invoice.id),
    ]);
    const seller = invoice.seller as { name_en: string; name_ar: string };
    return {
      unique_id: uniqueId,
      number: invoice.number,
      issued_at: invoice.issued_at,
      salon: { name_en: account?.name_en ?? seller.name_en, name_ar: account?.name_ar ?? seller.name_ar },
      rated: Boolean(rating),
      rating: rating
        ? { rating: rating.rating, comment: rating.comment ?? null, rated_at: rating.rated_at }
        : null,
    };
  }
}

/** The customer's rating of an invoice, on its page, for whoever sees invoices (page 3, 14). */
@Controller('api/merchant')
@Realm('merchant')
export class InvoiceRatingsQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get('invoice-ratings/:id')
  @RequirePermission(Page.pos, Permission.viewInvoices)
  async rating(@Auth() auth: AuthContext, @Param('id') id: string) {
    const doc = isUuid(id) ? await this.models.get('invoice_ratings', id) : undefined;
    if (!doc || doc.tenantId !== auth.tenantId) throw notFound('not_found.rating');
    const { tenantId: _t, ...rating } = doc;
    return rating;
  }
}
