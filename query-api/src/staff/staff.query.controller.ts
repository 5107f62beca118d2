import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import {
  canAccess,
  DomainError,
  isBusinessDate,
  notFound,
  Page,
  Permission,
  rejected,
  toDecimalString,
} from '@rawnaq/contracts';
import {
  Auth,
  header,
  Realm,
  RequireAnyPermission,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type Doc,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import { signInPausesOf } from '@rawnaq/projections';
import { pricingOf } from '../shared/pricing';
import { idsOf, intFilter, page, parseFilter, parseListQuery } from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };
type Query = Record<string, unknown>;

@Controller('api/merchant')
@Realm('merchant')
@RequirePermission(Page.employees, Permission.viewEmployees)
export class StaffQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  /** Employees with how they sign in (username, role), and the salary as decimal text. */
  private async present(tenantId: string, docs: Doc[]): Promise<Doc[]> {
    const users = new Map(
      (await this.models.getMany('users', docs.map((d) => d.user_id as string).filter(Boolean))).map((u) => [
        u.id,
        u,
      ]),
    );
    const roles = new Map(
      (await this.models.find('roles', { filter: { tenantId } })).map((r) => [r.id, r.name]),
    );
    const account = await this.models.get('accounts', tenantId);
    const { currency } = await pricingOf(this.models, tenantId);
    return docs.map(({ tenantId: _t, ...d }) => {
      const user = users.get(d.user_id as string);
      return {
        ...d,
        id: d.id,
        salary: typeof d.salary === 'number' ? toDecimalString({ amount: d.salary, currency }) : null,
        login_access: Boolean(user),
        username: user?.username ?? null,
        role_id: user?.role_id ?? null,
        role: user ? (roles.get(user.role_id as string) ?? null) : null,
        is_owner: Boolean(user) && user?.id === account?.owner_user_id,
      };
    });
  }

  @Get('employees')
  async employees(
    @Auth() auth: AuthContext,
    @Query() query: Query,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['name_en', 'name_ar', 'created_at', 'joining_date'],
      defaultSort: ['created_at', 'asc'],
    });
    const filter: Filter = { tenantId: auth.tenantId };
    const ids = idsOf(q.filter);
    if (ids) filter.id = { $in: ids };
    const status = intFilter(q.filter, 'status');
    if (status !== undefined) filter.status = status;
    if (q.filter.show_in_appointments === true) filter.show_in_appointments = true;
    const search = typeof q.filter.q === 'string' ? q.filter.q.trim() : '';
    if (search) filter.$or = [{ name_en: { $contains: search } }, { name_ar: { $contains: search } }];
    const [docs, total] = await Promise.all([
      this.models.find('employees', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('employees', filter),
    ]);
    return page(res, 'employees', q, await this.present(auth.tenantId, docs), total);
  }

  /** Also one's own record with the "profile and activities" level (43) alone. */
  @Get('employees/:id')
  @RequireAnyPermission(
    [Page.employees, Permission.viewEmployees],
    [Page.employees, Permission.ownProfileAndActivities],
  )
  async employee(@Auth() auth: AuthContext, @Param('id') id: string) {
    const doc = await this.models.get('employees', id);
    if (!doc || doc.tenantId !== auth.tenantId) throw notFound('not_found.employee');
    if (!canAccess(auth.permissions, Page.employees, Permission.viewEmployees) && doc.user_id !== auth.userId)
      throw new DomainError('auth.no_permission', 403);
    return (await this.present(auth.tenantId, [doc]))[0];
  }

  /** Custom hours and blocked periods, of one employee or all. */
  /** The pauses in force on her sign-in (the staff screen offers to lift them, with the same right). */
  @Get('employees/:id/sign-in-pauses')
  @RequirePermission(Page.employees, Permission.manageRoles)
  async signInPauses(@Auth() auth: AuthContext, @Param('id') id: string) {
    const employee = await this.models.get('employees', id);
    if (!employee || employee.tenantId !== auth.tenantId) throw notFound('not_found.employee');
    const user =
      typeof employee.user_id === 'string' ? await this.models.get('users', employee.user_id) : undefined;
    if (!user || user.tenantId !== auth.tenantId) return [];
    return (await signInPausesOf(this.models, user, new Date())).map((p) => ({
      id: p.id,
      ip: p.ip,
      blocked_at: p.blocked_at,
      blocked_until: p.blocked_until,
    }));
  }

  @Get('employee-periods')
  async periods(
    @Auth() auth: AuthContext,
    @Query() query: Query,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['from_date'],
      defaultSort: ['from_date', 'asc'],
    });
    const filter: Filter = { tenantId: auth.tenantId };
    if (typeof q.filter.employee_id === 'string') filter.employee_id = q.filter.employee_id;
    const [docs, total] = await Promise.all([
      this.models.find('employee_periods', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('employee_periods', filter),
    ]);
    return page(
      res,
      'employee-periods',
      q,
      docs.map(({ tenantId: _t, ...d }) => ({ ...d, id: d.id })),
      total,
    );
  }

  /** Roles with how many users hold each (a held role cannot be removed). */
  @Get('roles')
  async roles(
    @Auth() auth: AuthContext,
    @Query() query: Query,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['name'],
      defaultSort: ['name', 'asc'],
    });
    const filter: Filter = { tenantId: auth.tenantId };
    const ids = idsOf(q.filter);
    if (ids) filter.id = { $in: ids };
    const [docs, total, holders] = await Promise.all([
      this.models.find('roles', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('roles', filter),
      this.models.aggregate('users', { filter: { tenantId: auth.tenantId }, groupBy: ['role_id'] }),
    ]);
    const held = new Map(holders.map((h) => [h.key.role_id, h.count]));
    return page(
      res,
      'roles',
      q,
      docs.map(({ tenantId: _t, ...r }) => ({ ...r, id: r.id, holders: held.get(r.id) ?? 0 })),
      total,
    );
  }

  @Get('roles/:id')
  async role(@Auth() auth: AuthContext, @Param('id') id: string) {
    const r = await this.models.get('roles', id);
    if (!r || r.tenantId !== auth.tenantId) throw notFound('not_found.role');
    const holders = await this.models.count('users', { tenantId: auth.tenantId, role_id: id });
    const { tenantId: _t, ...role } = r;
    return { ...role, id: r.id, holders };
  }
}

