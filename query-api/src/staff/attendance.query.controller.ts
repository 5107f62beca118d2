import { Controller, Get, Inject } from '@nestjs/common';
import { Auth, Realm, TOKENS, type AuthContext, type ReadModels } from '@rawnaq/platform';

/**
 * The signed-in user's own attendance (the check-in screen): whether she is checked in now, since
 * when, and her last shifts. Everyone who signs in may read their own; the reports need page 7.
 */
@Controller('api/merchant/attendance')
@Realm('merchant')
export class AttendanceQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get('today')
  async today(@Auth() auth: AuthContext) {
    const [employee] = await this.models.find('employees', {
      filter: { tenantId: auth.tenantId, user_id: auth.userId },
      limit: 1,
    });
    if (!employee)
      return { id: 'today', employee_id: null, checked_in: false, check_in_at: null, shifts: [] };
    const open = await this.models.get('open_shifts', employee.id);
    const shifts = await this.models.find('shifts', {
      filter: { tenantId: auth.tenantId, employee_id: employee.id },
      sort: [['check_in_at', 'desc']],
      limit: 5,
    });
    return {
      id: 'today',
      employee_id: employee.id,
      name_en: employee.name_en,
      name_ar: employee.name_ar,
      checked_in: Boolean(open),
      check_in_at: (open?.check_in_at as string | undefined) ?? null,
      shifts: shifts.map(({ tenantId: _t, ...s }) => s),
    };
  }
}
