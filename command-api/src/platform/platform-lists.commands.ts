import { Body, Controller, HttpCode, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  COUNTRIES,
  DomainError,
  isPlatformList,
  isPlatformRecord,
  notFound,
  PLATFORM_LIST_INPUTS,
  PLATFORM_RECORD_DEFAULTS,
  PLATFORM_RECORD_INPUTS,
  PLATFORM_TENANT,
  platformListDocId,
  platformListStream,
  platformRecordStream,
  platformRecordView,
  type PlatformListEvent,
  type PlatformRecord,
  type PlatformRecordChanged,
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
import { GATEWAY_TOKENS } from '../online/gateway-tokens';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { commandContext } from '../shared/http-context';
import { Aggregates, idFor } from '../shared/repository';
import {
  decideListEntry,
  decideRecord,
  evolveListEntry,
  evolveRecord,
  initialListEntry,
  type ListEntryCommand,
  type ListEntryState,
  type RecordState,
} from './platform-lists';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class ChangePlatformList {
  constructor(
    readonly ctx: CommandContext,
    readonly list: string,
    readonly id: string | undefined,
    readonly act: 'add' | 'change' | 'disable' | 'enable',
    readonly body: unknown,
  ) {}
}

/** An entry of one of the manager's lists: added, changed, disabled or enabled again. */
@CommandHandler(ChangePlatformList)
export class ChangePlatformListHandler implements ICommandHandler<ChangePlatformList> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, list, id, act, body }: ChangePlatformList): Promise<Answer> {
    if (!isPlatformList(list)) throw notFound('not_found.page');
    const validId =
      id === undefined ||
      (list === 'countries' ? Object.prototype.hasOwnProperty.call(COUNTRIES, id) : UUID.test(id));
    if (!validId) throw notFound('not_found.record');
    const entryId = id ?? idFor(ctx, 'platform-list', list);
    let command: ListEntryCommand;
    if (act === 'disable' || act === 'enable')
      command = { type: act === 'disable' ? 'Disable' : 'Enable', list, id: entryId };
    else {
      const fields = parseInput(PLATFORM_LIST_INPUTS[list], body);
      if (list === 'suggested-services') await this.groupExists(fields.group_id as string);
      command = { type: act === 'add' ? 'Add' : 'Change', list, id: entryId, fields };
    }
    const outcome = await this.aggregates.handle<ListEntryState, PlatformListEvent>(
      platformListStream(list, entryId),
      ctx,
      { initial: initialListEntry, evolve: evolveListEntry, decide: (s) => decideListEntry(command, s) },
    );
    const s = outcome.state as ListEntryState & { exists: true };
    return new Answer(
      { id: entryId, list, ...s.fields, status: s.disabled ? 'disabled' : 'enabled' },
      outcome.position,
      act === 'add' ? 201 : 200,
    );
  }

  /** A suggested service belongs to a suggested group the platform keeps (and offers). */
  private async groupExists(groupId: string) {
    const group = await this.models.get('platform_lists', platformListDocId('suggested-groups', groupId));
    if (!group || group.status !== 'enabled')
      throw new DomainError('platform_lists.unknown_group', 422, {
        group_id: 'platform_lists.unknown_group',
      });
  }
}

type Request = { headers: Record<string, string | string[] | undefined> };
const platformCtx = (auth: AuthContext, req: Request) => ({
  ...commandContext(auth, req),
  tenantId: PLATFORM_TENANT,
});

/**
 * `platform-setting/countries-list`, `cities-list`, `payments-methods`, `suggested-groups`,
 * `suggested-services`, `suggested-products`: one route per list (`:list`, see PLATFORM_LISTS).
 */
