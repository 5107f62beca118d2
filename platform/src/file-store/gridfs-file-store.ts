import { GridFSBucket, type Db } from 'mongodb';
import type { FileMeta, FileStore } from './port';

/** Files in MongoDB GridFS (the scale-out engine), one bucket, named `<tenant>/<id>`. */
export class GridFsFileStore implements FileStore {
  readonly name = 'gridfs';
  private readonly bucket: GridFSBucket;
  constructor(db: Db) {
    this.bucket = new GridFSBucket(db, { bucketName: 'files' });
  }

  async put(tenantId: string, id: string, bytes: Buffer, meta: FileMeta): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      const upload = this.bucket.openUploadStream(`${tenantId}/${id}`, { metadata: { tenantId, ...meta } });
      upload.once('error', reject).once('finish', () => resolve());
      upload.end(bytes);
    });
  }

  async get(tenantId: string, id: string): Promise<{ bytes: Buffer; meta: FileMeta } | undefined> {
    const [file] = await this.bucket
      .find({ filename: `${tenantId}/${id}` })
      .sort({ uploadDate: -1 })
      .limit(1)
      .toArray();
    if (!file) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of this.bucket.openDownloadStream(file._id)) chunks.push(chunk as Buffer);
    const m = file.metadata as FileMeta & { tenantId: string };
    return { bytes: Buffer.concat(chunks), meta: { name: m.name, contentType: m.contentType, size: m.size } };
  }

  async close(): Promise<void> {}
}
