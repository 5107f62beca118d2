import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { CHECK_LISTS, contentHoldId, isUuid, notFound, rejected, type CheckList } from '@rawnaq/contracts';
import {
  header,
  Realm,
  TOKENS,
  type Doc,
  type FileStore,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import { page, parseListQuery } from '../shared/list-query';
import { employeeNamesOf } from './user-names';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };
type FileResponse = Response & { send: (b: Buffer) => void };

const REVIEWS = ['pending', 'approved', 'rejected'];
/** Where each kind of record is read now, for its current names. */
const COLLECTIONS: Record<string, string> = {
  service: 'services',
  group: 'service_groups',
  product: 'products',
  offer: 'offers',
  package: 'packages',
};

const listOf = (list: string): CheckList => {
  if (!(CHECK_LISTS as readonly string[]).includes(list)) throw notFound('not_found.record');
  return list as CheckList;
};

/**
 * `check-entries/*`: what salons added for the platform's team to check, newest first, each with its
 * salon, who added it, the record's names now, its decision and whether the online pages withhold it.
 */
@Controller('api/manager/check-entries')
@Realm('manager')
export class ContentChecksQueryController {
  constructor(
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.fileStore) private readonly files: FileStore,
  ) {}

  private async described(docs: Doc[]) {
    const ids = (kind: string) => [
      ...new Set(docs.filter((d) => d.target_kind === kind).map((d) => d.target_id as string)),
    ];
    const records = new Map<string, Doc>();
    await Promise.all(
      Object.entries(COLLECTIONS).map(async ([kind, collection]) => {
        const list = ids(kind);
        if (!list.length) return;
        for (const r of await this.models.getMany(collection, list)) if (r) records.set(`${kind}|${r.id}`, r);
      }),
    );
    const tenants = [...new Set(docs.map((d) => String(d.tenantId)))];
    const [salons, holds, names, users, managers] = await Promise.all([
      this.models.getMany('accounts', tenants),
      this.models.getMany(
        'content_holds',
        docs.map((d) =>
          contentHoldId(String(d.tenantId), d.target_kind as never, String(d.target_id), d.aspect as never),
        ),
      ),
      employeeNamesOf(
        this.models,
        docs.filter((d) => d.by_kind === 'user').map((d) => d.by_id as string),
      ),
      this.models.getMany('users', [
        ...new Set(docs.filter((d) => d.by_kind === 'user').map((d) => String(d.by_id))),
      ]),
      this.models.getMany('managers', [
        ...new Set(docs.map((d) => d.reviewed_by).filter((id): id is string => typeof id === 'string')),
      ]),
    ]);
    const salon = new Map(salons.filter(Boolean).map((a) => [a.id, a]));
    const held = new Set(holds.filter(Boolean).map((h) => h.entry_id as string));
    const user = new Map(users.filter(Boolean).map((u) => [u.id, u]));
    const manager = new Map(managers.filter(Boolean).map((m) => [m.id, m]));
    return docs.map(({ tenantId, ...d }) => {
      const a = salon.get(String(tenantId));
      const record = records.get(`${d.target_kind}|${d.target_id}`);
      const now = record && record.tenantId === tenantId ? record : undefined;
      const by = names.get(d.by_id as string);
      const byName = String(user.get(d.by_id as string)?.name ?? '');
      return {
        ...d,
        account_id: (a?.account_id as number | undefined) ?? null,
        salon_en: (a?.name_en as string | undefined) ?? '',
        salon_ar: (a?.name_ar as string | undefined) ?? '',
        // the record's names now (a salon's own renaming shows); its own while it has none
        name_en:
          (now?.name_en as string | undefined) ??
          d.name_en ??
          (d.target_kind === 'salon' ? a?.name_en : null) ??
          null,
        name_ar:
          (now?.name_ar as string | undefined) ??
          d.name_ar ??
          (d.target_kind === 'salon' ? a?.name_ar : null) ??
          null,
        removed: d.target_kind !== 'salon' && !now,
        by_en: by?.name_en || byName,
        by_ar: by?.name_ar || byName,
        reviewer: d.reviewed_by ? String(manager.get(d.reviewed_by as string)?.name ?? '') : null,
        held: held.has(d.id as string),
      };
    });
  }

  @Get(':list')
  async list(
    @Param('list') list: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const which = listOf(list);
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['created_at', 'reviewed_at'],
      defaultSort: ['created_at', 'desc'],
    });
    const review = q.filter.review;
    if (review !== undefined && review !== '' && !REVIEWS.includes(String(review)))
      throw rejected('validation.invalid_value', 'review');
    const tenant = q.filter.tenantId;
    if (tenant !== undefined && tenant !== '' && !/^\d{1,9}$/.test(String(tenant)))
      throw rejected('validation.invalid_value', 'tenantId');
    const filter: Filter = {
      list: which,
      ...(review !== undefined && review !== '' && { review: String(review) }),
      ...(tenant !== undefined && tenant !== '' && { tenantId: String(tenant) }),
    };
    const [docs, total] = await Promise.all([
      this.models.find('content_entries', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('content_entries', filter),
    ]);
    return page(res, `check-entries/${which}`, q, await this.described(docs), total);
  }

  @Get(':list/:id')
  async one(@Param('list') list: string, @Param('id') id: string) {
    const which = listOf(list);
    const doc = isUuid(id) ? await this.models.get('content_entries', id) : undefined;
    if (!doc || doc.list !== which) throw notFound('not_found.record');
    return (await this.described([doc]))[0];
  }

  /** An entry's picture, for the team to look at (only an entry's own file, never another of the salon's). */
  @Get(':list/:id/image')
  async image(@Param('list') list: string, @Param('id') id: string, @Res() res: FileResponse) {
    const which = listOf(list);
    const doc = isUuid(id) ? await this.models.get('content_entries', id) : undefined;
    if (!doc || doc.list !== which || typeof doc.file_id !== 'string') throw notFound('not_found.record');
    const file = await this.files.get(String(doc.tenantId), doc.file_id);
    if (!file || !file.meta.contentType.startsWith('image/')) throw notFound('not_found.record');
    res.setHeader('Content-Type', file.meta.contentType);
    res.setHeader('Content-Length', String(file.bytes.length));
    res.setHeader('Cache-Control', 'private, max-age=3600');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(file.bytes);
  }
}
