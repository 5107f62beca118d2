import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { platformSettingsOf, rejected } from '@rawnaq/contracts';
import {
  Auth,
  header,
  Realm,
  TOKENS,
  type AuthContext,
  type Clock,
  type Doc,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import { page, parseListQuery, type ListQuery } from '../shared/list-query';
import { employeeNamesOf } from './user-names';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };

/** The side record where the authenticator notes each session's last request (platform/http/auth). */
const SESSION_ACTIVITY = 'session_activity';
/** Signed-in sessions are a few thousand at most across the platform: judged in memory. */
const ALL = 100_000;

/** `filter.tenantId`: one salon's rows (its account number), or every salon's. */
const salonFilter = (q: ListQuery): string | undefined => {
  const v = q.filter.tenantId;
  if (v === undefined || v === '' || v === null) return undefined;
  const text = typeof v === 'number' ? String(v) : v;
  if (typeof text !== 'string' || !/^\d{1,9}$/.test(text))
    throw rejected('validation.invalid_value', 'tenantId');
  return text;
};

/** A salon's number and names beside each row (the manager reads salons, not tenant ids). */
const salonOf = (a: Doc | undefined) => ({
  account_id: (a?.account_id as number | undefined) ?? null,
  salon_en: (a?.name_en as string | undefined) ?? '',
  salon_ar: (a?.name_ar as string | undefined) ?? '',
});

/**
 * The manager's cross-salon lists (doc1 manager `employees-merchants/*`, `customers-merchants/*`,
 * `trackers/system-connections`): every salon's rows with the salon's name, paginated.
 */
