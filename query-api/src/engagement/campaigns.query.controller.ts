import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import {
  addDays,
  campaignFiltersInput,
  isUuid,
  notFound,
  Page,
  Permission,
  type CampaignState,
} from '@rawnaq/contracts';
import {
  Auth,
  header,
  parseInput,
  Realm,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type Doc,
  type ReadModels,
} from '@rawnaq/platform';
import { page, parseListQuery } from '../shared/list-query';
import { reportPeriod } from '../shared/report-period';
import { audienceCount } from './audience';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };

/** How many days after its launch a recipient's visit or invoice counts as what the campaign earned. */
export const EARNED_WITHIN_DAYS = 14;

const DONE = new Set(['sent', 'delivered', 'read', 'failed', 'withheld']);
const REACHED = new Set(['sent', 'delivered', 'read']);

type Progress = {
  total: number;
  done: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  withheld: number;
};

/** A launched campaign's state from its messages: pending until one leaves, sending, then success or failed. */
const stateOf = (doc: Doc, p: Progress | undefined): CampaignState => {
  const status = doc.status as string;
  if (status !== 'launched') return status as CampaignState;
  if (!p || p.done === 0) return 'pending';
  if (p.done < p.total) return 'sending';
  return p.sent + p.delivered + p.read > 0 ? 'success' : 'failed';
};

/**
 * `ads-campaigns`, `ads-campaign/{id}` and `ads-campaign/{id}/customers-report` (page 6, 37): each
 * campaign with its state and progress (its messages sent, delivered, read, failed of all), each
 * recipient's message and whether she replied, and what it earned: the visits booked and invoices paid
 * by its recipients within 14 days, beside those of the customers kept back.
 */
