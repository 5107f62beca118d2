import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { doesService, notFound, Page, Permission, rejected, toDecimalString } from '@rawnaq/contracts';
import {
  Auth,
  header,
  Realm,
  RequireAnyPermission,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import { pricingOf, priced, type Pricing } from '../shared/pricing';
import { idsOf, intFilter, page, parseListQuery } from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };

const LISTS = {
  services: {
    collection: 'services',
    sortable: ['order', 'name_en', 'name_ar', 'price', 'job_time', 'created_at'],
    defaultSort: ['order', 'asc'],
  },
  'service-groups': {
    collection: 'service_groups',
    sortable: ['name_en', 'name_ar', 'created_at'],
    defaultSort: ['created_at', 'asc'],
  },
  categories: {
    collection: 'categories',
    sortable: ['name_en', 'name_ar', 'created_at'],
    defaultSort: ['created_at', 'asc'],
  },
} as const;

@Controller('api/merchant')
@Realm('merchant')
@RequirePermission(Page.menu, Permission.viewMenu)
export class MenuQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  private pricing(tenantId: string): Promise<Pricing> {
    return pricingOf(this.models, tenantId);
  }

  // the front desk books services: the appointment book's users read the menu's services too
  @Get('services')
  @RequireAnyPermission(
    [Page.menu, Permission.viewMenu],
    [Page.appointments, Permission.viewAppointments],
    [Page.pos, Permission.sell],
  )
  services(
    @Auth() a: AuthContext,
    @Query() q: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.list(a, 'services', q, req, res);
  }

  @Get('service-groups')
  groups(
    @Auth() a: AuthContext,
    @Query() q: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.list(a, 'service-groups', q, req, res);
  }

  @Get('categories')
  categories(
    @Auth() a: AuthContext,
    @Query() q: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.list(a, 'categories', q, req, res);
  }

  /** A service, with who does it (`employee_ids`: the employees whose skills include it, or are not limited). */
  @Get('services/:id')
  async service(@Auth() a: AuthContext, @Param('id') id: string) {
    const service = await this.one(a, 'services', id);
    const employees = await this.models.find('employees', { filter: { tenantId: a.tenantId } });
    return { ...service, employee_ids: employees.filter((e) => doesService(e, id)).map((e) => e.id) };
  }

  @Get('service-groups/:id')
  group(@Auth() a: AuthContext, @Param('id') id: string) {
    return this.one(a, 'service-groups', id);
  }

  @Get('categories/:id')
  category(@Auth() a: AuthContext, @Param('id') id: string) {
    return this.one(a, 'categories', id);
  }

  private async list(
    auth: AuthContext,
    name: keyof typeof LISTS,
    query: Record<string, unknown>,
    req: Request,
    res: Response,
  ) {
    const spec = LISTS[name];
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: [...spec.sortable],
      defaultSort: spec.defaultSort as [string, 'asc'],
    });
    const filter: Filter = { tenantId: auth.tenantId };
    const ids = idsOf(q.filter);
    if (ids) filter.id = { $in: ids };
    const status = intFilter(q.filter, 'status');
    if (status !== undefined) filter.status = status;
    for (const field of ['group_id', 'category_id'] as const) {
      const v = q.filter[field];
      if (v === undefined || v === '') continue;
      if (typeof v !== 'string') throw rejected('errors.invalid_input', field);
      filter[field] = v;
    }
    const search = typeof q.filter.q === 'string' ? q.filter.q.trim() : '';
    if (search) filter.$or = [{ name_en: { $contains: search } }, { name_ar: { $contains: search } }];
    const sort = q.sort[0][0] === 'order' ? [['group_id', 'asc'] as [string, 'asc'], ...q.sort] : q.sort;
    const [docs, total, pricing] = await Promise.all([
      this.models.find(spec.collection, { filter, sort, skip: q.skip, limit: q.limit }),
      this.models.count(spec.collection, filter),
      this.pricing(auth.tenantId),
    ]);
    return page(
      res,
      name,
      q,
      docs.map((d) => priced(d, pricing)),
      total,
    );
  }

  private async one(auth: AuthContext, name: keyof typeof LISTS, id: string) {
    const doc = await this.models.get(LISTS[name].collection, id);
    if (!doc || doc.tenantId !== auth.tenantId)
      throw notFound(
        name === 'services'
          ? 'not_found.service'
          : name === 'categories'
            ? 'not_found.category'
            : 'not_found.group',
      );
    return priced(doc, await this.pricing(auth.tenantId));
  }
}

/** Offers and packages (page 8, view 50): prices as decimal text with VAT; removed ones are not listed. */
@Controller('api/merchant')
@Realm('merchant')
@RequirePermission(Page.menu, Permission.viewMenu)
export class BundlesQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  private async list(
    auth: AuthContext,
    collection: 'offers' | 'packages',
    query: Record<string, unknown>,
    req: Request,
    res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['name_en', 'name_ar', 'price', 'expiry_date', 'created_at'],
      defaultSort: ['created_at', 'desc'],
    });
    const filter: Filter = { tenantId: auth.tenantId, status: { $ne: 'removed' } };
    const ids = idsOf(q.filter);
    if (ids) filter.id = { $in: ids };
    if (typeof q.filter.status === 'string' && q.filter.status) filter.status = q.filter.status;
    const search = typeof q.filter.q === 'string' ? q.filter.q.trim() : '';
    if (search) filter.$or = [{ name_en: { $contains: search } }, { name_ar: { $contains: search } }];
    const [docs, total, pricing] = await Promise.all([
      this.models.find(collection, { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count(collection, filter),
      pricingOf(this.models, auth.tenantId),
    ]);
    return page(
      res,
      collection,
      q,
      docs.map((d) => this.present(d, pricing)),
      total,
    );
  }

  private present(doc: Record<string, unknown> & { id: string }, pricing: Pricing) {
    const out = priced(doc, pricing);
    return typeof doc.items_total === 'number'
      ? { ...out, items_total: toDecimalString({ amount: doc.items_total, currency: pricing.currency }) }
      : out;
  }

  @Get('offers')
  offers(
    @Auth() a: AuthContext,
    @Query() q: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.list(a, 'offers', q, req, res);
  }

  @Get('packages')
  packages(
    @Auth() a: AuthContext,
    @Query() q: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.list(a, 'packages', q, req, res);
  }

  @Get('offers/:id')
  async offer(@Auth() a: AuthContext, @Param('id') id: string) {
    const doc = await this.models.get('offers', id);
    if (!doc || doc.tenantId !== a.tenantId || doc.status === 'removed') throw notFound('not_found.offer');
    return this.present(doc, await pricingOf(this.models, a.tenantId));
  }

  @Get('packages/:id')
  async package(@Auth() a: AuthContext, @Param('id') id: string) {
    const doc = await this.models.get('packages', id);
    if (!doc || doc.tenantId !== a.tenantId || doc.status === 'removed') throw notFound('not_found.package');
    return this.present(doc, await pricingOf(this.models, a.tenantId));
  }
}
