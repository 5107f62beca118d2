import { Body, Controller, HttpCode, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  conflict,
  notFound,
  PLATFORM_TENANT,
  platformStaffChangeInput,
  platformStaffInput,
  streamName,
  type ManagerCreated,
  type PlatformStaffEvent,
} from '@rawnaq/contracts';
import { randomBytes } from 'node:crypto';
import {
  Auth,
  parseInput,
  Realm,
  TOKENS,
  type AuthContext,
  type LinkTokens,
  type MailSender,
  type ReadModels,
} from '@rawnaq/platform';
import { hashPassword } from '../identity/identity.commands';
import { queueMail, requestPasswordLink, staffWelcomeMail } from '../identity/mail';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { commandContext } from '../shared/http-context';
import { Aggregates, idFor } from '../shared/repository';
import { decideStaff, evolveStaff, initialStaff, type StaffCommand, type StaffState } from './platform-staff';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const managerStream = (id: string) => streamName('manager', PLATFORM_TENANT, id);

export class ChangePlatformStaff {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly id: string | undefined,
    readonly act: 'add' | 'change' | 'disable' | 'enable',
    readonly body: unknown,
  ) {}
}

const view = (id: string, s: StaffState, email?: string) =>
  s.exists
    ? {
        id,
        name: s.name,
        ...(email && { email }),
        areas: s.areas ?? null,
        status: s.active ? 1 : 0,
      }
    : { id };

/** `platform-setting/employees`: the platform's staff, each with the console areas her role opens. */
@CommandHandler(ChangePlatformStaff)
export class ChangePlatformStaffHandler implements ICommandHandler<ChangePlatformStaff> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.mailSender) private readonly mailSender: MailSender | null,
    @Inject(TOKENS.linkTokens) private readonly links: LinkTokens,
  ) {}

  async execute({ ctx, auth, id, act, body }: ChangePlatformStaff): Promise<Answer> {
    if (act === 'add') {
      const input = parseInput(platformStaffInput, body);
      const [taken] = await this.models.find('managers', {
        filter: { email_lc: input.email.toLowerCase() },
        limit: 1,
      });
      if (taken) throw conflict('platform_staff.email_in_use', 'email');
      const managerId = idFor(ctx, 'manager');
      const created: ManagerCreated = {
        type: 'ManagerCreated',
        data: {
          manager_id: managerId,
          email: input.email,
          name: input.name,
          // a password no one knows, the adder included: she chooses hers from the mailed link
          password_hash: await hashPassword(randomBytes(32).toString('base64url')),
          areas: [...new Set(input.areas)].sort(),
          locale: input.locale,
        },
      };
      const stream = managerStream(managerId);
      const { position } = await this.aggregates.transaction(ctx, async (ctx) => {
        await this.aggregates.create(stream, ctx, [created]);
        const link = await requestPasswordLink(this.aggregates, this.links, stream, ctx);
        const adder = await this.models.get('managers', auth.userId);
        const mail = staffWelcomeMail(input.locale, input.name, String(adder?.name ?? auth.name));
        return queueMail(this.aggregates, ctx, this.mailSender, {
          to: input.email,
          locale: input.locale,
          subject: mail.subject,
          body: mail.body,
          link: { path: mail.path, nonce: link.nonce },
        });
      });
      return new Answer(
        { id: managerId, name: input.name, email: input.email, areas: created.data.areas, status: 1 },
        position,
        201,
      );
    }
    if (!id || !UUID.test(id)) throw notFound('not_found.record');
    const byHerself = id === auth.userId;
    const command: StaffCommand =
      act === 'change'
        ? { type: 'Change', ...parseInput(platformStaffChangeInput, body), byHerself }
        : act === 'disable'
          ? { type: 'Disable', byHerself }
          : { type: 'Enable', byHerself };
    const outcome = await this.aggregates.handle<StaffState, PlatformStaffEvent>(managerStream(id), ctx, {
      initial: initialStaff,
      evolve: evolveStaff,
      decide: (s) => decideStaff(command, s, id),
    });
    return new Answer(view(id, outcome.state), outcome.position);
  }
}

type Request = { headers: Record<string, string | string[] | undefined> };
const platformCtx = (auth: AuthContext, req: Request) => ({
  ...commandContext(auth, req),
  tenantId: PLATFORM_TENANT,
});

@Controller('api/manager/platform-staff')
@Realm('manager')
export class PlatformStaffController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post()
  add(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(
      new ChangePlatformStaff(platformCtx(auth, req), auth, undefined, 'add', body),
    );
  }

  @Put(':id')
  @HttpCode(200)
  change(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new ChangePlatformStaff(platformCtx(auth, req), auth, id, 'change', body));
  }

  @Post(':id/disable')
  @HttpCode(200)
  disable(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.commands.execute(
      new ChangePlatformStaff(platformCtx(auth, req), auth, id, 'disable', undefined),
    );
  }

  @Post(':id/enable')
  @HttpCode(200)
  enable(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.commands.execute(
      new ChangePlatformStaff(platformCtx(auth, req), auth, id, 'enable', undefined),
    );
  }
}
