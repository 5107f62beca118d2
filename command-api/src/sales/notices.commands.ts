import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DomainError,
  mayReadNotificationKind,
  NOTICE_CATEGORY,
  NOTIFICATION_KINDS,
  notFound,
  rejected,
  streamName,
  type NoticeRead,
  type NotificationKind,
} from '@rawnaq/contracts';
import { hasRight, TOKENS, userScope, type AuthContext, type ReadModels } from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { Aggregates } from '../shared/repository';
import { ChangeProducts } from '../products/product.commands';

export class ReadNotifications {
  constructor(
    readonly ctx: CommandContext,
    readonly auth: AuthContext,
    readonly request: { one: string } | { kind: unknown },
  ) {}
}

/** A notice read is read for the whole salon; reading it again writes nothing. */
const decideRead = (read: boolean, data: NoticeRead['data']): NoticeRead[] =>
  read ? [] : [{ type: 'NoticeRead', data }];

/**
 * `notifications/{id}/read` and `notifications/mark_as_read {type}`: the stocks' are the products'
 * (their read mark is on the product), the others a `NoticeRead` of their own; each only for who may
 * see its kind.
 */
@CommandHandler(ReadNotifications)
export class ReadNotificationsHandler implements ICommandHandler<ReadNotifications> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  private async read(ctx: CommandContext, notice: { id: string; kind: NotificationKind }) {
    const stream = streamName(NOTICE_CATEGORY, ctx.tenantId, notice.id);
    const outcome = await this.aggregates.handle<boolean, NoticeRead>(stream, ctx, {
      initial: false,
      evolve: () => true,
      decide: (read) =>
        decideRead(read, { notice_id: notice.id, kind: notice.kind, at: ctx.now.toISOString() }),
    });
    return outcome.position;
  }

  async execute({ ctx, auth, request }: ReadNotifications): Promise<Answer> {
    const holds = hasRight(await userScope(this.models, auth), 'hold_invoice');
    const may = (kind: NotificationKind) => mayReadNotificationKind(auth.permissions, kind, holds);
    if ('one' in request) {
      const id = request.one;
      if (id.startsWith('stock-')) {
        if (!may('stocks')) throw new DomainError('auth.no_permission', 403);
        return this.commands.execute(new ChangeProducts(ctx, { kind: 'read-notification', id }));
      }
      const note = /^[A-Za-z0-9-]{1,100}$/.test(id) ? await this.models.get('notices', id) : undefined;
      if (!note || note.tenantId !== ctx.tenantId) throw notFound('products.notification_not_found');
      const kind = note.kind as NotificationKind;
      if (!may(kind)) throw new DomainError('auth.no_permission', 403);
      const position = note.read === true ? undefined : await this.read(ctx, { id, kind });
      return new Answer({ id, read: true }, position);
    }
    const kind = request.kind;
    if (kind === undefined || kind === null || kind === '') throw rejected('validation.is_required', 'type');
    if (!(NOTIFICATION_KINDS as readonly unknown[]).includes(kind))
      throw rejected('validation.invalid_value', 'type');
    if (!may(kind as NotificationKind)) throw new DomainError('auth.no_permission', 403);
    if (kind === 'stocks')
      return this.commands.execute(new ChangeProducts(ctx, { kind: 'read-notifications' }));
    const unread = await this.models.find('notices', {
      filter: { tenantId: ctx.tenantId, kind: kind as string, read: { $ne: true } },
    });
    // each its own read mark: a retry after a failure reads the rest and writes nothing twice
    let position: string | undefined;
    for (const note of unread)
      position = (await this.read(ctx, { id: note.id, kind: kind as NotificationKind })) ?? position;
    return new Answer({ type: kind, marked: unread.length }, position);
  }
}
