import { Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  accountState,
  countryOf,
  CURRENCY_INFO,
  platformSettingsOf,
  DomainError,
  isCountryId,
  own,
  permissionMap,
  rolePermissions,
  type GlobalInformation,
  USER_RIGHTS,
} from '@rawnaq/contracts';
import { publicSalonCard, salonOfAlias } from '@rawnaq/projections';
import {
  Auth,
  hashToken,
  header,
  Public,
  Realm,
  TOKENS,
  type AuthContext,
  type Clock,
  type Doc,
  type Filter,
  type ReadModels,
  hasRight,
  userScope,
} from '@rawnaq/platform';
import { accountOf } from '../shared/account';
import { staffRow } from '../platform/platform-lists.query.controller';
import { page, parseListQuery } from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };

@Controller('api/merchant')
@Realm('merchant')
export class MerchantIdentityQueryController {
  constructor(
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.clock) private readonly clock: Clock,
  ) {}

  /** Spec doc2 §7: the signed-in user, the permissions and the account, loaded before every merchant screen. */
  @Post('get_global_informations')
  @HttpCode(200)
  async globalInformation(@Auth() auth: AuthContext): Promise<GlobalInformation> {
    const user = await this.models.get('users', auth.userId);
    const role = user && (await this.models.get('roles', user.role_id as string));
    const { doc: a, timeZone, today } = await accountOf(this.models, auth.tenantId);
    const currency = isCountryId(a.country_id) ? countryOf(a.country_id as number).currency : 'SAR';
    const scope = await userScope(this.models, auth);
    const employee = scope.employeeId ? await this.models.get('employees', scope.employeeId) : undefined;
    return {
      auth: {
        id: auth.userId,
        account_id: a.account_id as number,
        name: (user?.name as string) ?? auth.name,
        username: (user?.username as string) ?? '',
        email: (user?.email as string) ?? '',
        role: (role?.name as string) ?? auth.role,
        locale: (user?.locale as 'en' | 'ar') ?? 'ar',
        permissions: permissionMap(rolePermissions(role)),
        employee_id: scope.employeeId ?? null,
        name_ar: (employee?.name_ar as string | undefined)?.trim() || null,
        rights: USER_RIGHTS.filter((right) => hasRight(scope, right)),
        is_admin: auth.isAdmin,
        support_by: auth.supportBy ?? null,
        is_owner: a.owner_user_id === auth.userId,
        support_allowed: user?.support_allowed !== false,
      },
      global_informations: {
        account: {
          id: a.account_id as number,
          name_en: a.name_en as string,
          name_ar: a.name_ar as string,
          alias: a.alias as string,
          country_id: a.country_id as number,
          currency,
          currency_decimals: CURRENCY_INFO[currency].decimals,
          time_zone: timeZone,
          vat_percentage: a.vat_percentage as number,
          last_archive_date: (a.last_archive_date as string | null) ?? null,
          wizard_progress: (a.wizard_progress as string[]) ?? [],
          advanced_accounting_status: (a.advanced_accounting_status as number) ?? 0,
          hold_invoice: (a.hold_invoice as number) ?? 0,
          account_whatsapp_meta_id: (a.account_whatsapp_meta_id as string | null) ?? null,
          account_whatsapp_package_status: (a.account_whatsapp_package_status as number) ?? 0,
          account_state: accountState(a, this.clock.now()),
          plan: (a.plan as string | undefined) ?? null,
          valid_till: (a.valid_till as string | undefined) ?? null,
          account_whatsapp_package_connected: (a.account_whatsapp_package_connected as number) ?? 0,
        },
        server_time: new Date().toISOString(),
        today,
      },
    };
  }

  /** Whether a reset link is still good (the screen says so before asking for a new password). */
  @Get('reset_password/:token')
  @Public()
  resetLink(@Param('token') token: string) {
    return resetLinkOf(this.models, token, 'merchant');
  }
}

