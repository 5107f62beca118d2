import { Body, Controller, HttpCode, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  isUuid,
  notFound,
  PLATFORM_TENANT,
  whatsappPackageInput,
  whatsappPackageStream,
  type WhatsAppPackage,
  type WhatsAppPackageEvent,
  type WhatsAppPackageInput,
} from '@rawnaq/contracts';
import { Auth, parseInput, Realm, type AuthContext } from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { commandContext } from '../shared/http-context';
import { changedFields } from '../shared/changes';
import { Aggregates, idFor } from '../shared/repository';

export type WhatsAppPackageState = { exists: false } | ({ exists: true } & WhatsAppPackage);
export const initialWhatsAppPackage: WhatsAppPackageState = { exists: false };

export const evolveWhatsAppPackage = (
  state: WhatsAppPackageState,
  event: WhatsAppPackageEvent,
): WhatsAppPackageState => {
  if (event.type === 'WhatsAppPackageDefined') return { exists: true, ...event.data };
  if (!state.exists) return state;
  const { previous: _p, package_id: _id, ...changed } = event.data;
  return { ...state, ...changed };
};

const FIELDS = ['name_en', 'name_ar', 'messages_per_month', 'currency', 'monthly_price', 'status'] as const;

/**
 * A package is defined once; a change records only what differs, with the old values (the audit log
 * shows both, and who did it when, from the event's envelope); nothing changed, nothing written.
 */
export const decideWhatsAppPackage = (
  command: { type: 'Define' | 'Change'; id: string; input: WhatsAppPackageInput },
  state: WhatsAppPackageState,
): WhatsAppPackageEvent[] => {
  if (command.type === 'Define')
    return state.exists
      ? []
      : [{ type: 'WhatsAppPackageDefined', data: { package_id: command.id, ...command.input } }];
  if (!state.exists) throw notFound('not_found.record');
  const diff = changedFields(FIELDS, state, command.input);
  return diff
    ? [
        {
          type: 'WhatsAppPackageChanged',
          data: { package_id: command.id, ...diff.changed, previous: diff.previous },
        },
      ]
    : [];
};

export class ChangeWhatsAppPackage {
  constructor(
    readonly ctx: CommandContext,
    readonly id: string | undefined,
    readonly body: unknown,
  ) {}
}

@CommandHandler(ChangeWhatsAppPackage)
export class ChangeWhatsAppPackageHandler implements ICommandHandler<ChangeWhatsAppPackage> {
  constructor(@Inject(Aggregates) private readonly aggregates: Aggregates) {}

  async execute({ ctx, id, body }: ChangeWhatsAppPackage): Promise<Answer> {
    if (id !== undefined && !isUuid(id)) throw notFound('not_found.record');
    const input = parseInput(whatsappPackageInput, body);
    const packageId = id ?? idFor(ctx, 'whatsapp-package');
    const outcome = await this.aggregates.handle<WhatsAppPackageState, WhatsAppPackageEvent>(
      whatsappPackageStream(packageId),
      ctx,
      {
        initial: initialWhatsAppPackage,
        evolve: evolveWhatsAppPackage,
        decide: (s) => decideWhatsAppPackage({ type: id ? 'Change' : 'Define', id: packageId, input }, s),
      },
    );
    const { exists: _e, ...pkg } = outcome.state as WhatsAppPackageState & { exists: true };
    return new Answer({ id: packageId, ...pkg }, outcome.position, id ? 200 : 201);
  }
}

type Request = { headers: Record<string, string | string[] | undefined> };

/** `platform-setting/whatsapp-packages`: the WhatsApp packages the manager offers salons. */
@Controller('api/manager/whatsapp-packages')
@Realm('manager')
export class WhatsAppPackagesController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  private ctx(auth: AuthContext, req: Request) {
    return { ...commandContext(auth, req), tenantId: PLATFORM_TENANT };
  }

  @Post()
  define(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new ChangeWhatsAppPackage(this.ctx(auth, req), undefined, body));
  }

  @Put(':id')
  @HttpCode(200)
  change(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new ChangeWhatsAppPackage(this.ctx(auth, req), id, body));
  }
}
