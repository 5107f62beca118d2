import { Body, Controller, Delete, HttpCode, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DomainError, Page, Permission } from '@rawnaq/contracts';
import { Auth, Realm, RequirePermission, type AuthContext } from '@rawnaq/platform';
import { commandContext } from '../shared/http-context';
import { ChangeSettings, type SettingsRequest } from './settings.commands';

type Request = { headers: Record<string, string | string[] | undefined> };

/** The sections `PUT settings/:section` takes. */
export const SETTINGS_SECTIONS = [
  'vat',
  'general',
  'invoice',
  'notifications',
  'online',
  'payment-gateway',
] as const;

@Controller('api/merchant')
@Realm('merchant')
@RequirePermission(Page.settings, Permission.manageSettings)
export class SettingsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  private run(auth: AuthContext, req: Request, request: SettingsRequest) {
    return this.commands.execute(new ChangeSettings(commandContext(auth, req), request));
  }

  @Put('settings/:section')
  section(
    @Auth() auth: AuthContext,
    @Req() req: Request,
    @Param('section') section: string,
    @Body() body: unknown,
  ) {
    if (!SETTINGS_SECTIONS.includes(section as never)) throw new DomainError('not_found.page', 404);
    return this.run(auth, req, { section: section as (typeof SETTINGS_SECTIONS)[number], body });
  }

  @Put('business-hours/week')
  week(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.run(auth, req, { section: 'business-hours', body });
  }

  @Post('custom-business-hours')
  addPeriod(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.run(auth, req, { section: 'custom-business-hours', body });
  }

  @Delete('custom-business-hours/:id')
  removePeriod(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.run(auth, req, { section: 'remove-custom-business-hours', id });
  }
}

/** The wizard records each finished step; any user who may open the wizard (the owner) may record it. */
@Controller('api/merchant/wizard')
@Realm('merchant')
@RequirePermission(Page.settings, Permission.manageSettings)
export class WizardController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('update_progress')
  @HttpCode(200)
  progress(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new ChangeSettings(commandContext(auth, req), { section: 'wizard', body }));
  }
}
