import { Body, Controller, Delete, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Page, Permission } from '@rawnaq/contracts';
import { Auth, Realm, RequirePermission, type AuthContext } from '@rawnaq/platform';
import { commandContext } from '../shared/http-context';
import { LiftStaffSignInPauses } from '../identity/identity.commands';
import { ChangeStaff, type StaffRequest } from './staff.commands';

type Request = { headers: Record<string, string | string[] | undefined> };

@Controller('api/merchant')
@Realm('merchant')
export class StaffController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  private run(auth: AuthContext, req: Request, request: StaffRequest) {
    return this.commands.execute(new ChangeStaff(commandContext(auth, req), request));
  }

  @Post('employees')
  @RequirePermission(Page.employees, Permission.manageEmployees)
  add(@Auth() a: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.run(a, req, { kind: 'add-employee', body });
  }

  @Put('employees/:id')
  @RequirePermission(Page.employees, Permission.manageEmployees)
  change(@Auth() a: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.run(a, req, { kind: 'change-employee', id, body });
  }

  @Post('employees/:id/disable')
  @RequirePermission(Page.employees, Permission.manageEmployees)
  disable(@Auth() a: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.run(a, req, { kind: 'disable-employee', id });
  }

  @Post('employees/:id/activate')
  @RequirePermission(Page.employees, Permission.manageEmployees)
  activate(@Auth() a: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.run(a, req, { kind: 'activate-employee', id });
  }

  @Post('employees/:id/login')
  @RequirePermission(Page.employees, Permission.manageRoles)
  login(@Auth() a: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.run(a, req, { kind: 'grant-login', id, body });
  }

  /** Takes her login away: her session ends, she cannot sign in, her username is free again. */
  @Delete('employees/:id/login')
  @RequirePermission(Page.employees, Permission.manageRoles)
  removeLogin(@Auth() a: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.run(a, req, { kind: 'remove-login', id });
  }

  /**
   * Lifts the pauses on her sign-in (too many wrong passwords from one address) before their time:
   * with the right over logins (42), as giving, changing and taking away a login.
   */
  @Delete('employees/:id/sign-in-pauses')
  @RequirePermission(Page.employees, Permission.manageRoles)
  liftSignInPauses(@Auth() a: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.commands.execute(new LiftStaffSignInPauses(commandContext(a, req), id));
  }

  @Put('employees/:id/role')
  @RequirePermission(Page.employees, Permission.manageRoles)
  role(@Auth() a: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.run(a, req, { kind: 'change-employee-role', id, body });
  }

  @Post('employees/:id/periods')
  @RequirePermission(Page.employees, Permission.manageEmployees)
  addPeriod(@Auth() a: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.run(a, req, { kind: 'add-period', id, body });
  }

  @Delete('employees/:id/periods/:periodId')
  @RequirePermission(Page.employees, Permission.manageEmployees)
  removePeriod(
    @Auth() a: AuthContext,
    @Req() req: Request,
    @Param('id') id: string,
    @Param('periodId') periodId: string,
  ) {
    return this.run(a, req, { kind: 'remove-period', id, periodId });
  }

  @Post('roles')
  @RequirePermission(Page.employees, Permission.manageRoles)
  defineRole(@Auth() a: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.run(a, req, { kind: 'define-role', body });
  }

  @Put('roles/:id')
  @RequirePermission(Page.employees, Permission.manageRoles)
  changeRole(@Auth() a: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.run(a, req, { kind: 'change-role', id, body });
  }

  @Delete('roles/:id')
  @RequirePermission(Page.employees, Permission.manageRoles)
  removeRole(@Auth() a: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.run(a, req, { kind: 'remove-role', id });
  }
}
