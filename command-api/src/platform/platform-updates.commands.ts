import { Body, Controller, HttpCode, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  conflict,
  notFound,
  PLATFORM_TENANT,
  PLATFORM_UPDATES_SEEN_CATEGORY,
  platformUpdateInput,
  platformUpdateStream,
  streamName,
  type PlatformUpdate,
  type PlatformUpdateEvent,
  type PlatformUpdateInput,
  type PlatformUpdateSeen,
} from '@rawnaq/contracts';
import { Auth, parseInput, Realm, TOKENS, type AuthContext, type ReadModels } from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { commandContext } from '../shared/http-context';
import { Aggregates, idFor } from '../shared/repository';

export type UpdateState =
  { exists: false } | ({ exists: true; withdrawn: boolean } & Omit<PlatformUpdate, 'update_id'>);
export const initialUpdate: UpdateState = { exists: false };

export const evolveUpdate = (s: UpdateState, e: PlatformUpdateEvent): UpdateState => {
  if (e.type === 'PlatformUpdatePublished') {
    const { update_id: _id, published_at: _at, ...fields } = e.data;
    return { exists: true, withdrawn: false, ...fields };
  }
  if (!s.exists) return s;
  if (e.type === 'PlatformUpdateWithdrawn') return { ...s, withdrawn: true };
  const { update_id: _id, previous: _p, ...changed } = e.data;
  return { ...s, ...changed };
};

const FIELDS = [
  'english_title',
  'arabic_title',
  'english_description',
  'arabic_description',
  'shown_as_popup',
] as const;

export type UpdateCommand =
  | { type: 'Publish'; id: string; input: PlatformUpdateInput; at: string }
  | { type: 'Change'; id: string; input: PlatformUpdateInput }
  | { type: 'Withdraw'; id: string; at: string };

/** Published once; changed in what differs (nothing: nothing written); withdrawn once, then left as it is. */
export const decideUpdate = (c: UpdateCommand, s: UpdateState): PlatformUpdateEvent[] => {
  if (c.type === 'Publish')
    return s.exists
      ? []
      : [{ type: 'PlatformUpdatePublished', data: { update_id: c.id, ...c.input, published_at: c.at } }];
  if (!s.exists) throw notFound('not_found.record');
  if (s.withdrawn) throw conflict('platform.update_withdrawn');
  if (c.type === 'Withdraw')
    return [{ type: 'PlatformUpdateWithdrawn', data: { update_id: c.id, at: c.at } }];
  const changed: Record<string, unknown> = {};
  const previous: Record<string, unknown> = {};
  for (const f of FIELDS)
    if (s[f] !== c.input[f]) {
      changed[f] = c.input[f];
      previous[f] = s[f];
    }
  return Object.keys(changed).length
    ? [{ type: 'PlatformUpdateChanged', data: { update_id: c.id, ...changed, previous } }]
    : [];
};

export class ChangePlatformUpdate {
  constructor(
    readonly ctx: CommandContext,
    readonly id: string | undefined,
    readonly act: 'publish' | 'change' | 'withdraw',
    readonly body: unknown,
  ) {}
}

@CommandHandler(ChangePlatformUpdate)
export class ChangePlatformUpdateHandler implements ICommandHandler<ChangePlatformUpdate> {
  constructor(@Inject(Aggregates) private readonly aggregates: Aggregates) {}

  async execute({ ctx, id, act, body }: ChangePlatformUpdate): Promise<Answer> {
    if (id !== undefined && !/^[0-9a-f-]{36}$/.test(id)) throw notFound('not_found.record');
    const updateId = id ?? idFor(ctx, 'platform-update');
    const at = ctx.now.toISOString();
    const command: UpdateCommand =
      act === 'withdraw'
        ? { type: 'Withdraw', id: updateId, at }
        : act === 'change'
          ? { type: 'Change', id: updateId, input: parseInput(platformUpdateInput, body) }
          : { type: 'Publish', id: updateId, input: parseInput(platformUpdateInput, body), at };
    const outcome = await this.aggregates.handle<UpdateState, PlatformUpdateEvent>(
      platformUpdateStream(updateId),
      ctx,
      {
        initial: initialUpdate,
        evolve: evolveUpdate,
        decide: (s) => decideUpdate(command, s),
      },
    );
    const { exists: _e, ...update } = outcome.state as UpdateState & { exists: true };
    return new Answer({ id: updateId, ...update }, outcome.position, act === 'publish' ? 201 : 200);
  }
}

type Request = { headers: Record<string, string | string[] | undefined> };

/** `platform-setting/platform-updates`: what the platform tells every salon. */
@Controller('api/manager/platform-updates')
@Realm('manager')
export class PlatformUpdatesController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  private ctx(auth: AuthContext, req: Request) {
    return { ...commandContext(auth, req), tenantId: PLATFORM_TENANT };
  }

  @Post()
  publish(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new ChangePlatformUpdate(this.ctx(auth, req), undefined, 'publish', body));
  }

  @Put(':id')
  @HttpCode(200)
  change(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new ChangePlatformUpdate(this.ctx(auth, req), id, 'change', body));
  }

  @Post(':id/withdraw')
  @HttpCode(200)
  withdraw(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.commands.execute(new ChangePlatformUpdate(this.ctx(auth, req), id, 'withdraw', undefined));
  }
}

export class SeePlatformUpdate {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly id: string,
  ) {}
}

/** A user saw an update (its popup, or from the menu): recorded once, for her. */
@CommandHandler(SeePlatformUpdate)
export class SeePlatformUpdateHandler implements ICommandHandler<SeePlatformUpdate> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, auth, id }: SeePlatformUpdate): Promise<Answer> {
    const update = /^[0-9a-f-]{36}$/.test(id) ? await this.models.get('platform_updates', id) : undefined;
    if (!update || update.status !== 'published') throw notFound('not_found.record');
    const outcome = await this.aggregates.handle<ReadonlySet<string>, PlatformUpdateSeen>(
      streamName(PLATFORM_UPDATES_SEEN_CATEGORY, ctx.tenantId, auth.userId),
      ctx,
      {
        initial: new Set<string>(),
        evolve: (seen, e) => new Set([...seen, e.data.update_id]),
        decide: (seen) =>
          seen.has(id)
            ? []
            : [
                {
                  type: 'PlatformUpdateSeen',
                  data: { update_id: id, user_id: auth.userId, at: ctx.now.toISOString() },
                },
              ],
      },
    );
    return new Answer({ id, seen: true }, outcome.position);
  }
}

/** `POST platform-updates/{id}/seen` (merchant): the popup's "got it", or the update opened from the menu. */
@Controller('api/merchant/platform-updates')
@Realm('merchant')
export class PlatformUpdatesSeenController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post(':id/seen')
  @HttpCode(200)
  seen(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.commands.execute(new SeePlatformUpdate(commandContext(auth, req), auth, id));
  }
}
