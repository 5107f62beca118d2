import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { Page, Permission } from '@rawnaq/contracts';
import {
  Auth,
  header,
  Realm,
  RequirePermission,
  TOKENS,
  type AuthContext,
  type Doc,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import { notFoundRecord, page, parseListQuery } from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };

const SORTABLE = ['created_at', 'status', 'account_id'];

/** A device as the screens show it: the read model's fields, never anything secret (there is none). */
const row = ({ tenantId: _t, created_by: _c, ...doc }: Doc) => doc;

/** The salon's e-invoicing devices (its e-invoicing settings screen). */
@Controller('api/merchant/einvoicing')
@Realm('merchant')
@RequirePermission(Page.settings, Permission.manageSettings)
export class EInvoicingQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get('devices')
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
    const filter: Filter = { tenantId: auth.tenantId };
    const [docs, total] = await Promise.all([
      this.models.find('einvoicing_devices', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('einvoicing_devices', filter),
    ]);
    return page(res, 'einvoicing/devices', q, docs.map(row), total);
  }

  @Get('devices/:id')
  async one(@Auth() auth: AuthContext, @Param('id') id: string) {
    const doc = await this.models.get('einvoicing_devices', id);
    if (!doc || doc.tenantId !== auth.tenantId) throw notFoundRecord();
    return row(doc);
  }
}

/** The manager's `zatca-setting` list: every salon's devices, with the salon's name. */
@Controller('api/manager/zatca-setting')
@Realm('manager')
export class ZatcaSettingQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  private async withSalons(docs: Doc[]) {
    const accounts = await this.models.getMany('accounts', [...new Set(docs.map((d) => String(d.tenantId)))]);
    return docs.map((d) => {
      const a = accounts.find((x) => x.id === d.tenantId);
      return { ...row(d), salon_name_en: a?.name_en ?? '', salon_name_ar: a?.name_ar ?? '' };
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
    const filter: Filter = {};
    const status = q.filter.status;
    if (typeof status === 'number' || (typeof status === 'string' && /^[0-3]$/.test(status)))
      filter.status = Number(status);
    const account = q.filter.account_id;
    if (typeof account === 'number' || (typeof account === 'string' && /^\d{1,9}$/.test(account)))
      filter.account_id = Number(account);
    const [docs, total] = await Promise.all([
      this.models.find('einvoicing_devices', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('einvoicing_devices', filter),
    ]);
    return page(res, 'zatca-setting', q, await this.withSalons(docs), total);
  }

  @Get(':id')
  async one(@Param('id') id: string) {
    const doc = await this.models.get('einvoicing_devices', id);
    if (!doc) throw notFoundRecord();
    return (await this.withSalons([doc]))[0];
  }
}
