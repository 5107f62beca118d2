import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { DomainError, EINVOICE_CHAIN_CATEGORY, Page, Permission, streamName } from '@rawnaq/contracts';
import {
  Auth,
  header,
  Realm,
  renderEInvoicePdf,
  RequireAnyPermission,
  RequirePermission,
  TOKENS,
  zatca,
  type AuthContext,
  type Doc,
  type EventStore,
  type FileStore,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import { signedXmlOf } from '@rawnaq/projections';
import { pdfLetterhead } from '../shared/invoice-print';
import { notFoundRecord, page, parseListQuery } from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void };

const SORTABLE = ['created_at', 'status', 'account_id'];
const DOCUMENT_SORTABLE = ['signed_at', 'icv', 'state'];
const STATES = ['pending', 'reported', 'reported_with_warnings', 'cleared', 'rejected'];

type Message = { code: string; message: string };
/** The authority's words and ours: what went wrong and what to fix, in both languages. */
const explained = (messages: unknown) =>
  (Array.isArray(messages) ? (messages as Message[]) : []).map((m) => {
    const e = zatca.explain(m.code, m.message);
    return { code: m.code, message: m.message, en: e.en, ar: e.ar, fix_en: e.fix_en, fix_ar: e.fix_ar };
  });

/** A signed document as the screens list it: its state and reasons, not its XML. */
const documentRow = ({ tenantId: _t, xml: _x, cleared_xml: _c, ...doc }: Doc) => ({
  ...doc,
  errors: explained(doc.errors),
  warnings: explained(doc.warnings),
});

/**
 * ZATCA's file name of a document, without its extension: VAT number, its issue date and time as the
 * document states them (IssueDate, IssueTime, both mandatory: Riyadh's wall clock; the UTC instant
 * named the day before from 21:00 to midnight UTC), its number.
 */
const documentFileName = (xml: string, doc: Doc, vat: string) => {
  const date = /<cbc:IssueDate>(\d{4})-(\d\d)-(\d\d)<\/cbc:IssueDate>/.exec(xml) ?? [];
  const time = /<cbc:IssueTime>(\d\d):(\d\d):(\d\d)/.exec(xml) ?? [];
  return `${vat}_${date.slice(1).join('')}T${time.slice(1).join('')}_${String(doc.document_number)}`;
};

/** Chain verification from the event history alone: every hash, PIH, ICV and signature recomputed. */
export const verifyDeviceChain = async (events: EventStore, tenantId: string, deviceId: string) => {
  const stored = await events.readStream(streamName(EINVOICE_CHAIN_CATEGORY, tenantId, deviceId));
  const documents = stored
    .filter((e) => e.type === 'EInvoiceSigned')
    .map((e) => {
      const d = e.data as { icv: number; xml: string };
      return { icv: d.icv, xml: d.xml };
    });
  const result = zatca.verifyChain(documents);
  return result.ok
    ? { verified: true, count: result.count, last_hash: result.lastHash }
    : { verified: false, count: result.count, first_broken: result.firstBroken };
};

/** A device as the screens show it: the read model's fields, never anything secret (there is none). */
const row = ({ tenantId: _t, created_by: _c, ...doc }: Doc) => doc;

/** A signed document is part of its invoice: who sees the invoices sees it, its XML and its PDF. */
const DocumentReaders = () =>
  RequireAnyPermission([Page.settings, Permission.manageSettings], [Page.pos, Permission.viewInvoices]);

