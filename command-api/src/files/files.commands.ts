import { Controller, Inject, Post, Query, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import { DomainError, streamName, type FileUploaded } from '@rawnaq/contracts';
import {
  ALLOWED_EXTENSIONS,
  Auth,
  decodeImage,
  Realm,
  sniff,
  TOKENS,
  type AuthContext,
  type FileStore,
} from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import { readUpload, type UploadRequest } from '../shared/upload-body';
import type { CommandContext } from '../shared/command-context';
import { commandContext } from '../shared/http-context';
import { Aggregates, idFor } from '../shared/repository';

export const PURPOSES = ['image', 'logo', 'attachment'] as const;
export type Purpose = (typeof PURPOSES)[number];

export class UploadFile {
  constructor(
    readonly ctx: CommandContext,
    readonly purpose: Purpose,
    readonly name: string,
    readonly bytes: Buffer,
  ) {}
}

const NOT_IMAGES = ['pdf', 'mp4', 'mov', 'webm'];

/** The extensions message names what this upload may be: images only for a picture or a logo. */
const wrongType = (purpose: Purpose) =>
  new DomainError(
    'files.uploaded_file_must_be_one_of_these_extensions',
    422,
    { file: 'files.uploaded_file_must_be_one_of_these_extensions' },
    {
      extensions: (purpose === 'attachment'
        ? ALLOWED_EXTENSIONS
        : ALLOWED_EXTENSIONS.filter((e) => !NOT_IMAGES.includes(e))
      ).join(', '),
    },
  );

/**
 * An image, video or PDF of at most 5 MB (doc2 §5.3), judged by its bytes, not its name; logos are
 * square images. The bytes go to the file store; the upload itself is an event with the checksum.
 */
@CommandHandler(UploadFile)
export class UploadFileHandler implements ICommandHandler<UploadFile> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.fileStore) private readonly files: FileStore,
  ) {}

  async execute({ ctx, purpose, name, bytes }: UploadFile): Promise<Answer> {
    if (bytes.length === 0)
      throw new DomainError('validation.is_required', 422, { file: 'validation.is_required' });
    const sniffed = sniff(bytes);
    if (!sniffed) throw wrongType(purpose);
    if (purpose !== 'attachment' && sniffed.kind !== 'image') throw wrongType(purpose);
    // an image is what decodes whole, not what starts with an image's signature
    const decoded = sniffed.kind === 'image' ? await decodeImage(bytes, sniffed) : undefined;
    if (sniffed.kind === 'image' && !decoded)
      throw new DomainError('files.image_unreadable', 422, { file: 'files.image_unreadable' });
    const kind = { ...sniffed, ...decoded };
    if (purpose === 'logo' && (!kind.width || kind.width !== kind.height))
      throw new DomainError('files.logo_not_square', 422, { file: 'files.logo_not_square' });
    const fileId = idFor(ctx, 'file');
    const safeName = (name || `file.${kind.extension}`).replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 120);
    await this.files.put(ctx.tenantId, fileId, bytes, {
      name: safeName,
      contentType: kind.contentType,
      size: bytes.length,
    });
    const data: FileUploaded['data'] = {
      file_id: fileId,
      name: safeName,
      content_type: kind.contentType,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      purpose,
      ...(kind.width && { width: kind.width, height: kind.height }),
    };
    const position = await this.aggregates.create(streamName('file', ctx.tenantId, fileId), ctx, [
      { type: 'FileUploaded', data },
    ]);
    return new Answer({ id: fileId, ...data, url: `/api/merchant/files/${fileId}` }, position, 201);
  }
}

/** `POST files?purpose=image|logo|attachment&name=<file name>` with the file's bytes as the body. */
@Controller('api/merchant/files')
@Realm('merchant')
export class FilesController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post()
  async upload(
    @Auth() auth: AuthContext,
    @Req() req: UploadRequest,
    @Query('purpose') purpose = 'image',
    @Query('name') name = '',
  ) {
    if (!PURPOSES.includes(purpose as Purpose))
      throw new DomainError('errors.invalid_input', 422, { purpose: 'validation.invalid_value' });
    const bytes = await readUpload(req);
    return this.commands.execute(
      new UploadFile(commandContext(auth, req), purpose as Purpose, String(name), bytes),
    );
  }
}
