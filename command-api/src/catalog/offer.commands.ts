import { Body, Controller, HttpCode, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  isUuid,
  MENU_CATEGORY,
  notFound,
  offerInput,
  packageInput,
  Page,
  Permission,
  rejected,
  renewOfferInput,
  streamName,
  toMinor,
  type OfferDetails,
  type OfferEvent,
  type PackageDetails,
  type PackageEvent,
} from '@rawnaq/contracts';
import {
  Auth,
  parseInput,
  Realm,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type ReadModels,
} from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { commandContext } from '../shared/http-context';
import { Aggregates, idFor } from '../shared/repository';
import { tenantInfo } from '../shared/tenant';
import { evolveMenu, initialMenuState } from './menu';
import {
  decideOffer,
  decidePackage,
  evolveOffer,
  evolvePackage,
  type BundleState,
  type Lifecycle,
} from './offer';

export type BundleRequest =
  | { what: 'offer' | 'package'; kind: 'create'; body: unknown }
  | { what: 'offer' | 'package'; kind: 'change'; id: string; body: unknown }
  | { what: 'offer'; kind: 'renew'; id: string; body: unknown }
  | { what: 'offer' | 'package'; kind: Lifecycle; id: string };

export class ChangeBundles {
  constructor(
    readonly ctx: CommandContext,
    readonly request: BundleRequest,
  ) {}
}

@CommandHandler(ChangeBundles)
export class ChangeBundlesHandler implements ICommandHandler<ChangeBundles> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  /** The menu's active services and their prices, to check and total an offer's or a package's services. */
  private async prices(ctx: CommandContext, ids: string[], field: string): Promise<Map<string, number>> {
    const { state } = await this.aggregates.load(
      ctx,
      streamName(MENU_CATEGORY, ctx.tenantId, ctx.tenantId),
      initialMenuState(),
      evolveMenu,
    );
    const prices = new Map<string, number>();
    for (const id of ids) {
      const s = state.services.get(id);
      if (!s || !s.active) throw rejected('catalog.service_not_available', field);
      prices.set(id, s.price);
    }
    return prices;
  }

  private async offerDetails(
    ctx: CommandContext,
    body: unknown,
  ): Promise<{ details: OfferDetails; today: string }> {
    const { countryId, today } = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const i = parseInput(offerInput({ countryId }), body);
    const ids = [...new Set(i.service_ids)];
    const prices = await this.prices(ctx, ids, 'service_ids');
    const details: OfferDetails = JSON.parse(
      JSON.stringify({
        name_en: i.name_en,
        name_ar: i.name_ar,
        type: i.type,
        use_type: i.use_type,
        service_ids: ids,
        // a fixed-services offer gives them all
        max_services_to_use:
          i.use_type === 1
            ? ids.length
            : i.max_services_to_use !== undefined
              ? Number(i.max_services_to_use)
              : undefined,
        price: toMinor(i.price, countryId),
        items_total: ids.reduce((sum, id) => sum + prices.get(id)!, 0),
        expiry_date: i.expiry_date,
        description_en: i.description_en,
        description_ar: i.description_ar,
      }),
    );
    return { details, today };
  }

  private async packageDetails(ctx: CommandContext, body: unknown): Promise<PackageDetails> {
    const { countryId } = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const i = parseInput(packageInput({ countryId }), body);
    const prices = await this.prices(
      ctx,
      i.items.map((x) => x.service_id),
      'items',
    );
    const items = i.items.map((x) => ({ service_id: x.service_id, sessions: Number(x.sessions) }));
    return JSON.parse(
      JSON.stringify({
        name_en: i.name_en,
        name_ar: i.name_ar,
        items,
        price: toMinor(i.price, countryId),
        items_total: items.reduce((sum, x) => sum + prices.get(x.service_id)! * x.sessions, 0),
        validity_days: Number(i.validity_days),
        description_en: i.description_en,
        description_ar: i.description_ar,
      }),
    );
  }

  async execute({ ctx, request: r }: ChangeBundles): Promise<Answer> {
    if (r.kind !== 'create' && !isUuid(r.id)) throw notFound(`not_found.${r.what}`);
    if (r.what === 'offer') {
      const id = r.kind === 'create' ? idFor(ctx, 'offer') : r.id;
      let command: Parameters<typeof decideOffer>[0];
      if (r.kind === 'create' || r.kind === 'change') {
        const { details, today } = await this.offerDetails(ctx, r.body);
        command =
          r.kind === 'create'
            ? { type: 'CreateOffer', offerId: id, details, today }
            : { type: 'ChangeOffer', details, today };
      } else if (r.kind === 'renew') {
        const { today } = await tenantInfo(this.models, ctx.tenantId, ctx.now);
        command = { type: 'RenewOffer', expiryDate: parseInput(renewOfferInput, r.body).expiry_date, today };
      } else command = { type: 'OfferLifecycle', step: r.kind };
      const o = await this.aggregates.handle<BundleState<OfferDetails>, OfferEvent>(
        streamName('offer', ctx.tenantId, id),
        ctx,
        {
          initial: { exists: false },
          evolve: evolveOffer,
          decide: (s) => decideOffer(command, s),
        },
      );
      return new Answer(
        o.state.exists ? { id, ...o.state.details, status: o.state.status } : null,
        o.position,
        r.kind === 'create' ? 201 : 200,
      );
    }
    const id = r.kind === 'create' ? idFor(ctx, 'package') : r.id;
    const command: Parameters<typeof decidePackage>[0] =
      r.kind === 'create'
        ? { type: 'CreatePackage', packageId: id, details: await this.packageDetails(ctx, r.body) }
        : r.kind === 'change'
          ? { type: 'ChangePackage', details: await this.packageDetails(ctx, r.body) }
          : { type: 'PackageLifecycle', step: r.kind as Lifecycle };
    const o = await this.aggregates.handle<BundleState<PackageDetails>, PackageEvent>(
      streamName('package', ctx.tenantId, id),
      ctx,
      {
        initial: { exists: false },
        evolve: evolvePackage,
        decide: (s) => decidePackage(command, s),
      },
    );
    return new Answer(
      o.state.exists ? { id, ...o.state.details, status: o.state.status } : null,
      o.position,
      r.kind === 'create' ? 201 : 200,
    );
  }
}