/** The salon's e-invoicing devices (its e-invoicing settings screen). */
@Controller('api/merchant/einvoicing')
@Realm('merchant')
@RequirePermission(Page.settings, Permission.manageSettings)
export class EInvoicingQueryController {
  constructor(
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.eventStore) private readonly events: EventStore,
    @Inject(TOKENS.fileStore) private readonly files: FileStore,
  ) {}

  /** The salon's signed documents, newest first, with the authority's answers explained. */
  @Get('documents')
  @DocumentReaders()
  async documents(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: DOCUMENT_SORTABLE,
      defaultSort: ['signed_at', 'desc'],
    });
    const filter: Filter = { tenantId: auth.tenantId };
    if (typeof q.filter.state === 'string' && STATES.includes(q.filter.state)) filter.state = q.filter.state;
    if (typeof q.filter.document_id === 'string') filter.document_id = q.filter.document_id;
    const [docs, total] = await Promise.all([
      this.models.find('einvoices', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('einvoices', filter),
    ]);
    return page(res, 'einvoicing/documents', q, docs.map(documentRow), total);
  }

  @Get('documents/:uuid')
  @DocumentReaders()
  async document(@Auth() auth: AuthContext, @Param('uuid') uuid: string) {
    const doc = await this.models.get('einvoices', uuid);
    if (!doc || doc.tenantId !== auth.tenantId) throw notFoundRecord();
    return documentRow(doc);
  }

  /** A document's XML (the cleared one for a standard document) and ZATCA's name for it. */
  private async documentXml(auth: AuthContext, uuid: string) {
    const doc = await this.models.get('einvoices', uuid);
    if (!doc || doc.tenantId !== auth.tenantId)
      throw new DomainError('einvoicing.there_is_no_xml_for_this_record', 404);
    const text = doc.cleared_xml
      ? Buffer.from(String(doc.cleared_xml), 'base64').toString('utf8')
      : ((await signedXmlOf(this.events, doc)) ?? '');
    if (!text) throw new DomainError('einvoicing.xml_file_not_exist', 404);
    const device = await this.models.get('einvoicing_devices', String(doc.device_id));
    return {
      text,
      name: documentFileName(text, doc, String(device?.vat_number ?? 'einvoice')),
      // a standard (B2B) document is printed only once the authority cleared it
      printable: !doc.standard || doc.state === 'cleared',
    };
  }

  /** The signed XML (the cleared one for a standard document), named as ZATCA names it. */
  @Get('documents/:uuid/xml')
  @DocumentReaders()
  async xml(
    @Auth() auth: AuthContext,
    @Param('uuid') uuid: string,
    @Res() res: Response & { send: (body: string) => void },
  ) {
    const { text, name } = await this.documentXml(auth, uuid);
    res.setHeader('Content-Type', 'application/xml; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${name}.xml"`);
    res.send(text);
  }

  /**
   * The same document as a bilingual PDF/A-3b to read and print, that XML attached inside it, on the
   * salon's letterhead (its invoice settings' logo while shown, and its notes), as its pages print it.
   */
  @Get('documents/:uuid/pdf')
  @DocumentReaders()
  async pdf(
    @Auth() auth: AuthContext,
    @Param('uuid') uuid: string,
    @Res() res: Response & { send: (body: Buffer) => void },
  ) {
    const { text, name, printable } = await this.documentXml(auth, uuid);
    if (!printable) throw new DomainError('einvoicing.not_cleared_yet', 409);
    const pdf = await renderEInvoicePdf(text, {
      xmlFileName: `${name}.xml`,
      letterhead: await pdfLetterhead(this.models, this.files, auth.tenantId),
    });
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${name}.pdf"`);
    res.send(Buffer.from(pdf));
  }

  /** "Chain verified: N documents" or the first broken link, from the events alone. */
  @Get('devices/:id/verify-chain')
  async verify(@Auth() auth: AuthContext, @Param('id') id: string) {
    const device = await this.models.get('einvoicing_devices', id);
    if (!device || device.tenantId !== auth.tenantId) throw notFoundRecord();
    return { id, ...(await verifyDeviceChain(this.events, auth.tenantId, id)) };
  }

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

/** The manager's ZATCA dashboards: every salon's refused documents, and those accepted with warnings. */
@Controller('api/manager/dashboard')
@Realm('manager')
export class ZatcaTransactionsQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  private async list(
    state: string,
    resource: string,
    query: Record<string, unknown>,
    req: Request,
    res: Response,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: DOCUMENT_SORTABLE,
      defaultSort: ['signed_at', 'desc'],
    });
    const filter: Filter = { state };
    const [docs, total] = await Promise.all([
      this.models.find('einvoices', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('einvoices', filter),
    ]);
    const accounts = await this.models.getMany('accounts', [...new Set(docs.map((d) => String(d.tenantId)))]);
    const rows = docs.map((d) => {
      const a = accounts.find((x) => x.id === d.tenantId);
      return {
        ...documentRow(d),
        account_id: Number(d.tenantId),
        salon_name_en: a?.name_en ?? '',
        salon_name_ar: a?.name_ar ?? '',
      };
    });
    return page(res, resource, q, rows, total);
  }

  @Get('zatca-failed-transactions')
  failed(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.list('rejected', 'dashboard/zatca-failed-transactions', query, req, res);
  }

  @Get('zatca-warning-transactions')
  warnings(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.list('reported_with_warnings', 'dashboard/zatca-warning-transactions', query, req, res);
  }
}
