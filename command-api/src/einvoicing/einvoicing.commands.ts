import { Body, Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  connectEInvoicingInput,
  notFound,
  Page,
  Permission,
  rejected,
  renewEInvoicingInput,
} from '@rawnaq/contracts';
import {
  Auth,
  parseInput,
  Realm,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type ReadModels,
  type SealedSecrets,
} from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { commandContext } from '../shared/http-context';
import { Aggregates } from '../shared/repository';
import { tenantInfo } from '../shared/tenant';
import { GATEWAY_TOKENS } from '../online/gateway-tokens';
import {
  EINVOICING_TOKENS,
  EInvoicingOnboarding,
  type ComplianceSamples,
  type FatooraFor,
} from './onboarding';

type Request = { headers: Record<string, string | string[] | undefined> };

export type EInvoicingRequest =
  | { action: 'connect'; body: unknown }
  | { action: 'clone'; deviceId: string; body: unknown }
  | { action: 'retry'; deviceId: string }
  | { action: 'renew'; deviceId: string; body: unknown }
  | { action: 'cancel'; deviceId: string };

export class ChangeEInvoicing {
  constructor(
    readonly ctx: CommandContext,
    readonly request: EInvoicingRequest,
  ) {}
}

const DEVICE_ID = /^[0-9a-f-]{36}$/;
const SAUDI_ARABIA = 1;

/** Onboarding, retrying, renewing and cancelling a salon's e-invoicing device (ZATCA phase 2). */
@CommandHandler(ChangeEInvoicing)
export class ChangeEInvoicingHandler implements ICommandHandler<ChangeEInvoicing> {
  private readonly onboarding: EInvoicingOnboarding;

  constructor(
    @Inject(Aggregates) aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(EINVOICING_TOKENS.fatoora) fatoora: FatooraFor,
    @Inject(EINVOICING_TOKENS.samples) samples: ComplianceSamples,
    @Inject(GATEWAY_TOKENS.secrets) secrets: SealedSecrets,
  ) {
    this.onboarding = new EInvoicingOnboarding(aggregates, fatoora, samples, secrets);
  }

  async execute({ ctx, request }: ChangeEInvoicing): Promise<Answer> {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    if (tenant.countryId !== SAUDI_ARABIA) throw rejected('einvoicing.saudi_only');
    if ('deviceId' in request && !DEVICE_ID.test(request.deviceId))
      throw notFound('not_found.einvoicing_device');
    switch (request.action) {
      case 'connect':
      case 'clone': {
        const input = parseInput(connectEInvoicingInput, request.body);
        if (request.action === 'clone') {
          const devices = await this.onboarding.load(ctx);
          if (!devices.devices[request.deviceId]) throw notFound('not_found.einvoicing_device');
        }
        const device = await this.onboarding.connect(
          ctx,
          input,
          request.action === 'clone' ? request.deviceId : undefined,
        );
        return new Answer(device, undefined, 201);
      }
      case 'retry':
        return new Answer(await this.onboarding.advance(ctx, request.deviceId));
      case 'renew': {
        const { otp } = parseInput(renewEInvoicingInput, request.body);
        return new Answer(await this.onboarding.renew(ctx, request.deviceId, otp));
      }
      case 'cancel':
        return new Answer(await this.onboarding.cancel(ctx, request.deviceId));
    }
  }
}

/** The salon's own e-invoicing settings: its owner connects its device with the OTP of its Fatoora portal. */
@Controller('api/merchant/einvoicing/devices')
@Realm('merchant')
@RequirePermission(Page.settings, Permission.manageSettings)
export class EInvoicingController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post()
  connect(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(
      new ChangeEInvoicing(commandContext(auth, req), { action: 'connect', body }),
    );
  }

  @Post(':id/retry')
  @HttpCode(200)
  retry(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.commands.execute(
      new ChangeEInvoicing(commandContext(auth, req), { action: 'retry', deviceId: id }),
    );
  }

  @Post(':id/cancel')
  @HttpCode(200)
  cancel(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.commands.execute(
      new ChangeEInvoicing(commandContext(auth, req), { action: 'cancel', deviceId: id }),
    );
  }

  @Post(':id/renew')
  @HttpCode(200)
  renew(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(
      new ChangeEInvoicing(commandContext(auth, req), { action: 'renew', deviceId: id, body }),
    );
  }
}

/**
 * The manager's `zatca-setting` screens: a salon's devices connected (`form`: the salon's account
 * number in the body; `form-clone/{id}`: `cloned_from` too), retried, renewed or cancelled for it.
 */
@Controller('api/manager')
@Realm('manager')
export class ZatcaSettingController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  private run(auth: AuthContext, req: Request, accountId: unknown, request: EInvoicingRequest) {
    const tenantId = String(accountId ?? '');
    if (!/^\d{1,9}$/.test(tenantId)) throw rejected('not_found.account', 'account_id');
    return this.commands.execute(new ChangeEInvoicing({ ...commandContext(auth, req), tenantId }, request));
  }

  @Post('zatca-setting')
  connect(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    const { account_id, cloned_from, ...rest } = (
      typeof body === 'object' && body !== null ? body : {}
    ) as Record<string, unknown>;
    if (cloned_from !== undefined && cloned_from !== null && cloned_from !== '')
      return this.run(auth, req, account_id, { action: 'clone', deviceId: String(cloned_from), body: rest });
    return this.run(auth, req, account_id, { action: 'connect', body: rest });
  }

  @Post('accounts/:accountId/zatca-setting/:id/retry')
  @HttpCode(200)
  retry(
    @Auth() auth: AuthContext,
    @Req() req: Request,
    @Param('accountId') accountId: string,
    @Param('id') id: string,
  ) {
    return this.run(auth, req, accountId, { action: 'retry', deviceId: id });
  }

  @Post('accounts/:accountId/zatca-setting/:id/renew')
  @HttpCode(200)
  renew(
    @Auth() auth: AuthContext,
    @Req() req: Request,
    @Param('accountId') accountId: string,
    @Param('id') id: string,
    @Body() body: unknown,
  ) {
    return this.run(auth, req, accountId, { action: 'renew', deviceId: id, body });
  }

  @Post('accounts/:accountId/zatca-setting/:id/cancel')
  @HttpCode(200)
  cancel(
    @Auth() auth: AuthContext,
    @Req() req: Request,
    @Param('accountId') accountId: string,
    @Param('id') id: string,
  ) {
    return this.run(auth, req, accountId, { action: 'cancel', deviceId: id });
  }
}
