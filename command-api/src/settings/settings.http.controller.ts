import { Body, Controller, Inject, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Page, Permission } from '@rawnaq/contracts';
import { Auth, Realm, RequirePermission, type AuthContext } from '@rawnaq/platform';
import { commandContext } from '../shared/http-context';
import { ChangeVatSettings } from './settings.commands';

type Request = { headers: Record<string, string | string[] | undefined> };

@Controller('api/merchant/settings')
@Realm('merchant')
@RequirePermission(Page.settings, Permission.manageSettings)
export class SettingsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Put('vat')
  vat(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new ChangeVatSettings(commandContext(auth, req), body));
  }
}
