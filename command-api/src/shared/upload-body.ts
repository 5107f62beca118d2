import type { Readable } from 'node:stream';
import { DomainError } from '@rawnaq/contracts';
import { header, MAX_UPLOAD_BYTES } from '@rawnaq/platform';

export type UploadRequest = Readable & {
  headers: Record<string, string | string[] | undefined>;
  /** set by express's body parsers when they consumed the body */
  _body?: boolean;
};

/** Types the JSON and form parsers take: their body is gone before the route runs. */
const PARSED_TYPES = /^\s*(application\/([\w.+-]*\+)?json|application\/x-www-form-urlencoded)\s*(;|$)/i;

/**
 * Reads a file sent as the raw body (an upload, an Excel sheet), refusing more than 5 MB without
 * buffering the rest. A JSON or form body is refused with 415 before anything is read: the body
 * parser has already consumed that stream, so waiting for its `end` would never answer. A client
 * that goes away mid-upload ends the wait too.
 */
export const readUpload = (req: UploadRequest): Promise<Buffer> => {
  if (req._body || PARSED_TYPES.test(header(req as never, 'content-type') ?? '') || req.readableEnded)
    return Promise.reject(
      new DomainError('errors.unsupported_media_type', 415, { file: 'errors.unsupported_media_type' }),
    );
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_UPLOAD_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        reject(new DomainError('files.too_large', 422, { file: 'files.too_large' }, { max: '5 MB' }));
        return;
      }
      chunks.push(chunk);
    });
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
    req.once('close', () =>
      reject(new DomainError('errors.invalid_input', 400, { file: 'validation.is_required' })),
    );
  });
};
