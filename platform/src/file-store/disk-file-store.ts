import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileMeta, FileStore } from './port';

const SAFE = /^[A-Za-z0-9-]+$/;

/** Files on disk under `<dir>/<tenant>/<id>`, written to a temporary name first so a crash leaves no half file. */
export class DiskFileStore implements FileStore {
  readonly name = 'disk';
  constructor(private readonly dir: string) {}

  private path(tenantId: string, id: string) {
    if (!SAFE.test(tenantId) || !SAFE.test(id)) throw new Error('Invalid file id');
    return join(this.dir, tenantId, id);
  }

  async put(tenantId: string, id: string, bytes: Buffer, meta: FileMeta): Promise<void> {
    const path = this.path(tenantId, id);
    await mkdir(join(this.dir, tenantId), { recursive: true });
    await writeFile(`${path}.tmp`, bytes);
    await writeFile(`${path}.json`, JSON.stringify(meta));
    await rename(`${path}.tmp`, path);
  }

  async get(tenantId: string, id: string): Promise<{ bytes: Buffer; meta: FileMeta } | undefined> {
    const path = this.path(tenantId, id);
    try {
      const [bytes, meta] = await Promise.all([readFile(path), readFile(`${path}.json`, 'utf8')]);
      return { bytes, meta: JSON.parse(meta) as FileMeta };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async close(): Promise<void> {}
}
