import { gunzipSync, gzipSync } from 'node:zlib';
import { allProjections } from '@rawnaq/projections';
import { BackupRefused, fromBuffer, importSalonBackup, type Doc } from '@rawnaq/platform';
import {
  bearer,
  MANAGER,
  OWNER,
  RECEPTION,
  startTestApp,
  type TestApp,
} from './testing/test-app.test-support';

jest.setTimeout(180_000);

const binary = (res: NodeJS.ReadableStream, done: (e: Error | null, body: unknown) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/**
 * What is inherently per install: the global position an event got in this store (the audit log's
 * `position`). Everything else of every document must be equal, a complaint's number included (the
 * salon's own count, kept in the event that opened it).
 */
const PER_INSTALL: Record<string, string[]> = { audit_log: ['position'] };

const strip = (collection: string, doc: Doc): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(doc).filter(([k]) => !k.startsWith('_') && !PER_INSTALL[collection]?.includes(k)),
  );

/** Every document of the tenant in every read model (the salon's account by its id). */
const salonDocs = async (t: TestApp, tenantId: string) => {
  const out: Record<string, Array<Record<string, unknown>>> = {};
  for (const p of allProjections)
    for (const c of p.collections) {
      const docs = await t.app.readModels.find(c.name, { filter: { tenantId } });
      const own = c.name === 'accounts' ? [(await t.app.readModels.get('accounts', tenantId))!] : [];
      const all = [...docs, ...own.filter(Boolean)].map((d) => strip(c.name, d));
      all.sort((a, b) => String(a.id).localeCompare(String(b.id)));
      if (all.length) out[c.name] = all;
    }
  return out;
};

const lines = (archive: Buffer) => gunzipSync(archive).toString('utf8').trimEnd().split('\n');

