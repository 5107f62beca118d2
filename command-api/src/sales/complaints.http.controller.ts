import { Body, Controller, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Page, Permission } from '@rawnaq/contracts';
import { Auth, Realm, RequirePermission, type AuthContext } from '@rawnaq/platform';
import { commandContext } from '../shared/http-context';
import { ActOnComplaint, OpenComplaint } from './complaints.commands';

type Request = { headers: Record<string, string | string[] | undefined> };

/** `reports/complaints`: who may see complaints (page 6, 39) opens them and deals with them. */
@Controller('api/merchant')
@Realm('merchant')
export class ComplaintsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('complaints')
  @RequirePermission(Page.marketing, Permission.complaintsNotifications)
  open(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new OpenComplaint(commandContext(auth, req), auth, body));
  }

  @Post('complaints/:id/take-up')
  @RequirePermission(Page.marketing, Permission.complaintsNotifications)
  takeUp(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new ActOnComplaint(commandContext(auth, req), auth, id, 'take-up', body));
  }

  @Post('complaints/:id/notes')
  @RequirePermission(Page.marketing, Permission.complaintsNotifications)
  note(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new ActOnComplaint(commandContext(auth, req), auth, id, 'note', body));
  }

  @Post('complaints/:id/resolve')
  @RequirePermission(Page.marketing, Permission.complaintsNotifications)
  resolve(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new ActOnComplaint(commandContext(auth, req), auth, id, 'resolve', body));
  }
}