@Controller('api/manager')
@Realm('manager')
export class ConsoleQueryController {
  constructor(
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.clock) private readonly clock: Clock,
  ) {}

  private async byId(collection: string, ids: string[]): Promise<Map<string, Doc>> {
    const docs = await this.models.getMany(collection, [...new Set(ids)]);
    return new Map(docs.map((d) => [d.id, d]));
  }

  private async employees(
    resource: string,
    status: 0 | 1 | undefined,
    query: Record<string, unknown>,
    req: Request,
    res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['created_at', 'name_en', 'name_ar', 'updated_at'],
      defaultSort: ['created_at', 'desc'],
    });
    const tenantId = salonFilter(q);
    const filter: Filter = { ...(tenantId && { tenantId }), ...(status !== undefined && { status }) };
    const [docs, total] = await Promise.all([
      this.models.find('employees', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('employees', filter),
    ]);
    const salons = await this.byId(
      'accounts',
      docs.map((d) => d.tenantId as string),
    );
    const rows = docs.map((d) => ({
      id: d.id,
      tenantId: d.tenantId,
      ...salonOf(salons.get(d.tenantId as string)),
      name_en: d.name_en ?? '',
      name_ar: d.name_ar ?? '',
      mobile: d.mobile ?? null,
      email: d.email ?? null,
      status: d.status,
      has_login: typeof d.user_id === 'string',
      created_at: d.created_at,
      updated_at: d.updated_at,
    }));
    return page(res, resource, q, rows, total);
  }

  @Get('employees-merchants/added-employees')
  added(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.employees('added-employees', undefined, query, req, res);
  }

  @Get('employees-merchants/active-global-employees')
  active(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.employees('active-global-employees', 1, query, req, res);
  }

  @Get('employees-merchants/inactive-global-employees')
  inactive(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.employees('inactive-global-employees', 0, query, req, res);
  }

  @Get('customers-merchants/added-customers')
  async customers(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['created_at', 'name'],
      defaultSort: ['created_at', 'desc'],
    });
    const tenantId = salonFilter(q);
    const filter: Filter = tenantId ? { tenantId } : {};
    const [docs, total] = await Promise.all([
      this.models.find('customers', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('customers', filter),
    ]);
    const salons = await this.byId(
      'accounts',
      docs.map((d) => d.tenantId as string),
    );
    const rows = docs.map((d) => ({
      id: d.id,
      tenantId: d.tenantId,
      ...salonOf(salons.get(d.tenantId as string)),
      name: d.name ?? '',
      mobile: d.mobile ?? null,
      status: d.status,
      created_at: d.created_at,
    }));
    return page(res, 'added-customers', q, rows, total);
  }

  /**
   * The sessions signed in now: not signed out, replaced or ended, and not ended by time (idle for the
   * platform's `session_idle_minutes`, or older than its `session_max_hours`), newest first.
   */
  private async connections(
    auth: AuthContext,
    resource: string,
    realm: 'merchant' | undefined,
    query: Record<string, unknown>,
    req: Request,
    res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['started_at'],
      defaultSort: ['started_at', 'desc'],
    });
    const tenantId = salonFilter(q);
    const filter: Filter = {
      status: 'active',
      ...(realm && { realm }),
      ...(tenantId && { tenantId }),
    };
    const now = this.clock.now().getTime();
    const settings = platformSettingsOf(await this.models.get('platform_settings', 'platform'));
    const sessions = await this.models.find('sessions', { filter, sort: q.sort, limit: ALL });
    const live: Array<Doc & { last_seen: number }> = [];
    for (const s of sessions) {
      const started = Date.parse(s.started_at as string);
      const activity = await this.models.getSide(SESSION_ACTIVITY, s.id);
      const lastSeen = Math.max(started, typeof activity?.at === 'number' ? activity.at : 0);
      if (
        now - started <= settings.session_max_hours * 3_600_000 &&
        now - lastSeen <= settings.session_idle_minutes * 60_000
      )
        live.push({ ...s, last_seen: lastSeen });
    }
    const shown = live.slice(q.skip, q.skip + q.limit);
    const [salons, users, managers] = await Promise.all([
      this.byId(
        'accounts',
        shown.filter((s) => s.realm === 'merchant').map((s) => s.tenantId as string),
      ),
      this.byId(
        'users',
        shown.filter((s) => s.realm === 'merchant').map((s) => s.user_id as string),
      ),
      this.byId(
        'managers',
        shown.filter((s) => s.realm === 'manager').map((s) => s.user_id as string),
      ),
    ]);
    const employees = await employeeNamesOf(
      this.models,
      shown.filter((s) => s.realm === 'merchant').map((s) => s.user_id as string),
    );
    const rows = shown.map((s) => {
      const user = s.realm === 'manager' ? managers.get(s.user_id as string) : users.get(s.user_id as string);
      const employee = s.realm === 'merchant' ? employees.get(s.user_id as string) : undefined;
      return {
        id: s.id,
        realm: s.realm,
        tenantId: s.realm === 'merchant' ? s.tenantId : null,
        ...(s.realm === 'merchant'
          ? salonOf(salons.get(s.tenantId as string))
          : { account_id: null, salon_en: '', salon_ar: '' }),
        user_name: (user?.name as string | undefined) ?? '',
        // her name in both languages, from her employee record (the user's own name is one language)
        user_name_en: employee?.name_en || ((user?.name as string | undefined) ?? ''),
        user_name_ar: employee?.name_ar || ((user?.name as string | undefined) ?? ''),
        username: ((user?.username ?? user?.email) as string | undefined) ?? '',
        ip: s.ip ?? null,
        user_agent: s.user_agent ?? null,
        started_at: s.started_at,
        last_seen_at: new Date(s.last_seen).toISOString(),
        /** the manager's own session, the one asking */
        current: s.id === auth.session,
      };
    });
    return page(res, resource, q, rows, live.length);
  }

  /** trackers/system-connections: every session signed in now, the salons' and the platform's own. */
  @Get('system-connections')
  system(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.connections(auth, 'system-connections', undefined, query, req, res);
  }

  /** employees-merchants/current-connections: the salons' users signed in now. */
  @Get('employees-merchants/current-connections')
  current(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.connections(auth, 'current-connections', 'merchant', query, req, res);
  }

  /** database-management/archive-database: every salon with its archive date. */
  @Get('archive-database')
  async archive(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['account_id', 'name_en', 'name_ar', 'created_at'],
      defaultSort: ['account_id', 'asc'],
    });
    const [docs, total] = await Promise.all([
      this.models.find('accounts', { sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('accounts', {}),
    ]);
    const rows = docs.map((a) => ({
      id: a.id,
      account_id: a.account_id,
      name_en: a.name_en,
      name_ar: a.name_ar,
      last_archive_date: (a.last_archive_date as string | null | undefined) ?? null,
      created_at: a.created_at,
    }));
    return page(res, 'archive-database', q, rows, total);
  }
}
