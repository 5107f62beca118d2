import { Body, Controller, HttpCode, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  notFound,
  PLATFORM_TENANT,
  paymentGatewayPackageInput,
  paymentGatewayPackageStream,
  type PaymentGatewayPackage,
  type PaymentGatewayPackageEvent,
  type PaymentGatewayPackageInput,
} from '@rawnaq/contracts';
import { Auth, parseInput, Realm, type AuthContext } from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { commandContext } from '../shared/http-context';
import { changedFields } from '../shared/changes';
import { Aggregates, idFor } from '../shared/repository';

export type PackageState = { exists: false } | ({ exists: true } & PaymentGatewayPackage);
export const initialPackage: PackageState = { exists: false };

export const evolvePackage = (state: PackageState, event: PaymentGatewayPackageEvent): PackageState => {
  if (event.type === 'PaymentGatewayPackageDefined') return { exists: true, ...event.data };
  if (!state.exists) return state;
  const { previous: _p, package_id: _id, ...changed } = event.data;
  return { ...state, ...changed };
};

const FIELDS = ['name_en', 'name_ar', 'monthly_fee_fils', 'transaction_fee_fils', 'status'] as const;

/** Defining a package, or changing what differs of it (nothing changed: nothing written). */
export const decidePackage = (
  command: { type: 'Define' | 'Change'; id: string; input: PaymentGatewayPackageInput },
  state: PackageState,
): PaymentGatewayPackageEvent[] => {
  if (command.type === 'Define')
    return state.exists
      ? []
      : [{ type: 'PaymentGatewayPackageDefined', data: { package_id: command.id, ...command.input } }];
  if (!state.exists) throw notFound('not_found.record');
  const diff = changedFields(FIELDS, state, command.input);
  return diff
    ? [
        {
          type: 'PaymentGatewayPackageChanged',
          data: { package_id: command.id, ...diff.changed, previous: diff.previous },
        },
      ]
    : [];
};

export class ChangePaymentGatewayPackage {
  constructor(
    readonly ctx: CommandContext,
    readonly id: string | undefined,
    readonly body: unknown,
  ) {}
}

@CommandHandler(ChangePaymentGatewayPackage)
export class ChangePaymentGatewayPackageHandler implements ICommandHandler<ChangePaymentGatewayPackage> {
  constructor(@Inject(Aggregates) private readonly aggregates: Aggregates) {}

  async execute({ ctx, id, body }: ChangePaymentGatewayPackage): Promise<Answer> {
    if (id !== undefined && !/^[0-9a-f-]{36}$/.test(id)) throw notFound('not_found.record');
    const input = parseInput(paymentGatewayPackageInput, body);
    const packageId = id ?? idFor(ctx, 'payment-gateway-package');
    const outcome = await this.aggregates.handle<PackageState, PaymentGatewayPackageEvent>(
      paymentGatewayPackageStream(packageId),
      ctx,
      {
        initial: initialPackage,
        evolve: evolvePackage,
        decide: (s) => decidePackage({ type: id ? 'Change' : 'Define', id: packageId, input }, s),
      },
    );
    const { exists: _e, ...pkg } = outcome.state as PackageState & { exists: true };
    return new Answer({ id: packageId, ...pkg }, outcome.position, id ? 200 : 201);
  }
}

type Request = { headers: Record<string, string | string[] | undefined> };

/** `platform-setting/payment-gateway-packages`: the packages the manager offers salons. */
@Controller('api/manager/payment-gateway-packages')
@Realm('manager')
export class PaymentGatewayPackagesController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post()
  define(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(
      new ChangePaymentGatewayPackage(
        { ...commandContext(auth, req), tenantId: PLATFORM_TENANT },
        undefined,
        body,
      ),
    );
  }

  @Put(':id')
  @HttpCode(200)
  change(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(
      new ChangePaymentGatewayPackage({ ...commandContext(auth, req), tenantId: PLATFORM_TENANT }, id, body),
    );
  }
}
