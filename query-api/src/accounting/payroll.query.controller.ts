import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import {
  firstDayOfMonth,
  isUuid,
  lastDayOfMonth,
  month as monthRule,
  notFound,
  Page,
  PAYROLL_STATUSES,
  Permission,
  rejected,
} from '@rawnaq/contracts';
import {
  Auth,
  employeeCommission,
  header,
  Realm,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type Doc,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';

import { idsOf, page, parseListQuery, textFilters, withoutTenant } from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };
type Query = Record<string, unknown>;

/** A month filter 'YYYY-MM', or undefined when not given. */
const monthFilter = (filter: Record<string, unknown>, field: string): string | undefined => {
  const v = filter[field];
  if (v === undefined || v === '' || v === null) return undefined;
  if (typeof v !== 'string' || monthRule(v)) throw rejected('accounting.should_be_a_month', field);
  return v;
};

/** The payroll (issue 25): the months' runs per employee, and what a new one would start from. Read with 62. */
@Controller('api/merchant/accounting')
@Realm('merchant')
export class PayrollQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get('payrolls')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async payrolls(
    @Auth() auth: AuthContext,
    @Query() query: Query,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['month', 'net', 'owed', 'employee_name_en', 'employee_name_ar'],
      defaultSort: ['month', 'desc'],
    });
    const where: Filter = { tenantId: auth.tenantId, ...textFilters(q.filter, ['employee_id']) };
    const ids = idsOf(q.filter);
    if (ids) where.id = { $in: ids };
    const month = monthFilter(q.filter, 'month');
    if (month) where.month = month;
    const status = q.filter.status;
    if (status !== undefined && status !== '') {
      if (typeof status !== 'string' || !(PAYROLL_STATUSES as readonly string[]).includes(status))
        throw rejected('errors.invalid_input', 'status');
      where.status = status;
    }
    const [docs, total] = await Promise.all([
      this.models.find('payrolls', { filter: where, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('payrolls', where),
    ]);
    return page(res, 'payrolls', q, docs.map(withoutTenant), total);
  }

  /**
   * The employees a run can be recorded for, as the payroll needs them (names and salary on file): the
   * accountant keeps the payroll without the right to open the staff's records.
   */
  @Get('payrolls/employees')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async employees(@Auth() auth: AuthContext) {
    const docs = await this.models.find('employees', {
      filter: { tenantId: auth.tenantId },
      sort: [['name_en', 'asc']],
      limit: 1000,
    });
    return docs.map((e) => ({
      id: e.id,
      name_en: e.name_en,
      name_ar: e.name_ar,
      salary: (e.salary as number | undefined) ?? 0,
      status: e.status ?? 1,
    }));
  }

  /**
   * What a month's run for an employee starts from: her salary on file and the commission the product
   * computed from her sales of the month (net of credit notes), and the run already recorded, if any.
   */
  @Get('payrolls/suggest')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async suggest(@Auth() auth: AuthContext, @Query() query: Query) {
    const employeeId = query.employee_id;
    if (typeof employeeId !== 'string' || !employeeId)
      throw rejected('validation.is_required', 'employee_id');
    const month = monthFilter(query, 'month');
    if (!month) throw rejected('validation.is_required', 'month');
    const employee = isUuid(employeeId) ? await this.models.get('employees', employeeId) : undefined;
    if (!employee || employee.tenantId !== auth.tenantId)
      throw rejected('accounting.employee_not_found', 'employee_id');
    const period = { from: firstDayOfMonth(month), to: lastDayOfMonth(month) };
    const [commission, existing] = await Promise.all([
      employeeCommission(this.models, auth.tenantId, employeeId, period),
      this.models.find('payrolls', {
        filter: { tenantId: auth.tenantId, employee_id: employeeId, month },
        limit: 1,
      }),
    ]);
    return {
      id: `${employeeId}:${month}`,
      employee_id: employeeId,
      month,
      from: period.from,
      to: period.to,
      salary: (employee.salary as number | undefined) ?? 0,
      commission_percentage: (employee.commission_percentage as number | undefined) ?? 0,
      net_sales: commission.net_sales,
      commission: Math.max(0, commission.net_commission),
      existing_payroll_id: existing[0]?.id ?? null,
    };
  }

  @Get('payrolls/:id')
  @RequirePermission(Page.advancedAccounting, Permission.viewBooks)
  async payroll(@Auth() auth: AuthContext, @Param('id') id: string) {
    return withoutTenant(await this.own(auth, id));
  }

  private async own(auth: AuthContext, id: string): Promise<Doc> {
    const doc = isUuid(id) ? await this.models.get('payrolls', id) : undefined;
    if (!doc || doc.tenantId !== auth.tenantId) throw notFound('accounting.payroll_not_found');
    return doc;
  }
}
