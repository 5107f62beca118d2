import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  countryOf,
  DomainError,
  isCountryId,
  MENU_CATEGORY,
  Page,
  Permission,
  platformListDocId,
  streamName,
  suggestedServicesPickInput,
  type Currency,
  type MenuEvent,
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
import { decideMenu, evolveMenu, initialMenuState, type MenuCommand, type MenuState } from './menu';

/** A suggested service with its suggested group, as the platform keeps them. */
export type Suggestion = {
  id: string;
  name_en: string;
  name_ar: string;
  duration_minutes: number;
  prices: Partial<Record<Currency, number>>;
  group: { id: string; name_en: string; name_ar: string };
};

const lower = (s: string) => s.trim().toLocaleLowerCase();

/**
 * The menu commands that add the picked suggestions: each group once (the salon's own group of the
 * same name when she has one), each service in it at the price of the salon's currency (none: 0, for
 * her to set). A service already on her menu by name is left as it is: picking it again adds nothing.
 */
export const suggestionCommands = (
  state: MenuState,
  picked: Suggestion[],
  currency: Currency,
  newId: (kind: string, key: string) => string,
): MenuCommand[] => {
  const commands: MenuCommand[] = [];
  const groupIds = new Map<string, string>();
  for (const [id, g] of state.groups) groupIds.set(lower(g.name_en), id).set(lower(g.name_ar), id);
  const serviceNames = new Set(
    [...state.services.values()].flatMap((s) => [lower(s.name_en), lower(s.name_ar)]),
  );
  for (const s of picked) {
    if (serviceNames.has(lower(s.name_en)) || serviceNames.has(lower(s.name_ar))) continue;
    let groupId = groupIds.get(lower(s.group.name_en)) ?? groupIds.get(lower(s.group.name_ar));
    if (!groupId) {
      groupId = newId('service-group', s.group.id);
      commands.push({ type: 'AddServiceGroup', groupId, name_en: s.group.name_en, name_ar: s.group.name_ar });
      groupIds.set(lower(s.group.name_en), groupId).set(lower(s.group.name_ar), groupId);
    }
    commands.push({
      type: 'AddService',
      serviceId: newId('service', s.id),
      details: {
        name_en: s.name_en,
        name_ar: s.name_ar,
        group_id: groupId,
        price: s.prices[currency] ?? 0,
        job_time: s.duration_minutes,
        show_to_customer: true,
        home_service: false,
      },
    });
    serviceNames.add(lower(s.name_en)).add(lower(s.name_ar));
  }
  return commands;
};

/** Every command decided on the menu as it stands after the ones before: one append, all or nothing. */
export const decideAll = (commands: MenuCommand[], state: MenuState): MenuEvent[] => {
  const events: MenuEvent[] = [];
  let s = state;
  for (const c of commands) {
    const more = decideMenu(c, s);
    s = more.reduce(evolveMenu, s);
    events.push(...more);
  }
  return events;
};

export class AddSuggestedServices {
  constructor(
    readonly ctx: CommandContext,
    readonly body: unknown,
  ) {}
}

@CommandHandler(AddSuggestedServices)
export class AddSuggestedServicesHandler implements ICommandHandler<AddSuggestedServices> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, body }: AddSuggestedServices): Promise<Answer> {
    const { service_ids } = parseInput(suggestedServicesPickInput, body);
    const picked: Suggestion[] = [];
    for (const id of new Set(service_ids)) {
      const s = await this.models.get('platform_lists', platformListDocId('suggested-services', id));
      const g =
        s &&
        (await this.models.get(
          'platform_lists',
          platformListDocId('suggested-groups', s.group_id as string),
        ));
      // one the platform no longer offers: nothing is added (the wizard's list was out of date)
      if (!s || !g || s.status !== 'enabled' || g.status !== 'enabled')
        throw new DomainError('platform_lists.unknown_suggestion', 422, {
          service_ids: 'platform_lists.unknown_suggestion',
        });
      picked.push({
        id,
        name_en: s.name_en as string,
        name_ar: s.name_ar as string,
        duration_minutes: s.duration_minutes as number,
        prices: (s.prices as Suggestion['prices']) ?? {},
        group: { id: g.entry_id as string, name_en: g.name_en as string, name_ar: g.name_ar as string },
      });
    }
    const { countryId } = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const currency = isCountryId(countryId) ? countryOf(countryId).currency : 'SAR';
    let added = 0;
    const outcome = await this.aggregates.handle<MenuState, MenuEvent>(
      streamName(MENU_CATEGORY, ctx.tenantId, ctx.tenantId),
      ctx,
      {
        initial: initialMenuState(),
        evolve: evolveMenu,
        decide: (state) => {
          const events = decideAll(
            suggestionCommands(state, picked, currency, (kind, key) => idFor(ctx, kind, key)),
            state,
          );
          added = events.filter((e) => e.type === 'ServiceAdded').length;
          return events;
        },
      },
    );
    return new Answer({ ok: true, added }, outcome.position, 200);
  }
}

type Request = { headers: Record<string, string | string[] | undefined> };

/** The setup wizard's "add the suggested services": the picked ones join the salon's menu in one command. */
@Controller('api/merchant')
@Realm('merchant')
@RequirePermission(Page.menu, Permission.manageMenu)
export class SuggestedServicesController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('services/from-suggestions')
  @HttpCode(200)
  add(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new AddSuggestedServices(commandContext(auth, req), body));
  }
}
