/**
 * npm run backup:import -- <rawnaq-backup-<account>-<date>.jsonl.gz>
 *
 * Takes a salon's backup (GET /api/merchant/backups/download, or the manager's
 * dashboard/download-accounts-backups/:accountId) into this install's stores (DATA_DIR...): checks the
 * archive whole against its manifest's hashes, refuses a salon that already exists here, appends its
 * events as they were recorded and restores its files, then brings every projection up to date, so
 * the salon's screens and reports are as they were where it was exported. Run it with the server
 * stopped: the side effects (mail, WhatsApp) are moved past the imported events so none runs again.
 */
import { createReadStream } from 'node:fs';
import {
  BackupRefused,
  configFromEnv,
  importSalonBackup,
  openPlatform,
  silentLogger,
} from '@rawnaq/platform';
import { allProjections } from '../catalog';
import { comparePositions } from '@rawnaq/contracts';
import { ProjectionRunner, REACTOR_PREFIX } from '../runner/projection-runner';

const main = async () => {
  const [file] = process.argv.slice(2).filter((a) => a !== '--');
  if (!file) {
    process.stderr.write('usage: npm run backup:import -- <backup.jsonl.gz>\n');
    process.exit(2);
  }
  const platform = await openPlatform(configFromEnv(), { logger: silentLogger });
  try {
    const started = Date.now();
    const { manifest, position } = await importSalonBackup(platform.eventStore, platform.fileStore, () =>
      createReadStream(file),
    );
    process.stdout.write(
      `salon ${manifest.tenant} (${manifest.name_en ?? ''}): ${manifest.counts.events.toLocaleString('en-US')} events, ${manifest.counts.files} files imported in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
    // the salon's history must not send its messages again: the side effects (reactors) skip it
    for (const r of await platform.readStore.projections())
      if (r.name.startsWith(REACTOR_PREFIX) && comparePositions(r.position, position) < 0)
        await platform.readStore.putProjection({ ...r, position, updatedAt: new Date().toISOString() });
    const runner = new ProjectionRunner({ ...platform, projections: allProjections, logger: silentLogger });
    await runner.start();
    await runner.waitFor(
      allProjections.map((p) => p.name),
      position,
      24 * 3600_000,
    );
    await runner.stop();
    process.stdout.write('read models up to date\n');
  } catch (error) {
    if (error instanceof BackupRefused) {
      process.stderr.write(`refused: ${error.message}\n`);
      process.exitCode = 1;
    } else throw error;
  } finally {
    await platform.close();
  }
};

void main();
