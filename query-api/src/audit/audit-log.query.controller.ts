import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import {
  ACCOUNTING_AUDIT_ENTITIES,
  AUDIT_FILTERS,
  canAccess,
  DomainError,
  endOfBusinessDay,
  isBusinessDate,
  Page,
  Permission,
  rejected,
  startOfBusinessDay,
} from '@rawnaq/contracts';
import {
  Auth,
  header,
  Realm,
  TOKENS,
  type AuthContext,
  type Doc,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import { accountOf } from '../shared/account';
import { page, parseListQuery } from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };

/** Which permission shows one record's history (its own page's history right), by entity type. */
const HISTORY_PERMISSION: Record<string, [number, number]> = {
  customer: [Page.customers, Permission.viewCustomerHistory],
  // an offer's or package's pauses, renewals and price changes are part of seeing the menu
  offer: [Page.menu, Permission.viewMenu],
  package: [Page.menu, Permission.viewMenu],
};

@Controller('api/merchant/audit-log')
@Realm('merchant')
export class AuditLogQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get()
  async list(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['position', 'occurred_at'],
      defaultSort: ['position', 'desc'],
    });
    const f = q.filter;
    const entityType = typeof f.entity_type === 'string' ? f.entity_type : undefined;
    const entityId = typeof f.entity_id === 'string' ? f.entity_id : undefined;
    // the whole log needs the audit right; one record's history is enough with that record's history right
    const history = entityType && entityId ? HISTORY_PERMISSION[entityType] : undefined;
    const allowed =
      canAccess(auth.permissions, Page.advancedAccounting, Permission.viewAuditLog) ||
      (history && canAccess(auth.permissions, history[0], history[1]));
    if (!allowed) throw new DomainError('auth.no_permission', 403);

    const filter: Filter = { tenantId: auth.tenantId };
    for (const field of ['entity_type', 'entity_id', 'actor_id', 'type'] as const) {
      const v = f[field];
      if (v === undefined || v === '') continue;
      if (typeof v !== 'string') throw rejected('errors.invalid_input', field);
      filter[field] = v;
    }
    if (f.category !== undefined && f.category !== '') {
      if (!(AUDIT_FILTERS as readonly unknown[]).includes(f.category))
        throw rejected('errors.invalid_input', 'category');
      // the books' log: the accountant's records, whatever else is asked of the entity type
      if (f.category === 'accounting')
        filter.entity_type =
          typeof filter.entity_type === 'string'
            ? ACCOUNTING_AUDIT_ENTITIES.includes(filter.entity_type)
              ? filter.entity_type
              : { $in: [] }
            : { $in: [...ACCOUNTING_AUDIT_ENTITIES] };
      else filter.category = f.category as string;
    }
    const { timeZone } = await accountOf(this.models, auth.tenantId);
    const range: { $gte?: string; $lte?: string } = {};
    for (const [field, op] of [
      ['from', '$gte'],
      ['to', '$lte'],
    ] as const) {
      const v = f[field];
      if (v === undefined || v === '') continue;
      if (!isBusinessDate(v)) throw rejected('validation.should_be_a_date', field);
      range[op] = field === 'from' ? startOfBusinessDay(v, timeZone) : endOfBusinessDay(v, timeZone);
    }
    if (range.$gte && range.$lte && range.$gte > range.$lte)
      throw rejected('validation.after_or_equal', 'to');
    if (range.$gte || range.$lte) filter.occurred_at = range;
    const [docs, total] = await Promise.all([
      this.models.find('audit_log', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('audit_log', filter),
    ]);
    return page(res, 'audit-log', q, await this.withNames(docs), total);
  }

  /** Who: the user's name now (people are renamed; the entry keeps the id). */
  private async withNames(docs: Doc[]): Promise<Doc[]> {
    const userIds = [
      ...new Set(docs.filter((d) => d.actor_kind === 'user').map((d) => d.actor_id as string)),
    ];
    const users = new Map((await this.models.getMany('users', userIds)).map((u) => [u.id, u.name as string]));
    // platform support signed in as the owner: which of the team it was
    const managerIds = [
      ...new Set(docs.filter((d) => d.actor_kind === 'manager').map((d) => d.actor_id as string)),
    ];
    const managers = new Map(
      (managerIds.length ? await this.models.getMany('managers', managerIds) : []).map((m) => [
        m.id,
        m.name as string,
      ]),
    );
    return docs.map(({ tenantId: _t, ...d }) => ({
      ...d,
      id: d.id,
      actor_name:
        d.actor_kind === 'user'
          ? (users.get(d.actor_id as string) ?? null)
          : d.actor_kind === 'manager'
            ? (managers.get(d.actor_id as string) ?? null)
            : null,
    }));
  }
}
