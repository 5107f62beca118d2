import { Body, Controller, Inject, Param, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { canAccess, Page, Permission } from '@rawnaq/contracts';
import { Auth, Realm, RequirePermission, type AuthContext } from '@rawnaq/platform';
import { commandContext } from '../shared/http-context';
import {
  ChangeCustomer,
  DismissLikelyDuplicate,
  MergeCustomer,
  RecordCustomerPenalty,
  RegisterCustomer,
  SetCustomerStatus,
} from './customer.commands';
import { Req } from '@nestjs/common';

type Request = Parameters<typeof commandContext>[1];

/** A refused duplicate names the customer who has the value only to a user who may open customers. */
const showExisting = (auth: AuthContext) => ({
  showExisting: canAccess(auth.permissions, Page.customers, Permission.viewCustomers),
});

@Controller('api/merchant/customers')
@Realm('merchant')
export class CustomersController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post()
  @RequirePermission(Page.customers, Permission.addCustomer)
  register(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new RegisterCustomer(commandContext(auth, req), body, showExisting(auth)));
  }

  @Put(':id')
  @RequirePermission(Page.customers, Permission.editCustomer)
  change(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new ChangeCustomer(commandContext(auth, req), id, body, showExisting(auth)));
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

  /**
   * Merges this customer into `into_customer_id`, the one kept: her history becomes the kept one's, her
   * wallet and points move to it (issue 24). The desk's edit right, which a receptionist has.
   */
  @Post(':id/merge')
  @RequirePermission(Page.customers, Permission.editCustomer)
  merge(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new MergeCustomer(commandContext(auth, req), id, body));
  }

  /** "Not the same person": this customer and `customer_id` are no longer a likely duplicate. */
  @Post(':id/not-duplicate')
  @RequirePermission(Page.customers, Permission.editCustomer)
  notDuplicate(
    @Auth() auth: AuthContext,
    @Req() req: Request,
    @Param('id') id: string,
    @Body() body: unknown,
  ) {
    return this.commands.execute(new DismissLikelyDuplicate(commandContext(auth, req), id, body));
  }

  /** A penalty of type 2 ("others") written by hand, with its notes (no-shows come from the appointment book). */
  @Post(':id/penalties')
  @RequirePermission(Page.customers, Permission.editCustomer)
  penalize(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new RecordCustomerPenalty(commandContext(auth, req), id, body));
  }
}
