import { Body, Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  currencyOfCountry,
  formatMoney,
  GENERAL_JOURNAL_CATEGORY,
  generalJournalInput,
  isUuid,
  journalLines,
  notFound,
  Page,
  Permission,
  reverseJournalInput,
  streamName,
  type GeneralJournalEvent,
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
import { Sequences } from '../shared/sequences';
import { tenantInfo } from '../shared/tenant';
import { decideJournal, evolveJournal, initialJournal, type JournalState } from './journal';
import { assertPostingAccounts, salonChart } from './chart.commands';
import { assertBooksOpen } from './period.commands';

type Request = { headers: Record<string, string | string[] | undefined> };

export class PostGeneralJournal {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly body: unknown,
  ) {}
}
export class ReverseGeneralJournal {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly journalId: string,
    readonly body: unknown,
  ) {}
}

/** A general journal (issue 25): its lines parsed in the salon's money, balanced, numbered, posted. */
@CommandHandler(PostGeneralJournal)
export class PostGeneralJournalHandler implements ICommandHandler<PostGeneralJournal> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(Sequences) private readonly sequences: Sequences,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, auth, body }: PostGeneralJournal): Promise<Answer> {
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const input = parseInput(generalJournalInput({ countryId: tenant.countryId }), body);
    const { lines, difference } = journalLines(input, tenant.countryId);
    const currency = currencyOfCountry(tenant.countryId);
    const journalId = idFor(ctx, 'general-journal');
    const command = {
      type: 'Post' as const,
      journalId,
      number: 0,
      date: input.date,
      memo: input.memo.trim(),
      lines,
      difference,
      differenceText: formatMoney({ amount: Math.abs(difference), currency }, { locale: 'en' }),
      by: auth.userId,
    };
    // refused before a number is taken: the numbers stay gap-free
    assertPostingAccounts(
      await salonChart(this.aggregates, ctx),
      lines.map((l, i) => [`lines.${i}.account`, l.account]),
    );
    decideJournal(command, initialJournal);
    await assertBooksOpen(this.aggregates, ctx, input.date);
    const number = await this.sequences.next(ctx, 'general-journal');
    const outcome = await this.aggregates.handle<JournalState, GeneralJournalEvent>(
      streamName(GENERAL_JOURNAL_CATEGORY, ctx.tenantId, journalId),
      ctx,
      {
        initial: initialJournal,
        evolve: evolveJournal,
        decide: (s) => decideJournal({ ...command, number }, s),
      },
    );
    return new Answer({ id: journalId, ...outcome.events[0].data }, outcome.position, 201);
  }
}

@CommandHandler(ReverseGeneralJournal)
export class ReverseGeneralJournalHandler implements ICommandHandler<ReverseGeneralJournal> {
  constructor(@Inject(Aggregates) private readonly aggregates: Aggregates) {}

  async execute({ ctx, auth, journalId, body }: ReverseGeneralJournal): Promise<Answer> {
    if (!isUuid(journalId)) throw notFound('accounting.journal_not_found');
    const input = parseInput(reverseJournalInput, body);
    await assertBooksOpen(this.aggregates, ctx, input.date);
    const outcome = await this.aggregates.handle<JournalState, GeneralJournalEvent>(
      streamName(GENERAL_JOURNAL_CATEGORY, ctx.tenantId, journalId),
      ctx,
      {
        initial: initialJournal,
        evolve: evolveJournal,
        decide: (s) =>
          decideJournal(
            { type: 'Reverse', journalId, date: input.date, reason: input.reason.trim(), by: auth.userId },
            s,
          ),
      },
    );
    return new Answer({ id: journalId, ...outcome.events[0].data }, outcome.position, 200);
  }
}

/** `advanced-accounting/general-journals`: post (63) and reverse (63) the accountant's own journals. */
@Controller('api/merchant/advanced-accounting')
@Realm('merchant')
export class GeneralJournalsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('general-journals')
  @RequirePermission(Page.advancedAccounting, Permission.postJournals)
  post(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new PostGeneralJournal(commandContext(auth, req), auth, body));
  }

  @Post('general-journals/:id/reverse')
  @HttpCode(200)
  @RequirePermission(Page.advancedAccounting, Permission.postJournals)
  reverse(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new ReverseGeneralJournal(commandContext(auth, req), auth, id, body));
  }
}
