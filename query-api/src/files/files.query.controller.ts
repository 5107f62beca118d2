import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { notFound } from '@rawnaq/contracts';
import { Auth, Realm, TOKENS, type AuthContext, type FileStore } from '@rawnaq/platform';

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
