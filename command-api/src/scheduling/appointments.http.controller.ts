import { Body, Controller, Delete, HttpCode, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Page, Permission } from '@rawnaq/contracts';
import { Auth, Realm, RequirePermission, type AuthContext } from '@rawnaq/platform';
import { commandContext } from '../shared/http-context';
import { ChangeAppointments, type AppointmentRequest } from './appointments.commands';
import { ChangeCancellationReasons, type ReasonRequest } from './cancellation-reasons.commands';

type Request = { headers: Record<string, string | string[] | undefined> };

/** The appointment book's commands (page 2: manage appointments 11). */
@Controller('api/merchant')
@Realm('merchant')
export class AppointmentsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  private run(auth: AuthContext, req: Request, request: AppointmentRequest) {
    return this.commands.execute(new ChangeAppointments(commandContext(auth, req), auth, request));
  }

  @Post('appointments')
  @RequirePermission(Page.appointments, Permission.manageAppointments)
  book(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.run(auth, req, { kind: 'book', body });
  }

  @Put('appointments/:id')
  @RequirePermission(Page.appointments, Permission.manageAppointments)
  change(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.run(auth, req, { kind: 'change', id, body });
  }

  /** The calendar's drag (another start or employee) and resize (another length) of one line. */
  @Post('appointments/:id/move')
  @HttpCode(200)
  @RequirePermission(Page.appointments, Permission.manageAppointments)
  move(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.run(auth, req, { kind: 'move-line', id, body });
  }

  @Post('appointments/:id/reschedule')
  @HttpCode(200)
  @RequirePermission(Page.appointments, Permission.manageAppointments)
  reschedule(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.run(auth, req, { kind: 'reschedule', id, body });
  }

  @Post('appointments/:id/change-employee')
  @HttpCode(200)
  @RequirePermission(Page.appointments, Permission.manageAppointments)
  changeEmployee(
    @Auth() auth: AuthContext,
    @Req() req: Request,
    @Param('id') id: string,
    @Body() body: unknown,
  ) {
    return this.run(auth, req, { kind: 'change-employee', id, body });
  }

  @Post('appointments/:id/cancel')
  @HttpCode(200)
  @RequirePermission(Page.appointments, Permission.manageAppointments)
  cancel(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.run(auth, req, { kind: 'cancel', id, body });
  }

  @Post('appointments/:id/confirm')
  @HttpCode(200)
  @RequirePermission(Page.appointments, Permission.manageAppointments)
  confirm(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.run(auth, req, { kind: 'confirm', id });
  }

  @Post('appointments/:id/check-in')
  @HttpCode(200)
  @RequirePermission(Page.appointments, Permission.manageAppointments)
  checkIn(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.run(auth, req, { kind: 'check-in', id });
  }

  @Post('appointments/:id/no-show')
  @HttpCode(200)
  @RequirePermission(Page.appointments, Permission.manageAppointments)
  noShow(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.run(auth, req, { kind: 'no-show', id });
  }

  /** pos/appointments-reminder: "mark reminded". */
  @Post('appointments/:id/remind')
  @HttpCode(200)
  @RequirePermission(Page.appointments, Permission.manageAppointments)
  remind(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.run(auth, req, { kind: 'remind', id });
  }

  private reasons(auth: AuthContext, req: Request, request: ReasonRequest) {
    return this.commands.execute(new ChangeCancellationReasons(commandContext(auth, req), request));
  }

  @Post('cancellation-reasons')
  @RequirePermission(Page.settings, Permission.manageSettings)
  addReason(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.reasons(auth, req, { kind: 'add', body });
  }

  @Put('cancellation-reasons/:id')
  @RequirePermission(Page.settings, Permission.manageSettings)
  changeReason(
    @Auth() auth: AuthContext,
    @Req() req: Request,
    @Param('id') id: string,
    @Body() body: unknown,
  ) {
    return this.reasons(auth, req, { kind: 'change', id, body });
  }

  @Delete('cancellation-reasons/:id')
  @RequirePermission(Page.settings, Permission.manageSettings)
  removeReason(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.reasons(auth, req, { kind: 'remove', id });
  }
}
