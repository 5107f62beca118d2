import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { DomainError, rejected } from '@rawnaq/contracts';
import {
  Auth,
  header,
  Realm,
  TOKENS,
  type AuthContext,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import { page, parseListQuery } from '../shared/list-query';
import { employeeNamesOf } from './user-names';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };

const SORTABLE = ['created_at', 'status', 'answered_at'];
const isId = (id: string) => /^[0-9a-f-]{36}$/.test(id);

/** `filter.status`: one of doc1's statuses (0 rejected, 1 new, 2 under processing, 3 done). */
const statusFilter = (v: unknown): number | undefined => {
  if (v === undefined || v === '' || v === null) return undefined;
  if ((typeof v === 'number' || typeof v === 'string') && /^[0-3]$/.test(String(v))) return Number(v);
  throw rejected('validation.invalid_value', 'status');
};

/** Who sent each suggestion, in both languages (her employee record), else the name she had then. */
const withSenders = async <T extends Record<string, unknown>>(models: ReadModels, docs: T[]) => {
  const names = await employeeNamesOf(
    models,
    docs.map((d) => d.user_id as string),
  );
  return docs.map((d) => {
    const n = names.get(d.user_id as string);
    return { ...d, sender_en: n?.name_en || d.user_name, sender_ar: n?.name_ar || d.user_name };
  });
};

/** The salon's own suggestions to the platform, with the manager's status and reply. */
@Controller('api/merchant/development-suggestions')
@Realm('merchant')
export class SalonSuggestionsQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get()
  async list(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: SORTABLE,
      defaultSort: ['created_at', 'desc'],
    });
    const status = statusFilter(q.filter.status);
    const filter: Filter = { tenantId: auth.tenantId, ...(status !== undefined && { status }) };
    const [docs, total] = await Promise.all([
      this.models.find('development_suggestions', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('development_suggestions', filter),
    ]);
    return page(res, 'development-suggestions', q, await withSenders(this.models, docs), total);
  }

  @Get(':id')
  async one(@Auth() auth: AuthContext, @Param('id') id: string) {
    const doc = isId(id) ? await this.models.get('development_suggestions', id) : undefined;
    if (!doc || doc.tenantId !== auth.tenantId) throw new DomainError('not_found.record', 404);
    return (await withSenders(this.models, [doc]))[0];
  }
}

/** `technical/development-suggestions`: every salon's suggestions, newest first, with the salon's name. */
@Controller('api/manager/development-suggestions')
@Realm('manager')
export class ManagerSuggestionsQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  private async withSalons(docs: Array<Record<string, unknown> & { id: string }>) {
    const salons = new Map(
      (await this.models.getMany('accounts', [...new Set(docs.map((d) => String(d.tenantId)))])).map((a) => [
        a.id,
        a,
      ]),
    );
    return (await withSenders(this.models, docs)).map((d) => {
      const a = salons.get(String(d.tenantId));
      return {
        ...d,
        account_id: (a?.account_id as number | undefined) ?? null,
        salon_en: (a?.name_en as string | undefined) ?? '',
        salon_ar: (a?.name_ar as string | undefined) ?? '',
      };
    });
  }

  @Get()
  async list(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: SORTABLE,
      defaultSort: ['created_at', 'desc'],
    });
    const status = statusFilter(q.filter.status);
    const tenant = q.filter.tenantId;
    if (tenant !== undefined && tenant !== '' && !/^\d{1,9}$/.test(String(tenant)))
      throw rejected('validation.invalid_value', 'tenantId');
    const filter: Filter = {
      ...(status !== undefined && { status }),
      ...(tenant !== undefined && tenant !== '' && { tenantId: String(tenant) }),
    };
    const [docs, total] = await Promise.all([
      this.models.find('development_suggestions', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('development_suggestions', filter),
    ]);
    return page(res, 'development-suggestions', q, await this.withSalons(docs), total);
  }

  @Get(':id')
  async one(@Param('id') id: string) {
    const doc = isId(id) ? await this.models.get('development_suggestions', id) : undefined;
    if (!doc) throw new DomainError('not_found.record', 404);
    return (await this.withSalons([doc]))[0];
  }
}
