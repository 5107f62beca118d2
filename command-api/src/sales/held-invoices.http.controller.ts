import { Body, Controller, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Page, Permission } from '@rawnaq/contracts';
import { Auth, Realm, RequirePermission, type AuthContext } from '@rawnaq/platform';
import { commandContext } from '../shared/http-context';
import { CancelHeldInvoice, HoldInvoice } from './held-invoices.commands';

type Request = { headers: Record<string, string | string[] | undefined> };

/** Held invoices at the till (page 3: sell 13, and the user's "hold invoice" right). */
@Controller('api/merchant')
@Realm('merchant')
export class HeldInvoicesController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  /** A basket held at the till, to be resumed later. */
  @Post('held-invoices')
  @RequirePermission(Page.pos, Permission.sell)
  hold(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new HoldInvoice(commandContext(auth, req), auth, body));
  }

  @Post('held-invoices/:id/cancel')
  @RequirePermission(Page.pos, Permission.sell)
  cancel(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.commands.execute(new CancelHeldInvoice(commandContext(auth, req), auth, id));
  }
}
