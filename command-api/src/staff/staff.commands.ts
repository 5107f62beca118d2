import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  conflict,
  DEFAULT_WEEK,
  EMPLOYEE_CATEGORY,
  employeeInput,
  employeeLoginInput,
  employeeRoleInput,
  employeePeriodInput,
  isUuid,
  MENU_CATEGORY,
  notFound,
  rejected,
  roleInput,
  streamName,
  toMinor,
  type EmployeeDetails,
  type EmployeeEvent,
  type RoleChanged,
  type RoleDefined,
  type RoleRemoved,
  type UserCreated,
  type UserEvent,
  subscriptionStream,
} from '@rawnaq/contracts';
import {
  hashToken,
  parseInput,
  TOKENS,
  type LinkTokens,
  type MailSender,
  type ReadModels,
} from '@rawnaq/platform';
import { evolveMenu, initialMenuState } from '../catalog/menu';
import { queueMail, verifyEmailMail } from '../identity/mail';
import { evolveSubscription, initialSubscription } from '../platform/account-life';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { Aggregates, idFor } from '../shared/repository';
import { tenantInfo } from '../shared/tenant';
import { UniqueValues } from '../shared/unique-values';
import { hashPassword } from '../identity/identity.commands';
import { refuseBlockOverVisits } from '../scheduling/blocks';
import {
  decideUser,
  evolveUser,
  initialUserState,
  VERIFY_TTL_MINUTES,
  type UserCommand,
  type UserState,
} from '../identity/user';
import {
  decideEmployee,
  evolveEmployee,
  initialEmployeeState,
  type EmployeeCommand,
  type EmployeeState,
} from './employee';

export type StaffRequest =
  | { kind: 'add-employee'; body: unknown }
  | { kind: 'change-employee'; id: string; body: unknown }
  | { kind: 'disable-employee' | 'activate-employee'; id: string }
  | { kind: 'grant-login'; id: string; body: unknown }
  | { kind: 'remove-login'; id: string }
  | { kind: 'change-employee-role'; id: string; body: unknown }
  | { kind: 'add-period'; id: string; body: unknown }
  | { kind: 'remove-period'; id: string; periodId: string }
  | { kind: 'define-role'; body: unknown }
  | { kind: 'change-role'; id: string; body: unknown }
  | { kind: 'remove-role'; id: string };

export class ChangeStaff {
  constructor(
    readonly ctx: CommandContext,
    readonly request: StaffRequest,
  ) {}
}

const employeeStream = (ctx: CommandContext, id: string) => streamName(EMPLOYEE_CATEGORY, ctx.tenantId, id);
const roleStream = (ctx: CommandContext, id: string) => streamName('role', ctx.tenantId, id);
const userStream = (ctx: CommandContext, id: string) => streamName('user', ctx.tenantId, id);

type RoleState = { exists: boolean; name?: string; is_admin?: boolean; permissions?: number[] };
const evolveRole = (s: RoleState, e: RoleDefined | RoleChanged | RoleRemoved): RoleState =>
  e.type === 'RoleDefined'
    ? { exists: true, name: e.data.name, is_admin: e.data.is_admin, permissions: e.data.permissions }
    : e.type === 'RoleChanged'
      ? { ...s, ...(e.data.changed as Partial<RoleState>) }
      : { exists: false };

const recordOf = (s: EmployeeState) =>
  s.added ? { id: s.employeeId, ...s.details, status: s.active ? 1 : 0, user_id: s.userId ?? null } : null;

