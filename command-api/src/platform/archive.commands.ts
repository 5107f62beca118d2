import { Body, Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  archiveDateInput,
  archiveStream,
  notFound,
  timeZoneOfCountry,
  today,
  type SalonArchiveDateSet,
} from '@rawnaq/contracts';
import {
  Auth,
  parseInput,
  Realm,
  TOKENS,
  type AuthContext,
  type Clock,
  type ReadModels,
} from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { commandContext } from '../shared/http-context';
import { Aggregates } from '../shared/repository';
import { decideArchive, evolveArchive, initialArchive, type ArchiveState } from './archive';

export class SetArchiveDate {
  constructor(
    readonly ctx: CommandContext,
    readonly tenantId: string,
    readonly body: unknown,
  ) {}
}

/** The manager sets (moves, lifts) a salon's archive date; the event is the salon's, written by her. */
@CommandHandler(SetArchiveDate)
export class SetArchiveDateHandler implements ICommandHandler<SetArchiveDate> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, tenantId, body }: SetArchiveDate): Promise<Answer> {
    const account = /^\d{1,9}$/.test(tenantId) ? await this.models.get('accounts', tenantId) : undefined;
    if (!account) throw notFound('not_found.account');
    const input = parseInput(archiveDateInput, body);
    const date = input.last_archive_date ?? null;
    const outcome = await this.aggregates.handle<ArchiveState, SalonArchiveDateSet>(
      archiveStream(tenantId),
      { ...ctx, tenantId },
      {
        initial: initialArchive,
        evolve: evolveArchive,
        decide: (s) =>
          decideArchive(
            { type: 'SetArchiveDate', date, today: today(ctx.now, timeZoneOfCountry(account.country_id)) },
            s,
          ),
      },
    );
    return new Answer({ id: tenantId, last_archive_date: outcome.state.lastArchiveDate }, outcome.position);
  }
}

type Request = { headers: Record<string, string | string[] | undefined> };

/** `database-management/archive-database`: each salon's archive date. */
@Controller('api/manager/archive-database')
@Realm('manager')
export class ArchiveDatabaseController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(TOKENS.clock) private readonly clock: Clock,
  ) {}

  @Post(':accountId')
  @HttpCode(200)
  set(@Auth() auth: AuthContext, @Req() req: Request, @Param('accountId') id: string, @Body() body: unknown) {
    return this.commands.execute(new SetArchiveDate(commandContext(auth, req, this.clock.now()), id, body));
  }
}
