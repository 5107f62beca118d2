import { Body, Controller, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Page, Permission } from '@rawnaq/contracts';
import { Auth, Realm, RequirePermission, type AuthContext } from '@rawnaq/platform';
import { commandContext } from '../shared/http-context';
import { CancelIssuedInvoice } from './cancel-invoice.commands';
import { IssueDebitNoteCommand } from './debit-notes.commands';

type Request = { headers: Record<string, string | string[] | undefined> };

/** Corrections of an issued invoice — cancelling it, a debit note — for whoever sells (page 3: sell 13), within the invoice rules. */
@Controller('api/merchant')
@Realm('merchant')
export class CancelInvoiceController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('invoices/:id/cancel')
  @RequirePermission(Page.pos, Permission.sell)
  cancel(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new CancelIssuedInvoice(commandContext(auth, req), auth, id, body));
  }

  /** A debit note on an invoice: an extra charge, its lines with their VAT, and payments if taken now. */
  @Post('invoices/:id/debit-notes')
  @RequirePermission(Page.pos, Permission.sell)
  debit(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new IssueDebitNoteCommand(commandContext(auth, req), auth, id, body));
  }
}
