import { Body, Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Auth, Realm, type AuthContext } from '@rawnaq/platform';
import { commandContext } from '../shared/http-context';
import { ReadNotifications } from './notices.commands';

type Request = { headers: Record<string, string | string[] | undefined> };

/** The notification menu's read marks: each kind for who may see it (checked in the command). */
@Controller('api/merchant')
@Realm('merchant')
export class NotificationsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  /** "Mark all as read" of the notification menu, for one kind of notification. */
  @Post('notifications/mark_as_read')
  @HttpCode(200)
  readAll(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    const kind = (body as { type?: unknown } | null | undefined)?.type;
    return this.commands.execute(new ReadNotifications(commandContext(auth, req), auth, { kind }));
  }

  /** Opening a notification marks it read for the salon. */
  @Post('notifications/:id/read')
  @HttpCode(200)
  read(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.commands.execute(new ReadNotifications(commandContext(auth, req), auth, { one: id }));
  }
}
