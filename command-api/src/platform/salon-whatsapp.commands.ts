import { Body, Controller, HttpCode, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  isUuid,
  notFound,
  salonWhatsAppConnectionInput,
  salonWhatsAppPackageInput,
  salonWhatsAppStream,
  whatsappPackageStream,
  type SalonWhatsAppEvent,
  type WhatsAppPackageEvent,
} from '@rawnaq/contracts';
import {
  Auth,
  parseInput,
  Realm,
  TOKENS,
  type AuthContext,
  type ReadModels,
  type SealedSecrets,
} from '@rawnaq/platform';
import { MESSAGING_TOKENS, type MessagingChannels } from '../engagement/channels';
import { SalonConnections } from '../engagement/salon-connections';
import { GATEWAY_TOKENS } from '../online/gateway-tokens';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { commandContext } from '../shared/http-context';
import { Aggregates } from '../shared/repository';
import {
  decideSalonWhatsApp,
  evolveSalonWhatsApp,
  initialSalonWhatsApp,
  type SalonWhatsApp,
  type SalonWhatsAppCommand,
} from './salon-whatsapp';
import {
  evolveWhatsAppPackage,
  initialWhatsAppPackage,
  type WhatsAppPackageState,
} from './whatsapp-packages.commands';

export class ChangeSalonWhatsApp {
  constructor(
    readonly ctx: CommandContext,
    readonly tenantId: string,
    readonly act: 'package' | 'connection' | 'test',
    readonly body: unknown,
  ) {}
}

/** What the manager's screens may see of a salon's WhatsApp: never the token, only its last 4 characters. */
export const salonWhatsAppView = (tenantId: string, s: SalonWhatsApp) => {
  const { access_token_sealed: _t, ...connection } = s.connection ?? { provider: undefined };
  return {
    id: tenantId,
    ...(s.package ?? {}),
    ...(s.connection && { ...connection, token_set: s.connection.access_token_sealed !== undefined }),
    connection_state: s.state,
    ...(s.tested && { tested_at: s.tested.at, test_ok: s.tested.ok, test_detail: s.tested.detail ?? null }),
  };
};

/**
 * The manager puts a salon on a WhatsApp package, records its connection (the token sealed as soon
 * as it arrives), and tests it with the provider.
 */
@CommandHandler(ChangeSalonWhatsApp)
export class ChangeSalonWhatsAppHandler implements ICommandHandler<ChangeSalonWhatsApp> {
  private readonly connections: SalonConnections;

  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(GATEWAY_TOKENS.secrets) private readonly secrets: SealedSecrets,
    @Inject(MESSAGING_TOKENS.channels) private readonly channels: MessagingChannels,
  ) {
    this.connections = new SalonConnections(aggregates, secrets);
  }

  private async command(c: ChangeSalonWhatsApp): Promise<SalonWhatsAppCommand> {
    if (c.act === 'package') {
      const input = parseInput(salonWhatsAppPackageInput, c.body);
      const { state } = isUuid(input.package_id)
        ? await this.aggregates.load<WhatsAppPackageState, WhatsAppPackageEvent>(
            c.ctx,
            whatsappPackageStream(input.package_id),
            initialWhatsAppPackage,
            evolveWhatsAppPackage,
          )
        : { state: initialWhatsAppPackage };
      return {
        type: 'AssignPackage',
        input,
        offered: state.exists ? { exists: true, status: state.status } : { exists: false },
      };
    }
    if (c.act === 'connection') {
      const input = parseInput(salonWhatsAppConnectionInput, c.body);
      const token = input.provider !== 'simulator' ? input.access_token?.trim() : undefined;
      return {
        type: 'RecordConnection',
        input,
        ...(token && { sealedToken: { sealed: this.secrets.seal(token), last4: token.slice(-4) } }),
      };
    }
    const setup = await this.connections.of(c.tenantId);
    if (!setup.recorded)
      return { type: 'RecordTest', result: { ok: false, detail: '' }, at: c.ctx.now.toISOString() };
    const { provider, connection } = this.channels.channelFor(c.tenantId, setup.recorded);
    return { type: 'RecordTest', result: await provider.check(connection), at: c.ctx.now.toISOString() };
  }

  async execute(c: ChangeSalonWhatsApp): Promise<Answer> {
    if (!/^\d{1,9}$/.test(c.tenantId) || !(await this.models.get('accounts', c.tenantId)))
      throw notFound('not_found.account');
    const command = await this.command(c);
    const outcome = await this.aggregates.handle<SalonWhatsApp, SalonWhatsAppEvent>(
      salonWhatsAppStream(c.tenantId),
      { ...c.ctx, tenantId: c.tenantId },
      {
        initial: initialSalonWhatsApp,
        evolve: evolveSalonWhatsApp,
        decide: (s) => decideSalonWhatsApp(command, s),
      },
    );
    return new Answer(salonWhatsAppView(c.tenantId, outcome.state), outcome.position);
  }
}

type Request = { headers: Record<string, string | string[] | undefined> };

/**
 * `addon-services/merchant-with-wa-package` (a salon's package) and `merchant-whatsapp-meta` (its
 * connection and its test), by the platform's manager only.
 */
@Controller('api/manager/whatsapp-accounts')
@Realm('manager')
export class SalonWhatsAppController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Put(':id/package')
  @HttpCode(200)
  package(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new ChangeSalonWhatsApp(commandContext(auth, req), id, 'package', body));
  }

  @Put(':id/connection')
  @HttpCode(200)
  connection(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new ChangeSalonWhatsApp(commandContext(auth, req), id, 'connection', body));
  }

  @Post(':id/test')
  @HttpCode(200)
  test(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.commands.execute(new ChangeSalonWhatsApp(commandContext(auth, req), id, 'test', {}));
  }
}
