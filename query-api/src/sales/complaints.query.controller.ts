import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { COMPLAINT_STATES, isUuid, notFound, Page, Permission, rejected } from '@rawnaq/contracts';
import {
  Auth,
  header,
  Realm,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type Doc,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import {
  dateRangeFilter,
  idsOf,
  page,
  parseListQuery,
  textFilters,
  withoutTenant,
} from '../shared/list-query';
import { reportPeriod } from '../shared/report-period';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };

type Line = { kind: string; item_id: string; name_en: string; name_ar: string; employee_id: string | null };
type Rating = Doc & {
  invoice_id: string;
  invoice_number: number;
  rating: number;
  comment?: string;
  rated_at: string;
  rated_on?: string;
  customer_name?: string | null;
  lines?: Line[];
};

/** Ratings of a group (an employee, a service, the whole period): how many, their average, each star's count. */
type Tally = { ratings: number; average: number | null; stars: [number, number, number, number, number] };
const tally = (ratings: number[]): Tally => {
  const stars: Tally['stars'] = [0, 0, 0, 0, 0];
  for (const r of ratings) stars[r - 1] += 1;
  const sum = ratings.reduce((s, r) => s + r, 0);
  return {
    ratings: ratings.length,
    average: ratings.length ? Math.round((sum / ratings.length) * 100) / 100 : null,
    stars,
  };
};

const ratingsOf = (rows: Map<string, { name_en: string; name_ar: string; ratings: number[] }>) =>
  [...rows]
    .map(([id, g]) => ({ id, name_en: g.name_en, name_ar: g.name_ar, ...tally(g.ratings) }))
    .sort((a, b) => b.ratings - a.ratings || (b.average ?? 0) - (a.average ?? 0));

/**
 * `reports/surveys-report` (page 6, 38) and `reports/complaints` (page 6, 39): what customers said of
 * their visits, by employee and by service over a period, and the complaints a low rating (or the
 * front desk) opened, with what was done about each.
 */
@Controller('api/merchant')
@Realm('merchant')
export class SurveysReportQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  /**
   * `reports/surveys-report?from=&to=[&employee_id=][&service_id=]`: the period's ratings (the salon's
   * days they were given on): each employee's and each service's count, average and stars (a visit
   * counts for every employee and service on its invoice), the whole period's, and the comments.
   */
  @Get('reports/surveys-report')
  @RequirePermission(Page.marketing, Permission.surveysNotifications)
  async surveys(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const period = await reportPeriod(this.models, auth.tenantId, query);
    const employeeId =
      typeof query.employee_id === 'string' && query.employee_id ? query.employee_id : undefined;
    const serviceId = typeof query.service_id === 'string' && query.service_id ? query.service_id : undefined;
    if (employeeId !== undefined && !isUuid(employeeId))
      throw rejected('errors.invalid_input', 'employee_id');
    if (serviceId !== undefined && !isUuid(serviceId)) throw rejected('errors.invalid_input', 'service_id');
    const found = (await this.models.find('invoice_ratings', {
      filter: { tenantId: auth.tenantId, rated_on: { $gte: period.from, $lte: period.to } },
      sort: [['rated_at', 'desc']],
      limit: 50_000,
    })) as Rating[];
    const ratings = found.filter(
      (r) =>
        (!employeeId || (r.lines ?? []).some((l) => l.employee_id === employeeId)) &&
        (!serviceId || (r.lines ?? []).some((l) => l.kind === 'service' && l.item_id === serviceId)),
    );
    const employeeIds = [
      ...new Set(
        ratings.flatMap((r) => (r.lines ?? []).map((l) => l.employee_id).filter((id): id is string => !!id)),
      ),
    ];
    const employees = new Map(
      (await Promise.all(employeeIds.map((id) => this.models.get('employees', id))))
        .filter((e): e is Doc => !!e && e.tenantId === auth.tenantId)
        .map((e) => [e.id, e]),
    );
    const byEmployee = new Map<string, { name_en: string; name_ar: string; ratings: number[] }>();
    const byService = new Map<string, { name_en: string; name_ar: string; ratings: number[] }>();
    for (const r of ratings) {
      const lines = r.lines ?? [];
      for (const id of new Set(lines.map((l) => l.employee_id).filter((x): x is string => !!x))) {
        const e = employees.get(id);
        const g = byEmployee.get(id) ?? {
          name_en: (e?.name_en as string | undefined) ?? '',
          name_ar: (e?.name_ar as string | undefined) ?? '',
          ratings: [],
        };
        g.ratings.push(r.rating);
        byEmployee.set(id, g);
      }
      const services = new Map(lines.filter((l) => l.kind === 'service').map((l) => [l.item_id, l]));
      for (const [id, l] of services) {
        const g = byService.get(id) ?? { name_en: l.name_en, name_ar: l.name_ar, ratings: [] };
        g.ratings.push(r.rating);
        byService.set(id, g);
      }
    }
    const nameOf = (id: string) => {
      const e = employees.get(id);
      return {
        name_en: (e?.name_en as string | undefined) ?? '',
        name_ar: (e?.name_ar as string | undefined) ?? '',
      };
    };
    return {
      from: period.from,
      to: period.to,
      rows: ratingsOf(byEmployee),
      totals: { id: 'totals', name_en: '', name_ar: '', ...tally(ratings.map((r) => r.rating)) },
      services: ratingsOf(byService),
      comments: ratings
        .filter((r) => r.comment)
        .slice(0, 500)
        .map((r) => ({
          invoice_id: r.invoice_id,
          invoice_number: r.invoice_number,
          rating: r.rating,
          comment: r.comment,
          customer_name: r.customer_name ?? null,
          rated_at: r.rated_at,
          employees: [
            ...new Set((r.lines ?? []).map((l) => l.employee_id).filter((x): x is string => !!x)),
          ].map(nameOf),
        })),
    };
  }

  /** `complaints?filter={state, from, to, customer_id}` (the screen `reports/complaints`): newest first by default. */
  @Get('complaints')
  @RequirePermission(Page.marketing, Permission.complaintsNotifications)
  async complaints(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['opened_at', 'number', 'state', 'rating'],
      defaultSort: ['opened_at', 'desc'],
    });
    const where: Filter = {
      tenantId: auth.tenantId,
      ...textFilters(q.filter, ['customer_id', 'invoice_id', 'source']),
      ...dateRangeFilter(q.filter, 'business_date'),
    };
    const ids = idsOf(q.filter);
    if (ids) where.id = { $in: ids };
    const state = q.filter.state;
    if (state !== undefined && state !== '') {
      if (!(COMPLAINT_STATES as readonly unknown[]).includes(state))
        throw rejected('errors.invalid_input', 'state');
      where.state = state as string;
    }
    const [docs, total] = await Promise.all([
      this.models.find('complaints', { filter: where, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('complaints', where),
    ]);
    return page(res, 'complaints', q, docs.map(withoutTenant), total);
  }

  @Get('complaints/:id')
  @RequirePermission(Page.marketing, Permission.complaintsNotifications)
  async complaint(@Auth() auth: AuthContext, @Param('id') id: string) {
    const doc = isUuid(id) ? await this.models.get('complaints', id) : undefined;
    if (!doc || doc.tenantId !== auth.tenantId) throw notFound('not_found.complaint');
    return withoutTenant(doc);
  }
}