/**
 * Whether a reset link is still good, and for which address: a salon user's link on the back office's
 * page, a platform staff member's on the console's, never the other way round.
 */
const resetLinkOf = async (models: ReadModels, token: string, realm: 'merchant' | 'manager') => {
  const reset = await models.get('password_resets', hashToken(token));
  if (
    !reset ||
    ((reset.realm as string | undefined) ?? 'merchant') !== realm ||
    Date.parse(reset.expires_at as string) <= Date.now()
  )
    throw new DomainError('auth.reset_token_invalid', 404);
  const person = await models.get(realm === 'manager' ? 'managers' : 'users', reset.user_id as string);
  return { email: person?.email ?? null };
};

const managerList = (
  resource: string,
  collection: string,
  sortable: string[],
  defaultSort: [string, 'asc' | 'desc'],
) => ({ resource, collection, sortable, defaultSort });
const LISTS = {
  'failed-login-attempts': managerList(
    'failed-login-attempts',
    'failed_logins',
    ['at', 'ip'],
    ['at', 'desc'],
  ),
  'blocked-ips': managerList('blocked-ips', 'blocked_ips', ['blocked_at', 'ip'], ['blocked_at', 'desc']),
  'mail-outbox': managerList('mail-outbox', 'mail_outbox', ['queued_at'], ['queued_at', 'desc']),
  'js-errors': managerList('js-errors', 'js_errors', ['at'], ['at', 'desc']),
  accounts: managerList(
    'accounts',
    'accounts',
    ['account_id', 'created_at', 'name_en', 'name_ar'],
    ['account_id', 'asc'],
  ),
  // the salons' online addresses (doc1 §2 addon-services/global-aliases), and those with the payment
  // gateway package (addon-services/merchant-with-payment-gateway-package)
  'global-aliases': managerList('global-aliases', 'accounts', ['alias', 'account_id'], ['alias', 'asc']),
  'payment-gateway-accounts': managerList(
    'payment-gateway-accounts',
    'accounts',
    ['account_id', 'name_en', 'name_ar'],
    ['account_id', 'asc'],
  ),
  // the packages the platform offers (doc1 §2 platform-setting/payment-gateway-packages)
  'payment-gateway-packages': managerList(
    'payment-gateway-packages',
    'payment_gateway_packages',
    ['name_en', 'name_ar', 'created_at', 'transaction_fee_fils', 'status'],
    ['created_at', 'asc'],
  ),
  // what the platform tells every salon (doc1 §2 platform-setting/platform-updates)
  'platform-updates': managerList(
    'platform-updates',
    'platform_updates',
    ['published_at', 'status'],
    ['published_at', 'desc'],
  ),
  // the platform's staff and the console areas each one opens (doc1 §2 platform-setting/employees)
  'platform-staff': managerList(
    'platform-staff',
    'managers',
    ['name', 'created_at', 'status'],
    ['created_at', 'asc'],
  ),
} as const;

/** A salon's online services as the manager's lists show them (nothing of its settings beyond). */
const onlineServicesRow = (a: Doc) => ({
  id: a.id,
  account_id: a.account_id,
  name_en: a.name_en,
  name_ar: a.name_ar,
  alias: a.alias,
  status: a.status,
  online_booking: a.online_booking === true,
  google_index: a.google_index === true,
  payment_gateway_package: (a.payment_gateway_package as number | undefined) ?? 0,
  payment_gateway_package_id: (a.payment_gateway_package_id as string | undefined) ?? null,
});