@Controller('api/manager/platform-lists')
@Realm('manager')
export class PlatformListsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post(':list')
  add(@Auth() auth: AuthContext, @Req() req: Request, @Param('list') list: string, @Body() body: unknown) {
    return this.commands.execute(
      new ChangePlatformList(platformCtx(auth, req), list, undefined, 'add', body),
    );
  }

  @Put(':list/:id')
  @HttpCode(200)
  change(
    @Auth() auth: AuthContext,
    @Req() req: Request,
    @Param('list') list: string,
    @Param('id') id: string,
    @Body() body: unknown,
  ) {
    return this.commands.execute(new ChangePlatformList(platformCtx(auth, req), list, id, 'change', body));
  }

  @Post(':list/:id/disable')
  @HttpCode(200)
  disable(
    @Auth() auth: AuthContext,
    @Req() req: Request,
    @Param('list') list: string,
    @Param('id') id: string,
  ) {
    return this.commands.execute(
      new ChangePlatformList(platformCtx(auth, req), list, id, 'disable', undefined),
    );
  }

  @Post(':list/:id/enable')
  @HttpCode(200)
  enable(
    @Auth() auth: AuthContext,
    @Req() req: Request,
    @Param('list') list: string,
    @Param('id') id: string,
  ) {
    return this.commands.execute(
      new ChangePlatformList(platformCtx(auth, req), list, id, 'enable', undefined),
    );
  }
}

export class ChangePlatformRecord {
  constructor(
    readonly ctx: CommandContext,
    readonly record: string,
    readonly body: unknown,
  ) {}
}

/** One of the platform's one-record settings, changed in what differs (the SMTP password sealed). */
@CommandHandler(ChangePlatformRecord)
export class ChangePlatformRecordHandler implements ICommandHandler<ChangePlatformRecord> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(GATEWAY_TOKENS.secrets) private readonly secrets: SealedSecrets,
  ) {}

  async execute({ ctx, record, body }: ChangePlatformRecord): Promise<Answer> {
    if (!isPlatformRecord(record)) throw notFound('not_found.page');
    const input = parseInput(PLATFORM_RECORD_INPUTS[record], body);
    const wanted = wantedOf(record, input, (secret) => this.secrets.seal(secret));
    const outcome = await this.aggregates.handle<RecordState, PlatformRecordChanged>(
      platformRecordStream(record),
      ctx,
      {
        initial: PLATFORM_RECORD_DEFAULTS[record],
        evolve: evolveRecord,
        decide: (s) => decideRecord(record, wanted, s),
      },
    );
    return new Answer(platformRecordView(record, outcome.state), outcome.position);
  }
}

/** What the form asks for: a blank optional field clears it; a password typed is sealed, none keeps it. */
export const wantedOf = (
  record: PlatformRecord,
  input: Record<string, unknown>,
  seal: (secret: string) => string,
): Record<string, unknown> => {
  if (record === 'allowed-countries')
    return { country_ids: [...new Set(input.country_ids as number[])].sort((a, b) => a - b) };
  if (record === 'marketing-setting')
    return {
      contact_email: input.contact_email ?? null,
      campaign_sources: [...new Set(input.campaign_sources as string[])],
    };
  const { smtp_password, ...rest } = input;
  const wanted: Record<string, unknown> = {};
  for (const key of [
    'sender_name',
    'sender_address',
    'reply_to',
    'footer_en',
    'footer_ar',
    'smtp_host',
    'smtp_port',
    'smtp_username',
  ])
    wanted[key] = rest[key] ?? null;
  if (typeof smtp_password === 'string' && smtp_password) wanted.smtp_password_sealed = seal(smtp_password);
  return wanted;
};

/** `platform-setting/email-setting`, `platform-setting/allowed-countries`, `marketing/marketing-setting`. */
@Controller('api/manager/platform-records')
@Realm('manager')
export class PlatformRecordsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Put(':record')
  @HttpCode(200)
  change(
    @Auth() auth: AuthContext,
    @Req() req: Request,
    @Param('record') record: string,
    @Body() body: unknown,
  ) {
    return this.commands.execute(new ChangePlatformRecord(platformCtx(auth, req), record, body));
  }
}
