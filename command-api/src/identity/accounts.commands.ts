import { Body, Controller, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DEFAULT_VAT,
  notFound,
  paymentGatewayPackageStream,
  rejected,
  onlineServicesInput,
  openAccountInput,
  PLATFORM_TENANT,
  STANDARD_ROLE_NAMES,
  streamName,
  type StandardRole,
} from '@rawnaq/contracts';
import {
  decideAccountSettings,
  evolveAccountSettings,
  initialAccountSettings,
  type AccountSettings,
  type SettingsEvent,
} from '../settings/account-settings';
import {
  Auth,
  parseInput,
  Realm,
  TOKENS,
  type AuthContext,
  type EventStore,
  type ReadModels,
} from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import { evolvePackage, initialPackage } from '../platform/payment-gateway-packages.commands';
import type { CommandContext } from '../shared/command-context';
import { commandContext } from '../shared/http-context';
import { Aggregates, idFor } from '../shared/repository';
import { Sequences } from '../shared/sequences';
import { openAccount } from '../seed/demo-salon';

export class OpenAccount {
  constructor(
    readonly ctx: CommandContext,
    readonly body: unknown,
  ) {}
}

/** A manager opens a salon: the next account number, its roles, its owner (who signs in and runs the wizard). */
@CommandHandler(OpenAccount)
export class OpenAccountHandler implements ICommandHandler<OpenAccount> {
  constructor(
    @Inject(TOKENS.eventStore) private readonly store: EventStore,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(Sequences) private readonly sequences: Sequences,
  ) {}

  async execute({ ctx, body }: OpenAccount): Promise<Answer> {
    const i = parseInput(openAccountInput, body);
    const [last] = await this.models.find('accounts', { sort: [['account_id', 'desc']], limit: 1 });
    // platform-wide: the sequence lives in the platform's own tenant
    const accountId = await this.sequences.next(
      { ...ctx, tenantId: PLATFORM_TENANT },
      'account',
      (last?.account_id as number | undefined) ?? 0,
    );
    await openAccount(
      this.store,
      {
        accountId,
        nameEn: i.name_en,
        nameAr: i.name_ar,
        alias: i.alias,
        countryId: i.country_id,
        salonType: i.salon_type,
        vatPercentage: DEFAULT_VAT[i.country_id] ?? 0,
        maxEmployees: Number(i.max_employees),
        owner: {
          userId: idFor(ctx, 'owner', accountId),
          username: i.owner_username,
          email: i.owner_email,
          name: i.owner_name,
          password: i.owner_password,
          locale: 'ar',
        },
        roleIds: Object.fromEntries(
          STANDARD_ROLE_NAMES.map((name) => [name, idFor(ctx, `${name}-role`, accountId)]),
        ) as Record<StandardRole, string>,
        ownerEmployeeId: idFor(ctx, 'owner-employee', accountId),
      },
      ctx.now,
      ctx.actor,
      ctx,
    );
    return new Answer(
      {
        id: String(accountId),
        account_id: accountId,
        alias: i.alias,
        name_en: i.name_en,
        name_ar: i.name_ar,
      },
      undefined,
      201,
    );
  }
}

export class ChangeOnlineServices {
  constructor(
    readonly ctx: CommandContext,
    readonly tenantId: string,
    readonly body: unknown,
  ) {}
}

/** The manager turns a salon's indexing by search engines or its payment gateway package on or off. */
@CommandHandler(ChangeOnlineServices)
export class ChangeOnlineServicesHandler implements ICommandHandler<ChangeOnlineServices> {
  constructor(@Inject(Aggregates) private readonly aggregates: Aggregates) {}

  async execute({ ctx, tenantId, body }: ChangeOnlineServices): Promise<Answer> {
    const values = parseInput(onlineServicesInput, body);
    if (!/^\d{1,9}$/.test(tenantId)) throw notFound('not_found.account');
    // a package chosen is one the platform offers now (a withdrawn one stays only for who has it)
    if (typeof values.payment_gateway_package_id === 'string') {
      const pkg = /^[0-9a-f-]{36}$/.test(values.payment_gateway_package_id)
        ? (
            await this.aggregates.load(
              ctx,
              paymentGatewayPackageStream(values.payment_gateway_package_id),
              initialPackage,
              evolvePackage,
            )
          ).state
        : initialPackage;
      if (!pkg.exists) throw rejected('not_found.record', 'payment_gateway_package_id');
      const { state: current } = await this.aggregates.load(
        ctx,
        streamName('account', tenantId, tenantId),
        initialAccountSettings,
        evolveAccountSettings,
      );
      const had = current.exists ? current.services.payment_gateway_package_id : undefined;
      if (pkg.status !== 1 && had !== values.payment_gateway_package_id)
        throw rejected('settings.package_withdrawn', 'payment_gateway_package_id');
    }
    const outcome = await this.aggregates.handle<AccountSettings, SettingsEvent>(
      streamName('account', tenantId, tenantId),
      { ...ctx, tenantId },
      {
        initial: initialAccountSettings,
        evolve: evolveAccountSettings,
        decide: (state) => decideAccountSettings({ type: 'ChangeOnlineServices', values }, state),
      },
    );
    const services = outcome.state.exists ? outcome.state.services : {};
    return new Answer(
      {
        id: tenantId,
        google_index: services.google_index === true,
        payment_gateway_package: (services.payment_gateway_package as number | undefined) ?? 0,
        payment_gateway_package_id: (services.payment_gateway_package_id as string | undefined) ?? null,
      },
      outcome.position,
    );
  }
}

@Controller('api/manager/accounts')
@Realm('manager')
export class AccountsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post()
  open(
    @Auth() auth: AuthContext,
    @Req() req: { headers: Record<string, string | string[] | undefined> },
    @Body() body: unknown,
  ) {
    return this.commands.execute(new OpenAccount(commandContext(auth, req), body));
  }

  @Put(':id/online-services')
  onlineServices(
    @Auth() auth: AuthContext,
    @Req() req: { headers: Record<string, string | string[] | undefined> },
    @Param('id') id: string,
    @Body() body: unknown,
  ) {
    return this.commands.execute(new ChangeOnlineServices(commandContext(auth, req), id, body));
  }
}
