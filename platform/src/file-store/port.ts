/** What is stored beside a file's bytes. */
export type FileMeta = { name: string; contentType: string; size: number };

/**
 * Uploaded files (images, videos, PDFs): bytes are not events. The event log records that a file was
 * uploaded and its checksum; the bytes live here, on disk (embedded) or in MongoDB GridFS (scale-out).
 */
export interface FileStore {
  readonly name: string;
  put(tenantId: string, id: string, bytes: Buffer, meta: FileMeta): Promise<void>;
  get(tenantId: string, id: string): Promise<{ bytes: Buffer; meta: FileMeta } | undefined>;
  close(): Promise<void>;
}
