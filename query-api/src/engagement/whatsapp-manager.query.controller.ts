import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import {
  businessDate,
  DEFAULT_WHATSAPP_SETTINGS,
  DomainError,
  isUuid,
  rejected,
  type TenantTimeZone,
} from '@rawnaq/contracts';
import { NO_USAGE, type UsageCounts } from '@rawnaq/projections';
import {
  header,
  instanceWebhookPath,
  Realm,
  TOKENS,
  type Doc,
  type Filter,
  type LinkTokens,
  type ReadModels,
} from '@rawnaq/platform';
import { page, parseListQuery, type ListQuery } from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };
type Usage = Doc & {
  time_zone?: TenantTimeZone;
  days?: Record<string, UsageCounts>;
  months?: Record<string, UsageCounts>;
};

const DONE = new Set(['sent', 'delivered', 'read', 'failed', 'withheld']);

/** The salon a list is narrowed to (`filter={"tenantId":"1"}`), checked for its shape. */
const salonFilter = (q: ListQuery): string | undefined => {
  const v = q.filter.tenantId;
  if (v === undefined || v === '' || v === null) return undefined;
  const text = typeof v === 'number' ? String(v) : v;
  if (typeof text !== 'string' || !/^\d{1,9}$/.test(text))
    throw rejected('validation.invalid_value', 'tenantId');
  return text;
};

/** A salon's name beside each row (the manager reads salons, not tenant ids). */
const salonOf = (a: Doc | undefined) => ({
  account_id: (a?.account_id as number | undefined) ?? null,
  salon_en: (a?.name_en as string | undefined) ?? '',
  salon_ar: (a?.name_ar as string | undefined) ?? '',
});

/**
 * The manager's WhatsApp screens (issue 26): the packages, the salons with their package and
 * connection (never a token: its last 4 characters), the salons with a package whose connection is
 * not up, the customers WhatsApp cannot reach, the sending tracker, the latest failures, every salon's
 * campaigns, and the platform's WhatsApp settings (no secret: whether each is set).
 */
