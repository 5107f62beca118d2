import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import {
  canAccess,
  DomainError,
  IMPORT_ENTITIES,
  IMPORT_PERMISSION,
  notFound,
  type ImportEntity,
} from '@rawnaq/contracts';
import { importTemplate } from './import-template';
import { Auth, Realm, TOKENS, type AuthContext, type FileStore, type ReadModels } from '@rawnaq/platform';

type Response = { setHeader: (k: string, v: string) => void; send: (b: Buffer) => void };

/** A salon's uploaded file, to its own users only. */
@Controller('api/merchant/files')
@Realm('merchant')
export class FilesQueryController {
  constructor(@Inject(TOKENS.fileStore) private readonly files: FileStore) {}

  @Get(':id')
  async file(@Auth() auth: AuthContext, @Param('id') id: string, @Res() res: Response) {
    if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) throw notFound('not_found.record');
    const file = await this.files.get(auth.tenantId, id);
    if (!file) throw notFound('not_found.record');
    res.setHeader('Content-Type', file.meta.contentType);
    res.setHeader('Content-Length', String(file.bytes.length));
    // the name goes in both forms: plain ASCII and UTF-8 (Arabic names)
    res.setHeader(
      'Content-Disposition',
      `inline; filename="${file.meta.name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.meta.name)}`,
    );
    res.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(file.bytes);
  }
}

/** An Excel import's progress (the progress bar of a large file). */
@Controller('api/merchant/imports')
@Realm('merchant')
export class ImportsQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  /** An empty workbook with the import's columns, in the user's language (or `?locale=`). */
  @Get('template/:entity')
  async template(
    @Auth() auth: AuthContext,
    @Param('entity') name: string,
    @Query('locale') locale: string | undefined,
    @Res() res: Response,
  ) {
    if (!IMPORT_ENTITIES.includes(name as ImportEntity)) throw notFound('not_found.page');
    const entity = name as ImportEntity;
    const [page, permission] = IMPORT_PERMISSION[entity];
    if (!canAccess(auth.permissions, page, permission)) throw new DomainError('auth.no_permission', 403);
    const lang =
      locale === 'en' || locale === 'ar'
        ? locale
        : (((await this.models.get('users', auth.userId))?.locale as 'en' | 'ar' | undefined) ?? 'ar');
    res.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    res.setHeader('Content-Disposition', `attachment; filename="${entity}-template.xlsx"`);
    res.send(await importTemplate(entity, lang));
  }

  @Get(':id')
  async one(@Auth() auth: AuthContext, @Param('id') id: string) {
    const doc = await this.models.get('imports', id);
    if (!doc || doc.tenantId !== auth.tenantId) throw notFound('not_found.record');
    const { tenantId: _t, ...rest } = doc;
    return { ...rest, id: doc.id };
  }
}
