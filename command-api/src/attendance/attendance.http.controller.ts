import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandHandler, CommandBus, type ICommandHandler } from '@nestjs/cqrs';
import {
  ATTENDANCE_CATEGORY,
  attendanceInput,
  DomainError,
  streamName,
  type AttendanceEvent,
} from '@rawnaq/contracts';
import { Auth, parseInput, Realm, TOKENS, type AuthContext, type ReadModels } from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { commandContext } from '../shared/http-context';
import { Aggregates } from '../shared/repository';
import { tenantInfo } from '../shared/tenant';
import {
  decideAttendance,
  evolveAttendance,
  initialAttendanceState,
  type AttendanceState,
} from './attendance';

export class RecordAttendance {
  constructor(
    readonly ctx: CommandContext,
    readonly userId: string,
    readonly kind: 'CheckIn' | 'CheckOut',
    readonly body: unknown,
  ) {}
}

@CommandHandler(RecordAttendance)
export class RecordAttendanceHandler implements ICommandHandler<RecordAttendance> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, userId, kind, body }: RecordAttendance): Promise<Answer> {
    const at = parseInput(attendanceInput, body);
    const [employee] = await this.models.find('employees', {
      filter: { tenantId: ctx.tenantId, user_id: userId },
      limit: 1,
    });
    if (!employee) throw new DomainError('attendance.not_an_employee', 422);
    const account = await this.models.get('accounts', ctx.tenantId);
    // an employee may have a check-in place of their own (another branch); else the salon's
    const own =
      typeof employee.check_in_latitude === 'number'
        ? { latitude: employee.check_in_latitude as number, longitude: employee.check_in_longitude as number }
        : undefined;
    const salon =
      typeof account?.latitude === 'number'
        ? { latitude: account.latitude as number, longitude: account.longitude as number }
        : undefined;
    const { today } = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const outcome = await this.aggregates.handle<AttendanceState, AttendanceEvent>(
      streamName(ATTENDANCE_CATEGORY, ctx.tenantId, employee.id),
      ctx,
      {
        initial: initialAttendanceState,
        evolve: evolveAttendance,
        decide: (state) =>
          decideAttendance(
            { type: kind, employeeId: employee.id, at, place: own ?? salon, businessDate: today },
            state,
          ),
      },
    );
    return new Answer(
      {
        employee_id: employee.id,
        checked_in: outcome.state.open,
        distance_m: (outcome.events[0]?.data.distance_m as number) ?? null,
      },
      outcome.position,
    );
  }
}

/** Every employee who signs in checks themselves in and out (the attendance screen). */
@Controller('api/merchant/attendance')
@Realm('merchant')
export class AttendanceController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('check-in')
  @HttpCode(200)
  checkIn(
    @Auth() auth: AuthContext,
    @Req() req: { headers: Record<string, string | string[] | undefined> },
    @Body() body: unknown,
  ) {
    return this.commands.execute(
      new RecordAttendance(commandContext(auth, req), auth.userId, 'CheckIn', body),
    );
  }

  @Post('check-out')
  @HttpCode(200)
  checkOut(
    @Auth() auth: AuthContext,
    @Req() req: { headers: Record<string, string | string[] | undefined> },
    @Body() body: unknown,
  ) {
    return this.commands.execute(
      new RecordAttendance(commandContext(auth, req), auth.userId, 'CheckOut', body),
    );
  }
}