@Controller('api/manager')
@Realm('manager')
export class WhatsAppManagerQueryController {
  constructor(
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.linkTokens) private readonly links: LinkTokens,
  ) {}

  /** One page of a collection's documents under `filter`, and how many there are in all. */
  private pageOf(collection: string, filter: Filter, q: ListQuery) {
    return Promise.all([
      this.models.find(collection, { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count(collection, filter),
    ]);
  }

  /** Documents by id (the read models answer a list of those found). */
  private async byId(collection: string, ids: string[]): Promise<Map<string, Doc>> {
    const docs = await this.models.getMany(collection, [...new Set(ids)]);
    return new Map(docs.map((d) => [d.id, d]));
  }

  private salons(ids: string[]) {
    return this.byId('accounts', ids);
  }

  @Get('whatsapp-packages')
  async packages(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['created_at', 'name_en', 'name_ar', 'messages_per_month', 'monthly_price', 'status'],
      defaultSort: ['created_at', 'asc'],
    });
    const filter: Filter = {};
    if (q.filter.status === 0 || q.filter.status === 1) filter.status = q.filter.status;
    const [docs, total] = await this.pageOf('whatsapp_packages', filter, q);
    return page(res, 'whatsapp-packages', q, docs, total);
  }

  @Get('whatsapp-packages/:id')
  async package(@Param('id') id: string) {
    const doc = isUuid(id) ? await this.models.get('whatsapp_packages', id) : undefined;
    if (!doc) throw new DomainError('not_found.record', 404);
    return doc;
  }

  /** A salon's WhatsApp row: its package (with this month's messages against it) and its connection. */
  private async rows(accounts: Doc[], wa: Map<string, Doc>) {
    const packages = await this.byId('whatsapp_packages', [
      ...new Set([...wa.values()].map((d) => d.package_id as string).filter(Boolean)),
    ]);
    const usage = await this.byId(
      'whatsapp_usage',
      accounts.map((a) => a.id),
    );
    return accounts.map((a) => {
      const w = wa.get(a.id);
      const p = w?.package_id ? packages.get(w.package_id as string) : undefined;
      const u = usage.get(a.id) as Usage | undefined;
      const month = businessDate(new Date(), u?.time_zone ?? 'Asia/Riyadh').slice(0, 7);
      const { tenantId: _t, ...rest } = w ?? ({} as Doc);
      return {
        ...rest,
        id: a.id,
        ...salonOf(a),
        has_package: (w?.has_package as number | undefined) ?? 0,
        connection_state: (w?.connection_state as number | undefined) ?? 0,
        provider: (w?.provider as string | undefined) ?? null,
        package_name_en: (p?.name_en as string | undefined) ?? null,
        package_name_ar: (p?.name_ar as string | undefined) ?? null,
        messages_per_month: (p?.messages_per_month as number | undefined) ?? null,
        used_this_month: u?.months?.[month]?.sent ?? 0,
      };
    });
  }

  /**
   * `merchant-whatsapp-meta`: every salon with its connection; `filter={"has_package":1}`
   * (`merchant-with-wa-package`) only those on a package; `{"disconnected":1}`
   * (`merchant-with-wa-disconnected-package`) those on a package whose connection is not up.
   */
  @Get('whatsapp-accounts')
  async accounts(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['account_id'],
      defaultSort: ['account_id', 'asc'],
    });
    const withPackage = q.filter.has_package === 1 || q.filter.has_package === '1';
    const disconnected = q.filter.disconnected === 1 || q.filter.disconnected === '1';
    if (withPackage || disconnected) {
      const filter: Filter = { has_package: 1, ...(disconnected && { connection_state: { $ne: 1 } }) };
      const [docs, total] = await Promise.all([
        this.models.find('whatsapp_accounts', {
          filter,
          sort: [['id', 'asc']],
          skip: q.skip,
          limit: q.limit,
        }),
        this.models.count('whatsapp_accounts', filter),
      ]);
      const accounts = await this.salons(docs.map((d) => d.id));
      const rows = await this.rows(
        docs.map((d) => accounts.get(d.id) ?? { id: d.id }),
        new Map(docs.map((d) => [d.id, d])),
      );
      return page(res, 'whatsapp-accounts', q, rows, total);
    }
    const [accounts, total] = await Promise.all([
      this.models.find('accounts', { sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('accounts', {}),
    ]);
    const wa = await this.byId(
      'whatsapp_accounts',
      accounts.map((a) => a.id),
    );
    return page(res, 'whatsapp-accounts', q, await this.rows(accounts, wa), total);
  }

  @Get('whatsapp-accounts/:id')
  async account(@Param('id') id: string) {
    const account = /^\d{1,9}$/.test(id) ? await this.models.get('accounts', id) : undefined;
    if (!account) throw new DomainError('not_found.account', 404);
    const wa = await this.models.get('whatsapp_accounts', id);
    const [row] = await this.rows([account], new Map(wa ? [[id, wa]] : []));
    // an instance gateway signs nothing: it is told this address, whose key only the platform makes
    return {
      ...row,
      webhook_path: row.provider === 'instance' ? instanceWebhookPath(this.links, id) : null,
    };
  }

  /** `customers-merchants/customers-inactive-wa`: customers of every salon WhatsApp cannot reach, and why. */
  @Get('whatsapp-unreachable')
  async unreachable(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['at'],
      defaultSort: ['at', 'desc'],
    });
    const tenantId = salonFilter(q);
    const filter: Filter = tenantId ? { tenantId } : {};
    if (q.filter.why === 'stop_reply' || q.filter.why === 'number_unreachable') filter.why = q.filter.why;
    const [docs, total] = await this.pageOf('whatsapp_unreachable', filter, q);
    const [accounts, customers] = await Promise.all([
      this.salons(docs.map((d) => d.tenantId as string)),
      this.byId('customers', docs.map((d) => d.customer_id as string).filter(Boolean)),
    ]);
    const rows = docs.map((d) => ({
      id: d.id,
      tenantId: d.tenantId,
      ...salonOf(accounts.get(d.tenantId as string)),
      customer_id: d.customer_id,
      customer_name: (customers.get(d.customer_id as string)?.name as string | undefined) ?? '',
      phone: d.phone,
      why: d.why,
      reason: d.reason ?? null,
      detail: d.detail ?? null,
      at: d.at,
    }));
    return page(res, 'whatsapp-unreachable', q, rows, total);
  }

  /** `trackers/qbot-tracker`: each salon's messages today and this month, on its own clock. */
  @Get('whatsapp-tracker')
  async tracker(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['id'],
      defaultSort: ['id', 'asc'],
    });
    const tenantId = salonFilter(q);
    const filter: Filter = tenantId ? { id: tenantId } : {};
    const [docs, total] = await this.pageOf('whatsapp_usage', filter, q);
    const accounts = await this.salons(docs.map((d) => d.id));
    const now = new Date();
    const rows = (docs as Usage[]).map((u) => {
      const today = businessDate(now, u.time_zone ?? 'Asia/Riyadh');
      const prefix = (c: UsageCounts, p: string) =>
        Object.fromEntries(Object.entries({ ...NO_USAGE, ...c }).map(([k, v]) => [`${p}_${k}`, v]));
      return {
        id: u.id,
        tenantId: u.id,
        ...salonOf(accounts.get(u.id)),
        today,
        ...prefix(u.days?.[today] ?? NO_USAGE, 'today'),
        ...prefix(u.months?.[today.slice(0, 7)] ?? NO_USAGE, 'month'),
        last_at: u.last_at ?? null,
      };
    });
    return page(res, 'whatsapp-tracker', q, rows, total);
  }

  /** The latest messages that failed, with the reason, across salons or for one. */
  @Get('whatsapp-failures')
  async failures(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['at'],
      defaultSort: ['at', 'desc'],
    });
    const tenantId = salonFilter(q);
    const filter: Filter = tenantId ? { tenantId } : {};
    const [docs, total] = await this.pageOf('whatsapp_failures', filter, q);
    const accounts = await this.salons(docs.map((d) => d.tenantId as string));
    return page(
      res,
      'whatsapp-failures',
      q,
      docs.map((d) => ({ ...d, ...salonOf(accounts.get(d.tenantId as string)) })),
      total,
    );
  }

  /** The manager's `ads-campaigns`: every salon's campaigns, with their audience and progress (read only). */
  @Get('campaigns')
  async campaigns(
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
    const [docs, total] = await this.pageOf('campaigns', filter, q);
    const ids = docs.map((d) => d.id);
    const counts = ids.length
      ? await this.models.aggregate('messages', {
          groupBy: ['campaign_id', 'status'],
          filter: { campaign_id: { $in: ids } },
        })
      : [];
    const progress = new Map<string, Record<string, number>>();
    for (const r of counts) {
      const p = progress.get(r.key.campaign_id as string) ?? { total: 0, done: 0 };
      const status = r.key.status as string;
      p.total += r.count;
      if (DONE.has(status)) p.done += r.count;
      p[status] = (p[status] ?? 0) + r.count;
      progress.set(r.key.campaign_id as string, p);
    }
    const accounts = await this.salons(docs.map((d) => d.tenantId as string));
    const rows = docs.map((d) => {
      const p = progress.get(d.id) ?? { total: 0, done: 0 };
      const launched = d.status === 'launched';
      const state = !launched
        ? d.status
        : p.done === 0
          ? 'pending'
          : p.done < p.total
            ? 'sending'
            : (p.sent ?? 0) + (p.delivered ?? 0) + (p.read ?? 0) > 0
              ? 'success'
              : 'failed';
      return {
        id: d.id,
        tenantId: d.tenantId,
        ...salonOf(accounts.get(d.tenantId as string)),
        name: d.name,
        created_at: d.created_at,
        launched_at: d.launched_at ?? null,
        state,
        audience: (d.audience as number | undefined) ?? 0,
        recipients: (d.recipients_count as number | undefined) ?? 0,
        // reached: sent, and those delivered or read since
        sent: (p.sent ?? 0) + (p.delivered ?? 0) + (p.read ?? 0),
        delivered: (p.delivered ?? 0) + (p.read ?? 0),
        read: p.read ?? 0,
        failed: p.failed ?? 0,
        withheld: p.withheld ?? 0,
      };
    });
    return page(res, 'campaigns', q, rows, total);
  }

  /** `platform-setting/whatsapp-setting`: the settings, without any secret (only whether each is set). */
  @Get('whatsapp-settings/:id')
  async settings(@Param('id') id: string) {
    if (id !== 'platform') throw new DomainError('not_found.page', 404);
    const doc: Record<string, unknown> = (await this.models.get('whatsapp_settings', 'platform')) ?? {};
    return {
      id: 'platform',
      send_from: (doc.send_from as string | undefined) ?? DEFAULT_WHATSAPP_SETTINGS.send_from,
      send_until: (doc.send_until as string | undefined) ?? DEFAULT_WHATSAPP_SETTINGS.send_until,
      instance_base_url:
        (doc.instance_base_url as string | undefined) ?? DEFAULT_WHATSAPP_SETTINGS.instance_base_url,
      verify_token_set: typeof doc.verify_token_hash === 'string',
      app_secret_set: doc.app_secret_set === true,
      updated_at: doc.updated_at ?? null,
    };
  }
}
