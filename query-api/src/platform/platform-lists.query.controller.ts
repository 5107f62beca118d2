import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import {
  accountState,
  COUNTRIES,
  defaultCountryEntry,
  DomainError,
  isPlatformList,
  isPlatformRecord,
  platformListDocId,
  platformRecordView,
  type CountryId,
  type PlatformList,
} from '@rawnaq/contracts';
import { header, Realm, TOKENS, type Clock, type Doc, type Filter, type ReadModels } from '@rawnaq/platform';
import { page, parseListQuery } from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An entry as the screens see it: its own id, never the collection's key nor the search text. */
const entryRow = ({ id: _key, search: _s, entry_id, ...doc }: Doc): Doc & { id: string } => ({
  ...doc,
  id: entry_id as string,
});

/** The coded Gulf countries, each with the manager's changes when she made some. */
const countriesOf = async (models: ReadModels) => {
  const docs = await models.find('platform_lists', { filter: { list: 'countries' }, limit: 100 });
  const changed = new Map(docs.map((d) => [String(d.entry_id), d]));
  return Object.values(COUNTRIES).map((c) => {
    const doc = changed.get(String(c.id));
    return doc
      ? entryRow(doc)
      : { id: String(c.id), list: 'countries', ...defaultCountryEntry(c.id as CountryId), status: 'enabled' };
  });
};

/** The filter a list's screen may send: a name search, the status, a country, a group. */
const listFilter = (list: PlatformList, raw: Record<string, unknown>): Filter => {
  const filter: Filter = { list };
  if (typeof raw.q === 'string' && raw.q.trim()) filter.search = { $contains: raw.q.trim().toLowerCase() };
  if (raw.status === 'enabled' || raw.status === 'disabled') filter.status = raw.status;
  const country = Number(raw.country_id);
  if (list === 'cities' && raw.country_id !== undefined && raw.country_id !== '' && Number.isInteger(country))
    filter.country_id = country;
  if (list === 'suggested-services' && typeof raw.group_id === 'string' && UUID.test(raw.group_id))
    filter.group_id = raw.group_id;
  if (Array.isArray(raw.id))
    filter.entry_id = { $in: raw.id.filter((v): v is string => typeof v === 'string') };
  return filter;
};

/** A staff member as her screen shows her: never her password's hash. */
export const staffRow = (d: Doc) => ({
  id: d.id,
  name: d.name,
  email: d.email,
  areas: Array.isArray(d.areas) ? d.areas : null,
  status: d.status,
  created_at: d.created_at,
});

const SORTABLE = ['name_en', 'name_ar', 'created_at', 'status', 'country_id'];

