import { Controller, Get, Inject, Param } from '@nestjs/common';
import { DomainError, Page, Permission } from '@rawnaq/contracts';
import { Auth, Realm, RequirePermission, TOKENS, type AuthContext, type ReadModels } from '@rawnaq/platform';
import { accountOf } from '../shared/account';

/** The settings screens read one record each: `settings/<name>` (react-admin's Edit of resource `settings`). */
@Controller('api/merchant/settings')
@Realm('merchant')
@RequirePermission(Page.settings, Permission.viewSettings)
export class SettingsQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get(':name')
  async one(@Auth() auth: AuthContext, @Param('name') name: string) {
    const { doc: a } = await accountOf(this.models, auth.tenantId);
    if (name === 'vat')
      return {
        id: 'vat',
        vat_enabled: a.vat_enabled ?? true,
        vat_name_en: a.vat_name_en ?? 'VAT',
        vat_name_ar: a.vat_name_ar ?? 'ضريبة القيمة المضافة',
        vat_percentage: a.vat_percentage,
      };
    throw new DomainError('not_found.record', 404);
  }
}