@CommandHandler(ChangeStaff)
export class ChangeStaffHandler implements ICommandHandler<ChangeStaff> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(UniqueValues) private readonly unique: UniqueValues,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.mailSender) private readonly mailSender: MailSender | null,
    @Inject(TOKENS.linkTokens) private readonly links: LinkTokens,
  ) {}

  private async details(ctx: CommandContext, body: unknown, selfId?: string): Promise<EmployeeDetails> {
    const { countryId } = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const i = parseInput(employeeInput({ countryId }), body);
    const account = await this.models.get('accounts', ctx.tenantId);
    const preferred = i.preferred_artist_ids ?? [];
    if (preferred.length) {
      // other employees of this salon, active now (doc2 §5.5: up to 4, checked by the schema)
      const artists = await this.models.getMany('employees', preferred);
      const fine = (id: string) =>
        id !== selfId && artists.some((a) => a.id === id && a.tenantId === ctx.tenantId && a.status === 1);
      if (!preferred.every(fine))
        throw rejected('staff.preferred_artist_not_available', 'preferred_artist_ids');
    }
    if (i.picture_file_id) await this.expectImage(ctx, i.picture_file_id);
    // the services she does: services of this salon; not sent, as they were (all for a new employee)
    let serviceIds = i.service_ids;
    if (serviceIds?.length) {
      // the salon's menu as its events have it (a service added a moment ago included)
      const { state: menu } = await this.aggregates.load(
        ctx,
        streamName(MENU_CATEGORY, ctx.tenantId, ctx.tenantId),
        initialMenuState(),
        evolveMenu,
      );
      if (!serviceIds.every((id) => menu.services.has(id)))
        throw rejected('staff.service_not_found', 'service_ids');
    }
    if (serviceIds === undefined && selfId) {
      const { state } = await this.aggregates.load(
        ctx,
        employeeStream(ctx, selfId),
        initialEmployeeState,
        evolveEmployee,
      );
      serviceIds = state.added ? state.details.service_ids : undefined;
    }
    return JSON.parse(
      JSON.stringify({
        ...i,
        experience_years: i.experience_years !== undefined ? Number(i.experience_years) : undefined,
        salary: i.salary !== undefined ? toMinor(i.salary, countryId) : undefined,
        commission_percentage:
          i.commission_percentage !== undefined ? Number(i.commission_percentage) : undefined,
        // none chosen is the same as never chosen: an edit does not record an empty list as a change
        preferred_artist_ids: preferred.length ? preferred : undefined,
        service_ids: serviceIds,
        // a new employee works the salon's week unless told otherwise
        working_hours: (
          (i.working_hours ?? account?.business_hours ?? DEFAULT_WEEK) as Array<{ is_open: boolean }>
        ).map((d: { is_open: boolean }) => (d.is_open ? d : { is_open: false })),
      }),
    ) as EmployeeDetails;
  }

  /** A picture is an image uploaded by this salon (its stream carries the tenant). */
  private async expectImage(ctx: CommandContext, fileId: string) {
    const { events } = await this.aggregates.load<null, { type: string; data: Record<string, unknown> }>(
      ctx,
      streamName('file', ctx.tenantId, fileId),
      null,
      (s) => s,
    );
    const uploaded = events.find((e) => e.type === 'FileUploaded');
    if ((uploaded?.data as { purpose?: string } | undefined)?.purpose !== 'image')
      throw rejected('staff.picture_not_found', 'picture_file_id');
  }

  private async seats(ctx: CommandContext) {
    const account = await this.models.get('accounts', ctx.tenantId);
    const active = await this.models.count('employees', { tenantId: ctx.tenantId, status: 1 });
    // the plan's limit from the subscription itself: a renewal just made counts before the read model has it
    const { state: subscription } = await this.aggregates.load(
      ctx,
      subscriptionStream(ctx.tenantId),
      initialSubscription,
      evolveSubscription,
    );
    return {
      activeEmployees: active,
      maxEmployees: subscription.maxEmployees ?? (account?.max_employees as number | undefined) ?? 10,
      ownerUserId: (account?.owner_user_id as string) ?? '',
    };
  }

  private runEmployee(ctx: CommandContext, id: string, command: EmployeeCommand, ownerUserId: string) {
    return this.aggregates.handle<EmployeeState, EmployeeEvent>(employeeStream(ctx, id), ctx, {
      initial: initialEmployeeState,
      evolve: evolveEmployee,
      decide: (s) => decideEmployee(command, s, { ownerUserId }),
    });
  }

  private async role(ctx: CommandContext, id: string) {
    const { state, revision } = await this.aggregates.load<
      RoleState,
      RoleDefined | RoleChanged | RoleRemoved
    >(ctx, roleStream(ctx, id), { exists: false }, evolveRole);
    return { state, revision };
  }

  async execute({ ctx, request: r }: ChangeStaff): Promise<Answer> {
    if ('id' in r && !isUuid(r.id))
      throw notFound(r.kind.endsWith('role') ? 'not_found.role' : 'not_found.employee');
    const seats = await this.seats(ctx);
    switch (r.kind) {
      case 'add-employee': {
        const details = await this.details(ctx, r.body);
        const employeeId = idFor(ctx, 'employee');
        const o = await this.runEmployee(
          ctx,
          employeeId,
          { type: 'AddEmployee', employeeId, details, ...seats },
          seats.ownerUserId,
        );
        return new Answer(recordOf(o.state), o.position, 201);
      }
      case 'change-employee': {
        const o = await this.runEmployee(
          ctx,
          r.id,
          { type: 'ChangeEmployee', details: await this.details(ctx, r.body, r.id) },
          seats.ownerUserId,
        );
        return new Answer(recordOf(o.state), o.position);
      }
      case 'disable-employee':
      case 'activate-employee': {
        const o = await this.runEmployee(
          ctx,
          r.id,
          { type: r.kind === 'disable-employee' ? 'DisableEmployee' : 'ActivateEmployee', ...seats },
          seats.ownerUserId,
        );
        // a disabled employee's open session ends and she cannot sign in until she is activated again
        const user = o.state.added && o.state.userId ? o.state.userId : undefined;
        const u = user
          ? await this.runUser(
              ctx,
              user,
              r.kind === 'disable-employee'
                ? { type: 'Deactivate', reason: 'employee_disabled' }
                : { type: 'Reactivate' },
            )
          : undefined;
        return new Answer(recordOf(o.state), u?.position ?? o.position);
      }
      case 'remove-login': {
        const { state } = await this.aggregates.load(
          ctx,
          employeeStream(ctx, r.id),
          initialEmployeeState,
          evolveEmployee,
        );
        if (!state.added) throw notFound('not_found.employee');
        if (!state.userId) throw rejected('staff.no_login');
        if (state.userId === seats.ownerUserId) throw rejected('staff.owner_cannot_change');
        // the user first: were the process to stop between the two, she is out either way, and the
        // request again finishes the employee's side
        await this.runUser(ctx, state.userId, { type: 'Deactivate', reason: 'login_removed' });
        const o = await this.runEmployee(ctx, r.id, { type: 'RemoveLogin' }, seats.ownerUserId);
        return new Answer(recordOf(o.state), o.position);
      }
      case 'grant-login':
        return this.grantLogin(ctx, r.id, r.body, seats.ownerUserId);
      case 'change-employee-role': {
        const { role_id } = parseInput(employeeRoleInput, r.body);
        return this.changeEmployeeRole(ctx, r.id, role_id, seats.ownerUserId);
      }
      case 'add-period': {
        const p = parseInput(employeePeriodInput, r.body);
        const periodId = idFor(ctx, 'employee-period');
        const { timeZone } = await tenantInfo(this.models, ctx.tenantId, ctx.now);
        await refuseBlockOverVisits(this.aggregates, ctx, timeZone, r.id, p);
        const o = await this.runEmployee(
          ctx,
          r.id,
          { type: 'AddPeriod', periodId, period: p },
          seats.ownerUserId,
        );
        return new Answer(
          o.state.added ? { id: periodId, employee_id: r.id, ...o.state.periods.get(periodId) } : null,
          o.position,
          201,
        );
      }
      case 'remove-period': {
        const o = await this.runEmployee(
          ctx,
          r.id,
          { type: 'RemovePeriod', periodId: r.periodId },
          seats.ownerUserId,
        );
        return new Answer({ id: r.periodId }, o.position);
      }
      case 'define-role':
      case 'change-role': {
        const input = parseInput(roleInput, r.body);
        const roleId = r.kind === 'define-role' ? idFor(ctx, 'role') : r.id;
        const others = await this.models.find('roles', { filter: { tenantId: ctx.tenantId } });
        if (others.some((o) => o.id !== roleId && String(o.name).toLowerCase() === input.name.toLowerCase()))
          throw conflict('staff.duplicate_role', 'name');
        const { state } = await this.role(ctx, roleId);
        if (r.kind === 'define-role') {
          const position = await this.aggregates.create(roleStream(ctx, roleId), ctx, [
            { type: 'RoleDefined', data: { role_id: roleId, ...input } },
          ]);
          return new Answer({ id: roleId, ...input }, position, 201);
        }
        if (!state.exists) throw notFound('not_found.role');
        const changed: Record<string, unknown> = {};
        const previous: Record<string, unknown> = {};
        for (const k of ['name', 'is_admin', 'permissions'] as const)
          if (JSON.stringify(state[k]) !== JSON.stringify(input[k])) {
            changed[k] = input[k];
            previous[k] = state[k];
          }
        if (!Object.keys(changed).length) return new Answer({ id: roleId, ...input });
        // takes effect on the next request of everyone holding the role (it is read on every request)
        const { position } = await this.aggregates.handle<RoleState, RoleChanged>(
          roleStream(ctx, roleId),
          ctx,
          {
            initial: { exists: false },
            evolve: evolveRole,
            decide: () => [{ type: 'RoleChanged', data: { role_id: roleId, changed, previous } }],
          },
        );
        return new Answer({ id: roleId, ...input }, position);
      }
      case 'remove-role': {
        const { state } = await this.role(ctx, r.id);
        if (!state.exists) throw notFound('not_found.role');
        if ((await this.models.count('users', { tenantId: ctx.tenantId, role_id: r.id })) > 0)
          throw rejected('staff.role_in_use');
        const { position } = await this.aggregates.handle<RoleState, RoleRemoved>(
          roleStream(ctx, r.id),
          ctx,
          {
            initial: { exists: false },
            evolve: evolveRole,
            decide: (s) => (s.exists ? [{ type: 'RoleRemoved', data: { role_id: r.id } }] : []),
          },
        );
        return new Answer({ id: r.id }, position);
      }
    }
  }

  /** Login access: a user of the salon (username unique in it) with a role, linked to the employee. */
  private async grantLogin(
    ctx: CommandContext,
    employeeId: string,
    body: unknown,
    ownerUserId: string,
  ): Promise<Answer> {
    const input = parseInput(employeeLoginInput, body);
    const { state: employee } = await this.aggregates.load(
      ctx,
      employeeStream(ctx, employeeId),
      initialEmployeeState,
      evolveEmployee,
    );
    if (!employee.added) throw notFound('not_found.employee');
    if (employee.userId) throw conflict('staff.already_has_login');
    if (!(await this.role(ctx, input.role_id)).state.exists)
      throw rejected('staff.role_not_found', 'role_id');
    const userId = idFor(ctx, 'user');
    const username = input.username.toLowerCase();
    const [existing] = await this.models.find('users', {
      filter: { tenantId: ctx.tenantId, username_lc: username },
      limit: 1,
    });
    if (existing) throw conflict('staff.duplicate_username', 'username');
    await this.unique.claim(
      ctx,
      {
        kind: 'username',
        value: username,
        owner: userId,
        field: 'username',
        duplicateKey: 'staff.duplicate_username',
      },
      async (holder) => Boolean(await this.models.get('users', holder)),
    );
    const created: UserCreated = {
      type: 'UserCreated',
      data: {
        user_id: userId,
        account_id: Number(ctx.tenantId),
        username: input.username,
        email: input.email,
        name: employee.details.name_en,
        role_id: input.role_id,
        locale: 'ar',
        password_hash: await hashPassword(input.password),
        // the salon typed it: it counts for signing in by e-mail once she follows the link sent to it
        email_verified: false,
      },
    };
    const link = this.links.issue();
    const requested: UserEvent = {
      type: 'EmailVerificationRequested',
      data: {
        user_id: userId,
        email: input.email,
        token_hash: hashToken(link.token),
        expires_at: new Date(ctx.now.getTime() + VERIFY_TTL_MINUTES * 60_000).toISOString(),
        verified_email: null,
      },
    };
    await this.aggregates.create(userStream(ctx, userId), ctx, [created, requested]);
    const o = await this.runEmployee(ctx, employeeId, { type: 'GrantLogin', userId }, ownerUserId);
    const mail = verifyEmailMail('ar', employee.details.name_ar || employee.details.name_en);
    await queueMail(this.aggregates, ctx, this.mailSender, {
      to: input.email,
      locale: 'ar',
      subject: mail.subject,
      body: mail.body,
      link: { path: mail.path, nonce: link.nonce },
    });
    return new Answer(recordOf(o.state), o.position);
  }

  private runUser(ctx: CommandContext, userId: string, command: UserCommand) {
    return this.aggregates.handle<UserState, UserEvent>(userStream(ctx, userId), ctx, {
      initial: initialUserState,
      evolve: evolveUser,
      decide: (s) => decideUser(command, s),
    });
  }

  private async changeEmployeeRole(
    ctx: CommandContext,
    employeeId: string,
    roleId: string,
    ownerUserId: string,
  ): Promise<Answer> {
    const { state: employee } = await this.aggregates.load(
      ctx,
      employeeStream(ctx, employeeId),
      initialEmployeeState,
      evolveEmployee,
    );
    if (!employee.added) throw notFound('not_found.employee');
    if (!employee.userId) throw rejected('staff.no_login', 'role_id');
    if (employee.userId === ownerUserId) throw rejected('staff.owner_cannot_change', 'role_id');
    if (!(await this.role(ctx, roleId)).state.exists) throw rejected('staff.role_not_found', 'role_id');
    const o = await this.aggregates.handle<UserState, UserEvent>(userStream(ctx, employee.userId), ctx, {
      initial: initialUserState,
      evolve: evolveUser,
      decide: (s) => decideUser({ type: 'ChangeRole', roleId }, s),
    });
    return new Answer({ id: employeeId, user_id: employee.userId, role_id: roleId }, o.position);
  }
}

