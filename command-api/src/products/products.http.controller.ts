import { Body, Controller, HttpCode, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Page, Permission } from '@rawnaq/contracts';
import { Auth, Realm, RequirePermission, type AuthContext } from '@rawnaq/platform';
import { commandContext } from '../shared/http-context';
import { ChangeProducts, type ProductRequest } from './product.commands';

type Request = { headers: Record<string, string | string[] | undefined> };

@Controller('api/merchant')
@Realm('merchant')
export class ProductsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  private run(auth: AuthContext, req: Request, request: ProductRequest) {
    return this.commands.execute(new ChangeProducts(commandContext(auth, req), request));
  }

  @Post('products')
  @RequirePermission(Page.products, Permission.manageProducts)
  define(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.run(auth, req, { kind: 'define', body });
  }

  @Put('products/:id')
  @RequirePermission(Page.products, Permission.manageProducts)
  change(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.run(auth, req, { kind: 'change', id, body });
  }

  @Post('products/:id/disable')
  @RequirePermission(Page.products, Permission.manageProducts)
  disable(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.run(auth, req, { kind: 'disable', id });
  }

  @Post('products/:id/activate')
  @RequirePermission(Page.products, Permission.manageProducts)
  activate(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.run(auth, req, { kind: 'activate', id });
  }

  /** The add-quantity, adjust-quantity and internal-use screens, and expired or lost stock. */
  @Post('products/:id/stock')
  @HttpCode(200)
  @RequirePermission(Page.products, Permission.stockOperations)
  stock(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.run(auth, req, { kind: 'stock', id, body });
  }
}