describe('a salon backup', () => {
  let t: TestApp;
  let archive: Buffer;
  /** the salon's read models as of its export */
  let before: Awaited<ReturnType<typeof salonDocs>>;
  beforeAll(async () => {
    t = await startTestApp();
    await t.openOtherSalon();
    const owner = await t.signIn(OWNER);
    const res = await t.http
      .get('/api/merchant/backups/download')
      .set(bearer(owner))
      .buffer(true)
      .parse(binary as never);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/rawnaq-backup-1-\d{4}-\d{2}-\d{2}\.jsonl\.gz/);
    archive = res.body as Buffer;
    await t.app.runner.waitFor(
      allProjections.map((p) => p.name),
      await t.platform.eventStore.headPosition(),
      60_000,
    );
    before = await salonDocs(t, '1');
  });
  afterAll(() => t?.close());

  it('holds the salon events in global order with their schema version, its files and a manifest', async () => {
    const all = lines(archive);
    expect(JSON.parse(all[0])).toEqual({ format: 'rawnaq-backup', version: 1, tenant: '1' });
    const { manifest } = JSON.parse(all.at(-1)!);
    expect(manifest).toMatchObject({ tenant: '1', account_id: 1, product_version: expect.any(String) });
    const events = all.filter((l) => l.startsWith('{"e":')).map((l) => JSON.parse(l).e);
    expect(events.length).toBe(manifest.counts.events);
    expect(events.length).toBeGreaterThan(100);
    // the download itself is recorded, and is in the archive it started
    expect(events.at(-1)).toMatchObject({ type: 'SalonBackupDownloaded', stream: 'backup-1.1' });
    for (const e of events) {
      expect(e.stream).toMatch(/^.+-1\./);
      expect(e.metadata.tenantId).not.toBe('2');
      expect(e.metadata.schemaVersion).toEqual(expect.any(Number));
    }
    // the audit log says who took it, as a security fact
    const entries = await t.app.readModels.find('audit_log', {
      filter: { tenantId: '1', type: 'SalonBackupDownloaded' },
    });
    expect(entries).toEqual([
      expect.objectContaining({ category: 'security', entity_type: 'backup', actor_kind: 'user' }),
    ]);
    // tenant isolation: nothing of the other salon
    expect(all.some((l) => l.includes('Other Spa') || l.includes('otherspa'))).toBe(false);
    expect(manifest.files.length).toBe(all.filter((l) => l.startsWith('{"f":')).length);
  });

  it('is the owner’s and the manager’s only', async () => {
    const reception = await t.signIn(RECEPTION);
    expect((await t.http.get('/api/merchant/backups/download').set(bearer(reception))).status).toBe(403);
    expect((await t.http.get('/api/merchant/backups/download')).status).toBe(401);
    const manager = await t.signIn(MANAGER, 'manager');
    const res = await t.http
      .get('/api/manager/dashboard/download-accounts-backups/2')
      .set(bearer(manager))
      .buffer(true)
      .parse(binary as never);
    expect(res.status).toBe(200);
    const { manifest } = JSON.parse(lines(res.body as Buffer).at(-1)!);
    expect(manifest).toMatchObject({ tenant: '2', name_en: 'Other Spa' });
    // odd account ids: a well-formed 404, never a 500 nor someone's archive
    for (const id of ['999', '0', '-1', 'abc', '1e3', '01 ', '9999999999', "1' OR 1=1", '%00', '1.5']) {
      const odd = await t.http
        .get(`/api/manager/dashboard/download-accounts-backups/${encodeURIComponent(id)}`)
        .set(bearer(manager));
      expect({ id, status: odd.status, message: typeof odd.body.message }).toEqual({
        id,
        status: 404,
        message: 'string',
      });
    }
    // the salon's token is refused on the manager's route, the manager's on the salon's
    const owner = await t.signIn(OWNER);
    expect(
      (await t.http.get('/api/manager/dashboard/download-accounts-backups/1').set(bearer(owner))).status,
    ).toBe(401);
    expect((await t.http.get('/api/merchant/backups/download').set(bearer(manager))).status).toBe(401);
  });

  it('imported into an empty store, rebuilds every read model of the salon as it was', async () => {
    const fresh = await startTestApp({ seedDemo: false });
    try {
      const { position, manifest } = await importSalonBackup(
        fresh.platform.eventStore,
        fresh.platform.fileStore,
        fromBuffer(archive),
      );
      expect(manifest.tenant).toBe('1');
      await fresh.app.runner.waitFor(
        allProjections.map((p) => p.name),
        position,
        60_000,
      );
      const after = await salonDocs(fresh, '1');
      expect(Object.keys(before).length).toBeGreaterThan(30);
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
      for (const name of Object.keys(before))
        expect({ [name]: after[name] }).toEqual({ [name]: before[name] });
      // the files too
      const file = manifest.files[0];
      if (file) expect((await fresh.platform.fileStore.get('1', file.id))?.bytes.length).toBe(file.size);
      // a second import of the same salon is refused
      await expect(
        importSalonBackup(fresh.platform.eventStore, fresh.platform.fileStore, fromBuffer(archive)),
      ).rejects.toMatchObject({ reason: 'tenant_exists' });
    } finally {
      await fresh.close();
    }
  });

  it('refuses a tampered archive and writes nothing', async () => {
    const all = lines(archive);
    const i = all.findIndex((l) => l.includes('"CustomerCreated"') || l.startsWith('{"e":'));
    all[i] = all[i].replace(/"revision":0/, '"revision":0 ').replace(/\}\}$/, ',"x":1}}');
    const tampered = gzipSync(`${all.join('\n')}\n`);
    const fresh = await startTestApp({ seedDemo: false });
    try {
      const head = await fresh.platform.eventStore.headPosition();
      const refusal = await importSalonBackup(
        fresh.platform.eventStore,
        fresh.platform.fileStore,
        fromBuffer(tampered),
      ).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(BackupRefused);
      expect(refusal).toMatchObject({
        reason: 'tampered',
        message: expect.stringMatching(/changed after it was made/),
      });
      expect(await fresh.platform.eventStore.headPosition()).toBe(head);
      // cut short (no manifest): refused as well
      await expect(
        importSalonBackup(
          fresh.platform.eventStore,
          fresh.platform.fileStore,
          fromBuffer(gzipSync(`${all.slice(0, -1).join('\n')}\n`)),
        ),
      ).rejects.toMatchObject({ reason: 'malformed' });
    } finally {
      await fresh.close();
    }
  });
});