/** Attendance reports (doc1 §2 reports: detailed, cumulative, per employee); page 7 view 40. */
@Controller('api/merchant/reports')
@Realm('merchant')
@RequireAnyPermission(
  [Page.employees, Permission.viewEmployees],
  [Page.employees, Permission.ownProfileAndActivities],
)
export class AttendanceReportsController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  /**
   * The shifts a caller may read: everyone's with 40; with the "profile and activities" level (43)
   * alone, only her own (an employee_id naming someone else finds nothing).
   */
  private async filterOf(auth: AuthContext, f: Record<string, unknown>): Promise<Filter> {
    const filter = this.periodFilter(auth.tenantId, f);
    if (canAccess(auth.permissions, Page.employees, Permission.viewEmployees)) return filter;
    const [own] = await this.models.find('employees', {
      filter: { tenantId: auth.tenantId, user_id: auth.userId },
      limit: 1,
    });
    const requested = filter.employee_id;
    filter.employee_id = own && (requested === undefined || requested === own.id) ? own.id : '-';
    return filter;
  }

  private periodFilter(tenantId: string, f: Record<string, unknown>): Filter {
    const filter: Filter = { tenantId };
    const range: { $gte?: string; $lte?: string } = {};
    if (typeof f.from === 'string' && f.from) {
      if (!isBusinessDate(f.from)) throw rejected('validation.should_be_a_date', 'from');
      range.$gte = f.from;
    }
    if (typeof f.to === 'string' && f.to) {
      if (!isBusinessDate(f.to)) throw rejected('validation.should_be_a_date', 'to');
      range.$lte = f.to;
    }
    if (range.$gte || range.$lte) filter.business_date = range;
    if (typeof f.employee_id === 'string' && f.employee_id) filter.employee_id = f.employee_id;
    return filter;
  }

  /** Every shift with its check-in, check-out and minutes (the per-employee report filters on employee_id). */
  @Get('detailed-attendance')
  async detailed(
    @Auth() auth: AuthContext,
    @Query() query: Query,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['business_date', 'check_in_at'],
      defaultSort: ['check_in_at', 'desc'],
    });
    const filter = await this.filterOf(auth, q.filter);
    const [docs, total] = await Promise.all([
      this.models.find('shifts', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('shifts', filter),
    ]);
    const names = new Map(
      (await this.models.getMany('employees', [...new Set(docs.map((d) => d.employee_id as string))])).map(
        (e) => [e.id, e],
      ),
    );
    return page(
      res,
      'detailed-attendance',
      q,
      docs.map(({ tenantId: _t, ...d }) => ({
        ...d,
        id: d.id,
        name_en: names.get(d.employee_id as string)?.name_en ?? null,
        name_ar: names.get(d.employee_id as string)?.name_ar ?? null,
      })),
      total,
    );
  }

  /** Per employee over a period: days attended and hours worked. */
  @Get('cumulative-attendance')
  async cumulative(@Auth() auth: AuthContext, @Query('filter') raw: string | undefined) {
    const f = parseFilter(raw);
    const filter = await this.filterOf(auth, f);
    const rows = await this.models.aggregate('shifts', {
      filter,
      groupBy: ['employee_id'],
      sum: ['minutes'],
    });
    const days = await this.models.aggregate('shifts', {
      filter,
      groupBy: ['employee_id', 'business_date'],
    });
    const names = new Map(
      (
        await this.models.getMany(
          'employees',
          rows.map((r) => r.key.employee_id as string),
        )
      ).map((e) => [e.id, e]),
    );
    return {
      id: 'cumulative-attendance',
      rows: rows.map((r) => ({
        employee_id: r.key.employee_id,
        name_en: names.get(r.key.employee_id as string)?.name_en ?? null,
        name_ar: names.get(r.key.employee_id as string)?.name_ar ?? null,
        shifts: r.count,
        days: days.filter((d) => d.key.employee_id === r.key.employee_id).length,
        minutes: r.sums.minutes,
      })),
    };
  }
}