type Request = { headers: Record<string, string | string[] | undefined> };
/** The steps `POST offers|packages/:id/:step` takes. */
export const LIFECYCLE: readonly Lifecycle[] = ['pause', 'resume', 'disable', 'remove'];

/** Offers and packages of the menu (page 8, change 51). */
@Controller('api/merchant')
@Realm('merchant')
@RequirePermission(Page.menu, Permission.manageMenu)
export class BundlesController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  private run(a: AuthContext, req: Request, r: BundleRequest) {
    return this.commands.execute(new ChangeBundles(commandContext(a, req), r));
  }

  @Post('offers')
  createOffer(@Auth() a: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.run(a, req, { what: 'offer', kind: 'create', body });
  }

  @Put('offers/:id')
  changeOffer(@Auth() a: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.run(a, req, { what: 'offer', kind: 'change', id, body });
  }

  @Post('offers/:id/renew')
  @HttpCode(200)
  renew(@Auth() a: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.run(a, req, { what: 'offer', kind: 'renew', id, body });
  }

  @Post('offers/:id/:step')
  @HttpCode(200)
  offerStep(
    @Auth() a: AuthContext,
    @Req() req: Request,
    @Param('id') id: string,
    @Param('step') step: string,
  ) {
    if (!LIFECYCLE.includes(step as Lifecycle)) throw notFound('not_found.page');
    return this.run(a, req, { what: 'offer', kind: step as Lifecycle, id });
  }

  @Post('packages')
  createPackage(@Auth() a: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.run(a, req, { what: 'package', kind: 'create', body });
  }

  @Put('packages/:id')
  changePackage(@Auth() a: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.run(a, req, { what: 'package', kind: 'change', id, body });
  }

  @Post('packages/:id/:step')
  @HttpCode(200)
  packageStep(
    @Auth() a: AuthContext,
    @Req() req: Request,
    @Param('id') id: string,
    @Param('step') step: string,
  ) {
    if (!LIFECYCLE.includes(step as Lifecycle)) throw notFound('not_found.page');
    return this.run(a, req, { what: 'package', kind: step as Lifecycle, id });
  }
}
