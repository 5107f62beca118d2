import { Body, Controller, Inject, Param, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Page, Permission } from '@rawnaq/contracts';
import { Auth, Realm, RequirePermission, type AuthContext } from '@rawnaq/platform';
import { commandContext } from '../shared/http-context';
import {
  ChangeCustomer,
  RecordCustomerPenalty,
  RegisterCustomer,
  SetCustomerStatus,
} from './customer.commands';
import { Req } from '@nestjs/common';

type Request = Parameters<typeof commandContext>[1];

@Controller('api/merchant/customers')
@Realm('merchant')
export class CustomersController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post()
  @RequirePermission(Page.customers, Permission.addCustomer)
  register(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new RegisterCustomer(commandContext(auth, req), body));
  }

  @Put(':id')
  @RequirePermission(Page.customers, Permission.editCustomer)
  change(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new ChangeCustomer(commandContext(auth, req), id, body));
  }

  @Post(':id/disable')
  @RequirePermission(Page.customers, Permission.changeCustomerStatus)
  disable(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.commands.execute(new SetCustomerStatus(commandContext(auth, req), id, false));
  }

  @Post(':id/activate')
  @RequirePermission(Page.customers, Permission.changeCustomerStatus)
  activate(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.commands.execute(new SetCustomerStatus(commandContext(auth, req), id, true));
  }

  /** A penalty of type 2 ("others") written by hand, with its notes (no-shows come from the appointment book). */
  @Post(':id/penalties')
  @RequirePermission(Page.customers, Permission.editCustomer)
  penalize(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new RecordCustomerPenalty(commandContext(auth, req), id, body));
  }
}