@Controller('api/manager')
@Realm('manager')
export class ManagerQueryController {
  constructor(
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.clock) private readonly clock: Clock,
  ) {}

  @Post('get_global_informations')
  @HttpCode(200)
  async globalInformation(@Auth() auth: AuthContext) {
    const manager = await this.models.get('managers', auth.userId);
    return {
      auth: {
        id: auth.userId,
        name: manager?.name ?? auth.name,
        email: manager?.email ?? '',
        // the console's areas her role opens (platform-setting/employees); null: every area
        areas: Array.isArray(manager?.areas) ? manager.areas : null,
      },
    };
  }

  /** Whether a platform staff member's reset (or first set-password) link is still good. */
  @Get('reset_password/:token')
  @Public()
  resetLink(@Param('token') token: string) {
    return resetLinkOf(this.models, token, 'manager');
  }

  /** The platform's settings; a platform that never changed them runs on the defaults. */
  @Get('platform-settings/:id')
  async platformSettings(@Param('id') id: string) {
    if (id !== 'platform') throw new DomainError('not_found.page', 404);
    const doc = await this.models.get('platform_settings', 'platform');
    return { id: 'platform', ...platformSettingsOf(doc) };
  }

  /** One package (the edit screen). */
  @Get('payment-gateway-packages/:id')
  async paymentGatewayPackage(@Param('id') id: string) {
    const doc = /^[0-9a-f-]{36}$/.test(id)
      ? await this.models.get('payment_gateway_packages', id)
      : undefined;
    if (!doc) throw new DomainError('not_found.record', 404);
    return doc;
  }

  /** One update (the edit screen). */
  @Get('platform-updates/:id')
  async platformUpdate(@Param('id') id: string) {
    const doc = /^[0-9a-f-]{36}$/.test(id) ? await this.models.get('platform_updates', id) : undefined;
    if (!doc) throw new DomainError('not_found.record', 404);
    return doc;
  }

  @Get(':list')
  async list(
    @Param('list') name: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const spec = own(LISTS, name);
    if (!spec) throw new DomainError('not_found.page', 404);
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: [...spec.sortable],
      defaultSort: spec.defaultSort,
    });
    const filter: Filter = {};
    // a block that ended by itself is over: the list shows the blocks in force
    if (name === 'blocked-ips') filter.active_until = { $gt: new Date().toISOString() };
    if (name === 'payment-gateway-accounts') filter.payment_gateway_package = 1;
    if (name === 'payment-gateway-packages' && (q.filter.status === 0 || q.filter.status === 1))
      filter.status = q.filter.status;
    if (name === 'global-aliases' && typeof q.filter.q === 'string' && q.filter.q.trim())
      filter.alias_lc = { $contains: q.filter.q.trim().toLowerCase() };
    for (const field of ['ip', 'type', 'to']) {
      const v = q.filter[field];
      if (typeof v === 'string' && v) filter[field] = { $contains: v };
      else if (typeof v === 'number') filter[field] = v;
    }
    // the salons in one state (merchants/active-merchants lists the active ones): the state follows
    // from valid till and now, so it is judged in memory (the platform's salons are a few thousand)
    if (name === 'accounts' && typeof q.filter.state === 'string') {
      const now = this.clock.now();
      const wanted = q.filter.state;
      const all = (await this.models.find('accounts', { sort: q.sort, limit: 100_000 }))
        .map((a) => ({ ...a, state: accountState(a, now) }))
        .filter((a) => a.state === wanted);
      return page(res, spec.resource, q, all.slice(q.skip, q.skip + q.limit), all.length);
    }
    const [docs, total] = await Promise.all([
      this.models.find(spec.collection, { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count(spec.collection, filter),
    ]);
    const rows =
      name === 'global-aliases' || name === 'payment-gateway-accounts'
        ? docs.map(onlineServicesRow)
        : name === 'platform-staff'
          ? docs.map(staffRow)
          : docs;
    return page(res, spec.resource, q, rows, total);
  }
}

@Controller('api/public')
export class PublicQueryController {
  constructor(
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.clock) private readonly clock: Clock,
  ) {}

  /** The salon's public page: only what a visitor may see. */
  @Get('salons/:alias')
  async salon(@Param('alias') alias: string) {
    return publicSalonCard(await salonOfAlias(this.models, alias), this.clock.now());
  }
}