@Controller('api/merchant')
@Realm('merchant')
export class CampaignsQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  private async progress(tenantId: string, ids: string[]): Promise<Map<string, Progress>> {
    const rows = ids.length
      ? await this.models.aggregate('messages', {
          groupBy: ['campaign_id', 'status'],
          filter: { tenantId, campaign_id: { $in: ids } },
        })
      : [];
    const out = new Map<string, Progress>();
    for (const r of rows) {
      const id = r.key.campaign_id as string;
      const p = out.get(id) ?? { total: 0, done: 0, sent: 0, delivered: 0, read: 0, failed: 0, withheld: 0 };
      const status = r.key.status as string;
      p.total += r.count;
      if (DONE.has(status)) p.done += r.count;
      if (status in p) (p as Record<string, number>)[status] += r.count;
      out.set(id, p);
    }
    return out;
  }

  private view(doc: Doc, p: Progress | undefined) {
    const { tenantId: _t, recipients: _r, held_out: _h, ...rest } = doc;
    return { ...rest, state: stateOf(doc, p), progress: p ?? null };
  }

  @Get('campaigns')
  @RequirePermission(Page.marketing, Permission.campaigns)
  async list(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['created_at', 'name'],
      defaultSort: ['created_at', 'desc'],
    });
    const filter = { tenantId: auth.tenantId };
    const [docs, total] = await Promise.all([
      this.models.find('campaigns', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('campaigns', filter),
    ]);
    const progress = await this.progress(
      auth.tenantId,
      docs.map((d) => d.id),
    );
    return page(
      res,
      'campaigns',
      q,
      docs.map((d) => this.view(d, progress.get(d.id))),
      total,
    );
  }

  /** `campaign-audience?customer_type=&gender=...`: how many customers the filters reach now (the form's live count). */
  @Get('campaign-audience')
  @RequirePermission(Page.marketing, Permission.campaigns)
  async audience(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const given = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
    const filters = parseInput(campaignFiltersInput, given);
    return { count: await audienceCount(this.models, auth.tenantId, filters) };
  }

  @Get('campaigns/:id')
  @RequirePermission(Page.marketing, Permission.campaigns)
  async one(@Auth() auth: AuthContext, @Param('id') id: string) {
    const doc = await this.campaign(auth, id);
    const progress = (await this.progress(auth.tenantId, [id])).get(id);
    return { ...this.view(doc, progress), earned: await this.earned(auth, doc) };
  }

  private async campaign(auth: AuthContext, id: string) {
    const doc = isUuid(id) ? await this.models.get('campaigns', id) : undefined;
    if (!doc || doc.tenantId !== auth.tenantId) throw notFound('not_found.campaign');
    return doc;
  }

  /** What the recipients did within 14 days of the launch, beside what those kept back did. */
  private async earned(auth: AuthContext, doc: Doc) {
    if (doc.status !== 'launched' && !doc.launched_at) return null;
    const from = String(doc.launched_at).slice(0, 10);
    const to = addDays(from as never, EARNED_WITHIN_DAYS);
    const group = async (ids: string[]) => {
      if (ids.length === 0) return { customers: 0, visits: 0, invoices: 0, paid: 0, payers: 0 };
      const [visits, invoices] = await Promise.all([
        this.models.count('appointments', {
          tenantId: auth.tenantId,
          customer_id: { $in: ids },
          created_at: { $gte: String(doc.launched_at) },
          date: { $lte: to },
        }),
        // by customer: how many of them paid, not only how many invoices
        this.models.aggregate('invoices', {
          groupBy: ['customer_id'],
          sum: ['paid'],
          filter: {
            tenantId: auth.tenantId,
            customer_id: { $in: ids },
            business_date: { $gte: from, $lte: to },
            issued_at: { $gte: String(doc.launched_at) },
          },
        }),
      ]);
      return {
        customers: ids.length,
        visits,
        invoices: invoices.reduce((n, row) => n + row.count, 0),
        paid: invoices.reduce((n, row) => n + (row.sums.paid ?? 0), 0),
        /** the customers of the group who paid an invoice */
        payers: invoices.filter((row) => (row.sums.paid ?? 0) > 0).length,
      };
    };
    const [recipients, heldOut] = await Promise.all([
      group((doc.recipients as string[] | undefined) ?? []),
      group((doc.held_out as string[] | undefined) ?? []),
    ]);
    return { within_days: EARNED_WITHIN_DAYS, until: to, recipients, held_out: heldOut };
  }

  /** `campaigns/{id}/customers-report`: each recipient, her message's status and whether she replied. */
  @Get('campaigns/:id/customers-report')
  @RequirePermission(Page.marketing, Permission.campaigns)
  async customers(
    @Auth() auth: AuthContext,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const doc = await this.campaign(auth, id);
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['at'],
      defaultSort: ['at', 'asc'],
    });
    const messages = await this.models.find('messages', {
      filter: { tenantId: auth.tenantId, campaign_id: id },
      sort: [['at', 'asc']],
      limit: 200_000,
    });
    // her last message of the campaign (a resend follows a failure)
    const last = new Map<string, Doc>();
    for (const m of messages) last.set(m.customer_id as string, m);
    const ids = [...last.keys()];
    const [customers, replies] = await Promise.all([
      this.models.getMany('customers', ids),
      ids.length
        ? this.models.find('messages', {
            filter: {
              tenantId: auth.tenantId,
              direction: 'in',
              customer_id: { $in: ids },
              at: { $gte: String(doc.launched_at ?? doc.created_at) },
            },
            limit: 200_000,
          })
        : Promise.resolve([]),
    ]);
    const names = new Map(customers.map((c) => [c.id, c.name as string]));
    const replied = new Set(replies.map((r) => r.customer_id as string));
    const filter = typeof q.filter.status === 'string' ? q.filter.status : undefined;
    const rows = ids
      .map((customerId) => {
        const m = last.get(customerId)!;
        return {
          id: customerId,
          customer_id: customerId,
          customer_name: names.get(customerId) ?? null,
          status: m.status,
          reached: REACHED.has(m.status as string),
          scheduled_for: m.scheduled_for,
          at: m.at,
          replied: replied.has(customerId),
          failure: (m.reason as string | undefined) ?? null,
        };
      })
      .filter((r) => !filter || r.status === filter || (filter === 'replied' && r.replied));
    return page(res, 'customers-report', q, rows.slice(q.skip, q.skip + q.limit), rows.length);
  }

  /** `reports/campaigns?from=&to=`: the campaigns launched in a period (for the marketing reports). */
  @Get('reports/campaigns')
  @RequirePermission(Page.marketing, Permission.campaigns)
  async launched(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const period = await reportPeriod(this.models, auth.tenantId, query);
    const docs = await this.models.find('campaigns', {
      filter: {
        tenantId: auth.tenantId,
        launched_at: { $gte: period.from, $lte: `${period.to}T23:59:59.999Z` },
      },
      limit: 1000,
    });
    const progress = await this.progress(
      auth.tenantId,
      docs.map((d) => d.id),
    );
    return { from: period.from, to: period.to, rows: docs.map((d) => this.view(d, progress.get(d.id))) };
  }
}
