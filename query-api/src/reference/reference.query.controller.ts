import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { NATIONALITIES, notFound } from '@rawnaq/contracts';
import { Auth, header, Realm, TOKENS, type AuthContext, type ReadModels } from '@rawnaq/platform';
import { idsOf, page, parseListQuery } from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };

/** Lists every signed-in user may read: they fill selects and "who" columns. */
@Controller('api/merchant')
@Realm('merchant')
export class ReferenceQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get('nationalities')
  nationalities(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(
      { range: query.range ?? '[0,999]', filter: query.filter, sort: query.sort },
      header(req as never, 'range'),
      { sortable: ['id'], defaultSort: ['id', 'asc'] },
    );
    const ids = idsOf(q.filter);
    const rows = NATIONALITIES.filter((n) => !ids || ids.includes(String(n.id))).map((n) => ({
      id: n.id,
      english_name: n.english_name,
      arabic_name: n.arabic_name,
    }));
    // without a sort the Gulf comes first, as the list is kept; a sort asked for is honoured
    if (query.sort !== undefined) {
      const direction = q.sort[0][1] === 'desc' ? -1 : 1;
      rows.sort((a, b) => (a.id - b.id) * direction);
    }
    return page(res, 'nationalities', q, rows.slice(q.skip, q.skip + q.limit), rows.length);
  }

  @Get('nationalities/:id')
  nationality(@Param('id') id: string) {
    const n = NATIONALITIES.find((x) => String(x.id) === id);
    if (!n) throw notFound('not_found.record');
    return { id: n.id, english_name: n.english_name, arabic_name: n.arabic_name };
  }

  @Get('users')
  async users(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['name', 'username'],
      defaultSort: ['name', 'asc'],
    });
    const ids = idsOf(q.filter);
    const filter = { tenantId: auth.tenantId, ...(ids && { id: { $in: ids } }) };
    const [docs, total, roles] = await Promise.all([
      this.models.find('users', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('users', filter),
      this.models.find('roles', { filter: { tenantId: auth.tenantId } }),
    ]);
    const roleName = new Map(roles.map((r) => [r.id, r.name]));
    // a user's name is one text; the employee she is has it in both languages (Arabic screens show that)
    const employees = docs.length
      ? await this.models.find('employees', {
          filter: { tenantId: auth.tenantId, user_id: { $in: docs.map((u) => u.id) } },
        })
      : [];
    const arabic = new Map(
      employees.map((e) => [e.user_id, (e.name_ar as string | undefined)?.trim() || null]),
    );
    return page(
      res,
      'users',
      q,
      docs.map((u) => ({
        id: u.id,
        name: u.name,
        name_ar: arabic.get(u.id) ?? null,
        username: u.username,
        role: roleName.get(u.role_id as string) ?? null,
      })),
      total,
    );
  }
}
