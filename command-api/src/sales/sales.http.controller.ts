import { Body, Controller, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Page, Permission } from '@rawnaq/contracts';
import { Auth, Realm, RequirePermission, type AuthContext } from '@rawnaq/platform';
import { commandContext } from '../shared/http-context';
import { IssueCreditNote } from './credit-notes.commands';
import { IssueInvoice } from './invoices.commands';
import { TopUpWallet } from './wallet.commands';
import { CancelDeposit, TakeDeposit } from './deposits.commands';
import { RedeemPoints, ResetPoints } from './loyalty.commands';
import { ChangeDiscountCode, DefineDiscountCode } from './discount-codes.commands';
import { GiveFreeGiftCard } from './gift-cards.commands';
import { ReceiveDebitNotePayment, ReceivePayment } from './receivables.commands';

type Request = { headers: Record<string, string | string[] | undefined> };

/** The till's commands (page 3: sell 13). */
@Controller('api/merchant')
@Realm('merchant')
export class SalesController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('invoices')
  @RequirePermission(Page.pos, Permission.sell)
  issue(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new IssueInvoice(commandContext(auth, req), auth, body));
  }

  /** A credit note on an invoice: some or all of its lines back, with their refunds. */
  @Post('invoices/:id/credit-notes')
  @RequirePermission(Page.pos, Permission.sell)
  credit(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new IssueCreditNote(commandContext(auth, req), auth, id, body));
  }

  /** Money into a customer's wallet: a payment now, spent on later invoices. */
  @Post('customers/:id/wallet/top-ups')
  @RequirePermission(Page.pos, Permission.sell)
  topUp(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new TopUpWallet(commandContext(auth, req), auth, id, body));
  }

  /** A later payment of what an invoice left owed (a receivable). */
  @Post('invoices/:id/payments')
  @RequirePermission(Page.pos, Permission.sell)
  receive(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new ReceivePayment(commandContext(auth, req), auth, id, body));
  }

  /** A later payment of what a debit note left owed (a receivable too). */
  @Post('debit-notes/:id/payments')
  @RequirePermission(Page.pos, Permission.sell)
  receiveForDebitNote(
    @Auth() auth: AuthContext,
    @Req() req: Request,
    @Param('id') id: string,
    @Body() body: unknown,
  ) {
    return this.commands.execute(new ReceiveDebitNotePayment(commandContext(auth, req), auth, id, body));
  }

  /** A gift card given free (the right "free gift cards" and the salon's setting). */
  @Post('gift-cards')
  @RequirePermission(Page.pos, Permission.sell)
  giveGiftCard(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new GiveFreeGiftCard(commandContext(auth, req), auth, body));
  }

  /** The salon's discount codes, kept with its menu (page 8: manage menu 51). */
  @Post('discount-codes')
  @RequirePermission(Page.menu, Permission.manageMenu)
  defineCode(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new DefineDiscountCode(commandContext(auth, req), body));
  }

  @Put('discount-codes/:id')
  @RequirePermission(Page.menu, Permission.manageMenu)
  changeCode(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new ChangeDiscountCode(commandContext(auth, req), id, body));
  }

  /** Loyalty points turned into a voucher for the customer. */
  @Post('customers/:id/loyalty/redeem')
  @RequirePermission(Page.pos, Permission.sell)
  redeem(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new RedeemPoints(commandContext(auth, req), auth, id, body));
  }

  /** A customer's points back to zero: an administrator only (doc2 §6). */
  @Post('customers/:id/loyalty/reset')
  @RequirePermission(Page.customers, Permission.editCustomer)
  resetPoints(
    @Auth() auth: AuthContext,
    @Req() req: Request,
    @Param('id') id: string,
    @Body() body: unknown,
  ) {
    return this.commands.execute(new ResetPoints(commandContext(auth, req), auth, id, body));
  }

  /** A deposit before the visit (payment source 1), counted on its invoice at checkout. */
  @Post('appointments/:id/deposits')
  @RequirePermission(Page.pos, Permission.sell)
  takeDeposit(
    @Auth() auth: AuthContext,
    @Req() req: Request,
    @Param('id') id: string,
    @Body() body: unknown,
  ) {
    return this.commands.execute(new TakeDeposit(commandContext(auth, req), auth, id, body));
  }

  /** A deposit given back: once only, and not once its invoice used it. */
  @Post('appointments/:id/deposits/:depositId/cancel')
  @RequirePermission(Page.pos, Permission.sell)
  cancelDeposit(
    @Auth() auth: AuthContext,
    @Req() req: Request,
    @Param('id') id: string,
    @Param('depositId') depositId: string,
    @Body() body: unknown,
  ) {
    return this.commands.execute(new CancelDeposit(commandContext(auth, req), id, depositId, body));
  }
}
