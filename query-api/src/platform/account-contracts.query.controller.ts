import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { DomainError, notFound } from '@rawnaq/contracts';
import {
  Auth,
  header,
  Public,
  Realm,
  TOKENS,
  type AuthContext,
  type Doc,
  type FileStore,
  type Filter,
  type ReadModels,
} from '@rawnaq/platform';
import { page, parseListQuery } from '../shared/list-query';

type Request = { headers: Record<string, string | string[] | undefined> };
type Response = { setHeader: (k: string, v: string) => void; send: (b: Buffer) => void };
type ListResponse = { setHeader: (k: string, v: string) => void };

const UUID = /^[0-9a-f-]{36}$/;
const LINK = /^[A-Za-z0-9_-]{22}$/;

/** What the manager sees of a contract: all but its files' ids (the PDF has its own route). */
const contractRow = (d: Doc, withLink: boolean) => {
  const { tenantId: _t, signature_file_id: _s, pdf_file_id: _p, unique_id, ...rest } = d;
  return {
    ...rest,
    ...(withLink && { unique_id, link: `/${String(d.language)}/account-contract/${String(unique_id)}` }),
  };
};

/**
 * What the salon sees of its own contract: not which platform staff sent or cancelled it, and a
 * cancelled contract's link no longer opens anything.
 */
const salonRow = (d: Doc) => {
  const { owner_user_id: _o, sent_by: _b, cancelled_by: _c, ...own } = d;
  return contractRow(own as Doc, d.state !== 'cancelled');
};

/** The signed PDF of a contract, as a download named after it. */
const sendPdf = async (files: FileStore, doc: Doc | undefined, res: Response) => {
  if (!doc) throw notFound('contract.not_sent');
  if (doc.state !== 'signed' || typeof doc.pdf_file_id !== 'string')
    throw new DomainError('contract.not_signed', 404);
  const file = await files.get(String(doc.tenantId), doc.pdf_file_id);
  if (!file) throw new DomainError('contract.not_signed', 404);
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Length', String(file.bytes.length));
  res.setHeader(
    'Content-Disposition',
    `attachment; filename="contract-${String(doc.account_id)}-${String(doc.id).slice(0, 8)}.pdf"`,
  );
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.send(file.bytes);
};

/** `accounting/contracts…`: the manager's templates and every salon's contracts. */
@Controller('api/manager')
@Realm('manager')
export class ManagerContractsQueryController {
  constructor(
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.fileStore) private readonly files: FileStore,
  ) {}

  @Get('contract-templates')
  async templates(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: ListResponse,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['name', 'updated_at', 'created_at'],
      defaultSort: ['updated_at', 'desc'],
    });
    const [docs, total] = await Promise.all([
      this.models.find('contract_templates', { sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('contract_templates', {}),
    ]);
    return page(res, 'contract-templates', q, docs, total);
  }

  @Get('contract-templates/:id')
  async template(@Param('id') id: string) {
    const doc = UUID.test(id) ? await this.models.get('contract_templates', id) : undefined;
    if (!doc) throw notFound('contract.template_not_found');
    return doc;
  }

  @Get('contracts')
  async contracts(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: ListResponse,
  ) {
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['sent_at', 'account_id', 'state', 'signed_at'],
      defaultSort: ['sent_at', 'desc'],
    });
    const filter: Filter = {};
    if (typeof q.filter.state === 'string') filter.state = q.filter.state;
    if (q.filter.account_id !== undefined && /^\d{1,9}$/.test(String(q.filter.account_id)))
      filter.account_id = Number(q.filter.account_id);
    const [docs, total] = await Promise.all([
      this.models.find('contracts', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('contracts', filter),
    ]);
    return page(
      res,
      'contracts',
      q,
      docs.map((d) => contractRow(d, true)),
      total,
    );
  }

  @Get('contracts/:id')
  async contract(@Param('id') id: string) {
    const doc = UUID.test(id) ? await this.models.get('contracts', id) : undefined;
    if (!doc) throw notFound('contract.not_sent');
    // where its link is mailed: the owner's address as it is now
    const owner = await this.models.get('users', String(doc.owner_user_id));
    return { ...contractRow(doc, true), owner_email: owner?.verified_email ?? owner?.email ?? null };
  }

  @Get('contracts/:id/pdf')
  async pdf(@Param('id') id: string, @Res() res: Response) {
    await sendPdf(this.files, UUID.test(id) ? await this.models.get('contracts', id) : undefined, res);
  }
}

/** The salon's own contracts (its settings): the owner reads them and downloads the signed PDFs. */
@Controller('api/merchant/contracts')
@Realm('merchant')
export class MerchantContractsQueryController {
  constructor(
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.fileStore) private readonly files: FileStore,
  ) {}

  private async own(auth: AuthContext, id: string) {
    if (!auth.isAdmin) throw new DomainError('auth.no_permission', 403);
    const doc = UUID.test(id) ? await this.models.get('contracts', id) : undefined;
    return doc && doc.tenantId === auth.tenantId ? doc : undefined;
  }

  @Get()
  async list(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: ListResponse,
  ) {
    if (!auth.isAdmin) throw new DomainError('auth.no_permission', 403);
    const q = parseListQuery(query, header(req as never, 'range'), {
      sortable: ['sent_at'],
      defaultSort: ['sent_at', 'desc'],
    });
    const filter = { tenantId: auth.tenantId };
    const [docs, total] = await Promise.all([
      this.models.find('contracts', { filter, sort: q.sort, skip: q.skip, limit: q.limit }),
      this.models.count('contracts', filter),
    ]);
    // a cancelled contract's link no longer opens anything; the others' open the signing page
    return page(
      res,
      'contracts',
      q,
      docs.map((d) => contractRow(d, d.state !== 'cancelled')),
      total,
    );
  }

  @Get(':id')
  async one(@Auth() auth: AuthContext, @Param('id') id: string) {
    const doc = await this.own(auth, id);
    if (!doc) throw notFound('contract.not_sent');
    return salonRow(doc);
  }

  @Get(':id/pdf')
  async pdf(@Auth() auth: AuthContext, @Param('id') id: string, @Res() res: Response) {
    await sendPdf(this.files, await this.own(auth, id), res);
  }
}

/** The signing page (`account-contract/{uniqueId}`): whoever holds the mailed link reads the contract. */
@Controller('api/public/contracts')
export class PublicContractsQueryController {
  constructor(
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.fileStore) private readonly files: FileStore,
  ) {}

  private async byLink(uniqueId: string) {
    const [doc] = LINK.test(uniqueId)
      ? await this.models.find('contracts', { filter: { unique_id: uniqueId }, limit: 1 })
      : [];
    // a cancelled contract's link shows that it was cancelled, nothing of its text
    return doc;
  }

  @Get(':uniqueId')
  @Public()
  async contract(@Param('uniqueId') uniqueId: string) {
    const d = await this.byLink(uniqueId);
    if (!d) throw notFound('contract.not_sent');
    if (d.state === 'cancelled') return { state: 'cancelled', language: d.language, title: d.title };
    return {
      state: d.state,
      language: d.language,
      title: d.title,
      text: d.text,
      salon_name: d.salon_name,
      owner_name: d.owner_name,
      account_id: d.account_id,
      sent_at: d.sent_at,
      signer_name: d.signer_name ?? null,
      signed_at: d.signed_at ?? null,
    };
  }

  @Get(':uniqueId/pdf')
  @Public()
  async pdf(@Param('uniqueId') uniqueId: string, @Res() res: Response) {
    await sendPdf(this.files, await this.byLink(uniqueId), res);
  }
}