/** The manager's lists and one-record settings (doc1 §2 `platform-setting/*`, `marketing/marketing-setting`). */
@Controller('api/manager')
@Realm('manager')
export class PlatformListsQueryController {
  constructor(
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.clock) private readonly clock: Clock,
  ) {}

  @Get('platform-lists/:list')
  async list(
    @Param('list') list: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    if (!isPlatformList(list)) throw new DomainError('not_found.page', 404);
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: SORTABLE,
      defaultSort: ['created_at', 'asc'],
    });
    if (list === 'countries') {
      const all = await countriesOf(this.models);
      return page(res, list, { ...q, skip: 0 }, all, all.length);
    }
    const filter = listFilter(list, q.filter);
    const sort = q.sort.map(([f, o]) => [f === 'id' ? 'created_at' : f, o] as [string, typeof o]);
    const [docs, total] = await Promise.all([
      this.models.find('platform_lists', { filter, sort, skip: q.skip, limit: q.limit }),
      this.models.count('platform_lists', filter),
    ]);
    return page(res, list, q, docs.map(entryRow), total);
  }

  @Get('platform-lists/:list/:id')
  async entry(@Param('list') list: string, @Param('id') id: string) {
    if (!isPlatformList(list)) throw new DomainError('not_found.page', 404);
    if (list === 'countries') {
      const found = (await countriesOf(this.models)).find((c) => c.id === id);
      if (!found) throw new DomainError('not_found.record', 404);
      return found;
    }
    const doc = UUID.test(id)
      ? await this.models.get('platform_lists', platformListDocId(list, id))
      : undefined;
    if (!doc) throw new DomainError('not_found.record', 404);
    return entryRow(doc);
  }

  @Get('platform-records/:record')
  async record(@Param('record') record: string) {
    if (!isPlatformRecord(record)) throw new DomainError('not_found.page', 404);
    return platformRecordView(record, await this.models.get('platform_records', record));
  }

  /** One of the platform's staff (her list is the manager's `platform-staff` list, beside the others). */
  @Get('platform-staff/:id')
  async staffMember(@Param('id') id: string) {
    const doc = UUID.test(id) ? await this.models.get('managers', id) : undefined;
    if (!doc) throw new DomainError('not_found.record', 404);
    return staffRow(doc);
  }

  /**
   * `marketing/marketing-merchants-requests`: the free-trial requests with where they came from (the
   * campaign's utm source and name), newest first, for marketing's follow-up.
   */
  @Get('marketing/merchants-requests')
  async requests(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['requested_at'],
      defaultSort: ['requested_at', 'desc'],
    });
    const filter: Filter = {};
    for (const field of ['utm_source', 'utm_campaign', 'state'])
      if (typeof q.filter[field] === 'string' && q.filter[field]) filter[field] = q.filter[field] as string;
    const [docs, total] = await Promise.all([
      this.models.find('trial_requests', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('trial_requests', filter),
    ]);
    const rows = docs.map((d) => ({
      id: d.id,
      name_en: d.name_en,
      name_ar: d.name_ar,
      owner_name: d.owner_name,
      email: d.email,
      mobile: d.mobile,
      country_id: d.country_id,
      state: d.state,
      requested_at: d.requested_at,
      utm_source: (d.utm_source as string | undefined) ?? null,
      utm_campaign: (d.utm_campaign as string | undefined) ?? null,
    }));
    return page(res, 'marketing/merchants-requests', q, rows, total);
  }

  /** `marketing/marketing-active-merchants`: the salons in use (trial or paid), their plan, since when, last sign-in. */
  @Get('marketing/active-merchants')
  async activeMerchants(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['created_at', 'name_en', 'name_ar', 'account_id'],
      defaultSort: ['created_at', 'desc'],
    });
    const now = this.clock.now();
    // the platform's salons are a few thousand at most: their state is judged in memory
    const all = await this.models.find('accounts', { sort: q.sort, limit: 100_000 });
    const active = all.filter((a) => {
      const state = accountState(a, now);
      return state === 'active' || state === 'trial';
    });
    const slice = active.slice(q.skip, q.skip + q.limit);
    const rows = await Promise.all(
      slice.map(async (a) => {
        const [last] = await this.models.find('sessions', {
          filter: { tenantId: a.id as string, realm: 'merchant' },
          sort: [['started_at', 'desc']],
          limit: 1,
        });
        return {
          id: a.id as string,
          account_id: a.account_id,
          name_en: a.name_en,
          name_ar: a.name_ar,
          country_id: a.country_id,
          plan: (a.plan as string | undefined) ?? null,
          state: accountState(a, now),
          valid_till: (a.valid_till as string | undefined) ?? null,
          created_at: a.created_at,
          last_sign_in_at: (last?.started_at as string | undefined) ?? null,
        };
      }),
    );
    return page(res, 'marketing/active-merchants', q, rows, active.length);
  }
}

/**
 * What a salon's screens read of the platform's lists: the cities of a country (the address fields),
 * the payment methods offered as defaults, and the suggested groups, services and products (the setup
 * wizard, the products screen). Only what is enabled, and nothing of who changed it.
 */
@Controller('api/merchant')
@Realm('merchant')
export class SalonPlatformListsQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get('platform-lists/:list')
  async list(
    @Param('list') list: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    if (!isPlatformList(list) || list === 'countries') throw new DomainError('not_found.page', 404);
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['name_en', 'name_ar', 'created_at'],
      defaultSort: ['created_at', 'asc'],
    });
    const filter = { ...listFilter(list, q.filter), status: 'enabled' };
    const [docs, total] = await Promise.all([
      this.models.find('platform_lists', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('platform_lists', filter),
    ]);
    return page(
      res,
      list,
      q,
      docs.map((d) => {
        const { created_at: _c, ...row } = entryRow(d);
        return row;
      }),
      total,
    );
  }
}
