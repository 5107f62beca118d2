import { Body, Controller, HttpCode, Inject, Put, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  BOOKS_LOCK_CATEGORY,
  lockDateInput,
  Page,
  Permission,
  streamName,
  type BooksLockEvent,
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
import { Aggregates } from '../shared/repository';
import { tenantInfo } from '../shared/tenant';
import { decideLock, evolveLock, initialLock, refuseIfClosed, type LockState } from './period';

type Request = { headers: Record<string, string | string[] | undefined> };

const lockStream = (tenantId: string) => streamName(BOOKS_LOCK_CATEGORY, tenantId, 'books');

/**
 * Refuses an accountant's entry dated in a closed period. The lock stream is held: should the books be
 * closed while the command runs, the command runs again on the new lock date.
 */
export const assertBooksOpen = async (
  aggregates: Aggregates,
  ctx: CommandContext,
  date: string,
  field = 'date',
) => {
  const { state } = await aggregates.loadHeld<LockState, BooksLockEvent>(
    ctx,
    lockStream(ctx.tenantId),
    initialLock,
    evolveLock,
  );
  refuseIfClosed(state.lockDate, date, field);
};

export class SetBooksLockDate {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly body: unknown,
  ) {}
}

@CommandHandler(SetBooksLockDate)
export class SetBooksLockDateHandler implements ICommandHandler<SetBooksLockDate> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  async execute({ ctx, auth, body }: SetBooksLockDate): Promise<Answer> {
    const input = parseInput(lockDateInput, body);
    const tenant = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const outcome = await this.aggregates.handle<LockState, BooksLockEvent>(lockStream(ctx.tenantId), ctx, {
      initial: initialLock,
      evolve: evolveLock,
      decide: (s) =>
        decideLock(
          { lockDate: input.lock_date, reason: input.reason, today: tenant.today, by: auth.userId },
          s,
        ),
    });
    return new Answer({ ...outcome.events[0].data }, outcome.position, 200);
  }
}

/** `advanced-accounting/lock-date`: close the books up to a date, or open them again (66). */
@Controller('api/merchant/advanced-accounting')
@Realm('merchant')
export class BooksLockController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Put('lock-date')
  @HttpCode(200)
  @RequirePermission(Page.advancedAccounting, Permission.closeBooks)
  set(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new SetBooksLockDate(commandContext(auth, req), auth, body));
  }
}