/**
 * A service's side of the skills: exactly `employeeIds` (employees of the salon) do `serviceId`, each
 * change recorded on the employee's own stream, in the running command's unit (the service's save).
 */
export const setServiceEmployees = async (
  aggregates: Aggregates,
  models: ReadModels,
  ctx: CommandContext,
  serviceId: string,
  employeeIds: readonly string[],
) => {
  const [employees, account, { state: menu }] = await Promise.all([
    models.find('employees', { filter: { tenantId: ctx.tenantId } }),
    models.get('accounts', ctx.tenantId),
    aggregates.load(
      ctx,
      streamName(MENU_CATEGORY, ctx.tenantId, ctx.tenantId),
      initialMenuState(),
      evolveMenu,
    ),
  ]);
  if (!employeeIds.every((id) => employees.some((e) => e.id === id)))
    throw rejected('catalog.employee_not_found', 'employee_ids');
  // every service of the menu but this one (what an employee with no skills recorded did besides it)
  const allServiceIds = [...menu.services.keys()];
  for (const e of employees)
    await aggregates.handle<EmployeeState, EmployeeEvent>(employeeStream(ctx, e.id), ctx, {
      initial: initialEmployeeState,
      evolve: evolveEmployee,
      decide: (s) =>
        decideEmployee(
          { type: 'SetServiceSkill', serviceId, does: employeeIds.includes(e.id), allServiceIds },
          s,
          { ownerUserId: (account?.owner_user_id as string) ?? '' },
        ),
    });
};
