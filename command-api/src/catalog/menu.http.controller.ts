import { Body, Controller, HttpCode, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Page, Permission } from '@rawnaq/contracts';
import { Auth, Realm, RequirePermission, type AuthContext } from '@rawnaq/platform';
import { commandContext } from '../shared/http-context';
import { ChangeMenu, type MenuRequest } from './menu.commands';

type Request = { headers: Record<string, string | string[] | undefined> };

/** Groups, categories and services of the salon's menu (spec doc1 §2 menu/...). */
@Controller('api/merchant')
@Realm('merchant')
@RequirePermission(Page.menu, Permission.manageMenu)
export class MenuController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  private run(auth: AuthContext, req: Request, request: MenuRequest) {
    return this.commands.execute(new ChangeMenu(commandContext(auth, req), request));
  }

  @Post('service-groups')
  addGroup(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.run(auth, req, { kind: 'add-group', body });
  }

  @Put('service-groups/:id')
  renameGroup(
    @Auth() auth: AuthContext,
    @Req() req: Request,
    @Param('id') id: string,
    @Body() body: unknown,
  ) {
    return this.run(auth, req, { kind: 'rename-group', id, body });
  }

  @Post('service-groups/activation')
  @HttpCode(200)
  groupActivation(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.run(auth, req, { kind: 'group-activation', body });
  }

  @Post('categories')
  addCategory(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.run(auth, req, { kind: 'add-category', body });
  }

  @Put('categories/:id')
  renameCategory(
    @Auth() auth: AuthContext,
    @Req() req: Request,
    @Param('id') id: string,
    @Body() body: unknown,
  ) {
    return this.run(auth, req, { kind: 'rename-category', id, body });
  }

  @Post('categories/activation')
  @HttpCode(200)
  categoryActivation(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.run(auth, req, { kind: 'category-activation', body });
  }

  @Post('services')
  addService(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.run(auth, req, { kind: 'add-service', body });
  }

  @Put('services/:id')
  changeService(
    @Auth() auth: AuthContext,
    @Req() req: Request,
    @Param('id') id: string,
    @Body() body: unknown,
  ) {
    return this.run(auth, req, { kind: 'change-service', id, body });
  }

  @Post('services/activation')
  @HttpCode(200)
  serviceActivation(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.run(auth, req, { kind: 'service-activation', body });
  }

  @Post('services/order')
  @HttpCode(200)
  reorder(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.run(auth, req, { kind: 'reorder-services', body });
  }
}
